//! The queries of `sms_deliveries`, the delivery record of every SMS sent through a real provider.

use sqlx::FromRow;
use store::{Db, StoreError};

/// A delivery as stored.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct Delivery {
    /// The provider's message id, when it accepted the message.
    pub provider_message_id: Option<String>,
    /// The destination, E.164.
    pub destination: String,
    /// The latest status, in the provider's words (`failed` with `error_code` when never accepted).
    pub status: String,
    /// The provider's error code, or `timeout`, `transport`, `circuit_open`.
    pub error_code: Option<String>,
}

/// Records a message handed to `provider`: accepted (`message_id` set) or not (`error_code` set).
pub async fn record(
    db: &Db,
    provider: &str,
    destination: &str,
    message_id: Option<&str>,
    status: &str,
    error_code: Option<&str>,
    now_ms: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "insert into sms_deliveries (id, provider, provider_message_id, destination, status, error_code, \
         created_at_ms, updated_at_ms) values ($1, $2, $3, $4, $5, $6, $7, $7)",
    )
    .bind(uuid::Uuid::now_v7().to_string())
    .bind(provider)
    .bind(message_id.map(str::to_string))
    .bind(destination)
    .bind(status)
    .bind(error_code.map(str::to_string))
    .bind(now_ms)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Moves the delivery of `message_id` from status `from` to `status`; false when its status is no
/// longer `from` (another callback moved it first) or no such delivery exists.
pub async fn move_status(
    db: &Db,
    message_id: &str,
    from: &str,
    status: &str,
    error_code: Option<&str>,
    now_ms: i64,
) -> Result<bool, StoreError> {
    let done = sqlx::query(
        "update sms_deliveries set status = $2, error_code = $3, updated_at_ms = $4 \
         where provider_message_id = $1 and status = $5",
    )
    .bind(message_id)
    .bind(status)
    .bind(error_code.map(str::to_string))
    .bind(now_ms)
    .bind(from)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() > 0)
}

/// The delivery of the provider's message `message_id`.
pub async fn by_message_id(db: &Db, message_id: &str) -> Result<Option<Delivery>, StoreError> {
    Ok(sqlx::query_as(
        "select provider_message_id, destination, status, error_code from sms_deliveries \
         where provider_message_id = $1",
    )
    .bind(message_id)
    .fetch_optional(db.pool())
    .await?)
}

/// The deliveries to `destination`, oldest first.
pub async fn to_destination(db: &Db, destination: &str) -> Result<Vec<Delivery>, StoreError> {
    Ok(sqlx::query_as(
        "select provider_message_id, destination, status, error_code from sms_deliveries \
         where destination = $1 order by created_at_ms, id",
    )
    .bind(destination)
    .fetch_all(db.pool())
    .await?)
}
