//! Money and quantities as integer counts of minor units at a fixed scale per asset
//! (DESIGN.md "Data"), and the currencies the product shows (R9.09, R4.11).

use std::cmp::Ordering;
use std::fmt;

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;
use thiserror::Error;

use crate::precision::Rounding;
use crate::text_enum::text_enum;

/// Why a money operation has no result. Overflow is an error, never a panic or a wrap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum MoneyError {
    /// A scale above [`Scale::MAX_DECIMAL_PLACES`] was requested.
    #[error("scale {0} is above the maximum of {max}", max = Scale::MAX_DECIMAL_PLACES)]
    ScaleOutOfRange(u32),
    /// Two values of different scales were combined; convert one explicitly first.
    #[error("scales differ: {left} and {right}")]
    ScaleMismatch {
        /// The left operand's decimal places.
        left: u32,
        /// The right operand's decimal places.
        right: u32,
    },
    /// The result does not fit in an `i64` count of minor units.
    #[error("amount out of range")]
    Overflow,
}

/// Longest amount text accepted: far above any real amount, short enough to parse cheaply.
const AMOUNT_TEXT_LEN_MAX: usize = 24;

/// Why an amount a user typed is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum AmountError {
    /// Not plain digits with an optional decimal point.
    #[error("not a number")]
    NotANumber,
    /// Zero or below.
    #[error("not above zero")]
    NotPositive,
    /// More decimal places than the currency has.
    #[error("more than {0} decimal places")]
    TooManyPlaces(u32),
    /// Too large to count in minor units.
    #[error("amount out of range")]
    OutOfRange,
}

/// Decimal places of one asset's minor unit, e.g. 2 for IDR (1 unit = 0.01 IDR).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Scale(u32);

impl Scale {
    /// 10^18 is the largest power of ten below `i64::MAX`, so one whole unit always fits.
    pub const MAX_DECIMAL_PLACES: u32 = 18;
    /// Rupiah.
    pub const IDR: Scale = Scale(2);
    /// US dollar.
    pub const USD: Scale = Scale(6);
    /// Tether; also BUSD and other dollar stablecoins.
    pub const USDT: Scale = Scale(6);
    /// Shares of US and Indonesian stocks (fractional shares to 6 places).
    pub const SHARES: Scale = Scale(6);
    /// Prices of US shares: from $1 they tick in cents, below it in $0.0001 (SEC Rule 612).
    pub const US_STOCK_PRICE: Scale = Scale(4);
    /// Grams of gold.
    pub const GOLD_GRAMS: Scale = Scale(4);
    /// Bitcoin: 21 million × 10^10 stays three orders of magnitude below `i64::MAX`.
    pub const BTC: Scale = Scale(10);
    /// Shiba Inu: a supply near 10^15 leaves room for only 2 places.
    pub const SHIB: Scale = Scale(2);
    /// A crypto asset not in [`Scale::for_crypto`]'s table; safe while its largest holding is
    /// below 9 × 10^10 coins.
    pub const DEFAULT_CRYPTO: Scale = Scale(8);

    /// A scale of `decimal_places`, refused above [`Scale::MAX_DECIMAL_PLACES`].
    pub fn new(decimal_places: u32) -> Result<Self, MoneyError> {
        if decimal_places > Self::MAX_DECIMAL_PLACES {
            return Err(MoneyError::ScaleOutOfRange(decimal_places));
        }
        Ok(Scale(decimal_places))
    }

    /// Number of decimal places.
    pub const fn decimal_places(self) -> u32 {
        self.0
    }

    /// The scale of a crypto asset by its symbol (`BTC`, `SHIB`, ...); case-insensitive.
    /// Huge-supply coins need fewer places so their largest holdings fit in an `i64`.
    pub fn for_crypto(symbol: &str) -> Scale {
        match symbol.to_ascii_uppercase().as_str() {
            "BTC" | "ETH" => Scale::BTC,
            "USDT" | "USDC" | "BUSD" => Scale::USDT,
            "SHIB" | "PEPE" | "BONK" | "FLOKI" => Scale::SHIB,
            _ => Scale::DEFAULT_CRYPTO,
        }
    }

    /// `value` at this scale's places, rounded with `rounding` (never more places than it has).
    pub fn round(self, value: Decimal, rounding: Rounding) -> Decimal {
        rounding.apply(value, self.0)
    }

    fn factor(self) -> Decimal {
        // Within MAX_DECIMAL_PLACES, 10^scale fits in an i64.
        Decimal::from(10i64.pow(self.0))
    }
}

/// An exact amount or quantity: `count` minor units of `10^-scale` each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MinorUnits {
    count: i64,
    scale: Scale,
}

impl MinorUnits {
    /// `count` minor units at `scale`.
    pub const fn new(count: i64, scale: Scale) -> Self {
        MinorUnits { count, scale }
    }

    /// Zero at `scale`.
    pub const fn zero(scale: Scale) -> Self {
        MinorUnits { count: 0, scale }
    }

    /// The integer count of minor units (what the ledger stores).
    pub const fn count(self) -> i64 {
        self.count
    }

    /// The scale this value is counted in.
    pub const fn scale(self) -> Scale {
        self.scale
    }

    /// True when the value is below zero.
    pub const fn is_negative(self) -> bool {
        self.count < 0
    }

    /// Converts an exact decimal, rounding extra places with `rounding`; the caller must say
    /// which rounding applies because SPEC.md prescribes a different one per use.
    pub fn from_decimal(value: Decimal, scale: Scale, rounding: Rounding) -> Result<Self, MoneyError> {
        let rounded = rounding.apply(value, scale.decimal_places());
        let count = rounded.checked_mul(scale.factor()).and_then(|units| units.to_i64()).ok_or(MoneyError::Overflow)?;
        Ok(MinorUnits { count, scale })
    }

    /// Rupiah counted in sen.
    pub const fn idr(sen: i64) -> Self {
        MinorUnits::new(sen, Scale::IDR)
    }

    /// Dollars counted in micro-dollars.
    pub const fn usd(micro: i64) -> Self {
        MinorUnits::new(micro, Scale::USD)
    }

    /// Tether counted in micro-USDT.
    pub const fn usdt(micro: i64) -> Self {
        MinorUnits::new(micro, Scale::USDT)
    }

    /// Parses an amount a user typed, such as `"150000"` or `"150000.5"`: plain digits with an
    /// optional point, above zero, with no more places than `scale`. Extra places are refused,
    /// never rounded (the client truncates before sending, R5.01).
    pub fn parse_positive(text: &str, scale: Scale) -> Result<Self, AmountError> {
        let text = text.trim();
        if text.is_empty() || text.len() > AMOUNT_TEXT_LEN_MAX || !text.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        {
            return Err(AmountError::NotANumber);
        }
        let value: Decimal = text.parse().map_err(|_| AmountError::NotANumber)?;
        if value <= Decimal::ZERO {
            return Err(AmountError::NotPositive);
        }
        if value.scale() > scale.decimal_places() {
            return Err(AmountError::TooManyPlaces(scale.decimal_places()));
        }
        MinorUnits::from_decimal(value, scale, Rounding::Truncate).map_err(|_| AmountError::OutOfRange)
    }

    /// Decimal text with at least `min_places` places and every significant digit (`1.5` at
    /// scale 6 with 2 places is `1.50`; `1.234567` stays as it is).
    pub fn to_text_min_places(self, min_places: u32) -> String {
        crate::format::text_min_places(self.to_decimal(), min_places)
    }

    /// The exact decimal value, e.g. 150 units at scale 2 is `1.50`.
    pub fn to_decimal(self) -> Decimal {
        Decimal::new(self.count, self.scale.decimal_places())
    }

    /// Sum of two values of the same scale.
    pub fn checked_add(self, other: MinorUnits) -> Result<Self, MoneyError> {
        self.combine(other, i64::checked_add)
    }

    /// Difference of two values of the same scale.
    pub fn checked_sub(self, other: MinorUnits) -> Result<Self, MoneyError> {
        self.combine(other, i64::checked_sub)
    }

    fn combine(self, other: MinorUnits, op: fn(i64, i64) -> Option<i64>) -> Result<Self, MoneyError> {
        if self.scale != other.scale {
            return Err(MoneyError::ScaleMismatch { left: self.scale.0, right: other.scale.0 });
        }
        let count = op(self.count, other.count).ok_or(MoneyError::Overflow)?;
        Ok(MinorUnits { count, scale: self.scale })
    }
}

/// Values of different scales are not comparable without an explicit conversion.
impl PartialOrd for MinorUnits {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        (self.scale == other.scale).then(|| self.count.cmp(&other.count))
    }
}

/// Plain decimal text with every place of the scale (`1.50`); locale formatting is the UI's.
impl fmt::Display for MinorUnits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_decimal())
    }
}

text_enum! {
    /// A currency money is held or quoted in (R9.09, R4.11).
    pub enum Currency {
        /// Indonesian rupiah.
        Idr => "IDR",
        /// US dollar.
        Usd => "USD",
        /// Tether.
        Usdt => "USDT",
        /// Binance USD, a quote currency only.
        Busd => "BUSD",
        /// Bitcoin as a quote currency.
        Btc => "BTC",
    }
}

/// The rupiah's code, for ledger accounts and postings (`Currency::Idr`'s text).
pub const IDR: &str = Currency::Idr.as_str();
/// The US dollar's code (`Currency::Usd`'s text).
pub const USD: &str = Currency::Usd.as_str();
/// Tether's code, the perpetuals' margin currency (`Currency::Usdt`'s text).
pub const USDT: &str = Currency::Usdt.as_str();

impl Currency {
    /// The scale balances in this currency are kept at.
    pub const fn scale(self) -> Scale {
        match self {
            Currency::Idr => Scale::IDR,
            Currency::Usd => Scale::USD,
            Currency::Usdt | Currency::Busd => Scale::USDT,
            Currency::Btc => Scale::BTC,
        }
    }

    /// The symbol shown before an amount (R9.09); `None` for quote-only currencies, which are
    /// shown with their code instead.
    pub const fn prefix(self) -> Option<&'static str> {
        match self {
            Currency::Idr => Some("Rp"),
            Currency::Usd => Some("$"),
            Currency::Usdt => Some("₮"),
            Currency::Busd | Currency::Btc => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use rust_decimal_macros::dec;

    #[test]
    fn design_scales_match_the_data_section() {
        assert_eq!(Scale::IDR.decimal_places(), 2);
        assert_eq!(Scale::USD.decimal_places(), 6);
        assert_eq!(Scale::USDT.decimal_places(), 6);
        assert_eq!(Scale::SHARES.decimal_places(), 6);
        assert_eq!(Scale::GOLD_GRAMS.decimal_places(), 4);
        assert_eq!(Scale::US_STOCK_PRICE.decimal_places(), 4);
        assert_eq!(Scale::for_crypto("btc"), Scale::BTC);
        assert_eq!(Scale::BTC.decimal_places(), 10);
        assert_eq!(Scale::for_crypto("SHIB").decimal_places(), 2);
        assert_eq!(Scale::for_crypto("ADA"), Scale::DEFAULT_CRYPTO);
    }

    #[test]
    fn a_scale_rounds_a_decimal_to_its_places_in_the_requested_mode() {
        assert_eq!(Scale::USD.round(dec!(1.23456789), Rounding::Truncate), dec!(1.234567));
        assert_eq!(Scale::IDR.round(dec!(1.001), Rounding::Up), dec!(1.01));
        assert_eq!(Scale::IDR.round(dec!(-1.001), Rounding::Floor), dec!(-1.01));
    }

    #[test]
    fn scale_above_eighteen_places_is_refused() {
        assert_eq!(Scale::new(18).map(Scale::decimal_places), Ok(18));
        assert_eq!(Scale::new(19), Err(MoneyError::ScaleOutOfRange(19)));
    }

    #[test]
    fn decimal_conversion_rounds_in_the_requested_mode() {
        let convert = |mode| MinorUnits::from_decimal(dec!(1.005), Scale::IDR, mode).map(MinorUnits::count);
        assert_eq!(convert(Rounding::Truncate), Ok(100));
        assert_eq!(convert(Rounding::Up), Ok(101));
        assert_eq!(convert(Rounding::Floor), Ok(100));
        let negative = MinorUnits::from_decimal(dec!(-1.005), Scale::IDR, Rounding::Floor);
        assert_eq!(negative.map(MinorUnits::count), Ok(-101));
    }

    #[test]
    fn minor_units_show_every_place_of_their_scale() {
        let price = MinorUnits::new(150, Scale::IDR);
        assert_eq!(price.to_decimal(), dec!(1.50));
        assert_eq!(price.to_string(), "1.50");
    }

    #[test]
    fn conversion_beyond_i64_is_an_overflow_error() {
        let too_big = Decimal::from(i64::MAX);
        assert_eq!(MinorUnits::from_decimal(too_big, Scale::IDR, Rounding::Truncate), Err(MoneyError::Overflow));
        assert_eq!(
            MinorUnits::from_decimal(Decimal::MAX, Scale::new(18).unwrap(), Rounding::Up),
            Err(MoneyError::Overflow)
        );
    }

    #[test]
    fn checked_arithmetic_reports_overflow_instead_of_wrapping() {
        let max = MinorUnits::new(i64::MAX, Scale::IDR);
        let one = MinorUnits::new(1, Scale::IDR);
        assert_eq!(max.checked_add(one), Err(MoneyError::Overflow));
        assert_eq!(MinorUnits::new(i64::MIN, Scale::IDR).checked_sub(one), Err(MoneyError::Overflow));
        assert_eq!(one.checked_sub(one), Ok(MinorUnits::zero(Scale::IDR)));
    }

    #[test]
    fn values_of_different_scales_neither_combine_nor_compare() {
        let rupiah = MinorUnits::new(1, Scale::IDR);
        let dollars = MinorUnits::new(1, Scale::USD);
        assert_eq!(rupiah.checked_add(dollars), Err(MoneyError::ScaleMismatch { left: 2, right: 6 }));
        assert_eq!(rupiah.partial_cmp(&dollars), None);
        assert!(MinorUnits::new(2, Scale::IDR) > rupiah);
    }

    #[test]
    fn r9_09_currencies_have_their_display_prefixes() {
        assert_eq!(Currency::Idr.prefix(), Some("Rp"));
        assert_eq!(Currency::Usd.prefix(), Some("$"));
        assert_eq!(Currency::Usdt.prefix(), Some("₮"));
        assert_eq!(Currency::Idr.scale(), Scale::IDR);
    }

    #[test]
    fn r4_11_currency_codes_are_their_wire_spelling() {
        let codes: Vec<_> = Currency::ALL.iter().map(|c| c.as_str()).collect();
        assert_eq!(codes, ["IDR", "USD", "USDT", "BUSD", "BTC"]);
        assert_eq!(serde_json::to_string(&Currency::Usdt).unwrap(), "\"USDT\"");
        assert_eq!("BTC".parse::<Currency>(), Ok(Currency::Btc));
    }

    fn scale() -> impl Strategy<Value = Scale> {
        (0u32..=Scale::MAX_DECIMAL_PLACES).prop_map(Scale)
    }

    proptest! {
        // Issue 14: user input is fuzzed. Any text is answered, never a panic; what is accepted is
        // positive, within the scale, and its own text parsed again.
        #[test]
        fn parsing_arbitrary_amount_text_never_panics(text in "\\PC{0,48}", scale in scale()) {
            if let Ok(amount) = MinorUnits::parse_positive(&text, scale) {
                prop_assert!(amount.count > 0);
                prop_assert_eq!(amount.to_decimal(), text.trim().parse::<Decimal>().unwrap());
            }
        }

        #[test]
        fn accepted_digit_text_round_trips_and_extra_places_name_the_scale(text in "[0-9.]{1,30}", scale in scale()) {
            match MinorUnits::parse_positive(&text, scale) {
                Ok(amount) => {
                    prop_assert_eq!(MinorUnits::parse_positive(&amount.to_decimal().to_string(), scale), Ok(amount));
                }
                Err(AmountError::TooManyPlaces(places)) => prop_assert_eq!(places, scale.decimal_places()),
                Err(_) => {}
            }
        }

        #[test]
        fn minor_units_round_trip_through_decimal(count in any::<i64>(), scale in scale()) {
            let value = MinorUnits::new(count, scale);
            let back = MinorUnits::from_decimal(value.to_decimal(), scale, Rounding::Truncate);
            prop_assert_eq!(back, Ok(value));
        }

        #[test]
        fn conversion_never_panics_and_respects_its_direction(
            mantissa in any::<i64>(),
            places in 0u32..=28,
            scale in scale(),
        ) {
            let value = Decimal::new(mantissa, places);
            if let Ok(down) = MinorUnits::from_decimal(value, scale, Rounding::Floor) {
                prop_assert!(down.to_decimal() <= value);
            }
            if let Ok(up) = MinorUnits::from_decimal(value, scale, Rounding::Up) {
                prop_assert!(up.to_decimal() >= value);
            }
            if let Ok(cut) = MinorUnits::from_decimal(value, scale, Rounding::Truncate) {
                prop_assert!(cut.to_decimal().abs() <= value.abs());
            }
        }

        #[test]
        fn checked_arithmetic_never_panics_and_agrees_with_i128(a in any::<i64>(), b in any::<i64>()) {
            let (x, y) = (MinorUnits::new(a, Scale::IDR), MinorUnits::new(b, Scale::IDR));
            let exact_sum = i128::from(a) + i128::from(b);
            match x.checked_add(y) {
                Ok(sum) => prop_assert_eq!(i128::from(sum.count()), exact_sum),
                Err(error) => {
                    prop_assert_eq!(error, MoneyError::Overflow);
                    prop_assert!(i64::try_from(exact_sum).is_err());
                }
            }
            let exact_difference = i128::from(a) - i128::from(b);
            match x.checked_sub(y) {
                Ok(difference) => prop_assert_eq!(i128::from(difference.count()), exact_difference),
                Err(_) => prop_assert!(i64::try_from(exact_difference).is_err()),
            }
        }
    }
}

#[cfg(test)]
mod amount_text_tests {
    use super::*;

    #[test]
    fn typed_amounts_parse_exactly_into_minor_units() {
        assert_eq!(MinorUnits::parse_positive("150000", Scale::IDR), Ok(MinorUnits::idr(15_000_000)));
        assert_eq!(MinorUnits::parse_positive(" 150000.5 ", Scale::IDR), Ok(MinorUnits::idr(15_000_050)));
        assert_eq!(MinorUnits::parse_positive("0.01", Scale::IDR), Ok(MinorUnits::idr(1)));
        assert_eq!(MinorUnits::parse_positive("12.345678", Scale::USD), Ok(MinorUnits::usd(12_345_678)));
    }

    #[test]
    fn r5_01_bad_amounts_are_refused_never_rounded() {
        for bad in ["", " ", "abc", "1e5", "1,000", "-5", "+5", "99999999999999999999999999"] {
            assert_eq!(MinorUnits::parse_positive(bad, Scale::IDR), Err(AmountError::NotANumber), "{bad}");
        }
        assert_eq!(MinorUnits::parse_positive("0.00", Scale::IDR), Err(AmountError::NotPositive));
        assert_eq!(MinorUnits::parse_positive("1.001", Scale::IDR), Err(AmountError::TooManyPlaces(2)));
        assert_eq!(MinorUnits::parse_positive("99999999999999999999", Scale::IDR), Err(AmountError::OutOfRange));
    }

    #[test]
    fn amounts_print_with_their_places() {
        assert_eq!(MinorUnits::idr(15_000_050).to_string(), "150000.50");
        assert_eq!(MinorUnits::idr(0).to_string(), "0.00");
        assert_eq!(MinorUnits::usd(1_500_000).to_text_min_places(2), "1.50");
        assert_eq!(MinorUnits::usd(1_234_567).to_text_min_places(2), "1.234567");
    }
}
