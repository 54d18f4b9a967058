//! A full consistency check of a book, for tests and debugging; O(orders).

use crate::book::Book;
use crate::order::{Level, OrderKind, NIL};
use crate::types::{Price, Side};
use std::collections::BTreeMap;

impl Book {
    /// Checks every structural invariant; returns the first violation found.
    pub fn validate(&self) -> Result<(), String> {
        if self.is_crossed() {
            return Err("book is crossed".into());
        }
        let mut seen = 0usize;
        seen += self.validate_side(Side::Buy, &self.bids)?;
        seen += self.validate_side(Side::Sell, &self.asks)?;
        seen += self.validate_stops()?;
        if seen != self.index.len() {
            return Err(format!("{seen} orders filed, {} indexed", self.index.len()));
        }
        if self.index.len() > self.config.orders_max as usize {
            return Err("more live orders than orders_max".into());
        }
        let mut owned = 0usize;
        for (owner, list) in &self.owners {
            if list.count == 0 || list.count > self.config.orders_per_owner_max {
                return Err(format!("owner {owner:?} holds {} orders", list.count));
            }
            owned += list.count as usize;
        }
        if owned != self.index.len() {
            return Err("owner counts do not add up".into());
        }
        for (&id, &slot) in &self.index {
            let o = &self.slots[slot as usize].o;
            if o.id != id || !self.slots[slot as usize].live {
                return Err(format!("index entry {id:?} points at the wrong slot"));
            }
            if o.seq >= self.next_seq {
                return Err(format!("{id:?} has a seq from the future"));
            }
            if let Some(sibling) = o.oco_sibling {
                let back = self.order(sibling).and_then(|s| s.oco_sibling);
                if back != Some(id) {
                    return Err(format!("OCO link of {id:?} is not mutual"));
                }
            }
        }
        Ok(())
    }

    fn validate_side(&self, side: Side, levels: &BTreeMap<Price, Level>) -> Result<usize, String> {
        let mut total = 0usize;
        for (&price, level) in levels {
            let (mut qty, mut count, mut cur, mut prev) = (0, 0u32, level.head, NIL);
            let mut last_seq = 0;
            while cur != NIL {
                let slot = &self.slots[cur as usize];
                let o = &slot.o;
                let ok = slot.live
                    && o.side == side
                    && o.kind == OrderKind::Limit
                    && o.price == Some(price)
                    && o.remaining() > 0
                    && o.filled >= 0
                    && slot.prev == prev
                    && o.seq > last_seq;
                if !ok {
                    return Err(format!("bad resting order {:?} at {price}", o.id));
                }
                last_seq = o.seq;
                qty += o.remaining();
                count += 1;
                prev = cur;
                cur = slot.next;
            }
            if prev != level.tail || qty != level.qty || count != level.count || count == 0 {
                return Err(format!("level {price} totals disagree with its orders"));
            }
            total += count as usize;
        }
        Ok(total)
    }

    fn validate_stops(&self) -> Result<usize, String> {
        for (side, map) in [(Side::Buy, &self.buy_stops), (Side::Sell, &self.sell_stops)] {
            for (&(key, seq), &slot) in map {
                let o = &self.slots[slot as usize].o;
                let stop = if side == Side::Buy { key } else { -key };
                let ok = self.slots[slot as usize].live
                    && o.side == side
                    && o.kind != OrderKind::Limit
                    && o.stop_price == Some(stop)
                    && o.seq == seq
                    && o.filled == 0;
                if !ok {
                    return Err(format!("bad stop {:?}", o.id));
                }
                // Between commands no stop may be due: the cascade runs until none is.
                if let Some(last) = self.last_price {
                    let due = if side == Side::Buy { last >= stop } else { last <= stop };
                    if due {
                        return Err(format!("stop {:?} is due but pending", o.id));
                    }
                }
            }
        }
        Ok(self.buy_stops.len() + self.sell_stops.len())
    }
}
