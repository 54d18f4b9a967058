//! The API conventions every feature shares (DESIGN.md "API"): the `{data}` envelope, the error
//! shape with localised messages, the request headers of SPEC.md section 7, and the JSON extractor.

pub mod auth;
pub mod client_address;
pub mod envelope;
pub mod error;
pub mod headers;
pub mod json;
pub mod lang;
pub mod paging;

pub use envelope::{Data, SecretData};
pub use error::{ApiError, ApiResult, ErrorBody, Msg};
pub use headers::ClientHeaders;
pub use json::ApiJson;
pub use lang::Lang;
