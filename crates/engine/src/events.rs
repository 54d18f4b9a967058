//! What a command did, in the order it happened; the caller posts ledger entries from these.

use crate::types::{Notional, OrderId, OwnerId, Price, Qty, Seq, Side};
use serde::{Deserialize, Serialize};

/// One trade between a taker (the incoming order) and a maker (the resting order), at the maker's price.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fill {
    /// The incoming order.
    pub taker_order: OrderId,
    /// The resting order.
    pub maker_order: OrderId,
    /// Owner of the taker.
    pub taker_owner: OwnerId,
    /// Owner of the maker.
    pub maker_owner: OwnerId,
    /// Trade price (the maker's limit price).
    pub price: Price,
    /// Traded base quantity.
    pub qty: Qty,
    /// Side of the taker; the maker is on the other side.
    pub taker_side: Side,
    /// Maker quantity left after this fill; 0 means the maker is done.
    pub maker_remaining: Qty,
}

/// Why a new order (or a whole quote batch) was refused; nothing changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, thiserror::Error)]
pub enum RejectReason {
    /// An order with this id is live in the book.
    #[error("duplicate order id")]
    DuplicateOrderId,
    /// Quantity outside 1..=qty_units_max.
    #[error("invalid quantity")]
    InvalidQuantity,
    /// Limit price outside 1..=price_ticks_max.
    #[error("invalid price")]
    InvalidPrice,
    /// Stop price outside 1..=price_ticks_max.
    #[error("invalid stop price")]
    InvalidStopPrice,
    /// Quote amount outside 1..=quote_units_max.
    #[error("invalid quote amount")]
    InvalidQuoteAmount,
    /// Only buys can be sized by quote amount.
    #[error("a sell cannot be sized by quote amount")]
    QuoteAmountSellUnsupported,
    /// The book holds orders_max live orders.
    #[error("book full")]
    BookFull,
    /// The owner holds orders_per_owner_max live orders.
    #[error("owner order limit reached")]
    OwnerLimitReached,
    /// No live order has this id.
    #[error("unknown order")]
    UnknownOrder,
    /// The order belongs to another owner.
    #[error("not the owner")]
    NotOwner,
    /// The field does not apply to this order (e.g. a stop price on a resting limit order).
    #[error("amendment not applicable to this order")]
    NotApplicable,
}

/// Why the remainder of an order was cancelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CancelReason {
    /// The owner asked.
    Requested,
    /// Self-trade prevention.
    SelfTrade,
    /// A market order ran out of liquidity, or a by-amount buy left dust.
    MarketRemainder,
    /// An IOC limit order's unfilled part.
    IocRemainder,
    /// A FOK order could not fill completely.
    FokUnfillable,
    /// The OCO sibling filled (fully or partly).
    OcoSiblingFilled,
    /// The OCO sibling (the stop leg) triggered.
    OcoSiblingTriggered,
    /// The OCO sibling was cancelled.
    OcoSiblingCancelled,
    /// An amendment set the quantity at or below the filled quantity.
    AmendedToFilled,
    /// `replace_quotes` replaced the owner's resting orders.
    Replaced,
}

/// One thing that happened; a command emits zero or more, deterministically ordered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A new order passed validation and got its time priority.
    Accepted { order: OrderId, owner: OwnerId, side: Side, seq: Seq },
    /// A new order failed validation; it never existed.
    Rejected { order: OrderId, owner: OwnerId, reason: RejectReason },
    /// A trade.
    Fill(Fill),
    /// The order's remaining `qty` (for a by-amount buy: its unspent `quote`) is cancelled; the order is done.
    Cancelled { order: OrderId, owner: OwnerId, qty: Qty, quote: Notional, reason: CancelReason },
    /// An amendment applied; `qty` is the new total, `seq` the (possibly new) time priority.
    Amended {
        order: OrderId,
        owner: OwnerId,
        seq: Seq,
        price: Option<Price>,
        stop_price: Option<Price>,
        qty: Qty,
        remaining: Qty,
        kept_priority: bool,
    },
    /// An amendment was refused; the order is unchanged.
    AmendRejected { order: OrderId, owner: OwnerId, reason: RejectReason },
    /// A cancel was refused.
    CancelRejected { order: OrderId, owner: OwnerId, reason: RejectReason },
    /// A stop reached its trigger and now executes as a market or limit order with the new `seq`.
    StopTriggered { order: OrderId, owner: OwnerId, seq: Seq, stop_price: Price, last_price: Price },
    /// A `replace_quotes` batch was refused as a whole; the owner's old quotes stay.
    QuotesRejected { owner: OwnerId, reason: RejectReason },
}
