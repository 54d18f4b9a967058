//! One savepoint inside a write transaction, so a group of commands sharing a commit can undo one
//! command without the others (both backends spell it the same).

use sqlx::{Any, Transaction};

/// Marks the point a failing command goes back to.
pub async fn begin(tx: &mut Transaction<'static, Any>) -> Result<(), sqlx::Error> {
    sqlx::query("savepoint command").execute(&mut **tx).await.map(drop)
}

/// Keeps what the command did and ends its savepoint.
pub async fn release(tx: &mut Transaction<'static, Any>) -> Result<(), sqlx::Error> {
    sqlx::query("release savepoint command").execute(&mut **tx).await.map(drop)
}

/// Undoes the command and ends its savepoint (on PostgreSQL this also clears an aborted state).
pub async fn roll_back(tx: &mut Transaction<'static, Any>) -> Result<(), sqlx::Error> {
    sqlx::query("rollback to savepoint command").execute(&mut **tx).await?;
    release(tx).await
}
