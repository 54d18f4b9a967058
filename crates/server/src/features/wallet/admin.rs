//! The wallet's operator calls (under `/api/admin`, behind the operator token): cash-outs waiting
//! for review with approve and reject, and voucher grants.

use axum::extract::{Path, Query, State};
use domain::ledger::{AccountKind, AccountRef, EntryReason};
use domain::money::IDR;
use domain::money::{MinorUnits, Scale};
use domain::wallet::TransactionStatus;
use serde::{Deserialize, Serialize};
use store::ledger::{self, NewEntry, Posting};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::cashout::{self, Cashout, CashoutStatus};
use super::voucher_repo::{self, VoucherRow};
use super::{cashout_repo, disburse, messages, transitions_repo};
use crate::api::paging::Paging;
use crate::api::{filled_text, ApiError, ApiJson, ApiResult, ClientHeaders, Data};
use crate::features::identity::{phone::Phone, repo};
use crate::features::live;
use crate::state::AppState;

/// Cash-outs per page of the operator's list.
pub const CASHOUT_PAGE_SIZE_MAX: i64 = 100;

/// Operator routes of the wallet (merged under the operator-token check).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_cashouts))
        .routes(routes!(approve))
        .routes(routes!(reject))
        .routes(routes!(grant_voucher))
}

/// Which cash-outs.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CashoutFilter {
    /// Only this state (default PENDING_REVIEW).
    #[param(inline)]
    pub status: Option<CashoutStatus>,
    /// Page from 1.
    pub page: Option<i64>,
    /// Page size, at most 100 (default 50).
    #[param(minimum = 1, maximum = 100)]
    pub size: Option<i64>,
}

/// A page of cash-outs for an operator.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct AdminCashoutPage {
    /// Oldest first: the longest waiting on top.
    pub data: Vec<AdminCashout>,
    /// Page from 1.
    pub page: i64,
    /// Page size.
    pub size: i64,
    /// Cash-outs in all pages.
    pub total: i64,
}

/// A cash-out with its owner.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminCashout {
    /// The user.
    pub user_id: String,
    /// The cash-out.
    #[serde(flatten)]
    pub cashout: Cashout,
}

/// Cash-outs in a state, oldest first.
#[utoipa::path(get, path = "/admin/wallet/cashouts", tag = "admin", security(("operator" = [])), params(CashoutFilter),
    responses((status = 200, body = AdminCashoutPage), (status = 400, body = crate::api::ErrorBody)))]
async fn list_cashouts(
    State(state): State<AppState>,
    headers: ClientHeaders,
    Query(filter): Query<CashoutFilter>,
) -> ApiResult<axum::Json<AdminCashoutPage>> {
    let status = filter.status.unwrap_or(CashoutStatus::PendingReview).as_str();
    let paging = Paging::parse(filter.page, filter.size, 50, CASHOUT_PAGE_SIZE_MAX)?;
    let Paging { page, size } = paging;
    let total = cashout_repo::count_in(&state.db, status).await?;
    let rows = cashout_repo::page_in(&state.db, status, size, paging.offset()).await?;
    let mut data = Vec::with_capacity(rows.len());
    for row in rows {
        let user_id = row.user_id.clone();
        data.push(AdminCashout { user_id, cashout: cashout::view(&state, row, headers.lang).await? });
    }
    Ok(axum::Json(AdminCashoutPage { data, page, size, total }))
}

/// Approves a cash-out waiting for review.
#[utoipa::path(post, path = "/admin/wallet/cashouts/{id}/approve", tag = "admin", security(("operator" = [])), params(("id" = String, Path)),
    responses((status = 200, body = Data<Cashout>), (status = 404, body = crate::api::ErrorBody), (status = 409, body = crate::api::ErrorBody)))]
async fn approve(
    State(state): State<AppState>,
    headers: ClientHeaders,
    Path(id): Path<String>,
) -> ApiResult<Data<Cashout>> {
    disburse::approve(&state, &id).await?;
    tracing::warn!(cashout = %id, "cash-out approved by operator");
    Ok(Data::new(cashout::load(&state, None, &id, headers.lang).await?))
}

/// Why a cash-out is rejected.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RejectCashout {
    /// Shown to the user.
    #[schema(format = "reason")]
    pub reason: String,
}

/// Rejects a cash-out waiting for review; the held amount is free again.
#[utoipa::path(post, path = "/admin/wallet/cashouts/{id}/reject", tag = "admin", security(("operator" = [])), params(("id" = String, Path)),
    request_body = RejectCashout,
    responses((status = 200, body = Data<Cashout>), (status = 400, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody),
        (status = 409, body = crate::api::ErrorBody)))]
async fn reject(
    State(state): State<AppState>,
    headers: ClientHeaders,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<RejectCashout>,
) -> ApiResult<Data<Cashout>> {
    disburse::reject(&state, &id, filled_text::reason(&body.reason)?).await?;
    tracing::warn!(cashout = %id, "cash-out rejected by operator");
    Ok(Data::new(cashout::load(&state, None, &id, headers.lang).await?))
}

/// A voucher to grant: to a user by phone or id.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GrantVoucher {
    /// The user's phone (any Indonesian form).
    #[serde(default)]
    pub phone: Option<String>,
    /// Or the user's id.
    #[serde(default)]
    pub user_id: Option<String>,
    /// Rupiah of promotional credit.
    #[schema(format = "decimal")]
    pub amount: String,
    /// Why (a campaign name).
    #[schema(format = "reason")]
    pub reason: String,
}

/// A granted voucher.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VoucherGrant {
    /// Id.
    pub id: String,
    /// The user credited.
    pub user_id: String,
    /// Rupiah.
    pub amount: String,
    /// Why.
    pub reason: String,
    /// Granted, Unix ms.
    pub created_at_ms: i64,
}

/// Grants promotional credit: the user's voucherBalance rises, paid by the house PROMOTIONS account.
#[utoipa::path(post, path = "/admin/wallet/vouchers", tag = "admin", security(("operator" = [])), request_body = GrantVoucher,
    responses((status = 200, body = Data<VoucherGrant>), (status = 400, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
async fn grant_voucher(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<GrantVoucher>,
) -> ApiResult<Data<VoucherGrant>> {
    let amount = MinorUnits::parse_positive(&body.amount, Scale::IDR)
        .map(MinorUnits::count)
        .map_err(|_| messages::invalid_amount())?;
    let reason = filled_text::reason(&body.reason)?.to_string();
    let user = match (&body.phone, &body.user_id) {
        (Some(phone), None) => {
            let phone = Phone::parse(phone).ok_or_else(|| ApiError::invalid("phone"))?;
            repo::user_by_phone(&state.db, phone.as_str()).await?
        }
        (None, Some(user_id)) => repo::user_by_id(&state.db, user_id).await?,
        _ => return Err(ApiError::invalid("give exactly one of phone and userId")),
    }
    .ok_or_else(messages::unknown_user)?;
    let id = uuid::Uuid::now_v7().to_string();
    let grant = VoucherRow { id, user_id: user.id, amount, reason, created_at_ms: state.clock.now_ms() };
    let mut tx = state.db.begin_write().await?;
    voucher_repo::insert(&mut tx.tx, &grant).await?;
    let voucher = ledger::open(&mut tx.tx, &AccountRef::user(&grant.user_id, AccountKind::IdrVoucher, IDR)).await?;
    // The broker pays for promotions: the house account goes negative by what it granted.
    let promotions = ledger::open(&mut tx.tx, &AccountRef::house(AccountKind::Promotions, IDR)).await?;
    let postings = vec![
        Posting { account_id: promotions, currency: IDR.into(), amount: -amount },
        Posting { account_id: voucher, currency: IDR.into(), amount },
    ];
    let entry = NewEntry {
        reason: EntryReason::Voucher,
        event_id: format!("voucher:{}", grant.id),
        memo: Some(grant.reason.clone()),
        postings,
        at_ms: grant.created_at_ms,
    };
    ledger::post(&mut tx.tx, &entry).await?;
    transitions_repo::record_in(
        &mut tx.tx,
        &grant.id,
        TransactionStatus::Completed,
        Some(&grant.reason),
        state.clock.now_ms(),
    )
    .await?;
    tx.commit().await?;
    live::user::nudge_balances(&state.hub, &grant.user_id, IDR);
    tracing::warn!(voucher = %grant.id, user = %grant.user_id, amount, "voucher granted by operator");
    Ok(Data::new(VoucherGrant::from(grant)))
}

impl From<VoucherRow> for VoucherGrant {
    fn from(row: VoucherRow) -> Self {
        Self {
            id: row.id,
            user_id: row.user_id,
            amount: MinorUnits::idr(row.amount).to_string(),
            reason: row.reason,
            created_at_ms: row.created_at_ms,
        }
    }
}
