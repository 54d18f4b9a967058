//! Read-only views: best prices, aggregated depth, single orders and an owner's open orders.

use crate::book::Book;
use crate::order::OpenOrder;
use crate::types::{OrderId, OwnerId, Price, Qty, Side};
use serde::{Deserialize, Serialize};

/// One aggregated price level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelView {
    /// Level price.
    pub price: Price,
    /// Sum of open quantity at this price.
    pub qty: Qty,
    /// Number of resting orders at this price.
    pub orders: u32,
}

impl Book {
    /// Highest bid level.
    pub fn best_bid(&self) -> Option<LevelView> {
        self.bids.iter().next_back().map(|(p, l)| LevelView { price: *p, qty: l.qty, orders: l.count })
    }

    /// Lowest ask level.
    pub fn best_ask(&self) -> Option<LevelView> {
        self.asks.iter().next().map(|(p, l)| LevelView { price: *p, qty: l.qty, orders: l.count })
    }

    /// Top `levels` of a side, best first, into a caller-owned buffer (cleared first).
    pub fn depth_into(&self, side: Side, levels: usize, into: &mut Vec<LevelView>) {
        into.clear();
        let view = |(p, l): (&Price, &crate::order::Level)| LevelView { price: *p, qty: l.qty, orders: l.count };
        match side {
            Side::Buy => into.extend(self.bids.iter().rev().take(levels).map(view)),
            Side::Sell => into.extend(self.asks.iter().take(levels).map(view)),
        }
    }

    /// Top `levels` of a side, best first.
    pub fn depth(&self, side: Side, levels: usize) -> Vec<LevelView> {
        let mut v = Vec::with_capacity(levels.min(self.levels(side).len()));
        self.depth_into(side, levels, &mut v);
        v
    }

    /// A live order (resting or pending stop) by id.
    pub fn order(&self, id: OrderId) -> Option<OpenOrder> {
        self.index.get(&id).map(|&s| self.slots[s as usize].o)
    }

    /// An owner's live orders in time priority.
    pub fn open_orders(&self, owner: OwnerId) -> Vec<OpenOrder> {
        let mut slots = Vec::new();
        self.owner_slots(owner, &mut slots);
        let mut v: Vec<OpenOrder> = slots.iter().map(|&s| self.slots[s as usize].o).collect();
        v.sort_unstable_by_key(|o| o.seq);
        v
    }

    /// Number of live orders (resting plus pending stops).
    pub fn len(&self) -> usize {
        self.index.len()
    }

    /// True when no order is live.
    pub fn is_empty(&self) -> bool {
        self.index.is_empty()
    }

    /// Price of the most recent trade; stops trigger on it.
    pub fn last_price(&self) -> Option<Price> {
        self.last_price
    }

    /// The sequence number the next accepted order will get.
    pub fn next_seq(&self) -> u64 {
        self.next_seq
    }
}
