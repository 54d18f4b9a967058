//! What the contracts are: instruments with their rules and prices, order types, and the funding
//! rate published ahead of each instant.

use axum::extract::{Query, State};
use domain::orders::PerpOrderType;
use domain::perps::{MAKER_FEE_PPM, MIN_NOTIONAL_MICRO, PPM, TAKER_FEE_PPM};
use serde::Serialize;
use utoipa::ToSchema;

use super::contracts::PerpInstrument;
use super::funding;
use super::orders::{instrument, perps};
use super::positions::SymbolBody;
use super::view::{price_text, usdt_text};
use crate::api::{ApiResult, Data};
use crate::state::AppState;

/// One margin tier of a contract.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TierView {
    /// Positions up to this notional (USDT; none for the last tier).
    pub notional_up_to: Option<String>,
    /// Maintenance margin rate, percent.
    pub maintenance_margin_percentage: String,
    /// The highest leverage at this size.
    pub max_leverage: u32,
}

/// One perpetual contract.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InstrumentView {
    /// `BTCUSDT-PERP`.
    pub symbol: String,
    /// `BTCUSDT`.
    pub pair: String,
    /// Display name.
    pub name: String,
    /// Price decimals.
    pub price_precision: u32,
    /// Quantity decimals.
    pub quantity_precision: u32,
    /// The price step, USDT.
    pub tick_size: String,
    /// The quantity step (also the smallest quantity), contracts.
    pub step_size: String,
    /// The smallest order value, USDT.
    pub min_notional: String,
    /// The highest leverage a user may choose (the lower of the contract's and the wallet's 20x).
    pub max_leverage: u32,
    /// The contract's own maximum.
    pub contract_max_leverage: u32,
    /// Maker fee, percent.
    pub maker_fee_percentage: String,
    /// Taker fee, percent.
    pub taker_fee_percentage: String,
    /// Margin tiers.
    pub tiers: Vec<TierView>,
    /// Index (spot reference), USDT.
    pub index_price: Option<String>,
    /// Mark, USDT.
    pub mark_price: Option<String>,
    /// Last, USDT.
    pub last_price: Option<String>,
    /// The funding rate of the running interval so far, percent.
    pub funding_rate_percentage: String,
    /// When it settles, ms since the epoch.
    pub next_funding_time: i64,
}

fn view_of(state: &AppState, inst: &PerpInstrument) -> InstrumentView {
    let now = state.clock.now();
    let p = perps(state);
    let quote = state.perps.venue.quote(inst, now);
    let (rate, next) = funding::predicted(&p, inst, now);
    let contract = &inst.contract;
    let bounds = [Some(100_000_i64), Some(1_000_000), Some(5_000_000), None];
    let tiers = bounds
        .iter()
        .map(|bound| {
            let probe = bound.map_or(i64::MAX / 2, |b| b * PPM);
            let tier = contract.tier(probe);
            TierView {
                notional_up_to: bound.map(|b| usdt_text(b * PPM)),
                maintenance_margin_percentage: domain::format::ppm_percent_text(tier.maintenance_ppm),
                max_leverage: tier.max_leverage,
            }
        })
        .collect();
    InstrumentView {
        symbol: inst.symbol.clone(),
        pair: inst.pair.clone(),
        name: inst.name.clone(),
        price_precision: contract.price_scale,
        quantity_precision: contract.quantity_scale,
        tick_size: price_text(inst, 1),
        step_size: super::view::quantity_text(inst, 1),
        min_notional: usdt_text(MIN_NOTIONAL_MICRO),
        max_leverage: contract.leverage_ceiling(),
        contract_max_leverage: contract.max_leverage,
        maker_fee_percentage: domain::format::ppm_percent_text(MAKER_FEE_PPM),
        taker_fee_percentage: domain::format::ppm_percent_text(TAKER_FEE_PPM),
        tiers,
        index_price: quote.as_ref().map(|q| price_text(inst, q.index)),
        mark_price: quote.as_ref().map(|q| price_text(inst, q.mark)),
        last_price: quote.as_ref().map(|q| price_text(inst, q.last)),
        funding_rate_percentage: domain::format::ppm_percent_text(rate),
        next_funding_time: next,
    }
}

/// Every perpetual contract with its rules, prices and funding.
#[utoipa::path(get, path = "/v1/perps/instruments", tag = "perps",
    responses((status = 200, body = Data<Vec<InstrumentView>>)))]
pub async fn instruments(State(state): State<AppState>) -> Data<Vec<InstrumentView>> {
    let mut list: Vec<&PerpInstrument> = state.perps.instruments.values().collect();
    list.sort_by(|a, b| a.symbol.cmp(&b.symbol));
    Data::new(list.into_iter().map(|inst| view_of(&state, inst)).collect())
}

/// One perpetual contract.
#[utoipa::path(get, path = "/v1/perps/instrument", tag = "perps", params(SymbolBody),
    responses((status = 200, body = Data<InstrumentView>), (status = 400, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
pub async fn instrument_info(
    State(state): State<AppState>,
    Query(q): Query<SymbolBody>,
) -> ApiResult<Data<InstrumentView>> {
    let inst = instrument(&state, &q.symbol)?;
    Ok(Data::new(view_of(&state, inst)))
}

/// An order type of the perpetuals.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PerpOrderTypeView {
    /// `MARKET`, `LIMIT`, `STOP_MARKET` or `STOP_LIMIT`.
    pub order_type: PerpOrderType,
    /// Whether it takes a limit price.
    pub needs_price: bool,
    /// Whether it takes a trigger (on the mark price).
    pub needs_stop_price: bool,
}

/// The perpetuals' order types; every one may be reduce-only.
#[utoipa::path(get, path = "/v1/perps/order-types", tag = "perps", responses((status = 200, body = Data<Vec<PerpOrderTypeView>>)))]
pub async fn order_types() -> Data<Vec<PerpOrderTypeView>> {
    let row = |t: PerpOrderType| PerpOrderTypeView {
        order_type: t,
        needs_price: t.has_limit(),
        needs_stop_price: t.is_stop(),
    };
    Data::new(PerpOrderType::ALL.iter().copied().map(row).collect())
}

/// A contract's funding.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FundingRateView {
    /// The contract.
    pub symbol: String,
    /// The running interval's rate so far, percent (positive: longs pay shorts).
    pub funding_rate_percentage: String,
    /// When it settles, ms since the epoch (00:00, 08:00, 16:00 UTC).
    pub next_funding_time: i64,
    /// The rate settled at the last instant, percent.
    pub last_funding_rate_percentage: String,
    /// That instant, ms since the epoch.
    pub last_funding_time: i64,
    /// Hours between instants.
    pub interval_hours: i64,
}

/// The funding rate of a contract, published ahead of its instant.
#[utoipa::path(get, path = "/v1/perps/funding-rate", tag = "perps", params(SymbolBody),
    responses((status = 200, body = Data<FundingRateView>), (status = 400, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
pub async fn funding_rate(
    State(state): State<AppState>,
    Query(q): Query<SymbolBody>,
) -> ApiResult<Data<FundingRateView>> {
    let inst = instrument(&state, &q.symbol)?;
    let p = perps(&state);
    let now = state.clock.now();
    let (rate, next) = funding::predicted(&p, inst, now);
    let last = domain::perps::funding_instant_at_or_before(now.timestamp_millis());
    Ok(Data::new(FundingRateView {
        symbol: inst.symbol.clone(),
        funding_rate_percentage: domain::format::ppm_percent_text(rate),
        next_funding_time: next,
        last_funding_rate_percentage: domain::format::ppm_percent_text(funding::rate_for(&p, inst, last)),
        last_funding_time: last,
        interval_hours: domain::perps::FUNDING_INTERVAL_HOURS,
    }))
}
