//! One crypto IDR pair as the trading code sees it: the scales its integers use and the exact
//! conversions between engine units, rupiah (sen) and ledger units, plus the fee and tax rules.
//!
//! - Engine prices are units of `10^-price_precision` rupiah, quantities units of
//!   `10^-quantity_precision` of the coin (the catalogue's precisions, so the tick grid is the input grid).
//! - Rupiah in the ledger are sen (scale 2). A fill's value is `price × quantity` rounded *down* to
//!   the sen, the same number for both sides, so the entry balances and nobody pays more than the
//!   exact product.
//! - Coins in the ledger use `Scale::for_crypto` (BTC 10, SHIB 2, ...), always at least the
//!   quantity precision, so the conversion is an exact multiplication.

use domain::amounts;
use domain::money::{MoneyError, Scale};
use domain::precision::Rounding;
use rust_decimal::Decimal;

/// The scales and identity of one tradable pair.
#[derive(Debug, Clone)]
pub struct PairSpec {
    /// `BTC-IDR`.
    pub symbol: String,
    /// `BTC`.
    pub base: String,
    /// Decimal places of the price.
    pub price_scale: u32,
    /// Decimal places of the quantity.
    pub quantity_scale: u32,
    /// Decimal places of the coin in the ledger.
    pub ledger_scale: u32,
    /// The coin's `enableProMode` (R6.02).
    pub enable_pro_mode: bool,
}

impl PairSpec {
    /// A spec from catalogue precisions.
    pub fn new(symbol: &str, base: &str, price_scale: u32, quantity_scale: u32, enable_pro_mode: bool) -> Self {
        let ledger_scale = Scale::for_crypto(base).decimal_places().max(quantity_scale);
        Self {
            symbol: symbol.to_owned(),
            base: base.to_owned(),
            price_scale,
            quantity_scale,
            ledger_scale,
            enable_pro_mode,
        }
    }

    /// Engine quantity units as ledger units of the coin.
    pub fn ledger_units(&self, quantity: i64) -> Result<i64, MoneyError> {
        amounts::rescale_up(quantity, self.quantity_scale, self.ledger_scale)
    }

    /// `price × quantity` in sen, rounded toward zero; an error far beyond any real order.
    pub fn value_sen(&self, price: i64, quantity: i64) -> Result<i64, MoneyError> {
        amounts::value_of(price, self.price_scale, quantity, self.quantity_scale, Scale::IDR, Rounding::Truncate)
    }

    /// The engine quote amount (price units × quantity units) that `sen` buys, rounded down.
    pub fn quote_from_sen(&self, sen: i64) -> Result<i128, MoneyError> {
        // The quote of one unit of price and quantity; a quote is a value with no price.
        amounts::quote_units(sen, Scale::IDR, self.price_scale + self.quantity_scale)
    }

    /// The whole quantity units `sen` buys at `price`, rounded down.
    pub fn quantity_for_sen(&self, sen: i64, price: i64) -> Result<i64, MoneyError> {
        amounts::quantity_for(sen, Scale::IDR, price, self.price_scale, self.quantity_scale)
    }

    /// A price as a decimal.
    pub fn price(&self, units: i64) -> Decimal {
        Decimal::new(units, self.price_scale)
    }

    /// A quantity as a decimal, without trailing zeros.
    pub fn quantity(&self, units: i64) -> Decimal {
        Decimal::new(units, self.quantity_scale).normalize()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_is_price_times_quantity_rounded_down_to_the_sen() {
        let btc = PairSpec::new("BTC-IDR", "BTC", 0, 8, true);
        // 0.00012345 BTC at Rp1,665,000,000 = Rp205,544.25
        assert_eq!(btc.value_sen(1_665_000_000, 12_345), Ok(20_554_425));
        assert_eq!(btc.ledger_units(12_345), Ok(1_234_500));
        let doge = PairSpec::new("DOGE-IDR", "DOGE", 1, 0, true);
        assert_eq!(doge.value_sen(33_305, 3), Ok(999_150));
        assert_eq!(doge.quote_from_sen(999_150), Ok(99_915));
        assert_eq!(doge.quantity_for_sen(999_150, 33_305), Ok(3));
    }

    #[test]
    fn a_value_or_coin_amount_too_large_to_count_is_an_error_not_a_cap() {
        let btc = PairSpec::new("BTC-IDR", "BTC", 0, 8, true);
        assert_eq!(btc.value_sen(i64::MAX, i64::MAX), Err(MoneyError::Overflow));
        assert_eq!(btc.ledger_units(i64::MAX), Err(MoneyError::Overflow));
    }
}
