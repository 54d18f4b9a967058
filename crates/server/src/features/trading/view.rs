//! An order as the API shows it: decimal strings, the R4.01 status and its display word, the
//! R4.05 numeric state, the R4.06 side code, the R4.07 type code and the R4.08 fill mode.

use domain::money::MinorUnits;
use domain::orders::{CryptoCancelReason, FillMode, OrderKind, OrderStatus, OrderStatusWord, ProtectiveKind, Side};
use rust_decimal::Decimal;
use serde::Serialize;
use utoipa::ToSchema;

use super::pair::PairSpec;
use super::repo::OrderRow;
use crate::features::orders::state::numeric_state;

/// One crypto order.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderView {
    /// Order id.
    pub order_id: String,
    /// Pair, e.g. `BTC-IDR`.
    pub symbol: String,
    /// `BUY` or `SELL` (R4.06).
    pub side: Side,
    /// 1 for buy, -1 for sell (R4.06).
    pub side_code: i8,
    /// `MARKET`, `LIMIT`, `STOP` or `STOP_LIMIT` (R4.07), or `TRAILING_STOP` (R4.10).
    pub order_type: OrderKind,
    /// LIMIT 1, MARKET 2, STOP 3, STOP_LIMIT 4 (R4.07).
    pub order_type_code: Option<u8>,
    /// For an OCO leg: `TAKE_PROFIT` (shown as a limit) or `STOP_LOSS` (shown as a stop), R4.07.
    pub oco_leg: Option<ProtectiveKind>,
    /// The other OCO leg.
    pub oco_sibling_id: Option<String>,
    /// `FILL_BY_QUANTITY` or `FILL_BY_AMOUNT` (R4.08).
    pub fill_mode: FillMode,
    /// Ordered quantity; absent for a buy by amount (R4.17).
    pub quantity: Option<String>,
    /// Rupiah a buy by amount may spend, fees included; absent for quantity orders (R4.17).
    pub amount: Option<String>,
    /// Limit price.
    pub limit_price: Option<String>,
    /// Trigger price (a trailing stop's moves with the highest bid).
    pub stop_price: Option<String>,
    /// A trailing stop's distance in rupiah.
    pub trail_amount: Option<String>,
    /// A trailing stop's distance in percent.
    pub trail_percent: Option<String>,
    /// `TRAILING_STOP` for a trailing stop (R4.10).
    pub order_sub_type: Option<ProtectiveKind>,
    /// Executed quantity.
    pub filled_quantity: String,
    /// Executed value in rupiah, before fee and tax.
    pub filled_amount: String,
    /// Average execution price.
    pub average_price: Option<String>,
    /// Transaction fee charged, rupiah.
    pub fee: String,
    /// Tax charged, rupiah.
    pub tax: String,
    /// The part of what the buy cost (value, fee and tax) paid from voucher credit, rupiah.
    pub voucher_paid: String,
    /// PENDING, PARTIALLY_FILLED, SUCCESS, CANCELLED or FAILED (R4.01).
    pub status: OrderStatus,
    /// placed, executed, cancelled or failed (R4.01).
    pub status_word: OrderStatusWord,
    /// Numeric state (R4.05).
    pub state: u8,
    /// Still in the book or waiting for its trigger.
    pub is_open: bool,
    /// A stop whose trigger was reached.
    pub triggered: bool,
    /// Why the rest was cancelled, when it was.
    pub cancel_reason: Option<CryptoCancelReason>,
    /// Unix ms.
    pub created_at_ms: i64,
    /// Unix ms.
    pub updated_at_ms: i64,
}

impl OrderView {
    /// The API view of a stored order.
    pub fn of(row: &OrderRow, spec: &PairSpec) -> Self {
        let status = row.status;
        // A trailing stop has the code of a stop (R4.07) and its sub-type (R4.10).
        let trailing = row.order_type == OrderKind::TrailingStop;
        let state = numeric_state(status, row.is_open);
        let fill_mode = if row.input_type == "AMOUNT" { FillMode::FillByAmount } else { FillMode::FillByQuantity };
        let average_price = (row.filled_quantity > 0).then(|| {
            let quantity = spec.quantity(row.filled_quantity);
            let value = Decimal::new(row.filled_value, 2);
            domain::amounts::average_price(value, quantity, spec.price_scale)
                .unwrap_or_default()
                .normalize()
                .to_string()
        });
        Self {
            order_id: row.id.to_string(),
            symbol: row.symbol.clone(),
            side: row.side,
            side_code: row.side.code(),
            order_type: row.order_type,
            order_type_code: row.order_type.order_type().code(),
            oco_leg: row.oco_leg,
            oco_sibling_id: row.oco_sibling.map(|s| s.to_string()),
            fill_mode,
            quantity: row.quantity.map(|q| spec.quantity(q).to_string()),
            amount: row.amount.map(|v| MinorUnits::idr(v).to_string()),
            limit_price: row.limit_price.map(|p| spec.price(p).to_string()),
            stop_price: row.stop_price.map(|p| spec.price(p).to_string()),
            trail_amount: row.trail_amount.map(|p| spec.price(p).to_string()),
            trail_percent: row.trail_percent.clone(),
            order_sub_type: trailing.then_some(ProtectiveKind::TrailingStop),
            filled_quantity: spec.quantity(row.filled_quantity).to_string(),
            filled_amount: MinorUnits::idr(row.filled_value).to_string(),
            average_price,
            fee: MinorUnits::idr(row.fee).to_string(),
            tax: MinorUnits::idr(row.tax).to_string(),
            voucher_paid: MinorUnits::idr(row.voucher_paid).to_string(),
            status,
            status_word: status.word(),
            state: state.code(),
            is_open: row.is_open,
            triggered: row.triggered,
            cancel_reason: row.cancel_reason,
            created_at_ms: row.created_at_ms,
            updated_at_ms: row.updated_at_ms,
        }
    }
}
