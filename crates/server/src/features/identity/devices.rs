//! The devices logged into an account (R7.04): listed ACTIVE or INACTIVE (fraud-flagged), ten a
//! page; logout-device ends one; unblock-device clears a fraud flag.

use axum::extract::{Query, State};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

pub use super::devices_repo::Device;
use super::repo::SecurityEvent;
use super::{devices_repo, repo, sessions_repo};
use crate::api::auth::{AuthUser, ClientAddr};
use crate::api::paging::Paging;
use crate::api::{ApiError, ApiJson, ApiResult, ClientHeaders};
use crate::state::AppState;

/// Devices per page (R7.04, R9.06).
pub const DEVICE_PAGE_SIZE: i64 = 10;

/// Which devices to list.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "UPPERCASE")]
pub enum DeviceFilter {
    /// Sessions in use.
    Active,
    /// Sessions flagged by fraud rules, waiting to be unblocked.
    Inactive,
}

/// Query of the device list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DeviceQuery {
    /// ACTIVE (default) or INACTIVE.
    #[param(inline)]
    pub filter: Option<DeviceFilter>,
    /// Page number from 1.
    #[param(minimum = 1, maximum = 100_000)]
    pub page: Option<i64>,
    /// Page size; at most 10.
    #[param(minimum = 1, maximum = 10)]
    pub size: Option<i64>,
}

/// A page of devices.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct DevicePage {
    /// The devices.
    pub data: Vec<Device>,
    /// Page number from 1.
    pub page: i64,
    /// Page size.
    pub size: i64,
    /// Devices in all pages.
    pub total: i64,
}

/// A device to act on.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DeviceRequest {
    /// The device's session id from the list.
    pub id: String,
}

/// The caller's devices.
#[utoipa::path(get, path = "/v1/user/devices", tag = "identity", security(("bearer" = [])), params(DeviceQuery),
    responses((status = 200, body = DevicePage), (status = 401, body = crate::api::ErrorBody)))]
pub async fn list(
    State(state): State<AppState>,
    caller: AuthUser,
    Query(query): Query<DeviceQuery>,
) -> ApiResult<axum::Json<DevicePage>> {
    let filter = query.filter.unwrap_or(DeviceFilter::Active);
    let paging = Paging::parse(query.page, query.size, DEVICE_PAGE_SIZE, DEVICE_PAGE_SIZE)?;
    let (page, size) = (paging.page, paging.size);
    let flagged = i64::from(filter == DeviceFilter::Inactive);
    let total = devices_repo::count(&state.db, &caller.user_id, flagged).await?;
    let rows = devices_repo::page(&state.db, &caller.user_id, flagged, size, paging.offset()).await?;
    let devices = rows.into_iter().map(|device| Device { current: device.id == caller.session_id, ..device }).collect();
    Ok(axum::Json(DevicePage { data: devices, page, size, total }))
}

/// Logs a device out; its tokens stop working on their next request.
#[utoipa::path(post, path = "/v1/user/devices/logout-device", tag = "identity", security(("bearer" = [])), request_body = DeviceRequest,
    responses((status = 204, description = "Logged out"), (status = 404, body = crate::api::ErrorBody)))]
pub async fn logout_device(
    State(state): State<AppState>,
    caller: AuthUser,
    headers: ClientHeaders,
    ClientAddr(ip): ClientAddr,
    ApiJson(body): ApiJson<DeviceRequest>,
) -> ApiResult<axum::http::StatusCode> {
    own_session(&state, &caller, &body.id).await?;
    sessions_repo::revoke(state.db.pool(), &body.id, "logout_device", state.clock.now_ms()).await?;
    crate::features::live::user::sessions_ended(&state.hub, &caller.user_id);
    let event = SecurityEvent::of("logout_device", &caller.user_id).about(&body.id);
    repo::log_security(&state.db, event.from_client(ip.as_deref(), headers.device_id.as_deref()), state.clock.now_ms())
        .await;
    Ok(axum::http::StatusCode::NO_CONTENT)
}

/// Clears a device's fraud flag so it is usable again.
#[utoipa::path(post, path = "/v1/user/devices/unblock-device", tag = "identity", security(("bearer" = [])), request_body = DeviceRequest,
    responses((status = 204, description = "Unblocked"), (status = 404, body = crate::api::ErrorBody)))]
pub async fn unblock_device(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<DeviceRequest>,
) -> ApiResult<axum::http::StatusCode> {
    own_session(&state, &caller, &body.id).await?;
    devices_repo::unblock(&state.db, &body.id, &caller.user_id).await?;
    let event = SecurityEvent::of("unblock_device", &caller.user_id).about(&body.id);
    repo::log_security(&state.db, event, state.clock.now_ms()).await;
    Ok(axum::http::StatusCode::NO_CONTENT)
}

/// Another user's session is as good as missing (R6.04): 404, never 403, so ids cannot be probed.
async fn own_session(state: &AppState, caller: &AuthUser, session_id: &str) -> ApiResult<()> {
    if devices_repo::is_active_session_of(&state.db, session_id, &caller.user_id).await? {
        Ok(())
    } else {
        Err(ApiError::not_found())
    }
}
