#![allow(clippy::unwrap_used)] // A test that cannot unwrap has failed, which is what a panic reports.
//! Group commit (issue 12) on both backends, through both writers (the generic one, each transfer
//! behind a savepoint, and the entry writer, which posts a batch as one set): many transfers
//! queued at once share transactions and each is answered after its commit; one that would
//! overdraw answers its own refusal, changes nothing and leaves the others of its batch committed;
//! a repeated event is replayed; the ledger check passes.

use domain::ledger::EntryReason;
use store::group::GroupWriter;
use store::ledger::{self, EntryWriter, LedgerError, NewEntry, Posted, Posting, HOUSE};
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

/// The two group writers, as the test drives them.
#[derive(Clone)]
enum Writer {
    Generic(GroupWriter),
    Entries(EntryWriter),
}

impl Writer {
    fn spawn(db: &Db, entries: bool) -> Self {
        if entries {
            Writer::Entries(EntryWriter::spawn(db.clone()))
        } else {
            Writer::Generic(GroupWriter::spawn(db.clone()))
        }
    }

    async fn post(&self, entry: NewEntry) -> Result<Posted, LedgerError> {
        match self {
            Writer::Generic(writer) => {
                writer.run(move |tx| Box::pin(async move { ledger::post(tx, &entry).await })).await
            }
            Writer::Entries(writer) => writer.post(entry).await,
        }
    }

    fn largest_batch(&self) -> usize {
        match self {
            Writer::Generic(writer) => writer.largest_batch(),
            Writer::Entries(writer) => writer.largest_batch(),
        }
    }
}

async fn transfers_share_commits_and_a_refusal_stays_alone(backend: Backend, entries: bool) {
    let db = fresh_db(backend).await.unwrap();
    let house = open(&db, HOUSE, true).await;
    let users: Vec<String> = futures::future::join_all((0..8).map(|i| {
        let db = db.clone();
        async move { open(&db, &format!("user-{i}"), false).await }
    }))
    .await;
    let writer = Writer::spawn(&db, entries);

    // 8 users × 25 credits of 100, all queued at once.
    let (writer_ref, house_ref) = (&writer, &house);
    let credits = users.iter().flat_map(|user| {
        (0..25).map(move |n| writer_ref.post(transfer(format!("credit:{user}:{n}"), house_ref, user, 100)))
    });
    for posted in futures::future::join_all(credits).await {
        assert!(!posted.unwrap().replayed);
    }
    assert!(writer.largest_batch() > 1, "queued transfers shared a transaction");
    if backend == Backend::Postgres {
        // A busy writer opens its next transaction at each commit (`WriteTx::commit_then_begin`);
        // once every answer is in, none is left open.
        let open: i64 = sqlx::query_scalar(
            "select count(*) from pg_stat_activity where datname = current_database() \
             and state like 'idle in transaction%'",
        )
        .fetch_one(db.pool())
        .await
        .unwrap();
        assert_eq!(open, 0, "an idle writer holds no transaction");
    }
    for user in &users {
        assert_eq!(available(&db, user).await, 2_500);
    }

    // One debit too large, queued between good ones: it is refused alone.
    let mut sends = Vec::new();
    for (i, user) in users.iter().enumerate() {
        let amount = if i == 3 { 2_501 } else { 1_000 };
        sends.push(writer.post(transfer(format!("debit:{user}"), user, &house, amount)));
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
    let again = writer.post(transfer(format!("debit:{}", users[0]), &users[0], &house, 1_000));
    assert!(again.await.unwrap().replayed);
    // Alone in its transaction (no savepoint), a refusal changes nothing either.
    let event = format!("too-much:{}", users[1]);
    let refused = writer.post(transfer(event.clone(), &users[1], &house, 1_000_000)).await;
    assert!(matches!(refused, Err(LedgerError::InsufficientFunds(_))), "{refused:?}");
    assert_eq!(available(&db, &users[1]).await, 1_500);
    let stored: i64 = sqlx::query_scalar("select count(*) from journal_entries where event_id = $1")
        .bind(&event)
        .fetch_one(db.pool())
        .await
        .unwrap();
    assert_eq!(stored, 0, "the refused entry left no row");
    let problems = ledger::check(&db).await.unwrap();
    assert!(problems.is_empty(), "{problems:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sqlite_transfers_share_commits_and_a_refusal_stays_alone() {
    transfers_share_commits_and_a_refusal_stays_alone(Backend::Sqlite, false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_transfers_share_commits_and_a_refusal_stays_alone() {
    transfers_share_commits_and_a_refusal_stays_alone(Backend::Postgres, false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sqlite_entry_writer_posts_sets_and_a_refusal_stays_alone() {
    transfers_share_commits_and_a_refusal_stays_alone(Backend::Sqlite, true).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_entry_writer_posts_sets_and_a_refusal_stays_alone() {
    transfers_share_commits_and_a_refusal_stays_alone(Backend::Postgres, true).await;
}

/// `post_all` answers each entry as posting them one after another would: a running balance within
/// the set, a repeat of an event posted earlier in the set, an unbalanced entry and an unknown
/// account each answer alone; only the accepted entries move money.
async fn a_set_answers_each_entry_as_one_by_one_would(backend: Backend) {
    let db = fresh_db(backend).await.unwrap();
    let house = open(&db, HOUSE, true).await;
    let user = open(&db, "user-a", false).await;
    let entries = vec![
        transfer("fund".into(), &house, &user, 1_000),
        transfer("spend-1".into(), &user, &house, 600),
        transfer("spend-2".into(), &user, &house, 600),
        transfer("spend-1".into(), &user, &house, 600),
        NewEntry {
            postings: vec![
                Posting { account_id: user.clone(), currency: "IDR".into(), amount: -1 },
                Posting { account_id: house.clone(), currency: "IDR".into(), amount: 2 },
            ],
            ..transfer("unbalanced".into(), &user, &house, 1)
        },
        transfer("nobody".into(), &house, "nobody:IDR_CASH:IDR", 5),
        transfer("refund".into(), &house, &user, 100),
    ];
    let mut tx = db.begin_write().await.unwrap();
    let answers = ledger::post_all(&mut tx.tx, &entries).await.unwrap();
    tx.commit().await.unwrap();
    let first_spend = answers[1].as_ref().unwrap().clone();
    assert!(!first_spend.replayed);
    assert!(matches!(answers[2], Err(LedgerError::InsufficientFunds(ref a)) if *a == user), "{:?}", answers[2]);
    assert_eq!(answers[3].as_ref().unwrap(), &Posted { entry_id: first_spend.entry_id, replayed: true });
    assert!(matches!(answers[4], Err(LedgerError::Unbalanced(_))), "{:?}", answers[4]);
    assert!(matches!(answers[5], Err(LedgerError::UnknownAccount(_))), "{:?}", answers[5]);
    assert!(!answers[6].as_ref().unwrap().replayed);
    assert_eq!(available(&db, &user).await, 500);

    // Posted again, the set's accepted events are replays and nothing moves.
    let mut tx = db.begin_write().await.unwrap();
    let again = ledger::post_all(&mut tx.tx, &entries[..2]).await.unwrap();
    tx.commit().await.unwrap();
    assert!(again.iter().all(|answer| answer.as_ref().unwrap().replayed));
    assert_eq!(available(&db, &user).await, 500);
    let problems = ledger::check(&db).await.unwrap();
    assert!(problems.is_empty(), "{problems:?}");
}

#[tokio::test]
async fn sqlite_a_set_answers_each_entry_as_one_by_one_would() {
    a_set_answers_each_entry_as_one_by_one_would(Backend::Sqlite).await;
}

#[tokio::test]
async fn postgres_a_set_answers_each_entry_as_one_by_one_would() {
    a_set_answers_each_entry_as_one_by_one_would(Backend::Postgres).await;
}
