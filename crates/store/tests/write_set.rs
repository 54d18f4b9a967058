#![allow(clippy::unwrap_used)] // A test that cannot unwrap has failed, which is what a panic reports.
//! `write_set::WriteSet` on both databases (issue 12): the statements of a set write what each
//! would alone, rows of one part may name rows of another (an entry and its postings), a part that
//! changes fewer rows than it must fails the set, and a set too large for one PostgreSQL statement
//! is split without losing a row.

use store::testing::fresh_db;
use store::write_set::{Part, WriteSet};
use store::{placeholders, Backend, Db};

async fn scratch(db: &Db) {
    let mut w = db.begin_write().await.unwrap();
    sqlx::query("create table scratch (id bigint primary key, name text not null, note text)")
        .execute(&mut *w.tx)
        .await
        .unwrap();
    w.commit().await.unwrap();
}

fn insert(first: i64, count: i64) -> Part<'static> {
    let sql = format!("insert into scratch (id, name, note) values {}", placeholders::rows(count as usize, 3));
    (first..first + count).fold(Part::new(sql), |part, id| part.bind(id).bind("row").bind(None::<&str>))
}

async fn count(db: &Db, sql: &str) -> i64 {
    sqlx::query_scalar::<_, i64>(sql).fetch_one(db.pool()).await.unwrap()
}

async fn parts_are_written_together(backend: Backend) {
    let db = fresh_db(backend).await.unwrap();
    scratch(&db).await;
    let mut w = db.begin_write().await.unwrap();
    sqlx::query("insert into ledger_accounts (id, owner, kind, currency, created_at_ms) values ('acct', 'house', 'TEST', 'IDR', 1)")
        .execute(&mut *w.tx)
        .await
        .unwrap();
    let mut set = WriteSet::default();
    set.push(insert(1, 3));
    // An entry and its postings in one set: the postings name the entry.
    set.push(
        Part::new(
            "insert into journal_entries (id, reason, event_id, memo, created_at_ms) values ($1, $2, $3, $4, $5)"
                .into(),
        )
        .bind("entry-1")
        .bind("DEPOSIT")
        .bind("event-1")
        .bind(Some("memo"))
        .bind(1_i64),
    );
    set.push(
        Part::new("insert into postings (entry_id, account_id, currency, amount) values ($1, $2, $3, $4)".into())
            .bind("entry-1")
            .bind("acct")
            .bind("IDR")
            .bind(5_i64),
    );
    set.push(Part::new("update scratch set note = $1 where id = $2 returning id".into()).bind("noted").bind(9_i64));
    set.run(&mut w.tx).await.unwrap();
    w.commit().await.unwrap();
    assert_eq!(count(&db, "select count(*) from scratch").await, 3);
    assert_eq!(count(&db, "select count(*) from postings where entry_id = 'entry-1'").await, 1);
    // An unchecked part may change nothing.
    assert_eq!(count(&db, "select count(*) from scratch where note is not null").await, 0);
}

async fn a_refused_part_fails_the_set(backend: Backend) {
    let db = fresh_db(backend).await.unwrap();
    scratch(&db).await;
    let mut w = db.begin_write().await.unwrap();
    let mut set = WriteSet::default();
    set.push(insert(1, 2));
    set.push(
        Part::new("update scratch set note = $1 where id in ($2, $3) returning id".into())
            .bind("noted")
            .bind(1_i64)
            .bind(7_i64)
            .returning(2, "row 7 is missing"),
    );
    let error = set.run(&mut w.tx).await.unwrap_err();
    assert!(error.to_string().contains("row 7 is missing"), "{error}");
    drop(w);
    assert_eq!(count(&db, "select count(*) from scratch").await, 0);
}

async fn a_large_set_is_split(backend: Backend) {
    let db = fresh_db(backend).await.unwrap();
    scratch(&db).await;
    let mut w = db.begin_write().await.unwrap();
    let mut set = WriteSet::default();
    // 40 parts of 300 rows: 36,000 values, more than one PostgreSQL statement takes. The check at
    // the end names rows of the first statement (a statement's parts do not see each other's rows).
    for part in 0..40 {
        set.push(insert(part * 300, 300));
    }
    set.push(
        Part::new("update scratch set note = $1 where id in ($2, $3) returning id".into())
            .bind("noted")
            .bind(0_i64)
            .bind(299_i64)
            .returning(2, "a row is missing"),
    );
    set.run(&mut w.tx).await.unwrap();
    w.commit().await.unwrap();
    assert_eq!(count(&db, "select count(*) from scratch").await, 12_000);
    // Every value went to its own column: SQLite binds these rows' placeholders as nameless `?`.
    assert_eq!(
        count(&db, "select cast(sum(id) as bigint) from scratch where name = 'row'").await,
        (0..12_000).sum::<i64>()
    );
    assert_eq!(count(&db, "select count(*) from scratch where note = 'noted'").await, 2);
}

#[tokio::test]
async fn sqlite_parts_are_written_together() {
    parts_are_written_together(Backend::Sqlite).await;
}

#[tokio::test]
async fn postgres_parts_are_written_together() {
    parts_are_written_together(Backend::Postgres).await;
}

#[tokio::test]
async fn sqlite_a_refused_part_fails_the_set() {
    a_refused_part_fails_the_set(Backend::Sqlite).await;
}

#[tokio::test]
async fn postgres_a_refused_part_fails_the_set() {
    a_refused_part_fails_the_set(Backend::Postgres).await;
}

#[tokio::test]
async fn sqlite_a_large_set_is_split() {
    a_large_set_is_split(Backend::Sqlite).await;
}

#[tokio::test]
async fn postgres_a_large_set_is_split() {
    a_large_set_is_split(Backend::Postgres).await;
}
