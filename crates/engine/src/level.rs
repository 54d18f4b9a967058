//! Price levels: FIFO queues of resting orders threaded through the slab.

use crate::book::Book;
use crate::order::{Level, OrderKind, NIL};
use crate::types::{Price, Qty, Side};
use std::collections::BTreeMap;

impl Book {
    pub(crate) fn levels(&self, side: Side) -> &BTreeMap<Price, Level> {
        match side {
            Side::Buy => &self.bids,
            Side::Sell => &self.asks,
        }
    }

    /// Best price on a side: the highest bid or the lowest ask.
    pub(crate) fn best_price(&self, side: Side) -> Option<Price> {
        match side {
            Side::Buy => self.bids.last_key_value().map(|(p, _)| *p),
            Side::Sell => self.asks.first_key_value().map(|(p, _)| *p),
        }
    }

    /// True when the best bid meets or passes the best ask, which must never survive a command.
    pub fn is_crossed(&self) -> bool {
        match (self.best_price(Side::Buy), self.best_price(Side::Sell)) {
            (Some(bid), Some(ask)) => bid >= ask,
            _ => false,
        }
    }

    /// Appends a registered limit order to the back of its price level.
    pub(crate) fn link_level(&mut self, idx: u32) {
        let o = self.slots[idx as usize].o;
        debug_assert_eq!(o.kind, OrderKind::Limit);
        let price = o.price.expect("resting order has a price");
        let levels = match o.side {
            Side::Buy => &mut self.bids,
            Side::Sell => &mut self.asks,
        };
        let level = levels.entry(price).or_insert(Level::EMPTY);
        let tail = level.tail;
        level.tail = idx;
        if tail == NIL {
            level.head = idx;
        }
        level.qty += o.remaining();
        level.count += 1;
        let slot = &mut self.slots[idx as usize];
        slot.prev = tail;
        slot.next = NIL;
        if tail != NIL {
            self.slots[tail as usize].next = idx;
        }
    }

    /// Takes a resting order out of its level, dropping the level when it empties.
    pub(crate) fn unlink_level(&mut self, idx: u32) {
        let slot = self.slots[idx as usize];
        let price = slot.o.price.expect("resting order has a price");
        let levels = match slot.o.side {
            Side::Buy => &mut self.bids,
            Side::Sell => &mut self.asks,
        };
        let level = levels.get_mut(&price).expect("level of a resting order");
        if slot.prev == NIL {
            level.head = slot.next;
        } else {
            self.slots[slot.prev as usize].next = slot.next;
        }
        if slot.next == NIL {
            level.tail = slot.prev;
        } else {
            self.slots[slot.next as usize].prev = slot.prev;
        }
        level.qty -= slot.o.remaining();
        level.count -= 1;
        if level.count == 0 {
            debug_assert_eq!(level.qty, 0);
            levels.remove(&price);
        }
        let s = &mut self.slots[idx as usize];
        s.prev = NIL;
        s.next = NIL;
    }

    /// Lowers a resting order's open quantity in place, keeping its queue position.
    pub(crate) fn reduce_resting(&mut self, idx: u32, by: Qty) {
        let o = self.slots[idx as usize].o;
        let price = o.price.expect("resting order has a price");
        let levels = match o.side {
            Side::Buy => &mut self.bids,
            Side::Sell => &mut self.asks,
        };
        let level = levels.get_mut(&price).expect("level of a resting order");
        level.qty -= by;
        debug_assert!(level.qty >= 0);
    }
}
