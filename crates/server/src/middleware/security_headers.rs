//! The response headers every answer carries so browsers take the safe reading: no content-type
//! sniffing, no framing by other sites (clickjacking of the order and PIN screens), referrers cut
//! to the origin across sites, no camera, microphone, location or payment APIs, a window no other
//! site's page can reach, and, behind HTTPS, HSTS. A handler that sets one of them keeps its own.

use axum::extract::{Request, State};
use axum::http::{header, HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;

use crate::state::AppState;

const ALWAYS: [(HeaderName, HeaderValue); 5] = [
    (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
    (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
    (header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin")),
    (
        HeaderName::from_static("permissions-policy"),
        HeaderValue::from_static("camera=(), microphone=(), geolocation=(), payment=()"),
    ),
    (HeaderName::from_static("cross-origin-opener-policy"), HeaderValue::from_static("same-origin")),
];

/// HSTS, sent only when the public address is HTTPS: over plain HTTP a browser ignores it, and a
/// development server must not teach browsers to refuse HTTP on its host.
const HSTS: HeaderValue = HeaderValue::from_static("max-age=31536000; includeSubDomains");

/// Middleware: adds the headers the answer does not already have.
pub async fn add(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    for (name, value) in ALWAYS {
        headers.entry(name).or_insert(value);
    }
    if state.settings.http.public_url.starts_with("https://") {
        headers.entry(header::STRICT_TRANSPORT_SECURITY).or_insert(HSTS);
    }
    response
}
