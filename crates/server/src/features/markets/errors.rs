//! Market errors as API errors: a stable code and a message in both languages.

use axum::http::StatusCode;
use market::MarketError;

use crate::api::{ApiError, Msg};

/// Unknown symbol or asset.
pub const UNKNOWN_SYMBOL: Msg = Msg::fixed("Aset tidak ditemukan.", "No such asset.");
/// Resolution not offered.
pub const BAD_RESOLUTION: Msg = Msg::fixed(
    "Resolusi grafik tidak tersedia untuk aset ini.",
    "This chart resolution is not offered for this asset.",
);
/// Range not offered.
pub const BAD_RANGE: Msg = Msg::fixed("Rentang grafik tidak dikenal.", "Unknown chart range.");
/// Window or limit out of bounds.
pub const BAD_WINDOW: Msg = Msg::fixed("Rentang waktu tidak valid.", "The time window is not valid.");
/// Asset class does not support the call.
pub const UNSUPPORTED: Msg =
    Msg::fixed("Fitur ini tidak tersedia untuk aset ini.", "This is not available for this asset.");

/// 404 `unknown_symbol`.
pub fn unknown_symbol(symbol: &str) -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "unknown_symbol", UNKNOWN_SYMBOL).with_detail(clip(symbol))
}

/// 400 `unknown_resolution` (not one of R9.07 for the asset's class).
pub fn bad_resolution(detail: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, "unknown_resolution", BAD_RESOLUTION).with_detail(detail)
}

/// 400 `unsupported`.
pub fn unsupported(detail: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, "unsupported", UNSUPPORTED).with_detail(detail)
}

/// Maps the market crate's error to the API's shape, keeping its stable code.
pub fn from_market(error: MarketError) -> ApiError {
    let detail = error.to_string();
    match error {
        MarketError::UnknownInstrument(symbol) => unknown_symbol(&symbol),
        MarketError::UnknownResolution(_) => bad_resolution(detail),
        MarketError::UnknownRange(_) => {
            ApiError::new(StatusCode::BAD_REQUEST, "unknown_range", BAD_RANGE).with_detail(detail)
        }
        MarketError::ReversedWindow { .. }
        | MarketError::WindowTooLarge { .. }
        | MarketError::BadLimit { .. }
        | MarketError::OutOfRange(_) => {
            ApiError::new(StatusCode::BAD_REQUEST, error.code(), BAD_WINDOW).with_detail(detail)
        }
        MarketError::Unsupported { .. } => unsupported(detail),
        MarketError::Catalogue(_) => ApiError::internal(detail),
    }
}

/// Echoed input is cut short so a hostile query cannot blow up the error body.
fn clip(text: &str) -> String {
    text.chars().take(40).collect()
}
