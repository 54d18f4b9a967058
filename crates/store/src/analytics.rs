//! Analytics click events sent by the web app (R1.15).

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
    Ok(sqlx::query_scalar("select count(*) from analytics_events where name = $1")
        .bind(name)
        .fetch_one(db.pool())
        .await?)
}

/// Merges CleverTap profile properties (a JSON object text) into the user's stored profile;
/// refuses (returns false, changes nothing) when the merged profile would hold more than
/// `properties_max` properties. Returns the merged count on success.
pub async fn merge_profile(
    db: &Db,
    user_id: &str,
    properties: &serde_json::Map<String, serde_json::Value>,
    sender: &Sender,
    properties_max: usize,
    now_ms: i64,
) -> Result<Option<usize>, StoreError> {
    let mut tx = db.begin_write().await?;
    // Locks the user's row so two merges cannot both read the old profile.
    sqlx::query("update users set id = id where id = $1").bind(user_id).execute(&mut *tx.tx).await?;
    let stored: Option<String> = sqlx::query_scalar("select properties from analytics_profiles where user_id = $1")
        .bind(user_id)
        .fetch_optional(&mut *tx.tx)
        .await?;
    let mut merged: serde_json::Map<String, serde_json::Value> =
        stored.and_then(|text| serde_json::from_str(&text).ok()).unwrap_or_default();
    merged.extend(properties.clone());
    if merged.len() > properties_max {
        return Ok(None);
    }
    sqlx::query(
        "insert into analytics_profiles (user_id, properties, device_id, platform, updated_at_ms) \
         values ($1, $2, $3, $4, $5) on conflict (user_id) do update set properties = excluded.properties, \
         device_id = excluded.device_id, platform = excluded.platform, updated_at_ms = excluded.updated_at_ms",
    )
    .bind(user_id)
    .bind(serde_json::Value::Object(merged.clone()).to_string())
    .bind(sender.device_id.clone())
    .bind(sender.platform.clone())
    .bind(now_ms)
    .execute(&mut *tx.tx)
    .await?;
    tx.commit().await?;
    Ok(Some(merged.len()))
}

/// The user's stored CleverTap profile, if any (reports and tests).
pub async fn profile(db: &Db, user_id: &str) -> Result<Option<serde_json::Value>, StoreError> {
    let text: Option<String> = sqlx::query_scalar("select properties from analytics_profiles where user_id = $1")
        .bind(user_id)
        .fetch_optional(db.pool())
        .await?;
    Ok(text.and_then(|t| serde_json::from_str(&t).ok()))
}
