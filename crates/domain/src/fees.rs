//! Transaction fee and tax on a buy (R5.06).
//!
//! Percentages are as the server sends them (`transactionFeePercentage: 0.1` means 0.1 %).
//! Every money result is rounded *up* at the asset's amount precision, so the user is never
//! undercharged and each part is a whole number of minor units the ledger can post.

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;
use thiserror::Error;

use crate::money::MoneyError;
use crate::orders::Side;
use crate::precision::Rounding;

/// Why a trade calculation has no result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum CalcError {
    /// A fee percentage outside 0 ≤ p < 100.
    #[error("fee percentage out of range")]
    InvalidFeePercentage,
    /// Amounts, quantities and prices here cannot be negative.
    #[error("negative value")]
    Negative,
    /// A price of zero (or less) cannot convert money to quantity.
    #[error("price must be positive")]
    NonPositivePrice,
    /// The result exceeds what a `Decimal` can hold.
    #[error("number too large")]
    Overflow,
}

/// The fee and tax percentages charged on a buy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FeeRates {
    transaction_fee_percentage: Decimal,
    taxation_fee_percentage: Decimal,
}

impl FeeRates {
    /// No fee, no tax.
    pub const ZERO: FeeRates =
        FeeRates { transaction_fee_percentage: Decimal::ZERO, taxation_fee_percentage: Decimal::ZERO };

    /// Rates in percent; each must be in 0 ≤ p < 100, since a fee of the whole amount or more
    /// would leave nothing to buy.
    pub fn new(transaction_fee_percentage: Decimal, taxation_fee_percentage: Decimal) -> Result<Self, CalcError> {
        let valid = |p: Decimal| p >= Decimal::ZERO && p < Decimal::ONE_HUNDRED;
        if !valid(transaction_fee_percentage) || !valid(taxation_fee_percentage) {
            return Err(CalcError::InvalidFeePercentage);
        }
        Ok(FeeRates { transaction_fee_percentage, taxation_fee_percentage })
    }

    /// The transaction fee in percent.
    pub const fn transaction_fee_percentage(&self) -> Decimal {
        self.transaction_fee_percentage
    }

    /// The tax in percent.
    pub const fn taxation_fee_percentage(&self) -> Decimal {
        self.taxation_fee_percentage
    }

    /// Both percentages added, as a fraction (0.3 % → 0.003).
    fn total_fraction(&self) -> Decimal {
        // Both are below 100, so neither the sum nor the division can overflow.
        (self.transaction_fee_percentage + self.taxation_fee_percentage) / Decimal::ONE_HUNDRED
    }
}

/// What a buy of some amount costs, part by part, all rounded up at the amount precision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BuyCost {
    /// The amount spent on the asset.
    pub amount: Decimal,
    /// The transaction fee on `amount`.
    pub transaction_fee: Decimal,
    /// The tax on `amount`.
    pub tax: Decimal,
    /// `amount + transaction_fee + tax`: what leaves the user's balance.
    pub total: Decimal,
}

/// The cost of buying `amount` (R5.06): the amount rounded up to `amount_precision` decimals,
/// plus the transaction fee and the tax, each a percentage of that rounded amount, each rounded
/// up to `amount_precision` decimals.
pub fn buy_cost(amount: Decimal, rates: &FeeRates, amount_precision: u32) -> Result<BuyCost, CalcError> {
    if amount < Decimal::ZERO {
        return Err(CalcError::Negative);
    }
    let amount = Rounding::Up.apply(amount, amount_precision);
    let part = |percentage: Decimal| -> Result<Decimal, CalcError> {
        let exact = amount
            .checked_mul(percentage)
            .and_then(|p| p.checked_div(Decimal::ONE_HUNDRED))
            .ok_or(CalcError::Overflow)?;
        Ok(Rounding::Up.apply(exact, amount_precision))
    };
    let transaction_fee = part(rates.transaction_fee_percentage)?;
    let tax = part(rates.taxation_fee_percentage)?;
    let total = amount.checked_add(transaction_fee).and_then(|sum| sum.checked_add(tax)).ok_or(CalcError::Overflow)?;
    Ok(BuyCost { amount, transaction_fee, tax, total })
}

/// The part of `gross` (fees included) that buys the asset (R5.06):
/// `gross / (1 + (transaction % + tax %) / 100)`, rounded up to `amount_precision` decimals.
///
/// Rounding up follows SPEC.md; it can exceed the exact net by less than one minor unit, which
/// the quantity absorbs because [`crate::quantities::quantity_for_amount`] floors.
pub fn net_amount(gross: Decimal, rates: &FeeRates, amount_precision: u32) -> Result<Decimal, CalcError> {
    if gross < Decimal::ZERO {
        return Err(CalcError::Negative);
    }
    let divisor = Decimal::ONE + rates.total_fraction();
    let exact = gross.checked_div(divisor).ok_or(CalcError::Overflow)?;
    Ok(Rounding::Up.apply(exact, amount_precision))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use rust_decimal_macros::dec;

    fn idx_rates() -> FeeRates {
        FeeRates::new(dec!(0.2), dec!(0.1)).unwrap()
    }

    #[test]
    fn r5_06_buy_cost_rounds_the_amount_up_then_adds_fee_and_tax() {
        let cost = buy_cost(dec!(100000.4), &idx_rates(), 0).unwrap();
        assert_eq!(cost.amount, dec!(100001));
        assert_eq!(cost.transaction_fee, dec!(201)); // 200.002 rounded up
        assert_eq!(cost.tax, dec!(101)); // 100.001 rounded up
        assert_eq!(cost.total, dec!(100303));
    }

    #[test]
    fn r5_06_buy_cost_without_fees_is_the_rounded_up_amount() {
        let cost = buy_cost(dec!(10.001), &FeeRates::ZERO, 2).unwrap();
        assert_eq!(cost.total, dec!(10.01));
    }

    #[test]
    fn r5_06_net_amount_divides_by_one_plus_the_summed_fees_rounded_up() {
        // 100000 / 1.003 = 99700.897...
        assert_eq!(net_amount(dec!(100000), &idx_rates(), 0), Ok(dec!(99701)));
        assert_eq!(net_amount(dec!(100000), &idx_rates(), 2), Ok(dec!(99700.90)));
    }

    #[test]
    fn fee_percentages_outside_zero_to_one_hundred_are_refused() {
        assert_eq!(FeeRates::new(dec!(-0.1), dec!(0)), Err(CalcError::InvalidFeePercentage));
        assert_eq!(FeeRates::new(dec!(0), dec!(100)), Err(CalcError::InvalidFeePercentage));
        assert_eq!(buy_cost(dec!(-1), &FeeRates::ZERO, 2), Err(CalcError::Negative));
    }

    fn rates() -> impl Strategy<Value = FeeRates> {
        (0i64..10_000, 0i64..10_000)
            .prop_map(|(fee, tax)| FeeRates::new(Decimal::new(fee, 3), Decimal::new(tax, 3)).unwrap())
    }

    proptest! {
        #[test]
        fn r5_06_buy_cost_covers_the_exact_cost(units in 0i64..=i64::MAX, scale in 0u32..=10, rates in rates(), places in 0u32..=8) {
            let amount = Decimal::new(units, scale);
            let cost = buy_cost(amount, &rates, places).unwrap();
            let exact = amount * (Decimal::ONE + rates.total_fraction());
            prop_assert!(cost.total >= exact);
            prop_assert_eq!(cost.total, cost.amount + cost.transaction_fee + cost.tax);
            prop_assert!(cost.total.scale() <= places);
        }

        #[test]
        fn r5_06_net_amount_plus_fees_is_at_least_the_gross(units in 0i64..=i64::MAX, scale in 0u32..=10, rates in rates(), places in 0u32..=8) {
            let gross = Decimal::new(units, scale);
            let net = net_amount(gross, &rates, places).unwrap();
            prop_assert!(net <= Rounding::Up.apply(gross, places));
            // Decimal division keeps 28 significant digits, hence the relative tolerance.
            let shortfall = gross - net * (Decimal::ONE + rates.total_fraction());
            prop_assert!(shortfall <= gross * Decimal::new(1, 20));
        }
    }
}

/// Fees and taxes in percent of the traded value (`0.21` means 0.21 %).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FeeSchedule {
    /// The broker's transaction fee on every buy and sell.
    pub transaction_fee_percentage: Decimal,
    /// Tax on a buy: none since PMK 50/2025 (VAT on the delivery of crypto assets was dropped).
    pub buy_tax_percentage: Decimal,
    /// Final income tax (PPh 22) on a sale through a domestic exchange: 0.21 % under PMK 50/2025.
    pub sell_tax_percentage: Decimal,
}

impl FeeSchedule {
    /// The fee and tax percentages that apply to a side.
    pub fn for_side(&self, side: Side) -> (Decimal, Decimal) {
        let tax = match side {
            Side::Buy => self.buy_tax_percentage,
            Side::Sell => self.sell_tax_percentage,
        };
        (self.transaction_fee_percentage, tax)
    }
}

/// Cumulative fee and tax on a cumulative traded value, each rounded up to the sen and together
/// never above the value. Being cumulative and monotone, the sum charged over many partial fills
/// equals what one fill of the same value would cost, so a hold sized for the whole order covers
/// every split of it.
pub fn fee_and_tax(value_sen: i64, fee_pct: Decimal, tax_pct: Decimal) -> Result<(i64, i64), MoneyError> {
    let fee = percent_up(value_sen, fee_pct)?.min(value_sen);
    let tax = percent_up(value_sen, tax_pct)?.min(value_sen - fee);
    Ok((fee, tax))
}

/// `pct` % of `amount`, rounded up to a whole minor unit.
fn percent_up(amount: i64, pct: Decimal) -> Result<i64, MoneyError> {
    Decimal::from(amount)
        .checked_mul(pct)
        .and_then(|p| p.checked_div(Decimal::ONE_HUNDRED))
        .and_then(|exact| exact.ceil().to_i64())
        .ok_or(MoneyError::Overflow)
}

/// What a buy of cumulative value `value_sen` costs in total (R5.06): value plus fee plus tax.
pub fn buy_total(value_sen: i64, fees: &FeeSchedule) -> Result<i64, MoneyError> {
    margin_buy_total(value_sen, value_sen, fees)
}

/// What a buy of `value` costs the buyer when only `own_part` of it is their money (the rest is
/// lent): own part plus the fee and tax on the whole value.
pub fn margin_buy_total(value: i64, own_part: i64, fees: &FeeSchedule) -> Result<i64, MoneyError> {
    let (fee, tax) = fee_and_tax(value, fees.transaction_fee_percentage, fees.buy_tax_percentage)?;
    own_part.checked_add(fee).and_then(|v| v.checked_add(tax)).ok_or(MoneyError::Overflow)
}

/// What a seller receives for `value` once `fee` and `tax` are taken.
pub fn sell_net(value: i64, fee: i64, tax: i64) -> Result<i64, MoneyError> {
    value.checked_sub(fee).and_then(|v| v.checked_sub(tax)).ok_or(MoneyError::Overflow)
}

/// The largest value whose total cost with fees stays within `gross_sen` (the net of a buy by amount).
pub fn net_for_gross(gross_sen: i64, fees: &FeeSchedule) -> Result<i64, MoneyError> {
    let rate = Decimal::ONE + (fees.transaction_fee_percentage + fees.buy_tax_percentage) / Decimal::ONE_HUNDRED;
    let mut net =
        Decimal::from(gross_sen).checked_div(rate).and_then(|n| n.floor().to_i64()).ok_or(MoneyError::Overflow)?;
    // Rounding each part up can push the total a sen or two over; step down until it fits.
    while net > 0 && buy_total(net, fees).map_or(true, |total| total > gross_sen) {
        net -= 1;
    }
    Ok(net.max(0))
}

/// A payment gateway's fee on `amount`: a flat part plus `bps` basis points, rounded up.
pub fn gateway_fee(amount: i64, flat: i64, bps: i64) -> Result<i64, MoneyError> {
    let per_whole = i128::from(crate::amounts::BPS_PER_WHOLE);
    // A ceiling division: the gateway never charges us less than its rate.
    let variable = (i128::from(amount) * i128::from(bps) + per_whole - 1).div_euclid(per_whole);
    i64::try_from(variable).ok().and_then(|v| v.checked_add(flat)).ok_or(MoneyError::Overflow)
}

/// The tax withheld from a `gross` payment at `rate_pct` %, rounded up and never above the gross.
pub fn withholding(gross: i64, rate_pct: Decimal) -> Result<i64, MoneyError> {
    Ok(percent_up(gross, rate_pct)?.min(gross))
}

#[cfg(test)]
mod schedule_tests {
    use super::*;

    fn fees() -> FeeSchedule {
        FeeSchedule {
            transaction_fee_percentage: Decimal::new(15, 2),
            buy_tax_percentage: Decimal::ZERO,
            sell_tax_percentage: Decimal::new(21, 2),
        }
    }

    #[test]
    fn r5_06_cumulative_fees_never_exceed_one_fill_of_the_same_value() {
        let f = fees();
        let whole = buy_total(1_000_001, &f).unwrap();
        let mut charged = 0;
        let mut value = 0;
        for part in [1, 333_333, 2, 666_665] {
            let before = buy_total(value, &f).unwrap();
            value += part;
            charged += buy_total(value, &f).unwrap() - before;
        }
        assert_eq!(charged, whole);
    }

    #[test]
    fn r5_06_net_of_a_gross_amount_plus_fees_fits_the_gross() {
        let f = fees();
        for gross in [1, 99, 1_000_000, 123_456_789] {
            let net = net_for_gross(gross, &f).unwrap();
            assert!(buy_total(net, &f).unwrap() <= gross);
            assert!(buy_total(net + 1, &f).unwrap() > gross || net + 1 > gross);
        }
    }

    #[test]
    fn sell_fee_and_tax_never_exceed_the_value() {
        assert_eq!(fee_and_tax(1, Decimal::new(15, 2), Decimal::new(21, 2)), Ok((1, 0)));
        assert_eq!(fee_and_tax(10_000_000, Decimal::new(15, 2), Decimal::new(21, 2)), Ok((15_000, 21_000)));
    }

    #[test]
    fn a_fee_beyond_what_minor_units_can_count_is_an_error_not_the_value() {
        let huge = Decimal::from(i64::MAX);
        assert_eq!(fee_and_tax(i64::MAX, huge, Decimal::ZERO), Err(MoneyError::Overflow));
        assert_eq!(withholding(i64::MAX, huge), Err(MoneyError::Overflow));
    }

    #[test]
    fn a_sale_nets_the_value_less_fee_and_tax() {
        assert_eq!(sell_net(10_000_000, 15_000, 21_000), Ok(9_964_000));
        assert_eq!(sell_net(i64::MIN, 1, 0), Err(MoneyError::Overflow));
    }

    #[test]
    fn a_margin_buy_costs_the_own_part_plus_fees_on_the_whole_value() {
        let f = fees();
        assert_eq!(margin_buy_total(1_000_000, 500_000, &f), Ok(501_500));
        assert_eq!(margin_buy_total(1_000_000, i64::MAX, &f), Err(MoneyError::Overflow));
    }

    #[test]
    fn gateway_fees_round_their_rate_up_and_refuse_overflow() {
        // Rp 100,000.01 at 0.7 % is Rp 700.00007, charged as Rp 700.01; plus Rp 4,000 flat.
        assert_eq!(gateway_fee(10_000_001, 400_000, 70), Ok(470_001));
        assert_eq!(gateway_fee(10_000_000, 0, 0), Ok(0));
        assert_eq!(gateway_fee(i64::MAX, 0, 10_000), Ok(i64::MAX));
        assert_eq!(gateway_fee(i64::MAX, 1, 10_000), Err(MoneyError::Overflow));
        assert_eq!(gateway_fee(i64::MAX, 0, 20_000), Err(MoneyError::Overflow));
    }

    #[test]
    fn withholding_is_rounded_up_and_never_above_the_gross() {
        assert_eq!(withholding(1_000_001, Decimal::new(15, 0)), Ok(150_001));
        assert_eq!(withholding(5, Decimal::ONE_HUNDRED), Ok(5));
    }

    #[test]
    fn the_net_of_a_gross_beyond_a_decimal_rate_is_an_error_not_zero() {
        let broken = FeeSchedule {
            transaction_fee_percentage: Decimal::from(-100),
            buy_tax_percentage: Decimal::ZERO,
            sell_tax_percentage: Decimal::ZERO,
        };
        assert_eq!(net_for_gross(100, &broken), Err(MoneyError::Overflow));
    }

    #[test]
    fn a_total_beyond_what_minor_units_can_count_is_an_error_not_a_cap() {
        assert_eq!(buy_total(i64::MAX - 10, &fees()), Err(MoneyError::Overflow));
    }
}
