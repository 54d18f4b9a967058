#![allow(clippy::unwrap_used)] // A test that cannot unwrap has failed, which is what a panic reports.
//! Group commit (issue 12) on both backends: many transfers queued at once share transactions and
//! each is answered after its commit; one that would overdraw answers its own refusal, changes
//! nothing and leaves the others of its batch committed; the ledger check passes.

use domain::ledger::EntryReason;
use store::group::GroupWriter;
use store::ledger::{self, LedgerError, NewEntry, Posting, HOUSE};
use store::testing::fresh_db;
use store::{Backend, Db};

async fn open(db: &Db, owner: &str, negative: bool) -> String {
    let mut tx = db.begin_write().await.unwrap();
    let id = ledger::account(&mut tx.tx, owner, "IDR_CASH", "IDR", negative).await.unwrap();
    tx.commit().await.unwrap();
    id
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

async fn available(db: &Db, id: &str) -> i64 {
    ledger::balance(db, id).await.unwrap().map_or(0, |b| b.available())
}

async fn transfers_share_commits_and_a_refusal_stays_alone(backend: Backend) {
    let db = fresh_db(backend).await.unwrap();
    let house = open(&db, HOUSE, true).await;
    let users: Vec<String> = futures::future::join_all((0..8).map(|i| {
        let db = db.clone();
        async move { open(&db, &format!("user-{i}"), false).await }
    }))
    .await;
    let writer = GroupWriter::spawn(db.clone());

    // 8 users × 25 credits of 100, all queued at once.
    let (writer_ref, house_ref) = (&writer, &house);
    let credits = users.iter().flat_map(|user| {
        (0..25).map(move |n| {
            ledger::post_grouped(writer_ref, transfer(format!("credit:{user}:{n}"), house_ref, user, 100))
        })
    });
    for posted in futures::future::join_all(credits).await {
        assert!(!posted.unwrap().replayed);
    }
    assert!(writer.largest_batch() > 1, "queued transfers shared a transaction");
    for user in &users {
        assert_eq!(available(&db, user).await, 2_500);
    }

    // One debit too large, queued between good ones: it is refused alone.
    let mut sends = Vec::new();
    for (i, user) in users.iter().enumerate() {
        let amount = if i == 3 { 2_501 } else { 1_000 };
        sends.push(ledger::post_grouped(&writer, transfer(format!("debit:{user}"), user, &house, amount)));
    }
    let answers = futures::future::join_all(sends).await;
    for (i, answer) in answers.iter().enumerate() {
        if i == 3 {
            assert!(matches!(answer, Err(LedgerError::InsufficientFunds(_))), "{answer:?}");
        } else {
            assert!(answer.is_ok(), "{answer:?}");
        }
    }
    for (i, user) in users.iter().enumerate() {
        assert_eq!(available(&db, user).await, if i == 3 { 2_500 } else { 1_500 }, "user {i}");
    }
    // The same event again posts nothing new.
    let again = ledger::post_grouped(&writer, transfer(format!("debit:{}", users[0]), &users[0], &house, 1_000));
    assert!(again.await.unwrap().replayed);
    let problems = ledger::check(&db).await.unwrap();
    assert!(problems.is_empty(), "{problems:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sqlite_transfers_share_commits_and_a_refusal_stays_alone() {
    transfers_share_commits_and_a_refusal_stays_alone(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_transfers_share_commits_and_a_refusal_stays_alone() {
    transfers_share_commits_and_a_refusal_stays_alone(Backend::Postgres).await;
}
