//! Snapshot and rebuild: the server restores a book from its open orders after a restart.

use crate::book::Book;
use crate::order::{OpenOrder, OrderKind};
use crate::types::{Config, OrderId, Price, Seq, TimeInForce};
use serde::{Deserialize, Serialize};

/// Everything needed to rebuild a book: its open orders plus the trigger and sequence state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    /// Last trade price, which stops trigger on.
    pub last_price: Option<Price>,
    /// Next sequence number to hand out; raised to above the highest order seq on restore.
    pub next_seq: Seq,
    /// Live orders in any order; restore sorts them by seq.
    pub orders: Vec<OpenOrder>,
}

/// Why a snapshot cannot become a book.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RestoreError {
    /// Two orders share an id.
    #[error("duplicate order id {0:?}")]
    DuplicateOrderId(OrderId),
    /// Two orders share a sequence number.
    #[error("duplicate seq {0}")]
    DuplicateSeq(Seq),
    /// Fields out of range or inconsistent with the order kind.
    #[error("invalid order {0:?}")]
    InvalidOrder(OrderId),
    /// More orders than the book or an owner may hold.
    #[error("limits exceeded")]
    LimitsExceeded,
    /// OCO links that do not point at each other.
    #[error("broken OCO link on {0:?}")]
    BrokenOco(OrderId),
    /// The resting orders would cross, which a live book never does.
    #[error("crossed book")]
    Crossed,
}

impl Book {
    /// All live orders in time priority plus trigger and sequence state.
    pub fn snapshot(&self) -> Snapshot {
        let mut orders: Vec<OpenOrder> = self.index.values().map(|&s| self.slots[s as usize].o).collect();
        orders.sort_unstable_by_key(|o| o.seq);
        Snapshot { last_price: self.last_price, next_seq: self.next_seq, orders }
    }

    /// Rebuilds a book from a snapshot, preserving time priority; no matching and no events.
    pub fn restore(config: Config, mut snapshot: Snapshot) -> Result<Book, RestoreError> {
        let mut book = Book::new(config);
        snapshot.orders.sort_unstable_by_key(|o| o.seq);
        for w in snapshot.orders.windows(2) {
            if w[0].seq == w[1].seq {
                return Err(RestoreError::DuplicateSeq(w[1].seq));
            }
        }
        for o in &snapshot.orders {
            book.check_restored(o)?;
            if book.index.contains_key(&o.id) {
                return Err(RestoreError::DuplicateOrderId(o.id));
            }
            if book.check_room(o.owner, 1).is_err() {
                return Err(RestoreError::LimitsExceeded);
            }
            let slot = book.register(*o);
            match o.kind {
                OrderKind::Limit => book.link_level(slot),
                OrderKind::StopMarket | OrderKind::StopLimit => book.insert_stop(slot),
            }
        }
        for o in &snapshot.orders {
            if let Some(sibling) = o.oco_sibling {
                let back = book.order(sibling).and_then(|s| s.oco_sibling);
                if back != Some(o.id) || book.order(sibling).map(|s| s.owner) != Some(o.owner) {
                    return Err(RestoreError::BrokenOco(o.id));
                }
            }
        }
        if book.is_crossed() {
            return Err(RestoreError::Crossed);
        }
        let max_seq = snapshot.orders.last().map_or(0, |o| o.seq);
        book.next_seq = snapshot.next_seq.max(max_seq + 1);
        book.last_price = snapshot.last_price;
        Ok(book)
    }

    fn check_restored(&self, o: &OpenOrder) -> Result<(), RestoreError> {
        let bad = Err(RestoreError::InvalidOrder(o.id));
        if self.check_qty(o.qty).is_err() || o.filled < 0 || o.filled >= o.qty {
            return bad;
        }
        let price_ok = o.price.is_some_and(|p| self.check_price(p).is_ok());
        let stop_ok = o.stop_price.is_some_and(|p| self.check_stop(p).is_ok());
        let shape_ok = match o.kind {
            OrderKind::Limit => price_ok && o.stop_price.is_none() && o.tif == TimeInForce::Gtc,
            OrderKind::StopMarket => o.price.is_none() && stop_ok && o.filled == 0,
            OrderKind::StopLimit => price_ok && stop_ok && o.filled == 0,
        };
        if !shape_ok {
            return bad;
        }
        Ok(())
    }
}
