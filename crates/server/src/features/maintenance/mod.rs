//! Maintenance mode (R4.19, R8.02): while on, every API call except the operator's answers 503
//! with `Retry-After`, and the web app shows its maintenance screen. The state lives in the
//! database so every node agrees; each node re-reads it every few seconds.

mod admin;
pub mod mode;

use axum::extract::{OriginalUri, Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

pub use admin::router as admin_router;
pub use mode::{Maintenance, MaintenanceState, REFRESH_INTERVAL};

use crate::api::error::messages;
use crate::api::{ApiError, Msg};
use crate::state::AppState;

/// Middleware on `/api`: 503 while maintenance is on, except for the operator API and the API document.
pub async fn gate(State(state): State<AppState>, request: Request, next: Next) -> Response {
    // Under `nest("/api")` the request's own URI has lost the prefix; the original keeps it.
    let path = request.extensions().get::<OriginalUri>().map_or(request.uri().path(), |u| u.path());
    let exempt = path.starts_with("/api/admin/") || path == "/api/openapi.json";
    let current = state.maintenance.get();
    if current.enabled && !exempt {
        let message = match current.message {
            Some(text) => Msg::owned(text.clone(), text),
            None => messages::MAINTENANCE,
        };
        return ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "maintenance", message)
            .with_retry_after(u64::from(current.retry_after_secs))
            .into_response();
    }
    next.run(request).await
}
