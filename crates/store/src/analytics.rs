//! Analytics click events sent by the web app (R1.15).

use sqlx::Row;

use crate::{Db, StoreError};

/// One event to store.
#[derive(Debug, Clone)]
pub struct NewEvent {
    /// Event name, e.g. `buy_review`.
    pub name: String,
    /// Event properties as a JSON object text.
    pub properties: String,
    /// The page path the event happened on.
    pub path: Option<String>,
    /// When the browser saw it.
    pub occurred_at_ms: i64,
}

/// Who sent a batch.
#[derive(Debug, Clone, Default)]
pub struct Sender {
    /// The `x-device-id` header.
    pub device_id: Option<String>,
    /// The `x-platform` header.
    pub platform: Option<String>,
}

/// Stores a batch in one transaction; returns how many were stored.
pub async fn insert_batch(
    db: &Db,
    sender: &Sender,
    events: &[NewEvent],
    received_at_ms: i64,
) -> Result<usize, StoreError> {
    let mut tx = db.begin_write().await?;
    for event in events {
        sqlx::query(
            "insert into analytics_events (name, properties, path, device_id, platform, occurred_at_ms, received_at_ms) \
             values ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&event.name)
        .bind(&event.properties)
        .bind(event.path.clone())
        .bind(sender.device_id.clone())
        .bind(sender.platform.clone())
        .bind(event.occurred_at_ms)
        .bind(received_at_ms)
        .execute(&mut *tx.tx)
        .await?;
    }
    tx.commit().await?;
    Ok(events.len())
}

/// Counts stored events of a name (operators' reports and tests).
pub async fn count_by_name(db: &Db, name: &str) -> Result<i64, StoreError> {
    let row = sqlx::query("select count(*) as n from analytics_events where name = $1")
        .bind(name)
        .fetch_one(db.pool())
        .await?;
    Ok(row.try_get("n")?)
}
