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
