//! Keyed write locks on both backends: a "count, check, insert" write cannot interleave with another
//! of the same key.

#![allow(clippy::unwrap_used)] // A test that cannot unwrap has failed, which is what a panic reports.

use std::time::Duration;

use store::testing::fresh_db;
use store::Backend;

async fn a_second_writer_of_the_same_key_waits_for_the_first(backend: Backend) {
    let db = fresh_db(backend).await.unwrap();
    let mut first = db.begin_write().await.unwrap();
    first.lock_key("otp:to:+6281234567019").await.unwrap();
    let waiting = {
        let db = db.clone();
        tokio::spawn(async move {
            let mut second = db.begin_write().await.unwrap();
            second.lock_key("otp:to:+6281234567019").await.unwrap();
            second.commit().await.unwrap();
        })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!waiting.is_finished(), "the second writer went through while the first held the key");
    first.commit().await.unwrap();
    tokio::time::timeout(Duration::from_secs(5), waiting).await.unwrap().unwrap();
}

#[tokio::test]
async fn sqlite_a_second_writer_of_the_same_key_waits_for_the_first() {
    a_second_writer_of_the_same_key_waits_for_the_first(Backend::Sqlite).await;
}

#[tokio::test]
async fn postgres_a_second_writer_of_the_same_key_waits_for_the_first() {
    a_second_writer_of_the_same_key_waits_for_the_first(Backend::Postgres).await;
}

/// SQLite has one writer at a time whatever the key; PostgreSQL's keyed locks are independent.
#[tokio::test]
async fn postgres_writers_of_different_keys_do_not_wait_for_each_other() {
    let db = fresh_db(Backend::Postgres).await.unwrap();
    let mut first = db.begin_write().await.unwrap();
    first.lock_key("otp:to:a").await.unwrap();
    let mut second = db.begin_write().await.unwrap();
    tokio::time::timeout(Duration::from_secs(5), second.lock_key("otp:to:b")).await.unwrap().unwrap();
    second.commit().await.unwrap();
    first.commit().await.unwrap();
}

/// Polls `future` at most `polls` times, a little apart, then drops it: a request whose client went
/// away, or that a timeout cancelled, somewhere inside `begin_write`.
async fn poll_then_drop<F: std::future::Future>(future: F, polls: usize) {
    let mut future = std::pin::pin!(future);
    for _ in 0..polls {
        let done = std::future::poll_fn(|cx| std::task::Poll::Ready(future.as_mut().poll(cx).is_ready())).await;
        if done {
            return;
        }
        tokio::time::sleep(Duration::from_micros(50)).await;
    }
}

/// A write transaction cancelled at any point while it starts must leave no open transaction behind
/// on a pooled connection: one that did held SQLite's write lock for good, and every later write
/// failed after the busy timeout (seen as sign-ups failing in the browser suite).
async fn a_cancelled_begin_leaves_no_transaction_behind(backend: Backend) {
    let db = fresh_db(backend).await.unwrap();
    for round in 0..400 {
        poll_then_drop(db.begin_write(), 1 + round % 12).await;
    }
    let write = async {
        let mut w = db.begin_write().await.unwrap();
        sqlx::query("insert into settings (key, value, updated_at_ms) values ('probe', 'v', 0)")
            .execute(&mut *w.tx)
            .await
            .unwrap();
        w.commit().await.unwrap();
        sqlx::query("update settings set value = 'w' where key = 'probe'").execute(db.pool()).await.unwrap();
    };
    tokio::time::timeout(Duration::from_secs(8), write).await.expect("a write waited on a leaked transaction");
}

#[tokio::test]
async fn sqlite_a_cancelled_begin_leaves_no_transaction_behind() {
    a_cancelled_begin_leaves_no_transaction_behind(Backend::Sqlite).await;
}

#[tokio::test]
async fn postgres_a_cancelled_begin_leaves_no_transaction_behind() {
    a_cancelled_begin_leaves_no_transaction_behind(Backend::Postgres).await;
}
