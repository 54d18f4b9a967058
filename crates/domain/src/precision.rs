//! Decimal places: rounding modes, user-input parsing (R5.01) and flooring to a step (R5.02).

use rust_decimal::{Decimal, RoundingStrategy};
use thiserror::Error;

/// The most decimal places a `Decimal` can carry; larger requests are clamped to it.
pub const MAX_DECIMAL_PLACES: u32 = 28;

/// How a value is brought to fewer decimal places. SPEC.md prescribes one per use:
/// truncate user input, round costs up, floor derived quantities.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rounding {
    /// Toward zero: drops the extra digits (user input, R5.01).
    Truncate,
    /// Toward positive infinity (ceiling). Costs are positive, so this rounds them away from
    /// zero and the user is never undercharged (R5.06).
    Up,
    /// Toward negative infinity: a derived quantity never exceeds what was paid for (R5.02).
    Floor,
    /// To the nearest, a midpoint to the even digit: figures that are shown, not charged (an
    /// average price, a mid rate, a rupiah equivalent), so neither side is favoured.
    HalfEven,
}

impl Rounding {
    /// `value` with at most `decimal_places` decimals, rounded in this mode. Never panics.
    pub fn apply(self, value: Decimal, decimal_places: u32) -> Decimal {
        let strategy = match self {
            Rounding::Truncate => RoundingStrategy::ToZero,
            Rounding::Up => RoundingStrategy::ToPositiveInfinity,
            Rounding::Floor => RoundingStrategy::ToNegativeInfinity,
            Rounding::HalfEven => RoundingStrategy::MidpointNearestEven,
        };
        value.round_dp_with_strategy(decimal_places.min(MAX_DECIMAL_PLACES), strategy)
    }
}

/// Why a typed number was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum InputError {
    /// Nothing but whitespace was entered.
    #[error("empty input")]
    Empty,
    /// The text is not a plain decimal number (digits with at most one decimal point).
    #[error("not a number")]
    NotANumber,
    /// Amounts and quantities cannot be negative.
    #[error("negative number")]
    Negative,
    /// The number has more digits than a `Decimal` can hold.
    #[error("number too large")]
    TooLarge,
}

/// Parses an amount or quantity the user typed, truncated (never rounded) to `decimal_places`
/// (R5.01).
///
/// Accepts ASCII digits with one optional `.` (`12`, `12.5`, `.5`, `12.`), surrounded by
/// optional whitespace. Signs, exponents, separators and other characters are refused, so
/// "numeric only" holds; locale-formatted prices go through [`crate::price_text`] instead.
/// Truncation happens on the text, so it is exact for any number of typed digits.
pub fn parse_input(text: &str, decimal_places: u32) -> Result<Decimal, InputError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(InputError::Empty);
    }
    if let Some(unsigned) = text.strip_prefix('-') {
        return match split_plain_decimal(unsigned) {
            Some(_) => Err(InputError::Negative),
            None => Err(InputError::NotANumber),
        };
    }
    let (whole, fraction) = split_plain_decimal(text).ok_or(InputError::NotANumber)?;
    let kept = decimal_places.min(MAX_DECIMAL_PLACES) as usize;
    // The fraction is ASCII digits only, so slicing by byte count is slicing by digits.
    let fraction = &fraction[..fraction.len().min(kept)];
    decimal_from_digits(whole, fraction)
}

/// The longest decimal text an order field accepts (the OpenAPI document states it as `maxLength`).
pub const ORDER_NUMBER_CHARS_MAX: usize = 40;
/// Order quantities and prices count below 2^50 units: a wide margin below `i64::MAX`, so the
/// engine's sums and products of them stay in range.
pub const ORDER_UNITS_LIMIT: i64 = 1 << 50;

/// Why an order's decimal field was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum OrderNumberError {
    /// Not plain digits with at most one decimal point, or longer than [`ORDER_NUMBER_CHARS_MAX`].
    #[error("not a number")]
    NotANumber,
    /// Zero or negative.
    #[error("must be greater than zero")]
    NotPositive,
    /// More decimal places than the asset counts (refused, never rounded: the app truncates, R5.01).
    #[error("at most {0} decimal places")]
    TooManyPlaces(u32),
    /// [`ORDER_UNITS_LIMIT`] units or more.
    #[error("too large")]
    TooLarge,
}

/// An order's positive decimal field as a count of `10^-places` units: zero, negative, malformed
/// and over-precise values are refused, never rounded.
pub fn parse_order_units(text: &str, places: u32) -> Result<i64, OrderNumberError> {
    let text = text.trim();
    if text.starts_with('-') {
        return Err(OrderNumberError::NotPositive);
    }
    if text.len() > ORDER_NUMBER_CHARS_MAX || split_plain_decimal(text).is_none() {
        return Err(OrderNumberError::NotANumber);
    }
    let value = Decimal::from_str_exact(text).map_err(|_| OrderNumberError::NotANumber)?;
    if value <= Decimal::ZERO {
        return Err(OrderNumberError::NotPositive);
    }
    if value.normalize().scale() > places {
        return Err(OrderNumberError::TooManyPlaces(places));
    }
    let mut scaled = value;
    scaled.rescale(places);
    i64::try_from(scaled.mantissa()).ok().filter(|units| *units < ORDER_UNITS_LIMIT).ok_or(OrderNumberError::TooLarge)
}

/// Splits `digits[.digits]` into its whole and fractional digit strings; `None` when the text
/// is anything else. At least one digit must be present.
pub(crate) fn split_plain_decimal(text: &str) -> Option<(&str, &str)> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let all_digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    let has_digit = !whole.is_empty() || !fraction.is_empty();
    (has_digit && all_digits(whole) && all_digits(fraction)).then_some((whole, fraction))
}

/// Builds an exact `Decimal` from validated digit strings; too many digits is `TooLarge`.
pub(crate) fn decimal_from_digits(whole: &str, fraction: &str) -> Result<Decimal, InputError> {
    let whole = if whole.is_empty() { "0" } else { whole };
    let text = if fraction.is_empty() { whole.to_owned() } else { format!("{whole}.{fraction}") };
    // The syntax is already known to be valid, so the only failure left is capacity.
    Decimal::from_str_exact(&text).map_err(|_| InputError::TooLarge)
}

/// The largest multiple of `step` that is ≤ `value` (R5.02). A non-positive step means "no
/// step" and returns `value` unchanged; `None` only if the quotient overflows a `Decimal`.
pub fn floor_to_step(value: Decimal, step: Decimal) -> Option<Decimal> {
    if step <= Decimal::ZERO {
        return Some(value);
    }
    let steps = value.checked_div(step)?.floor();
    let floored = steps.checked_mul(step)?;
    // An inexact division can round the quotient up to the next integer; step back once.
    if floored > value {
        floored.checked_sub(step)
    } else {
        Some(floored)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r5_01_order_units_are_exact_or_refused() {
        assert_eq!(parse_order_units(" 1.50 ", 2), Ok(150));
        assert_eq!(parse_order_units("1.500", 2), Ok(150));
        assert_eq!(parse_order_units(".5", 1), Ok(5));
        assert_eq!(parse_order_units("7.", 0), Ok(7));
        assert_eq!(parse_order_units("1.234", 2), Err(OrderNumberError::TooManyPlaces(2)));
        assert_eq!(parse_order_units("0", 2), Err(OrderNumberError::NotPositive));
        assert_eq!(parse_order_units("-abc", 2), Err(OrderNumberError::NotPositive));
        for text in ["", ".", "1.2.3", "1e5", "+1", "1,5", "١"] {
            assert_eq!(parse_order_units(text, 2), Err(OrderNumberError::NotANumber), "{text:?}");
        }
        assert_eq!(parse_order_units(&"1".repeat(41), 0), Err(OrderNumberError::NotANumber));
        assert_eq!(parse_order_units(&(ORDER_UNITS_LIMIT - 1).to_string(), 0), Ok(ORDER_UNITS_LIMIT - 1));
        assert_eq!(parse_order_units(&ORDER_UNITS_LIMIT.to_string(), 0), Err(OrderNumberError::TooLarge));
    }
    use proptest::prelude::*;
    use rust_decimal_macros::dec;

    #[test]
    fn r5_01_amount_input_is_truncated_not_rounded() {
        assert_eq!(parse_input("1.239", 2), Ok(dec!(1.23)));
        assert_eq!(parse_input("0.99999999", 0), Ok(dec!(0)));
    }

    #[test]
    fn r5_01_input_within_precision_is_kept_exactly() {
        assert_eq!(parse_input(" 12.5 ", 8), Ok(dec!(12.5)));
        assert_eq!(parse_input(".5", 2), Ok(dec!(0.5)));
        assert_eq!(parse_input("7.", 2), Ok(dec!(7)));
    }

    #[test]
    fn r5_01_input_must_be_numeric() {
        for text in ["abc", "1e5", "1,5", "1.2.3", "+1", ".", "1 000", "١٢"] {
            assert_eq!(parse_input(text, 2), Err(InputError::NotANumber), "{text}");
        }
    }

    #[test]
    fn r5_01_empty_and_negative_inputs_are_refused_with_their_reason() {
        assert_eq!(parse_input("   ", 2), Err(InputError::Empty));
        assert_eq!(parse_input("-1.5", 2), Err(InputError::Negative));
        assert_eq!(parse_input("-x", 2), Err(InputError::NotANumber));
    }

    #[test]
    fn r5_01_input_beyond_decimal_capacity_is_too_large() {
        let huge = "9".repeat(40);
        assert_eq!(parse_input(&huge, 2), Err(InputError::TooLarge));
    }

    #[test]
    fn rounding_modes_differ_only_in_direction() {
        assert_eq!(Rounding::Truncate.apply(dec!(-1.29), 1), dec!(-1.2));
        assert_eq!(Rounding::Floor.apply(dec!(-1.21), 1), dec!(-1.3));
        assert_eq!(Rounding::Up.apply(dec!(1.21), 1), dec!(1.3));
        assert_eq!(Rounding::Up.apply(dec!(-1.29), 1), dec!(-1.2));
    }

    #[test]
    fn r5_02_floor_to_step_keeps_whole_steps_only() {
        assert_eq!(floor_to_step(dec!(1.27), dec!(0.05)), Some(dec!(1.25)));
        assert_eq!(floor_to_step(dec!(7), dec!(2)), Some(dec!(6)));
        assert_eq!(floor_to_step(dec!(7), dec!(0)), Some(dec!(7)));
    }

    fn decimal() -> impl Strategy<Value = Decimal> {
        (0i64..=i64::MAX, 0u32..=18).prop_map(|(units, scale)| Decimal::new(units, scale))
    }

    proptest! {
        #[test]
        fn truncation_never_exceeds_the_input(value in decimal(), places in 0u32..=18) {
            let truncated = Rounding::Truncate.apply(value, places);
            prop_assert!(truncated <= value);
            prop_assert!(truncated.scale() <= places);
        }

        #[test]
        fn rounding_up_never_falls_below_the_input(value in decimal(), places in 0u32..=18) {
            prop_assert!(Rounding::Up.apply(value, places) >= value);
        }

        #[test]
        fn parsed_input_is_the_text_truncated(units in 0i64..=i64::MAX, scale in 0u32..=18, places in 0u32..=18) {
            let value = Decimal::new(units, scale);
            let parsed = parse_input(&value.to_string(), places);
            prop_assert_eq!(parsed, Ok(Rounding::Truncate.apply(value, places)));
        }

        #[test]
        fn parsing_arbitrary_text_never_panics(text in "\\PC{0,40}", places in 0u32..40) {
            let _ = parse_input(&text, places);
        }

        #[test]
        fn floor_to_step_is_a_multiple_of_step_and_not_above_value(
            value in decimal(),
            step_units in 1i64..1_000_000,
            step_scale in 0u32..=8,
        ) {
            let step = Decimal::new(step_units, step_scale);
            if let Some(floored) = floor_to_step(value, step) {
                prop_assert!(floored <= value);
                prop_assert!(value - floored < step);
                prop_assert_eq!(floored % step, Decimal::ZERO);
            }
        }
    }
}
