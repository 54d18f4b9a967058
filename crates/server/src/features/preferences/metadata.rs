//! Small per-user client metadata (app version, time zone, theme, onboarding flags): a bounded
//! map of short strings the app writes and reads back.

use std::collections::BTreeMap;

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{messages, repo};
use crate::api::auth::AuthUser;
use crate::api::{ApiError, ApiJson, ApiResult, Data};
use crate::state::AppState;

/// Keys a user may hold.
pub const KEYS_MAX: i64 = 32;
/// Longest value, in characters.
pub const VALUE_CHARS_MAX: usize = 256;
/// Longest key, in characters.
const KEY_CHARS_MAX: usize = 64;

/// Keys to set (a string) or remove (null).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SaveMetadataRequest {
    /// 1 to 32 keys matching `^[a-zA-Z][a-zA-Z0-9_.-]{0,63}$`; values of at most 256 characters,
    /// or null to remove the key.
    pub metadata: BTreeMap<String, Option<String>>,
}

/// The caller's metadata.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserMetadata {
    /// Every key the caller holds.
    #[schema(value_type = Object)]
    pub metadata: BTreeMap<String, String>,
}

/// The caller's metadata.
#[utoipa::path(get, path = "/v1/user/save-metadata", tag = "preferences", security(("bearer" = [])),
    responses((status = 200, body = Data<UserMetadata>), (status = 401, body = crate::api::ErrorBody)))]
pub async fn read(State(state): State<AppState>, caller: AuthUser) -> ApiResult<Data<UserMetadata>> {
    Ok(Data::new(current(&state, &caller.user_id).await?))
}

/// Sets or removes keys, all or none; the caller's whole map comes back.
#[utoipa::path(post, path = "/v1/user/save-metadata", tag = "preferences", security(("bearer" = [])),
    request_body = SaveMetadataRequest,
    responses((status = 200, body = Data<UserMetadata>), (status = 400, body = crate::api::ErrorBody)))]
pub async fn save(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<SaveMetadataRequest>,
) -> ApiResult<Data<UserMetadata>> {
    if body.metadata.is_empty() || body.metadata.len() as i64 > KEYS_MAX {
        return Err(ApiError::invalid(format!("metadata: 1..={KEYS_MAX} keys")));
    }
    let mut entries = Vec::with_capacity(body.metadata.len());
    for (key, value) in body.metadata {
        if !is_key(&key) {
            return Err(ApiError::invalid("metadata: keys match ^[a-zA-Z][a-zA-Z0-9_.-]{0,63}$"));
        }
        if value.as_ref().is_some_and(|v| v.chars().count() > VALUE_CHARS_MAX || v.chars().any(char::is_control)) {
            return Err(ApiError::invalid(format!("metadata.{key}: at most {VALUE_CHARS_MAX} printable characters")));
        }
        entries.push((key, value));
    }
    if !repo::save_metadata(&state.db, &caller.user_id, &entries, KEYS_MAX, state.clock.now_ms()).await? {
        return Err(messages::metadata_full(KEYS_MAX));
    }
    Ok(Data::new(current(&state, &caller.user_id).await?))
}

async fn current(state: &AppState, user_id: &str) -> ApiResult<UserMetadata> {
    Ok(UserMetadata { metadata: repo::metadata(&state.db, user_id).await?.into_iter().collect() })
}

fn is_key(key: &str) -> bool {
    let mut chars = key.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic())
        && key.len() <= KEY_CHARS_MAX
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_short_identifiers() {
        for key in ["appVersion", "timezone", "onboarding.tradeTour", "theme_v2", "a"] {
            assert!(is_key(key), "{key}");
        }
        for key in ["", "1a", "_a", "a b", "a/b", &"a".repeat(65)] {
            assert!(!is_key(key), "{key}");
        }
    }
}
