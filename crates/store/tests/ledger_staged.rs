#![allow(clippy::unwrap_used)] // A test that cannot unwrap has failed, which is what a panic reports.
//! `ledger::Staged` against the statements it stands in for (issue 12): random sequences of holds,
//! splits, releases, captures and entries run in one transaction on two copies of the same
//! accounts, one through the statements one by one (each behind a savepoint, as a batch of orders
//! runs them), one staged and written at the end. Every step
//! answers the same, and the balances, holds and journal end the same and pass the ledger check.

use domain::ledger::{EntryReason, HoldReason};
use proptest::prelude::*;
use store::ledger::{self, Journal, LedgerError, NewEntry, Posting, Staged, HOUSE};
use store::testing::fresh_db;
use store::{savepoint, Backend, Db};

type Tx = sqlx::Transaction<'static, sqlx::Any>;

/// One random step over three user accounts (the third never opened: it counts as empty).
#[derive(Debug, Clone)]
enum Op {
    Deposit(usize, i64),
    Transfer(usize, usize, i64),
    Withdraw(usize, i64),
    Hold(usize, i64),
    HoldFrom(usize, usize, i64),
    Split(usize, usize, i64),
    /// Closes the i-th hold known (the stored ones first); captured ones are spent to the house.
    Close(usize, bool),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        (0..2usize, 1..5_000i64).prop_map(|(a, n)| Op::Deposit(a, n)),
        (0..3usize, 0..3usize, 1..5_000i64).prop_map(|(a, b, n)| Op::Transfer(a, b, n)),
        (0..3usize, 1..5_000i64).prop_map(|(a, n)| Op::Withdraw(a, n)),
        (0..3usize, 1..5_000i64).prop_map(|(a, n)| Op::Hold(a, n)),
        (0..3usize, 0..3usize, 1..8_000i64).prop_map(|(a, b, n)| Op::HoldFrom(a, b, n)),
        (0..3usize, 0..3usize, 1..8_000i64).prop_map(|(a, b, n)| Op::Split(a, b, n)),
        (0..10usize, any::<bool>()).prop_map(|(i, captured)| Op::Close(i, captured)),
    ]
}

/// What a step answered, comparable across the two runs (hold ids differ).
#[derive(Debug, PartialEq)]
enum Answer {
    Done,
    Held(Vec<(String, i64)>),
    Split(Vec<(String, i64)>),
    Closed(i64),
    Refused(String),
}

fn refused(error: &LedgerError) -> Answer {
    match error {
        LedgerError::InsufficientFunds(account) => Answer::Refused(format!("insufficient {account}")),
        LedgerError::HoldNotOpen(_) => Answer::Refused("hold not open".into()),
        LedgerError::UnknownAccount(account) => Answer::Refused(format!("unknown {account}")),
        LedgerError::InvalidAmount => Answer::Refused("invalid amount".into()),
        other => panic!("unexpected {other}"),
    }
}

/// One copy of the accounts: the house, two opened users and one never opened.
struct Accounts {
    house: String,
    users: [String; 3],
    /// Hold ids with their account, the stored ones first.
    holds: Vec<(String, String)>,
}

fn transfer(event: String, from: &str, to: &str, amount: i64) -> NewEntry {
    NewEntry {
        reason: EntryReason::Topup,
        event_id: event,
        memo: None,
        postings: vec![
            Posting { account_id: from.into(), currency: "IDR".into(), amount: -amount },
            Posting { account_id: to.into(), currency: "IDR".into(), amount },
        ],
        at_ms: 1_764_000_000_000,
    }
}

/// Opens a copy's accounts with `funds` and a stored hold of 300 on each opened user.
async fn set_up(db: &Db, name: &str, funds: [i64; 2]) -> Accounts {
    let mut w = db.begin_write().await.unwrap();
    let house = ledger::account(&mut w.tx, HOUSE, &format!("CLEARING_{name}"), "IDR", true).await.unwrap();
    let mut holds = Vec::new();
    for (i, amount) in funds.iter().enumerate() {
        let user = ledger::account(&mut w.tx, &format!("{name}-user-{i}"), "IDR_CASH", "IDR", false).await.unwrap();
        ledger::post(&mut w.tx, &transfer(format!("{name}-fund-{i}"), &house, &user, amount + 300)).await.unwrap();
        let hold = ledger::hold(&mut w.tx, &user, 300, HoldReason::Order, &format!("{name}-stored-{i}")).await.unwrap();
        holds.push((hold, user));
    }
    w.commit().await.unwrap();
    let users = [format!("{name}-user-0:IDR_CASH:IDR"), format!("{name}-user-1:IDR_CASH:IDR"), format!("{name}-none")];
    assert_eq!(holds[0].1, users[0]);
    Accounts { house, users, holds }
}

/// Runs `ops` on `copy` in one transaction, staged or one statement at a time.
async fn run(db: &Db, copy: &mut Accounts, ops: &[Op], staged: bool) -> Vec<Answer> {
    let mut w = db.begin_write().await.unwrap();
    let mut stage = Staged::default();
    let mut journal = Journal::default();
    let mut answers = Vec::new();
    for (step, op) in ops.iter().enumerate() {
        let event = format!("{}-{step}", copy.house);
        if !staged {
            savepoint::begin(&mut w.tx).await.unwrap();
        }
        let mark = journal.len();
        let answer = step_once(&mut w.tx, copy, op, event, staged.then_some(&mut stage), &mut journal).await;
        if !staged {
            if answer.is_ok() {
                savepoint::keep(&mut w.tx).await.unwrap();
            } else {
                // A refused entry may have applied its first legs before finding the one that fails.
                savepoint::roll_back(&mut w.tx).await.unwrap();
                journal.truncate(mark);
            }
        }
        answers.push(answer.unwrap_or_else(|e| refused(&e)));
    }
    stage.write(&mut w.tx).await.unwrap();
    journal.write(&mut w.tx).await.unwrap();
    w.commit().await.unwrap();
    answers
}

async fn step_once(
    tx: &mut Tx,
    copy: &mut Accounts,
    op: &Op,
    event: String,
    staged: Option<&mut Staged>,
    journal: &mut Journal,
) -> Result<Answer, LedgerError> {
    let users = copy.users.clone();
    let entry = match op {
        Op::Deposit(a, n) => Some(transfer(event.clone(), &copy.house, &users[*a], *n)),
        Op::Transfer(a, b, n) if a != b => Some(transfer(event.clone(), &users[*a], &users[*b], *n)),
        Op::Withdraw(a, n) => Some(transfer(event.clone(), &users[*a], &copy.house, *n)),
        _ => None,
    };
    match (op, staged) {
        (Op::Transfer(a, b, _), _) if a == b => Ok(Answer::Done),
        (Op::Deposit(..) | Op::Transfer(..) | Op::Withdraw(..), Some(stage)) => {
            stage.post(tx, journal, entry.unwrap()).await.map(|_| Answer::Done)
        }
        (Op::Deposit(..) | Op::Transfer(..) | Op::Withdraw(..), None) => {
            ledger::post_deferred(tx, journal, entry.unwrap()).await.map(|_| Answer::Done)
        }
        (Op::Hold(a, n), stage) => {
            let id = match stage {
                Some(stage) => stage.hold(tx, &users[*a], *n, HoldReason::Order, &event).await?,
                None => ledger::hold(tx, &users[*a], *n, HoldReason::Order, &event).await?,
            };
            copy.holds.push((id, users[*a].clone()));
            Ok(Answer::Held(vec![(users[*a].clone(), *n)]))
        }
        (Op::HoldFrom(a, b, n), stage) => {
            let sources = [users[*a].clone(), users[*b].clone()];
            let parts = match stage {
                Some(stage) => stage.hold_from_sources(tx, &sources, *n, HoldReason::Order, &event).await?,
                None => ledger::hold_from_sources(tx, &sources, *n, HoldReason::Order, &event).await?,
            };
            copy.holds.extend(parts.iter().map(|part| (part.hold_id.clone(), part.account_id.clone())));
            Ok(Answer::Held(parts.into_iter().map(|part| (part.account_id, part.amount)).collect()))
        }
        (Op::Split(a, b, n), stage) => {
            let sources = [users[*a].clone(), users[*b].clone()];
            Ok(Answer::Split(match stage {
                Some(stage) => stage.split_from_sources(tx, &sources, *n).await?,
                None => ledger::split_from_sources(tx, &sources, *n).await?,
            }))
        }
        (Op::Close(i, captured), stage) => {
            let Some((hold, account)) = copy.holds.get(*i).cloned() else { return Ok(Answer::Done) };
            let spend = transfer(event, &account, &copy.house, 0);
            let amount = match stage {
                Some(stage) => {
                    let amount = stage.close_hold(tx, &hold, *captured).await?;
                    if *captured {
                        stage.post(tx, journal, with_amount(spend, amount)).await?;
                    }
                    amount
                }
                None => {
                    let amount = ledger::close_hold(tx, &hold, *captured).await?;
                    if *captured {
                        ledger::post_deferred(tx, journal, with_amount(spend, amount)).await?;
                    }
                    amount
                }
            };
            Ok(Answer::Closed(amount))
        }
    }
}

fn with_amount(mut entry: NewEntry, amount: i64) -> NewEntry {
    entry.postings[0].amount = -amount;
    entry.postings[1].amount = amount;
    entry
}

/// Each user account's (balance, held) and each hold's (status, amount), in the copy's order.
async fn state_of(db: &Db, copy: &Accounts) -> (Vec<Option<ledger::Balance>>, Vec<(String, i64)>) {
    let mut balances = Vec::new();
    for user in &copy.users {
        balances.push(ledger::balance(db, user).await.unwrap());
    }
    let mut holds = Vec::new();
    for (hold, _) in &copy.holds {
        let row: (String, i64) = sqlx::query_as("select status, amount from ledger_holds where id = $1")
            .bind(hold)
            .fetch_one(db.pool())
            .await
            .unwrap();
        holds.push(row);
    }
    (balances, holds)
}

async fn compare(db: &Db, case: usize, funds: [i64; 2], ops: &[Op]) {
    let mut direct = set_up(db, &format!("d{case}"), funds).await;
    let mut staged = set_up(db, &format!("s{case}"), funds).await;
    let direct_answers = run(db, &mut direct, ops, false).await;
    let staged_answers = run(db, &mut staged, ops, true).await;
    // Account names differ by their copy's prefix only.
    let same = |answers: Vec<Answer>, prefix: &str| -> Vec<String> {
        answers.iter().map(|a| format!("{a:?}").replace(prefix, "copy")).collect()
    };
    assert_eq!(same(direct_answers, &format!("d{case}-")), same(staged_answers, &format!("s{case}-")), "{ops:?}");
    assert_eq!(state_of(db, &direct).await, state_of(db, &staged).await, "{ops:?}");
    let problems = ledger::check(db).await.unwrap();
    assert!(problems.is_empty(), "{problems:?}");
}

fn random_sequences(backend: Backend, cases: u32) {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let db = runtime.block_on(fresh_db(backend)).unwrap();
    let case = std::sync::atomic::AtomicUsize::new(0);
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(cases);
    let config = ProptestConfig { cases, failure_persistence: None, ..ProptestConfig::default() };
    proptest!(config, |(funds in [0..6_000i64, 0..6_000i64], ops in proptest::collection::vec(op(), 1..30))| {
        let n = case.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        runtime.block_on(compare(&db, n, funds, &ops));
    });
}

#[test]
fn sqlite_staged_balances_and_holds_match_the_statements_one_by_one() {
    random_sequences(Backend::Sqlite, 128);
}

#[test]
fn postgres_staged_balances_and_holds_match_the_statements_one_by_one() {
    random_sequences(Backend::Postgres, 64);
}
