//! Rows a pair's transaction writes together just before its commit (issue 12): the journal
//! entries of its fills (their balances are applied at once, so every overdraft is still refused
//! in the command) and its trades. A batch of orders then spends two statements on them in all,
//! instead of three for each fill and one for each command. With the batch's kept answers and the
//! rows below, they go as one [`WriteSet`]: one round trip on PostgreSQL.
//!
//! Nothing in a command reads these rows back, which is what lets them wait. They follow the same
//! life as the batch: a command rolled back to its savepoint forgets what it added; a failed
//! transaction forgets everything.
//!
//! A batch run without savepoints (`optimistic.rs`) also keeps its new orders here, in their latest
//! state, and writes them in one statement: later commands of the batch read them from here first.
//! Its balances and holds are staged here too (`store::ledger::Staged`): each account is read and
//! locked once, every hold and fill of the batch is decided in memory, and the net changes and new
//! holds are written in two statements. No command of such a run is undone after touching them (any failure past its
//! first write ends the whole run), so they are kept or discarded with the batch.

use std::collections::BTreeMap;

use store::idempotency::{self, StoredResponse, Unclaimed};
use store::ledger::{Journal, Staged};
use store::write_set::WriteSet;

use super::repo::{self, OrderRow, TradeRow};
use crate::features::orders::errors::TradeError;

/// A transaction as the ledger takes it.
type Tx = sqlx::Transaction<'static, sqlx::Any>;

/// The rows waiting for the transaction's commit.
#[derive(Default)]
pub(super) struct Deferred {
    /// Fill entries already applied to the balances.
    pub(super) journal: Journal,
    /// An optimistic run's balances and holds, decided in memory and written together.
    pub(super) staged: Staged,
    /// Trades, each with when it happened (Unix ms).
    trades: Vec<(TradeRow, i64)>,
    /// New orders of an optimistic run, by id, as they stand.
    orders: BTreeMap<i64, OrderRow>,
    /// How much of each was there when the current command started.
    mark: (usize, usize),
}

impl Deferred {
    /// Adds a command's trades.
    pub(super) fn add_trades(&mut self, trades: Vec<TradeRow>, at_ms: i64) {
        self.trades.extend(trades.into_iter().map(|trade| (trade, at_ms)));
    }

    /// A new order of the batch not stored yet.
    pub(super) fn order(&self, id: i64) -> Option<&OrderRow> {
        self.orders.get(&id)
    }

    /// A new order of the batch placed by `user_id` under `request_id`.
    pub(super) fn order_of_request(&self, user_id: &str, request_id: &str) -> Option<&OrderRow> {
        self.orders.values().find(|o| o.user_id == user_id && o.request_id.as_deref() == Some(request_id))
    }

    /// Keeps a new order (or its new state) for the batch's insert.
    pub(super) fn put_order(&mut self, row: OrderRow) {
        self.orders.insert(row.id, row);
    }

    /// A command starts: what it adds from here can be forgotten alone.
    pub(super) fn command_started(&mut self) {
        self.mark = (self.journal.len(), self.trades.len());
    }

    /// The command rolled back to its savepoint: its rows go.
    pub(super) fn command_undone(&mut self) {
        self.journal.truncate(self.mark.0);
        self.trades.truncate(self.mark.1);
    }

    /// The transaction failed: nothing waiting will be written.
    pub(super) fn discard(&mut self) {
        self.journal.truncate(0);
        self.trades.clear();
        self.orders.clear();
        self.staged.discard();
        self.mark = (0, 0);
    }

    /// Writes `answers` (the batch's kept idempotency answers) and everything waiting inside `tx`
    /// (the transaction commits next), in one round trip on PostgreSQL, then forgets it.
    pub(super) async fn write(
        &mut self,
        tx: &mut Tx,
        answers: &[(Unclaimed, StoredResponse)],
    ) -> Result<(), TradeError> {
        let orders: Vec<OrderRow> = std::mem::take(&mut self.orders).into_values().collect();
        let mut set = WriteSet::default();
        set.extend(idempotency::answers_part(answers.iter().map(|(key, answer)| (key, answer))));
        set.extend(self.staged.parts());
        set.extend(repo::order_parts(&orders));
        set.extend(self.journal.parts());
        set.extend(repo::trades_part(&self.trades));
        set.run(tx).await?;
        self.staged.discard();
        self.journal.clear();
        self.trades.clear();
        self.mark = (0, 0);
        Ok(())
    }
}
