//! Order input at the edge, for every class: decimal text into units (refused, never rounded,
//! beyond the asset's precision: the web app truncates first, R5.01), and the trading flags and pro
//! mode checked on the server (R3.05, R4.13, R6.02).

use axum::http::StatusCode;
use domain::precision::{parse_order_units, ORDER_NUMBER_CHARS_MAX};
use domain::trading_flags::{TradeBlock, TradingMode};
use domain::Locale;
use serde::{Deserialize, Deserializer};

use super::errors::{invalid_order, unknown_pair, HALTED, SIDE_DISABLED};
use crate::api::{ApiError, Lang};
use crate::state::AppState;

/// The longest decimal text read (the OpenAPI document states it as `maxLength`).
pub const NUMBER_CHARS_MAX: usize = ORDER_NUMBER_CHARS_MAX;

/// Accepts a JSON string or number as text, so `"0.5"` and `0.5` both arrive as `"0.5"`.
pub fn number_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Text(String),
        Number(serde_json::Number),
    }
    Ok(match Option::<Raw>::deserialize(deserializer)? {
        None => None,
        Some(Raw::Text(text)) => Some(text),
        Some(Raw::Number(n)) => Some(n.to_string()),
    })
}

/// An optional field: absent, `null` and empty text all mean "not given" (R5.11).
pub fn given(text: &Option<String>) -> Option<&str> {
    text.as_deref().map(str::trim).filter(|t| !t.is_empty())
}

/// Parses a positive decimal into units of `10^-scale` (`domain::precision::parse_order_units`);
/// a refusal names the field.
pub fn units(field: &str, text: &str, scale: u32) -> Result<i64, ApiError> {
    parse_order_units(text, scale).map_err(|refused| invalid_order(format!("{field}: {refused}")))
}

/// Decimal places of a sandbox venue's price factor.
const FACTOR_SCALE: u32 = 6;

/// A sandbox venue's scripted price factor (an operator's call): above 0, at most 10.
pub fn sandbox_factor(text: &str) -> Result<rust_decimal::Decimal, ApiError> {
    let factor = rust_decimal::Decimal::new(units("factor", text, FACTOR_SCALE)?, FACTOR_SCALE);
    if factor > rust_decimal::Decimal::from(10) {
        return Err(invalid_order("factor: above 0, at most 10"));
    }
    Ok(factor)
}

/// A required decimal field.
pub fn required(field: &str, text: &Option<String>, scale: u32) -> Result<i64, ApiError> {
    let text = given(text).ok_or_else(|| invalid_order(format!("{field}: required")))?;
    units(field, text, scale)
}

/// The caller's `x-request-id`: a retried order is found by it, never placed twice.
pub fn request_id(headers: &axum::http::HeaderMap) -> Option<String> {
    headers.get("x-request-id").and_then(|v| v.to_str().ok()).map(str::to_owned).filter(|v| !v.is_empty())
}

/// Refuses a side the asset's flags close in the user's mode (R3.05, R6.02); a halt says why (R4.13).
/// `pro_mode` is the asset's own pro-mode switch where the class has one (crypto's enableProMode).
pub async fn check_flags(
    state: &AppState,
    pro: bool,
    symbol: &str,
    pro_mode: Option<bool>,
    side: domain::Side,
) -> Result<(), ApiError> {
    let asset = state.markets.asset(symbol).ok_or_else(|| unknown_pair(symbol))?;
    let mode = TradingMode::for_user(pro, pro_mode);
    match asset.flags.check(side, mode) {
        Ok(()) => Ok(()),
        Err(TradeBlock::Halted) => {
            let locale = if Lang::current() == Lang::En { Locale::En } else { Locale::Id };
            let reason = asset.flags.halt_reason(locale);
            Err(ApiError::new(StatusCode::BAD_REQUEST, "trading_halted", HALTED)
                .with_detail(format!("{}: {}", reason.title, reason.description)))
        }
        Err(TradeBlock::SideDisabled { side, mode }) => {
            let mode = if mode == TradingMode::Pro { "pro" } else { "normal" };
            Err(ApiError::new(StatusCode::BAD_REQUEST, "trading_disabled", SIDE_DISABLED)
                .with_detail(format!("{side} in {mode} mode")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sandbox_factor_is_decimal_text_above_zero_and_at_most_ten() {
        let factor = |text| sandbox_factor(text).map(|f| f.normalize().to_string()).ok();
        assert_eq!(factor("0.4"), Some("0.4".into()));
        assert_eq!(factor("10"), Some("10".into()));
        assert_eq!(factor("0.000001"), Some("0.000001".into()));
        for refused in ["0", "10.000001", "11", "1e1", "-1", "abc", "", "0.0000001"] {
            assert_eq!(factor(refused), None, "{refused:?}");
        }
    }

    #[test]
    fn r5_01_values_beyond_the_precision_are_refused_not_rounded() {
        assert_eq!(units("quantity", "0.12345678", 8).unwrap(), 12_345_678);
        assert_eq!(units("quantity", "1.50", 1).unwrap(), 15);
        assert!(units("quantity", "0.123456789", 8).is_err());
        for bad in ["0", "-1", "0.000", "abc", "1e5", "1,5", ".", "", "1.2.3"] {
            assert!(units("quantity", bad, 8).is_err(), "{bad}");
        }
    }
}
