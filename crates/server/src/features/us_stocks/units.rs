//! Units of US-stock orders: prices in ten-thousandths of a dollar, quantities in millionths of a
//! share, money in micro-dollars (the USD ledger scale). All products go through `i128`, so no
//! order that fits in a row can overflow on the way.

use domain::money::{MinorUnits, Scale};
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

/// Decimal places of prices (sub-dollar prices tick in $0.0001).
pub const PRICE_SCALE: u32 = 4;
/// Decimal places of quantities (fractional shares to a millionth).
pub const QUANTITY_SCALE: u32 = Scale::SHARES.decimal_places();
/// Quantity units in one share.
pub const ONE_SHARE: i64 = 1_000_000;
/// Price units in one cent.
pub const ONE_CENT: i64 = 100;
/// Price units in one dollar.
pub const ONE_DOLLAR: i64 = 10_000;

// price units × quantity units = 10^-10 dollars; micro-dollars are 10^-6.
const PRODUCT_PER_MICRO: i128 = 10_000;

/// The micro-dollar value of `quantity` at `price`, rounded up (what a buyer pays).
pub fn value_up(price: i64, quantity: i64) -> i64 {
    let product = i128::from(price) * i128::from(quantity);
    clamp((product + PRODUCT_PER_MICRO - 1).div_euclid(PRODUCT_PER_MICRO))
}

/// The micro-dollar value of `quantity` at `price`, rounded down (what a seller receives).
pub fn value_down(price: i64, quantity: i64) -> i64 {
    clamp((i128::from(price) * i128::from(quantity)).div_euclid(PRODUCT_PER_MICRO))
}

/// The most quantity units `micro` dollars buy at `price` (floored to whole units).
pub fn quantity_for(micro: i64, price: i64) -> i64 {
    if price <= 0 {
        return 0;
    }
    clamp(i128::from(micro) * PRODUCT_PER_MICRO / i128::from(price))
}

/// `part` of `whole` scaled by `numerator / denominator`, rounded down.
pub fn pro_rata(whole: i64, numerator: i64, denominator: i64) -> i64 {
    if denominator == 0 {
        return 0;
    }
    clamp(i128::from(whole) * i128::from(numerator) / i128::from(denominator))
}

fn clamp(v: i128) -> i64 {
    i64::try_from(v).unwrap_or(if v < 0 { i64::MIN } else { i64::MAX })
}

/// A price in units as a decimal dollar amount.
pub fn price(units: i64) -> Decimal {
    Decimal::new(units, PRICE_SCALE).normalize()
}

/// A price as text with at least two decimals (`190.5` → `190.50`).
pub fn price_text(units: i64) -> String {
    let d = price(units);
    if d.scale() < 2 {
        format!("{:.2}", d)
    } else {
        d.to_string()
    }
}

/// A quantity in units as decimal shares.
pub fn shares(units: i64) -> Decimal {
    Decimal::new(units, QUANTITY_SCALE).normalize()
}

/// Micro-dollars as text with at least two decimals.
pub fn usd_text(micro: i64) -> String {
    MinorUnits::usd(micro).to_text_min_places(2)
}

/// A decimal price into units, rounded to the nearest unit (for market prices).
pub fn price_units(value: Decimal) -> i64 {
    (value * Decimal::from(ONE_DOLLAR)).round().to_i64().unwrap_or(0)
}

/// The tick a price must be a multiple of (SEC Rule 612: $0.01 from $1, $0.0001 below).
pub const fn tick_for(price: i64) -> i64 {
    if price >= ONE_DOLLAR {
        ONE_CENT
    } else {
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_toward_the_house_and_quantities_floor() {
        // 1.5 shares at $190.33 = $285.495
        assert_eq!(value_up(1_903_300, 1_500_000), 285_495_000);
        // a third of a millionth of a cent rounds up for the buyer, down for the seller
        assert_eq!(value_up(3, 1), 1);
        assert_eq!(value_down(3, 1), 0);
        // $100 at $300 buys 0.333333 shares
        assert_eq!(quantity_for(100_000_000, 3_000_000), 333_333);
        assert_eq!(quantity_for(1, 0), 0);
    }

    #[test]
    fn prices_tick_in_cents_from_one_dollar() {
        assert_eq!(tick_for(10_000), ONE_CENT);
        assert_eq!(tick_for(9_999), 1);
        assert_eq!(price_text(1_905_000), "190.50");
        assert_eq!(price_text(5_123), "0.5123");
    }
}
