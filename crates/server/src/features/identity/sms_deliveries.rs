//! The delivery record of every SMS sent through a real provider (`sms_deliveries`): created when
//! the message is handed over, then moved forward by the provider's status callbacks. Callbacks
//! may repeat or arrive out of order; a status never moves back (a late `sent` after `delivered`
//! changes nothing).

use sqlx::Row;
use store::{Db, StoreError};

/// How far along a status is; final statuses share the highest rank and never change.
fn rank(status: &str) -> u8 {
    match status {
        "accepted" | "scheduled" | "queued" => 1,
        "sending" => 2,
        "sent" => 3,
        "delivered" | "undelivered" | "failed" | "canceled" | "read" => 4,
        _ => 0,
    }
}

/// A delivery as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
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

/// Applies a status callback; true when it moved the delivery forward, false for a repeat, a
/// status older than the stored one, or an unknown message.
pub async fn advance(
    db: &Db,
    message_id: &str,
    status: &str,
    error_code: Option<&str>,
    now_ms: i64,
) -> Result<bool, StoreError> {
    let Some(current) = by_message_id(db, message_id).await? else {
        return Ok(false);
    };
    if rank(status) <= rank(&current.status) {
        return Ok(false);
    }
    // Guarded by the status read: of two racing callbacks only one moves it.
    let done = sqlx::query(
        "update sms_deliveries set status = $2, error_code = $3, updated_at_ms = $4 \
         where provider_message_id = $1 and status = $5",
    )
    .bind(message_id)
    .bind(status)
    .bind(error_code.map(str::to_string))
    .bind(now_ms)
    .bind(&current.status)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() > 0)
}

/// The delivery of the provider's message `message_id`.
pub async fn by_message_id(db: &Db, message_id: &str) -> Result<Option<Delivery>, StoreError> {
    let row = sqlx::query(
        "select provider_message_id, destination, status, error_code from sms_deliveries \
         where provider_message_id = $1",
    )
    .bind(message_id)
    .fetch_optional(db.pool())
    .await?;
    Ok(row.as_ref().map(delivery_of).transpose()?)
}

/// The deliveries to `destination`, oldest first.
pub async fn to_destination(db: &Db, destination: &str) -> Result<Vec<Delivery>, StoreError> {
    let rows = sqlx::query(
        "select provider_message_id, destination, status, error_code from sms_deliveries \
         where destination = $1 order by created_at_ms, id",
    )
    .bind(destination)
    .fetch_all(db.pool())
    .await?;
    Ok(rows.iter().map(delivery_of).collect::<Result<_, _>>()?)
}

fn delivery_of(row: &sqlx::any::AnyRow) -> Result<Delivery, sqlx::Error> {
    Ok(Delivery {
        provider_message_id: row.try_get("provider_message_id")?,
        destination: row.try_get("destination")?,
        status: row.try_get("status")?,
        error_code: row.try_get("error_code")?,
    })
}

#[cfg(test)]
mod tests {
    use super::rank;

    #[test]
    fn statuses_only_move_forward() {
        assert!(rank("queued") < rank("sending") && rank("sending") < rank("sent") && rank("sent") < rank("delivered"));
        assert_eq!(rank("delivered"), rank("undelivered"));
        assert_eq!(rank("no-such-status"), 0);
    }
}
