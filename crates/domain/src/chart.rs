//! Chart ranges and candle resolutions per asset class (R4.12, R9.07), and the chart's
//! price-change percentage (R2.12, R9.05).

use rust_decimal::{Decimal, RoundingStrategy};

use crate::assets::AssetType;
use crate::text_enum::text_enum;

/// Decimal places of a price-change percentage (R9.05).
pub const PRICE_CHANGE_DECIMAL_PLACES: u32 = 2;

text_enum! {
    /// How much history a chart shows (R4.12).
    pub enum ChartRange {
        /// One day.
        OneDay => "1D",
        /// One week.
        OneWeek => "1W",
        /// One month.
        OneMonth => "1M",
        /// Three months.
        ThreeMonths => "3M",
        /// Since 1 January.
        YearToDate => "YTD",
        /// One year.
        OneYear => "1Y",
        /// All history.
        All => "ALL",
    }
}

text_enum! {
    /// A candle width, spelled as the charting library expects: minutes as a bare number,
    /// longer widths with a unit letter (R9.07).
    pub enum Resolution {
        /// One minute.
        Minute1 => "1",
        /// Five minutes.
        Minute5 => "5",
        /// Ten minutes.
        Minute10 => "10",
        /// Fifteen minutes.
        Minute15 => "15",
        /// One hour.
        Minute60 => "60",
        /// Two hours.
        Minute120 => "120",
        /// Four hours.
        Minute240 => "240",
        /// One day.
        Day1 => "1D",
        /// One week.
        Week1 => "1W",
        /// One month.
        Month1 => "1M",
    }
}

const SECONDS_PER_MINUTE: u64 = 60;
const SECONDS_PER_DAY: u64 = 86_400;

const CRYPTO_RESOLUTIONS: &[Resolution] = &[
    Resolution::Minute1,
    Resolution::Minute5,
    Resolution::Minute15,
    Resolution::Minute60,
    Resolution::Minute120,
    Resolution::Minute240,
    Resolution::Day1,
    Resolution::Week1,
    Resolution::Month1,
];
const PERPS_RESOLUTIONS: &[Resolution] = &[
    Resolution::Minute1,
    Resolution::Minute5,
    Resolution::Minute15,
    Resolution::Minute60,
    Resolution::Minute240,
    Resolution::Day1,
];
const US_STOCK_RESOLUTIONS: &[Resolution] = &[
    Resolution::Minute5,
    Resolution::Minute10,
    Resolution::Minute15,
    Resolution::Minute60,
    Resolution::Day1,
    Resolution::Week1,
];
const IDSS_RESOLUTIONS: &[Resolution] =
    &[Resolution::Minute5, Resolution::Minute60, Resolution::Day1, Resolution::Week1];

impl Resolution {
    /// The resolutions an asset class's chart offers, shortest first (R9.07).
    pub const fn for_asset(asset: AssetType) -> &'static [Resolution] {
        match asset {
            AssetType::Crypto => CRYPTO_RESOLUTIONS,
            AssetType::Perps => PERPS_RESOLUTIONS,
            AssetType::UsStock => US_STOCK_RESOLUTIONS,
            AssetType::Idss => IDSS_RESOLUTIONS,
        }
    }

    /// True if `asset`'s chart offers this resolution (R9.07).
    pub fn allowed_for(self, asset: AssetType) -> bool {
        Self::for_asset(asset).contains(&self)
    }

    /// The candle width in seconds. A month is a nominal 30 days: monthly candles are bucketed
    /// by calendar month, so use this for ordering and rough spans, not for bucket edges.
    pub const fn duration_seconds(self) -> u64 {
        match self {
            Resolution::Minute1 => SECONDS_PER_MINUTE,
            Resolution::Minute5 => 5 * SECONDS_PER_MINUTE,
            Resolution::Minute10 => 10 * SECONDS_PER_MINUTE,
            Resolution::Minute15 => 15 * SECONDS_PER_MINUTE,
            Resolution::Minute60 => 60 * SECONDS_PER_MINUTE,
            Resolution::Minute120 => 120 * SECONDS_PER_MINUTE,
            Resolution::Minute240 => 240 * SECONDS_PER_MINUTE,
            Resolution::Day1 => SECONDS_PER_DAY,
            Resolution::Week1 => 7 * SECONDS_PER_DAY,
            Resolution::Month1 => 30 * SECONDS_PER_DAY,
        }
    }
}

/// The change from `previous` to `current` in percent, rounded half away from zero to 2
/// decimals (R2.12); `None` when `previous` is zero, where a percentage has no meaning.
pub fn price_change_percentage(previous: Decimal, current: Decimal) -> Option<Decimal> {
    let change = current.checked_sub(previous)?;
    let ratio = change.checked_div(previous)?;
    let percent = ratio.checked_mul(Decimal::ONE_HUNDRED)?;
    Some(percent.round_dp_with_strategy(PRICE_CHANGE_DECIMAL_PLACES, RoundingStrategy::MidpointAwayFromZero))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal_macros::dec;

    fn spelled(asset: AssetType) -> Vec<&'static str> {
        Resolution::for_asset(asset).iter().map(|r| r.as_str()).collect()
    }

    #[test]
    fn r9_07_resolutions_per_asset_class() {
        assert_eq!(spelled(AssetType::Crypto), ["1", "5", "15", "60", "120", "240", "1D", "1W", "1M"]);
        assert_eq!(spelled(AssetType::Perps), ["1", "5", "15", "60", "240", "1D"]);
        assert_eq!(spelled(AssetType::UsStock), ["5", "10", "15", "60", "1D", "1W"]);
        assert_eq!(spelled(AssetType::Idss), ["5", "60", "1D", "1W"]);
    }

    #[test]
    fn r9_07_resolution_outside_the_class_list_is_not_allowed() {
        assert!(Resolution::Minute10.allowed_for(AssetType::UsStock));
        assert!(!Resolution::Minute10.allowed_for(AssetType::Crypto));
        assert!(!Resolution::Minute1.allowed_for(AssetType::Idss));
        assert!(!Resolution::Month1.allowed_for(AssetType::Perps));
    }

    #[test]
    fn r9_07_resolutions_parse_from_their_text_and_know_their_duration() {
        assert_eq!("240".parse(), Ok(Resolution::Minute240));
        assert_eq!("1D".parse(), Ok(Resolution::Day1));
        assert!("2".parse::<Resolution>().is_err());
        assert_eq!(Resolution::Minute15.duration_seconds(), 900);
        assert_eq!(Resolution::Week1.duration_seconds(), 604_800);
        let sorted = Resolution::ALL.windows(2).all(|w| w[0].duration_seconds() < w[1].duration_seconds());
        assert!(sorted);
    }

    #[test]
    fn r4_12_chart_ranges_are_spelled_as_the_spec_lists_them() {
        let ranges: Vec<_> = ChartRange::ALL.iter().map(|r| r.as_str()).collect();
        assert_eq!(ranges, ["1D", "1W", "1M", "3M", "YTD", "1Y", "ALL"]);
        assert_eq!(serde_json::from_str::<ChartRange>("\"YTD\"").unwrap(), ChartRange::YearToDate);
    }

    #[test]
    fn r2_12_price_change_percentage_has_two_decimals() {
        assert_eq!(price_change_percentage(dec!(3), dec!(4)), Some(dec!(33.33)));
        assert_eq!(price_change_percentage(dec!(200), dec!(199.99)), Some(dec!(-0.01)));
        // 0.005 % exactly: half away from zero, not to even.
        assert_eq!(price_change_percentage(dec!(200), dec!(200.01)), Some(dec!(0.01)));
        assert_eq!(price_change_percentage(dec!(0), dec!(1)), None);
    }
}
