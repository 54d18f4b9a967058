//! A perpetual's order book as shown (R3.04, R5.08): the liquidity providers' quotes at the venue's
//! prices (a sandbox price path included) and the users' resting orders together, which is what a
//! taking order meets.

use domain::depth::{BookSymbol, OrderBookDepth, PriceLevel};
use domain::orders::Side;
use rust_decimal::Decimal;
use store::Db;

use super::errors::PerpError;
use super::repo;
use super::service::PerpService;
use super::venue::Level;
use crate::features::orders::errors::TradeError;

/// The shown book of `symbol` now; `None` when it is no perpetual. `pair` names it (`BTCUSDT`).
pub async fn depth(
    db: &Db,
    svc: &PerpService,
    now: chrono::DateTime<chrono::Utc>,
    symbol: &str,
) -> Result<Option<OrderBookDepth>, PerpError> {
    let Some(inst) = svc.instrument(symbol) else { return Ok(None) };
    let quote = svc.venue.quote(inst, now).ok_or(TradeError::NoLiquidity)?;
    let (price_scale, lots_scale) = (inst.contract.price_scale, inst.contract.quantity_scale);
    let level = |l: &Level| PriceLevel {
        price: Decimal::new(l.price, price_scale),
        quantity: Decimal::new(l.lots, lots_scale),
    };
    let mut bids: Vec<PriceLevel> = quote.bids.iter().map(level).collect();
    let mut asks: Vec<PriceLevel> = quote.asks.iter().map(level).collect();
    for resting in repo::resting_levels(db, symbol).await? {
        let shown = level(&Level { price: resting.price, lots: resting.lots });
        match resting.side {
            Side::Buy => bids.push(shown),
            Side::Sell => asks.push(shown),
        }
    }
    Ok(Some(OrderBookDepth::from_levels(BookSymbol::Perp(inst.pair.clone()), &bids, &asks)))
}
