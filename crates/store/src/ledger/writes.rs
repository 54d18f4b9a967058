//! A command's ledger calls inside a batch transaction, the same whichever way the batch writes
//! them: as statements run at once, or staged in memory for the batch's final write
//! ([`Staged::write`], issue 12). The writer picks the way once per run; its commands make the same
//! calls either way.

use std::collections::BTreeSet;

use domain::ledger::HoldReason;
use sqlx::{Any, Transaction};

use super::{HoldPart, Journal, LedgerError, NewEntry, Staged};

/// A transaction as the ledger takes it.
type Tx = Transaction<'static, Any>;

/// Where one ledger call goes: straight to the database, or into the batch's [`Staged`].
pub struct Writes<'a> {
    staged: Option<&'a mut Staged>,
}

impl<'a> Writes<'a> {
    /// Into `staged` when `staging`, else straight to the database.
    pub fn new(staging: bool, staged: &'a mut Staged) -> Self {
        Self { staged: staging.then_some(staged) }
    }

    /// Makes `ids` ready for the command's holds and entries: locked until the commit (PostgreSQL)
    /// or, staged, read once for the batch.
    pub async fn lock(self, tx: &mut Tx, ids: &BTreeSet<String>) -> Result<(), LedgerError> {
        match self.staged {
            Some(staged) => staged.load(tx, ids.iter().map(String::as_str)).await,
            None => super::lock_accounts(tx, ids).await,
        }
    }

    /// [`super::hold`].
    pub async fn hold(
        self,
        tx: &mut Tx,
        account_id: &str,
        amount: i64,
        reason: HoldReason,
        event_id: &str,
    ) -> Result<String, LedgerError> {
        match self.staged {
            Some(staged) => staged.hold(tx, account_id, amount, reason, event_id).await,
            None => super::hold(tx, account_id, amount, reason, event_id).await,
        }
    }

    /// [`super::hold_from_sources`].
    pub async fn hold_from_sources(
        self,
        tx: &mut Tx,
        sources: &[String],
        amount: i64,
        reason: HoldReason,
        event_id: &str,
    ) -> Result<Vec<HoldPart>, LedgerError> {
        match self.staged {
            Some(staged) => staged.hold_from_sources(tx, sources, amount, reason, event_id).await,
            None => super::hold_from_sources(tx, sources, amount, reason, event_id).await,
        }
    }

    /// [`super::split_from_sources`].
    pub async fn split_from_sources(
        self,
        tx: &mut Tx,
        sources: &[String],
        amount: i64,
    ) -> Result<Vec<(String, i64)>, LedgerError> {
        match self.staged {
            Some(staged) => staged.split_from_sources(tx, sources, amount).await,
            None => super::split_from_sources(tx, sources, amount).await,
        }
    }

    /// [`super::close_hold`]; the amount the hold held.
    pub async fn close_hold(self, tx: &mut Tx, hold_id: &str, captured: bool) -> Result<i64, LedgerError> {
        match self.staged {
            Some(staged) => staged.close_hold(tx, hold_id, captured).await,
            None => super::close_hold(tx, hold_id, captured).await,
        }
    }

    /// [`super::post_deferred`]: the entry's rows wait in `journal`; its id.
    pub async fn post(self, tx: &mut Tx, journal: &mut Journal, entry: NewEntry) -> Result<String, LedgerError> {
        match self.staged {
            Some(staged) => staged.post(tx, journal, entry).await,
            None => super::post_deferred(tx, journal, entry).await,
        }
    }
}
