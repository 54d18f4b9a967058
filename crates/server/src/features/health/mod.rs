//! Liveness, readiness and the Prometheus endpoint, outside `/api` so maintenance and rate limits
//! never hide them from the operator's probes. `/metrics` answers only the operator token.

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

use crate::api::auth::Operator;
use crate::state::AppState;

/// `/healthz`, `/readyz`, `/metrics`.
pub fn router() -> Router<AppState> {
    Router::new().route("/healthz", get(healthz)).route("/readyz", get(readyz)).route("/metrics", get(metrics))
}

/// The process is up.
async fn healthz() -> impl IntoResponse {
    (StatusCode::OK, [(header::CONTENT_TYPE, "text/plain")], "ok")
}

/// The process can serve: its database answers.
async fn readyz(State(state): State<AppState>) -> impl IntoResponse {
    match state.db.ping().await {
        Ok(()) => (StatusCode::OK, "ready"),
        Err(e) => {
            tracing::warn!(error = %e, "database not reachable");
            (StatusCode::SERVICE_UNAVAILABLE, "database unreachable")
        }
    }
}

/// Prometheus text exposition, with the pool gauges refreshed on each scrape.
async fn metrics(State(state): State<AppState>, _: Operator) -> impl IntoResponse {
    let (size, idle) = state.db.pool_stats();
    let backend = state.db.backend().name();
    metrics::gauge!("db_pool_connections", "backend" => backend).set(f64::from(size));
    metrics::gauge!("db_pool_idle_connections", "backend" => backend).set(idle as f64);
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], state.metrics.render())
}
