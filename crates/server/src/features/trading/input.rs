//! Crypto order input: the pair lookup; the shared parsing and flag checks are in
//! `features::orders::input`.

use super::{Pair, TradingService};
use crate::api::ApiError;
use crate::features::orders::errors::unknown_pair;

pub use crate::features::orders::input::{given, number_text, required, units};

/// The tradable pair of a symbol, or 404 `unknown_symbol`.
pub fn pair<'a>(trading: &'a TradingService, symbol: &str) -> Result<&'a Pair, ApiError> {
    let symbol = symbol.trim().to_ascii_uppercase();
    trading.pair(&symbol).ok_or_else(|| unknown_pair(&symbol))
}
