//! A JSON body extractor whose failures answer in the API's error shape.

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use serde::de::DeserializeOwned;

use super::error::messages;
use super::ApiError;

/// Like `axum::Json`, but a bad body becomes a localised `ApiError`.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiJson<T>(pub T);

impl<T, S> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(request, state).await {
            Ok(axum::Json(value)) => Ok(ApiJson(value)),
            Err(rejection) => Err(rejection_to_error(rejection)),
        }
    }
}

fn rejection_to_error(rejection: JsonRejection) -> ApiError {
    match rejection {
        JsonRejection::MissingJsonContentType(_) => ApiError::for_status(StatusCode::UNSUPPORTED_MEDIA_TYPE),
        JsonRejection::JsonSyntaxError(e) => {
            ApiError::new(StatusCode::BAD_REQUEST, "invalid_json", messages::INVALID_JSON).with_detail(e.body_text())
        }
        JsonRejection::JsonDataError(e) => {
            ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "invalid_request", messages::INVALID_REQUEST)
                .with_detail(e.body_text())
        }
        JsonRejection::BytesRejection(e) => ApiError::for_status(e.status()),
        other => ApiError::for_status(other.status()),
    }
}
