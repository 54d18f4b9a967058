//! Moving USD (R3.10): conversion between the IDR wallet and the paln bucket at the spread rates,
//! and the leverage (2x) and intraday (4x) wallets (details, calculate, deposit from paln, withdraw
//! to paln; one code path over [`FundedBucket`]). Each needs gssKycStatus VERIFIED (R6.03; else 400
//! `041`) and the PIN, and is one balanced ledger entry:
//! - IDR_TO_USD: user IDR cash −idr, `house:FX_DESK:IDR` +idr; `house:FX_DESK:USD` −usd, paln +usd.
//! - USD_TO_IDR: the reverse. Derived amounts are floored (DESIGN.md: floor derived quantities).
//! - LEVERAGE_DEPOSIT / LEVERAGE_WITHDRAW: paln ↔ leverage; INTRADAY_DEPOSIT / INTRADAY_WITHDRAW:
//!   paln ↔ intraday; same user, USD only.

use crate::features::identity::us_verification::require_verified;
use axum::extract::{Query, State};
use domain::amounts;
use domain::identity::KycStatus;
use domain::ledger::{AccountKind, AccountRef, EntryReason};
use domain::money::{MinorUnits, Scale};
use domain::money::{IDR, USD};
use domain::precision::Rounding;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use store::ledger::{self, LedgerError, NewEntry, Posting};
use utoipa::{IntoParams, ToSchema};

use super::usd::{self, Direction};
use super::usd_repo::{self, UsdMovementRow};
use super::{accounts, messages};
use crate::api::auth::AuthUser;
use crate::api::{ApiError, ApiJson, ApiResult, Data, Msg};
use crate::features::identity::{self, repo};
use crate::state::AppState;

/// Smallest conversion from rupiah, sen.
const IDR_MIN_SEN: i64 = 10_000 * 100;
/// Smallest conversion or transfer of dollars, micro-dollars.
const USD_MIN_MICRO: i64 = 1_000_000;

fn below(minimum: String) -> ApiError {
    ApiError::new(
        axum::http::StatusCode::BAD_REQUEST,
        "amount_below_minimum",
        Msg::owned(format!("Nominal minimal adalah {minimum}."), format!("The smallest amount is {minimum}.")),
    )
}

/// An amount in minor units of `scale`, extra places dropped; one too large to count is refused.
fn to_units(value: Decimal, scale: Scale) -> ApiResult<i64> {
    MinorUnits::from_decimal(value, scale, Rounding::Truncate)
        .map(MinorUnits::count)
        .map_err(|_| messages::invalid_amount())
}

/// A conversion to make.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConvertUsd {
    /// Which way.
    pub direction: Direction,
    /// What goes in: rupiah or dollars, at most 2 decimals.
    #[schema(format = "decimal")]
    pub amount: String,
    /// The user's PIN.
    #[schema(pattern = "^[0-9]{6}$")]
    pub pin: String,
}

/// A conversion made.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UsdConversion {
    /// Id.
    pub id: String,
    /// Which way.
    pub direction: Direction,
    /// Rupiah moved.
    pub idr_amount: String,
    /// Dollars moved.
    pub usd_amount: String,
    /// Rupiah per dollar applied.
    pub rate: String,
    /// Created, Unix ms.
    pub created_at_ms: i64,
}

/// Stores a movement of `user_id` made now.
async fn record(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    id: &str,
    user_id: &str,
    kind: &str,
    (idr, usd, rate): (i64, i64, &str),
    now: i64,
) -> ApiResult<()> {
    let movement = UsdMovementRow {
        id: id.into(),
        kind: kind.into(),
        idr_amount: idr,
        usd_amount: usd,
        rate: rate.into(),
        created_at_ms: now,
    };
    Ok(usd_repo::insert(tx, user_id, &movement).await?)
}

fn insufficient(e: LedgerError) -> ApiError {
    match e {
        LedgerError::InsufficientFunds(_) => messages::insufficient_balance(),
        other => other.into(),
    }
}

/// Converts between the IDR wallet and the USD paln bucket at the rate of this moment.
#[utoipa::path(post, path = "/v1/wallet/usd/convert", tag = "wallet", security(("bearer" = [])), request_body = ConvertUsd,
    responses((status = 200, body = Data<UsdConversion>), (status = 400, body = crate::api::ErrorBody), (status = 401, body = crate::api::ErrorBody)))]
pub async fn convert(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<ConvertUsd>,
) -> ApiResult<Data<UsdConversion>> {
    let amount = usd::parse_amount(&body.amount)?;
    require_verified(&caller)?;
    let (_, buy, sell) = usd::rates(&state)?;
    let (idr, micro, rate) = match body.direction {
        Direction::IdrToUsd => {
            let idr = to_units(amount, Scale::IDR)?;
            if idr < IDR_MIN_SEN {
                return Err(below(format!("Rp{}", MinorUnits::idr(IDR_MIN_SEN))));
            }
            (idr, to_units(amount / buy, Scale::USD)?, buy)
        }
        Direction::UsdToIdr => {
            let micro = to_units(amount, Scale::USD)?;
            if micro < USD_MIN_MICRO {
                return Err(below(format!("${}", MinorUnits::usd(USD_MIN_MICRO).to_text_min_places(2))));
            }
            (to_units(amount * sell, Scale::IDR)?, micro, sell)
        }
    };
    if idr <= 0 || micro <= 0 {
        return Err(messages::invalid_amount());
    }
    identity::confirm_pin(&state, &caller.user_id, &body.pin).await?;
    let id = uuid::Uuid::now_v7().to_string();
    let now = state.clock.now_ms();
    let mut tx = state.db.begin_write().await?;
    let cash = accounts::user_cash(&mut tx.tx, &caller.user_id).await?;
    let paln = ledger::open(&mut tx.tx, &AccountRef::user(&caller.user_id, AccountKind::UsdPaln, USD)).await?;
    let desk_idr = ledger::open(&mut tx.tx, &AccountRef::house(AccountKind::FxDesk, IDR)).await?;
    let desk_usd = ledger::open(&mut tx.tx, &AccountRef::house(AccountKind::FxDesk, USD)).await?;
    let sign = if body.direction == Direction::IdrToUsd { 1 } else { -1 };
    let postings = vec![
        Posting { account_id: cash, currency: IDR.into(), amount: -sign * idr },
        Posting { account_id: desk_idr, currency: IDR.into(), amount: sign * idr },
        Posting { account_id: desk_usd, currency: USD.into(), amount: -sign * micro },
        Posting { account_id: paln, currency: USD.into(), amount: sign * micro },
    ];
    let entry = NewEntry { reason: EntryReason::Fx, event_id: format!("fx:{id}"), memo: None, postings, at_ms: now };
    ledger::post(&mut tx.tx, &entry).await.map_err(insufficient)?;
    let kind = if sign == 1 { "IDR_TO_USD" } else { "USD_TO_IDR" };
    record(&mut tx.tx, &id, &caller.user_id, kind, (idr, micro, &rate.to_string()), now).await?;
    tx.commit().await?;
    Ok(Data::new(UsdConversion {
        id,
        direction: body.direction,
        idr_amount: MinorUnits::idr(idr).to_string(),
        usd_amount: MinorUnits::usd(micro).to_text_min_places(2),
        rate: rate.to_string(),
        created_at_ms: now,
    }))
}

/// A bucket funded from paln: the leverage wallet (2x) and the intraday wallet (4x). Both work the
/// same way (details, calculate, deposit from paln, withdraw to paln); only the account, the
/// leverage and the movement's name differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FundedBucket {
    /// `USD_LEVERAGE`, 2x: positions held overnight.
    Leverage,
    /// `USD_INTRADAY`, 4x: positions closed before the market closes (R4.16).
    Intraday,
}

impl FundedBucket {
    /// The bucket's ledger account kind.
    fn kind(self) -> AccountKind {
        match self {
            FundedBucket::Leverage => AccountKind::UsdLeverage,
            FundedBucket::Intraday => AccountKind::UsdIntraday,
        }
    }

    /// Buying power per dollar of usdCash.
    fn leverage(self) -> i64 {
        match self {
            FundedBucket::Leverage => 2,
            FundedBucket::Intraday => 4,
        }
    }

    /// The ledger reason and `usd_movements.kind` of a transfer.
    fn movement(self, direction: LeverageDirection) -> EntryReason {
        match (self, direction) {
            (FundedBucket::Leverage, LeverageDirection::Deposit) => EntryReason::LeverageDeposit,
            (FundedBucket::Leverage, LeverageDirection::Withdraw) => EntryReason::LeverageWithdraw,
            (FundedBucket::Intraday, LeverageDirection::Deposit) => EntryReason::IntradayDeposit,
            (FundedBucket::Intraday, LeverageDirection::Withdraw) => EntryReason::IntradayWithdraw,
        }
    }
}

/// A leveraged bucket's wallet: the leverage wallet (2x) or the intraday wallet (4x).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeverageWallet {
    /// Dollars in the bucket, available.
    pub usd_cash: String,
    /// Dollars held by open positions.
    pub usd_margin: String,
    /// usdCash × leverage.
    pub buying_power: String,
    /// Dollars in the paln bucket that can be deposited.
    pub paln_usd_cash: String,
    /// 2 for the leverage wallet, 4 for the intraday wallet.
    pub leverage: i64,
}

async fn available_usd(state: &AppState, user_id: &str, kind: AccountKind) -> ApiResult<ledger::Balance> {
    Ok(ledger::balance_of(&state.db, &AccountRef::user(user_id, kind, USD))
        .await?
        .unwrap_or(ledger::Balance { balance: 0, held: 0 }))
}

async fn bucket_wallet(state: &AppState, user_id: &str, bucket: FundedBucket) -> ApiResult<LeverageWallet> {
    let funded = available_usd(state, user_id, bucket.kind()).await?;
    let paln = available_usd(state, user_id, AccountKind::UsdPaln).await?.available();
    Ok(LeverageWallet {
        usd_cash: MinorUnits::usd(funded.available()).to_text_min_places(2),
        usd_margin: MinorUnits::usd(funded.held).to_text_min_places(2),
        buying_power: MinorUnits::usd(amounts::buying_power(funded.available(), bucket.leverage())?)
            .to_text_min_places(2),
        paln_usd_cash: MinorUnits::usd(paln).to_text_min_places(2),
        leverage: bucket.leverage(),
    })
}

/// The bucket's wallet; every amount zero unless gssKycStatus is VERIFIED (R6.03).
async fn details(state: &AppState, user_id: &str, bucket: FundedBucket) -> ApiResult<LeverageWallet> {
    let user = repo::user_by_id(&state.db, user_id).await?.ok_or_else(ApiError::unauthorized)?;
    if user.gss_kyc_status != KycStatus::Verified {
        return Ok(LeverageWallet {
            usd_cash: MinorUnits::usd(0).to_text_min_places(2),
            usd_margin: MinorUnits::usd(0).to_text_min_places(2),
            buying_power: MinorUnits::usd(0).to_text_min_places(2),
            paln_usd_cash: MinorUnits::usd(0).to_text_min_places(2),
            leverage: bucket.leverage(),
        });
    }
    bucket_wallet(state, user_id, bucket).await
}

/// Deposit into or withdraw from a leveraged bucket.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum LeverageDirection {
    /// paln → the bucket.
    Deposit,
    /// the bucket → paln.
    Withdraw,
}

/// A transfer between paln and a leveraged bucket, to price.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LeverageCalculateQuery {
    /// Which way.
    #[param(inline)]
    pub direction: LeverageDirection,
    /// Dollars, at most 2 decimals.
    #[param(format = "decimal")]
    pub amount: String,
}

/// What a transfer between paln and a leveraged bucket would leave.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeverageCalculation {
    /// Dollars moved.
    pub amount: String,
    /// The bucket's usdCash after.
    pub usd_cash_after: String,
    /// The bucket's buying power after.
    pub buying_power_after: String,
    /// Paln usdCash after.
    pub paln_usd_cash_after: String,
}

fn transfer_amount(text: &str) -> ApiResult<i64> {
    let micro = to_units(usd::parse_amount(text)?, Scale::USD)?;
    if micro < USD_MIN_MICRO {
        return Err(below(format!("${}", MinorUnits::usd(USD_MIN_MICRO).to_text_min_places(2))));
    }
    Ok(micro)
}

async fn calculate(
    state: &AppState,
    caller: &AuthUser,
    bucket: FundedBucket,
    query: &LeverageCalculateQuery,
) -> ApiResult<LeverageCalculation> {
    let micro = transfer_amount(&query.amount)?;
    require_verified(caller)?;
    let user_id = caller.user_id.as_str();
    let funded = available_usd(state, user_id, bucket.kind()).await?.available();
    let paln = available_usd(state, user_id, AccountKind::UsdPaln).await?.available();
    let (funded, paln, moved) = (MinorUnits::usd(funded), MinorUnits::usd(paln), MinorUnits::usd(micro));
    let after = match query.direction {
        LeverageDirection::Deposit => funded.checked_add(moved).and_then(|f| Ok((f, paln.checked_sub(moved)?))),
        LeverageDirection::Withdraw => funded.checked_sub(moved).and_then(|f| Ok((f, paln.checked_add(moved)?))),
    };
    // The amount is the caller's: one that takes a balance out of range is theirs to correct.
    let (funded_after, paln_after) =
        after.map(|(f, p)| (f.count(), p.count())).map_err(ApiError::amount_out_of_range)?;
    if funded_after < 0 || paln_after < 0 {
        return Err(messages::insufficient_balance());
    }
    Ok(LeverageCalculation {
        amount: MinorUnits::usd(micro).to_text_min_places(2),
        usd_cash_after: MinorUnits::usd(funded_after).to_text_min_places(2),
        buying_power_after: MinorUnits::usd(
            amounts::buying_power(funded_after, bucket.leverage()).map_err(ApiError::amount_out_of_range)?,
        )
        .to_text_min_places(2),
        paln_usd_cash_after: MinorUnits::usd(paln_after).to_text_min_places(2),
    })
}

/// A transfer between paln and a leveraged bucket, to make.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LeverageTransfer {
    /// Dollars, at most 2 decimals.
    #[schema(format = "decimal")]
    pub amount: String,
    /// The user's PIN.
    #[schema(pattern = "^[0-9]{6}$")]
    pub pin: String,
}

/// One balanced entry between the user's paln bucket and `bucket`, recorded as a USD movement.
async fn transfer(
    state: &AppState,
    caller: &AuthUser,
    bucket: FundedBucket,
    body: &LeverageTransfer,
    direction: LeverageDirection,
) -> ApiResult<LeverageWallet> {
    let micro = transfer_amount(&body.amount)?;
    require_verified(caller)?;
    let user_id = caller.user_id.as_str();
    identity::confirm_pin(state, user_id, &body.pin).await?;
    let id = uuid::Uuid::now_v7().to_string();
    let mut tx = state.db.begin_write().await?;
    let paln = ledger::open(&mut tx.tx, &AccountRef::user(user_id, AccountKind::UsdPaln, USD)).await?;
    let funded = ledger::open(&mut tx.tx, &AccountRef::user(user_id, bucket.kind(), USD)).await?;
    let (from, to) = match direction {
        LeverageDirection::Deposit => (paln, funded),
        LeverageDirection::Withdraw => (funded, paln),
    };
    let kind = bucket.movement(direction);
    let postings = vec![
        Posting { account_id: from, currency: USD.into(), amount: -micro },
        Posting { account_id: to, currency: USD.into(), amount: micro },
    ];
    let now = state.clock.now_ms();
    let entry = NewEntry { reason: kind, event_id: format!("usd:{id}"), memo: None, postings, at_ms: now };
    ledger::post(&mut tx.tx, &entry).await.map_err(insufficient)?;
    record(&mut tx.tx, &id, user_id, kind.as_str(), (0, micro, ""), now).await?;
    tx.commit().await?;
    bucket_wallet(state, user_id, bucket).await
}

/// The leverage wallet's details (zero unless gssKycStatus is VERIFIED).
#[utoipa::path(get, path = "/v1/wallet/leverage-wallet/details", tag = "wallet", security(("bearer" = [])),
    responses((status = 200, body = Data<LeverageWallet>), (status = 401, body = crate::api::ErrorBody)))]
pub async fn leverage_details(State(state): State<AppState>, caller: AuthUser) -> ApiResult<Data<LeverageWallet>> {
    Ok(Data::new(details(&state, &caller.user_id, FundedBucket::Leverage).await?))
}

/// Prices a leverage-wallet deposit or withdrawal; nothing moves.
#[utoipa::path(get, path = "/v1/wallet/leverage-wallet/calculate", tag = "wallet", security(("bearer" = [])), params(LeverageCalculateQuery),
    responses((status = 200, body = Data<LeverageCalculation>), (status = 400, body = crate::api::ErrorBody)))]
pub async fn leverage_calculate(
    State(state): State<AppState>,
    caller: AuthUser,
    Query(query): Query<LeverageCalculateQuery>,
) -> ApiResult<Data<LeverageCalculation>> {
    Ok(Data::new(calculate(&state, &caller, FundedBucket::Leverage, &query).await?))
}

/// Moves dollars from the paln bucket into the leverage wallet.
#[utoipa::path(post, path = "/v1/wallet/leverage-wallet/deposit", tag = "wallet", security(("bearer" = [])), request_body = LeverageTransfer,
    responses((status = 200, body = Data<LeverageWallet>), (status = 400, body = crate::api::ErrorBody)))]
pub async fn leverage_deposit(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<LeverageTransfer>,
) -> ApiResult<Data<LeverageWallet>> {
    let bucket = FundedBucket::Leverage;
    Ok(Data::new(transfer(&state, &caller, bucket, &body, LeverageDirection::Deposit).await?))
}

/// Moves dollars from the leverage wallet back to the paln bucket.
#[utoipa::path(post, path = "/v1/wallet/leverage-wallet/withdraw", tag = "wallet", security(("bearer" = [])), request_body = LeverageTransfer,
    responses((status = 200, body = Data<LeverageWallet>), (status = 400, body = crate::api::ErrorBody)))]
pub async fn leverage_withdraw(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<LeverageTransfer>,
) -> ApiResult<Data<LeverageWallet>> {
    let bucket = FundedBucket::Leverage;
    Ok(Data::new(transfer(&state, &caller, bucket, &body, LeverageDirection::Withdraw).await?))
}

/// The intraday wallet's details (4x; zero unless gssKycStatus is VERIFIED).
#[utoipa::path(get, path = "/v1/wallet/intraday-wallet/details", tag = "wallet", security(("bearer" = [])),
    responses((status = 200, body = Data<LeverageWallet>), (status = 401, body = crate::api::ErrorBody)))]
pub async fn intraday_details(State(state): State<AppState>, caller: AuthUser) -> ApiResult<Data<LeverageWallet>> {
    Ok(Data::new(details(&state, &caller.user_id, FundedBucket::Intraday).await?))
}

/// Prices an intraday-wallet deposit or withdrawal; nothing moves.
#[utoipa::path(get, path = "/v1/wallet/intraday-wallet/calculate", tag = "wallet", security(("bearer" = [])), params(LeverageCalculateQuery),
    responses((status = 200, body = Data<LeverageCalculation>), (status = 400, body = crate::api::ErrorBody)))]
pub async fn intraday_calculate(
    State(state): State<AppState>,
    caller: AuthUser,
    Query(query): Query<LeverageCalculateQuery>,
) -> ApiResult<Data<LeverageCalculation>> {
    Ok(Data::new(calculate(&state, &caller, FundedBucket::Intraday, &query).await?))
}

/// Moves dollars from the paln bucket into the intraday wallet.
#[utoipa::path(post, path = "/v1/wallet/intraday-wallet/deposit", tag = "wallet", security(("bearer" = [])), request_body = LeverageTransfer,
    responses((status = 200, body = Data<LeverageWallet>), (status = 400, body = crate::api::ErrorBody)))]
pub async fn intraday_deposit(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<LeverageTransfer>,
) -> ApiResult<Data<LeverageWallet>> {
    let bucket = FundedBucket::Intraday;
    Ok(Data::new(transfer(&state, &caller, bucket, &body, LeverageDirection::Deposit).await?))
}

/// Moves dollars from the intraday wallet back to the paln bucket.
#[utoipa::path(post, path = "/v1/wallet/intraday-wallet/withdraw", tag = "wallet", security(("bearer" = [])), request_body = LeverageTransfer,
    responses((status = 200, body = Data<LeverageWallet>), (status = 400, body = crate::api::ErrorBody)))]
pub async fn intraday_withdraw(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<LeverageTransfer>,
) -> ApiResult<Data<LeverageWallet>> {
    let bucket = FundedBucket::Intraday;
    Ok(Data::new(transfer(&state, &caller, bucket, &body, LeverageDirection::Withdraw).await?))
}
