//! Rupiah amounts at the API edge: decimal strings in, minor units (sen) inside, decimal strings out.
//! Input is refused, never rounded, when it has more than two decimals (the web app truncates before
//! sending, R5.01).

use rust_decimal::Decimal;

use crate::api::ApiError;

/// IDR minor units per rupiah.
pub const IDR_SCALE: u32 = 2;

/// Parses a positive IDR amount such as `"150000"` or `"150000.50"` into sen.
pub fn parse_idr(text: &str) -> Result<i64, ApiError> {
    let invalid = || ApiError::invalid("amount: a positive number with at most 2 decimals");
    let text = text.trim();
    if text.is_empty() || text.len() > 24 || !text.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return Err(invalid());
    }
    let value: Decimal = text.parse().map_err(|_| invalid())?;
    if value <= Decimal::ZERO || value.scale() > IDR_SCALE {
        return Err(invalid());
    }
    let sen = value * Decimal::from(100);
    i64::try_from(sen.trunc()).map_err(|_| invalid())
}

/// Formats sen as a decimal string with two places.
pub fn format_idr(sen: i64) -> String {
    Decimal::new(sen, IDR_SCALE).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_parse_exactly_into_sen() {
        assert_eq!(parse_idr("150000").unwrap(), 15_000_000);
        assert_eq!(parse_idr("150000.5").unwrap(), 15_000_050);
        assert_eq!(parse_idr("0.01").unwrap(), 1);
    }

    #[test]
    fn bad_amounts_are_refused_not_rounded() {
        for bad in ["", "0", "0.00", "-5", "1.001", "abc", "1e5", "1,000", " ", "99999999999999999999999"] {
            assert!(parse_idr(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn sen_format_with_two_places() {
        assert_eq!(format_idr(15_000_050), "150000.50");
        assert_eq!(format_idr(0), "0.00");
    }
}
