//! The incoming order while it matches (the taker), apart from the matching loop so the book and
//! the loop can both name it without naming each other.

use crate::order::{OpenOrder, OrderKind};
use crate::types::{Notional, Price, Qty, Side};

/// An order while it matches; it owns no slot until (unless) it rests.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Taker {
    /// `price == None` means a market order.
    pub(crate) o: OpenOrder,
    /// Unspent amount of a market buy by quote amount.
    pub(crate) quote_left: Option<Notional>,
}

impl Taker {
    /// A limit order as a taker.
    pub(crate) fn from_open(o: OpenOrder) -> Taker {
        debug_assert_eq!(o.kind, OrderKind::Limit);
        Taker { o, quote_left: None }
    }

    /// A market buy sized by quote: its base quantity is unbounded, the quote bounds it.
    pub(crate) fn by_quote(mut o: OpenOrder, quote: Notional) -> Taker {
        o.qty = Qty::MAX;
        Taker { o, quote_left: Some(quote) }
    }

    /// Whether the taker may trade at `price`.
    pub(crate) fn accepts(&self, price: Price) -> bool {
        match (self.o.price, self.o.side) {
            (None, _) => true,
            (Some(limit), Side::Buy) => price <= limit,
            (Some(limit), Side::Sell) => price >= limit,
        }
    }
}
