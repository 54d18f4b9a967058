//! The stored form of a live order, its public view, and the id hash map.

use crate::types::{OrderId, OwnerId, Price, Qty, Seq, Side, TimeInForce};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// "No slot": the end of an intrusive list.
pub(crate) const NIL: u32 = u32::MAX;

/// What a live order is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OrderKind {
    /// Resting in the book at its price.
    Limit,
    /// Waiting for its trigger; becomes a market order.
    StopMarket,
    /// Waiting for its trigger; becomes a limit order.
    StopLimit,
}

/// A live order as queries report it and as snapshots store it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenOrder {
    /// Caller-chosen id.
    pub id: OrderId,
    /// Owning account.
    pub owner: OwnerId,
    /// Buy or sell.
    pub side: Side,
    /// Time priority.
    pub seq: Seq,
    /// Resting limit or pending stop.
    pub kind: OrderKind,
    /// Limit price; `None` for a stop-market.
    pub price: Option<Price>,
    /// Trigger price; `None` for a resting limit.
    pub stop_price: Option<Price>,
    /// Total quantity, filled included.
    pub qty: Qty,
    /// Quantity filled so far.
    pub filled: Qty,
    /// Time in force (of the limit order a stop-limit becomes).
    pub tif: TimeInForce,
    /// The other leg of an OCO pair, while both live.
    pub oco_sibling: Option<OrderId>,
}

impl OpenOrder {
    /// Quantity still open.
    pub fn remaining(&self) -> Qty {
        self.qty - self.filled
    }
}

/// Slab entry: the open order plus intrusive links, so removal from a level or owner list is O(1).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Slot {
    pub(crate) o: OpenOrder,
    pub(crate) prev: u32,
    pub(crate) next: u32,
    pub(crate) owner_prev: u32,
    pub(crate) owner_next: u32,
    pub(crate) live: bool,
}

/// Head and tail of an intrusive FIFO of slots plus its totals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Level {
    pub(crate) head: u32,
    pub(crate) tail: u32,
    pub(crate) qty: Qty,
    pub(crate) count: u32,
}

impl Level {
    pub(crate) const EMPTY: Level = Level { head: NIL, tail: NIL, qty: 0, count: 0 };
}

/// FxHash-style hasher: ids are already well spread, and std's SipHash costs more than the lookup.
#[derive(Default, Clone, Copy)]
pub(crate) struct IdHasher(u64);

impl Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u64(u64::from(*b));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// A hash map keyed by small integer ids.
pub(crate) type IdMap<K, V> = HashMap<K, V, BuildHasherDefault<IdHasher>>;
