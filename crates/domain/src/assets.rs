//! Asset classes, quote currencies, option sides and default tickers (R4.11, R9.04, R2.02).

use crate::money::Currency;
use crate::text_enum::text_enum;

/// Default crypto ticker (R9.04).
pub const DEFAULT_CRYPTO_TICKER: &str = "BTC-IDR";
/// Default perpetual-futures ticker (R9.04, R2.02).
pub const DEFAULT_PERPS_TICKER: &str = "BTCUSDT-PERP";
/// Default US stock (R9.04).
pub const DEFAULT_US_STOCK_TICKER: &str = "AAPL";
/// Suffix that marks an Indonesian stock's ticker, e.g. `BBCA-IDSS` (R9.04).
pub const IDSS_TICKER_SUFFIX: &str = "-IDSS";
/// The trade page's default ticker for buying (R2.02).
pub const DEFAULT_TRADE_TICKER: &str = "USDT-IDR";

text_enum! {
    /// The asset classes with their own order flow and chart resolutions (R4.11).
    pub enum AssetType {
        /// US stocks (and their leveraged variants).
        UsStock => "USSTOCK",
        /// Spot crypto quoted in IDR.
        Crypto => "CRYPTO",
        /// Crypto perpetual futures quoted in USDT.
        Perps => "PERPS",
        /// Indonesian stocks.
        Idss => "IDSS",
    }
}

text_enum! {
    /// Which sides of an asset can be traded (R4.11); `None` means nothing is disabled.
    pub enum BuySellAvailability {
        /// Neither buying nor selling.
        Disabled => "Disabled",
        /// Selling only.
        BuyDisabled => "BuyDisabled",
        /// Buying only.
        SellDisabled => "SellDisabled",
        /// Both sides.
        None => "None",
    }
}

impl BuySellAvailability {
    /// Derives the availability from an asset's enableBuy / enableSell flags.
    pub const fn from_flags(enable_buy: bool, enable_sell: bool) -> Self {
        match (enable_buy, enable_sell) {
            (false, false) => BuySellAvailability::Disabled,
            (false, true) => BuySellAvailability::BuyDisabled,
            (true, false) => BuySellAvailability::SellDisabled,
            (true, true) => BuySellAvailability::None,
        }
    }
}

text_enum! {
    /// The right an option contract gives (R4.11).
    pub enum OptionSide {
        /// The right to buy.
        Call => "CALL",
        /// The right to sell.
        Put => "PUT",
    }
}

text_enum! {
    /// Currencies a crypto pair can be quoted in (R4.11).
    pub enum QuoteCurrency {
        /// Rupiah pairs (the product's spot market).
        Idr => "IDR",
        /// Tether pairs (perpetuals).
        Usdt => "USDT",
        /// Binance USD pairs.
        Busd => "BUSD",
        /// Bitcoin pairs.
        Btc => "BTC",
    }
}

impl From<QuoteCurrency> for Currency {
    fn from(quote: QuoteCurrency) -> Currency {
        match quote {
            QuoteCurrency::Idr => Currency::Idr,
            QuoteCurrency::Usdt => Currency::Usdt,
            QuoteCurrency::Busd => Currency::Busd,
            QuoteCurrency::Btc => Currency::Btc,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r4_11_asset_types_use_the_server_spelling() {
        let spelled: Vec<_> = AssetType::ALL.iter().map(|a| a.as_str()).collect();
        assert_eq!(spelled, ["USSTOCK", "CRYPTO", "PERPS", "IDSS"]);
    }

    #[test]
    fn r4_11_availability_is_derived_from_the_buy_and_sell_flags() {
        use BuySellAvailability as A;
        assert_eq!(A::from_flags(false, false), A::Disabled);
        assert_eq!(A::from_flags(false, true), A::BuyDisabled);
        assert_eq!(A::from_flags(true, false), A::SellDisabled);
        assert_eq!(A::from_flags(true, true), A::None);
        assert_eq!(serde_json::to_string(&A::BuyDisabled).unwrap(), "\"BuyDisabled\"");
    }

    #[test]
    fn r4_11_option_sides_and_quote_currencies_use_the_server_spelling() {
        assert_eq!("PUT".parse(), Ok(OptionSide::Put));
        let quotes: Vec<_> = QuoteCurrency::ALL.iter().map(|q| q.as_str()).collect();
        assert_eq!(quotes, ["IDR", "USDT", "BUSD", "BTC"]);
        assert_eq!(Currency::from(QuoteCurrency::Busd), Currency::Busd);
    }

    #[test]
    fn r9_04_default_tickers() {
        assert_eq!(DEFAULT_CRYPTO_TICKER, "BTC-IDR");
        assert_eq!(DEFAULT_PERPS_TICKER, "BTCUSDT-PERP");
        assert_eq!(DEFAULT_US_STOCK_TICKER, "AAPL");
        assert_eq!(IDSS_TICKER_SUFFIX, "-IDSS");
    }

    #[test]
    fn r2_02_trade_page_defaults_to_usdt_idr_for_buy() {
        assert_eq!(DEFAULT_TRADE_TICKER, "USDT-IDR");
    }
}
