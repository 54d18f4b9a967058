//! The operator API under `/api/admin`, guarded by the operator token from configuration. It is
//! the seam for operations: maintenance now; halts, reviews and approvals as features arrive.

use axum::extract::{Request, State};
use axum::http::header::AUTHORIZATION;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};
use utoipa_axum::router::OpenApiRouter;

use crate::api::ApiError;
use crate::features::maintenance;
use crate::state::AppState;

/// Every operator route, behind the token check.
pub fn router(state: AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(maintenance::admin_router())
        .merge(crate::features::markets::admin_router())
        .merge(crate::features::wallet::admin_router())
        .merge(crate::features::identity::admin_router())
        .merge(crate::features::preferences::admin_router())
        .layer(axum::middleware::from_fn_with_state(state, require_operator))
}

/// Middleware: the bearer token must equal the configured operator token. With no token
/// configured the operator API does not exist (404).
async fn require_operator(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let Some(expected) = state.settings.admin_token() else {
        return ApiError::not_found().into_response();
    };
    let given = request
        .headers()
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or("");
    // Comparing digests keeps the comparison time independent of where the strings differ.
    if Sha256::digest(given.as_bytes()) != Sha256::digest(expected.as_bytes()) {
        return ApiError::unauthorized().into_response();
    }
    next.run(request).await
}
