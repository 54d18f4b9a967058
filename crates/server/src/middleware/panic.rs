//! Panics inside a handler become a logged 500 in the error shape.

use std::any::Any;

use axum::response::{IntoResponse, Response};

use crate::api::ApiError;

/// `CatchPanicLayer` handler.
pub fn panic_to_response(panic: Box<dyn Any + Send + 'static>) -> Response {
    let detail = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("unknown panic");
    ApiError::internal(format_args!("handler panicked: {detail}")).into_response()
}
