//! `app-data-change-status`: where the caller's latest phone and e-mail change requests stand, read
//! from their one-time code challenges (no separate state to drift).

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::otp::{Destination, Purpose};
use super::otp_repo;
use crate::api::auth::AuthUser;
use crate::api::{ApiResult, Data};
use crate::state::AppState;

/// Where a change request stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ChangeState {
    /// No request yet.
    None,
    /// A code was sent and may still be entered.
    OtpSent,
    /// The code was right; the change waits for its token (e-mail: update-user-data).
    Verified,
    /// The change was applied.
    Completed,
    /// The code or token ran out (time, tries, a newer request, or the target was taken meanwhile).
    Expired,
}

/// One kind of change.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangeRequestStatus {
    /// Where it stands.
    pub status: ChangeState,
    /// The new phone or address, masked.
    pub target: Option<String>,
    /// When the code was sent, Unix ms.
    pub requested_at_ms: Option<i64>,
    /// When the code (or, once verified, the token) stops being valid, Unix ms.
    pub expires_at_ms: Option<i64>,
    /// When the change was applied, Unix ms.
    pub completed_at_ms: Option<i64>,
}

/// The caller's phone and e-mail change requests.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppDataChangeStatus {
    /// The latest phone change.
    pub phone: ChangeRequestStatus,
    /// The latest e-mail change.
    pub email: ChangeRequestStatus,
}

async fn latest(state: &AppState, user_id: &str, purpose: Purpose) -> ApiResult<ChangeRequestStatus> {
    let Some(challenge) = otp_repo::latest_of(&state.db, user_id, purpose.as_str()).await? else {
        return Ok(ChangeRequestStatus {
            status: ChangeState::None,
            target: None,
            requested_at_ms: None,
            expires_at_ms: None,
            completed_at_ms: None,
        });
    };
    let now = state.clock.now_ms();
    let code_expires = challenge.expires_at_ms;
    let token_expires = challenge.verification_expires_at_ms;
    let consumed = challenge.consumed != 0;
    let tries_left = challenge.attempts < i64::from(state.settings.auth.otp_attempts_max);
    let status = if challenge.verification_used != 0 {
        ChangeState::Completed
    } else if consumed {
        if token_expires.is_some_and(|t| t > now) {
            ChangeState::Verified
        } else {
            ChangeState::Expired
        }
    } else if code_expires > now && tries_left {
        ChangeState::OtpSent
    } else {
        ChangeState::Expired
    };
    Ok(ChangeRequestStatus {
        status,
        target: Some(Destination::from_stored(&challenge.channel, challenge.destination).masked()),
        requested_at_ms: Some(challenge.created_at_ms),
        expires_at_ms: Some(if consumed { token_expires.unwrap_or(code_expires) } else { code_expires }),
        completed_at_ms: challenge.verification_used_at_ms,
    })
}

/// The state of the caller's latest phone and e-mail change requests.
#[utoipa::path(get, path = "/v1/user/app-data-change-status", tag = "identity", security(("bearer" = [])),
    responses((status = 200, body = Data<AppDataChangeStatus>), (status = 401, body = crate::api::ErrorBody)))]
pub async fn app_data_change_status(
    State(state): State<AppState>,
    caller: AuthUser,
) -> ApiResult<Data<AppDataChangeStatus>> {
    Ok(Data::new(AppDataChangeStatus {
        phone: latest(&state, &caller.user_id, Purpose::PhoneChange).await?,
        email: latest(&state, &caller.user_id, Purpose::EmailChange).await?,
    }))
}
