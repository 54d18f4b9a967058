//! Checked arithmetic on counts of minor units: the value of a quantity at a price, shares of a
//! whole, interest, leverage and changes of scale. A result that does not fit in an `i64` is
//! [`MoneyError::Overflow`], never a cap or a zero, so no caller can post a silently wrong amount.

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use crate::money::{MoneyError, Scale};
use crate::precision::Rounding;

/// Days in the year simple interest is counted over (an actual/365 convention, leap years too).
pub const INTEREST_DAYS_PER_YEAR: u32 = 365;

/// Basis points in one whole (100 %).
pub const BPS_PER_WHOLE: i64 = 10_000;

/// `10^places` as an `i128`; places up to 38 fit.
fn pow10(places: u32) -> Result<i128, MoneyError> {
    10i128.checked_pow(places).ok_or(MoneyError::Overflow)
}

/// `numerator / denominator` rounded in `rounding`'s direction; `denominator` is positive.
fn divide(numerator: i128, denominator: i128, rounding: Rounding) -> i128 {
    match rounding {
        Rounding::Truncate => numerator / denominator,
        Rounding::Floor => numerator.div_euclid(denominator),
        Rounding::Up => -(-numerator).div_euclid(denominator),
        Rounding::HalfEven => {
            let (quotient, rest) = (numerator.div_euclid(denominator), numerator.rem_euclid(denominator));
            // `rest` against the other part of the divisor, not `2 × rest`, which could overflow.
            match rest.cmp(&(denominator - rest)) {
                std::cmp::Ordering::Less => quotient,
                std::cmp::Ordering::Greater => quotient + 1,
                std::cmp::Ordering::Equal => quotient + quotient.rem_euclid(2),
            }
        }
    }
}

fn narrow(value: i128) -> Result<i64, MoneyError> {
    i64::try_from(value).map_err(|_| MoneyError::Overflow)
}

/// `price × quantity` counted in minor units of `out`, where `price` has `price_places` decimals
/// and `quantity` `quantity_places`; extra places are rounded with `rounding` (a buyer's cost up,
/// a seller's proceeds down).
pub fn value_of(
    price: i64,
    price_places: u32,
    quantity: i64,
    quantity_places: u32,
    out: Scale,
    rounding: Rounding,
) -> Result<i64, MoneyError> {
    // Two i64 factors always fit in an i128.
    let product = i128::from(price) * i128::from(quantity);
    let places = price_places + quantity_places;
    let out_places = out.decimal_places();
    if places >= out_places {
        narrow(divide(product, pow10(places - out_places)?, rounding))
    } else {
        narrow(product.checked_mul(pow10(out_places - places)?).ok_or(MoneyError::Overflow)?)
    }
}

/// The quantity (with `quantity_places` decimals) that `money` minor units of `money_scale` buy
/// at `price` (with `price_places` decimals), rounded toward zero; zero at a price of zero or less,
/// which buys nothing.
pub fn quantity_for(
    money: i64,
    money_scale: Scale,
    price: i64,
    price_places: u32,
    quantity_places: u32,
) -> Result<i64, MoneyError> {
    if price <= 0 {
        return Ok(0);
    }
    narrow(quote_units(money, money_scale, price_places + quantity_places)? / i128::from(price))
}

/// `money` minor units of `money_scale` as a count with `places` decimals (a matching engine's
/// price units × quantity units), rounded toward zero.
pub fn quote_units(money: i64, money_scale: Scale, places: u32) -> Result<i128, MoneyError> {
    let money_places = money_scale.decimal_places();
    if places >= money_places {
        i128::from(money).checked_mul(pow10(places - money_places)?).ok_or(MoneyError::Overflow)
    } else {
        Ok(i128::from(money) / pow10(money_places - places)?)
    }
}

/// `whole × numerator / denominator`, rounded toward zero: the share of a whole that a part of
/// it carries (the cost of some of a position's shares). A denominator of zero shares nothing.
pub fn pro_rata(whole: i64, numerator: i64, denominator: i64) -> Result<i64, MoneyError> {
    if denominator == 0 {
        return Ok(0);
    }
    narrow(i128::from(whole) * i128::from(numerator) / i128::from(denominator))
}

/// `count` units with `from_places` decimals as units with `to_places` (at least as many), e.g. an
/// engine quantity as ledger units.
pub fn rescale_up(count: i64, from_places: u32, to_places: u32) -> Result<i64, MoneyError> {
    let extra =
        to_places.checked_sub(from_places).ok_or(MoneyError::ScaleMismatch { left: from_places, right: to_places })?;
    narrow(i128::from(count).checked_mul(pow10(extra)?).ok_or(MoneyError::Overflow)?)
}

/// Whole units (rupiah, dollars) of a setting as minor units of `scale`.
pub fn from_whole(whole: i64, scale: Scale) -> Result<i64, MoneyError> {
    rescale_up(whole, 0, scale.decimal_places())
}

/// What `available` money buys at `leverage` times: the buying power shown beside a wallet.
pub fn buying_power(available: i64, leverage: i64) -> Result<i64, MoneyError> {
    available.checked_mul(leverage).ok_or(MoneyError::Overflow)
}

/// One day's simple interest on `balance` at `annual_percent` (`3.5` is 3.5 % a year) over a year
/// of `days_per_year` days, rounded down so the house never pays or charges a fraction it does not
/// have.
pub fn daily_interest(balance: i64, annual_percent: Decimal, days_per_year: u32) -> Result<i64, MoneyError> {
    let per_year = Decimal::from(days_per_year) * Decimal::ONE_HUNDRED;
    Decimal::from(balance)
        .checked_mul(annual_percent)
        .and_then(|yearly| yearly.checked_div(per_year))
        .and_then(|daily| daily.floor().to_i64())
        .ok_or(MoneyError::Overflow)
}

/// `value` counted in units with `places` decimals, rounded to the nearest unit (a midpoint to the
/// even one): a market price, which has no side to favour.
pub fn nearest_units(value: Decimal, places: u32) -> Result<i64, MoneyError> {
    let factor = Decimal::from(i64::try_from(pow10(places)?).map_err(|_| MoneyError::Overflow)?);
    value.checked_mul(factor).and_then(|units| units.round().to_i64()).ok_or(MoneyError::Overflow)
}

/// `value` counted in units with `places` decimals, the extra places dropped: a quantity on offer,
/// of which no more than is there may be counted.
pub fn truncated_units(value: Decimal, places: u32) -> Result<i64, MoneyError> {
    let factor = Decimal::from(i64::try_from(pow10(places)?).map_err(|_| MoneyError::Overflow)?);
    value.checked_mul(factor).and_then(|units| units.trunc().to_i64()).ok_or(MoneyError::Overflow)
}

/// The average price of `quantity` bought or sold for `total`, at `places` decimals (a midpoint to
/// the even digit: a figure shown, never charged); `None` for no quantity or a quotient beyond range.
pub fn average_price(total: Decimal, quantity: Decimal, places: u32) -> Option<Decimal> {
    total.checked_div(quantity).map(|average| Rounding::HalfEven.apply(average, places))
}

/// `value` at `rate` (an equivalent in another currency, shown, never charged), at `places`
/// decimals with a midpoint to the even digit.
pub fn at_rate(value: Decimal, rate: Decimal, places: u32) -> Result<Decimal, MoneyError> {
    value.checked_mul(rate).map(|converted| Rounding::HalfEven.apply(converted, places)).ok_or(MoneyError::Overflow)
}

/// An annual rate in basis points as a percentage (350 bps is 3.5 %).
pub fn bps_as_percent(bps: i64) -> Decimal {
    Decimal::new(bps, 2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal_macros::dec;

    #[test]
    fn half_even_division_takes_a_midpoint_to_the_even_unit() {
        // 2.5 and 3.5 minor units: to 2 and to 4; 2.6 to 3; -2.5 to -2.
        assert_eq!(value_of(25, 1, 1, 0, Scale::new(0).unwrap(), Rounding::HalfEven), Ok(2));
        assert_eq!(value_of(35, 1, 1, 0, Scale::new(0).unwrap(), Rounding::HalfEven), Ok(4));
        assert_eq!(value_of(26, 1, 1, 0, Scale::new(0).unwrap(), Rounding::HalfEven), Ok(3));
        assert_eq!(value_of(-25, 1, 1, 0, Scale::new(0).unwrap(), Rounding::HalfEven), Ok(-2));
    }

    #[test]
    fn average_price_rounds_half_even_and_has_none_for_no_quantity() {
        assert_eq!(average_price(dec!(10), dec!(3), 2), Some(dec!(3.33)));
        assert_eq!(average_price(dec!(0.125), dec!(1), 2), Some(dec!(0.12)));
        assert_eq!(average_price(dec!(10), dec!(0), 2), None);
    }

    #[test]
    fn at_rate_converts_rounds_half_even_and_refuses_overflow() {
        assert_eq!(at_rate(dec!(1.5), dec!(16250.5), 0), Ok(dec!(24376)));
        assert_eq!(at_rate(dec!(0.5), dec!(1), 0), Ok(dec!(0)));
        assert_eq!(at_rate(Decimal::MAX, dec!(2), 0), Err(MoneyError::Overflow));
    }

    #[test]
    fn value_of_rounds_in_the_requested_direction() {
        // 1.5 shares at $190.33 = $285.495, in micro-dollars from 4-place prices and 6-place shares.
        assert_eq!(value_of(1_903_300, 4, 1_500_000, 6, Scale::USD, Rounding::Up), Ok(285_495_000));
        assert_eq!(value_of(3, 4, 1, 6, Scale::USD, Rounding::Up), Ok(1));
        assert_eq!(value_of(3, 4, 1, 6, Scale::USD, Rounding::Floor), Ok(0));
        // Rp 1.5 × 2 coins with no decimals is Rp 3 = 300 sen: fewer places than the output scale.
        assert_eq!(value_of(15, 1, 2, 0, Scale::IDR, Rounding::Truncate), Ok(300));
    }

    #[test]
    fn a_value_beyond_i64_is_an_overflow_not_a_cap() {
        assert_eq!(value_of(i64::MAX, 0, 2, 0, Scale::IDR, Rounding::Truncate), Err(MoneyError::Overflow));
        assert_eq!(value_of(i64::MAX, 2, i64::MAX, 0, Scale::IDR, Rounding::Floor), Err(MoneyError::Overflow));
        assert_eq!(value_of(1, 0, 1, 0, Scale::new(18).unwrap(), Rounding::Up), Ok(10i64.pow(18)));
        assert_eq!(value_of(10, 0, 1, 0, Scale::new(18).unwrap(), Rounding::Up), Err(MoneyError::Overflow));
    }

    #[test]
    fn quantity_for_money_floors_and_a_free_price_buys_nothing() {
        // $100 at $300 buys 0.333333 shares.
        assert_eq!(quantity_for(100_000_000, Scale::USD, 3_000_000, 4, 6), Ok(333_333));
        assert_eq!(quantity_for(1, Scale::USD, 0, 4, 6), Ok(0));
        assert_eq!(quantity_for(i64::MAX, Scale::USD, 1, 4, 6), Err(MoneyError::Overflow));
    }

    #[test]
    fn quote_units_move_money_to_the_engine_scale_and_refuse_overflow() {
        assert_eq!(quote_units(999_150, Scale::IDR, 1), Ok(99_915));
        assert_eq!(quote_units(12_345, Scale::IDR, 8), Ok(12_345_000_000));
        assert_eq!(quote_units(i64::MAX, Scale::IDR, 40), Err(MoneyError::Overflow));
    }

    #[test]
    fn pro_rata_shares_a_whole_and_refuses_what_does_not_fit() {
        assert_eq!(pro_rata(1_000, 1, 3), Ok(333));
        assert_eq!(pro_rata(1_000, 5, 0), Ok(0));
        assert_eq!(pro_rata(i64::MAX, i64::MAX, i64::MAX), Ok(i64::MAX));
        assert_eq!(pro_rata(i64::MAX, 3, 2), Err(MoneyError::Overflow));
    }

    #[test]
    fn rescaling_adds_places_and_refuses_overflow_or_fewer_places() {
        assert_eq!(rescale_up(5, 6, 10), Ok(50_000));
        assert_eq!(rescale_up(i64::MAX / 10 + 1, 0, 1), Err(MoneyError::Overflow));
        assert_eq!(rescale_up(5, 6, 4), Err(MoneyError::ScaleMismatch { left: 6, right: 4 }));
        assert_eq!(from_whole(10_000, Scale::IDR), Ok(1_000_000));
        assert_eq!(from_whole(i64::MAX, Scale::IDR), Err(MoneyError::Overflow));
    }

    #[test]
    fn nearest_units_round_half_to_even_and_refuse_overflow() {
        assert_eq!(nearest_units(dec!(190.50005), 4), Ok(1_905_000));
        assert_eq!(nearest_units(dec!(190.50015), 4), Ok(1_905_002));
        assert_eq!(nearest_units(Decimal::MAX, 4), Err(MoneyError::Overflow));
    }

    #[test]
    fn truncated_units_drop_extra_places_and_refuse_overflow() {
        assert_eq!(truncated_units(dec!(1.23456789), 6), Ok(1_234_567));
        assert_eq!(truncated_units(dec!(-1.5), 0), Ok(-1));
        assert_eq!(truncated_units(Decimal::MAX, 0), Err(MoneyError::Overflow));
        assert_eq!(truncated_units(Decimal::ONE, 19), Err(MoneyError::Overflow));
    }

    #[test]
    fn buying_power_is_leverage_times_the_available_money_or_an_overflow() {
        assert_eq!(buying_power(1_000, 4), Ok(4_000));
        assert_eq!(buying_power(i64::MAX / 2 + 1, 2), Err(MoneyError::Overflow));
    }

    #[test]
    fn daily_interest_is_the_annual_rate_over_the_year_rounded_down() {
        assert_eq!(daily_interest(1_000_000_000, bps_as_percent(365), 365), Ok(100_000));
        assert_eq!(daily_interest(1_000_000, bps_as_percent(350), 365), Ok(95));
        assert_eq!(daily_interest(100_000, dec!(7.3), 365), Ok(20));
        assert_eq!(daily_interest(i64::MAX, dec!(1000000000000), 1), Err(MoneyError::Overflow));
    }
}
