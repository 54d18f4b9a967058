//! The orders one command touches, held in memory while it runs.

use std::collections::{BTreeMap, BTreeSet};

use super::repo::{OrderRow, TradeRow};

/// The user orders a command touches, as it changes them: each is read at most once (or handed
/// over already in memory) and written once when the command settles.
#[derive(Default)]
pub(super) struct Touched {
    pub(super) rows: BTreeMap<i64, OrderRow>,
    /// Orders placed by this command, not stored yet: settling inserts them.
    pub(super) fresh: BTreeSet<i64>,
    /// Trades of this command's fills, stored after the orders they belong to.
    pub(super) trades: Vec<TradeRow>,
}

impl Touched {
    /// New orders held in memory, stored when the command settles.
    pub(super) fn placing(rows: impl IntoIterator<Item = OrderRow>) -> Self {
        let rows: BTreeMap<i64, OrderRow> = rows.into_iter().map(|row| (row.id, row)).collect();
        Self { fresh: rows.keys().copied().collect(), rows, trades: Vec::new() }
    }

    /// A stored order the command already read (and may have changed).
    pub(super) fn loaded(row: OrderRow) -> Self {
        Self { rows: BTreeMap::from([(row.id, row)]), ..Self::default() }
    }
}
