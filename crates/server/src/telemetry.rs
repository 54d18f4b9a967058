//! Structured logs through `tracing`, human-readable or JSON, carrying the request id of the span.

use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::EnvFilter;

use crate::config::LogSettings;

/// Installs the global subscriber; later calls (tests starting many apps) do nothing.
pub fn init(settings: &LogSettings) {
    let filter = EnvFilter::try_from_env("RUST_LOG").unwrap_or_else(|_| EnvFilter::new(&settings.filter));
    let registry = tracing_subscriber::registry().with(filter);
    let _ = if settings.format == "json" {
        registry.with(tracing_subscriber::fmt::layer().json().with_current_span(true)).try_init()
    } else {
        registry.with(tracing_subscriber::fmt::layer()).try_init()
    };
}
