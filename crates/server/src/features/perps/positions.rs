//! Positions calls: the open positions with the wallet marked to market, close a position and its
//! estimate, take-profit / stop-loss, and the leverage per contract.

use axum::extract::{Query, State};
use axum::http::HeaderMap;
use domain::perps::{Exposure, Round};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::marked::{self, PositionsView};
use super::orders::{instrument, perps, price_field};
use super::repo;
use super::view::{price_text, quantity_text, usdt_text, PerpOrderView, PositionView};
use crate::api::auth::AuthUser;
use crate::api::{ApiJson, ApiResult, Data};
use crate::features::orders::input::{number_text, request_id};
use crate::state::AppState;
use domain::orders::{PerpOrigin, Side};

/// The caller's open positions and margin wallet, marked to market (also live on the `positions`
/// channel of `/ws`, every risk pass).
#[utoipa::path(get, path = "/v1/perps/positions", tag = "perps", security(("bearer" = [])),
    responses((status = 200, body = Data<PositionsView>), (status = 401, body = crate::api::ErrorBody)))]
pub async fn positions(State(state): State<AppState>, caller: AuthUser) -> ApiResult<Data<PositionsView>> {
    Ok(Data::new(marked::snapshot(&state.db, &state.perps, state.clock.now(), &caller.user_id).await?))
}

/// Which contract.
#[derive(Debug, Deserialize, ToSchema, IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct SymbolBody {
    /// The contract, e.g. `BTCUSDT-PERP`.
    #[schema(min_length = 1, max_length = 24, example = "BTCUSDT-PERP")]
    #[param(min_length = 1, max_length = 24, example = "BTCUSDT-PERP")]
    pub symbol: String,
}

/// What closing the position now would do.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CloseEstimateView {
    /// The contract.
    pub symbol: String,
    /// Contracts that would be closed.
    pub quantity: String,
    /// The side of the closing order.
    pub side: Side,
    /// The book's price for it (best level), USDT.
    pub price: String,
    /// Profit (negative: loss) it would realise at that price, before the fee, USDT.
    pub realised_pnl: String,
    /// The taker fee, USDT.
    pub fee: String,
}

/// Estimates closing the caller's position at the market.
#[utoipa::path(get, path = "/v1/perps/positions/close-estimate", tag = "perps", security(("bearer" = [])), params(SymbolBody),
    responses((status = 200, body = Data<CloseEstimateView>), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
pub async fn close_estimate(
    State(state): State<AppState>,
    caller: AuthUser,
    Query(q): Query<SymbolBody>,
) -> ApiResult<Data<CloseEstimateView>> {
    let inst = instrument(&state, &q.symbol)?;
    let position = repo::open_positions_of(&state.db, &caller.user_id)
        .await?
        .into_iter()
        .find(|p| p.symbol == inst.symbol)
        .ok_or(super::errors::PerpError::NoPosition)?;
    let quote = perps(&state).quote(&inst.symbol)?;
    let long = position.lots > 0;
    let book = if long { &quote.bids } else { &quote.asks };
    let price = super::lifecycle::sweep_price(book, position.lots.abs()).unwrap_or(quote.mark);
    let contract = &inst.contract;
    let pnl = contract.unrealised_micro(Exposure { lots: position.lots, cost: position.cost }, price);
    let fee = contract.fee_micro(contract.notional_micro(position.lots, price, Round::Up), false);
    Ok(Data::new(CloseEstimateView {
        symbol: inst.symbol.clone(),
        quantity: quantity_text(inst, position.lots.abs()),
        side: if long { Side::Sell } else { Side::Buy },
        price: price_text(inst, price),
        realised_pnl: usdt_text(pnl),
        fee: usdt_text(fee),
    }))
}

/// Closes the caller's whole position at the market (a reduce-only market order).
#[utoipa::path(post, path = "/v1/perps/positions/close", tag = "perps", security(("bearer" = [])), request_body = SymbolBody,
    responses((status = 200, body = Data<PerpOrderView>), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
pub async fn close(
    State(state): State<AppState>,
    caller: AuthUser,
    headers: HeaderMap,
    ApiJson(body): ApiJson<SymbolBody>,
) -> ApiResult<Data<PerpOrderView>> {
    let inst = instrument(&state, &body.symbol)?;
    let request = request_id(&headers);
    if let Some(id) = &request {
        if let Some(existing) = repo::order_by_request(&state.db, &caller.user_id, id).await? {
            return Ok(Data::new(PerpOrderView::of(&existing, inst)));
        }
    }
    let order = perps(&state).close_position(&caller.user_id, &inst.symbol, PerpOrigin::Close, request).await?;
    Ok(Data::new(PerpOrderView::of(&order, inst)))
}

/// A position's take-profit and stop-loss; absent or empty clears one.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProtectionBody {
    /// The contract.
    #[schema(min_length = 1, max_length = 24, example = "BTCUSDT-PERP")]
    pub symbol: String,
    /// Closes the position when the mark reaches it (above the mark for a long), USDT.
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal-or-empty", value_type = Option<String>, example = "65000.0")]
    pub take_profit: Option<String>,
    /// Closes the position when the mark reaches it (below the mark for a long), USDT.
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal-or-empty", value_type = Option<String>, example = "57000.0")]
    pub stop_loss: Option<String>,
}

/// Sets the take-profit and stop-loss of the caller's position.
#[utoipa::path(put, path = "/v1/perps/positions/protection", tag = "perps", security(("bearer" = [])), request_body = ProtectionBody,
    responses((status = 200, body = Data<PositionView>), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
pub async fn protection(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<ProtectionBody>,
) -> ApiResult<Data<PositionView>> {
    let inst = instrument(&state, &body.symbol)?;
    let take_profit = price_field(inst, "takeProfit", &body.take_profit)?;
    let stop_loss = price_field(inst, "stopLoss", &body.stop_loss)?;
    let p = perps(&state);
    let position = p.set_protection(&caller.user_id, &inst.symbol, take_profit, stop_loss).await?;
    let mark = p.quote(&inst.symbol)?.mark;
    Ok(Data::new(PositionView::of(&position, inst, mark, None)))
}

/// The leverage to trade a contract at.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LeverageBody {
    /// The contract.
    #[schema(min_length = 1, max_length = 24, example = "BTCUSDT-PERP")]
    pub symbol: String,
    /// 1 up to the contract's ceiling (the lower of its maximum and 20).
    #[schema(minimum = 1, maximum = 20, example = 10)]
    pub leverage: u32,
}

/// The caller's leverage on a contract.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeverageView {
    /// The contract.
    pub symbol: String,
    /// The leverage new orders use.
    pub leverage: i64,
    /// The highest the caller may choose.
    pub max_leverage: u32,
}

/// The caller's leverage on a contract (the default until one is chosen).
#[utoipa::path(get, path = "/v1/perps/leverage", tag = "perps", security(("bearer" = [])), params(SymbolBody),
    responses((status = 200, body = Data<LeverageView>), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
pub async fn leverage(
    State(state): State<AppState>,
    caller: AuthUser,
    Query(q): Query<SymbolBody>,
) -> ApiResult<Data<LeverageView>> {
    let inst = instrument(&state, &q.symbol)?;
    let ceiling = inst.contract.leverage_ceiling();
    let chosen = repo::leverage(&state.db, &caller.user_id, &inst.symbol).await?;
    let leverage = chosen.unwrap_or(i64::from(state.perps.settings.default_leverage)).clamp(1, i64::from(ceiling));
    Ok(Data::new(LeverageView { symbol: inst.symbol.clone(), leverage, max_leverage: ceiling }))
}

/// Sets the caller's leverage on a contract; an open position's margin is held again at it.
#[utoipa::path(put, path = "/v1/perps/leverage", tag = "perps", security(("bearer" = [])), request_body = LeverageBody,
    responses((status = 200, body = Data<LeverageView>), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
pub async fn set_leverage(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<LeverageBody>,
) -> ApiResult<Data<LeverageView>> {
    let inst = instrument(&state, &body.symbol)?;
    perps(&state).set_leverage(&caller.user_id, &inst.symbol, body.leverage).await?;
    Ok(Data::new(LeverageView {
        symbol: inst.symbol.clone(),
        leverage: i64::from(body.leverage),
        max_leverage: inst.contract.leverage_ceiling(),
    }))
}
