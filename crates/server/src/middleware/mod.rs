//! Cross-cutting request handling, applied once in `router.rs`.

pub mod error_shape;
pub mod idempotency;
pub mod metrics;
pub mod nul_text;
pub mod panic;
pub mod rate_limit;
pub mod security_headers;
