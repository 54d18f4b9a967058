//! The request headers of SPEC.md section 7, read once and sanitised.

use std::convert::Infallible;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::HeaderMap;

use super::Lang;

/// Most characters kept of an identifying header.
const HEADER_ID_LEN_MAX: usize = 128;

/// What the client says about itself on every call.
#[derive(Debug, Clone, Default)]
pub struct ClientHeaders {
    /// `x-language-code`.
    pub lang: Lang,
    /// `x-platform`, e.g. `desktop-web`.
    pub platform: Option<String>,
    /// `x-request-id`, the idempotency key of state-changing calls.
    pub request_id: Option<String>,
    /// `x-device-id`, the device a session belongs to.
    pub device_id: Option<String>,
    /// `x-firebase-id`, the push installation id (sent on POST).
    pub firebase_id: Option<String>,
    /// `User-Agent`.
    pub user_agent: Option<String>,
}

impl ClientHeaders {
    /// Reads the headers; malformed identifiers are dropped rather than trusted.
    pub fn from_headers(headers: &HeaderMap) -> Self {
        let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
        Self {
            lang: text("x-language-code").map(Lang::parse).unwrap_or_default(),
            platform: text("x-platform").and_then(identifier),
            request_id: text("x-request-id").and_then(identifier),
            device_id: text("x-device-id").and_then(identifier),
            firebase_id: text("x-firebase-id").and_then(identifier),
            user_agent: text("user-agent").map(|ua| ua.chars().take(512).collect()),
        }
    }
}

/// Accepts an opaque identifier: 1..=128 characters of `[A-Za-z0-9._:-]`.
pub fn identifier(value: &str) -> Option<String> {
    let value = value.trim();
    let ok = !value.is_empty()
        && value.len() <= HEADER_ID_LEN_MAX
        && value.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | ':' | '-'));
    ok.then(|| value.to_string())
}

impl<S: Send + Sync> FromRequestParts<S> for ClientHeaders {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(Self::from_headers(&parts.headers))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_with_odd_characters_or_too_long_are_dropped() {
        assert_eq!(identifier("3f2a-11ee:device_1.x"), Some("3f2a-11ee:device_1.x".into()));
        assert_eq!(identifier("<script>"), None);
        assert_eq!(identifier(""), None);
        assert_eq!(identifier(&"a".repeat(129)), None);
    }

    #[test]
    fn r7_01_the_section_7_headers_are_read() {
        let mut headers = HeaderMap::new();
        headers.insert("x-language-code", "en".parse().unwrap());
        headers.insert("x-platform", "desktop-web".parse().unwrap());
        headers.insert("x-request-id", "req-1".parse().unwrap());
        headers.insert("x-device-id", "dev-1".parse().unwrap());
        headers.insert("x-firebase-id", "fb-1".parse().unwrap());
        let read = ClientHeaders::from_headers(&headers);
        assert_eq!(read.lang, Lang::En);
        assert_eq!(read.platform.as_deref(), Some("desktop-web"));
        assert_eq!(read.request_id.as_deref(), Some("req-1"));
        assert_eq!(read.device_id.as_deref(), Some("dev-1"));
        assert_eq!(read.firebase_id.as_deref(), Some("fb-1"));
    }
}
