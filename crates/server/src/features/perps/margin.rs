//! The perpetuals margin wallet (R3.11): USDT moved from the user's spot USDT (bought on the
//! USDT-IDR pair) into `PERP_MARGIN:USDT` and back, each move one balanced ledger entry confirmed
//! by the PIN. Margin that open positions use is a hold on the margin account, so it can never be
//! withdrawn; until perpetual positions exist nothing is held.
//!
//! - `marginBalance`: USDT in the margin wallet.
//! - `availableMargin`: what no position or order uses (balance less held), less any unrealised
//!   loss at the mark: what new orders and withdrawals may take.
//! - `buyingPower`: the largest position the available margin opens at the maximum leverage.
//! - `marginRatioPercentage`: maintenance margin over equity (balance plus unrealised profit), in
//!   percent (2 decimals); positions are liquidated at 100.

use axum::extract::{Query, State};
use axum::http::StatusCode;
use domain::amounts;
use domain::ledger::{AccountKind, AccountRef, EntryReason};
use domain::money::USDT;
use domain::money::{MinorUnits, Scale};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use store::ledger::{self, LedgerError, NewEntry, Posting};
use utoipa::{IntoParams, ToSchema};

use crate::api::auth::AuthUser;
use crate::api::{ApiError, ApiJson, ApiResult, Data, Msg};
use crate::features::identity::{self};
// USDT and USD share the 6-decimal minor unit, so the wallet's formatter serves both.
use crate::state::AppState;

/// USDT minor units (micro-USDT), the scale of every USDT account.
/// The highest leverage a perpetual position may take.
pub const MAX_LEVERAGE: i64 = 20;
/// The smallest transfer, micro-USDT (1 USDT).
const MINIMUM_MICRO: i64 = 1_000_000;
/// Moving margin is an internal transfer: no fee.
const WITHDRAWAL_FEE_MICRO: i64 = 0;

fn bad(code: &'static str, message: Msg) -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, code, message)
}

fn invalid_amount() -> ApiError {
    bad(
        "invalid_amount",
        Msg::fixed(
            "Nominal harus berupa angka positif dengan paling banyak 6 angka desimal.",
            "The amount must be a positive number with at most 6 decimals.",
        ),
    )
}

fn below_minimum() -> ApiError {
    bad("amount_below_minimum", Msg::fixed("Nominal minimal adalah 1 USDT.", "The smallest amount is 1 USDT."))
}

fn insufficient(which: &'static str) -> ApiError {
    let message = match which {
        "spot" => Msg::fixed("Saldo USDT spot Anda tidak mencukupi.", "Your spot USDT balance is not enough."),
        _ => Msg::fixed("Margin yang tersedia tidak mencukupi.", "Your available margin is not enough."),
    };
    bad("insufficient_balance", message)
}

/// Parses a positive USDT amount with at most 6 decimals into micro-USDT (refused, never rounded).
pub fn parse_usdt(text: &str) -> ApiResult<i64> {
    let micro = MinorUnits::parse_positive(text, Scale::USDT).map_err(|_| invalid_amount())?.count();
    if micro < MINIMUM_MICRO {
        return Err(below_minimum());
    }
    Ok(micro)
}

/// The margin wallet (R3.11).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MarginWallet {
    /// Always USDT.
    pub currency: String,
    /// USDT in the margin wallet.
    pub margin_balance: String,
    /// Margin no position uses.
    pub available_margin: String,
    /// The largest position the available margin opens at the maximum leverage.
    pub buying_power: String,
    /// The share of the margin balance positions use, percent.
    pub margin_ratio_percentage: String,
    /// The maximum leverage.
    pub max_leverage: i64,
    /// Spot USDT that can be deposited.
    pub spot_usdt_available: String,
}

/// The wallet marked to market.
async fn assess(state: &AppState, user_id: &str) -> ApiResult<super::service::Assessment> {
    let margin = ledger::balance_of(&state.db, &AccountRef::user(user_id, AccountKind::PerpMargin, USDT))
        .await?
        .unwrap_or(ledger::Balance { balance: 0, held: 0 });
    let positions = super::repo::open_positions_of(&state.db, user_id).await?;
    Ok(state.perps.assess(margin.balance, margin.held, &positions, state.clock.now()))
}

fn ratio_text(ratio_ppm: Option<i64>) -> String {
    // Parts per million as a percentage: 10^4 ppm is 1 %.
    domain::format::percent_text(Decimal::new(ratio_ppm.unwrap_or(0).min(100 * 1_000_000), 4))
}

async fn read(state: &AppState, user_id: &str) -> ApiResult<MarginWallet> {
    let a = assess(state, user_id).await?;
    let spot = ledger::balance_of(&state.db, &AccountRef::user(user_id, AccountKind::Crypto, USDT))
        .await?
        .map_or(0, |b| b.available());
    Ok(MarginWallet {
        currency: USDT.into(),
        margin_balance: MinorUnits::usdt(a.balance).to_text_min_places(2),
        available_margin: MinorUnits::usdt(a.available).to_text_min_places(2),
        buying_power: MinorUnits::usdt(amounts::buying_power(a.available, MAX_LEVERAGE)?).to_text_min_places(2),
        margin_ratio_percentage: ratio_text(a.ratio_ppm),
        max_leverage: MAX_LEVERAGE,
        spot_usdt_available: MinorUnits::usdt(spot).to_text_min_places(2),
    })
}

/// The caller's margin wallet.
#[utoipa::path(get, path = "/v1/perps/margin-wallet", tag = "perps", security(("bearer" = [])),
    responses((status = 200, body = Data<MarginWallet>), (status = 401, body = crate::api::ErrorBody)))]
pub async fn wallet(State(state): State<AppState>, caller: AuthUser) -> ApiResult<Data<MarginWallet>> {
    Ok(Data::new(read(&state, &caller.user_id).await?))
}

/// A margin transfer to make.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MarginTransfer {
    /// USDT, at most 6 decimals, at least 1.
    #[schema(format = "decimal")]
    pub amount: String,
    /// The user's PIN.
    #[schema(pattern = "^[0-9]{6}$")]
    pub pin: String,
}

#[derive(Clone, Copy)]
enum Direction {
    Deposit,
    Withdrawal,
}

async fn transfer(
    state: &AppState,
    user_id: &str,
    body: &MarginTransfer,
    direction: Direction,
) -> ApiResult<MarginWallet> {
    let micro = parse_usdt(&body.amount)?;
    identity::confirm_pin(state, user_id, &body.pin).await?;
    let id = uuid::Uuid::now_v7().to_string();
    let mut tx = state.db.begin_write().await?;
    if let Direction::Withdrawal = direction {
        // Under the trader's lock: no order or fill changes the margin between this check and the move.
        tx.lock_key(&super::locks::user_key(user_id)).await?;
        let a = super::perps(state).assess_tx(&mut tx.tx, user_id).await?;
        if micro > a.available {
            return Err(insufficient("margin"));
        }
    }
    let spot = ledger::open(&mut tx.tx, &AccountRef::user(user_id, AccountKind::Crypto, USDT)).await?;
    let margin = ledger::open(&mut tx.tx, &AccountRef::user(user_id, AccountKind::PerpMargin, USDT)).await?;
    let (from, to, reason, short) = match direction {
        Direction::Deposit => (spot, margin, EntryReason::PerpMarginDeposit, "spot"),
        Direction::Withdrawal => (margin, spot, EntryReason::PerpMarginWithdrawal, "margin"),
    };
    let postings = vec![
        Posting { account_id: from, currency: USDT.into(), amount: -micro },
        Posting { account_id: to, currency: USDT.into(), amount: micro },
    ];
    let at_ms = state.clock.now_ms();
    let entry = NewEntry { reason, event_id: format!("perp-margin:{id}"), memo: None, postings, at_ms };
    ledger::post(&mut tx.tx, &entry).await.map_err(|e| match e {
        LedgerError::InsufficientFunds(_) => insufficient(short),
        other => ApiError::internal(other),
    })?;
    tx.commit().await?;
    state.perps.risk_book.touch(user_id);
    read(state, user_id).await
}

/// Moves spot USDT into the margin wallet.
#[utoipa::path(post, path = "/v1/perps/margin/deposit", tag = "perps", security(("bearer" = [])), request_body = MarginTransfer,
    responses((status = 200, body = Data<MarginWallet>), (status = 400, body = crate::api::ErrorBody)))]
pub async fn deposit(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<MarginTransfer>,
) -> ApiResult<Data<MarginWallet>> {
    Ok(Data::new(transfer(&state, &caller.user_id, &body, Direction::Deposit).await?))
}

/// A withdrawal to price.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EstimateQuery {
    /// USDT.
    #[param(format = "decimal")]
    pub amount: String,
}

/// What a withdrawal would do; nothing moves.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WithdrawalEstimate {
    /// USDT asked for.
    pub amount: String,
    /// Fee (an internal transfer: zero).
    pub fee: String,
    /// USDT reaching the spot wallet.
    pub net_amount: String,
    /// Whether the available margin covers it.
    pub allowed: bool,
    /// The margin balance afterwards.
    pub margin_balance_after: String,
    /// The margin ratio afterwards, percent.
    pub margin_ratio_percentage_after: String,
}

/// Prices a withdrawal from the margin wallet (R3.11).
#[utoipa::path(get, path = "/v1/perps/margin/withdrawal/estimate", tag = "perps", security(("bearer" = [])),
    params(EstimateQuery),
    responses((status = 200, body = Data<WithdrawalEstimate>), (status = 400, body = crate::api::ErrorBody)))]
pub async fn withdrawal_estimate(
    State(state): State<AppState>,
    caller: AuthUser,
    Query(q): Query<EstimateQuery>,
) -> ApiResult<Data<WithdrawalEstimate>> {
    let micro = parse_usdt(&q.amount)?;
    let a = assess(&state, &caller.user_id).await?;
    let allowed = micro <= a.available;
    let after = if allowed { a.balance - micro } else { a.balance };
    let equity_after = a.equity - (a.balance - after);
    let ratio_after = domain::perps::margin_ratio_ppm(a.maintenance, equity_after);
    Ok(Data::new(WithdrawalEstimate {
        amount: MinorUnits::usdt(micro).to_text_min_places(2),
        fee: MinorUnits::usdt(WITHDRAWAL_FEE_MICRO).to_text_min_places(2),
        net_amount: MinorUnits::usdt(micro - WITHDRAWAL_FEE_MICRO).to_text_min_places(2),
        allowed,
        margin_balance_after: MinorUnits::usdt(after).to_text_min_places(2),
        margin_ratio_percentage_after: ratio_text(ratio_after),
    }))
}

/// Moves margin no position uses back to spot USDT.
#[utoipa::path(post, path = "/v1/perps/margin/withdrawal", tag = "perps", security(("bearer" = [])), request_body = MarginTransfer,
    responses((status = 200, body = Data<MarginWallet>), (status = 400, body = crate::api::ErrorBody)))]
pub async fn withdrawal(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<MarginTransfer>,
) -> ApiResult<Data<MarginWallet>> {
    Ok(Data::new(transfer(&state, &caller.user_id, &body, Direction::Withdrawal).await?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r3_11_usdt_amounts_parse_exactly_and_refuse_the_rest() {
        assert_eq!(parse_usdt("1").unwrap(), 1_000_000);
        assert_eq!(parse_usdt("12.345678").unwrap(), 12_345_678);
        for bad in ["", "0", "-1", "1.0000001", "abc", "1e3", "0.5"] {
            assert!(parse_usdt(bad).is_err(), "{bad}");
        }
        assert_eq!(MinorUnits::usdt(12_345_678).to_text_min_places(2), "12.345678");
        assert_eq!(MinorUnits::usdt(5_000_000).to_text_min_places(2), "5.00");
        assert_eq!(ratio_text(Some(250_000)), "25.00");
        assert_eq!(ratio_text(None), "0.00");
        assert_eq!(ratio_text(Some(333_333)), "33.33");
    }
}
