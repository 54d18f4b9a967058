//! The queries of the device list and its fraud flags: a device is an active session.

use serde::{Deserialize, Serialize};
use sqlx::FromRow;
use store::{Db, StoreError};
use utoipa::ToSchema;

/// A device with a session.
#[derive(Debug, Clone, FromRow, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Device {
    /// The session id (used by logout-device and unblock-device).
    pub id: String,
    /// The client's device id.
    pub device_id: String,
    /// "Chrome on Windows".
    pub device_name: String,
    /// `x-platform` at log-in.
    pub platform: Option<String>,
    /// Address at log-in.
    pub ip: Option<String>,
    /// Log-in time, Unix ms.
    pub created_at_ms: i64,
    /// Last request, Unix ms (to the minute).
    pub last_seen_at_ms: i64,
    /// This is the device making the request.
    #[sqlx(skip)]
    pub current: bool,
}

/// The active sessions of a user that are flagged (`flagged` 1) or not (0).
const LISTED: &str = "user_id = $1 and status = 'ACTIVE' and fraud_flagged = $2";

/// How many devices the list of `user_id` holds, flagged (`flagged` 1) or not (0).
pub async fn count(db: &Db, user_id: &str, flagged: i64) -> Result<i64, StoreError> {
    Ok(sqlx::query_scalar(&format!("select count(*) from sessions where {LISTED}"))
        .bind(user_id)
        .bind(flagged)
        .fetch_one(db.pool())
        .await?)
}

/// A page of that list, the latest seen first.
pub async fn page(db: &Db, user_id: &str, flagged: i64, limit: i64, offset: i64) -> Result<Vec<Device>, StoreError> {
    Ok(sqlx::query_as(&format!(
        "select id, device_id, device_name, platform, ip, created_at_ms, last_seen_at_ms from sessions where {LISTED} \
         order by last_seen_at_ms desc, id limit $3 offset $4"
    ))
    .bind(user_id)
    .bind(flagged)
    .bind(limit)
    .bind(offset)
    .fetch_all(db.pool())
    .await?)
}

/// Whether `session_id` is an active session of `user_id`.
pub async fn is_active_session_of(db: &Db, session_id: &str, user_id: &str) -> Result<bool, StoreError> {
    let found = sqlx::query("select 1 as one from sessions where id = $1 and user_id = $2 and status = 'ACTIVE'")
        .bind(session_id)
        .bind(user_id)
        .fetch_optional(db.pool())
        .await?;
    Ok(found.is_some())
}

/// Clears the fraud flag of `user_id`'s session `session_id`.
pub async fn unblock(db: &Db, session_id: &str, user_id: &str) -> Result<(), StoreError> {
    sqlx::query("update sessions set fraud_flagged = 0 where id = $1 and user_id = $2")
        .bind(session_id)
        .bind(user_id)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Flags an active session as the fraud rules do (the operator's block); returns its user, or
/// `None` when no active session has that id.
pub async fn flag_active(db: &Db, session_id: &str) -> Result<Option<String>, StoreError> {
    Ok(sqlx::query_scalar(
        "update sessions set fraud_flagged = 1 where id = $1 and status = 'ACTIVE' returning user_id",
    )
    .bind(session_id)
    .fetch_optional(db.pool())
    .await?)
}
