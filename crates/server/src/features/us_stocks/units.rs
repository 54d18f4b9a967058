//! Units of US-stock orders: prices in ten-thousandths of a dollar, quantities in millionths of a
//! share, money in micro-dollars (the USD ledger scale). The arithmetic is `domain::amounts`'s:
//! a result too large to count is an error, never a capped amount.

use domain::amounts;
use domain::money::{MinorUnits, MoneyError, Scale};
use domain::precision::Rounding;
use rust_decimal::Decimal;

/// Decimal places of prices (sub-dollar prices tick in $0.0001).
const PRICE_PLACES: u32 = Scale::US_STOCK_PRICE.decimal_places();
/// Decimal places of quantities (fractional shares to a millionth).
const QUANTITY_PLACES: u32 = Scale::SHARES.decimal_places();
/// Quantity units in one share.
pub const ONE_SHARE: i64 = 1_000_000;
/// Price units in one cent.
pub const ONE_CENT: i64 = 100;
/// Price units in one dollar.
pub const ONE_DOLLAR: i64 = 10_000;

/// The micro-dollar value of `quantity` at `price`, rounded up (what a buyer pays).
pub fn value_up(price: i64, quantity: i64) -> Result<i64, MoneyError> {
    amounts::value_of(price, PRICE_PLACES, quantity, QUANTITY_PLACES, Scale::USD, Rounding::Up)
}

/// The micro-dollar value of `quantity` at `price`, rounded down (what a seller receives).
pub fn value_down(price: i64, quantity: i64) -> Result<i64, MoneyError> {
    amounts::value_of(price, PRICE_PLACES, quantity, QUANTITY_PLACES, Scale::USD, Rounding::Floor)
}

/// The most quantity units `micro` dollars buy at `price` (floored to whole units).
pub fn quantity_for(micro: i64, price: i64) -> Result<i64, MoneyError> {
    amounts::quantity_for(micro, Scale::USD, price, PRICE_PLACES, QUANTITY_PLACES)
}

/// A price in units as a decimal dollar amount.
pub fn price(units: i64) -> Decimal {
    Decimal::new(units, PRICE_PLACES).normalize()
}

/// A price as text with at least two decimals (`190.5` → `190.50`).
pub fn price_text(units: i64) -> String {
    domain::format::text_min_places(price(units), 2)
}

/// The average price of `quantity` units that cost `micro` dollars, to the price's four places.
pub fn average_price(micro: i64, quantity: i64) -> Option<Decimal> {
    amounts::average_price(MinorUnits::usd(micro).to_decimal(), shares(quantity), PRICE_PLACES)
}

/// A quantity in units as decimal shares.
pub fn shares(units: i64) -> Decimal {
    Decimal::new(units, QUANTITY_PLACES).normalize()
}

/// Micro-dollars as text with at least two decimals.
pub fn usd_text(micro: i64) -> String {
    MinorUnits::usd(micro).to_text_min_places(2)
}

/// A decimal price into units, rounded to the nearest unit (for market prices).
pub fn price_units(value: Decimal) -> Result<i64, MoneyError> {
    amounts::nearest_units(value, PRICE_PLACES)
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
        assert_eq!(value_up(1_903_300, 1_500_000), Ok(285_495_000));
        // a third of a millionth of a cent rounds up for the buyer, down for the seller
        assert_eq!(value_up(3, 1), Ok(1));
        assert_eq!(value_down(3, 1), Ok(0));
        // $100 at $300 buys 0.333333 shares
        assert_eq!(quantity_for(100_000_000, 3_000_000), Ok(333_333));
        assert_eq!(quantity_for(1, 0), Ok(0));
    }

    #[test]
    fn values_and_prices_too_large_to_count_are_errors_not_caps() {
        assert_eq!(value_up(i64::MAX, i64::MAX), Err(MoneyError::Overflow));
        assert_eq!(quantity_for(i64::MAX, 1), Err(MoneyError::Overflow));
        assert_eq!(price_units(Decimal::new(1905, 1)), Ok(1_905_000));
        assert_eq!(price_units(Decimal::MAX), Err(MoneyError::Overflow));
    }

    #[test]
    fn prices_tick_in_cents_from_one_dollar() {
        assert_eq!(tick_for(10_000), ONE_CENT);
        assert_eq!(tick_for(9_999), 1);
        assert_eq!(price_text(1_905_000), "190.50");
        assert_eq!(price_text(5_123), "0.5123");
    }
}
