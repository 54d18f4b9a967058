//! The matching loop: an incoming order (the taker) against resting orders in price-time priority.

use crate::book::Book;
use crate::events::{CancelReason, Event, Fill};
use crate::order::{Level, NIL};
use crate::taker::Taker;
use crate::types::{Notional, Price, Qty, SelfTradePolicy, Side, TimeInForce};

/// Why matching stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MatchEnd {
    /// Filled, out of crossing liquidity, or out of quote.
    Done,
    /// Self-trade prevention cancels the taker's remainder.
    SelfTrade,
}

impl Book {
    /// Matches a taker, then rests or cancels what is left according to its type and time in force.
    pub(crate) fn execute_taker(&mut self, mut t: Taker, out: &mut Vec<Event>) {
        if t.o.tif == TimeInForce::Fok && t.o.price.is_some() && self.fillable(&t) < t.o.remaining() {
            self.cancel_taker(&t, CancelReason::FokUnfillable, out);
            return;
        }
        let end = self.match_taker(&mut t, out);
        let (qty_left, quote_left) = match t.quote_left {
            Some(q) => (0, q),
            None => (t.o.remaining(), 0),
        };
        if qty_left == 0 && quote_left == 0 {
            return;
        }
        let reason = match (end, t.o.price, t.o.tif) {
            (MatchEnd::SelfTrade, _, _) => CancelReason::SelfTrade,
            (MatchEnd::Done, None, _) => CancelReason::MarketRemainder,
            (MatchEnd::Done, Some(_), TimeInForce::Gtc) => {
                let slot = self.register(t.o);
                self.link_level(slot);
                return;
            }
            (MatchEnd::Done, Some(_), TimeInForce::Ioc) => CancelReason::IocRemainder,
            (MatchEnd::Done, Some(_), TimeInForce::Fok) => {
                debug_assert!(false, "a FOK that passed its check filled completely");
                CancelReason::FokUnfillable
            }
        };
        self.cancel_taker(&t, reason, out);
    }

    fn cancel_taker(&mut self, t: &Taker, reason: CancelReason, out: &mut Vec<Event>) {
        let (qty, quote) = match t.quote_left {
            Some(q) => (0, q),
            None => (t.o.remaining(), 0),
        };
        out.push(Event::Cancelled { order: t.o.id, owner: t.o.owner, qty, quote, reason });
        if let Some(sibling) = t.o.oco_sibling {
            self.cancel_sibling(sibling, CancelReason::OcoSiblingCancelled, out);
        }
    }

    /// Best level of a side as (price, head slot).
    fn best_head(&self, side: Side) -> Option<(Price, u32)> {
        let entry = match side {
            Side::Buy => self.bids.last_key_value(),
            Side::Sell => self.asks.first_key_value(),
        };
        entry.map(|(p, l)| (*p, l.head))
    }

    fn match_taker(&mut self, t: &mut Taker, out: &mut Vec<Event>) -> MatchEnd {
        let maker_side = t.o.side.opposite();
        // Each pass fills or removes one resting order, so the loop is bounded by the book size.
        while t.o.remaining() > 0 {
            let Some((price, head)) = self.best_head(maker_side) else {
                break;
            };
            if !t.accepts(price) {
                break;
            }
            let maker = self.slots[head as usize].o;
            if maker.owner == t.o.owner {
                match self.config.self_trade {
                    SelfTradePolicy::CancelResting => {
                        self.cancel_slot(head, CancelReason::SelfTrade, out);
                        continue;
                    }
                    SelfTradePolicy::CancelTaker => return MatchEnd::SelfTrade,
                    SelfTradePolicy::CancelBoth => {
                        self.cancel_slot(head, CancelReason::SelfTrade, out);
                        return MatchEnd::SelfTrade;
                    }
                }
            }
            let mut qty = t.o.remaining().min(maker.remaining());
            if let Some(quote) = t.quote_left {
                let affordable = quote / Notional::from(price);
                qty = Qty::try_from(affordable.min(Notional::from(qty))).expect("bounded by qty");
                if qty == 0 {
                    break; // what is left is dust below one unit at the best price
                }
            }
            self.fill(t, head, price, qty, out);
        }
        MatchEnd::Done
    }

    fn fill(&mut self, t: &mut Taker, head: u32, price: Price, qty: Qty, out: &mut Vec<Event>) {
        debug_assert!(qty > 0);
        self.slots[head as usize].o.filled += qty;
        self.reduce_resting(head, qty);
        let maker = self.slots[head as usize].o;
        t.o.filled += qty;
        if let Some(quote) = t.quote_left.as_mut() {
            *quote -= Notional::from(price) * Notional::from(qty);
            debug_assert!(*quote >= 0, "a by-amount buy overspent");
        }
        self.last_price = Some(price);
        out.push(Event::Fill(Fill {
            taker_order: t.o.id,
            maker_order: maker.id,
            taker_owner: t.o.owner,
            maker_owner: maker.owner,
            price,
            qty,
            taker_side: t.o.side,
            maker_remaining: maker.remaining(),
        }));
        if maker.remaining() == 0 {
            self.unlink_level(head);
            self.unregister(head);
        } else {
            self.slots[head as usize].o.oco_sibling = None;
        }
        // Any fill of an OCO leg, full or partial, cancels the other leg.
        if let Some(sibling) = maker.oco_sibling {
            self.cancel_sibling(sibling, CancelReason::OcoSiblingFilled, out);
        }
        if let Some(sibling) = t.o.oco_sibling.take() {
            self.cancel_sibling(sibling, CancelReason::OcoSiblingFilled, out);
        }
    }

    /// How much a limit taker could fill now, honouring self-trade prevention; stops once enough.
    fn fillable(&self, t: &Taker) -> Qty {
        let need = t.o.remaining();
        let limit = t.o.price.expect("FOK orders have a limit price");
        let stp_stops = self.config.self_trade != SelfTradePolicy::CancelResting;
        let mut acc: Qty = 0;
        // Returns true when the walk should stop.
        let mut visit = |level: &Level| -> bool {
            let mut cur = level.head;
            while cur != NIL {
                let m = &self.slots[cur as usize].o;
                if m.owner == t.o.owner {
                    if stp_stops {
                        return true;
                    }
                } else {
                    acc += m.remaining();
                    if acc >= need {
                        return true;
                    }
                }
                cur = self.slots[cur as usize].next;
            }
            false
        };
        match t.o.side {
            Side::Buy => {
                for level in self.asks.range(..=limit).map(|(_, l)| l) {
                    if visit(level) {
                        break;
                    }
                }
            }
            Side::Sell => {
                for level in self.bids.range(limit..).rev().map(|(_, l)| l) {
                    if visit(level) {
                        break;
                    }
                }
            }
        }
        acc
    }
}
