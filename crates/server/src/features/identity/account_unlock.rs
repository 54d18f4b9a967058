//! The operator's account-safety calls (under `/api/admin`): unlocking an account that failed codes
//! or PINs locked for review (the owner can also unlock it alone, by resetting the PIN with an SMS
//! code), and blocking a device's session as the fraud rules do.

use axum::extract::{Path, State};
use domain::identity::AccountStatus;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::repo::SecurityEvent;
use super::{devices_repo, repo};
use crate::api::{ApiError, ApiResult, Data};
use crate::state::AppState;

/// The account-safety routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(unlock)).routes(routes!(flag_session))
}

/// The account after an unlock.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountUnlocked {
    /// The user.
    pub user_id: String,
    /// `ACTIVE` now.
    pub status: AccountStatus,
}

/// Why an operator blocks a device.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FlagSession {
    /// For the security log.
    #[schema(format = "reason")]
    pub reason: String,
}

/// Blocks one session as the fraud rules do: it answers 403 `device_blocked` and its live
/// connection closes until the user unblocks it from another device.
#[utoipa::path(post, path = "/admin/sessions/{session_id}/flag", tag = "admin", security(("operator" = [])),
    params(("session_id" = String, Path, description = "The session")), request_body = FlagSession,
    responses((status = 204, description = "Blocked"), (status = 400, body = crate::api::ErrorBody),
        (status = 404, body = crate::api::ErrorBody)))]
pub async fn flag_session(
    State(state): State<AppState>,
    Path(session_id): Path<String>,
    crate::api::ApiJson(body): crate::api::ApiJson<FlagSession>,
) -> ApiResult<axum::http::StatusCode> {
    let reason = crate::api::filled_text::reason(&body.reason)?;
    let user_id = devices_repo::flag_active(&state.db, &session_id).await?.ok_or_else(ApiError::not_found)?;
    crate::features::live::user::sessions_ended(&state.hub, &user_id);
    let detail = format!("{session_id}: {reason}");
    repo::log_security(&state.db, SecurityEvent::of("device_flagged", &user_id).about(&detail), state.clock.now_ms())
        .await;
    Ok(axum::http::StatusCode::NO_CONTENT)
}

/// Lifts a review lock and the PIN lock, and clears the failure counts.
#[utoipa::path(post, path = "/admin/users/{user_id}/unlock", tag = "admin", security(("operator" = [])),
    params(("user_id" = String, Path, description = "The user")),
    responses((status = 200, body = Data<AccountUnlocked>), (status = 404, body = crate::api::ErrorBody)))]
pub async fn unlock(State(state): State<AppState>, Path(user_id): Path<String>) -> ApiResult<Data<AccountUnlocked>> {
    if !repo::unlock_account(&state.db, &user_id).await? {
        return Err(ApiError::not_found());
    }
    let user = repo::user_by_id(&state.db, &user_id).await?.ok_or_else(ApiError::not_found)?;
    repo::log_security(&state.db, SecurityEvent::of("account_unlocked", &user_id), state.clock.now_ms()).await;
    Ok(Data::new(AccountUnlocked { user_id, status: user.status }))
}
