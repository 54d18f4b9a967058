//! Entries posted as one set (issue 12): a batch of transfers reads and locks every account it
//! names in one statement, decides each entry in memory in the order given (exactly as posting them
//! one after another would: an entry that would overdraw is refused alone, a repeated event is
//! replayed), then writes the balances, the entries and the postings in three statements (one
//! round trip on PostgreSQL: [`WriteSet`]). The statements per batch stay five however many entries
//! it holds, where posting one by one costs four round trips an entry.
//!
//! [`EntryWriter`] is the group commit of such batches: the entries queued behind the current
//! transaction are posted together and answered after the commit.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use sqlx::{Any, Transaction};
use tokio::sync::oneshot;

use super::{check_balanced, in_account_order, Journal, LedgerError, NewEntry, Posted, Posting};
use crate::group::{Batches, Chained};
use crate::write_set::{Part, WriteSet};
use crate::{placeholders, savepoint, Backend, Db, StoreError};

type Tx = Transaction<'static, Any>;

/// Accounts or events named in one `in (…)` list at most.
const IDS_PER_STATEMENT: usize = 500;

/// What the batch needs to know of an account, kept up to date as its entries are decided.
pub(super) struct Account {
    pub(super) currency: String,
    pub(super) balance: i64,
    pub(super) held: i64,
    pub(super) may_go_negative: bool,
}

impl Account {
    /// Whether the account may end at `balance`.
    pub(super) fn allows(&self, balance: i64) -> bool {
        self.may_go_negative || balance >= self.held
    }
}

/// Posts `entries` inside `tx` as one set; each answer is what [`super::post`] would have answered
/// had the entries been posted one after another in this order. The outer error means the
/// transaction can no longer be used (nothing of the batch may be committed).
pub async fn post_all(tx: &mut Tx, entries: &[NewEntry]) -> Result<Vec<Result<Posted, LedgerError>>, LedgerError> {
    let ids: BTreeSet<&str> =
        entries.iter().flat_map(|entry| entry.postings.iter().map(|posting| posting.account_id.as_str())).collect();
    let mut accounts = read_accounts(tx, &ids).await?;
    let events: BTreeSet<&str> = entries.iter().map(|entry| entry.event_id.as_str()).collect();
    let mut posted = read_events(tx, &events).await?;
    let mut journal = Journal::default();
    let mut changes: BTreeMap<String, i64> = BTreeMap::new();
    let mut answers = Vec::with_capacity(entries.len());
    for entry in entries {
        if let Err(e) = check_balanced(&entry.postings) {
            answers.push(Err(e));
            continue;
        }
        if let Some(entry_id) = posted.get(&entry.event_id) {
            answers.push(Ok(Posted { entry_id: entry_id.clone(), replayed: true }));
            continue;
        }
        let ordered = in_account_order(&entry.postings);
        if let Err(e) = decide(|id| accounts.get(id), &ordered) {
            answers.push(Err(e));
            continue;
        }
        for posting in ordered {
            if let Some(account) = accounts.get_mut(&posting.account_id) {
                account.balance += posting.amount;
            }
            *changes.entry(posting.account_id.clone()).or_default() += posting.amount;
        }
        let entry_id = journal.add(entry.clone());
        posted.insert(entry.event_id.clone(), entry_id.clone());
        answers.push(Ok(Posted { entry_id, replayed: false }));
    }
    changes.retain(|_, change| *change != 0);
    let changes: Vec<(&String, i64)> = changes.iter().map(|(id, change)| (id, *change)).collect();
    let mut set = WriteSet::default();
    set.extend(changes.chunks(IDS_PER_STATEMENT).map(balances_part));
    set.extend(journal.parts());
    set.run(tx).await?;
    Ok(answers)
}

/// Whether an entry (postings in account order) can be applied to `accounts` as they stand: as
/// [`super::post`] decides, the whole entry's change to each account first, then leg by leg, whose
/// first failing leg names the error.
pub(super) fn decide<'a>(
    accounts: impl Fn(&str) -> Option<&'a Account>,
    ordered: &[&Posting],
) -> Result<(), LedgerError> {
    let known = |posting: &Posting| accounts(&posting.account_id).filter(|a| a.currency == posting.currency);
    if ordered.iter().all(|posting| known(posting).is_some()) {
        let mut after: BTreeMap<&str, (i64, &Account)> = BTreeMap::new();
        for posting in ordered {
            let account = known(posting).expect("checked above");
            after.entry(&posting.account_id).or_insert((account.balance, account)).0 += posting.amount;
        }
        if after.values().all(|(balance, account)| account.allows(*balance)) {
            return Ok(());
        }
    }
    let mut running: BTreeMap<&str, i64> = BTreeMap::new();
    for posting in ordered {
        let account = known(posting).ok_or_else(|| LedgerError::UnknownAccount(posting.account_id.clone()))?;
        let balance = running.entry(&posting.account_id).or_insert(account.balance);
        *balance += posting.amount;
        if !account.allows(*balance) {
            return Err(LedgerError::InsufficientFunds(posting.account_id.clone()));
        }
    }
    Ok(())
}

/// Reads `ids` (on PostgreSQL locking them in id order until the commit; SQLite has one writer).
pub(super) async fn read_accounts(tx: &mut Tx, ids: &BTreeSet<&str>) -> Result<HashMap<String, Account>, LedgerError> {
    let lock = if Backend::of(tx) == Backend::Postgres { " for update" } else { "" };
    let ids: Vec<&str> = ids.iter().copied().collect();
    let mut accounts = HashMap::with_capacity(ids.len());
    for chunk in ids.chunks(IDS_PER_STATEMENT) {
        let sql = format!(
            "select id, currency, balance, held, may_go_negative from ledger_accounts where id in ({}) order by id{lock}",
            placeholders::numbered(1, chunk.len())
        );
        let mut query = sqlx::query_as::<_, (String, String, i64, i64, i64)>(&sql);
        for id in chunk {
            query = query.bind(*id);
        }
        for (id, currency, balance, held, negative) in query.fetch_all(&mut **tx).await? {
            accounts.insert(id, Account { currency, balance, held, may_go_negative: negative == 1 });
        }
    }
    Ok(accounts)
}

/// The entry ids of the events in `events` posted before.
async fn read_events(tx: &mut Tx, events: &BTreeSet<&str>) -> Result<HashMap<String, String>, LedgerError> {
    let events: Vec<&str> = events.iter().copied().collect();
    let mut posted = HashMap::new();
    for chunk in events.chunks(IDS_PER_STATEMENT) {
        let sql = format!(
            "select event_id, id from journal_entries where event_id in ({})",
            placeholders::numbered(1, chunk.len())
        );
        let mut query = sqlx::query_as::<_, (String, String)>(&sql);
        for event in chunk {
            query = query.bind(*event);
        }
        posted.extend(query.fetch_all(&mut **tx).await?);
    }
    Ok(posted)
}

/// Adds each account's net change to its balance. The overdraft condition stays in the statement
/// as a second guard: a row it refuses fails the batch.
fn balances_part<'a>(chunk: &[(&'a String, i64)]) -> Part<'a> {
    let n = chunk.len();
    let whens: String = (1..=n).map(|i| format!(" when ${i} then ${}", n + i)).collect();
    let sql = format!(
        "update ledger_accounts set balance = balance + (case id{whens} end) where id in ({}) \
         and (may_go_negative = 1 or balance + (case id{whens} end) >= held) returning id",
        placeholders::numbered(1, n)
    );
    let part = Part::new(sql).returning(n, "a balance changed under the batch");
    let part = chunk.iter().fold(part, |part, (id, _)| part.bind(*id));
    chunk.iter().fold(part, |part, (_, change)| part.bind(*change))
}

/// The most entries one transaction takes.
const BATCH_MAX: usize = 256;

/// One queued entry and where its answer goes.
type Job = (NewEntry, oneshot::Sender<Result<Posted, LedgerError>>);

/// The group commit of entries: one task posts the entries queued behind its current transaction as
/// one set ([`post_all`]) and answers each after the commit. Cheap to clone.
#[derive(Debug, Clone)]
pub struct EntryWriter {
    jobs: Batches<Job>,
}

impl EntryWriter {
    /// Starts the writer's task on the current runtime; it ends when the last clone is dropped.
    pub fn spawn(db: Db) -> Self {
        let jobs = Batches::spawn_writer(BATCH_MAX, db, |batch, chain| async move { run_batch(&chain, batch).await });
        Self { jobs }
    }

    /// The most entries one transaction has taken so far (tests and benchmarks read it).
    pub fn largest_batch(&self) -> usize {
        self.jobs.largest_batch()
    }

    /// Posts `entry` with whatever else is queued, answering after the commit.
    pub async fn post(&self, entry: NewEntry) -> Result<Posted, LedgerError> {
        self.jobs.ask(|reply| (entry, reply)).await.ok_or_else(stopped)?
    }
}

fn stopped() -> LedgerError {
    StoreError::SharedTransaction("the entry writer stopped".into()).into()
}

/// Posts a batch as one set; should that fail (an event posted meanwhile by another writer, a lost
/// connection), posts it again entry by entry, each behind a savepoint, in a new transaction.
async fn run_batch(chain: &Chained, batch: Vec<Job>) {
    let (entries, replies): (Vec<NewEntry>, Vec<_>) = batch.into_iter().unzip();
    let answers = match as_one_set(chain, &entries).await {
        Ok(answers) => answers,
        Err(e) => {
            tracing::warn!(error = %e, entries = entries.len(), "a set of entries failed; posting them one by one");
            one_by_one(chain, &entries).await
        }
    };
    for (reply, answer) in replies.into_iter().zip(answers) {
        let _ = reply.send(answer);
    }
}

async fn as_one_set(chain: &Chained, entries: &[NewEntry]) -> Result<Vec<Result<Posted, LedgerError>>, LedgerError> {
    let mut w = chain.begin().await?;
    if let [entry] = entries {
        // Alone, an entry costs a statement less posted the usual way; its refusal is rolled back.
        return match super::post(&mut w.tx, entry).await {
            Ok(posted) => chain.commit(w).await.map(|()| vec![Ok(posted)]).map_err(LedgerError::from),
            Err(e) => Ok(vec![Err(e)]),
        };
    }
    let answers = post_all(&mut w.tx, entries).await?;
    chain.commit(w).await?;
    Ok(answers)
}

async fn one_by_one(chain: &Chained, entries: &[NewEntry]) -> Vec<Result<Posted, LedgerError>> {
    match each_behind_a_savepoint(chain, entries).await {
        Ok(answers) => answers,
        Err(e) => {
            let text = e.to_string();
            entries.iter().map(|_| Err(StoreError::SharedTransaction(text.clone()).into())).collect()
        }
    }
}

async fn each_behind_a_savepoint(
    chain: &Chained,
    entries: &[NewEntry],
) -> Result<Vec<Result<Posted, LedgerError>>, LedgerError> {
    let mut w = chain.begin().await?;
    let mut answers = Vec::with_capacity(entries.len());
    for entry in entries {
        savepoint::begin(&mut w.tx).await?;
        let answer = super::post(&mut w.tx, entry).await;
        match answer {
            Ok(_) => savepoint::keep(&mut w.tx).await?,
            Err(_) => savepoint::roll_back(&mut w.tx).await?,
        }
        answers.push(answer);
    }
    chain.commit(w).await?;
    Ok(answers)
}
