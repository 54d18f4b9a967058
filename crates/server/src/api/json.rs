//! A JSON body extractor whose failures answer in the API's error shape.

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use serde::de::DeserializeOwned;

use super::error::messages;
use super::ApiError;

/// Like `axum::Json`, but a bad body becomes a localised `ApiError`, and a whole number written with
/// a fraction (`3.0`) is read as the integer it is: JSON Schema's `integer` (which the OpenAPI
/// document states) includes it, while serde's integer types refuse it.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiJson<T>(pub T);

impl<T, S> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let axum::Json(mut value) =
            axum::Json::<serde_json::Value>::from_request(request, state).await.map_err(rejection_to_error)?;
        if let Ok(body) = T::deserialize(&value) {
            return Ok(ApiJson(body));
        }
        whole_floats_to_integers(&mut value);
        // Read again from the text, so that a refusal names the field as axum's extractor does.
        let text = serde_json::to_vec(&value).map_err(|_| ApiError::for_status(StatusCode::BAD_REQUEST))?;
        match axum::Json::<T>::from_bytes(&text) {
            Ok(axum::Json(body)) => Ok(ApiJson(body)),
            Err(rejection) => Err(rejection_to_error(rejection)),
        }
    }
}

/// Rewrites every number with a zero fraction that fits an integer (`3.0`) as that integer (`3`).
fn whole_floats_to_integers(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Number(number) => {
            if let Some(float) = number.as_f64().filter(|f| number.is_f64() && f.fract() == 0.0) {
                // In range of i64 the cast is exact for a whole f64; outside it the number stays.
                if float >= i64::MIN as f64 && float < i64::MAX as f64 {
                    *number = serde_json::Number::from(float as i64);
                }
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(whole_floats_to_integers),
        serde_json::Value::Object(fields) => fields.values_mut().for_each(whole_floats_to_integers),
        _ => {}
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_written_with_a_fraction_become_integers_and_others_stay() {
        let mut value = serde_json::json!({"leverage": 3.0, "list": [1.0, 1.5, -2.0], "big": 1e300, "text": "4.0"});
        whole_floats_to_integers(&mut value);
        assert_eq!(value, serde_json::json!({"leverage": 3, "list": [1, 1.5, -2], "big": 1e300, "text": "4.0"}));
    }
}
