//! The development inbox (`dev_inbox`, sandbox only): what the sandbox SMS and e-mail senders
//! "sent", kept for developers and tests to read.

use sqlx::FromRow;
use store::{Db, StoreError};

/// A message as the sandbox keeps it.
#[derive(Debug, Clone, FromRow)]
pub struct InboxRow {
    /// `SMS` or `EMAIL`.
    pub channel: String,
    /// E.164 phone or e-mail address.
    pub destination: String,
    /// The text.
    pub body: String,
    /// The one-time code it carried.
    pub code: Option<String>,
    /// What the code is for.
    pub purpose: Option<String>,
    /// When it was "sent".
    pub sent_at_ms: i64,
}

/// Keeps a message the sandbox "sent".
pub async fn deliver(db: &Db, message: InboxRow) -> Result<(), StoreError> {
    sqlx::query(
        "insert into dev_inbox (channel, destination, body, code, purpose, sent_at_ms) values ($1, $2, $3, $4, $5, $6)",
    )
    .bind(message.channel)
    .bind(message.destination)
    .bind(message.body)
    .bind(message.code)
    .bind(message.purpose)
    .bind(message.sent_at_ms)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// The latest `limit` messages sent to `destination` by `channel`, newest first.
pub async fn latest(db: &Db, channel: &str, destination: &str, limit: i64) -> Result<Vec<InboxRow>, StoreError> {
    Ok(sqlx::query_as(
        "select channel, destination, body, code, purpose, sent_at_ms from dev_inbox \
         where channel = $1 and destination = $2 order by id desc limit $3",
    )
    .bind(channel)
    .bind(destination)
    .bind(limit)
    .fetch_all(db.pool())
    .await?)
}
