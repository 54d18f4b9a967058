//! The ledger accounts a pair's owner knows exist, so a command does not ask the database to open
//! them again (one round trip each, up to seven per fill).
//!
//! An account counts as known only once the transaction that opened it committed: opens made by a
//! command that rolled back to its savepoint, or by a batch that failed, are forgotten. Accounts
//! are never deleted, so a known account stays known.

use std::collections::HashSet;

use domain::ledger::AccountRef;
use store::ledger::{self, LedgerError};

/// A transaction as the ledger takes it.
type Tx = sqlx::Transaction<'static, sqlx::Any>;

/// Most account ids remembered; past it the memory starts over (each open is then asked again).
const KNOWN_MAX: usize = 200_000;

/// Accounts known to exist, and those opened by the batch and the command under way.
#[derive(Default)]
pub(super) struct KnownAccounts {
    committed: HashSet<String>,
    batch: Vec<String>,
    command: Vec<String>,
}

impl KnownAccounts {
    /// The account's id, opening it inside `tx` unless it is known to exist.
    pub(super) async fn open(&mut self, tx: &mut Tx, account: &AccountRef) -> Result<String, LedgerError> {
        let id = account.id();
        if self.committed.contains(&id) {
            return Ok(id);
        }
        let id = ledger::open(tx, account).await?;
        self.command.push(id.clone());
        Ok(id)
    }

    /// A command starts: nothing opened before it (outside a batch, say) counts for it.
    pub(super) fn command_started(&mut self) {
        self.command.clear();
    }

    /// The command's savepoint was released: its opens stand or fall with the batch.
    pub(super) fn command_kept(&mut self) {
        self.batch.append(&mut self.command);
    }

    /// The command rolled back: its opens are undone.
    pub(super) fn command_undone(&mut self) {
        self.command.clear();
    }

    /// The batch committed: everything it opened exists.
    pub(super) fn batch_committed(&mut self) {
        if self.committed.len() + self.batch.len() > KNOWN_MAX {
            self.committed.clear();
        }
        self.committed.extend(self.batch.drain(..));
        self.command.clear();
    }

    /// The batch failed: nothing it opened exists.
    pub(super) fn batch_failed(&mut self) {
        self.batch.clear();
        self.command.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opened(known: &mut KnownAccounts, id: &str) {
        known.command.push(id.to_owned());
    }

    #[test]
    fn only_opens_of_kept_commands_in_committed_batches_become_known() {
        let mut known = KnownAccounts::default();
        known.command_started();
        opened(&mut known, "a");
        known.command_kept();
        known.command_started();
        opened(&mut known, "b");
        known.command_undone();
        known.batch_committed();
        assert!(known.committed.contains("a"));
        assert!(!known.committed.contains("b"), "rolled back to its savepoint");

        known.command_started();
        opened(&mut known, "c");
        known.command_kept();
        known.batch_failed();
        opened(&mut known, "d");
        known.command_started();
        known.batch_committed();
        assert!(!known.committed.contains("c"), "its batch failed");
        assert!(!known.committed.contains("d"), "opened outside any command of the batch");
    }
}
