//! Stop and stop-limit orders: waiting for the last trade price, then executing as takers.

use crate::book::Book;
use crate::events::{CancelReason, Event};
use crate::order::{OpenOrder, OrderKind};
use crate::taker::Taker;
use crate::types::{Price, Seq, Side};

impl Book {
    fn stop_key(o: &OpenOrder) -> (Price, Seq) {
        let stop = o.stop_price.expect("a stop has a stop price");
        match o.side {
            Side::Buy => (stop, o.seq),
            // Negated so that the first key is the highest sell stop, the first to trigger on a fall.
            Side::Sell => (-stop, o.seq),
        }
    }

    /// Registers a new stop and files it under its trigger; `finish_command` triggers it if already due.
    pub(crate) fn add_stop(&mut self, o: OpenOrder) -> u32 {
        let slot = self.register(o);
        self.insert_stop(slot);
        slot
    }

    pub(crate) fn insert_stop(&mut self, slot: u32) {
        let o = self.slots[slot as usize].o;
        let key = Self::stop_key(&o);
        let map = match o.side {
            Side::Buy => &mut self.buy_stops,
            Side::Sell => &mut self.sell_stops,
        };
        let previous = map.insert(key, slot);
        assert!(previous.is_none(), "stop key (price, seq) is unique");
    }

    pub(crate) fn remove_stop(&mut self, slot: u32) {
        let o = self.slots[slot as usize].o;
        let key = Self::stop_key(&o);
        let map = match o.side {
            Side::Buy => &mut self.buy_stops,
            Side::Sell => &mut self.sell_stops,
        };
        let removed = map.remove(&key);
        debug_assert_eq!(removed, Some(slot));
    }

    /// The next due stop: buy stops (lowest trigger first) before sell stops (highest first), then by seq.
    fn next_due_stop(&self) -> Option<u32> {
        let last = self.last_price?;
        if let Some((&(stop, _), &slot)) = self.buy_stops.first_key_value() {
            if last >= stop {
                return Some(slot);
            }
        }
        if let Some((&(neg_stop, _), &slot)) = self.sell_stops.first_key_value() {
            if last <= -neg_stop {
                return Some(slot);
            }
        }
        None
    }

    /// Triggers due stops one at a time, re-reading the last price after each, until none is due.
    pub(crate) fn run_triggers(&mut self, out: &mut Vec<Event>) {
        // A trigger removes a stop for good and nothing adds stops here, so this bounds the cascade.
        let mut budget = self.buy_stops.len() + self.sell_stops.len();
        while let Some(slot) = self.next_due_stop() {
            assert!(budget > 0, "stop cascade exceeded the number of stops");
            budget -= 1;
            self.trigger(slot, out);
        }
    }

    fn trigger(&mut self, slot: u32, out: &mut Vec<Event>) {
        self.remove_stop(slot);
        let mut o = self.unregister(slot);
        let stop_price = o.stop_price.expect("a stop has a stop price");
        let last_price = self.last_price.expect("a trigger needs a last price");
        o.seq = self.take_seq();
        out.push(Event::StopTriggered { order: o.id, owner: o.owner, seq: o.seq, stop_price, last_price });
        if let Some(sibling) = o.oco_sibling.take() {
            self.cancel_sibling(sibling, CancelReason::OcoSiblingTriggered, out);
        }
        if o.kind == OrderKind::StopMarket {
            o.price = None;
        }
        o.kind = OrderKind::Limit;
        o.stop_price = None;
        self.execute_taker(Taker::from_open(o), out);
    }
}
