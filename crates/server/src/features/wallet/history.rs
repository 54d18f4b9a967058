//! Transaction history (top-ups, cash-outs, vouchers, USD movements) with its filters (kind, wallet, asset),
//! the balance movement (every ledger posting on the caller's accounts), and
//! details-with-state-transition.

use axum::extract::{Path, Query, State};
use domain::ledger::EntryReason;
use domain::money::MinorUnits;
use domain::money::{IDR, USD};
use domain::wallet::TransactionStatus;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::admin::VoucherGrant;
use super::cashout::{self, Cashout};
use super::history_repo::{self, HistoryFilter, HistoryRow};
use super::topup::{self, Topup};
use super::transitions_repo::{self, Transition};
use super::{usd_repo, usd_yield_repo, voucher_repo};
use crate::api::auth::AuthUser;
use crate::api::paging::Paging;
use crate::api::{ApiError, ApiResult, ClientHeaders, Data, Lang};
use crate::state::AppState;

/// History entries per page.
pub const HISTORY_PAGE_SIZE_MAX: i64 = 50;
/// Rows a page of history when the caller names no size.
const HISTORY_PAGE_SIZE_DEFAULT: i64 = 20;

/// What kind of transaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum TransactionKind {
    /// Money in through a payment channel.
    Topup,
    /// Money out to a bank account.
    Cashout,
    /// Promotional credit from an operator.
    Voucher,
    /// Rupiah to dollars or back, or dollars between USD buckets.
    UsdMovement,
    /// Daily USD-yield interest credited to the paln bucket.
    UsdInterest,
}

/// Which wallet a transaction moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum WalletKind {
    /// IDR cash (freeBalance and cashBalance).
    Cash,
    /// Promotional credit (voucherBalance).
    Voucher,
    /// The USD buckets.
    Usd,
}

/// A page of history, optionally filtered.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HistoryQuery {
    /// Page from 1.
    #[param(minimum = 1, maximum = 100_000)]
    pub page: Option<i64>,
    /// Page size, at most 50 (default 20).
    #[param(minimum = 1, maximum = 50)]
    pub size: Option<i64>,
    /// Only this kind.
    #[param(inline)]
    pub kind: Option<TransactionKind>,
    /// Only this wallet.
    #[param(inline)]
    pub wallet: Option<WalletKind>,
    /// Only this asset (a code from the filters call, e.g. IDR).
    pub asset: Option<String>,
}

/// One wallet transaction in the history.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WalletTransaction {
    /// Id (for details-with-state-transition).
    pub id: String,
    /// TOPUP, CASHOUT or VOUCHER.
    pub kind: TransactionKind,
    /// The wallet it moved.
    pub wallet: WalletKind,
    /// The asset, e.g. IDR.
    pub asset: String,
    /// The paymentChannel of a top-up, the bank code of a cash-out, VOUCHER for a voucher, the
    /// movement (IDR_TO_USD, USD_TO_IDR, LEVERAGE_DEPOSIT, LEVERAGE_WITHDRAW, INTRADAY_DEPOSIT,
    /// INTRADAY_WITHDRAW) for USD, USD_INTEREST for interest.
    pub payment_channel: String,
    /// In the asset's unit: rupiah, or dollars for USD movements.
    pub amount: String,
    /// Current state.
    pub status: TransactionStatus,
    /// Created, Unix ms.
    pub created_at_ms: i64,
}

/// A page of wallet transactions.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct WalletHistoryPage {
    /// Newest first.
    pub data: Vec<WalletTransaction>,
    /// Page from 1.
    pub page: i64,
    /// Page size.
    pub size: i64,
    /// Transactions in all pages.
    pub total: i64,
}

/// A filter choice.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FilterOption {
    /// The value to send.
    pub code: String,
    /// Label in the caller's language.
    pub name: String,
}

/// The choices of the history filters.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryFilters {
    /// Values of `kind`.
    pub kinds: Vec<FilterOption>,
    /// Values of `wallet`.
    pub wallets: Vec<FilterOption>,
    /// Values of `asset`.
    pub assets: Vec<FilterOption>,
}

/// Assets the wallet history holds.
const ASSETS: [&str; 2] = [IDR, USD];

fn option(code: &str, id: &str, en: &str, lang: Lang) -> FilterOption {
    FilterOption { code: code.into(), name: if lang == Lang::Id { id } else { en }.into() }
}

/// The choices of the history filters.
#[utoipa::path(get, path = "/v1/wallet/transaction-history/filters", tag = "wallet",
    responses((status = 200, body = Data<HistoryFilters>)))]
pub async fn filters(headers: ClientHeaders) -> Data<HistoryFilters> {
    let lang = headers.lang;
    Data::new(HistoryFilters {
        kinds: vec![
            option("TOPUP", "Isi saldo", "Top-up", lang),
            option("CASHOUT", "Tarik saldo", "Cash-out", lang),
            option("VOUCHER", "Voucher", "Voucher", lang),
            option("USD_MOVEMENT", "Konversi & transfer USD", "USD conversion & transfer", lang),
            option("USD_INTEREST", "Bunga USD", "USD interest", lang),
        ],
        wallets: vec![
            option("CASH", "Saldo tunai", "Cash", lang),
            option("VOUCHER", "Saldo voucher", "Voucher", lang),
            option(USD, "Dompet USD", "USD wallet", lang),
        ],
        assets: vec![option(IDR, "Rupiah", "Rupiah", lang), option(USD, "Dolar AS", "US dollar", lang)],
    })
}

fn code<T: Serialize>(value: Option<T>) -> String {
    value.and_then(|v| serde_json::to_value(v).ok()).and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
}

/// The caller's wallet transactions, newest first.
#[utoipa::path(get, path = "/v1/wallet/transaction-history", tag = "wallet", security(("bearer" = [])), params(HistoryQuery),
    responses((status = 200, body = WalletHistoryPage), (status = 400, body = crate::api::ErrorBody)))]
pub async fn history(
    State(state): State<AppState>,
    caller: AuthUser,
    Query(query): Query<HistoryQuery>,
) -> ApiResult<axum::Json<WalletHistoryPage>> {
    let paging = Paging::parse(query.page, query.size, HISTORY_PAGE_SIZE_DEFAULT, HISTORY_PAGE_SIZE_MAX)?;
    let (page, size) = (paging.page, paging.size);
    let asset = query.asset.unwrap_or_default();
    if !asset.is_empty() && !ASSETS.contains(&asset.as_str()) {
        return Err(ApiError::invalid("asset: a code from transaction-history/filters"));
    }
    let (kind, wallet) = (code(query.kind), code(query.wallet));
    let filter = HistoryFilter { kind: &kind, wallet: &wallet, asset: &asset };
    let total = history_repo::count(&state.db, &caller.user_id, &filter).await?;
    let rows = history_repo::page(&state.db, &caller.user_id, &filter, size, paging.offset()).await?;
    let data = rows.into_iter().map(transaction).collect::<Result<_, _>>().map_err(ApiError::internal)?;
    Ok(axum::Json(WalletHistoryPage { data, page, size, total }))
}

/// Renders a history row; an unknown kind or wallet is a fault.
fn transaction(row: HistoryRow) -> Result<WalletTransaction, serde_json::Error> {
    Ok(WalletTransaction {
        id: row.id,
        kind: serde_json::from_value(serde_json::Value::String(row.kind))?,
        wallet: serde_json::from_value(serde_json::Value::String(row.wallet))?,
        payment_channel: row.detail,
        amount: match row.asset.as_str() {
            USD => MinorUnits::usd(row.amount).to_text_min_places(2),
            _ => MinorUnits::idr(row.amount).to_string(),
        },
        asset: row.asset,
        status: row.status,
        created_at_ms: row.created_at_ms,
    })
}

/// A transaction with every state it passed through; exactly one of topup, cashout and voucher.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransactionDetails {
    /// What kind it is.
    pub kind: TransactionKind,
    /// The top-up, when it is one.
    pub topup: Option<Topup>,
    /// The cash-out, when it is one.
    pub cashout: Option<Cashout>,
    /// The voucher, when it is one.
    pub voucher: Option<VoucherGrant>,
    /// The USD conversion, bucket transfer or interest credit, when it is one.
    pub usd_movement: Option<UsdMovement>,
    /// Its states, oldest first.
    pub transitions: Vec<Transition>,
}

/// details-with-state-transition of one of the caller's transactions.
#[utoipa::path(get, path = "/v1/wallet/transactions/{id}/details-with-state-transition", tag = "wallet", security(("bearer" = [])),
    params(("id" = String, Path)), responses((status = 200, body = Data<TransactionDetails>), (status = 404, body = crate::api::ErrorBody)))]
pub async fn details(
    State(state): State<AppState>,
    caller: AuthUser,
    headers: ClientHeaders,
    Path(id): Path<String>,
) -> ApiResult<Data<TransactionDetails>> {
    let user = caller.user_id.as_str();
    let mut details = TransactionDetails {
        kind: TransactionKind::Topup,
        topup: None,
        cashout: None,
        voucher: None,
        usd_movement: None,
        transitions: vec![],
    };
    match topup::load(&state, user, &id).await {
        Ok(found) => details.topup = Some(found),
        Err(e) if e.status != axum::http::StatusCode::NOT_FOUND => return Err(e),
        Err(_) => match cashout::load(&state, Some(user), &id, headers.lang).await {
            Ok(found) => {
                details.kind = TransactionKind::Cashout;
                details.cashout = Some(found);
            }
            Err(e) if e.status != axum::http::StatusCode::NOT_FOUND => return Err(e),
            Err(_) => match voucher(&state, user, &id).await {
                Ok(found) => {
                    details.kind = TransactionKind::Voucher;
                    details.voucher = Some(found);
                }
                Err(e) if e.status != axum::http::StatusCode::NOT_FOUND => return Err(e),
                Err(_) => {
                    let movement = match usd_yield_repo::credit(&state.db, user, &id).await? {
                        Some(credit) => {
                            details.kind = TransactionKind::UsdInterest;
                            UsdMovement {
                                id: credit.id,
                                movement: "USD_INTEREST".into(),
                                idr_amount: MinorUnits::idr(0).to_string(),
                                usd_amount: MinorUnits::usd(credit.amount).to_text_min_places(2),
                                rate: String::new(),
                                created_at_ms: credit.created_at_ms,
                            }
                        }
                        None => {
                            details.kind = TransactionKind::UsdMovement;
                            usd_movement(&state, user, &id).await?
                        }
                    };
                    // Completed at once, in one transaction: its one state is its creation.
                    details.transitions = vec![Transition {
                        status: TransactionStatus::Completed,
                        note: None,
                        at_ms: movement.created_at_ms,
                    }];
                    details.usd_movement = Some(movement);
                    return Ok(Data::new(details));
                }
            },
        },
    }
    details.transitions = transitions_repo::of(&state.db, &id).await?;
    Ok(Data::new(details))
}

async fn voucher(state: &AppState, user_id: &str, id: &str) -> ApiResult<VoucherGrant> {
    let row = voucher_repo::of_user(&state.db, user_id, id).await?.ok_or_else(ApiError::not_found)?;
    Ok(VoucherGrant::from(row))
}

/// A USD conversion or bucket transfer.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UsdMovement {
    /// Id.
    pub id: String,
    /// IDR_TO_USD, USD_TO_IDR, LEVERAGE_DEPOSIT, LEVERAGE_WITHDRAW, INTRADAY_DEPOSIT, INTRADAY_WITHDRAW or USD_INTEREST.
    pub movement: String,
    /// Rupiah moved ("0.00" for bucket transfers).
    pub idr_amount: String,
    /// Dollars moved.
    pub usd_amount: String,
    /// Rupiah per dollar applied (empty for bucket transfers).
    pub rate: String,
    /// Created, Unix ms.
    pub created_at_ms: i64,
}

async fn usd_movement(state: &AppState, user_id: &str, id: &str) -> ApiResult<UsdMovement> {
    let row = usd_repo::of_user(&state.db, user_id, id).await?.ok_or_else(ApiError::not_found)?;
    Ok(UsdMovement {
        id: row.id,
        movement: row.kind,
        idr_amount: MinorUnits::idr(row.idr_amount).to_string(),
        usd_amount: MinorUnits::usd(row.usd_amount).to_text_min_places(2),
        rate: row.rate,
        created_at_ms: row.created_at_ms,
    })
}

/// A page of balance movement.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MovementQuery {
    /// Page from 1.
    #[param(minimum = 1, maximum = 100_000)]
    pub page: Option<i64>,
    /// Page size, at most 50 (default 20).
    #[param(minimum = 1, maximum = 50)]
    pub size: Option<i64>,
}

/// One change of one of the caller's balances: a ledger posting.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BalanceMovement {
    /// Why the ledger entry was posted: TOPUP, CASHOUT, VOUCHER, …
    pub reason: EntryReason,
    /// The transaction that caused it (for details-with-state-transition).
    pub transaction_id: String,
    /// The wallet that changed.
    pub wallet: WalletKind,
    /// Signed rupiah: positive in, negative out.
    pub amount: String,
    /// When, Unix ms.
    pub at_ms: i64,
}

/// A page of balance movement.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct BalanceMovementPage {
    /// Newest first.
    pub data: Vec<BalanceMovement>,
    /// Page from 1.
    pub page: i64,
    /// Page size.
    pub size: i64,
    /// Movements in all pages.
    pub total: i64,
}

/// Every change of the caller's IDR balances, newest first.
#[utoipa::path(get, path = "/v1/wallet/balance-movement", tag = "wallet", security(("bearer" = [])), params(MovementQuery),
    responses((status = 200, body = BalanceMovementPage), (status = 400, body = crate::api::ErrorBody)))]
pub async fn balance_movement(
    State(state): State<AppState>,
    caller: AuthUser,
    Query(query): Query<MovementQuery>,
) -> ApiResult<axum::Json<BalanceMovementPage>> {
    let paging = Paging::parse(query.page, query.size, HISTORY_PAGE_SIZE_DEFAULT, HISTORY_PAGE_SIZE_MAX)?;
    let (page, size) = (paging.page, paging.size);
    let total = history_repo::movement_count(&state.db, &caller.user_id).await?;
    let rows = history_repo::movements(&state.db, &caller.user_id, size, paging.offset()).await?;
    let data = rows
        .into_iter()
        .map(|row| BalanceMovement {
            reason: row.reason,
            // Event ids are `{kind}:{transaction id}`.
            transaction_id: row.event_id.split_once(':').map_or(row.event_id.clone(), |(_, id)| id.to_string()),
            wallet: if row.kind == "IDR_VOUCHER" { WalletKind::Voucher } else { WalletKind::Cash },
            amount: MinorUnits::idr(row.amount).to_string(),
            at_ms: row.created_at_ms,
        })
        .collect();
    Ok(axum::Json(BalanceMovementPage { data, page, size, total }))
}
