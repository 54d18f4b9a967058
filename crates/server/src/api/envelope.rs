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

/// Marks an answer that holds live credentials (session tokens, verification or change tokens, a
/// deep-link token): the idempotency layer never stores it, so no secret sits in its table.
#[derive(Debug, Clone, Copy)]
pub struct HoldsSecrets;

/// Marks an answer its handler already stored for its request's idempotency key, in the
/// transaction that did the work (`store::idempotency::keep_in`): the idempotency layer stores
/// nothing more.
#[derive(Debug, Clone, Copy)]
pub struct AnswerKept;

/// A `{"data": T}` answer whose payload is a credential (see [`HoldsSecrets`]).
#[derive(Debug)]
pub struct SecretData<T>(pub Data<T>);

impl<T> SecretData<T> {
    /// Wraps a payload that holds a credential.
    pub fn new(data: T) -> Self {
        Self(Data::new(data))
    }
}

impl<T: Serialize> IntoResponse for SecretData<T> {
    fn into_response(self) -> Response {
        let mut response = self.0.into_response();
        response.extensions_mut().insert(HoldsSecrets);
        response
    }
}
