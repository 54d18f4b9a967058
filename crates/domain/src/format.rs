//! How figures that are not amounts are shown: percentages have one rule, stated here once.

use rust_decimal::Decimal;

/// Decimal places of every percentage the product shows (R9.05).
pub const PERCENT_PLACES: u32 = 2;

/// A percentage rounded to [`PERCENT_PLACES`] (a midpoint to the even digit, so no direction is
/// favoured), trailing zeros as the value has them.
pub fn percent(value: Decimal) -> Decimal {
    value.round_dp(PERCENT_PLACES)
}

/// A percentage as text with exactly [`PERCENT_PLACES`] decimals (`5` → `5.00`).
pub fn percent_text(value: Decimal) -> String {
    let mut rounded = percent(value);
    rounded.rescale(PERCENT_PLACES);
    rounded.to_string()
}

/// Basis points as a percentage text with exactly [`PERCENT_PLACES`] decimals (`150` → `1.50`).
pub fn bps_percent_text(bps: i64) -> String {
    percent_text(Decimal::new(bps, 2))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal_macros::dec;

    #[test]
    fn r9_05_percentages_round_to_two_places_half_to_even() {
        assert_eq!(percent(dec!(12.345)), dec!(12.34));
        assert_eq!(percent(dec!(12.355)), dec!(12.36));
        assert_eq!(percent(dec!(-0.125)), dec!(-0.12));
        assert_eq!(percent(dec!(5)).to_string(), "5");
    }

    #[test]
    fn r9_05_percentage_text_has_exactly_two_places() {
        assert_eq!(percent_text(dec!(5)), "5.00");
        assert_eq!(percent_text(dec!(12.345)), "12.34");
        assert_eq!(percent_text(dec!(-3.1)), "-3.10");
    }

    #[test]
    fn basis_points_read_as_a_percentage() {
        assert_eq!(
            (bps_percent_text(150), bps_percent_text(0), bps_percent_text(1)),
            ("1.50".into(), "0.00".into(), "0.01".into())
        );
    }
}
