//! Top-up: pick a channel and amount, get payment instructions, pay; the gateway's signed webhook
//! credits the wallet exactly once however often it is delivered. Unpaid top-ups expire.

use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use domain::clock::ms;
use domain::ledger::EntryReason;
use domain::money::IDR;
use domain::money::{MinorUnits, Scale};
use domain::wallet::SandboxPaymentState;
use domain::wallet::{PaymentOutcome, TopupStatus};
use serde::{Deserialize, Serialize};
use store::ledger::{self, NewEntry, Posting};
use utoipa::{IntoParams, ToSchema};

use super::accounts;
use super::channels::{self, Channel, CHANNELS, GOPAY_LIMIT_SEN};
use super::gateway::{self, GatewayCallback, Instructions, PaymentRequest};
use super::topup_repo::{self, NewTopup};
use super::{sandbox_repo, transitions_repo};
use crate::api::auth::AuthUser;
use crate::api::{ApiError, ApiJson, ApiResult, Data, Msg};
use crate::features::live;
use crate::state::AppState;

/// A top-up method as listed.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TopupMethod {
    /// paymentChannel code.
    #[schema(format = "payment-channel")]
    pub payment_channel: String,
    /// Display name.
    pub name: String,
    /// VIRTUAL_ACCOUNT, EWALLET or QRIS.
    pub kind: channels::ChannelKind,
}

/// The limits and fee of one channel (input-variables).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InputVariables {
    /// paymentChannel code.
    #[schema(format = "payment-channel")]
    pub payment_channel: String,
    /// Smallest amount, rupiah.
    pub minimum_amount: String,
    /// Largest amount, rupiah.
    pub maximum_amount: String,
    /// Flat fee, rupiah.
    pub fee_flat: String,
    /// Percentage fee, e.g. "1.50".
    pub fee_percentage: String,
    /// Minutes before an unpaid top-up expires.
    pub expiry_minutes: i64,
}

/// Which channel.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ChannelQuery {
    /// paymentChannel code, e.g. `BCA_VA`.
    #[param(format = "payment-channel")]
    pub payment_channel: String,
}

/// A top-up to create.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CreateTopup {
    /// paymentChannel code.
    #[schema(format = "payment-channel")]
    pub payment_channel: String,
    /// Rupiah to reach the wallet, e.g. "150000".
    #[schema(format = "decimal")]
    pub amount: String,
}

/// A top-up and how to pay it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Topup {
    /// Id.
    pub id: String,
    /// paymentChannel code.
    pub payment_channel: String,
    /// Rupiah that reach the wallet.
    pub amount: String,
    /// Channel fee the payer adds.
    pub fee: String,
    /// What the payer pays.
    pub total: String,
    /// PENDING, PAID, EXPIRED or FAILED.
    pub status: TopupStatus,
    /// How to pay.
    pub instructions: Instructions,
    /// Created, Unix ms.
    pub created_at_ms: i64,
    /// Payable until, Unix ms.
    pub expires_at_ms: i64,
    /// Paid, Unix ms.
    pub paid_at_ms: Option<i64>,
}

/// The GoPay limit per transaction.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GopayLimit {
    /// Rupiah.
    pub limit: String,
}

fn unknown_channel() -> ApiError {
    ApiError::new(
        StatusCode::BAD_REQUEST,
        "unknown_payment_channel",
        Msg::fixed("Metode pembayaran tidak dikenal.", "Unknown payment method."),
    )
}

fn outside_limits(channel: &Channel) -> ApiError {
    ApiError::new(
        StatusCode::BAD_REQUEST,
        "amount_outside_limits",
        Msg::owned(
            format!(
                "Nominal harus antara Rp{} dan Rp{}.",
                MinorUnits::idr(channel.min_sen),
                MinorUnits::idr(channel.max_sen)
            ),
            format!(
                "The amount must be between Rp{} and Rp{}.",
                MinorUnits::idr(channel.min_sen),
                MinorUnits::idr(channel.max_sen)
            ),
        ),
    )
}

/// The top-up methods.
#[utoipa::path(get, path = "/v1/wallet/topup-methods", tag = "wallet", responses((status = 200, body = Data<Vec<TopupMethod>>)))]
pub async fn topup_methods() -> Data<Vec<TopupMethod>> {
    Data::new(
        CHANNELS
            .iter()
            .map(|c| TopupMethod { payment_channel: c.code.into(), name: c.name.into(), kind: c.kind })
            .collect(),
    )
}

/// Limits and fee of a channel.
#[utoipa::path(get, path = "/v1/wallet/input-variables", tag = "wallet", params(ChannelQuery),
    responses((status = 200, body = Data<InputVariables>), (status = 400, body = crate::api::ErrorBody)))]
pub async fn input_variables(Query(query): Query<ChannelQuery>) -> ApiResult<Data<InputVariables>> {
    let channel = channels::find(&query.payment_channel).ok_or_else(unknown_channel)?;
    Ok(Data::new(InputVariables {
        payment_channel: channel.code.into(),
        minimum_amount: MinorUnits::idr(channel.min_sen).to_string(),
        maximum_amount: MinorUnits::idr(channel.max_sen).to_string(),
        fee_flat: MinorUnits::idr(channel.fee_flat_sen).to_string(),
        fee_percentage: domain::format::bps_percent_text(channel.fee_bps),
        expiry_minutes: channel.expiry_minutes,
    }))
}

/// GoPay's per-transaction limit.
#[utoipa::path(get, path = "/v1/wallet/gopay-limit", tag = "wallet", responses((status = 200, body = Data<GopayLimit>)))]
pub async fn gopay_limit() -> Data<GopayLimit> {
    Data::new(GopayLimit { limit: MinorUnits::idr(GOPAY_LIMIT_SEN).to_string() })
}

/// Creates a top-up and returns how to pay it.
#[utoipa::path(post, path = "/v1/wallet/topup", tag = "wallet", security(("bearer" = [])), request_body = CreateTopup,
    responses((status = 200, body = Data<Topup>), (status = 400, body = crate::api::ErrorBody), (status = 401, body = crate::api::ErrorBody),
        (status = 503, body = crate::api::ErrorBody)))]
pub async fn create_topup(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<CreateTopup>,
) -> ApiResult<Data<Topup>> {
    let channel = channels::find(&body.payment_channel).ok_or_else(unknown_channel)?;
    let amount = MinorUnits::parse_positive(&body.amount, Scale::IDR)
        .map(MinorUnits::count)
        .map_err(|_| ApiError::invalid("amount: a positive number with at most 2 decimals"))?;
    if !channel.accepts(amount) {
        return Err(outside_limits(channel));
    }
    let fee = channel.fee_for(amount)?;
    let id = uuid::Uuid::now_v7().to_string();
    let now = state.clock.now_ms();
    let expires_at = now + channel.expiry_minutes * ms::MINUTE;
    // Our row comes first: once the gateway has issued a payment, someone can pay it, and a payment
    // must always find its top-up, even if this process dies before the gateway answers.
    let unissued = Instructions { gateway_ref: unissued_ref(&id), va_number: None, qr_payload: None, deeplink: None };
    let instructions = serde_json::to_string(&unissued).map_err(ApiError::internal)?;
    let new = NewTopup {
        id: &id,
        user_id: &caller.user_id,
        channel: channel.code,
        amount,
        fee,
        gateway_ref: &unissued.gateway_ref,
        instructions: &instructions,
        created_at_ms: now,
        expires_at_ms: expires_at,
    };
    let mut wtx = state.db.begin_write().await?;
    topup_repo::insert(&mut wtx.tx, &new).await?;
    transitions_repo::record_in(&mut wtx.tx, &id, TopupStatus::Pending, None, now).await?;
    wtx.commit().await?;

    let request =
        PaymentRequest { merchant_ref: id.clone(), channel, gross_sen: amount + fee, expires_at_ms: expires_at };
    match state.wallet.gateway.create(request).await {
        Ok(instructions) => {
            let issued = serde_json::to_string(&instructions).map_err(ApiError::internal)?;
            topup_repo::set_issued(&state.db, &id, &instructions.gateway_ref, &issued).await?;
        }
        Err(e) => {
            tracing::warn!(error = %e, topup = %id, "the payment gateway did not issue a payment");
            close_unissued(&state, &id).await?;
            return Err(gateway_unavailable());
        }
    }
    Ok(Data::new(load(&state, &caller.user_id, &id).await?))
}

/// The placeholder reference of a top-up the gateway has not issued yet (unique, like real ones).
fn unissued_ref(id: &str) -> String {
    format!("unissued:{id}")
}

/// Closes a top-up the gateway refused to issue: nothing can be paid, so nothing is owed.
async fn close_unissued(state: &AppState, id: &str) -> ApiResult<()> {
    let mut tx = state.db.begin_write().await?;
    let closed = topup_repo::fail_pending(&mut tx.tx, id).await?;
    if closed {
        transitions_repo::record_in(
            &mut tx.tx,
            id,
            TopupStatus::Failed,
            Some("gateway unavailable"),
            state.clock.now_ms(),
        )
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

fn gateway_unavailable() -> ApiError {
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "gateway_unavailable",
        Msg::fixed(
            "Layanan pembayaran sedang tidak tersedia. Coba lagi sebentar lagi.",
            "The payment service is unavailable. Please try again shortly.",
        ),
    )
}

/// Which top-up.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TopupQuery {
    /// The top-up id.
    pub id: String,
}

/// A top-up's status.
#[utoipa::path(get, path = "/v1/wallet/topup-status", tag = "wallet", security(("bearer" = [])), params(TopupQuery),
    responses((status = 200, body = Data<Topup>), (status = 404, body = crate::api::ErrorBody)))]
pub async fn topup_status(
    State(state): State<AppState>,
    caller: AuthUser,
    Query(query): Query<TopupQuery>,
) -> ApiResult<Data<Topup>> {
    Ok(Data::new(load(&state, &caller.user_id, &query.id).await?))
}

/// Loads a top-up of `user_id` (another user's is as good as missing: 404).
pub async fn load(state: &AppState, user_id: &str, id: &str) -> ApiResult<Topup> {
    let row = topup_repo::of_user(&state.db, user_id, id).await?.ok_or_else(ApiError::not_found)?;
    Ok(Topup {
        id: row.id,
        payment_channel: row.channel,
        amount: MinorUnits::idr(row.amount).to_string(),
        fee: MinorUnits::idr(row.fee).to_string(),
        total: MinorUnits::idr(row.amount + row.fee).to_string(),
        status: row.status,
        instructions: serde_json::from_str(&row.instructions).map_err(ApiError::internal)?,
        created_at_ms: row.created_at_ms,
        expires_at_ms: row.expires_at_ms,
        paid_at_ms: row.paid_at_ms,
    })
}

/// The gateway's webhook: verifies the signature, then credits once.
#[utoipa::path(post, path = "/v1/wallet/topup/webhook", tag = "wallet", request_body = GatewayCallback,
    params(("x-callback-signature" = String, Header, description = "hex HMAC-SHA256 of the body")),
    responses((status = 204, description = "Accepted"), (status = 401, body = crate::api::ErrorBody)))]
pub async fn webhook(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> ApiResult<StatusCode> {
    let signature = headers.get("x-callback-signature").and_then(|v| v.to_str().ok()).unwrap_or("");
    if !gateway::verify(&state.wallet.webhook_secret, &body, signature) {
        tracing::warn!("top-up webhook with a bad signature refused");
        return Err(ApiError::unauthorized());
    }
    let callback: GatewayCallback = serde_json::from_slice(&body).map_err(|e| ApiError::invalid(e.to_string()))?;
    settle(&state, &callback).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Applies a verified gateway callback: PAID credits the wallet once; FAILED closes the top-up. The
/// work commits through the group writer, together with other callbacks arriving at once.
pub async fn settle(state: &AppState, callback: &GatewayCallback) -> ApiResult<()> {
    let (callback, clock) = (callback.clone(), state.clock.clone());
    let credited = state.writes.run(move |tx| Box::pin(async move { settle_in(tx, &callback, &*clock).await })).await?;
    if let Some(user_id) = credited {
        live::user::nudge_balances(&state.hub, &user_id, IDR);
    }
    Ok(())
}

/// [`settle`] inside a write; returns the user whose wallet changed, if any.
async fn settle_in(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    callback: &GatewayCallback,
    clock: &dyn domain::Clock,
) -> ApiResult<Option<String>> {
    let topup_repo::Payable { user_id, amount, fee } = topup_repo::for_callback(
        tx,
        &callback.merchant_ref,
        &callback.reference,
        &unissued_ref(&callback.merchant_ref),
    )
    .await?
    .ok_or_else(ApiError::not_found)?;
    let id = callback.merchant_ref.clone();
    if callback.gross_amount != amount + fee {
        return Err(ApiError::invalid("grossAmount does not match the top-up"));
    }
    let now = clock.now_ms();
    let outcome: PaymentOutcome = callback.status.parse().map_err(|_| ApiError::invalid("status: PAID or FAILED"))?;
    match outcome {
        PaymentOutcome::Paid => {
            // Money received is never lost: a late payment of an expired top-up is still credited.
            if !topup_repo::mark_paid(tx, &id, now).await? {
                return Ok(None); // already credited (or failed): a repeat changes nothing
            }
            let clearing = accounts::gateway_clearing(tx).await?;
            let cash = accounts::user_cash(tx, &user_id).await?;
            let fees = accounts::fee_income(tx).await?;
            let mut postings = vec![
                Posting { account_id: clearing, currency: IDR.into(), amount: -(amount + fee) },
                Posting { account_id: cash, currency: IDR.into(), amount },
            ];
            if fee > 0 {
                postings.push(Posting { account_id: fees, currency: IDR.into(), amount: fee });
            }
            let event_id = format!("topup:{id}");
            let entry = NewEntry { reason: EntryReason::Topup, event_id, memo: None, postings, at_ms: now };
            ledger::post(tx, &entry).await?;
            transitions_repo::record_in(tx, &id, TopupStatus::Paid, None, clock.now_ms()).await?;
            Ok(Some(user_id))
        }
        PaymentOutcome::Failed => {
            if topup_repo::fail_pending(tx, &id).await? {
                let note = Some("payment abandoned");
                transitions_repo::record_in(tx, &id, TopupStatus::Failed, note, clock.now_ms()).await?;
            }
            Ok(None)
        }
    }
}

/// Marks unpaid top-ups past their time as expired; returns how many.
pub async fn expire_unpaid(state: &AppState) -> Result<u64, store::StoreError> {
    let now = state.clock.now_ms();
    let mut tx = state.db.begin_write().await?;
    let expired = topup_repo::expire_due(&mut tx.tx, now).await?;
    for id in &expired {
        transitions_repo::record_in(&mut tx.tx, id, TopupStatus::Expired, None, state.clock.now_ms()).await?;
    }
    tx.commit().await?;
    Ok(expired.len() as u64)
}

/// The sandbox payer's action on a payment.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum PayerAction {
    /// Pay it.
    Pay,
    /// Walk away from it.
    Abandon,
}

/// Sandbox only: the payer pays or abandons a payment; the sandbox gateway then calls the webhook.
#[utoipa::path(post, path = "/sandbox/payments/{reference}/{action}", tag = "sandbox",
    params(("reference" = String, Path), ("action" = String, Path, description = "pay or abandon")),
    responses((status = 204, description = "Done"), (status = 404, body = crate::api::ErrorBody)))]
pub async fn sandbox_payer(
    State(state): State<AppState>,
    Path((reference, action)): Path<(String, String)>,
) -> ApiResult<StatusCode> {
    if !state.settings.sandbox() {
        return Err(ApiError::not_found());
    }
    let action = match action.as_str() {
        "pay" => PayerAction::Pay,
        "abandon" => PayerAction::Abandon,
        _ => return Err(ApiError::not_found()),
    };
    let (status, new_state) = match action {
        PayerAction::Pay => (PaymentOutcome::Paid, SandboxPaymentState::Paid),
        PayerAction::Abandon => (PaymentOutcome::Failed, SandboxPaymentState::Abandoned),
    };
    let resolved = sandbox_repo::resolve_payment(&state.db, &reference, new_state, state.clock.now_ms())
        .await?
        .ok_or_else(ApiError::not_found)?;
    let callback = GatewayCallback {
        reference,
        merchant_ref: resolved.merchant_ref,
        status: status.as_str().into(),
        gross_amount: resolved.gross_amount,
    };
    // Deliver through the same signed path a real gateway uses.
    let body = serde_json::to_vec(&callback).map_err(ApiError::internal)?;
    let signature = gateway::sign(&state.wallet.webhook_secret, &body);
    let mut headers = HeaderMap::new();
    headers.insert("x-callback-signature", signature.parse().map_err(ApiError::internal)?);
    webhook(State(state), headers, Bytes::from(body)).await
}
