//! Liquidity-provider requoting: cancel all of an owner's resting orders and insert new ones, atomically.

use crate::book::Book;
use crate::events::{CancelReason, Event, RejectReason};
use crate::order::{OpenOrder, OrderKind};
use crate::taker::Taker;
use crate::types::{OwnerId, Quote, TimeInForce};

impl Book {
    /// Replaces `owner`'s resting limit orders with `quotes` (GTC limits, matched where they cross).
    ///
    /// Either the whole batch applies or `QuotesRejected` is emitted and nothing changes. The owner's
    /// untriggered stops are kept. Quotes are inserted in the given order, so a quote crossing an
    /// earlier quote of the same batch is handled by self-trade prevention.
    pub fn replace_quotes(&mut self, owner: OwnerId, quotes: &[Quote], out: &mut Vec<Event>) {
        let mut old = std::mem::take(&mut self.scratch_slots);
        self.owner_slots(owner, &mut old);
        old.retain(|&s| self.slots[s as usize].o.kind == OrderKind::Limit);
        if let Err(reason) = self.check_quotes(owner, quotes, old.len()) {
            out.push(Event::QuotesRejected { owner, reason });
            self.scratch_slots = old;
            return;
        }
        for &slot in &old {
            // A cancel can cascade to an OCO sibling, which may be in `old` too; skip what is gone.
            if self.slots[slot as usize].live && self.slots[slot as usize].o.owner == owner {
                self.cancel_slot(slot, CancelReason::Replaced, out);
            }
        }
        self.scratch_slots = old;
        for q in quotes {
            let seq = self.take_seq();
            out.push(Event::Accepted { order: q.id, owner, side: q.side, seq });
            let o = OpenOrder {
                id: q.id,
                owner,
                side: q.side,
                seq,
                kind: OrderKind::Limit,
                price: Some(q.price),
                stop_price: None,
                qty: q.qty,
                filled: 0,
                tif: TimeInForce::Gtc,
                oco_sibling: None,
            };
            self.execute_taker(Taker::from_open(o), out);
        }
        self.finish_command(out);
    }

    fn check_quotes(&mut self, owner: OwnerId, quotes: &[Quote], resting: usize) -> Result<(), RejectReason> {
        let kept = self.owner_count(owner) as usize - resting;
        if kept + quotes.len() > self.config.orders_per_owner_max as usize {
            return Err(RejectReason::OwnerLimitReached);
        }
        if self.index.len() - resting + quotes.len() > self.config.orders_max as usize {
            return Err(RejectReason::BookFull);
        }
        let mut ids = std::mem::take(&mut self.scratch_ids);
        ids.clear();
        let mut result = Ok(());
        for q in quotes {
            if let Err(e) = self.check_qty(q.qty).and_then(|()| self.check_price(q.price)) {
                result = Err(e);
                break;
            }
            // An id may be reused only if it names one of the resting orders being replaced.
            if let Some(&slot) = self.index.get(&q.id) {
                let o = &self.slots[slot as usize].o;
                if o.owner != owner || o.kind != OrderKind::Limit {
                    result = Err(RejectReason::DuplicateOrderId);
                    break;
                }
            }
            ids.push(q.id);
        }
        if result.is_ok() {
            ids.sort_unstable();
            if ids.windows(2).any(|w| w[0] == w[1]) {
                result = Err(RejectReason::DuplicateOrderId);
            }
        }
        self.scratch_ids = ids;
        result
    }
}
