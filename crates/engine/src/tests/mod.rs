//! Unit tests of book behaviour, one file per feature; names read as sentences.

mod amend;
mod limits;
mod market;
mod matching;
mod oco;
mod quotes;
mod snapshot;
mod stops;

use crate::*;

pub(crate) const A: OwnerId = OwnerId(1);
pub(crate) const B: OwnerId = OwnerId(2);
pub(crate) const C: OwnerId = OwnerId(3);

pub(crate) fn book() -> Book {
    Book::new(Config::default())
}

pub(crate) fn limit(id: u64, owner: OwnerId, side: Side, price: Price, qty: Qty) -> NewOrder {
    NewOrder { id: OrderId(id), owner, side, order_type: OrderType::Limit { price, qty, tif: TimeInForce::Gtc } }
}

pub(crate) fn with_tif(mut o: NewOrder, tif: TimeInForce) -> NewOrder {
    if let OrderType::Limit { price, qty, .. } = o.order_type {
        o.order_type = OrderType::Limit { price, qty, tif };
    }
    o
}

pub(crate) fn market(id: u64, owner: OwnerId, side: Side, qty: Qty) -> NewOrder {
    NewOrder { id: OrderId(id), owner, side, order_type: OrderType::Market { qty } }
}

pub(crate) fn stop(id: u64, owner: OwnerId, side: Side, stop_price: Price, qty: Qty) -> NewOrder {
    NewOrder { id: OrderId(id), owner, side, order_type: OrderType::Stop { stop_price, qty } }
}

/// Places and returns the events, checking every invariant afterwards.
pub(crate) fn place(book: &mut Book, o: NewOrder) -> Vec<Event> {
    let mut out = Vec::new();
    book.place(o, &mut out);
    book.validate().unwrap();
    out
}

pub(crate) fn fills(events: &[Event]) -> Vec<Fill> {
    events.iter().filter_map(|e| if let Event::Fill(f) = e { Some(*f) } else { None }).collect()
}

pub(crate) fn cancelled(events: &[Event]) -> Vec<(OrderId, Qty, CancelReason)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Cancelled { order, qty, reason, .. } => Some((*order, *qty, *reason)),
            _ => None,
        })
        .collect()
}
