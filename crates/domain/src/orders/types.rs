//! Order types and execution options (R4.07–R4.10).

use crate::text_enum::text_enum;

text_enum! {
    /// How an order executes (R4.07). The server's `instant` type is read as market.
    pub enum OrderType {
        /// Executes at the limit price or better.
        Limit => "LIMIT",
        /// Executes immediately at the best available price.
        Market => "MARKET" | "instant" | "INSTANT",
        /// Becomes a market order when the stop price trades.
        Stop => "STOP",
        /// Becomes a limit order when the stop price trades.
        StopLimit => "STOP_LIMIT",
        /// One-cancels-the-other: a take-profit and a stop-loss leg.
        Oco => "OCO",
    }
}

impl OrderType {
    /// The numeric code (LIMIT 1, MARKET 2, STOP 3, STOP_LIMIT 4); OCO has none.
    pub const fn code(self) -> Option<u8> {
        match self {
            OrderType::Limit => Some(1),
            OrderType::Market => Some(2),
            OrderType::Stop => Some(3),
            OrderType::StopLimit => Some(4),
            OrderType::Oco => None,
        }
    }

    /// The order type with numeric `code`, if it is one.
    pub const fn from_code(code: u8) -> Option<OrderType> {
        match code {
            1 => Some(OrderType::Limit),
            2 => Some(OrderType::Market),
            3 => Some(OrderType::Stop),
            4 => Some(OrderType::StopLimit),
            _ => None,
        }
    }

    /// Reads a type as servers spell it, in any letter case (`limit`, `instant`, `STOP_LIMIT`).
    pub fn from_server(text: &str) -> Option<OrderType> {
        text.trim().to_ascii_uppercase().parse().ok()
    }

    /// How one leg of an OCO order is shown (R4.07): the stop-loss leg as a stop (a trailing
    /// stop is a stop-loss whose trigger follows the price), the take-profit leg as a limit.
    pub const fn of_oco_leg(leg: ProtectiveKind) -> OrderType {
        match leg {
            ProtectiveKind::StopLoss | ProtectiveKind::TrailingStop => OrderType::Stop,
            ProtectiveKind::TakeProfit => OrderType::Limit,
        }
    }
}

text_enum! {
    /// Which of quantity and amount the order fixes (R4.08).
    pub enum FillMode {
        /// The quantity is fixed; the amount follows from the price.
        FillByQuantity => "FILL_BY_QUANTITY",
        /// The amount is fixed; the quantity follows from the price.
        FillByAmount => "FILL_BY_AMOUNT",
        /// Both are sent.
        FillByBoth => "FILL_BY_BOTH",
    }
}

text_enum! {
    /// How long an order stays open (R4.09).
    pub enum TimeInForce {
        /// Until filled or cancelled.
        GoodTillCancel => "GOOD_TILL_CANCEL",
        /// Until the market closes today.
        GoodTillMarketClose => "GOOD_TILL_MARKET_CLOSE",
    }
}

text_enum! {
    /// Which hours a US-stock order may execute in (R4.09).
    pub enum TradingHours {
        /// Regular session only.
        RegularHours => "REGULAR_HOURS",
        /// Regular plus pre- and post-market.
        IncludeExtendedHours => "INCLUDE_EXTENDED_HOURS",
        /// Intraday (4x leverage) product hours.
        Intraday => "INTRADAY",
    }
}

text_enum! {
    /// The market session(s) an order or quote belongs to (R4.09).
    pub enum Session {
        /// Pre-market only.
        PreMarket => "PRE_MARKET",
        /// Pre-market and regular.
        PreAndRegular => "PRE_AND_REGULAR",
        /// Regular only.
        Regular => "REGULAR",
        /// Regular and post-market.
        RegularAndPost => "REGULAR_AND_POST",
    }
}

text_enum! {
    /// A protective exit attached to a position or OCO order (R4.10).
    pub enum ProtectiveKind {
        /// Exit when the price falls to a level.
        StopLoss => "STOP_LOSS",
        /// Exit when the price rises to a level.
        TakeProfit => "TAKE_PROFIT",
        /// A stop-loss whose level trails the best price by a distance.
        TrailingStop => "TRAILING_STOP",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r4_07_order_types_have_their_codes() {
        let codes: Vec<_> = OrderType::ALL.iter().map(|t| t.code()).collect();
        assert_eq!(codes, [Some(1), Some(2), Some(3), Some(4), None]);
        assert_eq!(OrderType::from_code(4), Some(OrderType::StopLimit));
        assert_eq!(OrderType::from_code(5), None);
    }

    #[test]
    fn r4_07_server_type_instant_is_market() {
        assert_eq!(OrderType::from_server("instant"), Some(OrderType::Market));
        assert_eq!(OrderType::from_server("stop_limit"), Some(OrderType::StopLimit));
        assert_eq!(serde_json::from_str::<OrderType>("\"instant\"").unwrap(), OrderType::Market);
        assert_eq!(serde_json::to_string(&OrderType::Market).unwrap(), "\"MARKET\"");
        assert_eq!(OrderType::from_server("iceberg"), None);
    }

    #[test]
    fn r4_07_oco_stop_loss_leg_shows_as_stop_and_the_other_as_limit() {
        assert_eq!(OrderType::of_oco_leg(ProtectiveKind::StopLoss), OrderType::Stop);
        assert_eq!(OrderType::of_oco_leg(ProtectiveKind::TakeProfit), OrderType::Limit);
    }

    #[test]
    fn r4_08_fill_modes_use_the_server_spelling() {
        let spelled: Vec<_> = FillMode::ALL.iter().map(|m| m.as_str()).collect();
        assert_eq!(spelled, ["FILL_BY_QUANTITY", "FILL_BY_AMOUNT", "FILL_BY_BOTH"]);
    }

    #[test]
    fn r4_09_time_in_force_trading_hours_and_sessions_use_the_server_spelling() {
        let tif: Vec<_> = TimeInForce::ALL.iter().map(|t| t.as_str()).collect();
        assert_eq!(tif, ["GOOD_TILL_CANCEL", "GOOD_TILL_MARKET_CLOSE"]);
        let hours: Vec<_> = TradingHours::ALL.iter().map(|h| h.as_str()).collect();
        assert_eq!(hours, ["REGULAR_HOURS", "INCLUDE_EXTENDED_HOURS", "INTRADAY"]);
        let sessions: Vec<_> = Session::ALL.iter().map(|s| s.as_str()).collect();
        assert_eq!(sessions, ["PRE_MARKET", "PRE_AND_REGULAR", "REGULAR", "REGULAR_AND_POST"]);
    }

    #[test]
    fn r4_10_protective_kinds_include_trailing_stop() {
        let kinds: Vec<_> = ProtectiveKind::ALL.iter().map(|k| k.as_str()).collect();
        assert_eq!(kinds, ["STOP_LOSS", "TAKE_PROFIT", "TRAILING_STOP"]);
    }
}
