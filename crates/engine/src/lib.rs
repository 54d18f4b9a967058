//! The matching engine for crypto IDR pairs: deterministic, synchronous, no I/O.
//!
//! Prices are integer ticks and quantities integer units; the caller converts from money types and
//! posts ledger entries from the [`Event`]s each command returns. A [`Book`] is one instrument;
//! [`Engine`] holds many.
//!
//! # Semantics
//! - Price-time priority; a trade happens at the resting (maker) order's price.
//! - Market orders never rest; their unfilled remainder is cancelled. A market buy by quote amount
//!   spends at most the amount and returns the dust in its `Cancelled` event.
//! - Stops trigger on the last trade price (buy when last >= stop, sell when last <= stop), also at
//!   placement if already due. Due stops run one at a time, buy stops (lowest trigger first) before
//!   sell stops (highest first), ties by seq, re-reading the last price after each, so cascades are
//!   deterministic.
//! - OCO: any fill of the limit leg cancels the stop leg; the stop leg triggering cancels the limit
//!   leg; cancelling either cancels both. Each leg is amended on its own.
//! - Amend: a pure quantity decrease keeps time priority; a price, trigger or quantity increase
//!   takes a new seq (back of the queue) and a resting order re-enters as a taker, so it may match.
//!   A quantity at or below the filled quantity cancels the rest.
//! - Self-trade prevention (configurable, default [`SelfTradePolicy::CancelResting`]): when a taker
//!   reaches a resting order of its own owner, the resting order is cancelled and matching goes on,
//!   because the newer order is the owner's current intent.
//! - Limits: `orders_max` per book and `orders_per_owner_max` per owner count resting orders and
//!   pending stops; orders that cannot rest (market, IOC, FOK) need no room.
//! - Ids are the caller's; a book refuses an id only while an order with it is live.

mod amend;
mod book;
mod engine;
mod events;
mod invariants;
mod level;
mod matching;
mod oco;
mod order;
mod query;
mod quotes;
mod slots;
mod snapshot;
mod stops;
mod taker;
mod types;

#[cfg(test)]
mod tests;

pub use book::Book;
pub use engine::{Engine, EngineError, InstrumentId};
pub use events::{CancelReason, Event, Fill, RejectReason};
pub use order::{OpenOrder, OrderKind};
pub use query::LevelView;
pub use snapshot::{RestoreError, Snapshot};
pub use types::{
    Amend, Command, Config, NewOco, NewOrder, Notional, OrderId, OrderType, OwnerId, Price, Qty, Quote,
    SelfTradePolicy, Seq, Side, TimeInForce,
};
