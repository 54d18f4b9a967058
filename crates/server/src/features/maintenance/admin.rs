//! The operator's maintenance switch: `GET`/`POST /api/admin/maintenance`.

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::MaintenanceState;
use crate::api::{ApiError, ApiJson, ApiResult, Data};
use crate::state::AppState;

const MESSAGE_CHARS_MAX: usize = 500;

/// A change of maintenance mode.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SetMaintenance {
    /// Turn maintenance on or off.
    pub enabled: bool,
    /// `Retry-After` in seconds, 1..=3600 (default 30).
    #[serde(default)]
    pub retry_after_secs: Option<u32>,
    /// A message for the maintenance screen (at most 500 characters).
    #[serde(default)]
    pub message: Option<String>,
}

/// Operator routes of this feature.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_maintenance, set_maintenance))
}

/// The maintenance state.
#[utoipa::path(get, path = "/admin/maintenance", tag = "admin", security(("operator" = [])),
    responses((status = 200, body = Data<MaintenanceState>), (status = 401, body = crate::api::ErrorBody)))]
async fn get_maintenance(State(state): State<AppState>) -> Data<MaintenanceState> {
    Data::new(state.maintenance.get())
}

/// Turns maintenance on or off.
#[utoipa::path(post, path = "/admin/maintenance", tag = "admin", security(("operator" = [])), request_body = SetMaintenance,
    responses((status = 200, body = Data<MaintenanceState>), (status = 400, body = crate::api::ErrorBody)))]
async fn set_maintenance(
    State(state): State<AppState>,
    ApiJson(change): ApiJson<SetMaintenance>,
) -> ApiResult<Data<MaintenanceState>> {
    let retry_after_secs = change.retry_after_secs.unwrap_or(30);
    if !(1..=3600).contains(&retry_after_secs) {
        return Err(ApiError::invalid("retryAfterSecs: 1..=3600"));
    }
    let message = change.message.map(|m| m.trim().to_string()).filter(|m| !m.is_empty());
    if message.as_ref().is_some_and(|m| m.chars().count() > MESSAGE_CHARS_MAX) {
        return Err(ApiError::invalid(format!("message: at most {MESSAGE_CHARS_MAX} characters")));
    }
    let next = MaintenanceState { enabled: change.enabled, retry_after_secs, message };
    state.maintenance.set(&state.db, next.clone(), state.clock.now_ms()).await?;
    tracing::warn!(enabled = next.enabled, "maintenance mode changed by operator");
    Ok(Data::new(next))
}
