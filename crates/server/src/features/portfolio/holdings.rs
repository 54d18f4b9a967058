//! Crypto holdings from the user's trades and the live book.

use domain::format;
use domain::money::MinorUnits;
use domain::AssetType;
use std::collections::BTreeMap;

use axum::extract::State;
use rust_decimal::Decimal;
use serde::Serialize;
use utoipa::ToSchema;

use crate::api::auth::AuthUser;
use crate::api::{ApiResult, Data};
use crate::features::trading::repo::{trades_of_user, TradeRow};
use crate::state::AppState;

/// Quantity and cost basis of one pair, replayed from trades.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Position {
    /// Quantity units held.
    pub quantity: i64,
    /// What they cost, sen, fees and tax included.
    pub cost: i64,
    /// Profit realised by sales, sen (may be negative).
    pub realised: i64,
}

impl Position {
    /// Applies one trade: buys add to the cost basis, sales realise against the average cost.
    pub fn apply(&mut self, trade: &TradeRow) {
        if trade.side == domain::Side::Buy {
            self.quantity += trade.quantity;
            self.cost += trade.value + trade.fee + trade.tax;
        } else {
            let sold = trade.quantity.min(self.quantity);
            let removed = if self.quantity > 0 {
                i64::try_from(i128::from(self.cost) * i128::from(sold) / i128::from(self.quantity)).unwrap_or(self.cost)
            } else {
                0
            };
            self.realised += trade.value - trade.fee - trade.tax - removed;
            self.cost -= removed;
            self.quantity -= sold;
        }
    }
}

/// One crypto holding (portfolio spot tab).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssetHolding {
    /// Pair, e.g. `BTC-IDR`.
    pub symbol: String,
    /// The coin.
    pub asset: String,
    /// `CRYPTO` (R4.11).
    pub asset_type: AssetType,
    /// Coins held.
    pub quantity: String,
    /// Average cost per coin, fees included, rupiah.
    pub average_price: Option<String>,
    /// What the holding cost, rupiah.
    pub invested_amount: String,
    /// The price it could be sold at now (best bid, else last trade).
    pub current_price: Option<String>,
    /// Quantity × current price, rupiah.
    pub current_value: Option<String>,
    /// Current value minus cost, rupiah.
    pub unrealised_profit: Option<String>,
    /// Unrealised profit in percent of the cost, 2 decimals.
    pub unrealised_profit_percentage: Option<String>,
    /// Profit realised by sales so far, rupiah.
    pub realised_profit: String,
}

/// The caller's crypto holdings at live prices, with average cost and profit.
#[utoipa::path(get, path = "/v1/portfolio/asset-holdings", tag = "portfolio", security(("bearer" = [])),
    responses((status = 200, body = Data<Vec<AssetHolding>>), (status = 401, body = crate::api::ErrorBody)))]
pub async fn asset_holdings(State(state): State<AppState>, caller: AuthUser) -> ApiResult<Data<Vec<AssetHolding>>> {
    let mut positions: BTreeMap<String, Position> = BTreeMap::new();
    for trade in trades_of_user(&state.db, &caller.user_id).await? {
        positions.entry(trade.symbol.clone()).or_default().apply(&trade);
    }
    let mut holdings = Vec::new();
    for (symbol, position) in positions {
        let Some(pair) = state.trading.pair(&symbol) else { continue };
        if position.quantity == 0 && position.realised == 0 {
            continue;
        }
        let spec = &pair.spec;
        let view = pair.view();
        let price = view.bids.first().map(|l| l.price).or(view.last_price);
        let value = price.map(|p| spec.value_sen(p, position.quantity)).transpose()?;
        let unrealised = value.map(|v| v - position.cost);
        let quantity = spec.quantity(position.quantity);
        holdings.push(AssetHolding {
            symbol: symbol.clone(),
            asset: spec.base.clone(),
            asset_type: AssetType::Crypto,
            quantity: quantity.to_string(),
            average_price: (position.quantity > 0).then(|| {
                let average = domain::amounts::average_price(MinorUnits::idr(position.cost).to_decimal(), quantity, 2);
                average.unwrap_or_default().normalize().to_string()
            }),
            invested_amount: MinorUnits::idr(position.cost).to_string(),
            current_price: price.map(|p| spec.price(p).to_string()),
            current_value: value.map(|v| MinorUnits::idr(v).to_string()),
            unrealised_profit: unrealised.map(|v| MinorUnits::idr(v).to_string()),
            unrealised_profit_percentage: unrealised.filter(|_| position.cost > 0).map(|u| {
                format::percent(Decimal::from(u) * Decimal::ONE_HUNDRED / Decimal::from(position.cost)).to_string()
            }),
            realised_profit: MinorUnits::idr(position.realised).to_string(),
        });
    }
    Ok(Data::new(holdings))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trade(side: &str, quantity: i64, value: i64, fee: i64) -> TradeRow {
        TradeRow {
            order_id: 1,
            user_id: "u".into(),
            symbol: "BTC-IDR".into(),
            side: side.parse().unwrap_or(domain::Side::Buy),
            price: 0,
            quantity,
            value,
            fee,
            tax: 0,
            maker: false,
        }
    }

    #[test]
    fn a_sale_realises_against_the_average_cost_fees_included() {
        let mut p = Position::default();
        p.apply(&trade("BUY", 10, 1_000, 10));
        p.apply(&trade("BUY", 10, 3_000, 30));
        assert_eq!((p.quantity, p.cost), (20, 4_040));
        p.apply(&trade("SELL", 5, 2_000, 20));
        // Five of twenty coins carry a quarter of the cost: 1,010; proceeds 1,980.
        assert_eq!((p.quantity, p.cost, p.realised), (15, 3_030, 970));
    }
}
