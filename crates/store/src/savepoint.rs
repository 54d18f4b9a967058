//! One savepoint inside a write transaction, so a group of commands sharing a commit can undo one
//! command without the others (both backends spell it the same).
//!
//! A command that succeeds keeps what it did with [`keep`]. On PostgreSQL that leaves its savepoint
//! in place: releasing it would cost a round trip per command (issue 12), and the database rolls
//! back to the most recent savepoint of a name, so the next command's savepoint is the one its
//! failure returns to; the commit ends them all. SQLite releases it: there the round trip is cheap,
//! while every savepoint left open makes each later page write dearer (measured: group-commit
//! transfers at 32 clients fell by a third with the savepoints of a 64-unit batch left open).

use sqlx::{Any, Transaction};

/// Marks the point a failing command goes back to.
pub async fn begin(tx: &mut Transaction<'static, Any>) -> Result<(), sqlx::Error> {
    sqlx::query("savepoint command").execute(&mut **tx).await.map(drop)
}

/// Keeps what the command did (see the module's note on each backend).
pub async fn keep(tx: &mut Transaction<'static, Any>) -> Result<(), sqlx::Error> {
    if crate::Backend::of(tx) == crate::Backend::Postgres {
        return Ok(());
    }
    release(tx).await
}

/// Ends the most recent savepoint.
async fn release(tx: &mut Transaction<'static, Any>) -> Result<(), sqlx::Error> {
    sqlx::query("release savepoint command").execute(&mut **tx).await.map(drop)
}

/// Undoes the command and ends its savepoint (on PostgreSQL this also clears an aborted state).
pub async fn roll_back(tx: &mut Transaction<'static, Any>) -> Result<(), sqlx::Error> {
    sqlx::query("rollback to savepoint command").execute(&mut **tx).await?;
    release(tx).await
}
