//! One instrument's order book: state, command entry points and validation of new orders.

use crate::events::{CancelReason, Event, RejectReason};
use crate::order::{IdMap, Level, OpenOrder, OrderKind, Slot};
use crate::taker::Taker;
use crate::types::{Command, Config, NewOrder, OrderId, OrderType, OwnerId, Price, Qty, Seq, Side, TimeInForce};
use std::collections::BTreeMap;
use std::hash::BuildHasherDefault;

/// Head, tail and size of one owner's intrusive list of live orders.
#[derive(Clone, Copy, Debug)]
pub(crate) struct OwnerList {
    pub(crate) head: u32,
    pub(crate) tail: u32,
    pub(crate) count: u32,
}

/// A price-time priority order book with stops and OCO pairs; every command is deterministic.
#[derive(Clone, Debug)]
pub struct Book {
    pub(crate) config: Config,
    /// Slab of live orders; `free` lists reusable slots so steady state does not allocate.
    pub(crate) slots: Vec<Slot>,
    pub(crate) free: Vec<u32>,
    pub(crate) index: IdMap<OrderId, u32>,
    pub(crate) owners: IdMap<OwnerId, OwnerList>,
    pub(crate) bids: BTreeMap<Price, Level>,
    pub(crate) asks: BTreeMap<Price, Level>,
    /// Keyed (stop price, seq): the lowest buy stop triggers first.
    pub(crate) buy_stops: BTreeMap<(Price, Seq), u32>,
    /// Keyed (-stop price, seq): the highest sell stop triggers first.
    pub(crate) sell_stops: BTreeMap<(Price, Seq), u32>,
    pub(crate) next_seq: Seq,
    pub(crate) last_price: Option<Price>,
    /// Reused scratch space so `replace_quotes` does not allocate per call.
    pub(crate) scratch_slots: Vec<u32>,
    pub(crate) scratch_ids: Vec<OrderId>,
}

impl Book {
    /// An empty book; storage for `orders_max` orders is reserved up front.
    pub fn new(config: Config) -> Book {
        assert!(config.orders_max > 0 && config.orders_per_owner_max > 0);
        assert!(config.price_ticks_max > 0 && config.qty_units_max > 0 && config.quote_units_max > 0);
        let cap = config.orders_max as usize;
        Book {
            config,
            slots: Vec::with_capacity(cap),
            free: Vec::with_capacity(cap),
            index: IdMap::with_capacity_and_hasher(cap, BuildHasherDefault::default()),
            owners: IdMap::default(),
            bids: BTreeMap::new(),
            asks: BTreeMap::new(),
            buy_stops: BTreeMap::new(),
            sell_stops: BTreeMap::new(),
            next_seq: 1,
            last_price: None,
            scratch_slots: Vec::new(),
            scratch_ids: Vec::new(),
        }
    }

    /// The book's configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Runs any command, appending its events to `out` (which the caller reuses to avoid allocation).
    pub fn execute(&mut self, command: &Command, out: &mut Vec<Event>) {
        match command {
            Command::New(order) => self.place(*order, out),
            Command::NewOco(oco) => self.place_oco(*oco, out),
            Command::Cancel { id, owner } => self.cancel(*id, *owner, out),
            Command::Amend(amend) => self.amend(*amend, out),
            Command::ReplaceQuotes { owner, quotes } => self.replace_quotes(*owner, quotes, out),
        }
    }

    /// Places one order: it matches what it can, then rests, waits for its trigger, or is cancelled.
    pub fn place(&mut self, order: NewOrder, out: &mut Vec<Event>) {
        if let Err(reason) = self.check_new(&order) {
            out.push(Event::Rejected { order: order.id, owner: order.owner, reason });
            return;
        }
        let seq = self.take_seq();
        out.push(Event::Accepted { order: order.id, owner: order.owner, side: order.side, seq });
        let mut open = OpenOrder {
            id: order.id,
            owner: order.owner,
            side: order.side,
            seq,
            kind: OrderKind::Limit,
            price: None,
            stop_price: None,
            qty: 0,
            filled: 0,
            tif: TimeInForce::Ioc,
            oco_sibling: None,
        };
        match order.order_type {
            OrderType::Limit { price, qty, tif } => {
                open.price = Some(price);
                open.qty = qty;
                open.tif = tif;
                self.execute_taker(Taker::from_open(open), out);
            }
            OrderType::Market { qty } => {
                open.qty = qty;
                self.execute_taker(Taker::from_open(open), out);
            }
            OrderType::MarketQuote { quote } => self.execute_taker(Taker::by_quote(open, quote), out),
            OrderType::Stop { stop_price, qty } => {
                open.kind = OrderKind::StopMarket;
                open.stop_price = Some(stop_price);
                open.qty = qty;
                self.add_stop(open);
            }
            OrderType::StopLimit { stop_price, price, qty, tif } => {
                open.kind = OrderKind::StopLimit;
                open.stop_price = Some(stop_price);
                open.price = Some(price);
                open.qty = qty;
                open.tif = tif;
                self.add_stop(open);
            }
        }
        self.finish_command(out);
    }

    /// Cancels a live order and its OCO sibling.
    pub fn cancel(&mut self, id: OrderId, owner: OwnerId, out: &mut Vec<Event>) {
        match self.owned_slot(id, owner) {
            Ok(slot) => self.cancel_slot(slot, CancelReason::Requested, out),
            Err(reason) => out.push(Event::CancelRejected { order: id, owner, reason }),
        }
        self.finish_command(out);
    }

    /// The slot of a live order if `owner` owns it.
    pub(crate) fn owned_slot(&self, id: OrderId, owner: OwnerId) -> Result<u32, RejectReason> {
        let slot = *self.index.get(&id).ok_or(RejectReason::UnknownOrder)?;
        if self.slots[slot as usize].o.owner != owner {
            return Err(RejectReason::NotOwner);
        }
        Ok(slot)
    }

    /// Hands out the next time priority.
    pub(crate) fn take_seq(&mut self) -> Seq {
        let seq = self.next_seq;
        self.next_seq += 1;
        seq
    }

    /// Every command ends here: cascade stops, then check the cheap invariants.
    pub(crate) fn finish_command(&mut self, out: &mut Vec<Event>) {
        self.run_triggers(out);
        debug_assert!(!self.is_crossed(), "book crossed after a command");
        debug_assert_eq!(self.index.len(), self.slots.len() - self.free.len());
    }

    fn check_new(&self, order: &NewOrder) -> Result<(), RejectReason> {
        if self.index.contains_key(&order.id) {
            return Err(RejectReason::DuplicateOrderId);
        }
        let rests = match order.order_type {
            OrderType::Limit { price, qty, tif } => {
                self.check_qty(qty)?;
                self.check_price(price)?;
                tif == TimeInForce::Gtc
            }
            OrderType::Market { qty } => {
                self.check_qty(qty)?;
                false
            }
            OrderType::MarketQuote { quote } => {
                if order.side == Side::Sell {
                    return Err(RejectReason::QuoteAmountSellUnsupported);
                }
                if quote <= 0 || quote > self.config.quote_units_max {
                    return Err(RejectReason::InvalidQuoteAmount);
                }
                false
            }
            OrderType::Stop { stop_price, qty } => {
                self.check_qty(qty)?;
                self.check_stop(stop_price)?;
                true
            }
            OrderType::StopLimit { stop_price, price, qty, .. } => {
                self.check_qty(qty)?;
                self.check_price(price)?;
                self.check_stop(stop_price)?;
                true
            }
        };
        // Orders that can never rest need no room: a full book still takes market orders.
        if rests {
            self.check_room(order.owner, 1)?;
        }
        Ok(())
    }

    pub(crate) fn check_qty(&self, qty: Qty) -> Result<(), RejectReason> {
        if qty <= 0 || qty > self.config.qty_units_max {
            return Err(RejectReason::InvalidQuantity);
        }
        Ok(())
    }

    pub(crate) fn check_price(&self, price: Price) -> Result<(), RejectReason> {
        if price <= 0 || price > self.config.price_ticks_max {
            return Err(RejectReason::InvalidPrice);
        }
        Ok(())
    }

    pub(crate) fn check_stop(&self, stop: Price) -> Result<(), RejectReason> {
        if stop <= 0 || stop > self.config.price_ticks_max {
            return Err(RejectReason::InvalidStopPrice);
        }
        Ok(())
    }

    /// Room for `n` more live orders of `owner`.
    pub(crate) fn check_room(&self, owner: OwnerId, n: u32) -> Result<(), RejectReason> {
        if self.index.len() + n as usize > self.config.orders_max as usize {
            return Err(RejectReason::BookFull);
        }
        if self.owner_count(owner) + n > self.config.orders_per_owner_max {
            return Err(RejectReason::OwnerLimitReached);
        }
        Ok(())
    }

    pub(crate) fn owner_count(&self, owner: OwnerId) -> u32 {
        self.owners.get(&owner).map_or(0, |l| l.count)
    }
}
