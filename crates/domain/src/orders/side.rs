//! Buy or sell (R4.06).

use crate::text_enum::text_enum;

text_enum! {
    /// The direction of an order; text `BUY`/`SELL` on the wire, ±1 as a numeric code (R4.06).
    pub enum Side {
        /// Acquire the asset.
        Buy => "BUY",
        /// Dispose of the asset.
        Sell => "SELL",
    }
}

impl Side {
    /// The numeric code: 1 for buy, -1 for sell, which is also the sign of the position change.
    pub const fn code(self) -> i8 {
        match self {
            Side::Buy => 1,
            Side::Sell => -1,
        }
    }

    /// The side an order of this side matches against.
    pub const fn opposite(self) -> Side {
        match self {
            Side::Buy => Side::Sell,
            Side::Sell => Side::Buy,
        }
    }

    /// The side with numeric `code`, if it is one.
    pub const fn from_code(code: i8) -> Option<Side> {
        match code {
            1 => Some(Side::Buy),
            -1 => Some(Side::Sell),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r4_06_buy_is_one_and_sell_is_minus_one() {
        assert_eq!(Side::Buy.code(), 1);
        assert_eq!(Side::Sell.code(), -1);
        assert_eq!(Side::from_code(-1), Some(Side::Sell));
        assert_eq!(Side::from_code(0), None);
    }

    #[test]
    fn r4_06_side_text_is_buy_or_sell() {
        assert_eq!(serde_json::to_string(&Side::Buy).unwrap(), "\"BUY\"");
        assert_eq!("SELL".parse(), Ok(Side::Sell));
        assert!("sell".parse::<Side>().is_err());
    }
}
