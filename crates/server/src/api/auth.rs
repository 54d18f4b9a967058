//! Who is calling: the authenticated caller and the client's network address, as extractors every
//! feature's handlers take. The checks run on every request, so logout, logout-device and a PIN
//! change end a session's tokens on the very next request.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use axum::http::HeaderMap;

use domain::clock::ms;
use domain::identity::{AccountStatus, SessionStatus};
use sha2::{Digest, Sha256};

use crate::api::client_address::client_address;
use crate::api::error::{ApiError, ApiResult};
use crate::features::identity::messages::account_locked;
use crate::features::identity::sessions_repo;
use crate::state::AppState;

/// "Last seen" is written at most this often per session, not on every request.
const LAST_SEEN_WRITE_INTERVAL_MS: i64 = ms::MINUTE;

/// The caller of an authenticated request.
#[derive(Debug, Clone)]
pub struct AuthUser {
    /// User id.
    pub user_id: String,
    /// Session id.
    pub session_id: String,
}

/// The client's network address, honouring `X-Forwarded-For` only when configured.
#[derive(Debug, Clone, Default)]
pub struct ClientAddr(pub Option<String>);

impl FromRequestParts<AppState> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
        let address = client_address(&parts.headers, peer, state.settings.rate_limit.trusted_proxy_hops());
        Ok(Self(address.map(|a| a.to_string())))
    }
}

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        authenticate(state, &parts.headers).await
    }
}

/// The caller named by the bearer token, if its session is still active.
pub async fn authenticate(state: &AppState, headers: &HeaderMap) -> ApiResult<AuthUser> {
    let token = headers
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .ok_or_else(ApiError::unauthorized)?;
    let claims = state.identity.keys.check(token, state.clock.now().timestamp()).ok_or_else(ApiError::unauthorized)?;
    let session =
        sessions_repo::session_state(&state.db, &claims.sid, &claims.sub).await?.ok_or_else(ApiError::unauthorized)?;
    if session.status != SessionStatus::Active {
        return Err(ApiError::unauthorized());
    }
    if session.user_status != AccountStatus::Active {
        return Err(account_locked());
    }
    if session.fraud_flagged != 0 {
        return Err(crate::features::identity::messages::device_blocked());
    }
    let now = state.clock.now_ms();
    if now - session.last_seen_at_ms > LAST_SEEN_WRITE_INTERVAL_MS {
        // A missed "last seen" write must not fail the request it rides on.
        let _ = sessions_repo::touch_session(&state.db, &claims.sid, now).await;
    }
    Ok(AuthUser { user_id: claims.sub, session_id: claims.sid })
}

/// Whether `user`'s session is still open and the account not locked (a live connection's re-check).
pub async fn session_is_open(db: &store::Db, user: &AuthUser) -> bool {
    match sessions_repo::session_state(db, &user.session_id, &user.user_id).await {
        Ok(Some(session)) => {
            session.status == SessionStatus::Active
                && session.user_status == AccountStatus::Active
                && session.fraud_flagged == 0
        }
        Ok(None) => false,
        // A database hiccup must not drop every live connection; the next check decides.
        Err(_) => true,
    }
}

/// The operator, named by the configured operator token: the `/api/admin` routes and `/metrics`.
#[derive(Debug, Clone, Copy)]
pub struct Operator;

impl FromRequestParts<AppState> for Operator {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        check_operator(state, &parts.headers).map(|()| Operator)
    }
}

/// Whether the bearer token is the configured operator token. With no token configured the
/// operator's routes do not exist (404); a wrong or missing token is a 401.
pub fn check_operator(state: &AppState, headers: &HeaderMap) -> ApiResult<()> {
    let expected = state.settings.admin_token().ok_or_else(ApiError::not_found)?;
    let given =
        headers.get(AUTHORIZATION).and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer ")).unwrap_or("");
    // Comparing digests keeps the comparison time independent of where the strings differ.
    if Sha256::digest(given.as_bytes()) != Sha256::digest(expected.as_bytes()) {
        return Err(ApiError::unauthorized());
    }
    Ok(())
}
