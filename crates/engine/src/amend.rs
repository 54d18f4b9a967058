//! Amending live orders: a pure quantity decrease keeps time priority, anything else loses it.

use crate::book::Book;
use crate::events::{CancelReason, Event, RejectReason};
use crate::order::{OpenOrder, OrderKind};
use crate::taker::Taker;
use crate::types::Amend;

impl Book {
    /// Changes a live order's quantity, limit price or trigger; see `Amend` for the fields.
    pub fn amend(&mut self, amend: Amend, out: &mut Vec<Event>) {
        match self.check_amend(&amend) {
            Ok((slot, new)) => self.apply_amend(slot, new, out),
            Err(reason) => out.push(Event::AmendRejected { order: amend.id, owner: amend.owner, reason }),
        }
        self.finish_command(out);
    }

    /// Validates and returns the slot plus the order as it would be after the amendment.
    fn check_amend(&self, a: &Amend) -> Result<(u32, OpenOrder), RejectReason> {
        let slot = self.owned_slot(a.id, a.owner)?;
        let old = self.slots[slot as usize].o;
        let mut new = old;
        if let Some(qty) = a.qty {
            // Zero or below the filled quantity is allowed: it means "cancel the rest".
            if qty < 0 || qty > self.config.qty_units_max {
                return Err(RejectReason::InvalidQuantity);
            }
            new.qty = qty;
        }
        if let Some(price) = a.price {
            if old.kind == OrderKind::StopMarket {
                return Err(RejectReason::NotApplicable);
            }
            self.check_price(price)?;
            new.price = Some(price);
        }
        if let Some(stop) = a.stop_price {
            if old.kind == OrderKind::Limit {
                return Err(RejectReason::NotApplicable);
            }
            self.check_stop(stop)?;
            new.stop_price = Some(stop);
        }
        Ok((slot, new))
    }

    fn apply_amend(&mut self, slot: u32, mut new: OpenOrder, out: &mut Vec<Event>) {
        let old = self.slots[slot as usize].o;
        if new.qty <= old.filled {
            self.cancel_slot(slot, CancelReason::AmendedToFilled, out);
            return;
        }
        let kept_priority = new.price == old.price && new.stop_price == old.stop_price && new.qty <= old.qty;
        if kept_priority {
            self.slots[slot as usize].o.qty = new.qty;
            if old.kind == OrderKind::Limit {
                self.reduce_resting(slot, old.qty - new.qty);
            }
            push_amended(&new, true, out);
            return;
        }
        new.seq = self.take_seq();
        match old.kind {
            OrderKind::Limit => {
                // Out of the queue and in again as a taker: a new price may cross the book.
                self.unlink_level(slot);
                self.unregister(slot);
                push_amended(&new, false, out);
                self.execute_taker(Taker::from_open(new), out);
            }
            OrderKind::StopMarket | OrderKind::StopLimit => {
                self.remove_stop(slot);
                self.slots[slot as usize].o = new;
                self.insert_stop(slot);
                push_amended(&new, false, out);
            }
        }
    }
}

fn push_amended(o: &OpenOrder, kept_priority: bool, out: &mut Vec<Event>) {
    out.push(Event::Amended {
        order: o.id,
        owner: o.owner,
        seq: o.seq,
        price: o.price,
        stop_price: o.stop_price,
        qty: o.qty,
        remaining: o.remaining(),
        kept_priority,
    });
}
