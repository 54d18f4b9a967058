//! The operator's override of an identity verification (under `/api/admin`).

use axum::extract::{Path, State};
use domain::identity::KycStatus;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::kyc_repo;
use crate::api::{filled_text, ApiError, ApiJson, ApiResult, Data};
use crate::features::live;
use crate::state::AppState;

/// The verification override's route.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(override_kyc))
}

/// The outcome an operator sets.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum KycOutcome {
    /// Identity confirmed.
    Verified,
    /// Identity refused; a reason is required.
    Rejected,
}

/// An operator's decision.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct KycOverrideRequest {
    /// The new status.
    pub status: KycOutcome,
    /// Why; required for a rejection, shown to the user.
    #[schema(format = "reason")]
    pub reason: Option<String>,
}

/// The status after an override.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KycOverridden {
    /// The user.
    pub user_id: String,
    /// The status now.
    pub status: KycOutcome,
}

/// Sets a user's verification outcome, whatever the verifier decided.
#[utoipa::path(post, path = "/admin/users/{user_id}/kyc", tag = "admin", security(("operator" = [])),
    params(("user_id" = String, Path, description = "The user")), request_body = KycOverrideRequest,
    responses((status = 200, body = Data<KycOverridden>), (status = 400, body = crate::api::ErrorBody),
        (status = 404, body = crate::api::ErrorBody)))]
async fn override_kyc(
    State(state): State<AppState>,
    Path(user_id): Path<String>,
    ApiJson(body): ApiJson<KycOverrideRequest>,
) -> ApiResult<Data<KycOverridden>> {
    let reason = body.reason.as_deref().map(filled_text::reason).transpose()?;
    let (status, reason) = match body.status {
        KycOutcome::Verified => (KycStatus::Verified, None),
        KycOutcome::Rejected => {
            (KycStatus::Rejected, Some(reason.ok_or_else(|| ApiError::invalid("reason: required"))?))
        }
    };
    if !kyc_repo::override_status(&state.db, &user_id, status, reason, state.clock.now_ms()).await? {
        return Err(ApiError::not_found());
    }
    live::user::nudge_account(&state.hub, &user_id, "kyc");
    Ok(Data::new(KycOverridden { user_id, status: body.status }))
}
