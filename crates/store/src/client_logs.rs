//! Uncaught errors and unhandled rejections reported by browsers (R8.10).

use crate::{Db, StoreError};

/// One browser error report.
#[derive(Debug, Clone)]
pub struct NewEntry {
    /// `error` or `unhandledrejection`.
    pub kind: String,
    /// The error message.
    pub message: String,
    /// The stack trace, when the browser gave one.
    pub stack: Option<String>,
    /// The page URL.
    pub url: String,
    /// When the browser saw it.
    pub occurred_at_ms: i64,
}

/// Stores a batch; returns how many were stored.
pub async fn insert_batch(
    db: &Db,
    device_id: Option<&str>,
    user_agent: Option<&str>,
    entries: &[NewEntry],
    received_at_ms: i64,
) -> Result<usize, StoreError> {
    let mut tx = db.begin_write().await?;
    for entry in entries {
        sqlx::query(
            "insert into client_logs (kind, message, stack, url, device_id, user_agent, occurred_at_ms, received_at_ms) \
             values ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(&entry.kind)
        .bind(&entry.message)
        .bind(entry.stack.clone())
        .bind(&entry.url)
        .bind(device_id.map(str::to_string))
        .bind(user_agent.map(str::to_string))
        .bind(entry.occurred_at_ms)
        .bind(received_at_ms)
        .execute(&mut *tx.tx)
        .await?;
    }
    tx.commit().await?;
    Ok(entries.len())
}

/// Counts the stored reports (operators' dashboards and tests).
pub async fn count(db: &Db) -> Result<i64, StoreError> {
    Ok(sqlx::query_scalar("select count(*) from client_logs").fetch_one(db.pool()).await?)
}
