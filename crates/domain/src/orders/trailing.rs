//! A trailing stop (R4.10): a stop-loss whose trigger follows the best price seen since it was
//! placed by a fixed distance or a percentage. Shared by every class that offers it.

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use crate::orders::Side;

/// The distance a trailing stop keeps from its watermark.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trail {
    /// A fixed distance in the instrument's price units.
    Amount(i64),
    /// A percentage of the watermark.
    Percent(Decimal),
}

impl Trail {
    /// The trail of stored fields (amount wins; neither is no trail).
    pub fn of(amount: Option<i64>, percent: Option<Decimal>) -> Option<Trail> {
        match (amount, percent) {
            (Some(a), _) => Some(Trail::Amount(a)),
            (None, Some(p)) => Some(Trail::Percent(p)),
            (None, None) => None,
        }
    }

    /// The distance from `watermark`, in price units (a percentage rounds to the nearest unit).
    pub fn distance(self, watermark: i64) -> i64 {
        match self {
            Trail::Amount(a) => a,
            Trail::Percent(p) => (Decimal::from(watermark) * p / Decimal::ONE_HUNDRED).round().to_i64().unwrap_or(0),
        }
    }

    /// Where the stop stands for `watermark`: below it for a sell, above it for a buy.
    pub fn stop_price(self, side: Side, watermark: i64) -> i64 {
        match side {
            Side::Sell => watermark - self.distance(watermark),
            Side::Buy => watermark + self.distance(watermark),
        }
    }
}

/// The watermark after the market touched `touch`: the highest seen for a sell, the lowest for a buy.
pub fn next_watermark(side: Side, watermark: Option<i64>, touch: i64) -> i64 {
    match (side, watermark) {
        (_, None) => touch,
        (Side::Sell, Some(w)) => w.max(touch),
        (Side::Buy, Some(w)) => w.min(touch),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r4_10_a_trailing_stop_follows_its_watermark() {
        assert_eq!(Trail::Amount(50).stop_price(Side::Sell, 2_000), 1_950);
        assert_eq!(Trail::Percent(Decimal::from(5)).stop_price(Side::Sell, 2_000), 1_900);
        assert_eq!(Trail::Amount(50).stop_price(Side::Buy, 2_000), 2_050);
        assert_eq!(next_watermark(Side::Sell, Some(2_000), 2_100), 2_100);
        assert_eq!(next_watermark(Side::Sell, Some(2_000), 1_900), 2_000, "a sell's watermark never falls");
        assert_eq!(next_watermark(Side::Buy, Some(2_000), 1_900), 1_900);
        assert_eq!(next_watermark(Side::Sell, None, 1_234), 1_234);
        assert_eq!(Trail::of(None, None), None);
    }
}
