//! The double-entry ledger (DESIGN.md "Data"). Every balance change is one journal entry whose
//! postings sum to zero per currency, with a reason and the id of the business event that caused
//! it (unique: a repeated event posts once). Entries are immutable; corrections are new entries.
//! Holds reserve part of a balance for open orders and pending cash-outs. A user account can never
//! go below what it holds (never negative): the code checks it in each conditional update and a
//! database constraint backs it up.
//!
//! Concurrency: balances change only through `update … where balance + amount >= held`, so two
//! transactions cannot both spend the same money; accounts are touched in id order so PostgreSQL
//! transactions cannot deadlock on each other.

use std::collections::BTreeMap;

use sqlx::{Any, Transaction};

use crate::{placeholders, Db, StoreError};

mod batch;
mod holds;
mod journal;
mod one_statement;
mod staged;
mod writes;

pub use batch::{post_all, EntryWriter};
pub use holds::{close_hold, hold, hold_from_sources, split_from_sources, HoldPart, NewHold, HOLD_REFUSED};
pub use journal::Journal;
pub use staged::Staged;
pub use writes::Writes;

/// The owner of the broker's own accounts.
pub use domain::ledger::HOUSE;
use domain::ledger::{AccountRef, EntryReason, HoldReason};

/// A ledger failure the caller can act on.
#[derive(Debug, thiserror::Error)]
pub enum LedgerError {
    /// Postings do not sum to zero in some currency.
    #[error("entry does not balance in {0}")]
    Unbalanced(String),
    /// An account would go below what it holds.
    #[error("insufficient funds in account {0}")]
    InsufficientFunds(String),
    /// The account does not exist or has another currency.
    #[error("unknown account {0} or wrong currency")]
    UnknownAccount(String),
    /// A hold is not open.
    #[error("hold {0} is not open")]
    HoldNotOpen(String),
    /// A zero or negative amount where a positive one is needed, or an empty entry.
    #[error("invalid amount")]
    InvalidAmount,
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<sqlx::Error> for LedgerError {
    fn from(error: sqlx::Error) -> Self {
        LedgerError::Store(StoreError::Database(error))
    }
}

/// One leg of an entry: signed minor units into (positive) or out of (negative) an account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Posting {
    /// The account.
    pub account_id: String,
    /// Its currency (checked against the account's).
    pub currency: String,
    /// Signed minor units.
    pub amount: i64,
}

/// A journal entry to post.
#[derive(Debug, Clone)]
pub struct NewEntry {
    /// Why: the balance movement shows it.
    pub reason: EntryReason,
    /// The causing business event; posting the same event twice posts once.
    pub event_id: String,
    /// A note for people.
    pub memo: Option<String>,
    /// Two or more postings summing to zero per currency.
    pub postings: Vec<Posting>,
    /// When the money moved, Unix ms, from the caller's clock (a day's closing balance counts the
    /// entries made before the day ended by that clock).
    pub at_ms: i64,
}

/// The result of posting.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Posted {
    /// The entry id.
    pub entry_id: String,
    /// True when the event had been posted before and nothing changed now.
    pub replayed: bool,
}

/// An account's balance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct Balance {
    /// Everything in the account.
    pub balance: i64,
    /// Reserved by open holds.
    pub held: i64,
}

impl Balance {
    /// What can be spent or held now.
    pub fn available(&self) -> i64 {
        self.balance - self.held
    }
}

/// Finds or opens the account (`owner`, `kind`, `currency`); returns its id.
pub async fn account(
    tx: &mut Transaction<'static, Any>,
    owner: &str,
    kind: &str,
    currency: &str,
    may_go_negative: bool,
) -> Result<String, LedgerError> {
    let id = format!("{owner}:{kind}:{currency}");
    sqlx::query(
        "insert into ledger_accounts (id, owner, kind, currency, may_go_negative, created_at_ms) \
         values ($1, $2, $3, $4, $5, $6) on conflict (owner, kind, currency) do nothing",
    )
    .bind(&id)
    .bind(owner)
    .bind(kind)
    .bind(currency)
    .bind(i64::from(may_go_negative))
    .bind(crate::db::now_ms())
    .execute(&mut **tx)
    .await?;
    Ok(id)
}

/// Finds or opens a typed account (the server names accounts only this way); returns its id.
pub async fn open(tx: &mut Transaction<'static, Any>, account: &AccountRef) -> Result<String, LedgerError> {
    self::account(tx, account.owner(), &account.kind().as_text(), account.currency(), account.may_go_negative()).await
}

/// Locks `ids` (sorted, so two transactions never wait on each other) until `tx` ends; PostgreSQL
/// only, as SQLite runs one writer at a time. Accounts that do not exist are skipped.
pub async fn lock_accounts(
    tx: &mut Transaction<'static, Any>,
    ids: &std::collections::BTreeSet<String>,
) -> Result<(), LedgerError> {
    if ids.is_empty() || crate::Backend::of(tx) != crate::Backend::Postgres {
        return Ok(());
    }
    let sql = format!(
        "select id from ledger_accounts where id in ({}) order by id for update",
        placeholders::numbered(1, ids.len())
    );
    let mut query = sqlx::query(&sql);
    for id in ids {
        query = query.bind(id);
    }
    query.fetch_all(&mut **tx).await?;
    Ok(())
}

/// Posts an entry inside `tx`; fails without effect when it does not balance or would overdraw.
pub async fn post(tx: &mut Transaction<'static, Any>, entry: &NewEntry) -> Result<Posted, LedgerError> {
    check_balanced(&entry.postings)?;
    let ordered = in_account_order(&entry.postings);
    if crate::Backend::of(tx) == crate::Backend::Postgres {
        if let Some(posted) = one_statement::post_in_one(tx, entry, &ordered).await? {
            return Ok(posted);
        }
    }
    let entry_id = uuid::Uuid::now_v7().to_string();
    let inserted = sqlx::query(
        "insert into journal_entries (id, reason, event_id, memo, created_at_ms) values ($1, $2, $3, $4, $5) \
         on conflict (event_id) do nothing",
    )
    .bind(&entry_id)
    .bind(entry.reason.as_str())
    .bind(&entry.event_id)
    .bind(entry.memo.clone())
    .bind(entry.at_ms)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if inserted == 0 {
        let entry_id = sqlx::query_scalar("select id from journal_entries where event_id = $1")
            .bind(&entry.event_id)
            .fetch_one(&mut **tx)
            .await?;
        return Ok(Posted { entry_id, replayed: true });
    }
    apply_legs(tx, &ordered).await?;
    let rows: Vec<(&str, &Posting)> = ordered.iter().map(|posting| (entry_id.as_str(), *posting)).collect();
    journal::insert_postings(tx, &rows).await?;
    Ok(Posted { entry_id, replayed: false })
}

/// Posts an entry whose event is new, applying its balances now and leaving its rows in `journal`,
/// to be written with the others in two statements ([`Journal::write`], before the commit): one
/// round trip instead of three for each fill of a batch of orders (issue 12). Fails without effect
/// when it does not balance or would overdraw. The event id is not checked here: an event posted
/// before makes the journal's write fail, and with it the transaction.
pub async fn post_deferred(
    tx: &mut Transaction<'static, Any>,
    journal: &mut Journal,
    entry: NewEntry,
) -> Result<String, LedgerError> {
    check_balanced(&entry.postings)?;
    apply_legs(tx, &in_account_order(&entry.postings)).await?;
    Ok(journal.add(entry))
}

/// The postings sorted by account (the order rows are locked and changed in).
fn in_account_order(postings: &[Posting]) -> Vec<&Posting> {
    let mut ordered: Vec<&Posting> = postings.iter().collect();
    ordered.sort_by(|a, b| a.account_id.cmp(&b.account_id));
    ordered
}

/// Applies an entry's legs to the balances, all or none; an error names the first leg that fails.
async fn apply_legs(tx: &mut Transaction<'static, Any>, ordered: &[&Posting]) -> Result<(), LedgerError> {
    if !apply_together(tx, ordered).await? {
        // Some leg cannot be applied: posting leg by leg finds which, and why.
        for posting in ordered {
            apply(tx, posting).await?;
        }
    }
    Ok(())
}

/// Applies every leg of an entry in one statement (one round trip instead of one a leg: a fill
/// moves six accounts). Each row keeps its own overdraft and currency check; PostgreSQL locks the
/// rows in id order first, as leg-by-leg updates did, so transactions cannot deadlock. Returns
/// false, with nothing changed, when some leg could not be applied.
async fn apply_together(tx: &mut Transaction<'static, Any>, ordered: &[&Posting]) -> Result<bool, LedgerError> {
    let Some(legs) = legs_of(ordered) else { return Ok(false) };
    let n = legs.len();
    let (amount, currency, ids) = (leg_case(n, n), leg_case(n, 2 * n), placeholders::numbered(1, n));
    let (lock, rows) = if crate::Backend::of(tx) == crate::Backend::Postgres {
        let lock =
            format!("with locked as (select id from ledger_accounts where id in ({ids}) order by id for update) ");
        (lock, "id in (select id from locked)".to_owned())
    } else {
        (String::new(), format!("id in ({ids})"))
    };
    let sql = format!(
        "{lock}update ledger_accounts set balance = balance + {amount} where {rows} and currency = {currency} \
         and (may_go_negative = 1 or balance + {amount} >= held) returning id"
    );
    let changed: Vec<String> = bind_legs(sqlx::query_as::<_, (String,)>(&sql), &legs)
        .fetch_all(&mut **tx)
        .await?
        .into_iter()
        .map(|(id,)| id)
        .collect();
    if changed.len() == n {
        return Ok(true);
    }
    undo_legs(tx, &legs, &changed).await?;
    Ok(false)
}

/// One leg an account: (account, currency, change).
type Leg<'a> = (&'a str, &'a str, i64);

/// An entry's postings (in account order) as one change an account; none when an account appears
/// in two currencies (the entry then goes leg by leg, which names the error).
fn legs_of<'a>(ordered: &[&'a Posting]) -> Option<Vec<Leg<'a>>> {
    let mut legs: Vec<Leg<'a>> = Vec::with_capacity(ordered.len());
    for posting in ordered {
        match legs.last_mut() {
            Some((account, currency, amount)) if *account == posting.account_id && *currency == posting.currency => {
                *amount += posting.amount;
            }
            _ => legs.push((&posting.account_id, &posting.currency, posting.amount)),
        }
    }
    let accounts: std::collections::BTreeSet<&str> = legs.iter().map(|(account, ..)| *account).collect();
    (accounts.len() == legs.len()).then_some(legs)
}

/// `(case id when $1 then $values+1 … end)` over `n` legs: the leg's value bound at `values` + i.
fn leg_case(n: usize, values: usize) -> String {
    let whens: String = (1..=n).map(|i| format!(" when ${i} then ${}", values + i)).collect();
    format!("(case id{whens} end)")
}

/// Binds `legs` as [`leg_case`] numbers them: $1..$n the accounts, $n+1..$2n the changes,
/// $2n+1..$3n the currencies.
fn bind_legs<'q, O>(
    query: sqlx::query::QueryAs<'q, Any, O, sqlx::any::AnyArguments<'q>>,
    legs: &[Leg<'q>],
) -> sqlx::query::QueryAs<'q, Any, O, sqlx::any::AnyArguments<'q>> {
    let query = legs.iter().fold(query, |query, (account, ..)| query.bind(*account));
    let query = legs.iter().fold(query, |query, (_, _, change)| query.bind(*change));
    legs.iter().fold(query, |query, (_, currency, _)| query.bind(*currency))
}

/// Takes back the changes of the `legs` whose accounts are in `changed`, so the leg-by-leg path
/// starts from where the entry began.
async fn undo_legs(
    tx: &mut Transaction<'static, Any>,
    legs: &[Leg<'_>],
    changed: &[String],
) -> Result<(), LedgerError> {
    let undo: Vec<&Leg<'_>> = legs.iter().filter(|(account, ..)| changed.iter().any(|c| c == account)).collect();
    if undo.is_empty() {
        return Ok(());
    }
    let m = undo.len();
    let sql = format!(
        "update ledger_accounts set balance = balance - {} where id in ({})",
        leg_case(m, m),
        placeholders::numbered(1, m)
    );
    let query = undo.iter().fold(sqlx::query(&sql), |query, (account, ..)| query.bind(*account));
    undo.iter().fold(query, |query, (_, _, change)| query.bind(*change)).execute(&mut **tx).await?;
    Ok(())
}

fn check_balanced(postings: &[Posting]) -> Result<(), LedgerError> {
    if postings.len() < 2 || postings.iter().any(|p| p.amount == 0) {
        return Err(LedgerError::InvalidAmount);
    }
    let mut sums: BTreeMap<&str, i128> = BTreeMap::new();
    for posting in postings {
        *sums.entry(posting.currency.as_str()).or_default() += i128::from(posting.amount);
    }
    match sums.into_iter().find(|(_, sum)| *sum != 0) {
        Some((currency, _)) => Err(LedgerError::Unbalanced(currency.to_string())),
        None => Ok(()),
    }
}

async fn apply(tx: &mut Transaction<'static, Any>, posting: &Posting) -> Result<(), LedgerError> {
    let changed = sqlx::query(
        "update ledger_accounts set balance = balance + $1 \
         where id = $2 and currency = $3 and (may_go_negative = 1 or balance + $1 >= held)",
    )
    .bind(posting.amount)
    .bind(&posting.account_id)
    .bind(&posting.currency)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if changed == 1 {
        return Ok(());
    }
    let exists = sqlx::query("select 1 as one from ledger_accounts where id = $1 and currency = $2")
        .bind(&posting.account_id)
        .bind(&posting.currency)
        .fetch_optional(&mut **tx)
        .await?;
    Err(match exists {
        Some(_) => LedgerError::InsufficientFunds(posting.account_id.clone()),
        None => LedgerError::UnknownAccount(posting.account_id.clone()),
    })
}

/// An account's balance and held amount.
pub async fn balance(db: &Db, account_id: &str) -> Result<Option<Balance>, LedgerError> {
    Ok(sqlx::query_as("select balance, held from ledger_accounts where id = $1")
        .bind(account_id)
        .fetch_optional(db.pool())
        .await?)
}

/// The balance of a typed account inside a write (what the write has done so far included).
pub async fn balance_tx(tx: &mut Transaction<'static, Any>, account: &AccountRef) -> Result<Balance, LedgerError> {
    let found: Option<Balance> = sqlx::query_as("select balance, held from ledger_accounts where id = $1")
        .bind(account.id())
        .fetch_optional(&mut **tx)
        .await?;
    Ok(found.unwrap_or(Balance { balance: 0, held: 0 }))
}

/// Every user account of `kind` in `currency`, by owner: one read for a pass over many users.
pub async fn balances_of_kind(
    db: &Db,
    kind: &domain::ledger::AccountKind,
    currency: &str,
) -> Result<std::collections::HashMap<String, Balance>, LedgerError> {
    let rows: Vec<(String, i64, i64)> = sqlx::query_as(
        "select owner, balance, held from ledger_accounts where kind = $1 and currency = $2 and may_go_negative = 0",
    )
    .bind(kind.as_text())
    .bind(currency)
    .fetch_all(db.pool())
    .await?;
    Ok(rows.into_iter().map(|(owner, balance, held)| (owner, Balance { balance, held })).collect())
}

/// The balances of these accounts, by id; accounts not yet used are absent.
pub async fn balances(db: &Db, ids: &[String]) -> Result<std::collections::HashMap<String, Balance>, LedgerError> {
    if ids.is_empty() {
        return Ok(std::collections::HashMap::new());
    }
    let sql =
        format!("select id, balance, held from ledger_accounts where id in ({})", placeholders::numbered(1, ids.len()));
    let mut query = sqlx::query_as::<_, (String, i64, i64)>(&sql);
    for id in ids {
        query = query.bind(id);
    }
    let rows = query.fetch_all(db.pool()).await?;
    Ok(rows.into_iter().map(|(id, balance, held)| (id, Balance { balance, held })).collect())
}

/// The balance of a typed account; `None` before it is first used.
pub async fn balance_of(db: &Db, account: &AccountRef) -> Result<Option<Balance>, LedgerError> {
    balance(db, &account.id()).await
}

/// Every broken invariant, in words; empty when the ledger is sound.
pub async fn check(db: &Db) -> Result<Vec<String>, LedgerError> {
    let mut problems = Vec::new();
    let unbalanced: Vec<(String, String)> = sqlx::query_as(
        "select entry_id, currency from postings group by entry_id, currency \
         having sum(amount) <> 0",
    )
    .fetch_all(db.pool())
    .await?;
    for (entry, currency) in unbalanced {
        problems.push(format!("entry {entry} does not balance in {currency}"));
    }
    let drifted: Vec<(String, i64)> = sqlx::query_as(
        "select a.id, a.balance from ledger_accounts a \
         left join postings p on p.account_id = a.id group by a.id, a.balance having a.balance <> coalesce(sum(p.amount), 0)",
    )
    .fetch_all(db.pool())
    .await?;
    for (id, balance) in drifted {
        problems.push(format!("account {id} balance {balance} differs from the sum of its postings"));
    }
    let overdrawn: Vec<String> = sqlx::query_scalar(
        "select id from ledger_accounts where may_go_negative = 0 and (balance < 0 or held < 0 or balance < held)",
    )
    .fetch_all(db.pool())
    .await?;
    for id in overdrawn {
        problems.push(format!("account {id} is negative or holds more than it has"));
    }
    let holds_off: Vec<String> = sqlx::query_scalar(
        "select a.id from ledger_accounts a left join ledger_holds h on h.account_id = a.id and h.status = 'OPEN' \
         group by a.id, a.held having a.held <> coalesce(sum(h.amount), 0)",
    )
    .fetch_all(db.pool())
    .await?;
    for id in holds_off {
        problems.push(format!("account {id} held amount differs from its open holds"));
    }
    let wrong_currency: Vec<String> = sqlx::query_scalar(
        "select p.entry_id from postings p join ledger_accounts a on a.id = p.account_id where p.currency <> a.currency",
    )
    .fetch_all(db.pool())
    .await?;
    for entry in wrong_currency {
        problems.push(format!("entry {entry} posts a currency its account does not hold"));
    }
    Ok(problems)
}
