//! Who is calling: the authenticated caller and the client's network address, as extractors every
//! feature's handlers take. Which session a token names is identity's rule
//! (`identity::bearer`), asked through the application state on every request.

use crate::features::identity::bearer::BearerSession;
use std::net::SocketAddr;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use axum::http::HeaderMap;

use sha2::{Digest, Sha256};

use crate::api::client_address::client_address;
use crate::api::error::{ApiError, ApiResult};
use crate::state::AppState;

/// The caller of an authenticated request.
#[derive(Debug, Clone)]
pub struct AuthUser {
    /// User id.
    pub user_id: String,
    /// Session id.
    pub session_id: String,
    /// Whether the user was tagged pro when the request's session was checked (R6.02).
    pub pro: bool,
    /// Whether the user was verified for US stocks (gssKycStatus) when the session was checked.
    pub us_verified: bool,
}

impl From<BearerSession> for AuthUser {
    fn from(session: BearerSession) -> Self {
        Self {
            user_id: session.user_id,
            session_id: session.session_id,
            pro: session.pro,
            us_verified: session.us_verified,
        }
    }
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
        // Already checked for this request (the idempotency layer reads it beside the key).
        if let Some(caller) = parts.extensions.get::<AuthUser>() {
            return Ok(caller.clone());
        }
        authenticate(state, &parts.headers).await
    }
}

/// The token of an `Authorization: Bearer …` header.
fn bearer_token(headers: &HeaderMap) -> Option<&str> {
    headers.get(AUTHORIZATION).and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer "))
}

/// The caller named by the bearer token, if its session is still open.
pub async fn authenticate(state: &AppState, headers: &HeaderMap) -> ApiResult<AuthUser> {
    let token = bearer_token(headers).ok_or_else(ApiError::unauthorized)?;
    let session = state.identity.bearer_session(&state.db, token, state.clock.now_ms()).await?;
    Ok(session.into())
}

/// The caller as [`authenticate`] finds it, with the row of its request id `key` (of `caller`, the
/// idempotency layer's), read in the same statement: an order route's two reads (issue 12).
pub async fn authenticate_with_key(
    state: &AppState,
    headers: &HeaderMap,
    caller: &str,
    key: &str,
) -> ApiResult<(AuthUser, Option<store::idempotency::ClaimRow>)> {
    let token = bearer_token(headers).ok_or_else(ApiError::unauthorized)?;
    let (session, row) =
        state.identity.bearer_session_with_key(&state.db, token, caller, key, state.clock.now_ms()).await?;
    Ok((session.into(), row))
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
