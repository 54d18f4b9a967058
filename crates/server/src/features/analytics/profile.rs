//! CleverTap profile save: the profile properties the web app would push to CleverTap
//! (`onUserLogin` / `profile.push`), kept in our own analytics store, merged per user, and sent
//! nowhere else.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::api::auth::AuthUser;
use crate::api::{ApiError, ApiJson, ApiResult, ClientHeaders, Data};
use crate::state::AppState;

/// Properties in one call.
pub const PROPERTIES_PER_CALL_MAX: usize = 50;
/// Properties a stored profile may hold.
pub const PROPERTIES_MAX: usize = 100;
/// Longest property name (CleverTap's limit).
const KEY_CHARS_MAX: usize = 120;
/// Longest text value (CleverTap's limit).
const VALUE_CHARS_MAX: usize = 512;

/// Profile properties to merge into the stored profile.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProfileRequest {
    /// 1 to 50 properties, e.g. `{"Language": "id", "MSG-push": true}`; values are text (at most
    /// 512 characters), numbers or booleans.
    #[schema(value_type = Object)]
    pub profile: serde_json::Map<String, serde_json::Value>,
}

/// The stored profile's size.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileSaved {
    /// Properties the stored profile holds now.
    pub properties: usize,
}

/// Merges the caller's CleverTap profile properties into our analytics store.
#[utoipa::path(post, path = "/v1/user/clevertap/profile", tag = "analytics", security(("bearer" = [])),
    request_body = ProfileRequest,
    responses((status = 200, body = Data<ProfileSaved>), (status = 400, body = crate::api::ErrorBody)))]
pub async fn save_profile(
    State(state): State<AppState>,
    caller: AuthUser,
    headers: ClientHeaders,
    ApiJson(body): ApiJson<ProfileRequest>,
) -> ApiResult<Data<ProfileSaved>> {
    if body.profile.is_empty() || body.profile.len() > PROPERTIES_PER_CALL_MAX {
        return Err(ApiError::invalid(format!("profile: 1..={PROPERTIES_PER_CALL_MAX} properties")));
    }
    for (key, value) in &body.profile {
        check_property(key, value)?;
    }
    let sender = store::analytics::Sender { device_id: headers.device_id, platform: headers.platform };
    let merged = store::analytics::merge_profile(
        &state.db,
        &caller.user_id,
        &body.profile,
        &sender,
        PROPERTIES_MAX,
        state.clock.now_ms(),
    )
    .await?
    .ok_or_else(|| ApiError::invalid(format!("profile: at most {PROPERTIES_MAX} properties in all")))?;
    Ok(Data::new(ProfileSaved { properties: merged }))
}

fn check_property(key: &str, value: &serde_json::Value) -> ApiResult<()> {
    let key_ok = !key.trim().is_empty() && key.chars().count() <= KEY_CHARS_MAX && !key.chars().any(char::is_control);
    if !key_ok {
        return Err(ApiError::invalid(format!("profile: names of 1..={KEY_CHARS_MAX} printable characters")));
    }
    let value_ok = match value {
        serde_json::Value::String(text) => text.chars().count() <= VALUE_CHARS_MAX,
        serde_json::Value::Number(_) | serde_json::Value::Bool(_) => true,
        _ => false,
    };
    if !value_ok {
        return Err(ApiError::invalid(format!(
            "profile.{key}: text of at most {VALUE_CHARS_MAX} characters, a number or a boolean"
        )));
    }
    Ok(())
}
