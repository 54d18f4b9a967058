//! Every failed `/api` response leaves in the error shape, including the ones axum and tower make
//! themselves (405, 413, 408 …), never as bare text or HTML.

use axum::extract::Request;
use axum::http::header::CONTENT_TYPE;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::api::error::ShapedError;
use crate::api::ApiError;

/// Middleware: reshapes unshaped API error responses.
pub async fn ensure_error_shape(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    if status.as_u16() < 400 || response.extensions().get::<ShapedError>().is_some() || is_json(&response) {
        return response;
    }
    let retry_after = response.headers().get(axum::http::header::RETRY_AFTER).cloned();
    let mut shaped = ApiError::for_status(status).into_response();
    if let Some(value) = retry_after {
        shaped.headers_mut().insert(axum::http::header::RETRY_AFTER, value);
    }
    shaped
}

fn is_json(response: &Response) -> bool {
    response
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"))
}
