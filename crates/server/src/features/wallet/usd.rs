//! USD for US stocks (R3.10, R6.03): the conversion rate (the simulated USD/IDR mid rate with a
//! configurable spread either side), a calculator, and the USD wallet balance in its three buckets.
//!
//! Buckets are ledger accounts of the user in USD (scale 6): `USD_PALN` (no leverage), `USD_LEVERAGE`
//! (2x) and `USD_INTRADAY` (4x). In each: `usdCash` is the account's available USD, `usdMargin` what
//! open positions and orders hold of it, `buyingPower` = usdCash × the bucket's leverage, `idrCash` the
//! IDR freeBalance that can be converted, `usdIdrPrice` the rate a buy of USD pays now. Balances show
//! only when the user's gssKycStatus is VERIFIED; otherwise every amount is zero (R6.03).

use axum::extract::{Query, State};
use domain::amounts;
use domain::identity::KycStatus;
use domain::ledger::{AccountKind, AccountRef};
use domain::money::{MinorUnits, Scale};
use domain::money::{IDR, USD};
use domain::precision::Rounding;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use store::ledger;
use utoipa::{IntoParams, ToSchema};

use super::messages;
use crate::api::auth::AuthUser;
use crate::api::{ApiError, ApiResult, Data};
use crate::features::identity::repo;
use crate::state::AppState;

/// The USD/IDR rates now.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UsdPrice {
    /// The market's mid rate, rupiah per dollar.
    pub mid_price: String,
    /// What a user pays per dollar (mid + spread, rounded up to the sen).
    pub buy_price: String,
    /// What a user receives per dollar (mid − spread, rounded down to the sen).
    pub sell_price: String,
    /// The spread either side, percent.
    pub spread_percentage: String,
    /// When, Unix ms.
    pub at_ms: i64,
}

/// Which way to convert.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Direction {
    /// Rupiah in, dollars out (at buyPrice).
    IdrToUsd,
    /// Dollars in, rupiah out (at sellPrice).
    UsdToIdr,
}

/// A conversion to price.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CalculateQuery {
    /// Which way.
    #[param(inline)]
    pub direction: Direction,
    /// What goes in: rupiah or dollars, at most 2 decimals.
    #[param(format = "decimal")]
    pub amount: String,
}

/// What a conversion would give.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UsdCalculation {
    /// Which way.
    pub direction: Direction,
    /// What goes in.
    pub from_amount: String,
    /// IDR or USD.
    pub from_currency: String,
    /// What comes out, rounded down (rupiah to the sen, dollars to the micro-dollar).
    pub to_amount: String,
    /// IDR or USD.
    pub to_currency: String,
    /// The rate used, rupiah per dollar.
    pub rate: String,
}

/// One bucket of the USD wallet (R3.10).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UsdBucket {
    /// Available dollars.
    pub usd_cash: String,
    /// Dollars held by open positions and orders.
    pub usd_margin: String,
    /// Rupiah freeBalance that can be converted.
    pub idr_cash: String,
    /// usdCash × leverage.
    pub buying_power: String,
    /// Rupiah per dollar a conversion pays now.
    pub usd_idr_price: String,
    /// 1, 2 or 4.
    pub leverage: i64,
}

/// The USD wallet (R3.10, R6.03).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UsdWalletBalance {
    /// The user's US-stock eligibility; amounts are zero unless VERIFIED.
    pub gss_kyc_status: KycStatus,
    /// No leverage.
    pub paln: UsdBucket,
    /// 2x.
    pub leverage: UsdBucket,
    /// 4x, closed the same day.
    pub intraday: UsdBucket,
}

/// The mid, buy and sell rates now.
pub fn rates(state: &AppState) -> ApiResult<(Decimal, Decimal, Decimal)> {
    let mid = state.markets.usd_idr(state.clock.now()).map_err(ApiError::internal)?;
    let spread = Decimal::new(state.settings.usd.spread_bps, 4);
    // The rate is positive, so rounding up is rounding away from zero.
    let buy = Scale::IDR.round(mid * (Decimal::ONE + spread), Rounding::Up);
    let sell = Scale::IDR.round(mid * (Decimal::ONE - spread), Rounding::Truncate);
    Ok((mid, buy, sell))
}

/// The USD/IDR rates now.
#[utoipa::path(get, path = "/v1/wallet/usd/price/current", tag = "wallet", responses((status = 200, body = Data<UsdPrice>)))]
pub async fn price_current(State(state): State<AppState>) -> ApiResult<Data<UsdPrice>> {
    let (mid, buy, sell) = rates(&state)?;
    Ok(Data::new(UsdPrice {
        mid_price: Scale::IDR.round(mid, Rounding::HalfEven).to_string(),
        buy_price: buy.to_string(),
        sell_price: sell.to_string(),
        spread_percentage: domain::format::bps_percent_text(state.settings.usd.spread_bps),
        at_ms: state.clock.now_ms(),
    }))
}

/// Largest amount a conversion is priced for, in either currency (a trillion).
const CONVERSION_AMOUNT_MAX: i64 = 1_000_000_000_000;

/// Parses a positive amount with at most 2 decimals.
pub fn parse_amount(text: &str) -> ApiResult<Decimal> {
    let amount = MinorUnits::parse_positive(text, Scale::IDR).map_err(|_| messages::invalid_amount())?.to_decimal();
    if amount > Decimal::from(CONVERSION_AMOUNT_MAX) {
        return Err(messages::invalid_amount());
    }
    Ok(amount)
}

/// The caller's amount, or a figure priced from it, in minor units: extra places dropped (nobody
/// receives a fraction of a sen or micro-dollar), one too large to count refused as their input.
fn units(value: Decimal, scale: Scale) -> ApiResult<MinorUnits> {
    MinorUnits::from_decimal(value, scale, Rounding::Truncate).map_err(ApiError::amount_out_of_range)
}

/// Prices a conversion between rupiah and dollars; nothing moves.
#[utoipa::path(get, path = "/v1/wallet/usd/price/calculate", tag = "wallet", params(CalculateQuery),
    responses((status = 200, body = Data<UsdCalculation>), (status = 400, body = crate::api::ErrorBody)))]
pub async fn price_calculate(
    State(state): State<AppState>,
    Query(query): Query<CalculateQuery>,
) -> ApiResult<Data<UsdCalculation>> {
    let amount = parse_amount(&query.amount)?;
    let (_, buy, sell) = rates(&state)?;
    let calculation = match query.direction {
        Direction::IdrToUsd => {
            let usd = units(amount / buy, Scale::USD)?;
            UsdCalculation {
                direction: query.direction,
                from_amount: units(amount, Scale::IDR)?.to_string(),
                from_currency: IDR.into(),
                to_amount: usd.to_text_min_places(2),
                to_currency: USD.into(),
                rate: buy.to_string(),
            }
        }
        Direction::UsdToIdr => UsdCalculation {
            direction: query.direction,
            from_amount: units(amount, Scale::USD)?.to_text_min_places(2),
            from_currency: USD.into(),
            to_amount: units(amount * sell, Scale::IDR)?.to_string(),
            to_currency: IDR.into(),
            rate: sell.to_string(),
        },
    };
    Ok(Data::new(calculation))
}

/// The three buckets with their ledger account kind and leverage.
pub const BUCKETS: [(AccountKind, i64); 3] =
    [(AccountKind::UsdPaln, 1), (AccountKind::UsdLeverage, 2), (AccountKind::UsdIntraday, 4)];

/// The caller's USD wallet in its three buckets; zero unless gssKycStatus is VERIFIED (R6.03).
#[utoipa::path(get, path = "/v1/wallet/usd/balance", tag = "wallet", security(("bearer" = [])),
    responses((status = 200, body = Data<UsdWalletBalance>), (status = 401, body = crate::api::ErrorBody)))]
pub async fn balance(State(state): State<AppState>, caller: AuthUser) -> ApiResult<Data<UsdWalletBalance>> {
    let user = repo::user_by_id(&state.db, &caller.user_id).await?.ok_or_else(ApiError::unauthorized)?;
    let verified = user.gss_kyc_status == KycStatus::Verified;
    let (_, buy, _) = rates(&state)?;
    let idr_free = if verified {
        ledger::balance_of(&state.db, &AccountRef::idr_cash(&user.id)).await?.map_or(0, |b| b.available())
    } else {
        0
    };
    let mut buckets = Vec::with_capacity(BUCKETS.len());
    for (kind, leverage) in BUCKETS {
        let account =
            if verified { ledger::balance_of(&state.db, &AccountRef::user(&user.id, kind, USD)).await? } else { None };
        let (cash, margin) = account.map_or((0, 0), |b| (b.available(), b.held));
        buckets.push(UsdBucket {
            usd_cash: MinorUnits::usd(cash).to_text_min_places(2),
            usd_margin: MinorUnits::usd(margin).to_text_min_places(2),
            idr_cash: MinorUnits::idr(idr_free).to_string(),
            buying_power: MinorUnits::usd(amounts::buying_power(cash, leverage)?).to_text_min_places(2),
            usd_idr_price: buy.to_string(),
            leverage,
        });
    }
    let mut buckets = buckets.into_iter();
    let mut next = || buckets.next().ok_or_else(|| ApiError::internal("three buckets"));
    Ok(Data::new(UsdWalletBalance {
        gss_kyc_status: user.gss_kyc_status,
        paln: next()?,
        leverage: next()?,
        intraday: next()?,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dollars_show_at_least_cents_and_every_micro_dollar() {
        assert_eq!(MinorUnits::usd(0).to_text_min_places(2), "0.00");
        assert_eq!(MinorUnits::usd(1_500_000).to_text_min_places(2), "1.50");
        assert_eq!(MinorUnits::usd(12_345_678).to_text_min_places(2), "12.345678");
    }

    #[test]
    fn conversion_amounts_are_positive_with_at_most_two_decimals() {
        assert!(parse_amount("100.25").is_ok());
        for bad in ["", "0", "-1", "1.001", "abc", "1e3"] {
            assert!(parse_amount(bad).is_err(), "{bad}");
        }
    }
}
