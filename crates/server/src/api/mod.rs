//! The API conventions every feature shares (DESIGN.md "API"): the `{data}` envelope, the error
//! shape with localised messages, the request headers of SPEC.md section 7, and the JSON extractor.

pub mod auth;
pub mod client_address;
pub mod entry_budget;
pub mod envelope;
pub mod error;
pub mod filled_text;
pub mod headers;
pub mod json;
pub mod lang;
pub mod paging;
pub mod snapshots;
pub mod unique_keys;

pub use envelope::{Data, SecretData};

/// The largest request body any route accepts (an identity submission with two photos); every other
/// route keeps the configured `http.body_limit_bytes`. Middleware that buffers bodies before the
/// route's own limit applies (idempotency) buffers up to this.
pub const UPLOAD_BYTES_MAX: usize = 2 * 1024 * 1024;
pub use error::{ApiError, ApiResult, ErrorBody, Msg};
pub use headers::ClientHeaders;
pub use json::ApiJson;
pub use lang::Lang;
