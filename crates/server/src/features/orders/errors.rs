//! Order failures of every class, with stable codes and messages in both languages. Every one of
//! them leaves balances, holds and books as they were.

use axum::http::StatusCode;

use crate::api::{ApiError, Msg};

/// Why an order command was refused or failed.
#[derive(Debug, Clone, thiserror::Error)]
pub enum TradeError {
    /// Not enough free rupiah or coins for the hold.
    #[error("insufficient balance")]
    InsufficientBalance,
    /// The order's value is below the minimum.
    #[error("below the minimum order value")]
    BelowMinimum,
    /// Nothing on the other side of the book to trade against.
    #[error("no liquidity")]
    NoLiquidity,
    /// No such order of this user (foreign ids look the same as unknown ones).
    #[error("order not found")]
    OrderNotFound,
    /// The order is no longer open.
    #[error("order not open")]
    OrderNotOpen,
    /// The user already has as many open orders as the class allows (the most, given).
    #[error("too many open orders (at most {0})")]
    TooManyOpenOrders(u32),
    /// The engine refused the command.
    #[error("rejected: {0}")]
    Rejected(String),
    /// The pair's book is being rebuilt after a failure; nothing was done.
    #[error("pair halted: {0}")]
    PairHalted(String),
    /// The pair's owner is gone or the database failed.
    #[error("internal: {0}")]
    Internal(String),
}

const INSUFFICIENT: Msg = Msg::fixed("Saldo Anda tidak mencukupi.", "Your balance is not sufficient.");
const BELOW_MINIMUM: Msg = Msg::fixed("Nilai order di bawah minimum.", "The order value is below the minimum.");
const NO_LIQUIDITY: Msg =
    Msg::fixed("Tidak ada likuiditas untuk order ini saat ini.", "There is no liquidity for this order right now.");
const ORDER_NOT_FOUND: Msg = Msg::fixed("Order tidak ditemukan.", "Order not found.");
const ORDER_NOT_OPEN: Msg = Msg::fixed("Order sudah tidak aktif.", "The order is no longer open.");
const REJECTED: Msg = Msg::fixed("Order ditolak.", "The order was rejected.");
const PAIR_HALTED: Msg = Msg::fixed(
    "Perdagangan aset ini sedang dipulihkan sebentar. Order Anda tidak diproses; coba lagi sesaat lagi.",
    "Trading in this asset is recovering for a moment. Your order was not processed; please try again shortly.",
);
/// A value the order cannot have (zero, negative, beyond precision, wrong type).
pub const INVALID_ORDER: Msg = Msg::fixed("Order tidak valid.", "The order is not valid.");
/// Both sides closed (R4.13 has the full text in the flags).
pub const HALTED: Msg = Msg::fixed(
    "Pembelian dan penjualan aset ini untuk sementara tidak tersedia.",
    "Buying and selling this asset is temporarily unavailable.",
);
/// One side closed for this mode.
pub const SIDE_DISABLED: Msg =
    Msg::fixed("Transaksi ini sedang tidak tersedia untuk aset ini.", "This side is not available for this asset now.");

/// Every class answers its open-order limit with the same words, naming the limit.
fn too_many_open_orders(max: u32) -> Msg {
    Msg::owned(
        format!(
            "Anda sudah memiliki {max} order aktif, batas maksimumnya. Batalkan salah satu untuk memasang order baru."
        ),
        format!("You already have {max} open orders, the most allowed. Cancel one to place another."),
    )
}

impl TradeError {
    /// As an API error.
    pub fn into_api(self) -> ApiError {
        let bad = StatusCode::BAD_REQUEST;
        match self {
            TradeError::InsufficientBalance => ApiError::new(bad, "insufficient_balance", INSUFFICIENT),
            TradeError::BelowMinimum => ApiError::new(bad, "below_minimum", BELOW_MINIMUM),
            TradeError::NoLiquidity => ApiError::new(bad, "no_liquidity", NO_LIQUIDITY),
            TradeError::OrderNotFound => ApiError::new(StatusCode::NOT_FOUND, "order_not_found", ORDER_NOT_FOUND),
            TradeError::OrderNotOpen => ApiError::new(bad, "order_not_open", ORDER_NOT_OPEN),
            TradeError::TooManyOpenOrders(max) => ApiError::new(bad, "too_many_open_orders", too_many_open_orders(max)),
            TradeError::Rejected(why) => ApiError::new(bad, "order_rejected", REJECTED).with_detail(why),
            TradeError::PairHalted(_) => {
                ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "pair_halted", PAIR_HALTED).with_retry_after(5)
            }
            TradeError::Internal(why) => ApiError::internal(why),
        }
    }
}

impl From<TradeError> for ApiError {
    fn from(error: TradeError) -> Self {
        error.into_api()
    }
}

const UNKNOWN_PAIR: Msg = Msg::fixed("Aset tidak ditemukan.", "No such asset.");

/// 404 `unknown_symbol`: not a tradable asset of the class.
pub fn unknown_pair(symbol: &str) -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "unknown_symbol", UNKNOWN_PAIR)
        .with_detail(symbol.chars().take(40).collect::<String>())
}

/// 409 `request_in_progress`: a repeat of a placement's request id whose first order has not
/// committed yet (the classes that keep their answer with the order claim no key beforehand).
pub fn request_in_progress() -> ApiError {
    ApiError::new(StatusCode::CONFLICT, "request_in_progress", crate::api::error::messages::REQUEST_IN_PROGRESS)
}

/// 400 `invalid_order` saying which field is wrong.
pub fn invalid_order(detail: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, "invalid_order", INVALID_ORDER).with_detail(detail)
}

impl From<sqlx::Error> for TradeError {
    fn from(error: sqlx::Error) -> Self {
        TradeError::Internal(error.to_string())
    }
}

impl From<store::StoreError> for TradeError {
    fn from(error: store::StoreError) -> Self {
        TradeError::Internal(error.to_string())
    }
}

impl From<store::ledger::LedgerError> for TradeError {
    fn from(error: store::ledger::LedgerError) -> Self {
        match error {
            store::ledger::LedgerError::InsufficientFunds(_) => TradeError::InsufficientBalance,
            other => TradeError::Internal(other.to_string()),
        }
    }
}

/// A value too large to count: no real order gets here; it is refused rather than capped.
impl From<domain::MoneyError> for TradeError {
    fn from(error: domain::MoneyError) -> Self {
        TradeError::Rejected(format!("order value: {error}"))
    }
}
