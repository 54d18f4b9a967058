//! The IDR wallet (R1.04, R3.09): balance, top-up through Indonesian payment channels with a
//! sandbox gateway and its signed webhook, expiry of unpaid top-ups, history with every state a
//! transaction passed through. Every rupiah moves through the ledger (`store::ledger`).

mod accounts;
mod channels;
pub mod gateway;
mod money;
mod topup;
mod transitions;

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use serde::{Deserialize, Serialize};
use sqlx::Row;
use store::Db;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use accounts::WalletBalance;
pub use topup::expire_unpaid;

use crate::api::{ApiError, ApiResult, Data};
use crate::features::identity::AuthUser;
use crate::state::AppState;

/// History entries per page.
pub const HISTORY_PAGE_SIZE_MAX: i64 = 50;
const WEBHOOK_SECRET_KEY: &str = "wallet.webhook_secret";

/// The wallet's outside services.
#[derive(Clone)]
pub struct WalletServices {
    /// The payment gateway (the sandbox by default).
    pub gateway: Arc<dyn gateway::PaymentGateway>,
    /// The HMAC key the gateway signs webhooks with.
    pub webhook_secret: Arc<Vec<u8>>,
}

impl WalletServices {
    /// The sandbox gateway with a webhook secret from configuration, or one kept in the database.
    pub async fn build(configured_secret: Option<String>, db: &Db) -> anyhow::Result<Self> {
        let secret = match configured_secret.filter(|s| s.len() >= 32) {
            Some(secret) => secret,
            None => {
                let fresh = format!("{}{}", uuid::Uuid::new_v4().simple(), uuid::Uuid::new_v4().simple());
                store::settings::get_or_init_text(db, WEBHOOK_SECRET_KEY, fresh, store::now_ms()).await?
            }
        };
        Ok(Self {
            gateway: Arc::new(gateway::SandboxGateway::new(db.clone())),
            webhook_secret: Arc::new(secret.into_bytes()),
        })
    }
}

/// Routes of this feature.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(balance))
        .routes(routes!(topup::topup_methods))
        .routes(routes!(topup::input_variables))
        .routes(routes!(topup::gopay_limit))
        .routes(routes!(topup::create_topup))
        .routes(routes!(topup::topup_status))
        .routes(routes!(topup::webhook))
        .routes(routes!(topup::sandbox_payer))
        .routes(routes!(history))
        .routes(routes!(details))
}

/// The IDR wallet balance (R3.09).
#[utoipa::path(get, path = "/v1/wallet/balance", tag = "wallet", security(("bearer" = [])),
    responses((status = 200, body = Data<WalletBalance>), (status = 401, body = crate::api::ErrorBody)))]
async fn balance(State(state): State<AppState>, caller: AuthUser) -> ApiResult<Data<WalletBalance>> {
    Ok(Data::new(accounts::wallet_balance(&state.db, &caller.user_id).await.map_err(ApiError::internal)?))
}

/// A page of history.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HistoryQuery {
    /// Page from 1.
    pub page: Option<i64>,
    /// Page size, at most 50 (default 20).
    pub size: Option<i64>,
}

/// One wallet transaction in the history.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WalletTransaction {
    /// Id.
    pub id: String,
    /// TOPUP (cash-outs and trades join as they arrive).
    pub kind: String,
    /// paymentChannel code.
    pub payment_channel: String,
    /// Rupiah.
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

/// The caller's wallet transactions, newest first.
#[utoipa::path(get, path = "/v1/wallet/transaction-history", tag = "wallet", security(("bearer" = [])), params(HistoryQuery),
    responses((status = 200, body = WalletHistoryPage), (status = 400, body = crate::api::ErrorBody)))]
async fn history(
    State(state): State<AppState>,
    caller: AuthUser,
    Query(query): Query<HistoryQuery>,
) -> ApiResult<axum::Json<WalletHistoryPage>> {
    let page = query.page.unwrap_or(1);
    let size = query.size.unwrap_or(20);
    if page < 1 || !(1..=HISTORY_PAGE_SIZE_MAX).contains(&size) {
        return Err(ApiError::invalid(format!("page >= 1, size 1..={HISTORY_PAGE_SIZE_MAX}")));
    }
    let total: i64 = sqlx::query("select count(*) as n from topups where user_id = $1")
        .bind(&caller.user_id)
        .fetch_one(state.db.pool())
        .await
        .and_then(|r| r.try_get("n"))
        .map_err(ApiError::internal)?;
    let rows = sqlx::query(
        "select id, channel, amount, status, created_at_ms from topups where user_id = $1 \
         order by created_at_ms desc, id desc limit $2 offset $3",
    )
    .bind(&caller.user_id)
    .bind(size)
    .bind((page - 1) * size)
    .fetch_all(state.db.pool())
    .await
    .map_err(ApiError::internal)?;
    let data = rows
        .iter()
        .map(|r| {
            Ok(WalletTransaction {
                id: r.try_get("id")?,
                kind: "TOPUP".into(),
                payment_channel: r.try_get("channel")?,
                amount: money::format_idr(r.try_get("amount")?),
                status: r.try_get("status")?,
                created_at_ms: r.try_get("created_at_ms")?,
            })
        })
        .collect::<Result<_, sqlx::Error>>()
        .map_err(ApiError::internal)?;
    Ok(axum::Json(WalletHistoryPage { data, page, size, total }))
}

/// A transaction with every state it passed through.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransactionDetails {
    /// The top-up.
    pub topup: topup::Topup,
    /// Its states, oldest first.
    pub transitions: Vec<transitions::Transition>,
}

/// details-with-state-transition of one of the caller's transactions.
#[utoipa::path(get, path = "/v1/wallet/transactions/{id}/details-with-state-transition", tag = "wallet", security(("bearer" = [])),
    params(("id" = String, Path)), responses((status = 200, body = Data<TransactionDetails>), (status = 404, body = crate::api::ErrorBody)))]
async fn details(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Data<TransactionDetails>> {
    let topup = topup::load(&state, &caller.user_id, &id).await?;
    let transitions = transitions::of(&state.db, &id).await?;
    Ok(Data::new(TransactionDetails { topup, transitions }))
}
