//! Order-book depth as shown (R3.04, R5.08): from the liquidity providers' simulated quotes, or from
//! the engine book that owns a crypto pair (providers' quotes and users' orders together).

use domain::depth::{BookSymbol, OrderBookDepth, PriceLevel};
use market::{AssetClass, QuoteSide};

use super::errors::{from_market, unknown_symbol, unsupported};
use super::service::Markets;
use crate::api::ApiError;
use crate::features::trading::owner::PairView;
use crate::features::trading::pair::PairSpec;

/// The depth view of a crypto pair or perp at the simulator's now (blocking).
pub fn order_book(markets: &Markets, symbol: &str) -> Result<OrderBookDepth, ApiError> {
    let asset = markets.asset(symbol).ok_or_else(|| unknown_symbol(symbol))?;
    let book_symbol = match asset.class {
        AssetClass::Crypto => BookSymbol::Crypto(info_text(&asset.info, "shortName")),
        AssetClass::Perp => BookSymbol::Perp(info_text(&asset.info, "fps")),
        _ => return Err(unsupported(format!("{symbol} has no order book"))),
    };
    let sim = markets.sim();
    let now = sim.now();
    let price = sim.price_at(symbol, now).map_err(from_market)?;
    let quotes = sim.quotes(symbol, price, now).map_err(from_market)?;
    let level = |q: &market::Quote| PriceLevel { price: q.price, quantity: q.quantity };
    let bids: Vec<PriceLevel> = quotes.iter().filter(|q| q.side == QuoteSide::Bid).map(level).collect();
    let asks: Vec<PriceLevel> = quotes.iter().filter(|q| q.side == QuoteSide::Ask).map(level).collect();
    Ok(OrderBookDepth::from_levels(book_symbol, &bids, &asks))
}

fn info_text(info: &serde_json::Value, key: &str) -> String {
    info.get(key).and_then(|v| v.as_str()).unwrap_or_default().to_owned()
}

/// The depth of a crypto pair from its engine book: providers' quotes and users' orders together.
pub fn engine_book(spec: &PairSpec, view: &PairView, info: &serde_json::Value) -> OrderBookDepth {
    let level = |l: &engine::LevelView| PriceLevel { price: spec.price(l.price), quantity: spec.quantity(l.qty) };
    let bids: Vec<PriceLevel> = view.bids.iter().map(level).collect();
    let asks: Vec<PriceLevel> = view.asks.iter().map(level).collect();
    OrderBookDepth::from_levels(BookSymbol::Crypto(info_text(info, "shortName")), &bids, &asks)
}
