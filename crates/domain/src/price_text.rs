//! Parsing prices as the UI displays them, e.g. `Rp 1.234.567,89` (R5.10).

use rust_decimal::Decimal;

use crate::precision::{decimal_from_digits, split_plain_decimal, InputError};
use crate::preferences::Locale;

/// The rupiah prefix shown before prices (R9.09).
const RUPIAH_PREFIX: &str = "Rp";

/// Parses a displayed price: drops the `Rp` prefix (with or without a space) and the thousands
/// separators of `locale` (dots in `id`, commas in `en`), reads the other separator as the
/// decimal point, and returns the exact value (R5.10).
///
/// Grouping is not checked (`1.2345` in `id` reads as 12345) because the rule only removes
/// separators; anything else that is not a plain number is `NotANumber`.
pub fn parse_price_text(text: &str, locale: Locale) -> Result<Decimal, InputError> {
    let text = text.trim();
    let (negative, text) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let number = text.strip_prefix(RUPIAH_PREFIX).unwrap_or(text).trim_start();
    if number.is_empty() {
        return Err(InputError::Empty);
    }
    let plain = to_plain_decimal(number, locale);
    let (whole, fraction) = split_plain_decimal(&plain).ok_or(InputError::NotANumber)?;
    if negative {
        return Err(InputError::Negative);
    }
    decimal_from_digits(whole, fraction)
}

/// Rewrites locale-formatted digits to `digits[.digits]`.
fn to_plain_decimal(number: &str, locale: Locale) -> String {
    let (thousands, decimal) = match locale {
        Locale::Id => ('.', ','),
        Locale::En => (',', '.'),
    };
    number.chars().filter(|&c| c != thousands).map(|c| if c == decimal { '.' } else { c }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use rust_decimal_macros::dec;

    #[test]
    fn r5_10_indonesian_price_drops_rp_and_dot_thousands() {
        assert_eq!(parse_price_text("Rp 1.234.567,89", Locale::Id), Ok(dec!(1234567.89)));
        assert_eq!(parse_price_text("Rp1.234.567", Locale::Id), Ok(dec!(1234567)));
    }

    #[test]
    fn r5_10_english_price_drops_rp_and_comma_thousands() {
        assert_eq!(parse_price_text("Rp1,234,567.89", Locale::En), Ok(dec!(1234567.89)));
        assert_eq!(parse_price_text("Rp 1,234", Locale::En), Ok(dec!(1234)));
    }

    #[test]
    fn r5_10_price_without_prefix_parses_too() {
        assert_eq!(parse_price_text("12.500", Locale::Id), Ok(dec!(12500)));
        assert_eq!(parse_price_text("12.5", Locale::En), Ok(dec!(12.5)));
        assert_eq!(parse_price_text("\u{a0}Rp\u{a0}12", Locale::Id), Ok(dec!(12)));
    }

    #[test]
    fn r5_10_malformed_prices_are_refused() {
        assert_eq!(parse_price_text("Rp", Locale::Id), Err(InputError::Empty));
        assert_eq!(parse_price_text("Rp 1,2,3", Locale::Id), Err(InputError::NotANumber));
        assert_eq!(parse_price_text("$ 12", Locale::En), Err(InputError::NotANumber));
        assert_eq!(parse_price_text("-Rp 1.000", Locale::Id), Err(InputError::Negative));
    }

    proptest! {
        #[test]
        fn r5_10_formatted_whole_rupiah_round_trips(value in 0u64..10_000_000_000_000u64, cents in 0u32..100) {
            let whole = value.to_string();
            let grouped: Vec<String> = whole
                .as_bytes()
                .rchunks(3)
                .rev()
                .map(|group| String::from_utf8_lossy(group).into_owned())
                .collect();
            let id_text = format!("Rp {},{cents:02}", grouped.join("."));
            let en_text = format!("Rp{}.{cents:02}", grouped.join(","));
            let expected = Decimal::from(value) + Decimal::new(i64::from(cents), 2);
            prop_assert_eq!(parse_price_text(&id_text, Locale::Id), Ok(expected));
            prop_assert_eq!(parse_price_text(&en_text, Locale::En), Ok(expected));
        }

        #[test]
        fn parsing_arbitrary_price_text_never_panics(text in "\\PC{0,40}") {
            let _ = parse_price_text(&text, Locale::Id);
            let _ = parse_price_text(&text, Locale::En);
        }
    }
}
