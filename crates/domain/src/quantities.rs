//! Quantities derived from money (R5.02) and the OCO sell quantity and amount (R5.12).

use rust_decimal::Decimal;

use crate::fees::CalcError;
use crate::orders::Leverage;
use crate::precision::{floor_to_step, Rounding};

/// Decimal places of an OCO order's amount (R5.12).
pub const OCO_AMOUNT_DECIMAL_PLACES: u32 = 2;

/// How finely an asset's quantity can be ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuantityRules {
    /// Decimal places of the quantity (quantityPrecision).
    pub precision: u32,
    /// Smallest increment (stepConfig.quantity), if the asset has one.
    pub step: Option<Decimal>,
}

/// The quantity `net_amount` buys at `price` (R5.02): floored to `rules.precision` decimals,
/// then floored to a multiple of `rules.step` when there is one, so the order never costs more
/// than the money it came from. Pass the net of fees from [`crate::fees::net_amount`].
pub fn quantity_for_amount(net_amount: Decimal, price: Decimal, rules: QuantityRules) -> Result<Decimal, CalcError> {
    if price <= Decimal::ZERO {
        return Err(CalcError::NonPositivePrice);
    }
    if net_amount < Decimal::ZERO {
        return Err(CalcError::Negative);
    }
    let exact = net_amount.checked_div(price).ok_or(CalcError::Overflow)?;
    let quantity = Rounding::Floor.apply(exact, rules.precision);
    match rules.step {
        Some(step) => floor_to_step(quantity, step).ok_or(CalcError::Overflow),
        None => Ok(quantity),
    }
}

/// The quantity of an OCO sell (R5.12): a whole number when unleveraged (unleveraged holdings
/// are sold in whole units), otherwise the quantity floored to `precision` decimals.
pub fn oco_sell_quantity(quantity: Decimal, leverage: Leverage, precision: u32) -> Decimal {
    let places = if leverage.is_leveraged() { precision } else { 0 };
    Rounding::Floor.apply(quantity, places)
}

/// The amount of an OCO sell (R5.12): quantity × take-profit price, rounded down to 2 decimals.
pub fn oco_sell_amount(quantity: Decimal, take_profit: Decimal) -> Result<Decimal, CalcError> {
    let exact = quantity.checked_mul(take_profit).ok_or(CalcError::Overflow)?;
    Ok(Rounding::Floor.apply(exact, OCO_AMOUNT_DECIMAL_PLACES))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use rust_decimal_macros::dec;

    const NO_STEP: QuantityRules = QuantityRules { precision: 8, step: None };

    #[test]
    fn r5_02_quantity_from_amount_is_floored_to_the_step() {
        let rules = QuantityRules { precision: 8, step: Some(dec!(0.001)) };
        // 100000 / 1500000 = 0.0666...
        assert_eq!(quantity_for_amount(dec!(100000), dec!(1500000), rules), Ok(dec!(0.066)));
    }

    #[test]
    fn r5_02_without_a_step_the_quantity_is_floored_to_its_precision() {
        assert_eq!(quantity_for_amount(dec!(100000), dec!(1500000), NO_STEP), Ok(dec!(0.06666666)));
    }

    #[test]
    fn quantity_for_amount_refuses_a_zero_price_instead_of_dividing_by_zero() {
        assert_eq!(quantity_for_amount(dec!(1), dec!(0), NO_STEP), Err(CalcError::NonPositivePrice));
        assert_eq!(quantity_for_amount(dec!(-1), dec!(1), NO_STEP), Err(CalcError::Negative));
    }

    #[test]
    fn r5_12_unleveraged_oco_sell_quantity_is_a_whole_number() {
        assert_eq!(oco_sell_quantity(dec!(3.987654), Leverage::None, 6), dec!(3));
        assert_eq!(oco_sell_quantity(dec!(3.9876549), Leverage::X2, 6), dec!(3.987654));
    }

    #[test]
    fn r5_12_oco_amount_is_quantity_times_take_profit_rounded_down_to_two_places() {
        assert_eq!(oco_sell_amount(dec!(3), dec!(10.999)), Ok(dec!(32.99)));
        assert_eq!(oco_sell_amount(dec!(0.333333), dec!(3)), Ok(dec!(0.99)));
    }

    proptest! {
        #[test]
        fn r5_02_derived_quantity_never_costs_more_than_the_amount(
            amount in 0i64..1_000_000_000_000,
            price in 1i64..1_000_000_000,
            precision in 0u32..=10,
            step_units in proptest::option::of(1i64..1000),
        ) {
            let (amount, price) = (Decimal::from(amount), Decimal::new(price, 2));
            let step = step_units.map(|u| Decimal::new(u, 4));
            let quantity = quantity_for_amount(amount, price, QuantityRules { precision, step }).unwrap();
            prop_assert!(quantity * price <= amount);
            prop_assert!(quantity >= Decimal::ZERO);
            if let Some(step) = step {
                prop_assert_eq!(quantity % step, Decimal::ZERO);
            }
        }

        #[test]
        fn r5_12_oco_amount_never_exceeds_the_exact_product(q in 0i64..1_000_000_000, tp in 0i64..1_000_000_000) {
            let (q, tp) = (Decimal::new(q, 4), Decimal::new(tp, 3));
            let amount = oco_sell_amount(q, tp).unwrap();
            prop_assert!(amount <= q * tp);
            prop_assert!(q * tp - amount < dec!(0.01));
        }
    }
}
