//! The success envelope `{"data": …}`.

use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// A successful response body: `{"data": T}`.
#[derive(Debug, Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct Data<T> {
    /// The payload.
    pub data: T,
}

impl<T> Data<T> {
    /// Wraps a payload.
    pub fn new(data: T) -> Self {
        Self { data }
    }
}

impl<T: Serialize> IntoResponse for Data<T> {
    fn into_response(self) -> Response {
        axum::Json(self).into_response()
    }
}
