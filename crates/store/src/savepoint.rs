//! One savepoint inside a write transaction, so a group of commands sharing a commit can undo one
//! command without the others (both backends spell it the same).
//!
//! A command that succeeds leaves its savepoint in place rather than releasing it: releasing would
//! cost a round trip per command (issue 12), and both backends roll back to the most recent
//! savepoint of a name, so the next command's savepoint is the one its failure returns to. The
//! commit ends them all.

use sqlx::{Any, Transaction};

/// Marks the point a failing command goes back to.
pub async fn begin(tx: &mut Transaction<'static, Any>) -> Result<(), sqlx::Error> {
    sqlx::query("savepoint command").execute(&mut **tx).await.map(drop)
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
