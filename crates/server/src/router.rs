//! The whole HTTP surface, assembled in one place: every feature's router and the cross-cutting
//! layers in the order they must run.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::http::{header, Request};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use tower::ServiceBuilder;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::predicate::{NotForContentType, Predicate, SizeAbove};
use tower_http::compression::CompressionLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::api::{self, ApiError};
use crate::features::{
    admin, analytics, app_config, client_logs, health, identity, live, maintenance, markets, perps, portfolio,
    preferences, trading, us_stocks, wallet, web_shell,
};
use crate::middleware::{error_shape, idempotency, metrics, nul_text, panic, rate_limit, security_headers};
use crate::openapi::ApiDoc;
use crate::state::AppState;

/// Every API route with its OpenAPI description; the sandbox helpers only in sandbox mode, so in
/// production they do not exist at all (404).
pub fn api_routes(state: &AppState) -> OpenApiRouter<AppState> {
    let routes = OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(app_config::router())
        .merge(analytics::router())
        .merge(client_logs::router())
        .merge(identity::router())
        .merge(wallet::router())
        .merge(markets::router())
        .merge(trading::router())
        .merge(us_stocks::router())
        .merge(portfolio::router())
        .merge(perps::router())
        .merge(preferences::router())
        .merge(admin::router(state.clone()));
    if state.settings.sandbox() {
        routes.merge(identity::sandbox_router()).merge(wallet::sandbox_router())
    } else {
        routes
    }
}

/// The OpenAPI document alone (for `brokerage openapi`).
pub fn openapi_document(state: &AppState) -> utoipa::openapi::OpenApi {
    split_api(state).1
}

/// The API routes and their document, completed with the answers every route shares.
fn split_api(state: &AppState) -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let (api, mut document) = api_routes(state).split_for_parts();
    crate::openapi::add_shared_answers(&mut document);
    crate::openapi::constrain_shared_parameters(&mut document);
    crate::openapi::apply_field_marks(&mut document);
    crate::openapi::forbid_nul_in_text(&mut document);
    (api, document)
}

/// The application router with all layers.
pub fn build(state: AppState) -> Router {
    build_with(state, Router::new())
}

/// The application router with extra API routes under the same layers (tests use it to prove
/// how the layers treat handlers that fail in ways real ones should not, such as panics).
pub fn build_with(state: AppState, extra_api: Router<AppState>) -> Router {
    let (api, document) = split_api(&state);
    let api = api.merge(extra_api);
    let document = Arc::new(document.to_pretty_json().unwrap_or_default());
    let settings = &state.settings.http;
    let api = api
        .route("/openapi.json", get(move || openapi_json(document.clone())))
        .fallback(|| async { ApiError::not_found() })
        .route_layer(axum::middleware::from_fn(metrics::track))
        .layer(
            ServiceBuilder::new()
                .layer(api_compression())
                .layer(axum::middleware::from_fn(error_shape::ensure_error_shape))
                .layer(axum::middleware::from_fn_with_state(state.clone(), rate_limit::limit))
                .layer(axum::middleware::from_fn_with_state(state.clone(), maintenance::gate))
                .layer(axum::middleware::from_fn(nul_text::refuse))
                .layer(TimeoutLayer::new(Duration::from_millis(settings.request_timeout_ms)))
                .layer(DefaultBodyLimit::max(settings.body_limit_bytes))
                .layer(axum::middleware::from_fn_with_state(
                    (state.clone(), crate::features::orders::kept_answer::ANSWER_KEPT_WITH_THE_ORDER),
                    idempotency::idempotent,
                )),
        );

    Router::new()
        .nest("/api", api)
        .route("/ws", get(live::ws::upgrade))
        .merge(health::router().route_layer(axum::middleware::from_fn(metrics::track)))
        .merge(web_shell::router(state.clone()))
        .layer(
            ServiceBuilder::new()
                .layer(axum::middleware::from_fn(idempotency::note_client_request_id))
                .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid))
                .layer(PropagateRequestIdLayer::x_request_id())
                .layer(TraceLayer::new_for_http().make_span_with(|request: &Request<_>| {
                    let request_id = request.headers().get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or("");
                    tracing::info_span!("request", method = %request.method(), path = %request.uri().path(), request_id = %request_id)
                }))
                .layer(axum::middleware::from_fn(api::lang::scope))
                .layer(axum::middleware::from_fn_with_state(state.clone(), security_headers::add))
                .layer(CatchPanicLayer::custom(panic::panic_to_response)),
        )
        .with_state(state)
}

/// API answers compressed (brotli or gzip, as the client accepts) once they are big enough for it to
/// pay: small JSON answers go out as they are, since compressing them costs more than it saves.
fn api_compression() -> CompressionLayer<impl Predicate> {
    const WORTH_COMPRESSING: u16 = 1024;
    CompressionLayer::new().compress_when(SizeAbove::new(WORTH_COMPRESSING).and(NotForContentType::IMAGES))
}

async fn openapi_json(document: Arc<String>) -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], (*document).clone())
}
