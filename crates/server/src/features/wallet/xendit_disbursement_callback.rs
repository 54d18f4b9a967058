//! Xendit's disbursement callback (`POST /api/v1/wallet/cashout/xendit-callback`): the same
//! `x-callback-token` check as the payment callback, then COMPLETED captures the cash-out's hold
//! and FAILED (with Xendit's `failure_code`) releases it, through the same `finish` as the job,
//! which ends a cash-out once however often Xendit repeats a callback.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use serde_json::Value;

use super::bank_gateway::Outcome;
use super::cashout_repo;
use super::disburse::finish;
use super::xendit::sen_of;
use super::xendit_bank::outcome_of;
use super::xendit_callback::check_token;
use crate::api::{ApiError, ApiResult};
use crate::config::production::BankProvider;
use crate::state::AppState;

/// Xendit's disbursement callback: checks the token and the transfer, then ends the cash-out once.
#[utoipa::path(post, path = "/v1/wallet/cashout/xendit-callback", tag = "wallet",
    request_body(content = Object, content_type = "application/json", description = "Xendit's disbursement callback (status COMPLETED or FAILED)"),
    params(("x-callback-token" = String, Header, description = "the dashboard's callback verification token")),
    responses((status = 200, description = "Accepted"), (status = 400, body = crate::api::ErrorBody),
        (status = 401, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
pub async fn callback(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> ApiResult<StatusCode> {
    if state.settings.providers.bank != BankProvider::Xendit {
        return Err(ApiError::not_found());
    }
    check_token(&state, &headers)?;
    let event: Value = serde_json::from_slice(&body).map_err(|e| ApiError::invalid(e.to_string()))?;
    let reference = event.get("external_id").and_then(Value::as_str).ok_or_else(|| ApiError::invalid("external_id"))?;
    let sent = cashout_repo::sent_transfer(&state.db, reference).await?.ok_or_else(ApiError::not_found)?;
    // A genuine callback names the transfer we asked for: its amount, and its id once we know it.
    if event.get("amount").and_then(sen_of) != Some(sent.amount - sent.fee) {
        return Err(ApiError::invalid("amount"));
    }
    if sent.disbursement_ref.is_some_and(|known| event.get("id").and_then(Value::as_str) != Some(known.as_str())) {
        return Err(ApiError::invalid("id"));
    }
    let outcome = outcome_of(&event, reference).map_err(|e| ApiError::invalid(e.to_string()))?;
    if !matches!(outcome, Outcome::Pending { .. }) && !finish(&state, reference, &outcome).await? {
        tracing::info!(cashout = %reference, "repeated xendit disbursement callback ignored");
    }
    Ok(StatusCode::OK)
}
