//! The order form's percentage slider (R5.04, R9.05).

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use crate::orders::Side;
use crate::precision::Rounding;

/// Positions the slider labels (R5.04).
pub const SLIDER_MARKS_PERCENT: [u8; 5] = [0, 25, 50, 75, 100];
/// The slider's maximum; it moves in steps of one percent (R9.05).
pub const SLIDER_MAX_PERCENT: u8 = 100;

/// A slider position: a whole percent from 0 to 100.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SliderPercent(u8);

impl SliderPercent {
    /// `percent` if it is within 0–100.
    pub const fn new(percent: u8) -> Option<Self> {
        if percent <= SLIDER_MAX_PERCENT {
            Some(SliderPercent(percent))
        } else {
            None
        }
    }

    /// The percent.
    pub const fn get(self) -> u8 {
        self.0
    }
}

/// What the slider sets: money when buying, asset quantity when selling (R5.04).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SliderValue {
    /// The amount to spend.
    Amount(Decimal),
    /// The quantity to sell.
    Quantity(Decimal),
}

/// The slider is usable only with some power to spend or sell (R5.04).
pub fn slider_enabled(power: Option<Decimal>) -> bool {
    power.is_some_and(|power| power > Decimal::ZERO)
}

/// The value at `percent` of `power`, truncated to `precision` decimals so it never exceeds
/// what is available; `None` while the slider is disabled (R5.04) or for a power so large
/// (above 10^26) that the product overflows.
pub fn slider_value(side: Side, percent: SliderPercent, power: Option<Decimal>, precision: u32) -> Option<SliderValue> {
    let power = power.filter(|p| *p > Decimal::ZERO)?;
    let exact = power.checked_mul(Decimal::from(percent.0))? / Decimal::ONE_HUNDRED;
    let value = Rounding::Truncate.apply(exact, precision);
    Some(match side {
        Side::Buy => SliderValue::Amount(value),
        Side::Sell => SliderValue::Quantity(value),
    })
}

/// The slider position for a typed `value`, so the slider follows the field: the whole percent
/// of `power` it makes up, capped at 100; `None` while the slider is disabled.
pub fn slider_percent_for(value: Decimal, power: Option<Decimal>) -> Option<SliderPercent> {
    let power = power.filter(|p| *p > Decimal::ZERO)?;
    let max = Decimal::from(SLIDER_MAX_PERCENT);
    let percent = value
        .max(Decimal::ZERO)
        .checked_div(power)
        .and_then(|ratio| ratio.checked_mul(Decimal::ONE_HUNDRED))
        .map_or(max, |p| p.min(max).floor());
    percent.to_u8().and_then(SliderPercent::new)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use rust_decimal_macros::dec;

    fn percent(p: u8) -> SliderPercent {
        SliderPercent::new(p).unwrap()
    }

    #[test]
    fn r5_04_slider_is_disabled_without_power() {
        assert!(!slider_enabled(None));
        assert!(!slider_enabled(Some(dec!(0))));
        assert!(slider_enabled(Some(dec!(0.01))));
        assert_eq!(slider_value(Side::Buy, percent(50), Some(dec!(0)), 0), None);
        assert_eq!(slider_value(Side::Buy, percent(50), None, 0), None);
    }

    #[test]
    fn r5_04_buy_slider_sets_the_amount_and_sell_slider_the_quantity() {
        assert_eq!(
            slider_value(Side::Buy, percent(25), Some(dec!(1000000)), 0),
            Some(SliderValue::Amount(dec!(250000)))
        );
        assert_eq!(
            slider_value(Side::Sell, percent(33), Some(dec!(0.12345678)), 8),
            Some(SliderValue::Quantity(dec!(0.04074073)))
        );
    }

    #[test]
    fn r5_04_slider_runs_from_zero_to_one_hundred_with_five_marks() {
        assert_eq!(SliderPercent::new(101), None);
        assert_eq!(SliderPercent::new(100).map(SliderPercent::get), Some(100));
        assert_eq!(SLIDER_MARKS_PERCENT, [0, 25, 50, 75, 100]);
    }

    #[test]
    fn r5_04_slider_follows_a_typed_value() {
        assert_eq!(slider_percent_for(dec!(255), Some(dec!(1000))), Some(percent(25)));
        assert_eq!(slider_percent_for(dec!(5000), Some(dec!(1000))), Some(percent(100)));
        assert_eq!(slider_percent_for(dec!(1), Some(dec!(0))), None);
    }

    proptest! {
        #[test]
        fn r5_04_slider_value_never_exceeds_power(units in 0i64..=i64::MAX, scale in 0u32..=18, p in 0u8..=100, precision in 0u32..=18) {
            let power = Decimal::new(units, scale);
            if let Some(SliderValue::Amount(value)) = slider_value(Side::Buy, percent(p), Some(power), precision) {
                prop_assert!(value <= power);
                prop_assert!(value >= Decimal::ZERO);
            }
        }
    }
}
