//! A JSON body extractor whose failures answer in the API's error shape.

use axum::body::{Body, Bytes};
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use serde::de::DeserializeOwned;

use super::error::messages;
use super::ApiError;

/// Like `axum::Json`, but a bad body becomes a localised `ApiError`, text holding U+0000 is refused,
/// and a whole number written with a fraction (`3.0`) is read as the integer it is: JSON Schema's
/// `integer` (which the OpenAPI document states) includes it, while serde's integer types refuse it.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiJson<T>(pub T);

impl<T, S> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let (parts, body) = request.into_parts();
        // Bytes first (the body limit still applies), so the text can be checked and read again.
        let bytes = Bytes::from_request(Request::from_parts(parts.clone(), body), state)
            .await
            .map_err(|e| ApiError::for_status(e.status()))?;
        let value =
            match axum::Json::<T>::from_request(Request::from_parts(parts, Body::from(bytes.clone())), state).await {
                Ok(axum::Json(value)) => value,
                // Read again only without a repeated key: a `Value` would silently keep its last value.
                Err(JsonRejection::JsonDataError(refused)) => match super::unique_keys::parse(&bytes) {
                    Some(value) => read_whole_floats_as_integers(value)?,
                    None => return Err(rejection_to_error(JsonRejection::JsonDataError(refused))),
                },
                Err(rejection) => return Err(rejection_to_error(rejection)),
            };
        // The escape is searched for first, so ordinary bodies are not parsed twice.
        if bytes.windows(6).any(|w| w == b"\\u0000")
            && serde_json::from_slice::<serde_json::Value>(&bytes).is_ok_and(|v| holds_nul(&v))
        {
            return Err(ApiError::new(StatusCode::BAD_REQUEST, "invalid_request", messages::INVALID_REQUEST)
                .with_detail("text must not contain the NUL character"));
        }
        Ok(ApiJson(value))
    }
}

/// The slow path of a body serde refused: read again with `3.0` as `3`; a refusal still names the
/// field as axum's extractor does.
fn read_whole_floats_as_integers<T: DeserializeOwned>(mut value: serde_json::Value) -> Result<T, ApiError> {
    whole_floats_to_integers(&mut value);
    let text = serde_json::to_vec(&value).map_err(|_| ApiError::for_status(StatusCode::BAD_REQUEST))?;
    axum::Json::<T>::from_bytes(&text).map(|axum::Json(body)| body).map_err(rejection_to_error)
}

/// Whether any string or key of the JSON holds U+0000: no database text column can store it, so it
/// is refused here rather than failing deep inside a write.
fn holds_nul(value: &serde_json::Value) -> bool {
    match value {
        serde_json::Value::String(text) => text.contains('\0'),
        serde_json::Value::Array(items) => items.iter().any(holds_nul),
        serde_json::Value::Object(fields) => fields.iter().any(|(k, v)| k.contains('\0') || holds_nul(v)),
        _ => false,
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

    #[test]
    fn a_nul_character_in_any_text_is_found_but_an_escaped_backslash_before_u0000_is_not() {
        let read = |text: &str| holds_nul(&serde_json::from_str(text).unwrap_or_default());
        assert!(read(r#"{"otpId":"\u0000"}"#));
        assert!(read(r#"{"a":[1,{"b":"x\u0000y"}]}"#));
        assert!(read(r#"{"k\u0000":1}"#));
        assert!(!read(r#"{"otpId":"\\u0000"}"#));
        assert!(!read(r#"{"otpId":"abc"}"#));
    }
}
