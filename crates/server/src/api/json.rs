//! A JSON body extractor whose failures answer in the API's error shape.

use axum::body::{Body, Bytes};
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
        let (parts, body) = request.into_parts();
        // Bytes first (the body limit still applies), so the text can be checked after parsing.
        let bytes = Bytes::from_request(Request::from_parts(parts.clone(), body), state)
            .await
            .map_err(|e| ApiError::for_status(e.status()))?;
        let value =
            match axum::Json::<T>::from_request(Request::from_parts(parts, Body::from(bytes.clone())), state).await {
                Ok(axum::Json(value)) => value,
                Err(rejection) => return Err(rejection_to_error(rejection)),
            };
        if has_nul_text(&bytes) {
            return Err(ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "invalid_request", messages::INVALID_REQUEST)
                .with_detail("text must not contain the NUL character"));
        }
        Ok(ApiJson(value))
    }
}

/// Whether any string or key of the JSON holds U+0000: no database text column can store it, so it
/// is refused here rather than failing deep inside a write. The escape is searched for first, so
/// ordinary bodies are not parsed twice.
fn has_nul_text(bytes: &[u8]) -> bool {
    fn holds_nul(value: &serde_json::Value) -> bool {
        match value {
            serde_json::Value::String(text) => text.contains('\0'),
            serde_json::Value::Array(items) => items.iter().any(holds_nul),
            serde_json::Value::Object(fields) => fields.iter().any(|(k, v)| k.contains('\0') || holds_nul(v)),
            _ => false,
        }
    }
    bytes.windows(6).any(|w| w == b"\\u0000")
        && serde_json::from_slice::<serde_json::Value>(bytes).is_ok_and(|value| holds_nul(&value))
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
    use super::has_nul_text;

    #[test]
    fn a_nul_character_in_any_text_is_found_but_an_escaped_backslash_before_u0000_is_not() {
        assert!(has_nul_text(br#"{"otpId":"\u0000"}"#));
        assert!(has_nul_text(br#"{"a":[1,{"b":"x\u0000y"}]}"#));
        assert!(has_nul_text(br#"{"k\u0000":1}"#));
        assert!(!has_nul_text(br#"{"otpId":"\\u0000"}"#));
        assert!(!has_nul_text(br#"{"otpId":"abc"}"#));
    }
}
