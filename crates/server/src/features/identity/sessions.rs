//! Sessions per device: an access token (JWT, 15 minutes) and a rotating refresh token. Every
//! authenticated request checks the session row, so logout, logout-device and a PIN change end a
//! session's tokens on the very next request. Reusing a rotated refresh token revokes the session.

use serde::{Deserialize, Serialize};
use sqlx::Row;
use store::Db;
use utoipa::ToSchema;

use super::messages;
use super::secrets::{digest, opaque_token};
use crate::api::{ApiError, ApiResult, ClientHeaders};
use crate::features::live;
use crate::state::AppState;

/// A refreshed session's tokens.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionTokens {
    /// Bearer token for API calls.
    pub access_token: String,
    /// Seconds the access token lives.
    pub expires_in_secs: i64,
    /// Single-use token for `token/refresh`.
    pub refresh_token: String,
    /// The session (device) id.
    pub session_id: String,
}

/// Opens a session for `user_id` on the caller's device and returns its tokens.
pub async fn open(
    state: &AppState,
    user_id: &str,
    headers: &ClientHeaders,
    ip: Option<&str>,
) -> ApiResult<SessionTokens> {
    let now = state.clock.now_ms();
    let session_id = uuid::Uuid::now_v7().to_string();
    let device_id = headers.device_id.clone().unwrap_or_else(|| format!("unknown-{session_id}"));
    let device_name = device_name(headers.user_agent.as_deref().unwrap_or(""));
    sqlx::query(
        "insert into sessions (id, user_id, device_id, device_name, platform, ip, status, created_at_ms, last_seen_at_ms) \
         values ($1, $2, $3, $4, $5, $6, 'ACTIVE', $7, $7)",
    )
    .bind(&session_id)
    .bind(user_id)
    .bind(&device_id)
    .bind(&device_name)
    .bind(headers.platform.clone())
    .bind(ip.map(str::to_string))
    .bind(now)
    .execute(state.db.pool())
    .await
    .map_err(ApiError::internal)?;
    // One active session per device: logging in again on a device replaces its older session.
    let replaced = sqlx::query(
        "update sessions set status = 'REVOKED', revoked_at_ms = $1, revoked_reason = 'replaced' \
         where user_id = $2 and device_id = $3 and id <> $4 and status = 'ACTIVE'",
    )
    .bind(now)
    .bind(user_id)
    .bind(&device_id)
    .bind(&session_id)
    .execute(state.db.pool())
    .await
    .map_err(ApiError::internal)?
    .rows_affected();
    if replaced > 0 {
        live::user::sessions_ended(&state.hub, user_id);
    }
    if flag_if_suspicious(state, user_id, &device_id, &session_id, now).await? {
        return Err(messages::device_blocked());
    }
    issue(state, user_id, &session_id).await
}

/// The fraud rule of new devices: a log-in on a device the account has never used unblocked, when
/// the account already met more distinct devices within a day than `auth.new_devices_per_day_max`
/// (credential stuffing and account sharing look like this, a person changing phones does not).
/// The session is kept, flagged, so the owner sees it in the device list and can unblock it from
/// another device; until then the device gets no tokens. Returns whether it was flagged.
async fn flag_if_suspicious(
    state: &AppState,
    user_id: &str,
    device_id: &str,
    session_id: &str,
    now: i64,
) -> ApiResult<bool> {
    let db = state.db.pool();
    let known: i64 = sqlx::query_scalar(
        "select count(*) from sessions where user_id = $1 and device_id = $2 and id <> $3 and fraud_flagged = 0",
    )
    .bind(user_id)
    .bind(device_id)
    .bind(session_id)
    .fetch_one(db)
    .await
    .map_err(ApiError::internal)?;
    if known > 0 {
        return Ok(false);
    }
    let devices_today: i64 =
        sqlx::query_scalar("select count(distinct device_id) from sessions where user_id = $1 and created_at_ms > $2")
            .bind(user_id)
            .bind(now - domain::clock::ms::DAY)
            .fetch_one(db)
            .await
            .map_err(ApiError::internal)?;
    if devices_today <= i64::from(state.settings.auth.new_devices_per_day_max) {
        return Ok(false);
    }
    sqlx::query("update sessions set fraud_flagged = 1 where id = $1")
        .bind(session_id)
        .execute(db)
        .await
        .map_err(ApiError::internal)?;
    super::repo::log_security(
        &state.db,
        "device_flagged",
        Some(user_id),
        None,
        Some(session_id),
        None,
        Some(device_id),
        now,
    )
    .await;
    Ok(true)
}

async fn issue(state: &AppState, user_id: &str, session_id: &str) -> ApiResult<SessionTokens> {
    let now = state.clock.now_ms();
    let access_token = state.identity.keys.issue(user_id, session_id, now / 1000).map_err(ApiError::internal)?;
    let refresh_token = opaque_token();
    let expires_at = now + state.settings.auth.refresh_token_ttl_days as i64 * 86_400_000;
    sqlx::query(
        "insert into refresh_tokens (token_hash, session_id, expires_at_ms, created_at_ms) values ($1, $2, $3, $4)",
    )
    .bind(digest(&refresh_token))
    .bind(session_id)
    .bind(expires_at)
    .bind(now)
    .execute(state.db.pool())
    .await
    .map_err(ApiError::internal)?;
    Ok(SessionTokens {
        access_token,
        expires_in_secs: state.identity.keys.ttl_secs(),
        refresh_token,
        session_id: session_id.to_string(),
    })
}

/// Rotates a refresh token. A token used before means it was stolen or replayed: the whole
/// session is revoked.
pub async fn refresh(state: &AppState, refresh_token: &str) -> ApiResult<SessionTokens> {
    let db = &state.db;
    let hash = digest(refresh_token);
    let now = state.clock.now_ms();
    let row = sqlx::query(
        "select r.session_id, r.used, r.expires_at_ms, s.status, s.user_id, s.fraud_flagged from refresh_tokens r \
         join sessions s on s.id = r.session_id where r.token_hash = $1",
    )
    .bind(&hash)
    .fetch_optional(db.pool())
    .await
    .map_err(ApiError::internal)?
    .ok_or_else(messages::refresh_invalid)?;
    let session_id: String = row.try_get("session_id").map_err(ApiError::internal)?;
    let user_id: String = row.try_get("user_id").map_err(ApiError::internal)?;
    let used: i64 = row.try_get("used").map_err(ApiError::internal)?;
    let status: String = row.try_get("status").map_err(ApiError::internal)?;
    let expires_at: i64 = row.try_get("expires_at_ms").map_err(ApiError::internal)?;
    if used != 0 {
        revoke(db, &session_id, "refresh_token_reused", state.clock.now_ms()).await?;
        live::user::sessions_ended(&state.hub, &user_id);
        super::repo::log_security(
            db,
            "refresh_token_reused",
            Some(&user_id),
            None,
            Some(&session_id),
            None,
            None,
            state.clock.now_ms(),
        )
        .await;
        return Err(messages::refresh_invalid());
    }
    if status != "ACTIVE" || expires_at <= now {
        return Err(messages::refresh_invalid());
    }
    if row.try_get::<i64, _>("fraud_flagged").map_err(ApiError::internal)? != 0 {
        return Err(messages::device_blocked());
    }
    let claimed = sqlx::query("update refresh_tokens set used = 1 where token_hash = $1 and used = 0")
        .bind(&hash)
        .execute(db.pool())
        .await
        .map_err(ApiError::internal)?
        .rows_affected();
    if claimed == 0 {
        revoke(db, &session_id, "refresh_token_reused", state.clock.now_ms()).await?;
        live::user::sessions_ended(&state.hub, &user_id);
        return Err(messages::refresh_invalid());
    }
    issue(state, &user_id, &session_id).await
}

/// Ends one session.
pub async fn revoke(db: &Db, session_id: &str, reason: &str, now_ms: i64) -> ApiResult<()> {
    sqlx::query("update sessions set status = 'REVOKED', revoked_at_ms = $1, revoked_reason = $2 where id = $3 and status = 'ACTIVE'")
        .bind(now_ms)
        .bind(reason)
        .bind(session_id)
        .execute(db.pool())
        .await
        .map_err(ApiError::internal)?;
    Ok(())
}

/// Ends every session of a user (a PIN change or reset).
pub async fn revoke_all(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    user_id: &str,
    reason: &str,
    now_ms: i64,
) -> Result<(), store::StoreError> {
    sqlx::query(
        "update sessions set status = 'REVOKED', revoked_at_ms = $1, revoked_reason = $2 where user_id = $3 and status = 'ACTIVE'",
    )
    .bind(now_ms)
    .bind(reason)
    .bind(user_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Ends every session of a user but `keep` (a phone change made from `keep`); returns how many ended.
pub async fn revoke_others(db: &Db, user_id: &str, keep: &str, reason: &str, now_ms: i64) -> ApiResult<u64> {
    let ended = sqlx::query(
        "update sessions set status = 'REVOKED', revoked_at_ms = $1, revoked_reason = $2 \
         where user_id = $3 and id <> $4 and status = 'ACTIVE'",
    )
    .bind(now_ms)
    .bind(reason)
    .bind(user_id)
    .bind(keep)
    .execute(db.pool())
    .await
    .map_err(ApiError::internal)?
    .rows_affected();
    Ok(ended)
}

/// "Chrome on Windows" from a user agent, for the device list.
pub fn device_name(user_agent: &str) -> String {
    let browser =
        [("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"), ("Safari/", "Safari")]
            .iter()
            .find(|(marker, _)| user_agent.contains(marker))
            .map(|(_, name)| *name)
            .unwrap_or("Browser");
    let os = [
        ("iPhone", "iOS"),
        ("iPad", "iPadOS"),
        ("Android", "Android"),
        ("Windows", "Windows"),
        ("Mac OS X", "macOS"),
        ("Linux", "Linux"),
    ]
    .iter()
    .find(|(marker, _)| user_agent.contains(marker))
    .map(|(_, name)| *name)
    .unwrap_or("unknown system");
    format!("{browser} on {os}")
}

#[cfg(test)]
mod tests {
    use super::device_name;

    #[test]
    fn device_names_read_like_people_say_them() {
        assert_eq!(
            device_name("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36"),
            "Chrome on Windows"
        );
        assert_eq!(
            device_name("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1"),
            "Safari on iOS"
        );
        assert_eq!(device_name(""), "Browser on unknown system");
    }
}
