//! The operator API under `/api/admin`, guarded by the operator token from configuration. It is
//! the seam for operations: maintenance now; halts, reviews and approvals as features arrive.

use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use utoipa_axum::router::OpenApiRouter;

use crate::api::auth::check_operator;
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
        .merge(crate::features::us_stocks::admin_router())
        .merge(crate::features::perps::admin::router())
        .layer(axum::middleware::from_fn_with_state(state, require_operator))
}

/// Middleware: only the operator gets through (see [`Operator`]).
async fn require_operator(State(state): State<AppState>, request: Request, next: Next) -> Response {
    if let Err(refused) = check_operator(&state, request.headers()) {
        return refused.into_response();
    }
    next.run(request).await
}
