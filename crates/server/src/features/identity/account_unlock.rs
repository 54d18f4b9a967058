//! The operator's unlock of an account that failed codes or PINs locked for review (under
//! `/api/admin`). The owner can also unlock it alone, by resetting the PIN with an SMS code.

use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::repo;
use crate::api::{ApiError, ApiResult, Data};
use crate::state::AppState;

/// The account after an unlock.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountUnlocked {
    /// The user.
    pub user_id: String,
    /// `ACTIVE` now.
    pub status: String,
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
    repo::log_security(&state.db, "account_unlocked", Some(&user_id), None, None, None, None, state.clock.now_ms())
        .await;
    Ok(Data::new(AccountUnlocked { user_id, status: user.status }))
}
