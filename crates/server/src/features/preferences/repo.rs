//! Storage of preferences: one query text for both backends.

use domain::clock::ms;
use store::{Db, StoreError};

/// A stored notification cell; `enabled` is 0/1 on both backends.
#[derive(sqlx::FromRow)]
struct SettingRow {
    category: String,
    channel: String,
    enabled: i64,
}

/// The cells a user changed: (category, channel, enabled).
pub async fn notification_settings(db: &Db, user_id: &str) -> Result<Vec<(String, String, bool)>, StoreError> {
    let rows: Vec<SettingRow> =
        sqlx::query_as("select category, channel, enabled from notification_settings where user_id = $1")
            .bind(user_id)
            .fetch_all(db.pool())
            .await?;
    Ok(rows.into_iter().map(|row| (row.category, row.channel, row.enabled != 0)).collect())
}

/// Stores checked changes in one transaction.
pub async fn save_notification_settings(
    db: &Db,
    user_id: &str,
    changes: &[(&str, &str, bool)],
    now_ms: i64,
) -> Result<(), StoreError> {
    let mut tx = db.begin_write().await?;
    for (category, channel, enabled) in changes {
        sqlx::query(
            "insert into notification_settings (user_id, category, channel, enabled, updated_at_ms) \
             values ($1, $2, $3, $4, $5) on conflict (user_id, category, channel) \
             do update set enabled = excluded.enabled, updated_at_ms = excluded.updated_at_ms",
        )
        .bind(user_id)
        .bind(*category)
        .bind(*channel)
        .bind(i64::from(*enabled))
        .bind(now_ms)
        .execute(&mut *tx.tx)
        .await?;
    }
    tx.commit().await
}

/// A linked Telegram chat.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TelegramLink {
    /// The chat's username, if it has one.
    pub username: Option<String>,
}

/// The user's linked chat, if any.
pub async fn telegram_link(db: &Db, user_id: &str) -> Result<Option<TelegramLink>, StoreError> {
    Ok(sqlx::query_as("select username from telegram_links where user_id = $1")
        .bind(user_id)
        .fetch_optional(db.pool())
        .await?)
}

/// Stores a new deep-link token's digest; older unused tokens of the user stop working, so at
/// most one link is live per user.
pub async fn new_link_token(
    db: &Db,
    user_id: &str,
    token_hash: &str,
    now_ms: i64,
    expires_at_ms: i64,
) -> Result<(), StoreError> {
    let mut tx = db.begin_write().await?;
    sqlx::query("delete from telegram_link_tokens where user_id = $1 and (used_at_ms is null or created_at_ms < $2)")
        .bind(user_id)
        .bind(now_ms - 30 * ms::DAY)
        .execute(&mut *tx.tx)
        .await?;
    sqlx::query(
        "insert into telegram_link_tokens (token_hash, user_id, created_at_ms, expires_at_ms) values ($1, $2, $3, $4)",
    )
    .bind(token_hash)
    .bind(user_id)
    .bind(now_ms)
    .bind(expires_at_ms)
    .execute(&mut *tx.tx)
    .await?;
    tx.commit().await
}

/// Uses a deep-link token up and links `chat_id` to its user, in one transaction. A chat linked to
/// another user before moves to this one. Returns None (and changes nothing) for an unknown,
/// used or expired token.
pub async fn consume_link_token(
    db: &Db,
    token_hash: &str,
    chat_id: &str,
    username: Option<&str>,
    now_ms: i64,
) -> Result<Option<String>, StoreError> {
    let mut tx = db.begin_write().await?;
    let user_id: Option<String> = sqlx::query_scalar(
        "select user_id from telegram_link_tokens where token_hash = $1 and used_at_ms is null and expires_at_ms > $2",
    )
    .bind(token_hash)
    .bind(now_ms)
    .fetch_optional(&mut *tx.tx)
    .await?;
    let Some(user_id) = user_id else { return Ok(None) };
    // The guard makes two racing uses of one token end with exactly one link.
    let used =
        sqlx::query("update telegram_link_tokens set used_at_ms = $2 where token_hash = $1 and used_at_ms is null")
            .bind(token_hash)
            .bind(now_ms)
            .execute(&mut *tx.tx)
            .await?;
    if used.rows_affected() == 0 {
        return Ok(None);
    }
    sqlx::query("delete from telegram_links where chat_id = $1 and user_id <> $2")
        .bind(chat_id)
        .bind(&user_id)
        .execute(&mut *tx.tx)
        .await?;
    sqlx::query(
        "insert into telegram_links (user_id, chat_id, username, linked_at_ms) values ($1, $2, $3, $4) \
         on conflict (user_id) do update set chat_id = excluded.chat_id, username = excluded.username, \
         linked_at_ms = excluded.linked_at_ms",
    )
    .bind(&user_id)
    .bind(chat_id)
    .bind(username.map(str::to_string))
    .bind(now_ms)
    .execute(&mut *tx.tx)
    .await?;
    tx.commit().await?;
    Ok(Some(user_id))
}

/// Removes the user's link and their Telegram choices (a later link starts from the defaults).
/// Returns false when nothing was linked.
pub async fn unlink_telegram(db: &Db, user_id: &str) -> Result<bool, StoreError> {
    let mut tx = db.begin_write().await?;
    let removed =
        sqlx::query("delete from telegram_links where user_id = $1").bind(user_id).execute(&mut *tx.tx).await?;
    sqlx::query("delete from notification_settings where user_id = $1 and channel = 'TELEGRAM'")
        .bind(user_id)
        .execute(&mut *tx.tx)
        .await?;
    tx.commit().await?;
    Ok(removed.rows_affected() > 0)
}

/// Feedback to store.
pub struct NewFeedback<'a> {
    /// The author.
    pub user_id: &'a str,
    /// 1 to 5.
    pub rating: i64,
    /// Up to 2000 characters.
    pub message: &'a str,
    /// The page it was sent from.
    pub page: Option<&'a str>,
    /// A JSON object text.
    pub context: &'a str,
    /// `x-platform`.
    pub platform: Option<&'a str>,
    /// `User-Agent`.
    pub user_agent: Option<&'a str>,
}

/// Stores feedback unless the user already sent `per_day_max` in the last day; returns the new
/// id, or None when over the limit. The count and insert share a transaction on the user's row
/// lock so parallel sends cannot pass the limit together.
pub async fn insert_feedback(
    db: &Db,
    new: &NewFeedback<'_>,
    per_day_max: i64,
    now_ms: i64,
) -> Result<Option<i64>, StoreError> {
    let mut tx = db.begin_write().await?;
    lock_user(&mut tx, new.user_id).await?;
    let recent: i64 =
        sqlx::query_scalar("select count(*) from beta_feedback where user_id = $1 and created_at_ms > $2")
            .bind(new.user_id)
            .bind(now_ms - ms::DAY)
            .fetch_one(&mut *tx.tx)
            .await?;
    if recent >= per_day_max {
        return Ok(None);
    }
    let id: i64 = sqlx::query_scalar(
        "insert into beta_feedback (user_id, rating, message, page, context, platform, user_agent, created_at_ms) \
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning id",
    )
    .bind(new.user_id)
    .bind(new.rating)
    .bind(new.message)
    .bind(new.page.map(str::to_string))
    .bind(new.context)
    .bind(new.platform.map(str::to_string))
    .bind(new.user_agent.map(str::to_string))
    .bind(now_ms)
    .fetch_one(&mut *tx.tx)
    .await?;
    tx.commit().await?;
    Ok(Some(id))
}

/// Takes the user's row lock for the rest of the transaction (a no-op update: both backends lock
/// the row; SQLite's writer lock already serialises).
async fn lock_user(tx: &mut store::WriteTx, user_id: &str) -> Result<(), StoreError> {
    sqlx::query("update users set id = id where id = $1").bind(user_id).execute(&mut *tx.tx).await?;
    Ok(())
}

/// Stored feedback for operators.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct FeedbackRow {
    /// Row id.
    pub id: i64,
    /// The author.
    pub user_id: String,
    /// 1 to 5.
    pub rating: i64,
    /// The text.
    pub message: String,
    /// The page.
    pub page: Option<String>,
    /// JSON object text.
    pub context: String,
    /// `x-platform`.
    pub platform: Option<String>,
    /// When sent.
    pub created_at_ms: i64,
}

/// A page of feedback, newest first, optionally of one rating; with the total.
pub async fn list_feedback(
    db: &Db,
    rating: Option<i64>,
    page: i64,
    size: i64,
) -> Result<(Vec<FeedbackRow>, i64), StoreError> {
    // -1 stands for "any rating" so one query text serves both cases.
    let rating = rating.unwrap_or(-1);
    let total: i64 = sqlx::query_scalar("select count(*) from beta_feedback where ($1 = -1 or rating = $1)")
        .bind(rating)
        .fetch_one(db.pool())
        .await?;
    let items = sqlx::query_as(
        "select id, user_id, rating, message, page, context, platform, created_at_ms from beta_feedback \
         where ($1 = -1 or rating = $1) order by created_at_ms desc, id desc limit $2 offset $3",
    )
    .bind(rating)
    .bind(size)
    .bind((page - 1) * size)
    .fetch_all(db.pool())
    .await?;
    Ok((items, total))
}

/// The user's metadata, by key.
pub async fn metadata(db: &Db, user_id: &str) -> Result<Vec<(String, String)>, StoreError> {
    Ok(sqlx::query_as("select key, value from user_metadata where user_id = $1 order by key")
        .bind(user_id)
        .fetch_all(db.pool())
        .await?)
}

/// Upserts (Some) and removes (None) keys in one transaction; refuses (returns false, changes
/// nothing) when the user would hold more than `keys_max` keys.
pub async fn save_metadata(
    db: &Db,
    user_id: &str,
    entries: &[(String, Option<String>)],
    keys_max: i64,
    now_ms: i64,
) -> Result<bool, StoreError> {
    let mut tx = db.begin_write().await?;
    lock_user(&mut tx, user_id).await?;
    for (key, value) in entries {
        match value {
            Some(value) => {
                sqlx::query(
                    "insert into user_metadata (user_id, key, value, updated_at_ms) values ($1, $2, $3, $4) \
                     on conflict (user_id, key) do update set value = excluded.value, updated_at_ms = excluded.updated_at_ms",
                )
                .bind(user_id)
                .bind(key)
                .bind(value)
                .bind(now_ms)
                .execute(&mut *tx.tx)
                .await?;
            }
            None => {
                sqlx::query("delete from user_metadata where user_id = $1 and key = $2")
                    .bind(user_id)
                    .bind(key)
                    .execute(&mut *tx.tx)
                    .await?;
            }
        }
    }
    let held: i64 = sqlx::query_scalar("select count(*) from user_metadata where user_id = $1")
        .bind(user_id)
        .fetch_one(&mut *tx.tx)
        .await?;
    if held > keys_max {
        // Dropping the transaction rolls every change back.
        return Ok(false);
    }
    tx.commit().await?;
    Ok(true)
}

/// The user's support identifier, made on first use. Racing first uses agree on one.
pub async fn salesforce_identifier(db: &Db, user_id: &str, fresh: &str, now_ms: i64) -> Result<String, StoreError> {
    sqlx::query(
        "insert into salesforce_identities (user_id, identifier, created_at_ms) values ($1, $2, $3) \
         on conflict (user_id) do nothing",
    )
    .bind(user_id)
    .bind(fresh)
    .bind(now_ms)
    .execute(db.pool())
    .await?;
    Ok(sqlx::query_scalar("select identifier from salesforce_identities where user_id = $1")
        .bind(user_id)
        .fetch_one(db.pool())
        .await?)
}
