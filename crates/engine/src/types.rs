//! Plain value types shared by commands, events and queries.

use serde::{Deserialize, Serialize};

/// A price in integer ticks; the caller converts from money types.
pub type Price = i64;
/// A quantity in integer base units; the caller converts from money types.
pub type Qty = i64;
/// A quote amount in ticks times units; i128 because the product of two i64 can overflow i64.
pub type Notional = i128;
/// Time priority: lower sequence numbers were accepted earlier.
pub type Seq = u64;

/// Caller-chosen order id; unique among live orders of a book (the database makes it globally unique).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct OrderId(pub u64);

/// The account that owns an order; self-trade prevention compares these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct OwnerId(pub u64);

/// Buy (bid) or sell (ask): the product's one side type.
pub use domain::orders::Side;

/// How long a limit order may live.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TimeInForce {
    /// Good till cancelled: the remainder rests.
    Gtc,
    /// Immediate or cancel: the remainder is cancelled.
    Ioc,
    /// Fill or kill: fills completely at once or is cancelled without any fill.
    Fok,
}

/// What a new order asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum OrderType {
    /// Matches up to `price`; the remainder follows `tif`.
    Limit { price: Price, qty: Qty, tif: TimeInForce },
    /// Matches at any price up to `qty`; never rests.
    Market { qty: Qty },
    /// A market buy that spends at most `quote`; unspendable dust is returned in `Cancelled`.
    MarketQuote { quote: Notional },
    /// Becomes a market order when the last trade price reaches `stop_price`.
    Stop { stop_price: Price, qty: Qty },
    /// Becomes a limit order at `price` when the last trade price reaches `stop_price`.
    StopLimit { stop_price: Price, price: Price, qty: Qty, tif: TimeInForce },
}

impl OrderType {
    /// Whether any part of the order can stay in the book after the command that places it
    /// (market, IOC and FOK orders end within it; a stop waits for its trigger).
    pub fn can_rest(&self) -> bool {
        match self {
            OrderType::Market { .. } | OrderType::MarketQuote { .. } => false,
            OrderType::Limit { tif, .. } => *tif == TimeInForce::Gtc,
            OrderType::Stop { .. } | OrderType::StopLimit { .. } => true,
        }
    }
}

/// A command to place one order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewOrder {
    /// Caller-chosen id.
    pub id: OrderId,
    /// Owning account.
    pub owner: OwnerId,
    /// Buy or sell.
    pub side: Side,
    /// Type and its parameters.
    pub order_type: OrderType,
}

/// A one-cancels-other pair: a GTC limit leg and a stop (or stop-limit) leg of the same side and quantity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewOco {
    /// Owning account of both legs.
    pub owner: OwnerId,
    /// Side of both legs.
    pub side: Side,
    /// Quantity of each leg.
    pub qty: Qty,
    /// Id of the limit leg.
    pub limit_id: OrderId,
    /// Price of the limit leg (the take-profit).
    pub limit_price: Price,
    /// Id of the stop leg.
    pub stop_id: OrderId,
    /// Trigger price of the stop leg (the stop-loss).
    pub stop_price: Price,
    /// Limit price once triggered; `None` makes the stop leg a stop-market.
    pub stop_limit_price: Option<Price>,
}

/// One liquidity-provider quote for `replace_quotes`; it becomes a GTC limit order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Quote {
    /// Caller-chosen id.
    pub id: OrderId,
    /// Bid or ask.
    pub side: Side,
    /// Limit price.
    pub price: Price,
    /// Quantity.
    pub qty: Qty,
}

/// A change to a live order; `None` fields are kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Amend {
    /// The order to change.
    pub id: OrderId,
    /// Must own the order.
    pub owner: OwnerId,
    /// New total quantity (filled included); at or below the filled quantity cancels the rest.
    pub qty: Option<Qty>,
    /// New limit price (limit and stop-limit orders).
    pub price: Option<Price>,
    /// New trigger price (stop and stop-limit orders that have not triggered).
    pub stop_price: Option<Price>,
}

/// Everything a book accepts; `Book::execute` dispatches to the typed methods.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// Place one order.
    New(NewOrder),
    /// Place an OCO pair.
    NewOco(NewOco),
    /// Cancel an order (and its OCO sibling).
    Cancel { id: OrderId, owner: OwnerId },
    /// Change an order.
    Amend(Amend),
    /// Atomically replace all resting orders of a liquidity provider.
    ReplaceQuotes { owner: OwnerId, quotes: Vec<Quote> },
}

/// What happens when a taker would match a resting order of the same owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SelfTradePolicy {
    /// Cancel the resting order and keep matching (the newer intent wins). The default.
    CancelResting,
    /// Cancel the taker's remainder; the resting order stays.
    CancelTaker,
    /// Cancel both the resting order and the taker's remainder.
    CancelBoth,
}

/// Bounds and policies of one book.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    /// Maximum live orders (resting plus untriggered stops) in the book.
    pub orders_max: u32,
    /// Maximum live orders per owner.
    pub orders_per_owner_max: u32,
    /// Highest accepted price; prices start at 1 tick.
    pub price_ticks_max: Price,
    /// Highest accepted quantity; quantities start at 1 unit.
    pub qty_units_max: Qty,
    /// Highest accepted quote amount of a market buy by amount.
    pub quote_units_max: Notional,
    /// Self-trade prevention policy.
    pub self_trade: SelfTradePolicy,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            orders_max: 100_000,
            orders_per_owner_max: 1_000,
            price_ticks_max: 1 << 50,
            qty_units_max: 1 << 50,
            quote_units_max: 1 << 100,
            self_trade: SelfTradePolicy::CancelResting,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_gtc_limits_and_stops_can_rest() {
        let limit = |tif| OrderType::Limit { price: 100, qty: 1, tif };
        assert!(limit(TimeInForce::Gtc).can_rest());
        assert!(!limit(TimeInForce::Ioc).can_rest());
        assert!(!limit(TimeInForce::Fok).can_rest());
        assert!(!OrderType::Market { qty: 1 }.can_rest());
        assert!(!OrderType::MarketQuote { quote: 100 }.can_rest());
        assert!(OrderType::Stop { stop_price: 100, qty: 1 }.can_rest());
        assert!(OrderType::StopLimit { stop_price: 100, price: 100, qty: 1, tif: TimeInForce::Ioc }.can_rest());
    }
}
