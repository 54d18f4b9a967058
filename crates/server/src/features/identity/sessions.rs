//! Sessions per device: an access token (JWT, 15 minutes) and a rotating refresh token. Every
//! authenticated request checks the session row, so logout, logout-device and a PIN change end a
//! session's tokens on the very next request. Reusing a rotated refresh token revokes the session.

use domain::clock::ms;
use domain::identity::SessionStatus;
use serde::{Deserialize, Serialize};
use sqlx::{Any, Transaction};
use store::StoreError;
use utoipa::ToSchema;

use super::messages;
use super::repo::SecurityEvent;
use super::secrets::{digest, opaque_token};
use super::sessions_repo::{self, NewSession};
use crate::api::{ApiError, ApiResult, ClientHeaders};
use crate::features::live;
use crate::state::AppState;

type Tx = Transaction<'static, Any>;

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
    let new = NewSession {
        id: &session_id,
        user_id,
        device_id: &device_id,
        device_name: &device_name,
        platform: headers.platform.as_deref(),
        ip,
        now_ms: now,
    };
    // The session, the device's older session it replaces, the new-device rule (count, then flag)
    // and the first refresh token are one write, serialised per user.
    let mut wtx = state.db.begin_write().await?;
    wtx.lock_key(&format!("sessions:{user_id}")).await?;
    sessions_repo::insert_session(&mut wtx.tx, &new).await?;
    // One active session per device: logging in again on a device replaces its older session.
    let replaced = sessions_repo::replace_on_device(&mut wtx.tx, user_id, &device_id, &session_id, now).await?;
    let max = state.settings.auth.new_devices_per_day_max;
    let flagged = flag_if_suspicious(&mut wtx.tx, max, &new).await?;
    let tokens = if flagged { None } else { Some(issue(state, &mut wtx.tx, user_id, &session_id).await?) };
    wtx.commit().await?;
    if replaced > 0 {
        live::user::sessions_ended(&state.hub, user_id);
    }
    match tokens {
        Some(tokens) => Ok(tokens),
        None => {
            let event =
                SecurityEvent::of("device_flagged", user_id).about(&session_id).from_client(None, Some(&device_id));
            super::repo::log_security(&state.db, event, now).await;
            Err(messages::device_blocked())
        }
    }
}

/// The fraud rule of new devices: a log-in on a device the account has never used unblocked, when
/// the account already met more distinct devices within a day than `devices_per_day_max`
/// (credential stuffing and account sharing look like this, a person changing phones does not).
/// The session is kept, flagged, so the owner sees it in the device list and can unblock it from
/// another device; until then the device gets no tokens. Returns whether it was flagged.
async fn flag_if_suspicious(tx: &mut Tx, devices_per_day_max: u32, new: &NewSession<'_>) -> Result<bool, StoreError> {
    if sessions_repo::unflagged_on_device(tx, new.user_id, new.device_id, new.id).await? > 0 {
        return Ok(false);
    }
    let devices_today = sessions_repo::devices_since(tx, new.user_id, new.now_ms - domain::clock::ms::DAY).await?;
    if devices_today <= i64::from(devices_per_day_max) {
        return Ok(false);
    }
    sessions_repo::flag(tx, new.id).await?;
    Ok(true)
}

async fn issue(state: &AppState, tx: &mut Tx, user_id: &str, session_id: &str) -> ApiResult<SessionTokens> {
    let now = state.clock.now_ms();
    let access_token = state.identity.keys.issue(user_id, session_id, now / 1000).map_err(ApiError::internal)?;
    let refresh_token = opaque_token();
    let expires_at = now + ms::from_days(state.settings.auth.refresh_token_ttl_days);
    sessions_repo::insert_refresh_token(tx, &digest(&refresh_token), session_id, expires_at, now).await?;
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
    let token = sessions_repo::refresh_token(db, &hash).await?.ok_or_else(messages::refresh_invalid)?;
    if token.used != 0 {
        sessions_repo::revoke(db.pool(), &token.session_id, REUSED, state.clock.now_ms()).await?;
        live::user::sessions_ended(&state.hub, &token.user_id);
        let event = SecurityEvent::of(REUSED, &token.user_id).about(&token.session_id);
        super::repo::log_security(db, event, state.clock.now_ms()).await;
        return Err(messages::refresh_invalid());
    }
    if token.status != SessionStatus::Active || token.expires_at_ms <= now {
        return Err(messages::refresh_invalid());
    }
    if token.fraud_flagged != 0 {
        return Err(messages::device_blocked());
    }
    // The old token is used and the new one stored in one write: a failure leaves the old one usable.
    let mut wtx = db.begin_write().await?;
    if !sessions_repo::claim_refresh_token(&mut wtx.tx, &hash).await? {
        sessions_repo::revoke(&mut *wtx.tx, &token.session_id, REUSED, state.clock.now_ms()).await?;
        wtx.commit().await?;
        live::user::sessions_ended(&state.hub, &token.user_id);
        return Err(messages::refresh_invalid());
    }
    let tokens = issue(state, &mut wtx.tx, &token.user_id, &token.session_id).await?;
    wtx.commit().await?;
    Ok(tokens)
}

/// Why a session ended when its rotated refresh token came back.
const REUSED: &str = "refresh_token_reused";

/// "Chrome on Windows" from a user agent, for the device list.
pub fn device_name(user_agent: &str) -> String {
    let browser =
        [("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"), ("Safari/", "Safari")]
            .iter()
            .find(|(marker, _)| user_agent.contains(marker))
            .map_or("Browser", |(_, name)| *name);
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
    .map_or("unknown system", |(_, name)| *name);
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
