//! The order types as orders are stored and shown, and as the order forms offer them: the R4.07
//! types plus the trailing stop (R4.10), which `OrderType` has no code for.

use crate::orders::OrderType;
use crate::text_enum::text_enum;

text_enum! {
    /// How a crypto or US-stock order executes, as it is stored and shown.
    pub enum OrderKind {
        /// At the best price now.
        Market => "MARKET",
        /// At the limit price or better.
        Limit => "LIMIT",
        /// A market order once the stop price trades.
        Stop => "STOP",
        /// A limit order once the stop price trades.
        StopLimit => "STOP_LIMIT",
        /// A stop whose price follows the best price by a distance (R4.10).
        TrailingStop => "TRAILING_STOP",
    }
}

impl OrderKind {
    /// Whether the order waits for a trigger first.
    pub const fn has_trigger(self) -> bool {
        matches!(self, Self::Stop | Self::StopLimit | Self::TrailingStop)
    }

    /// Whether the order carries a limit price once live.
    pub const fn has_limit(self) -> bool {
        matches!(self, Self::Limit | Self::StopLimit)
    }

    /// The R4.07 type it is shown as: a trailing stop is a stop.
    pub const fn order_type(self) -> OrderType {
        match self {
            Self::Market => OrderType::Market,
            Self::Limit => OrderType::Limit,
            Self::Stop | Self::TrailingStop => OrderType::Stop,
            Self::StopLimit => OrderType::StopLimit,
        }
    }
}

text_enum! {
    /// A type an order form offers: the order kinds plus the OCO pair, placed as two legs.
    pub enum OrderFormType {
        /// At the best price now.
        Market => "MARKET",
        /// At the limit price or better.
        Limit => "LIMIT",
        /// A market order once the stop price trades.
        Stop => "STOP",
        /// A limit order once the stop price trades.
        StopLimit => "STOP_LIMIT",
        /// A take-profit and a stop-loss leg; one cancels the other.
        Oco => "OCO",
        /// A stop whose price follows the best price by a distance (R4.10).
        TrailingStop => "TRAILING_STOP",
    }
}

impl OrderFormType {
    /// How an R4.07 type is offered.
    pub const fn of(order_type: OrderType) -> Self {
        match order_type {
            OrderType::Market => OrderFormType::Market,
            OrderType::Limit => OrderFormType::Limit,
            OrderType::Stop => OrderFormType::Stop,
            OrderType::StopLimit => OrderFormType::StopLimit,
            OrderType::Oco => OrderFormType::Oco,
        }
    }
}

impl From<OrderKind> for OrderFormType {
    fn from(kind: OrderKind) -> Self {
        match kind {
            OrderKind::Market => OrderFormType::Market,
            OrderKind::Limit => OrderFormType::Limit,
            OrderKind::Stop => OrderFormType::Stop,
            OrderKind::StopLimit => OrderFormType::StopLimit,
            OrderKind::TrailingStop => OrderFormType::TrailingStop,
        }
    }
}

text_enum! {
    /// How a perpetual order executes; its stop is triggered by the mark price.
    pub enum PerpOrderType {
        /// Fills now against the book; what the book cannot fill is cancelled.
        Market => "MARKET",
        /// Fills at the price or better; the rest waits.
        Limit => "LIMIT",
        /// A market order once the mark reaches the trigger.
        StopMarket => "STOP_MARKET",
        /// A limit order once the mark reaches the trigger.
        StopLimit => "STOP_LIMIT",
    }
}

impl PerpOrderType {
    /// Whether the order carries a limit price.
    pub const fn has_limit(self) -> bool {
        matches!(self, Self::Limit | Self::StopLimit)
    }

    /// Whether the order waits for the mark to reach its trigger.
    pub const fn is_stop(self) -> bool {
        matches!(self, Self::StopMarket | Self::StopLimit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r4_10_a_trailing_stop_is_a_stored_kind_and_an_offered_type() {
        assert_eq!(OrderKind::TrailingStop.as_str(), "TRAILING_STOP");
        assert!(OrderKind::TrailingStop.has_trigger() && !OrderKind::TrailingStop.has_limit());
        assert_eq!(OrderKind::TrailingStop.order_type().code(), Some(3));
        for kind in OrderKind::ALL {
            assert_eq!(OrderFormType::from(*kind).as_str(), kind.as_str());
        }
        assert_eq!("OCO".parse(), Ok(OrderFormType::Oco));
        assert!("OCO".parse::<OrderKind>().is_err());
    }

    #[test]
    fn perpetual_stops_are_triggered_and_limits_priced() {
        assert!(PerpOrderType::StopLimit.is_stop() && PerpOrderType::StopLimit.has_limit());
        assert!(!PerpOrderType::Market.is_stop() && !PerpOrderType::Market.has_limit());
    }
}
