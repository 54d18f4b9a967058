#![allow(clippy::unwrap_used)] // A test that cannot unwrap has failed, which is what a panic reports.
//! The pool hands out a connection used within the last second without pinging it (a round trip
//! saved on every acquire, issue 12), yet a connection that broke while it sat idle longer is
//! found out and replaced before anyone gets it: a database restart costs no failed request.

use std::time::Duration;

use store::testing::{fresh_database_url, postgres_admin_url};
use store::{Backend, Db, DbOptions};

#[tokio::test]
async fn a_connection_broken_while_idle_is_replaced_before_it_is_handed_out() {
    let url = fresh_database_url(Backend::Postgres).await.unwrap();
    let name = url.rsplit('/').next().unwrap().to_owned();
    let db = Db::connect(&url, &DbOptions { max_connections: 2, acquire_timeout_ms: 5_000 }).await.unwrap();
    db.ping().await.unwrap();

    // The server ends every session of the database, as a restart would.
    let admin = sqlx::AnyPool::connect(&postgres_admin_url()).await.unwrap();
    let ended: Vec<bool> =
        sqlx::query_scalar("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1")
            .bind(&name)
            .fetch_all(&admin)
            .await
            .unwrap();
    assert!(!ended.is_empty(), "the pool's connection was open");

    tokio::time::sleep(Duration::from_millis(1_200)).await;
    for _ in 0..3 {
        let one: i64 = sqlx::query_scalar("select 1::bigint").fetch_one(db.pool()).await.unwrap();
        assert_eq!(one, 1);
    }
    db.close().await;
}
