//! A US-stock order as the API shows it: decimal strings, the R4.01 status with the US word of
//! R4.02, the R4.03 exchange state, the R4.05 numeric state and the latest amend request (R4.04).

use domain::orders::{
    AmendRejection, AmendStatus, Bucket, ExchangeState, OrderKind, OrderStatus, ProtectiveKind, Side, TimeInForce,
    TradingHours, UsOrderReason, UsStockStatusWord,
};
use serde::Serialize;
use utoipa::ToSchema;

use super::repo::{AmendRow, UsOrderRow};
use super::units::{average_price, price_text, shares, usd_text};
use crate::features::orders::state::numeric_state;

/// One US-stock order.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UsOrderView {
    /// Order id.
    pub order_id: String,
    /// Ticker.
    pub stock_id: String,
    /// `PALN`, `LEVERAGE` or `INTRADAY` (R3.10).
    pub bucket: Bucket,
    /// 1, 2 or 4.
    pub leverage: u8,
    /// `BUY` or `SELL`.
    pub side: Side,
    /// 1 for buy, -1 for sell (R4.06).
    pub side_code: i8,
    /// `MARKET`, `LIMIT`, `STOP`, `STOP_LIMIT` or `TRAILING_STOP`.
    pub order_type: OrderKind,
    /// LIMIT 1, MARKET 2, STOP 3, STOP_LIMIT 4 (R4.07); a trailing stop shows as a stop.
    pub order_type_code: Option<u8>,
    /// For an OCO leg or bracket exit: `TAKE_PROFIT` or `STOP_LOSS`; `TRAILING_STOP` for a
    /// trailing stop (R4.10).
    pub order_sub_type: Option<ProtectiveKind>,
    /// The OCO pair the leg belongs to.
    pub oco_group: Option<String>,
    /// `GOOD_TILL_CANCEL` or `GOOD_TILL_MARKET_CLOSE` (R4.09).
    pub time_in_force: TimeInForce,
    /// `REGULAR_HOURS`, `INCLUDE_EXTENDED_HOURS` or `INTRADAY` (R4.09).
    pub trading_hours: TradingHours,
    /// Shares ordered; absent for a buy by amount (R4.17).
    pub quantity: Option<String>,
    /// Dollars a buy by amount spends before fees (R4.17).
    pub amount: Option<String>,
    /// Limit price, dollars.
    pub unit_price: Option<String>,
    /// Trigger price, dollars (for a trailing stop: where it stands now).
    pub stop_price: Option<String>,
    /// Trailing distance in dollars.
    pub trail_amount: Option<String>,
    /// Trailing distance in percent.
    pub trail_percent: Option<String>,
    /// Take-profit of a buy's bracket exit.
    pub take_profit: Option<String>,
    /// Stop-loss of a buy's bracket exit.
    pub stop_loss: Option<String>,
    /// Shares executed.
    pub filled_quantity: String,
    /// Dollars executed, before fee and tax.
    pub filled_amount: String,
    /// Average execution price.
    pub average_price: Option<String>,
    /// Commission, dollars.
    pub fee: String,
    /// Regulatory fees, dollars.
    pub tax: String,
    /// PENDING, PARTIALLY_FILLED, SUCCESS, CANCELLED or FAILED (R4.01).
    pub status: OrderStatus,
    /// working, filled, canceled or rejected (R4.02).
    pub status_word: UsStockStatusWord,
    /// Numeric state (R4.05).
    pub state: u8,
    /// Where the order stands with the exchange (R4.03).
    pub exchange_state: ExchangeState,
    /// Still working.
    pub is_open: bool,
    /// A stop whose trigger was reached.
    pub triggered: bool,
    /// Why it ended without filling completely, or why the server placed it.
    pub reason: Option<UsOrderReason>,
    /// Placed by the server: intraday close, liquidation.
    pub system: bool,
    /// The newest amend request.
    pub amend_request: Option<AmendRequestView>,
    /// Unix ms.
    pub created_at_ms: i64,
    /// Unix ms.
    pub updated_at_ms: i64,
}

/// An amend request (R4.04): the order changes only when the exchange accepts it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AmendRequestView {
    /// Request id.
    pub id: String,
    /// The order.
    pub order_id: String,
    /// pending, accepted, rejected, failed, amend_requested or success (R4.04).
    pub status: AmendStatus,
    /// R4.03 state.
    pub exchange_state: ExchangeState,
    /// New quantity.
    pub quantity: Option<String>,
    /// New limit price.
    pub unit_price: Option<String>,
    /// New stop price.
    pub stop_price: Option<String>,
    /// Why the exchange rejected it.
    pub reason: Option<AmendRejection>,
    /// Unix ms.
    pub created_at_ms: i64,
    /// Unix ms.
    pub updated_at_ms: i64,
}

impl AmendRequestView {
    /// The API view of a stored amend request.
    pub fn of(row: &AmendRow) -> Self {
        Self {
            id: row.id.clone(),
            order_id: row.order_id.clone(),
            status: AmendStatus::from(row.exchange_state),
            exchange_state: row.exchange_state,
            quantity: row.quantity.map(|q| shares(q).to_string()),
            unit_price: row.limit_price.map(price_text),
            stop_price: row.stop_price.map(price_text),
            reason: row.reason,
            created_at_ms: row.created_at_ms,
            updated_at_ms: row.updated_at_ms,
        }
    }
}

impl UsOrderView {
    /// The API view of a stored order and its newest amend request.
    pub fn of(row: &UsOrderRow, amend: Option<&AmendRow>) -> Self {
        let status = row.status;
        let bucket: Bucket = row.bucket.parse().unwrap_or(Bucket::Paln);
        let side = row.side;
        let average_price = (row.filled_quantity > 0)
            .then(|| average_price(row.filled_value, row.filled_quantity).unwrap_or_default().normalize().to_string());
        Self {
            order_id: row.id.clone(),
            stock_id: row.stock_id.clone(),
            bucket,
            leverage: bucket.leverage().multiplier(),
            side,
            side_code: side.code(),
            order_type: row.order_type,
            order_type_code: row.order_type.order_type().code(),
            order_sub_type: row
                .oco_leg
                .or_else(|| (row.order_type == OrderKind::TrailingStop).then_some(ProtectiveKind::TrailingStop)),
            oco_group: row.oco_group.clone(),
            time_in_force: row.time_in_force,
            trading_hours: row.trading_hours,
            quantity: row.quantity.map(|q| shares(q).to_string()),
            amount: row.amount.map(usd_text),
            unit_price: row.limit_price.map(price_text),
            stop_price: row.stop_price.map(price_text).or_else(|| {
                let percent = row.trail_percent.as_deref().and_then(|p| p.parse().ok());
                row.trail_watermark
                    .map(|m| price_text(super::rules::trailing_stop_price(side, m, row.trail_amount, percent)))
            }),
            trail_amount: row.trail_amount.map(price_text),
            trail_percent: row.trail_percent.clone(),
            take_profit: row.take_profit.map(price_text),
            stop_loss: row.stop_loss.map(price_text),
            filled_quantity: shares(row.filled_quantity).to_string(),
            filled_amount: usd_text(row.filled_value),
            average_price,
            fee: usd_text(row.fee),
            tax: usd_text(row.tax),
            status,
            status_word: status.us_stock_word(),
            state: numeric_state(status, row.is_open).code(),
            exchange_state: row.exchange_state,
            is_open: row.is_open,
            triggered: row.triggered,
            reason: row.reason,
            system: row.system,
            amend_request: amend.map(AmendRequestView::of),
            created_at_ms: row.created_at_ms,
            updated_at_ms: row.updated_at_ms,
        }
    }
}
