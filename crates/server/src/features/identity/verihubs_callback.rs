//! Verihubs' decision callbacks (`POST /api/v1/user/kyc/verihubs-callback`): JSON with the
//! verification `id`, our `reference_id`, `status` (`VERIFIED` or `REJECTED`) and a `reason`,
//! signed in `X-Verihubs-Signature` as hex HMAC-SHA256 of the raw body under the callback secret.
//! A valid decision is recorded on the submission and applied at once by the same settle step as
//! the sandbox's decisions (`kyc::settle`), so the user's apps are told the same way; repeated
//! callbacks find nothing pending and change nothing. Bad signatures are refused with 401.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use hmac::{Hmac, Mac};
use secrecy::ExposeSecret;
use serde_json::Value;
use sha2::Sha256;

use super::kyc;
use super::kyc_repo;
use super::verihubs_kyc::{decision_of, PROVIDER};
use crate::api::{ApiError, ApiResult};
use crate::config::production::KycProvider;
use crate::state::AppState;

/// Whether `signature_hex` is the body's HMAC-SHA256 under `secret`, compared in constant time.
fn signed(secret: &[u8], body: &[u8], signature_hex: &[u8]) -> bool {
    let Ok(signature) = hex::decode(signature_hex) else { return false };
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes any key length");
    mac.update(body);
    mac.verify_slice(&signature).is_ok()
}

/// Verihubs' decision callback: checks the signature, then applies the decision once.
#[utoipa::path(post, path = "/v1/user/kyc/verihubs-callback", tag = "identity",
    request_body(content = Object, content_type = "application/json",
        description = "Verihubs' verification result (id, reference_id, status, reason)"),
    params(("x-verihubs-signature" = String, Header, description = "hex HMAC-SHA256 of the body")),
    responses((status = 200, description = "Accepted"), (status = 400, body = crate::api::ErrorBody),
        (status = 401, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
pub async fn callback(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> ApiResult<StatusCode> {
    let settings = &state.settings.providers;
    // Without Verihubs there is nothing here to call back.
    let (KycProvider::Verihubs, Some(secret)) = (settings.kyc, settings.verihubs.callback_secret.as_ref()) else {
        return Err(ApiError::not_found());
    };
    let given = headers.get("x-verihubs-signature").map(axum::http::HeaderValue::as_bytes).unwrap_or_default();
    if !signed(secret.expose_secret().as_bytes(), &body, given) {
        tracing::warn!("verihubs callback with a bad signature refused");
        return Err(ApiError::unauthorized());
    }
    let event: Value = serde_json::from_slice(&body).map_err(|e| ApiError::invalid(e.to_string()))?;
    let text = |name: &str| event.get(name).and_then(Value::as_str);
    let reference = text("id").ok_or_else(|| ApiError::invalid("id"))?;
    let status = text("status").ok_or_else(|| ApiError::invalid("status"))?;
    let Some((decision, reason)) = decision_of(status, text("reason")) else {
        return Ok(StatusCode::OK);
    };
    let now = state.clock.now_ms();
    if let Some(user_id) = kyc_repo::provider_decision(&state.db, PROVIDER, reference, decision, reason, now).await? {
        kyc::settle(&state, &user_id).await?;
    }
    Ok(StatusCode::OK)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_are_hmac_sha256_of_the_body() {
        // Computed independently (Python's hmac and hashlib).
        let body = br#"{"id":"vh-1","status":"VERIFIED"}"#;
        let expected = "133c57fe83a9f1f5a0e37334ace84fa2f99860cc603d49e700d0e47c5f4895b2";
        assert!(signed(b"secret", body, expected.as_bytes()));
        assert!(!signed(b"secreT", body, expected.as_bytes()));
        assert!(!signed(b"secret", br#"{"id":"vh-1","status":"REJECTED"}"#, expected.as_bytes()));
        assert!(!signed(b"secret", body, b"zz"));
    }
}
