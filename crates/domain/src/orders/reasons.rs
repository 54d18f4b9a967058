//! Why an order or an amend request ended without doing all it asked: stable codes the clients
//! translate.

use crate::text_enum::text_enum;

text_enum! {
    /// Why the engine cancelled the rest of a crypto order.
    pub enum CryptoCancelReason {
        /// The user asked.
        Requested => "REQUESTED",
        /// It would have traded with the same user's order.
        SelfTrade => "SELF_TRADE",
        /// A market order met less depth than it asked for.
        MarketRemainder => "MARKET_REMAINDER",
        /// An immediate-or-cancel order's unfilled rest.
        IocRemainder => "IOC_REMAINDER",
        /// A fill-or-kill order that could not fill whole.
        FokUnfillable => "FOK_UNFILLABLE",
        /// The other OCO leg filled.
        OcoSiblingFilled => "OCO_SIBLING_FILLED",
        /// The other OCO leg triggered.
        OcoSiblingTriggered => "OCO_SIBLING_TRIGGERED",
        /// The other OCO leg was cancelled.
        OcoSiblingCancelled => "OCO_SIBLING_CANCELLED",
        /// An amendment lowered the quantity to what had filled.
        AmendedToFilled => "AMENDED_TO_FILLED",
        /// An amendment replaced it.
        Replaced => "REPLACED",
    }
}

text_enum! {
    /// Why a US-stock order closed without filling completely, or why the server placed it.
    pub enum UsOrderReason {
        /// The user cancelled it.
        CancelledByUser => "CANCELLED_BY_USER",
        /// Good till market close, and the market closed.
        ExpiredAtMarketClose => "EXPIRED_AT_MARKET_CLOSE",
        /// The other leg of its OCO pair executed.
        OcoSiblingExecuted => "OCO_SIBLING_EXECUTED",
        /// The intraday cut-off closed the position it would change.
        IntradayCutoff => "INTRADAY_CUTOFF",
        /// A liquidation closed the position.
        Liquidation => "LIQUIDATION",
        /// A stock split changed the shares.
        StockSplit => "STOCK_SPLIT",
        /// The bucket could not pay for the fill.
        InsufficientBuyingPower => "INSUFFICIENT_BUYING_POWER",
        /// The venue refused it: it does not list the stock (the venue's own words).
        UnknownSecurity => "unknown security",
        /// The venue refused a market order while closed (the venue's own words).
        MarketClosed => "market closed",
    }
}

text_enum! {
    /// Why the exchange rejected a US-stock amend request (R4.04).
    pub enum AmendRejection {
        /// The bucket cannot pay for the new terms.
        InsufficientBuyingPower => "INSUFFICIENT_BUYING_POWER",
        /// The order closed before the amendment arrived.
        OrderNotOpen => "ORDER_NOT_OPEN",
        /// No quote to check the new terms against.
        NoMarket => "NO_MARKET",
        /// The new quantity is not above what already filled.
        QuantityNotAboveFilled => "QUANTITY_NOT_ABOVE_FILLED",
        /// A fractional quantity where only whole shares are allowed.
        FractionalNotAllowed => "FRACTIONAL_NOT_ALLOWED",
        /// A price off the tick grid.
        PriceOffTick => "PRICE_OFF_TICK",
        /// The new stop price has already traded.
        StopAlreadyReached => "STOP_ALREADY_REACHED",
    }
}

text_enum! {
    /// Why a perpetual order closed without filling completely.
    pub enum PerpOrderReason {
        /// The user cancelled it.
        CancelledByUser => "CANCELLED_BY_USER",
        /// A market order met less depth than it asked for.
        NoLiquidity => "NO_LIQUIDITY",
        /// A reduce-only order found nothing left to reduce.
        NothingToReduce => "NOTHING_TO_REDUCE",
        /// The liquidation engine cancelled it.
        Liquidation => "LIQUIDATION",
    }
}
