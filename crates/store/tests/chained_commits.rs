//! `WriteTx::commit_then_begin`: a writer with more work queued commits and, on PostgreSQL, opens
//! its next transaction in the same round trip (issue 12). What it committed is stored; what the
//! next transaction writes is its own until that commits; a commit that fails opens nothing.

#![allow(clippy::unwrap_used)] // A test that cannot unwrap has failed, which is what a panic reports.

use store::testing::fresh_db;
use store::{Backend, Db};

async fn probe_table(db: &Db) {
    sqlx::query("create table chain_probe (id bigint primary key, ref bigint)").execute(db.pool()).await.unwrap();
}

async fn stored(db: &Db) -> Vec<i64> {
    sqlx::query_scalar("select id from chain_probe order by id").fetch_all(db.pool()).await.unwrap()
}

async fn insert(wtx: &mut store::WriteTx, id: i64) {
    sqlx::query("insert into chain_probe (id) values ($1)").bind(id).execute(&mut *wtx.tx).await.unwrap();
}

async fn what_is_committed_is_stored_and_the_next_transaction_is_its_own(backend: Backend) {
    let db = fresh_db(backend).await.unwrap();
    probe_table(&db).await;
    let mut first = db.begin_write().await.unwrap();
    insert(&mut first, 1).await;
    let next = first.commit_then_begin().await.unwrap();
    assert_eq!(stored(&db).await, vec![1], "the first transaction is committed");
    match backend {
        // SQLite's one writer is not held between batches.
        Backend::Sqlite => assert!(next.is_none()),
        Backend::Postgres => {
            let mut next = next.expect("PostgreSQL opens the next transaction");
            insert(&mut next, 2).await;
            assert_eq!(stored(&db).await, vec![1], "the next transaction's row is not seen before its commit");
            let mut last = next.commit_then_begin().await.unwrap().unwrap();
            assert_eq!(stored(&db).await, vec![1, 2]);
            insert(&mut last, 3).await;
            drop(last);
            assert_eq!(stored(&db).await, vec![1, 2], "a chained transaction dropped unfinished is rolled back");
        }
    }
}

#[tokio::test]
async fn sqlite_what_is_committed_is_stored() {
    what_is_committed_is_stored_and_the_next_transaction_is_its_own(Backend::Sqlite).await;
}

#[tokio::test]
async fn postgres_what_is_committed_is_stored_and_the_next_transaction_is_its_own() {
    what_is_committed_is_stored_and_the_next_transaction_is_its_own(Backend::Postgres).await;
}

/// A check deferred to the commit fails it: the error is the caller's, nothing is stored, and no
/// transaction is opened behind it.
#[tokio::test]
async fn postgres_a_commit_that_fails_is_an_error_and_opens_nothing() {
    let db = fresh_db(Backend::Postgres).await.unwrap();
    probe_table(&db).await;
    sqlx::query(
        "alter table chain_probe add constraint chain_probe_ref foreign key (ref) references chain_probe (id) \
         deferrable initially deferred",
    )
    .execute(db.pool())
    .await
    .unwrap();
    let mut wtx = db.begin_write().await.unwrap();
    sqlx::query("insert into chain_probe (id, ref) values (1, 99)").execute(&mut *wtx.tx).await.unwrap();
    let failed = wtx.commit_then_begin().await;
    assert!(failed.is_err(), "the deferred check fails the commit");
    assert!(stored(&db).await.is_empty());
    let mut after = db.begin_write().await.unwrap();
    insert(&mut after, 2).await;
    after.commit().await.unwrap();
    assert_eq!(stored(&db).await, vec![2], "the pool's connections still work");
}
