#![allow(clippy::unwrap_used)] // A test that cannot unwrap has failed, which is what a panic reports.
#![allow(clippy::inconsistent_digit_grouping)] // amounts read as rupiah_sen, e.g. 100_000_00
//! The ledger on both backends: balance, overdraft, idempotency, holds, concurrency, and random
//! sequences checked against a model with the invariant check after every step.

use std::collections::HashMap;
use std::sync::Arc;

use domain::ledger::{EntryReason, HoldReason};
use proptest::prelude::*;
use store::ledger::{self, LedgerError, NewEntry, Posting, HOUSE};
use store::testing::fresh_db;
use store::{Backend, Db};

async fn open(db: &Db, owner: &str, kind: &str, negative: bool) -> String {
    let mut tx = db.begin_write().await.unwrap();
    let id = ledger::account(&mut tx.tx, owner, kind, "IDR", negative).await.unwrap();
    tx.commit().await.unwrap();
    id
}

fn transfer(event: &str, from: &str, to: &str, amount: i64) -> NewEntry {
    NewEntry {
        reason: EntryReason::Topup,
        event_id: event.into(),
        memo: None,
        postings: vec![
            Posting { account_id: from.into(), currency: "IDR".into(), amount: -amount },
            Posting { account_id: to.into(), currency: "IDR".into(), amount },
        ],
        at_ms: 1_764_000_000_000,
    }
}

async fn post(db: &Db, entry: &NewEntry) -> Result<ledger::Posted, LedgerError> {
    let mut tx = db.begin_write().await?;
    let posted = ledger::post(&mut tx.tx, entry).await?;
    tx.commit().await?;
    Ok(posted)
}

async fn available(db: &Db, id: &str) -> i64 {
    ledger::balance(db, id).await.unwrap().unwrap().available()
}

async fn assert_sound(db: &Db) {
    let problems = ledger::check(db).await.unwrap();
    assert!(problems.is_empty(), "{problems:?}");
}

async fn entries_balance_and_never_overdraw(backend: Backend) {
    let db = fresh_db(backend).await.unwrap();
    let clearing = open(&db, HOUSE, "PG_CLEARING", true).await;
    let user = open(&db, "user-1", "IDR_CASH", false).await;
    post(&db, &transfer("topup-1", &clearing, &user, 100_000_00)).await.unwrap();
    assert_eq!(available(&db, &user).await, 100_000_00);
    // Overdraft: nothing moves.
    let err = post(&db, &transfer("cashout-1", &user, &clearing, 100_000_01)).await.unwrap_err();
    assert!(matches!(err, LedgerError::InsufficientFunds(_)), "{err}");
    assert_eq!(available(&db, &user).await, 100_000_00);
    // Unbalanced: refused before anything is written.
    let mut lopsided = transfer("odd-1", &clearing, &user, 5);
    lopsided.postings[1].amount = 6;
    assert!(matches!(post(&db, &lopsided).await.unwrap_err(), LedgerError::Unbalanced(_)));
    // The same event twice posts once.
    let first = post(&db, &transfer("topup-2", &clearing, &user, 1_00)).await.unwrap();
    let again = post(&db, &transfer("topup-2", &clearing, &user, 1_00)).await.unwrap();
    assert!(!first.replayed && again.replayed && first.entry_id == again.entry_id);
    assert_eq!(available(&db, &user).await, 100_001_00);
    assert_sound(&db).await;
}

async fn holds_reserve_and_release(backend: Backend) {
    let db = fresh_db(backend).await.unwrap();
    let clearing = open(&db, HOUSE, "PG_CLEARING", true).await;
    let user = open(&db, "user-1", "IDR_CASH", false).await;
    post(&db, &transfer("topup", &clearing, &user, 1_000)).await.unwrap();
    let mut tx = db.begin_write().await.unwrap();
    let hold = ledger::hold(&mut tx.tx, &user, 700, HoldReason::Order, "order-1").await.unwrap();
    tx.commit().await.unwrap();
    assert_eq!(available(&db, &user).await, 300);
    // The same event again is the same hold, reserved once, whether the money would cover it again or not.
    let mut tx = db.begin_write().await.unwrap();
    assert_eq!(ledger::hold(&mut tx.tx, &user, 200, HoldReason::Order, "order-1").await.unwrap(), hold);
    assert_eq!(ledger::hold(&mut tx.tx, &user, 700, HoldReason::Order, "order-1").await.unwrap(), hold);
    tx.commit().await.unwrap();
    assert_eq!(available(&db, &user).await, 300);
    // Held money cannot be spent or held again.
    assert!(post(&db, &transfer("spend", &user, &clearing, 301)).await.is_err());
    let mut tx = db.begin_write().await.unwrap();
    assert!(ledger::hold(&mut tx.tx, &user, 301, HoldReason::Order, "order-2").await.is_err());
    drop(tx);
    // Capture spends it; a second close fails.
    let mut tx = db.begin_write().await.unwrap();
    let amount = ledger::close_hold(&mut tx.tx, &hold, true).await.unwrap();
    ledger::post(&mut tx.tx, &transfer("fill-1", &user, &clearing, amount)).await.unwrap();
    tx.commit().await.unwrap();
    let mut tx = db.begin_write().await.unwrap();
    assert!(matches!(ledger::close_hold(&mut tx.tx, &hold, false).await, Err(LedgerError::HoldNotOpen(_))));
    drop(tx);
    assert_eq!(ledger::balance(&db, &user).await.unwrap().unwrap(), ledger::Balance { balance: 300, held: 0 });
    assert_sound(&db).await;
}

async fn a_thousand_concurrent_full_withdrawals_succeed_once(backend: Backend) {
    let db = fresh_db(backend).await.unwrap();
    let clearing = open(&db, HOUSE, "PG_CLEARING", true).await;
    let user = open(&db, "user-1", "IDR_CASH", false).await;
    post(&db, &transfer("topup", &clearing, &user, 50_000_00)).await.unwrap();
    let db = Arc::new(db);
    let tasks = (0..1000).map(|i| {
        let (db, user, clearing) = (db.clone(), user.clone(), clearing.clone());
        tokio::spawn(
            async move { post(&db, &transfer(&format!("cashout-{i}"), &user, &clearing, 50_000_00)).await.is_ok() },
        )
    });
    let succeeded = futures::future::join_all(tasks).await.into_iter().filter(|r| *r.as_ref().unwrap()).count();
    assert_eq!(succeeded, 1);
    assert_eq!(available(&db, &user).await, 0);
    assert_sound(&db).await;
}

/// The same event posted by many transactions at once (a provider's callback retried while the
/// first is still running) moves the money once: one posts it, every other answers its entry as a
/// replay. On PostgreSQL each posts in one statement, which waits for the first's account locks,
/// changes the balances and then meets the first's entry: it takes its changes back and replays.
async fn the_same_event_at_once_moves_money_once(backend: Backend) {
    let db = fresh_db(backend).await.unwrap();
    let clearing = open(&db, HOUSE, "PG_CLEARING", true).await;
    let user = open(&db, "user-1", "IDR_CASH", false).await;
    let db = Arc::new(db);
    let tasks = (0..24).map(|_| {
        let (db, user, clearing) = (db.clone(), user.clone(), clearing.clone());
        tokio::spawn(async move { post(&db, &transfer("topup-once", &clearing, &user, 5_000_00)).await.unwrap() })
    });
    let posted: Vec<ledger::Posted> = futures::future::join_all(tasks).await.into_iter().map(Result::unwrap).collect();
    assert_eq!(posted.iter().filter(|p| !p.replayed).count(), 1, "{posted:?}");
    assert!(posted.iter().all(|p| p.entry_id == posted[0].entry_id), "{posted:?}");
    assert_eq!(available(&db, &user).await, 5_000_00);
    let postings: i64 = sqlx::query_scalar("select count(*) from postings").fetch_one(db.pool()).await.unwrap();
    assert_eq!(postings, 2);
    assert_sound(&db).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sqlite_the_same_event_at_once_moves_money_once() {
    the_same_event_at_once_moves_money_once(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_the_same_event_at_once_moves_money_once() {
    the_same_event_at_once_moves_money_once(Backend::Postgres).await;
}

/// A fill moves several accounts in one statement; a leg that cannot be applied still names its
/// account and leaves every account as it was.
async fn a_many_legged_entry_is_applied_whole_or_not_at_all(backend: Backend) {
    let db = fresh_db(backend).await.unwrap();
    let clearing = open(&db, HOUSE, "PG_CLEARING", true).await;
    let fees = open(&db, HOUSE, "FEES", true).await;
    let (a, b) = (open(&db, "user-a", "IDR_CASH", false).await, open(&db, "user-b", "IDR_CASH", false).await);
    post(&db, &transfer("topup-a", &clearing, &a, 1_000_00)).await.unwrap();
    post(&db, &transfer("topup-b", &clearing, &b, 10_00)).await.unwrap();
    let legs = |event: &str, from_b: i64| NewEntry {
        reason: EntryReason::TradeFill,
        event_id: event.into(),
        memo: None,
        postings: vec![
            Posting { account_id: a.clone(), currency: "IDR".into(), amount: -100_00 },
            Posting { account_id: b.clone(), currency: "IDR".into(), amount: -from_b },
            Posting { account_id: a.clone(), currency: "IDR".into(), amount: 1_00 },
            Posting { account_id: fees.clone(), currency: "IDR".into(), amount: 99_00 + from_b },
        ],
        at_ms: 1_764_000_000_000,
    };
    let err = post(&db, &legs("fill-1", 11_00)).await.unwrap_err();
    assert!(matches!(&err, LedgerError::InsufficientFunds(id) if *id == b), "{err}");
    assert_eq!((available(&db, &a).await, available(&db, &b).await), (1_000_00, 10_00));
    // A leg in a currency its account does not hold.
    let mut foreign = legs("fill-2", 5_00);
    foreign.postings.push(Posting { account_id: b.clone(), currency: "USD".into(), amount: 5 });
    foreign.postings.push(Posting { account_id: clearing.clone(), currency: "USD".into(), amount: -5 });
    let err = post(&db, &foreign).await.unwrap_err();
    assert!(matches!(&err, LedgerError::UnknownAccount(_)), "{err}");
    assert_eq!((available(&db, &a).await, available(&db, &b).await), (1_000_00, 10_00));
    post(&db, &legs("fill-3", 5_00)).await.unwrap();
    assert_eq!((available(&db, &a).await, available(&db, &b).await), (901_00, 5_00));
    assert_eq!(ledger::balance(&db, &fees).await.unwrap().unwrap().balance, 104_00);
    assert_sound(&db).await;
}

#[tokio::test]
async fn sqlite_a_many_legged_entry_is_applied_whole_or_not_at_all() {
    a_many_legged_entry_is_applied_whole_or_not_at_all(Backend::Sqlite).await;
}
#[tokio::test]
async fn postgres_a_many_legged_entry_is_applied_whole_or_not_at_all() {
    a_many_legged_entry_is_applied_whole_or_not_at_all(Backend::Postgres).await;
}
#[tokio::test]
async fn sqlite_entries_balance_and_never_overdraw() {
    entries_balance_and_never_overdraw(Backend::Sqlite).await;
}
#[tokio::test]
async fn postgres_entries_balance_and_never_overdraw() {
    entries_balance_and_never_overdraw(Backend::Postgres).await;
}
#[tokio::test]
async fn sqlite_holds_reserve_and_release() {
    holds_reserve_and_release(Backend::Sqlite).await;
}
#[tokio::test]
async fn postgres_holds_reserve_and_release() {
    holds_reserve_and_release(Backend::Postgres).await;
}
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sqlite_a_thousand_concurrent_full_withdrawals_succeed_once() {
    a_thousand_concurrent_full_withdrawals_succeed_once(Backend::Sqlite).await;
}
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_a_thousand_concurrent_full_withdrawals_succeed_once() {
    a_thousand_concurrent_full_withdrawals_succeed_once(Backend::Postgres).await;
}

/// One random ledger operation over three user accounts and one house account.
#[derive(Debug, Clone)]
enum Op {
    Deposit(usize, i64),
    Transfer(usize, usize, i64),
    Withdraw(usize, i64),
    Hold(usize, i64),
    Release(usize),
    Capture(usize),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        (0..3usize, 1..10_000i64).prop_map(|(a, n)| Op::Deposit(a, n)),
        (0..3usize, 0..3usize, 1..10_000i64).prop_map(|(a, b, n)| Op::Transfer(a, b, n)),
        (0..3usize, 1..10_000i64).prop_map(|(a, n)| Op::Withdraw(a, n)),
        (0..3usize, 1..10_000i64).prop_map(|(a, n)| Op::Hold(a, n)),
        (0..8usize).prop_map(Op::Release),
        (0..8usize).prop_map(Op::Capture),
    ]
}

/// Runs `ops` against the ledger and a model; after every step the ledger check passes and each
/// account's available balance equals the model's.
async fn run_against_model(db: &Db, case: usize, ops: Vec<Op>) {
    let house = open(db, HOUSE, &format!("CLEARING{case}"), true).await;
    let mut users = Vec::new();
    for i in 0..3 {
        users.push(open(db, &format!("user-{case}-{i}"), "IDR_CASH", false).await);
    }
    let mut model: HashMap<String, (i64, i64)> = users.iter().map(|u| (u.clone(), (0, 0))).collect();
    let mut holds: Vec<(String, String, i64)> = Vec::new();
    for (step, op) in ops.into_iter().enumerate() {
        let event = format!("case{case}-step{step}");
        let mut tx = db.begin_write().await.unwrap();
        let outcome: Result<(), LedgerError> = async {
            match &op {
                Op::Deposit(a, n) => {
                    ledger::post(&mut tx.tx, &transfer(&event, &house, &users[*a], *n)).await.map(|_| ())
                }
                Op::Transfer(a, b, n) if a != b => {
                    ledger::post(&mut tx.tx, &transfer(&event, &users[*a], &users[*b], *n)).await.map(|_| ())
                }
                Op::Transfer(..) => Ok(()),
                Op::Withdraw(a, n) => {
                    ledger::post(&mut tx.tx, &transfer(&event, &users[*a], &house, *n)).await.map(|_| ())
                }
                Op::Hold(a, n) => ledger::hold(&mut tx.tx, &users[*a], *n, HoldReason::Order, &event).await.map(|id| {
                    holds.push((id, users[*a].clone(), *n));
                }),
                Op::Release(i) | Op::Capture(i) if *i < holds.len() => {
                    let (id, account, _) = holds[*i].clone();
                    let captured = matches!(op, Op::Capture(_));
                    let amount = ledger::close_hold(&mut tx.tx, &id, captured).await?;
                    if captured {
                        ledger::post(&mut tx.tx, &transfer(&event, &account, &house, amount)).await?;
                    }
                    Ok(())
                }
                _ => Ok(()),
            }
        }
        .await;
        match outcome {
            Ok(()) => {
                tx.commit().await.unwrap();
                apply_model(&mut model, &users, &mut holds, &op);
            }
            Err(LedgerError::InsufficientFunds(_) | LedgerError::HoldNotOpen(_)) => drop(tx),
            Err(other) => panic!("unexpected {other}"),
        }
        for user in &users {
            let (balance, held) = model[user];
            assert_eq!(ledger::balance(db, user).await.unwrap().unwrap(), ledger::Balance { balance, held }, "{op:?}");
        }
        assert_sound(db).await;
    }
}

fn apply_model(
    model: &mut HashMap<String, (i64, i64)>,
    users: &[String],
    holds: &mut [(String, String, i64)],
    op: &Op,
) {
    match op {
        Op::Deposit(a, n) => model.get_mut(&users[*a]).unwrap().0 += n,
        Op::Transfer(a, b, n) if a != b => {
            model.get_mut(&users[*a]).unwrap().0 -= n;
            model.get_mut(&users[*b]).unwrap().0 += n;
        }
        Op::Withdraw(a, n) => model.get_mut(&users[*a]).unwrap().0 -= n,
        Op::Hold(a, n) => model.get_mut(&users[*a]).unwrap().1 += n,
        Op::Release(i) | Op::Capture(i) if *i < holds.len() => {
            let (_, account, amount) = holds[*i].clone();
            let entry = model.get_mut(&account).unwrap();
            entry.1 -= amount;
            if matches!(op, Op::Capture(_)) {
                entry.0 -= amount;
            }
            holds[*i].2 = amount;
        }
        _ => {}
    }
}

/// A fresh database per case keeps the whole-ledger check after every step cheap.
async fn case_db(backend: Backend) -> Db {
    match backend {
        // In memory: the property is about logic, not durability.
        Backend::Sqlite => {
            let options = store::DbOptions { max_connections: 1, ..Default::default() };
            let db = Db::connect("sqlite::memory:", &options).await.unwrap();
            db.migrate().await.unwrap();
            db
        }
        Backend::Postgres => fresh_db(backend).await.unwrap(),
    }
}

/// Runs `cases` random sequences, or `PROPTEST_CASES` of them when it is set (for a longer search
/// than `make test` affords).
fn random_sequences(backend: Backend, cases: u32) {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let case = std::sync::atomic::AtomicUsize::new(0);
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(cases);
    let config = ProptestConfig { cases, failure_persistence: None, ..ProptestConfig::default() };
    proptest!(config, |(ops in proptest::collection::vec(op(), 1..25))| {
        let n = case.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        runtime.block_on(async {
            let db = case_db(backend).await;
            run_against_model(&db, n, ops).await;
            db.close().await;
        });
    });
}

#[test]
fn sqlite_random_sequences_keep_every_invariant() {
    // Proptest's usual number: each case migrates a new database, a tenth of a second in a debug build.
    random_sequences(Backend::Sqlite, 256);
}

#[test]
fn postgres_random_sequences_keep_every_invariant() {
    random_sequences(Backend::Postgres, 60);
}
