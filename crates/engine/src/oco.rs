//! One-cancels-other pairs and the cancellation paths they share with plain orders.

use crate::book::Book;
use crate::events::{CancelReason, Event, RejectReason};
use crate::order::{OpenOrder, OrderKind};
use crate::taker::Taker;
use crate::types::{NewOco, OrderId, TimeInForce};

impl Book {
    /// Places an OCO pair: the limit leg matches first; any fill cancels the stop leg, a trigger cancels the limit leg.
    pub fn place_oco(&mut self, oco: NewOco, out: &mut Vec<Event>) {
        if let Err(reason) = self.check_oco(&oco) {
            out.push(Event::Rejected { order: oco.limit_id, owner: oco.owner, reason });
            out.push(Event::Rejected { order: oco.stop_id, owner: oco.owner, reason });
            return;
        }
        let limit_seq = self.take_seq();
        let stop_seq = self.take_seq();
        out.push(Event::Accepted { order: oco.limit_id, owner: oco.owner, side: oco.side, seq: limit_seq });
        out.push(Event::Accepted { order: oco.stop_id, owner: oco.owner, side: oco.side, seq: stop_seq });
        let (kind, stop_limit) = match oco.stop_limit_price {
            Some(p) => (OrderKind::StopLimit, Some(p)),
            None => (OrderKind::StopMarket, None),
        };
        // The stop leg is filed first so a fill of the limit leg finds and cancels it.
        self.add_stop(OpenOrder {
            id: oco.stop_id,
            owner: oco.owner,
            side: oco.side,
            seq: stop_seq,
            kind,
            price: stop_limit,
            stop_price: Some(oco.stop_price),
            qty: oco.qty,
            filled: 0,
            tif: TimeInForce::Gtc,
            oco_sibling: Some(oco.limit_id),
        });
        let limit = OpenOrder {
            id: oco.limit_id,
            owner: oco.owner,
            side: oco.side,
            seq: limit_seq,
            kind: OrderKind::Limit,
            price: Some(oco.limit_price),
            stop_price: None,
            qty: oco.qty,
            filled: 0,
            tif: TimeInForce::Gtc,
            oco_sibling: Some(oco.stop_id),
        };
        self.execute_taker(Taker::from_open(limit), out);
        self.finish_command(out);
    }

    fn check_oco(&self, oco: &NewOco) -> Result<(), RejectReason> {
        if oco.limit_id == oco.stop_id
            || self.index.contains_key(&oco.limit_id)
            || self.index.contains_key(&oco.stop_id)
        {
            return Err(RejectReason::DuplicateOrderId);
        }
        self.check_qty(oco.qty)?;
        self.check_price(oco.limit_price)?;
        self.check_stop(oco.stop_price)?;
        if let Some(p) = oco.stop_limit_price {
            self.check_price(p)?;
        }
        self.check_room(oco.owner, 2)
    }

    /// Removes a live order from wherever it waits, reports it cancelled, and cancels its OCO sibling.
    pub(crate) fn cancel_slot(&mut self, slot: u32, reason: CancelReason, out: &mut Vec<Event>) {
        let o = self.remove_slot(slot);
        out.push(Event::Cancelled { order: o.id, owner: o.owner, qty: o.remaining(), quote: 0, reason });
        if let Some(sibling) = o.oco_sibling {
            self.cancel_sibling(sibling, CancelReason::OcoSiblingCancelled, out);
        }
    }

    /// Cancels the other leg of a pair, first cutting its link back so the cancel does not bounce.
    pub(crate) fn cancel_sibling(&mut self, id: OrderId, reason: CancelReason, out: &mut Vec<Event>) {
        if let Some(&slot) = self.index.get(&id) {
            self.slots[slot as usize].o.oco_sibling = None;
            self.cancel_slot(slot, reason, out);
        }
    }

    /// Takes a live order out of its level or stop map and frees its slot.
    pub(crate) fn remove_slot(&mut self, slot: u32) -> OpenOrder {
        match self.slots[slot as usize].o.kind {
            OrderKind::Limit => self.unlink_level(slot),
            OrderKind::StopMarket | OrderKind::StopLimit => self.remove_stop(slot),
        }
        self.unregister(slot)
    }
}
