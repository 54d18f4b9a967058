//! Idempotency keys: the first response to a (caller, x-request-id) pair is stored so a repeat
//! gets the same answer instead of doing the work twice.

use sqlx::Row;

use crate::{Db, StoreError};

/// A response stored for replay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredResponse {
    /// HTTP status code.
    pub status: u16,
    /// The response's content type, if any.
    pub content_type: Option<String>,
    /// The response body.
    pub body: Vec<u8>,
}

/// What `begin` found for a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Begin {
    /// The key is new (or its earlier attempt was abandoned): go ahead.
    Started,
    /// The key completed before with the same request: replay this.
    Replay(StoredResponse),
    /// The first request with this key is still running.
    InProgress,
    /// The key was used before for a different request.
    Mismatch,
}

/// Claims `key` for `caller`, or tells what happened to it before. A claim older than
/// `stale_after_ms` that never completed (its process died) may be taken over.
pub async fn begin(
    db: &Db,
    caller: &str,
    key: &str,
    request_hash: &str,
    now_ms: i64,
    stale_after_ms: i64,
) -> Result<Begin, StoreError> {
    let inserted = sqlx::query(
        "insert into idempotency_keys (caller, request_key, request_hash, created_at_ms) \
         values ($1, $2, $3, $4) on conflict (caller, request_key) do nothing",
    )
    .bind(caller)
    .bind(key)
    .bind(request_hash)
    .bind(now_ms)
    .execute(db.pool())
    .await?
    .rows_affected();
    if inserted == 1 {
        return Ok(Begin::Started);
    }
    let row = sqlx::query(
        "select request_hash, status, content_type, body, created_at_ms from idempotency_keys \
         where caller = $1 and request_key = $2",
    )
    .bind(caller)
    .bind(key)
    .fetch_optional(db.pool())
    .await?;
    // Deleted between our insert and select (abandoned by its owner): claim it again.
    let Some(row) = row else { return Box::pin(begin(db, caller, key, request_hash, now_ms, stale_after_ms)).await };
    let stored_hash: String = row.try_get("request_hash")?;
    if stored_hash != request_hash {
        return Ok(Begin::Mismatch);
    }
    let status: Option<i64> = row.try_get("status")?;
    match status {
        Some(status) => Ok(Begin::Replay(StoredResponse {
            status: u16::try_from(status).unwrap_or(500),
            content_type: row.try_get("content_type")?,
            body: row.try_get::<Option<Vec<u8>>, _>("body")?.unwrap_or_default(),
        })),
        None => {
            let created_at_ms: i64 = row.try_get("created_at_ms")?;
            if created_at_ms >= now_ms - stale_after_ms {
                return Ok(Begin::InProgress);
            }
            let taken = sqlx::query(
                "update idempotency_keys set created_at_ms = $1 where caller = $2 \
                 and request_key = $3 and status is null and created_at_ms = $4",
            )
            .bind(now_ms)
            .bind(caller)
            .bind(key)
            .bind(created_at_ms)
            .execute(db.pool())
            .await?
            .rows_affected();
            Ok(if taken == 1 { Begin::Started } else { Begin::InProgress })
        }
    }
}

/// Stores the response of a claimed key.
pub async fn complete(db: &Db, caller: &str, key: &str, response: &StoredResponse) -> Result<(), StoreError> {
    sqlx::query(
        "update idempotency_keys set status = $1, content_type = $2, body = $3 \
         where caller = $4 and request_key = $5",
    )
    .bind(i64::from(response.status))
    .bind(response.content_type.clone())
    .bind(response.body.clone())
    .bind(caller)
    .bind(key)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Releases a claim whose request failed before it changed anything worth replaying.
pub async fn abandon(db: &Db, caller: &str, key: &str) -> Result<(), StoreError> {
    sqlx::query("delete from idempotency_keys where caller = $1 and request_key = $2 and status is null")
        .bind(caller)
        .bind(key)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Deletes keys created before `cutoff_ms`; returns how many.
pub async fn purge_older_than(db: &Db, cutoff_ms: i64) -> Result<u64, StoreError> {
    let done =
        sqlx::query("delete from idempotency_keys where created_at_ms < $1").bind(cutoff_ms).execute(db.pool()).await?;
    Ok(done.rows_affected())
}
