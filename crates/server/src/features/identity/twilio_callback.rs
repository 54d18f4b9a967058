//! Twilio's message status callbacks (`POST /api/v1/sms/twilio-status`, form-encoded
//! `MessageSid`, `MessageStatus`, `ErrorCode`…). Twilio signs each one in `X-Twilio-Signature`:
//! base64 of HMAC-SHA1, keyed by the auth token, over the callback URL it was given followed by
//! every form parameter's name and value, sorted by name. A request without a valid signature is
//! refused with 403 and changes nothing; repeats and late, older statuses are accepted and ignored.

use axum::extract::rejection::FormRejection;
use axum::extract::{Form, State};
use axum::http::{HeaderMap, StatusCode};
use base64::Engine;
use hmac::{Hmac, Mac};
use secrecy::ExposeSecret;
use sha1::Sha1;

use super::sms_deliveries;
use super::twilio_sms::status_callback_url;
use crate::api::{ApiError, ApiResult, Msg};
use crate::config::production::SmsProvider;
use crate::state::AppState;

/// The HMAC-SHA1 over `url` and the parameters' names and values, sorted by name.
fn mac(auth_token: &str, url: &str, params: &[(String, String)]) -> Hmac<Sha1> {
    let mut sorted: Vec<&(String, String)> = params.iter().collect();
    // Twilio sorts by name; a repeated name's values are sorted too, as its helper libraries do.
    sorted.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
    let mut mac = Hmac::<Sha1>::new_from_slice(auth_token.as_bytes()).expect("HMAC takes any key length");
    mac.update(url.as_bytes());
    for (name, value) in sorted {
        mac.update(name.as_bytes());
        mac.update(value.as_bytes());
    }
    mac
}

/// Whether `given` is the signature of the request, compared in constant time.
fn signed(auth_token: &str, url: &str, params: &[(String, String)], given: &[u8]) -> bool {
    let Ok(given) = base64::engine::general_purpose::STANDARD.decode(given) else { return false };
    mac(auth_token, url, params).verify_slice(&given).is_ok()
}

fn forged() -> ApiError {
    ApiError::new(
        StatusCode::FORBIDDEN,
        "bad_signature",
        Msg::fixed("Tanda tangan permintaan tidak sah.", "The request's signature is not valid."),
    )
}

/// Twilio's status callback: checks the signature, then moves the delivery forward.
#[utoipa::path(post, path = "/v1/sms/twilio-status", tag = "identity",
    request_body(content = Object, content_type = "application/x-www-form-urlencoded",
        description = "Twilio's message status callback (MessageSid, MessageStatus, ErrorCode, …)"),
    params(("x-twilio-signature" = String, Header, description = "base64 HMAC-SHA1 of the URL and sorted parameters")),
    responses((status = 204, description = "Accepted"), (status = 400, body = crate::api::ErrorBody),
        (status = 403, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
pub async fn status_callback(
    State(state): State<AppState>,
    headers: HeaderMap,
    form: Result<Form<Vec<(String, String)>>, FormRejection>,
) -> ApiResult<StatusCode> {
    let twilio = &state.settings.providers.twilio;
    // Without Twilio there is nothing here to call back.
    let (SmsProvider::Twilio, Some(token)) = (state.settings.providers.sms, twilio.auth_token.as_ref()) else {
        return Err(ApiError::not_found());
    };
    let Form(params) = form.map_err(|e| ApiError::invalid(e.body_text()))?;
    let given = headers.get("x-twilio-signature").map(axum::http::HeaderValue::as_bytes).unwrap_or_default();
    let url = status_callback_url(&state.settings.http.public_url);
    if !signed(token.expose_secret(), &url, &params, given) {
        tracing::warn!("twilio status callback with a bad signature refused");
        return Err(forged());
    }
    // No database text column can hold U+0000 (PostgreSQL refuses it): a bad request, not a failed query.
    if params.iter().any(|(name, value)| name.contains('\0') || value.contains('\0')) {
        return Err(ApiError::invalid("a form parameter holds the NUL character"));
    }
    let field = |name: &str| params.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str()).filter(|v| !v.is_empty());
    let message_id = field("MessageSid").ok_or_else(|| ApiError::invalid("MessageSid"))?;
    let status = field("MessageStatus").ok_or_else(|| ApiError::invalid("MessageStatus"))?;
    sms_deliveries::advance(&state.db, message_id, status, field("ErrorCode"), state.clock.now_ms()).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params() -> Vec<(String, String)> {
        [("MessageStatus", "delivered"), ("MessageSid", "SM0123"), ("AccountSid", "AC42"), ("To", "+6281234567890")]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn the_signature_is_hmac_sha1_over_the_url_and_sorted_parameters() {
        // Computed independently (Python's hmac and hashlib) from the documented algorithm.
        let url = "https://app.example.co.id/api/v1/sms/twilio-status";
        let expected = "2ziOu2xnEJiZr7X9VhoPkww1Yq0=";
        assert!(signed("token-123", url, &params(), expected.as_bytes()));
        assert!(!signed("token-124", url, &params(), expected.as_bytes()));
        assert!(!signed("token-123", "https://evil.example/api/v1/sms/twilio-status", &params(), expected.as_bytes()));
        let mut changed = params();
        changed[0].1 = "failed".into();
        assert!(!signed("token-123", url, &changed, expected.as_bytes()));
        assert!(!signed("token-123", url, &params(), b"not base64!"));
    }
}
