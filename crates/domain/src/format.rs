//! How figures that are not amounts are shown: percentages have one rule, stated here once.

use rust_decimal::Decimal;

use crate::preferences::Locale;

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

/// Parts per million as a percentage text with exactly four decimals (`12_345` → `1.2345`): the
/// finer rates of perpetuals (funding, margin ratio), which two places would hide.
pub fn ppm_percent_text(ppm: i64) -> String {
    let mut percent = Decimal::new(ppm, 4);
    percent.rescale(4);
    percent.to_string()
}

/// `count` units with `places` decimals as exact text, every place kept (`150` at 2 → `1.50`).
pub fn fixed_text(count: i64, places: u32) -> String {
    Decimal::new(count, places).to_string()
}

/// `value` as text with at least `min_places` decimals and every significant digit (`1.5` with 2
/// is `1.50`; `1.234567` stays as it is).
pub fn text_min_places(value: Decimal, min_places: u32) -> String {
    let mut value = value.normalize();
    if value.scale() < min_places {
        value.rescale(min_places);
    }
    value.to_string()
}

/// Basis points as a percentage text with exactly [`PERCENT_PLACES`] decimals (`150` → `1.50`).
pub fn bps_percent_text(bps: i64) -> String {
    percent_text(Decimal::new(bps, 2))
}

/// `value` in the separators of `locale` (R9.10), grouped by thousands and with every decimal it
/// has: `1234567.50` is `1.234.567,50` in Indonesian and `1,234,567.50` in English. The web app's
/// `formatNumber` writes the same digits for decimal text it shows as it came (prices, percentages).
pub fn locale_number_text(value: Decimal, locale: Locale) -> String {
    let (thousands, decimal) = match locale {
        Locale::Id => ('.', ','),
        Locale::En => (',', '.'),
    };
    let text = value.to_string();
    let (sign, digits) = text.strip_prefix('-').map_or(("", text.as_str()), |rest| ("-", rest));
    let (whole, fraction) = digits.split_once('.').map_or((digits, None), |(whole, fraction)| (whole, Some(fraction)));
    let mut out = String::with_capacity(text.len() + whole.len() / 3 + 1);
    out.push_str(sign);
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            out.push(thousands);
        }
        out.push(digit);
    }
    if let Some(fraction) = fraction {
        out.push(decimal);
        out.push_str(fraction);
    }
    out
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
    fn parts_per_million_read_as_a_four_place_percentage() {
        assert_eq!(
            (ppm_percent_text(12_345), ppm_percent_text(100), ppm_percent_text(-5)),
            ("1.2345".into(), "0.0100".into(), "-0.0005".into())
        );
    }

    #[test]
    fn fixed_and_minimum_place_texts_keep_every_significant_digit() {
        assert_eq!(fixed_text(150, 2), "1.50");
        assert_eq!(fixed_text(7, 0), "7");
        assert_eq!(text_min_places(dec!(190.5), 2), "190.50");
        assert_eq!(text_min_places(dec!(1.234567000), 2), "1.234567");
        assert_eq!(text_min_places(dec!(12), 2), "12.00");
    }

    #[test]
    fn r9_10_numbers_take_the_separators_of_the_locale_and_keep_their_decimals() {
        assert_eq!(locale_number_text(dec!(1514937166), Locale::Id), "1.514.937.166");
        assert_eq!(locale_number_text(dec!(1514937166), Locale::En), "1,514,937,166");
        assert_eq!(locale_number_text(dec!(1234.50), Locale::Id), "1.234,50");
        assert_eq!(locale_number_text(dec!(263.08), Locale::En), "263.08");
        assert_eq!(locale_number_text(dec!(-1234567.891), Locale::En), "-1,234,567.891");
        assert_eq!(locale_number_text(dec!(0.000123), Locale::Id), "0,000123");
        assert_eq!(locale_number_text(dec!(100), Locale::Id), "100");
        assert_eq!(locale_number_text(dec!(1000), Locale::Id), "1.000");
    }

    #[test]
    fn basis_points_read_as_a_percentage() {
        assert_eq!(
            (bps_percent_text(150), bps_percent_text(0), bps_percent_text(1)),
            ("1.50".into(), "0.00".into(), "0.01".into())
        );
    }
}
