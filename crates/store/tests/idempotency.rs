//! The idempotency repository on both backends.

#![allow(clippy::unwrap_used)] // A test that cannot unwrap has failed, which is what a panic reports.

use store::idempotency::{self, Begin, ClaimRow, StoredResponse, Unclaimed};
use store::testing::fresh_db;
use store::Backend;

async fn a_key_is_claimed_once_then_replayed(backend: Backend) {
    let db = fresh_db(backend).await.unwrap();
    let first = idempotency::begin(&db, "caller-a", "key-1", "hash-1", 1_000, 60_000).await.unwrap();
    assert_eq!(first, Begin::Started);
    let again = idempotency::begin(&db, "caller-a", "key-1", "hash-1", 1_001, 60_000).await.unwrap();
    assert_eq!(again, Begin::InProgress);
    let response =
        StoredResponse { status: 201, content_type: Some("application/json".into()), body: b"{\"data\":1}".to_vec() };
    idempotency::complete(&db, "caller-a", "key-1", &response).await.unwrap();
    let replay = idempotency::begin(&db, "caller-a", "key-1", "hash-1", 1_002, 60_000).await.unwrap();
    assert_eq!(replay, Begin::Replay(response));
    let other_body = idempotency::begin(&db, "caller-a", "key-1", "hash-2", 1_003, 60_000).await.unwrap();
    assert_eq!(other_body, Begin::Mismatch);
    // Keys are per caller: another caller may use the same key.
    let other_caller = idempotency::begin(&db, "caller-b", "key-1", "hash-2", 1_004, 60_000).await.unwrap();
    assert_eq!(other_caller, Begin::Started);
}

async fn an_abandoned_claim_can_be_taken_over(backend: Backend) {
    let db = fresh_db(backend).await.unwrap();
    assert_eq!(idempotency::begin(&db, "c", "k", "h", 1_000, 60_000).await.unwrap(), Begin::Started);
    idempotency::abandon(&db, "c", "k").await.unwrap();
    assert_eq!(idempotency::begin(&db, "c", "k", "h", 1_001, 60_000).await.unwrap(), Begin::Started);
    // A claim whose process died is taken over once it is stale.
    assert_eq!(idempotency::begin(&db, "c", "k", "h", 70_000, 60_000).await.unwrap(), Begin::Started);
    assert_eq!(idempotency::purge_older_than(&db, 80_000).await.unwrap(), 1);
}

/// Issue 12: concurrent claims share one transaction and each still gets its own answer; an
/// operation the database refuses answers its own error without failing the batch around it.
async fn the_writer_commits_concurrent_claims_together(backend: Backend) {
    let db = fresh_db(backend).await.unwrap();
    let writer = idempotency::Writer::spawn(db.clone());
    // Every future sends its operation when first polled, before the writer's task runs.
    let claims = (0..100).map(|i| {
        let writer = writer.clone();
        async move { (i % 50, writer.begin("caller", &format!("key-{}", i % 50), "hash", 1_000, 60_000).await.unwrap()) }
    });
    let answers = futures::future::join_all(claims).await;
    assert!(writer.largest_batch() > 1, "one transaction took {} claims", writer.largest_batch());
    for key in 0..50 {
        let of_key: Vec<&Begin> = answers.iter().filter(|(k, _)| *k == key).map(|(_, b)| b).collect();
        assert_eq!(of_key, vec![&Begin::Started, &Begin::InProgress], "key-{key}");
    }
    let response = StoredResponse { status: 200, content_type: None, body: b"ok".to_vec() };
    // PostgreSQL refuses a NUL byte in text: that operation fails alone.
    let together = futures::future::join_all([
        writer.complete("caller", "key-1", response.clone()),
        writer.complete("caller\0", "key-2", response.clone()),
        writer.complete("caller", "key-3", response.clone()),
    ])
    .await;
    assert!(together[0].is_ok() && together[2].is_ok(), "{together:?}");
    assert_eq!(together[1].is_err(), backend == Backend::Postgres, "{together:?}");
    for key in ["key-1", "key-3"] {
        let replay = writer.begin("caller", key, "hash", 2_000, 60_000).await.unwrap();
        assert_eq!(replay, Begin::Replay(response.clone()));
    }
    assert_eq!(writer.begin("caller", "key-2", "hash", 2_000, 60_000).await.unwrap(), Begin::InProgress);
}

/// Issue 12: a batch's answers are kept in one statement; a key named twice, or already kept,
/// keeps its first answer.
async fn a_batch_of_answers_is_kept_together(backend: Backend) {
    let db = fresh_db(backend).await.unwrap();
    let key = |k: &str| Unclaimed { caller: "c".into(), key: k.into(), request_hash: format!("h-{k}"), at_ms: 1_000 };
    let answer = |n: u8| StoredResponse { status: 200, content_type: Some("application/json".into()), body: vec![n] };
    let mut w = db.begin_write().await.unwrap();
    idempotency::keep_in(&mut w.tx, &key("k0"), &answer(0)).await.unwrap();
    w.commit().await.unwrap();

    let mut w = db.begin_write().await.unwrap();
    let batch = [(key("k1"), answer(1)), (key("k2"), answer(2)), (key("k1"), answer(9)), (key("k0"), answer(9))];
    idempotency::keep_all_in(&mut w.tx, batch.iter().map(|(k, a)| (k, a))).await.unwrap();
    w.commit().await.unwrap();
    for (k, n) in [("k0", 0), ("k1", 1), ("k2", 2)] {
        let found = idempotency::begin(&db, "c", k, &format!("h-{k}"), 2_000, 60_000).await.unwrap();
        assert_eq!(found, Begin::Replay(answer(n)), "{k}");
    }
    let mut w = db.begin_write().await.unwrap();
    idempotency::keep_all_in(&mut w.tx, []).await.unwrap();
    w.commit().await.unwrap();
}

/// A key read without claiming it is judged as a claim judges it: a kept answer replays, another
/// request under it is a mismatch, an open claim is in progress until it goes stale.
#[test]
fn an_unclaimed_call_meets_what_its_key_holds() {
    let call = Unclaimed { caller: "c".into(), key: "k".into(), request_hash: "h".into(), at_ms: 100_000 };
    let row = |hash: &str, status: Option<i64>, at_ms: i64| ClaimRow {
        request_hash: hash.into(),
        status,
        content_type: None,
        body: Some(vec![7]),
        created_at_ms: at_ms,
    };
    let kept = StoredResponse { status: 200, content_type: None, body: vec![7] };
    assert_eq!(call.meets(None, 60_000), Begin::Started);
    assert_eq!(call.meets(Some(row("h", Some(200), 1)), 60_000), Begin::Replay(kept));
    assert_eq!(call.meets(Some(row("other", Some(200), 1)), 60_000), Begin::Mismatch);
    assert_eq!(call.meets(Some(row("h", None, 90_000)), 60_000), Begin::InProgress);
    assert_eq!(call.meets(Some(row("h", None, 30_000)), 60_000), Begin::Started, "a claim its process left long ago");
}

#[tokio::test]
async fn sqlite_a_batch_of_answers_is_kept_together() {
    a_batch_of_answers_is_kept_together(Backend::Sqlite).await;
}

#[tokio::test]
async fn postgres_a_batch_of_answers_is_kept_together() {
    a_batch_of_answers_is_kept_together(Backend::Postgres).await;
}

#[tokio::test]
async fn sqlite_the_writer_commits_concurrent_claims_together() {
    the_writer_commits_concurrent_claims_together(Backend::Sqlite).await;
}

#[tokio::test]
async fn postgres_the_writer_commits_concurrent_claims_together() {
    the_writer_commits_concurrent_claims_together(Backend::Postgres).await;
}

#[tokio::test]
async fn sqlite_a_key_is_claimed_once_then_replayed() {
    a_key_is_claimed_once_then_replayed(Backend::Sqlite).await;
}

#[tokio::test]
async fn postgres_a_key_is_claimed_once_then_replayed() {
    a_key_is_claimed_once_then_replayed(Backend::Postgres).await;
}

#[tokio::test]
async fn sqlite_an_abandoned_claim_can_be_taken_over() {
    an_abandoned_claim_can_be_taken_over(Backend::Sqlite).await;
}

#[tokio::test]
async fn postgres_an_abandoned_claim_can_be_taken_over() {
    an_abandoned_claim_can_be_taken_over(Backend::Postgres).await;
}
