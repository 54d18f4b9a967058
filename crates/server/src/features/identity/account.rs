//! The logged-in user: details, status, tags, terms, token refresh and logout.

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::repo::SecurityEvent;
use super::sessions::{self, SessionTokens};
use super::user_details::{UserDetails, UserStatus};
use super::{repo, sessions_repo};
use crate::api::auth::{AuthUser, ClientAddr};
use crate::api::SecretData;
use crate::api::{ApiError, ApiJson, ApiResult, ClientHeaders, Data};
use crate::state::AppState;

/// A refresh token to rotate.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RefreshRequest {
    /// The current refresh token.
    pub refresh_token: String,
}

/// The user's tags.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct UserTags {
    /// e.g. `["pro"]`.
    pub tags: Vec<String>,
}

/// Acceptance of the trading terms (Bappebti rules for crypto assets).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AcceptTermsRequest {
    /// The version accepted; must be the current one.
    pub version: i64,
}

/// The caller's details.
#[utoipa::path(get, path = "/v3/user/me", tag = "identity", security(("bearer" = [])),
    responses((status = 200, body = Data<UserDetails>), (status = 401, body = crate::api::ErrorBody)))]
pub async fn me(State(state): State<AppState>, caller: AuthUser) -> ApiResult<Data<UserDetails>> {
    super::kyc::settle(&state, &caller.user_id).await?;
    let mut user = repo::user_by_id(&state.db, &caller.user_id).await?.ok_or_else(ApiError::unauthorized)?;
    super::referral::ensure_code(&state.db, &mut user).await?;
    let tags = repo::user_tags(&state.db, &caller.user_id).await?;
    Ok(Data::new(UserDetails::from_row(user, tags, state.settings.auth.terms_version)))
}

/// The caller's account status.
#[utoipa::path(get, path = "/v4/user/status", tag = "identity", security(("bearer" = [])),
    responses((status = 200, body = Data<UserStatus>), (status = 401, body = crate::api::ErrorBody)))]
pub async fn status(State(state): State<AppState>, caller: AuthUser) -> ApiResult<Data<UserStatus>> {
    super::kyc::settle(&state, &caller.user_id).await?;
    let user = repo::user_by_id(&state.db, &caller.user_id).await?.ok_or_else(ApiError::unauthorized)?;
    let terms_version = state.settings.auth.terms_version;
    Ok(Data::new(UserStatus {
        terms_accepted: user.terms_version >= terms_version,
        terms_version,
        account_status: user.status,
        kyc_status: user.kyc_status,
        gss_kyc_status: user.gss_kyc_status,
        pin_locked: user.pin_locked != 0,
    }))
}

/// The caller's tags (pro mode, R6.02).
#[utoipa::path(get, path = "/v1/user/tags", tag = "identity", security(("bearer" = [])),
    responses((status = 200, body = Data<UserTags>), (status = 401, body = crate::api::ErrorBody)))]
pub async fn tags(State(state): State<AppState>, caller: AuthUser) -> ApiResult<Data<UserTags>> {
    Ok(Data::new(UserTags { tags: repo::user_tags(&state.db, &caller.user_id).await? }))
}

/// Accepts the current terms.
#[utoipa::path(post, path = "/v1/user/bappebti-tnc", tag = "identity", security(("bearer" = [])), request_body = AcceptTermsRequest,
    responses((status = 200, body = Data<UserDetails>), (status = 400, body = crate::api::ErrorBody)))]
pub async fn accept_terms(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<AcceptTermsRequest>,
) -> ApiResult<Data<UserDetails>> {
    if body.version != state.settings.auth.terms_version {
        return Err(ApiError::invalid(format!("version: {}", state.settings.auth.terms_version)));
    }
    repo::accept_terms(&state.db, &caller.user_id, body.version).await?;
    me(State(state), caller).await
}

/// Rotates a refresh token into a new pair.
#[utoipa::path(post, path = "/v1/user/token/refresh", tag = "identity", request_body = RefreshRequest,
    responses((status = 200, body = Data<SessionTokens>), (status = 401, body = crate::api::ErrorBody)))]
pub async fn refresh(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<RefreshRequest>,
) -> ApiResult<SecretData<SessionTokens>> {
    Ok(SecretData::new(sessions::refresh(&state, &body.refresh_token).await?))
}

/// Ends the caller's session (empty body).
#[utoipa::path(post, path = "/v3/user/logout", tag = "identity", security(("bearer" = [])),
    responses((status = 204, description = "Logged out"), (status = 401, body = crate::api::ErrorBody)))]
pub async fn logout(
    State(state): State<AppState>,
    caller: AuthUser,
    headers: ClientHeaders,
    ClientAddr(ip): ClientAddr,
) -> ApiResult<StatusCode> {
    sessions_repo::revoke(state.db.pool(), &caller.session_id, "logout", state.clock.now_ms()).await?;
    crate::features::live::user::sessions_ended(&state.hub, &caller.user_id);
    let event = SecurityEvent::of("logout", &caller.user_id).from_client(ip.as_deref(), headers.device_id.as_deref());
    repo::log_security(&state.db, event, state.clock.now_ms()).await;
    Ok(StatusCode::NO_CONTENT)
}
