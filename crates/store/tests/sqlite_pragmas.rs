//! The embedded default must run in WAL mode with full sync and wait for locks (DESIGN.md "Data").

#![allow(clippy::unwrap_used)] // A test that cannot unwrap has failed, which is what a panic reports.

use sqlx::Row;
use store::testing::fresh_db;
use store::Backend;

#[tokio::test]
async fn sqlite_connections_use_wal_full_sync_foreign_keys_and_a_busy_timeout() {
    let db = fresh_db(Backend::Sqlite).await.unwrap();
    let mut conn = db.pool().acquire().await.unwrap();
    let read = |name: &'static str| format!("pragma {name}");
    let journal: String = sqlx::query(&read("journal_mode")).fetch_one(&mut *conn).await.unwrap().get(0);
    let synchronous: i64 = sqlx::query(&read("synchronous")).fetch_one(&mut *conn).await.unwrap().get(0);
    let foreign_keys: i64 = sqlx::query(&read("foreign_keys")).fetch_one(&mut *conn).await.unwrap().get(0);
    let busy_timeout: i64 = sqlx::query(&read("busy_timeout")).fetch_one(&mut *conn).await.unwrap().get(0);
    assert_eq!(journal, "wal");
    assert_eq!(synchronous, 2, "FULL");
    assert_eq!(foreign_keys, 1);
    assert!(busy_timeout >= 5_000, "{busy_timeout}");
}
