//! Balances and holds staged for one transaction (issue 12): a writer that runs many commands in
//! one transaction (a pair's batch of orders) reads and locks each account once, the first time a
//! command needs it, then decides every hold, release and entry of the batch in memory, as the
//! statements of [`super::hold`], [`super::close_hold`] and [`super::post_deferred`] would have
//! decided them one after another. Before the commit, [`Staged::write`] (or the transaction's
//! [`WriteSet`], given [`Staged::parts`]) writes the accounts' net changes in one statement and the
//! new holds in another, so a batch of resting orders costs a few statements in all instead of two
//! for each order.
//!
//! What a command reads here is what it would have read from the database: the accounts stay
//! locked from their first read to the commit (PostgreSQL `for update`; SQLite has one writer),
//! and nothing else of the transaction changes them behind this. The write keeps the overdraft
//! condition as a second guard; an account it refuses fails the transaction.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use sqlx::{Any, Transaction};

use super::batch::{decide, read_accounts, Account};
use super::holds::plan_split;
use super::{check_balanced, in_account_order, HoldReason, Journal, LedgerError, NewEntry};
use crate::placeholders;
use crate::write_set::{Part, WriteSet};

type Tx = Transaction<'static, Any>;

/// Rows or accounts of one statement at most.
const ROWS_PER_STATEMENT: usize = 500;

/// A hold opened in this transaction, not stored yet.
#[derive(Debug)]
struct NewHold {
    id: String,
    account_id: String,
    amount: i64,
    reason: HoldReason,
    event_id: String,
    created_at_ms: i64,
    /// `RELEASED` or `CAPTURED` and when, once closed in the same transaction.
    closed: Option<(&'static str, i64)>,
}

/// The accounts read in this transaction and what it changed, waiting for [`Staged::write`].
#[derive(Default)]
pub struct Staged {
    /// Each account read, as it stands now; `None` when it did not exist when read.
    accounts: HashMap<String, Option<Account>>,
    /// Net change of (balance, held) per account.
    changes: BTreeMap<String, (i64, i64)>,
    /// New holds, in the order opened.
    holds: Vec<NewHold>,
    /// Index of each new hold in `holds`.
    hold_index: HashMap<String, usize>,
}

impl Staged {
    /// Reads and locks the accounts of `ids` not read yet, in id order, in one statement. Locking
    /// every account a command will touch before it touches any keeps two writers from each
    /// holding what the other waits for.
    pub async fn load<'a>(&mut self, tx: &mut Tx, ids: impl IntoIterator<Item = &'a str>) -> Result<(), LedgerError> {
        let missing: BTreeSet<&str> = ids.into_iter().filter(|id| !self.accounts.contains_key(*id)).collect();
        if missing.is_empty() {
            return Ok(());
        }
        let mut found = read_accounts(tx, &missing).await?;
        for id in missing {
            self.accounts.insert(id.to_owned(), found.remove(id));
        }
        Ok(())
    }

    /// Forgets that `id` did not exist when read (the transaction has just opened it).
    pub fn opened(&mut self, id: &str) {
        if matches!(self.accounts.get(id), Some(None)) {
            self.accounts.remove(id);
        }
    }

    /// As [`super::split_from_sources`]: how `amount` would be taken across `sources` in order of
    /// preference, an account that does not exist counting as empty.
    pub async fn split_from_sources(
        &mut self,
        tx: &mut Tx,
        sources: &[String],
        amount: i64,
    ) -> Result<Vec<(String, i64)>, LedgerError> {
        if amount <= 0 || sources.is_empty() {
            return Err(LedgerError::InvalidAmount);
        }
        self.load(tx, sources.iter().map(String::as_str)).await?;
        plan_split(sources, amount, |id| self.free(id))
    }

    /// As [`super::hold`]: reserves `amount` of the account's available balance.
    pub async fn hold(
        &mut self,
        tx: &mut Tx,
        account_id: &str,
        amount: i64,
        reason: HoldReason,
        event_id: &str,
    ) -> Result<String, LedgerError> {
        if amount <= 0 {
            return Err(LedgerError::InvalidAmount);
        }
        self.load(tx, [account_id]).await?;
        let allowed = match self.accounts.get(account_id) {
            Some(Some(account)) => account.may_go_negative || account.balance - account.held >= amount,
            _ => false,
        };
        if !allowed {
            return Err(LedgerError::InsufficientFunds(account_id.to_owned()));
        }
        self.change(account_id, 0, amount);
        let id = uuid::Uuid::now_v7().to_string();
        self.hold_index.insert(id.clone(), self.holds.len());
        self.holds.push(NewHold {
            id: id.clone(),
            account_id: account_id.to_owned(),
            amount,
            reason,
            event_id: event_id.to_owned(),
            created_at_ms: crate::db::now_ms(),
            closed: None,
        });
        Ok(id)
    }

    /// As [`super::hold_from_sources`]: `amount` held across `sources` in order of preference.
    pub async fn hold_from_sources(
        &mut self,
        tx: &mut Tx,
        sources: &[String],
        amount: i64,
        reason: HoldReason,
        event_id: &str,
    ) -> Result<Vec<super::HoldPart>, LedgerError> {
        let plan = self.split_from_sources(tx, sources, amount).await?;
        let mut parts = Vec::with_capacity(plan.len());
        for (index, (account_id, take)) in plan.into_iter().enumerate() {
            let hold_id = self.hold(tx, &account_id, take, reason, &format!("{event_id}:{index}")).await?;
            parts.push(super::HoldPart { hold_id, account_id, amount: take });
        }
        Ok(parts)
    }

    /// As [`super::close_hold`]: a hold of this transaction closes here; a stored one is closed
    /// in the database (one statement) and its account's reservation given back here.
    pub async fn close_hold(&mut self, tx: &mut Tx, hold_id: &str, captured: bool) -> Result<i64, LedgerError> {
        let status = if captured { "CAPTURED" } else { "RELEASED" };
        let (account_id, amount) = match self.hold_index.get(hold_id) {
            Some(&index) => {
                let hold = &mut self.holds[index];
                if hold.closed.is_some() {
                    return Err(LedgerError::HoldNotOpen(hold_id.to_owned()));
                }
                hold.closed = Some((status, crate::db::now_ms()));
                (hold.account_id.clone(), hold.amount)
            }
            None => {
                let (account_id, amount): (String, i64) = sqlx::query_as(
                    "update ledger_holds set status = $1, closed_at_ms = $2 where id = $3 and status = 'OPEN' \
                     returning account_id, amount",
                )
                .bind(status)
                .bind(crate::db::now_ms())
                .bind(hold_id)
                .fetch_optional(&mut **tx)
                .await?
                .ok_or_else(|| LedgerError::HoldNotOpen(hold_id.to_owned()))?;
                self.load(tx, [account_id.as_str()]).await?;
                (account_id, amount)
            }
        };
        self.change(&account_id, 0, -amount);
        Ok(amount)
    }

    /// As [`super::post_deferred`]: applies a new event's entry to the balances here (refused
    /// whole when it does not balance or would overdraw) and leaves its rows in `journal`.
    pub async fn post(&mut self, tx: &mut Tx, journal: &mut Journal, entry: NewEntry) -> Result<String, LedgerError> {
        check_balanced(&entry.postings)?;
        self.load(tx, entry.postings.iter().map(|posting| posting.account_id.as_str())).await?;
        let ordered = in_account_order(&entry.postings);
        decide(|id| self.accounts.get(id).and_then(Option::as_ref), &ordered)?;
        let changes: Vec<(String, i64)> = ordered.iter().map(|p| (p.account_id.clone(), p.amount)).collect();
        for (account_id, amount) in changes {
            self.change(&account_id, amount, 0);
        }
        Ok(journal.add(entry))
    }

    /// Writes the accounts' net changes and the new holds inside `tx`, then forgets everything
    /// (the commit that follows ends the locks).
    pub async fn write(&mut self, tx: &mut Tx) -> Result<(), LedgerError> {
        let mut set = WriteSet::default();
        set.extend(self.parts());
        set.run(tx).await?;
        self.discard();
        Ok(())
    }

    /// The statements that write the accounts' net changes and the new holds, for a transaction's
    /// [`WriteSet`]; [`Self::discard`] once they ran.
    pub fn parts(&self) -> Vec<Part<'_>> {
        let changes: Vec<(&String, (i64, i64))> =
            self.changes.iter().filter(|(_, change)| **change != (0, 0)).map(|(id, change)| (id, *change)).collect();
        let mut parts: Vec<Part<'_>> = changes.chunks(ROWS_PER_STATEMENT).map(changes_part).collect();
        parts.extend(self.holds.chunks(ROWS_PER_STATEMENT).map(holds_part));
        parts
    }

    /// Forgets everything: the transaction was not committed.
    pub fn discard(&mut self) {
        self.accounts.clear();
        self.changes.clear();
        self.holds.clear();
        self.hold_index.clear();
    }

    /// What the account has available now (0 when it does not exist).
    fn free(&self, id: &str) -> i64 {
        match self.accounts.get(id) {
            Some(Some(account)) => account.balance - account.held,
            _ => 0,
        }
    }

    /// Adds to an account's balance and held amount, here and in what [`Self::write`] writes.
    fn change(&mut self, id: &str, balance: i64, held: i64) {
        if let Some(Some(account)) = self.accounts.get_mut(id) {
            account.balance += balance;
            account.held += held;
        }
        let change = self.changes.entry(id.to_owned()).or_default();
        change.0 += balance;
        change.1 += held;
    }
}

/// One statement adding each account's net change to its balance and held amount; the overdraft
/// condition stays as a second guard, and an account it refuses fails the transaction.
fn changes_part<'a>(chunk: &[(&'a String, (i64, i64))]) -> Part<'a> {
    let n = chunk.len();
    let case = |from: usize| {
        let whens: String = (1..=n).map(|i| format!(" when ${i} then ${}", from + i)).collect();
        format!("(case id{whens} end)")
    };
    let (balance, held) = (case(n), case(2 * n));
    let sql = format!(
        "update ledger_accounts set balance = balance + {balance}, held = held + {held} where id in ({}) \
         and (may_go_negative = 1 or balance + {balance} >= held + {held}) returning id",
        placeholders::numbered(1, n)
    );
    let mut part = Part::new(sql).returning(n, "a staged balance change was refused");
    for (id, _) in chunk {
        part = part.bind(*id);
    }
    for (_, (balance, _)) in chunk {
        part = part.bind(*balance);
    }
    for (_, (_, held)) in chunk {
        part = part.bind(*held);
    }
    part
}

/// One statement inserting new holds, each with its status as the transaction leaves it.
fn holds_part(chunk: &[NewHold]) -> Part<'_> {
    let sql = format!(
        "insert into ledger_holds (id, account_id, amount, status, reason, event_id, created_at_ms, closed_at_ms) \
         values {}",
        placeholders::rows(chunk.len(), 8)
    );
    let mut part = Part::new(sql);
    for hold in chunk {
        let (status, closed_at) = match hold.closed {
            Some((status, at)) => (status, Some(at)),
            None => ("OPEN", None),
        };
        part = part
            .bind(&hold.id)
            .bind(&hold.account_id)
            .bind(hold.amount)
            .bind(status)
            .bind(hold.reason.as_str())
            .bind(&hold.event_id)
            .bind(hold.created_at_ms)
            .bind(closed_at);
    }
    part
}
