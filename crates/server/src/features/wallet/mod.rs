//! The IDR wallet (R1.04, R3.09): balance, top-up through Indonesian payment channels with a
//! sandbox gateway and its signed webhook, expiry of unpaid top-ups, bank accounts and cash-out
//! with review, hold and sandbox disbursement, operator vouchers, history with every state a
//! transaction passed through. Every rupiah moves through the ledger (`store::ledger`).

mod accounts;
mod admin;
mod bank_accounts;
mod bank_accounts_repo;
pub mod bank_gateway;
pub mod banks;
mod cashout;
mod cashout_limits;
mod cashout_repo;
pub mod channels;
mod disburse;
pub mod gateway;
mod history;
mod history_repo;
mod messages;
mod sandbox_repo;
pub mod services;
mod topup;
mod topup_repo;
mod transitions_repo;
mod usd;
mod usd_movements;
mod usd_repo;
pub mod usd_yield;
mod usd_yield_repo;
mod voucher_repo;
pub mod xendit;
mod xendit_bank;
mod xendit_callback;
mod xendit_disbursement_callback;

use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use accounts::WalletBalance;
pub use admin::router as admin_router;
pub use disburse::disburse_due;
pub use history::HISTORY_PAGE_SIZE_MAX;
pub use topup::expire_unpaid;
pub use usd_yield::accrue_due as accrue_usd_interest;
pub use xendit_callback::reconcile_pending;

use crate::api::auth::AuthUser;
use crate::api::{ApiResult, Data};
use crate::state::AppState;

/// Sandbox-mode routes: the sandbox payer (absent in production, so they answer 404).
pub fn sandbox_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(topup::sandbox_payer))
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
        .routes(routes!(xendit_callback::callback))
        .routes(routes!(xendit_disbursement_callback::callback))
        .routes(routes!(history::history))
        .routes(routes!(history::filters))
        .routes(routes!(history::balance_movement))
        .routes(routes!(history::details))
        .routes(routes!(banks::list))
        .routes(routes!(bank_accounts::list, bank_accounts::add))
        .routes(routes!(bank_accounts::remove))
        .routes(routes!(cashout::input_variables))
        .routes(routes!(cashout::auto_approval_status))
        .routes(routes!(cashout::review))
        .routes(routes!(cashout::create))
        .routes(routes!(cashout::get))
        .routes(routes!(usd::price_current))
        .routes(routes!(usd::price_calculate))
        .routes(routes!(usd::balance))
        .routes(routes!(usd_movements::convert))
        .routes(routes!(usd_movements::leverage_details))
        .routes(routes!(usd_movements::leverage_calculate))
        .routes(routes!(usd_movements::leverage_deposit))
        .routes(routes!(usd_movements::leverage_withdraw))
        .routes(routes!(usd_movements::intraday_details))
        .routes(routes!(usd_movements::intraday_calculate))
        .routes(routes!(usd_movements::intraday_deposit))
        .routes(routes!(usd_movements::intraday_withdraw))
        .routes(routes!(usd_yield::onboarding))
        .routes(routes!(usd_yield::opt_in))
        .routes(routes!(usd_yield::opt_out))
}

/// The IDR wallet balance (R3.09).
#[utoipa::path(get, path = "/v1/wallet/balance", tag = "wallet", security(("bearer" = [])),
    responses((status = 200, body = Data<WalletBalance>), (status = 401, body = crate::api::ErrorBody)))]
async fn balance(State(state): State<AppState>, caller: AuthUser) -> ApiResult<Data<WalletBalance>> {
    Ok(Data::new(accounts::wallet_balance(&state.db, &caller.user_id).await?))
}
