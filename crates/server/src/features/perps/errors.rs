//! Why a perpetuals command was refused, with stable codes and messages in both languages. Every
//! refusal leaves balances, holds and positions as they were.

use axum::http::StatusCode;

use crate::api::{ApiError, Msg};
use crate::features::orders::errors::TradeError;

/// A perpetuals refusal or failure.
#[derive(Debug, Clone, thiserror::Error)]
pub enum PerpError {
    /// The margin wallet cannot carry the order's initial margin and fee.
    #[error("insufficient margin")]
    InsufficientMargin,
    /// A reduce-only order would open or add to a position.
    #[error("reduce-only would increase")]
    ReduceOnlyWouldIncrease,
    /// Nothing to close or reduce.
    #[error("no position")]
    NoPosition,
    /// Leverage outside 1 to the instrument's ceiling.
    #[error("leverage out of range")]
    LeverageOutOfRange(u32),
    /// The position would be larger than its tier allows at this leverage.
    #[error("position too large for the leverage")]
    PositionTooLarge,
    /// Changing leverage now would leave the position without its initial margin.
    #[error("leverage change needs more margin")]
    LeverageNeedsMargin,
    /// The same request id placed an order that is still being committed (a repeat that raced it).
    #[error("request in progress")]
    RequestInProgress,
    /// A placement taking its locks [`super::locks::Locking::UserWithBook`] found a user it
    /// must lock before its own held by another step; it runs again `InOrder`, never answered so.
    #[error("a lock to take before the user's is held")]
    LocksBusy,
    /// The common order failures.
    #[error(transparent)]
    Trade(#[from] TradeError),
}

const INSUFFICIENT_MARGIN: Msg = Msg::fixed(
    "Margin yang tersedia tidak cukup untuk order ini (margin awal dan biaya).",
    "Your available margin does not cover this order (initial margin and fee).",
);
const REDUCE_ONLY: Msg = Msg::fixed(
    "Order reduce-only hanya boleh mengurangi posisi, bukan membuka atau menambahnya.",
    "A reduce-only order may only reduce your position, not open or add to it.",
);
const NO_POSITION: Msg =
    Msg::fixed("Anda tidak punya posisi pada kontrak ini.", "You have no position in this contract.");
const LEVERAGE: Msg =
    Msg::fixed("Leverage di luar batas kontrak ini.", "The leverage is outside this contract's range.");
const TOO_LARGE: Msg =
    Msg::fixed("Posisi sebesar ini memerlukan leverage lebih rendah.", "A position this large needs a lower leverage.");
const LEVERAGE_MARGIN: Msg = Msg::fixed(
    "Margin yang tersedia tidak cukup untuk menurunkan leverage posisi ini.",
    "Your available margin does not cover this position at the lower leverage.",
);

impl PerpError {
    /// As an API error.
    pub fn into_api(self) -> ApiError {
        let bad = StatusCode::BAD_REQUEST;
        match self {
            PerpError::InsufficientMargin => ApiError::new(bad, "insufficient_margin", INSUFFICIENT_MARGIN),
            PerpError::ReduceOnlyWouldIncrease => ApiError::new(bad, "reduce_only_would_increase", REDUCE_ONLY),
            PerpError::NoPosition => ApiError::new(bad, "no_position", NO_POSITION),
            PerpError::LeverageOutOfRange(max) => {
                ApiError::new(bad, "leverage_out_of_range", LEVERAGE).with_detail(format!("leverage: 1 to {max}"))
            }
            PerpError::PositionTooLarge => ApiError::new(bad, "position_too_large", TOO_LARGE),
            PerpError::LeverageNeedsMargin => ApiError::new(bad, "insufficient_margin", LEVERAGE_MARGIN),
            PerpError::RequestInProgress => crate::features::orders::errors::request_in_progress(),
            PerpError::LocksBusy => ApiError::internal("perp placement locks busy"),
            PerpError::Trade(error) => error.into_api(),
        }
    }
}

impl From<PerpError> for ApiError {
    fn from(error: PerpError) -> Self {
        error.into_api()
    }
}

impl From<store::StoreError> for PerpError {
    fn from(error: store::StoreError) -> Self {
        PerpError::Trade(error.into())
    }
}

impl From<store::ledger::LedgerError> for PerpError {
    fn from(error: store::ledger::LedgerError) -> Self {
        PerpError::Trade(error.into())
    }
}
