//! Prometheus metrics: requests and latency by route, and the database pool.

use std::sync::OnceLock;
use std::time::Instant;

use axum::extract::{MatchedPath, Request};
use axum::middleware::Next;
use axum::response::Response;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

/// Latency buckets in seconds, from sub-millisecond API calls to slow reports.
const LATENCY_BUCKETS_S: [f64; 12] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0];

/// The process-wide recorder; installed once even when tests start many apps.
pub fn recorder_handle() -> PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            let recorder = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Full("http_request_duration_seconds".into()), &LATENCY_BUCKETS_S)
                .expect("static buckets are valid")
                .build_recorder();
            let handle = recorder.handle();
            // Another recorder may already be set (e.g. by a test harness); ours then only renders.
            let _ = metrics::set_global_recorder(recorder);
            handle
        })
        .clone()
}

/// Middleware: counts requests and records their latency, labelled by route template.
pub async fn track(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().to_string();
    // Route templates, never raw paths, so labels stay bounded.
    let route = request.extensions().get::<MatchedPath>().map_or_else(
        || {
            if request.uri().path().starts_with("/api") {
                "/api/unmatched".into()
            } else {
                "/web".into()
            }
        },
        |p| p.as_str().to_string(),
    );
    let response = next.run(request).await;
    let status = response.status().as_u16().to_string();
    let labels = [("method", method), ("route", route), ("status", status)];
    metrics::counter!("http_requests_total", &labels).increment(1);
    metrics::histogram!("http_request_duration_seconds", &labels).record(started.elapsed().as_secs_f64());
    response
}
