//! Xendit's payment callbacks (`POST /api/v1/wallet/topup/xendit-callback`): the
//! `x-callback-token` header must equal the dashboard's verification token (compared in constant
//! time), then `payment.succeeded` credits and `payment.failed` closes the top-up through the same
//! `settle` as every gateway, which credits once however often Xendit repeats a callback.
//! Reconciliation of callbacks that never came: `reconcile_pending`.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use domain::clock::ms;
use secrecy::ExposeSecret;
use serde_json::Value;

use super::gateway::{GatewayCallback, IssuedPayment, PaymentStatus};
use super::topup::settle;
use super::topup_repo;
use super::xendit::sen_of;
use crate::api::{ApiError, ApiResult};
use crate::state::AppState;

/// Top-ups asked about per reconciliation pass.
const RECONCILE_BATCH: i64 = 100;
/// How far back a pass looks: a payment older than this is settled by hand, not by the job.
const RECONCILE_WINDOW_MS: i64 = 3 * ms::DAY;

/// Equal in constant time for equal lengths (the token's length is no secret).
fn same_token(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Checks a Xendit callback's `x-callback-token` against the dashboard's verification token (in
/// constant time). Without a configured token there is no Xendit here: 404.
pub(super) fn check_token(state: &AppState, headers: &HeaderMap) -> ApiResult<()> {
    let Some(expected) = state.settings.providers.xendit.callback_token.as_ref() else {
        return Err(ApiError::not_found());
    };
    let given = headers.get("x-callback-token").map(axum::http::HeaderValue::as_bytes).unwrap_or_default();
    if !same_token(expected.expose_secret().as_bytes(), given) {
        tracing::warn!("xendit callback with a wrong token refused");
        return Err(ApiError::unauthorized());
    }
    Ok(())
}

/// The gateway callback a Xendit payment event stands for; `None` for events that move no money.
fn callback_of(event: &Value) -> ApiResult<Option<GatewayCallback>> {
    let status = match event.get("event").and_then(Value::as_str) {
        Some("payment.succeeded") => "PAID",
        Some("payment.failed") => "FAILED",
        _ => return Ok(None),
    };
    let data = event.get("data").ok_or_else(|| ApiError::invalid("data"))?;
    let text = |name: &str| {
        data.get(name).and_then(Value::as_str).map(str::to_string).ok_or_else(|| ApiError::invalid(name.to_string()))
    };
    Ok(Some(GatewayCallback {
        reference: text("payment_request_id")?,
        merchant_ref: text("reference_id")?,
        status: status.into(),
        gross_amount: data.get("amount").and_then(sen_of).ok_or_else(|| ApiError::invalid("amount"))?,
    }))
}

/// Xendit's payment callback: checks the token, then settles the top-up once.
#[utoipa::path(post, path = "/v1/wallet/topup/xendit-callback", tag = "wallet",
    request_body(content = Object, content_type = "application/json", description = "Xendit's `payment.succeeded` or `payment.failed` event"),
    params(("x-callback-token" = String, Header, description = "the dashboard's callback verification token")),
    responses((status = 200, description = "Accepted"), (status = 401, body = crate::api::ErrorBody),
        (status = 404, body = crate::api::ErrorBody)))]
pub async fn callback(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> ApiResult<StatusCode> {
    check_token(&state, &headers)?;
    let event: Value = serde_json::from_slice(&body).map_err(|e| ApiError::invalid(e.to_string()))?;
    if let Some(callback) = callback_of(&event)? {
        settle(&state, &callback).await?;
    }
    Ok(StatusCode::OK)
}

/// Asks the gateway about top-ups still unpaid some minutes after they were issued and settles
/// those it says were paid or failed: a callback lost on the way changes nothing in the end.
/// Returns how many it settled.
pub async fn reconcile_pending(state: &AppState) -> anyhow::Result<u64> {
    let now = state.clock.now_ms();
    let after_ms = ms::from_secs(state.settings.providers.xendit.reconcile_after_secs);
    let issued =
        topup_repo::unpaid_issued(&state.db, now - after_ms, now - RECONCILE_WINDOW_MS, RECONCILE_BATCH).await?;
    let mut settled = 0;
    for topup in issued {
        let payment = IssuedPayment { merchant_ref: topup.id, gateway_ref: topup.gateway_ref };
        let (status, gross_amount) = match state.wallet.gateway.status(&payment).await {
            Ok(PaymentStatus::Paid { gross_sen }) => ("PAID", gross_sen),
            Ok(PaymentStatus::Failed) => ("FAILED", 0),
            Ok(PaymentStatus::Pending) => continue,
            Err(e) => {
                tracing::warn!(error = %e, topup = %payment.merchant_ref, "could not ask the gateway about a top-up");
                continue;
            }
        };
        let gross_amount = if status == "FAILED" {
            topup_repo::gross_of(&state.db, &payment.merchant_ref).await?
        } else {
            gross_amount
        };
        let callback = GatewayCallback {
            reference: payment.gateway_ref,
            merchant_ref: payment.merchant_ref,
            status: status.into(),
            gross_amount,
        };
        match settle(state, &callback).await {
            Ok(()) => settled += 1,
            Err(e) => {
                tracing::warn!(error = ?e.code, topup = %callback.merchant_ref, "could not settle a reconciled top-up");
            }
        }
    }
    Ok(settled)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn tokens_match_only_when_equal() {
        assert!(same_token(b"abc", b"abc"));
        assert!(!same_token(b"abc", b"abd") && !same_token(b"abc", b"ab") && !same_token(b"abc", b""));
    }

    #[test]
    fn payment_events_map_to_callbacks_and_others_are_ignored() {
        let event = json!({"event": "payment.succeeded", "business_id": "b1", "data": {
            "id": "py-1", "payment_request_id": "pr-1", "reference_id": "topup-1", "status": "SUCCEEDED",
            "amount": 154_000, "currency": "IDR"}});
        let callback = callback_of(&event).unwrap().unwrap();
        assert_eq!((callback.reference.as_str(), callback.merchant_ref.as_str()), ("pr-1", "topup-1"));
        assert_eq!((callback.status.as_str(), callback.gross_amount), ("PAID", 15_400_000));
        assert!(callback_of(&json!({"event": "payment_method.activated", "data": {}})).unwrap().is_none());
        assert!(callback_of(&json!({"event": "payment.failed", "data": {"reference_id": "t"}})).is_err());
    }
}
