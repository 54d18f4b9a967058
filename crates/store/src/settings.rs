//! Operator settings: small JSON values by key, shared by every node through the database.

use crate::{Db, StoreError};

/// Reads a setting's JSON value.
pub async fn get(db: &Db, key: &str) -> Result<Option<serde_json::Value>, StoreError> {
    let text: Option<String> =
        sqlx::query_scalar("select value from settings where key = $1").bind(key).fetch_optional(db.pool()).await?;
    Ok(text.and_then(|text| serde_json::from_str(&text).ok()))
}

/// Writes a setting's JSON value.
pub async fn put(db: &Db, key: &str, value: &serde_json::Value, now_ms: i64) -> Result<(), StoreError> {
    sqlx::query(
        "insert into settings (key, value, updated_at_ms) values ($1, $2, $3) \
         on conflict (key) do update set value = excluded.value, updated_at_ms = excluded.updated_at_ms",
    )
    .bind(key)
    .bind(value.to_string())
    .bind(now_ms)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Reads a text setting, storing `fresh` first when there is none. Nodes starting at once agree:
/// the first write wins and everyone reads it back.
pub async fn get_or_init_text(db: &Db, key: &str, fresh: String, now_ms: i64) -> Result<String, StoreError> {
    sqlx::query("insert into settings (key, value, updated_at_ms) values ($1, $2, $3) on conflict (key) do nothing")
        .bind(key)
        .bind(serde_json::Value::String(fresh).to_string())
        .bind(now_ms)
        .execute(db.pool())
        .await?;
    get(db, key).await?.and_then(|v| v.as_str().map(str::to_string)).ok_or(StoreError::NotFound)
}
