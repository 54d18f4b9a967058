//! Transaction history (top-ups, cash-outs, vouchers, USD movements) with its filters (kind, wallet, asset),
//! the balance movement (every ledger posting on the caller's accounts), and
//! details-with-state-transition.

use axum::extract::{Path, Query, State};
use domain::money::MinorUnits;
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::{IntoParams, ToSchema};

use super::admin::VoucherGrant;
use super::cashout::{self, Cashout};
use super::topup::{self, Topup};
use super::transitions::{self, Transition};
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
    pub status: String,
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
const ASSETS: [&str; 2] = ["IDR", "USD"];

// Every transaction of a user as one relation, so filters and paging apply to all kinds alike.
const UNION: &str =
    "select id, 'TOPUP' as kind, 'CASH' as wallet, 'IDR' as asset, channel as detail, amount, status, created_at_ms \
       from topups where user_id = $1 \
     union all select c.id, 'CASHOUT', 'CASH', 'IDR', b.bank_code, c.amount, c.status, c.created_at_ms \
       from cashouts c join bank_accounts b on b.id = c.bank_account_id where c.user_id = $1 \
     union all select id, 'VOUCHER', 'VOUCHER', 'IDR', 'VOUCHER', amount, 'COMPLETED', created_at_ms \
       from voucher_grants where user_id = $1 \
     union all select id, 'USD_MOVEMENT', 'USD', 'USD', kind, usd_amount, 'COMPLETED', created_at_ms \
       from usd_movements where user_id = $1 \
     union all select id, 'USD_INTEREST', 'USD', 'USD', 'USD_INTEREST', amount, 'COMPLETED', created_at_ms \
       from usd_interest_accruals where user_id = $1 and amount > 0";
const FILTER: &str = "($2 = '' or kind = $2) and ($3 = '' or wallet = $3) and ($4 = '' or asset = $4)";

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
            option("USD", "Dompet USD", "USD wallet", lang),
        ],
        assets: vec![option("IDR", "Rupiah", "Rupiah", lang), option("USD", "Dolar AS", "US dollar", lang)],
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
    let total: i64 = sqlx::query(&format!("select count(*) as n from ({UNION}) t where {FILTER}"))
        .bind(&caller.user_id)
        .bind(&kind)
        .bind(&wallet)
        .bind(&asset)
        .fetch_one(state.db.pool())
        .await
        .and_then(|r| r.try_get("n"))
        .map_err(ApiError::internal)?;
    let rows = sqlx::query(&format!(
        "select * from ({UNION}) t where {FILTER} order by created_at_ms desc, id desc limit $5 offset $6"
    ))
    .bind(&caller.user_id)
    .bind(&kind)
    .bind(&wallet)
    .bind(&asset)
    .bind(size)
    .bind(paging.offset())
    .fetch_all(state.db.pool())
    .await
    .map_err(ApiError::internal)?;
    let data = rows
        .iter()
        .map(|r| {
            let decode = |e: serde_json::Error| sqlx::Error::Decode(Box::new(e));
            let text = |name: &str| r.try_get::<String, _>(name).map(serde_json::Value::String);
            Ok(WalletTransaction {
                id: r.try_get("id")?,
                kind: serde_json::from_value(text("kind")?).map_err(decode)?,
                wallet: serde_json::from_value(text("wallet")?).map_err(decode)?,
                payment_channel: r.try_get("detail")?,
                amount: match r.try_get::<String, _>("asset")?.as_str() {
                    "USD" => MinorUnits::usd(r.try_get("amount")?).to_text_min_places(2),
                    _ => MinorUnits::idr(r.try_get("amount")?).to_string(),
                },
                asset: r.try_get("asset")?,
                status: r.try_get("status")?,
                created_at_ms: r.try_get("created_at_ms")?,
            })
        })
        .collect::<Result<_, sqlx::Error>>()
        .map_err(ApiError::internal)?;
    Ok(axum::Json(WalletHistoryPage { data, page, size, total }))
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
                    let movement = match super::usd_yield::credit(&state, user, &id).await? {
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
                    details.transitions =
                        vec![Transition { status: "COMPLETED".into(), note: None, at_ms: movement.created_at_ms }];
                    details.usd_movement = Some(movement);
                    return Ok(Data::new(details));
                }
            },
        },
    }
    details.transitions = transitions::of(&state.db, &id).await?;
    Ok(Data::new(details))
}

async fn voucher(state: &AppState, user_id: &str, id: &str) -> ApiResult<VoucherGrant> {
    let row = sqlx::query(
        "select id, user_id, amount, reason, created_at_ms from voucher_grants where id = $1 and user_id = $2",
    )
    .bind(id)
    .bind(user_id)
    .fetch_optional(state.db.pool())
    .await
    .map_err(ApiError::internal)?
    .ok_or_else(ApiError::not_found)?;
    let read = || -> Result<VoucherGrant, sqlx::Error> {
        Ok(VoucherGrant {
            id: row.try_get("id")?,
            user_id: row.try_get("user_id")?,
            amount: MinorUnits::idr(row.try_get("amount")?).to_string(),
            reason: row.try_get("reason")?,
            created_at_ms: row.try_get("created_at_ms")?,
        })
    };
    read().map_err(ApiError::internal)
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
    let row = sqlx::query(
        "select id, kind, idr_amount, usd_amount, rate, created_at_ms from usd_movements where id = $1 and user_id = $2",
    )
    .bind(id)
    .bind(user_id)
    .fetch_optional(state.db.pool())
    .await
    .map_err(ApiError::internal)?
    .ok_or_else(ApiError::not_found)?;
    let read = || -> Result<UsdMovement, sqlx::Error> {
        Ok(UsdMovement {
            id: row.try_get("id")?,
            movement: row.try_get("kind")?,
            idr_amount: MinorUnits::idr(row.try_get("idr_amount")?).to_string(),
            usd_amount: MinorUnits::usd(row.try_get("usd_amount")?).to_text_min_places(2),
            rate: row.try_get("rate")?,
            created_at_ms: row.try_get("created_at_ms")?,
        })
    };
    read().map_err(ApiError::internal)
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
    /// Why: TOPUP, CASHOUT, VOUCHER, …
    pub reason: String,
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
    const FROM: &str = "from postings p join ledger_accounts a on a.id = p.account_id \
        join journal_entries j on j.id = p.entry_id where a.owner = $1 and a.kind in ('IDR_CASH', 'IDR_VOUCHER')";
    let total: i64 = sqlx::query(&format!("select count(*) as n {FROM}"))
        .bind(&caller.user_id)
        .fetch_one(state.db.pool())
        .await
        .and_then(|r| r.try_get("n"))
        .map_err(ApiError::internal)?;
    let rows = sqlx::query(&format!(
        "select j.reason, j.event_id, a.kind, p.amount, j.created_at_ms {FROM} order by p.id desc limit $2 offset $3"
    ))
    .bind(&caller.user_id)
    .bind(size)
    .bind(paging.offset())
    .fetch_all(state.db.pool())
    .await
    .map_err(ApiError::internal)?;
    let data = rows
        .iter()
        .map(|r| {
            let event: String = r.try_get("event_id")?;
            let kind: String = r.try_get("kind")?;
            Ok(BalanceMovement {
                reason: r.try_get("reason")?,
                // Event ids are `{kind}:{transaction id}`.
                transaction_id: event.split_once(':').map_or(event.clone(), |(_, id)| id.to_string()),
                wallet: if kind == "IDR_VOUCHER" { WalletKind::Voucher } else { WalletKind::Cash },
                amount: MinorUnits::idr(r.try_get("amount")?).to_string(),
                at_ms: r.try_get("created_at_ms")?,
            })
        })
        .collect::<Result<_, sqlx::Error>>()
        .map_err(ApiError::internal)?;
    Ok(axum::Json(BalanceMovementPage { data, page, size, total }))
}
