//! Cash-out to a saved bank account: limits and fee, a review that shows fee and net, PIN
//! confirmation, and the amount held in the ledger at once. Up to the auto-approval limit a
//! cash-out goes straight to disbursement (PROCESSING); above it, it waits for an operator
//! (PENDING_REVIEW). The disbursement job (`disburse`) completes or fails it.
//!
//! `amount` is what leaves the wallet; the fee is taken from it and `netAmount` reaches the bank.
//! Only freeBalance (IDR cash not held) can be cashed out; vouchers never.

use axum::extract::{Path, Query, State};
use domain::ledger::{AccountRef, HoldReason};
use domain::money::{MinorUnits, Scale};
use serde::{Deserialize, Serialize};
use store::ledger::{self, LedgerError};
use utoipa::{IntoParams, ToSchema};

use super::bank_accounts::{self, BankAccount};
use super::cashout_limits::{Limits, OutOfLimits};
use super::cashout_repo::{self, CashoutRow, NewCashout};
use super::{accounts, messages, transitions_repo};
use crate::api::auth::AuthUser;
use crate::api::{ApiError, ApiJson, ApiResult, Data, Lang};
use crate::features::identity::{self};
use crate::state::AppState;

/// Cash-out limits and fee.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CashoutInputVariables {
    /// Smallest cash-out, rupiah.
    pub minimum_amount: String,
    /// Largest cash-out, rupiah.
    pub maximum_amount: String,
    /// Transfer fee taken from the amount, rupiah.
    pub fee: String,
    /// Cash-outs up to this amount are approved automatically, rupiah.
    pub auto_approval_limit: String,
}

/// An amount to ask about.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AmountQuery {
    /// Rupiah, e.g. "150000".
    #[param(format = "decimal")]
    pub amount: String,
}

/// Whether a cash-out of this amount is approved automatically.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AutoApprovalStatus {
    /// True when the amount is at most the limit.
    pub auto_approval: bool,
    /// The limit, rupiah.
    pub auto_approval_limit: String,
}

/// A cash-out to review.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReviewCashout {
    /// One of the caller's bank accounts.
    pub bank_account_id: String,
    /// Rupiah leaving the wallet, fee included.
    #[schema(format = "decimal")]
    pub amount: String,
}

/// What a cash-out would do.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CashoutReview {
    /// Rupiah leaving the wallet.
    pub amount: String,
    /// Transfer fee, rupiah.
    pub fee: String,
    /// Rupiah reaching the bank.
    pub net_amount: String,
    /// The free balance now, rupiah.
    pub available_balance: String,
    /// Approved automatically (else an operator reviews it).
    pub auto_approval: bool,
    /// Where the money goes.
    pub bank_account: BankAccount,
}

/// A cash-out to make.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CreateCashout {
    /// One of the caller's bank accounts.
    pub bank_account_id: String,
    /// Rupiah leaving the wallet, fee included.
    #[schema(format = "decimal")]
    pub amount: String,
    /// The user's PIN.
    #[schema(pattern = "^[0-9]{6}$")]
    pub pin: String,
}

pub use domain::wallet::CashoutStatus;

/// A cash-out.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Cashout {
    /// Id.
    pub id: String,
    /// Rupiah leaving the wallet.
    pub amount: String,
    /// Transfer fee, rupiah.
    pub fee: String,
    /// Rupiah reaching the bank.
    pub net_amount: String,
    /// Where it stands.
    pub status: CashoutStatus,
    /// Why it failed or was rejected, in the caller's language.
    pub failure_reason: Option<String>,
    /// Where the money goes.
    pub bank_account: BankAccount,
    /// Created, Unix ms.
    pub created_at_ms: i64,
}

/// Parses an amount and bounds it by `limits` (not yet against the balance).
fn bounded_amount(limits: &Limits, text: &str) -> ApiResult<i64> {
    let amount =
        MinorUnits::parse_positive(text, Scale::IDR).map(MinorUnits::count).map_err(|_| messages::invalid_amount())?;
    limits.check(amount).map_err(|out| match out {
        OutOfLimits::Below(minimum) => messages::below_minimum(minimum),
        OutOfLimits::Above(maximum) => messages::above_maximum(maximum),
    })
}

/// Cash-out limits and fee.
#[utoipa::path(get, path = "/v1/wallet/cashout/input-variables", tag = "wallet",
    responses((status = 200, body = Data<CashoutInputVariables>)))]
pub async fn input_variables(State(state): State<AppState>) -> ApiResult<Data<CashoutInputVariables>> {
    let limits = Limits::of(&state.settings.cashout)?;
    Ok(Data::new(CashoutInputVariables {
        minimum_amount: MinorUnits::idr(limits.minimum()).to_string(),
        maximum_amount: MinorUnits::idr(limits.maximum_sen).to_string(),
        fee: MinorUnits::idr(limits.fee_sen).to_string(),
        auto_approval_limit: MinorUnits::idr(limits.auto_approval_sen).to_string(),
    }))
}

/// Whether a cash-out of `amount` is approved automatically.
#[utoipa::path(get, path = "/v1/wallet/auto-approval-status", tag = "wallet", params(AmountQuery),
    responses((status = 200, body = Data<AutoApprovalStatus>), (status = 400, body = crate::api::ErrorBody)))]
pub async fn auto_approval_status(
    State(state): State<AppState>,
    Query(query): Query<AmountQuery>,
) -> ApiResult<Data<AutoApprovalStatus>> {
    let limits = Limits::of(&state.settings.cashout)?;
    let amount = MinorUnits::parse_positive(&query.amount, Scale::IDR)
        .map(MinorUnits::count)
        .map_err(|_| messages::invalid_amount())?;
    Ok(Data::new(AutoApprovalStatus {
        auto_approval: limits.auto_approves(amount),
        auto_approval_limit: MinorUnits::idr(limits.auto_approval_sen).to_string(),
    }))
}

async fn free_balance(state: &AppState, user_id: &str) -> ApiResult<i64> {
    let cash = ledger::balance_of(&state.db, &AccountRef::idr_cash(user_id)).await?;
    Ok(cash.map_or(0, |b| b.available()))
}

/// Shows fee, net and approval of a cash-out without making it.
#[utoipa::path(post, path = "/v1/wallet/cashout/review", tag = "wallet", security(("bearer" = [])), request_body = ReviewCashout,
    responses((status = 200, body = Data<CashoutReview>), (status = 400, body = crate::api::ErrorBody), (status = 401, body = crate::api::ErrorBody)))]
pub async fn review(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<ReviewCashout>,
) -> ApiResult<Data<CashoutReview>> {
    let limits = Limits::of(&state.settings.cashout)?;
    let bank_account = bank_accounts::payable(&state, &caller.user_id, &body.bank_account_id).await?;
    let amount = bounded_amount(&limits, &body.amount)?;
    let available = free_balance(&state, &caller.user_id).await?;
    if amount > available {
        return Err(messages::insufficient_balance());
    }
    Ok(Data::new(CashoutReview {
        amount: MinorUnits::idr(amount).to_string(),
        fee: MinorUnits::idr(limits.fee_sen).to_string(),
        net_amount: MinorUnits::idr(amount - limits.fee_sen).to_string(),
        available_balance: MinorUnits::idr(available).to_string(),
        auto_approval: limits.auto_approves(amount),
        bank_account,
    }))
}

/// Makes a cash-out: the PIN is checked, the amount held at once.
#[utoipa::path(post, path = "/v1/wallet/cashout", tag = "wallet", security(("bearer" = [])), request_body = CreateCashout,
    responses((status = 200, body = Data<Cashout>), (status = 400, body = crate::api::ErrorBody), (status = 401, body = crate::api::ErrorBody)))]
pub async fn create(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<CreateCashout>,
) -> ApiResult<Data<Cashout>> {
    let limits = Limits::of(&state.settings.cashout)?;
    bank_accounts::payable(&state, &caller.user_id, &body.bank_account_id).await?;
    let amount = bounded_amount(&limits, &body.amount)?;
    // A cheap early refusal spares the PIN hash and the write transaction; the hold below stays
    // the check that counts, because the balance can change in between.
    if amount > free_balance(&state, &caller.user_id).await? {
        return Err(messages::insufficient_balance());
    }
    identity::confirm_pin(&state, &caller.user_id, &body.pin).await?;
    let auto = limits.auto_approves(amount);
    let status = if auto { CashoutStatus::Processing } else { CashoutStatus::PendingReview };
    let id = uuid::Uuid::now_v7().to_string();
    let now = state.clock.now_ms();
    let mut tx = state.db.begin_write().await?;
    let cash = accounts::user_cash(&mut tx.tx, &caller.user_id).await?;
    // The hold is the only check of the balance: a conditional update, so concurrent cash-outs
    // cannot both take the same money.
    let hold_id = match ledger::hold(&mut tx.tx, &cash, amount, HoldReason::Cashout, &format!("cashout:{id}")).await {
        Ok(hold_id) => hold_id,
        Err(LedgerError::InsufficientFunds(_)) => return Err(messages::insufficient_balance()),
        Err(e) => return Err(e.into()),
    };
    let new = NewCashout {
        id: &id,
        user_id: &caller.user_id,
        bank_account_id: &body.bank_account_id,
        amount,
        fee: limits.fee_sen,
        status,
        hold_id: &hold_id,
        auto_approved: auto,
        created_at_ms: now,
    };
    cashout_repo::insert(&mut tx.tx, &new).await?;
    let note = auto.then_some("auto-approved");
    transitions_repo::record_in(&mut tx.tx, &id, status, note, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(Data::new(load(&state, Some(&caller.user_id), &id, Lang::current()).await?))
}

/// One of the caller's cash-outs.
#[utoipa::path(get, path = "/v1/wallet/cashout/{id}", tag = "wallet", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = Data<Cashout>), (status = 404, body = crate::api::ErrorBody)))]
pub async fn get(State(state): State<AppState>, caller: AuthUser, Path(id): Path<String>) -> ApiResult<Data<Cashout>> {
    Ok(Data::new(load(&state, Some(&caller.user_id), &id, Lang::current()).await?))
}

/// Why a cash-out failed, in `lang`.
fn failure_reason(code: Option<String>, note: Option<String>, lang: Lang) -> Option<String> {
    let note = note.unwrap_or_default();
    let text = match (code.as_deref()?, lang) {
        ("BANK_REJECTED", Lang::Id) => format!("Bank menolak transfer: {note}"),
        ("BANK_REJECTED", Lang::En) => format!("The bank refused the transfer: {note}"),
        ("REJECTED_BY_OPERATOR", Lang::Id) => format!("Ditolak oleh tim kami: {note}"),
        ("REJECTED_BY_OPERATOR", Lang::En) => format!("Rejected by our team: {note}"),
        // Xendit's failure codes: the money never left and is back in the balance.
        ("INVALID_DESTINATION" | "RECIPIENT_ACCOUNT_NUMBER_ERROR", Lang::Id) => {
            "Rekening tujuan tidak valid atau sudah ditutup. Dana dikembalikan ke saldo Anda.".into()
        }
        ("INVALID_DESTINATION" | "RECIPIENT_ACCOUNT_NUMBER_ERROR", Lang::En) => {
            "The destination account is invalid or closed. The money is back in your balance.".into()
        }
        ("REJECTED_BY_BANK", Lang::Id) => "Bank tujuan menolak transfer. Dana dikembalikan ke saldo Anda.".into(),
        ("REJECTED_BY_BANK", Lang::En) => {
            "The receiving bank refused the transfer. The money is back in your balance.".into()
        }
        ("RECIPIENT_AMOUNT_ERROR" | "MAXIMUM_TRANSFER_LIMIT_ERROR", Lang::Id) => {
            "Nominal di luar batas transfer bank tujuan. Dana dikembalikan ke saldo Anda.".into()
        }
        ("RECIPIENT_AMOUNT_ERROR" | "MAXIMUM_TRANSFER_LIMIT_ERROR", Lang::En) => {
            "The amount is outside the receiving bank's transfer limits. The money is back in your balance.".into()
        }
        ("BANK_CODE_NOT_SUPPORTED_ERROR", Lang::Id) => {
            "Transfer ke bank ini belum didukung. Dana dikembalikan ke saldo Anda.".into()
        }
        ("BANK_CODE_NOT_SUPPORTED_ERROR", Lang::En) => {
            "Transfers to this bank are not supported yet. The money is back in your balance.".into()
        }
        (
            "INSUFFICIENT_BALANCE"
            | "UNKNOWN_BANK_NETWORK_ERROR"
            | "TEMPORARY_BANK_NETWORK_ERROR"
            | "SWITCHING_NETWORK_ERROR"
            | "TRANSFER_ERROR"
            | "TEMPORARY_TRANSFER_ERROR"
            | "API_VALIDATION_ERROR"
            | "INVALID_JSON_FORMAT",
            Lang::Id,
        ) => "Transfer gagal diproses. Dana dikembalikan ke saldo Anda; silakan coba lagi nanti.".into(),
        (
            "INSUFFICIENT_BALANCE"
            | "UNKNOWN_BANK_NETWORK_ERROR"
            | "TEMPORARY_BANK_NETWORK_ERROR"
            | "SWITCHING_NETWORK_ERROR"
            | "TRANSFER_ERROR"
            | "TEMPORARY_TRANSFER_ERROR"
            | "API_VALIDATION_ERROR"
            | "INVALID_JSON_FORMAT",
            Lang::En,
        ) => "The transfer could not be processed. The money is back in your balance; please try again later.".into(),
        (other, _) => format!("{other}: {note}"),
    };
    Some(text)
}

/// Renders a cash-out row.
pub async fn view(state: &AppState, row: CashoutRow, lang: Lang) -> ApiResult<Cashout> {
    let status = row.status;
    let (bank_account, _) = bank_accounts::load(&state.db, &row.user_id, &row.bank_account_id, true)
        .await?
        .ok_or_else(|| ApiError::internal("cash-out names a missing bank account"))?;
    Ok(Cashout {
        id: row.id,
        amount: MinorUnits::idr(row.amount).to_string(),
        fee: MinorUnits::idr(row.fee).to_string(),
        net_amount: MinorUnits::idr(row.amount - row.fee).to_string(),
        status,
        failure_reason: failure_reason(row.failure_code, row.failure_note, lang),
        bank_account,
        created_at_ms: row.created_at_ms,
    })
}

/// Loads a cash-out (of `user_id` when given; another user's is as good as missing: 404).
pub async fn load(state: &AppState, user_id: Option<&str>, id: &str, lang: Lang) -> ApiResult<Cashout> {
    let row = cashout_repo::one(&state.db, id, user_id).await?.ok_or_else(ApiError::not_found)?;
    view(state, row, lang).await
}
