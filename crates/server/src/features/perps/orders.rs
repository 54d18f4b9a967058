//! Perpetual order calls (SPEC.md §7 "Crypto perps"): estimate, buy (long), sell (short), cancel
//! and the open and closed lists. Handlers parse, check the flags and call the lifecycle.

use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::Extension;
use domain::orders::{PerpOrderType, PerpOrigin, Side};
use domain::perps::{Exposure, Round};
use serde::{Deserialize, Serialize};
use store::group::{BoxFuture, GroupWriter};
use store::idempotency::Unclaimed;
use utoipa::ToSchema;

use super::contracts::PerpInstrument;
use super::errors::PerpError;
use super::lifecycle::{Draft, Perps, Placed, Protection};
use super::locks::Locking;
use super::repo;
use super::view::{price_text, usdt_text, PerpOrderView};
use crate::api::auth::AuthUser;
use crate::api::{ApiError, ApiJson, ApiResult, Data};
use crate::features::orders::errors::{invalid_order, unknown_pair, TradeError};
use crate::features::orders::input::{check_flags, given, number_text, request_id, required, units};
use crate::features::orders::kept_answer::{self, KeepAnswer};
use crate::features::orders::lists::{PageQuery, ORDER_PAGE_SIZE};
use crate::state::AppState;

type Tx = sqlx::Transaction<'static, sqlx::Any>;

/// The lifecycle over the application's parts.
pub fn perps(state: &AppState) -> Perps<'_> {
    Perps { db: &state.db, svc: &state.perps, hub: &state.hub, clock: state.clock.as_ref() }
}

/// A perpetual order.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PerpOrderBody {
    /// The contract, e.g. `BTCUSDT-PERP`.
    #[schema(min_length = 1, max_length = 24, example = "BTCUSDT-PERP")]
    pub symbol: String,
    /// `MARKET`, `LIMIT`, `STOP_MARKET` or `STOP_LIMIT` (read here, so another word gets the order
    /// error that names them).
    #[schema(value_type = PerpOrderType, example = "LIMIT")]
    pub order_type: String,
    /// Contracts, at most the contract's quantity precision.
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal", value_type = String, example = "0.010")]
    pub quantity: Option<String>,
    /// Limit price in USDT (LIMIT and STOP_LIMIT).
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal-or-empty", value_type = Option<String>, example = "60000.0")]
    pub price: Option<String>,
    /// Trigger on the mark price in USDT (STOP_MARKET and STOP_LIMIT).
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal-or-empty", value_type = Option<String>, example = "58000.0")]
    pub stop_price: Option<String>,
    /// Only reduce the position (default false).
    #[serde(default)]
    pub reduce_only: bool,
    /// Take-profit in USDT set on the position this order opens or adds to, on the profit side of
    /// its price (above for a long); not with `reduceOnly`.
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal-or-empty", value_type = Option<String>, example = "66000.0")]
    pub take_profit: Option<String>,
    /// Stop-loss in USDT set on the position this order opens or adds to, on the loss side of its
    /// price (below for a long); not with `reduceOnly`.
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal-or-empty", value_type = Option<String>, example = "57000.0")]
    pub stop_loss: Option<String>,
}

/// The instrument of `symbol`, or 404.
pub fn instrument<'a>(state: &'a AppState, symbol: &str) -> ApiResult<&'a PerpInstrument> {
    let symbol = symbol.trim().to_ascii_uppercase();
    state.perps.instrument(&symbol).ok_or_else(|| unknown_pair(&symbol))
}

/// Parses and checks an order body against the contract and the mark (fat-finger band).
pub fn draft(state: &AppState, body: &PerpOrderBody, side: Side, request: Option<String>) -> ApiResult<Draft> {
    let inst = instrument(state, &body.symbol)?;
    let contract = &inst.contract;
    let kind = body
        .order_type
        .trim()
        .parse::<PerpOrderType>()
        .ok()
        .ok_or_else(|| invalid_order("orderType: MARKET, LIMIT, STOP_MARKET or STOP_LIMIT"))?;
    let lots = required("quantity", &body.quantity, contract.quantity_scale)?;
    let price = match kind {
        PerpOrderType::Limit | PerpOrderType::StopLimit => Some(required("price", &body.price, contract.price_scale)?),
        _ if given(&body.price).is_some() => return Err(invalid_order("price: only for LIMIT and STOP_LIMIT")),
        _ => None,
    };
    let stop = match kind {
        PerpOrderType::StopMarket | PerpOrderType::StopLimit => {
            Some(required("stopPrice", &body.stop_price, contract.price_scale)?)
        }
        _ if given(&body.stop_price).is_some() => {
            return Err(invalid_order("stopPrice: only for STOP_MARKET and STOP_LIMIT"))
        }
        _ => None,
    };
    let quote = perps(state).quote(&inst.symbol)?;
    let band = i64::from(state.perps.settings.price_band_percentage);
    let within = |p: i64| (p - quote.mark).abs() * 100 <= quote.mark * band;
    if price.is_some_and(|p| !within(p)) {
        return Err(invalid_order(format!("price: within {band}% of the mark")));
    }
    if let Some(stop) = stop {
        if !within(stop) {
            return Err(invalid_order(format!("stopPrice: within {band}% of the mark")));
        }
        // A buy stop triggers on a rise, a sell stop on a fall: one already reached is refused.
        if (side == Side::Buy && stop <= quote.mark) || (side == Side::Sell && stop >= quote.mark) {
            return Err(invalid_order("stopPrice: on the wrong side of the mark"));
        }
    }
    let reference = price.or(stop).unwrap_or(quote.mark);
    if contract.notional_micro(lots, reference, Round::Up) < domain::perps::MIN_NOTIONAL_MICRO {
        return Err(TradeError::BelowMinimum.into());
    }
    let protection = protection(inst, body, side, reference)?;
    Ok(Draft {
        symbol: inst.symbol.clone(),
        side,
        kind,
        lots,
        price,
        stop,
        reduce_only: body.reduce_only,
        protection,
        origin: PerpOrigin::User,
        request_id: request,
    })
}

/// The order's take-profit and stop-loss, each on its own side of the price the order opens at
/// (`reference`: its limit, its trigger, or the mark for a market order).
fn protection(inst: &PerpInstrument, body: &PerpOrderBody, side: Side, reference: i64) -> ApiResult<Protection> {
    let take_profit = price_field(inst, "takeProfit", &body.take_profit)?;
    let stop_loss = price_field(inst, "stopLoss", &body.stop_loss)?;
    if body.reduce_only && (take_profit.is_some() || stop_loss.is_some()) {
        return Err(invalid_order("takeProfit, stopLoss: not with reduceOnly"));
    }
    let long = side == Side::Buy;
    if take_profit.is_some_and(|tp| if long { tp <= reference } else { tp >= reference }) {
        return Err(invalid_order(if long {
            "takeProfit: above the order's price"
        } else {
            "takeProfit: below the order's price"
        }));
    }
    if stop_loss.is_some_and(|sl| if long { sl >= reference } else { sl <= reference }) {
        return Err(invalid_order(if long {
            "stopLoss: below the order's price"
        } else {
            "stopLoss: above the order's price"
        }));
    }
    Ok(Protection { take_profit, stop_loss })
}

async fn place(
    state: AppState,
    caller: AuthUser,
    headers: HeaderMap,
    answer_key: Option<Unclaimed>,
    body: PerpOrderBody,
    side: Side,
) -> ApiResult<Response> {
    let request = request_id(&headers);
    let draft = draft(&state, &body, side, request.clone())?;
    check_flags(&state, caller.pro, &draft.symbol, None, side).await?;
    let key = answer_key.as_ref();
    // On PostgreSQL the contract's placements queued at once share a transaction; SQLite's share
    // the one writer's (`AppState::writes`).
    let first = if state.db.backend() == store::Backend::Postgres {
        let writer = state.perps.book_writer(&state.db, &draft.symbol);
        write_placement(&state, &writer, &caller.user_id, &draft, key, Locking::Tried).await
    } else {
        write_placement(&state, &state.writes, &caller.user_id, &draft, key, Locking::UserWithBook).await
    };
    let placed = match first {
        // Another step held a user this one must lock: run again alone, locking in order.
        Err(PerpError::LocksBusy) => {
            write_placement(&state, &state.writes, &caller.user_id, &draft, key, Locking::InOrder).await
        }
        placed => placed,
    };
    let placed = match placed {
        Ok(placed) => placed,
        // A repeat of a placed request id (its kept answer, when there is one, was replayed before
        // the handler ran): that order once committed, else "still in progress".
        Err(PerpError::RequestInProgress) => {
            let in_progress = ApiError::from(PerpError::RequestInProgress);
            return placed_before(&state, &caller.user_id, request.as_deref()).await?.ok_or(in_progress);
        }
        Err(e) => return Err(e.into()),
    };
    let order = perps(&state).placed(placed).await;
    let inst = instrument(&state, &order.symbol)?;
    Ok(kept_answer::answer(Data::new(PerpOrderView::of(&order, inst)), answer_key.is_some()))
}

/// Places `draft` in a write committed with the other placements queued at once where that is
/// faster (issue 12), the call's answer kept under its idempotency `key` in the same transaction.
async fn write_placement(
    state: &AppState,
    writer: &GroupWriter,
    user_id: &str,
    draft: &Draft,
    key: Option<&Unclaimed>,
    locking: Locking,
) -> Result<Placed, PerpError> {
    let (placing, user_id, draft, key) = (state.clone(), user_id.to_owned(), draft.clone(), key.cloned());
    let work = unit(move |tx| {
        Box::pin(async move {
            let answer = |order: &repo::OrderRow| {
                let inst = instrument(&placing, &order.symbol).map_err(|e| e.code.to_string())?;
                kept_answer::stored(&Data::new(PerpOrderView::of(order, inst))).map_err(|e| e.to_string())
            };
            let kept = key.as_ref().map(|key| KeepAnswer { key, answer: &answer });
            perps(&placing).place_in(tx, &user_id, draft, kept, locking).await
        })
    });
    // Tried locks are for a transaction that others share.
    if locking == Locking::Tried {
        writer.run(work).await
    } else {
        writer.write(work).await
    }
}

/// Gives a placement's work the type a group writer runs (a closure's own would not name the
/// transaction's lifetime in its future's).
fn unit<F>(work: F) -> F
where
    F: for<'t> FnOnce(&'t mut Tx) -> BoxFuture<'t, Result<Placed, PerpError>>,
{
    work
}

/// The answer for the order the user already placed under `request` (a repeat), if any.
async fn placed_before(state: &AppState, user_id: &str, request: Option<&str>) -> ApiResult<Option<Response>> {
    let Some(id) = request else { return Ok(None) };
    let Some(existing) = repo::order_by_request(&state.db, user_id, id).await? else { return Ok(None) };
    let inst = instrument(state, &existing.symbol)?;
    Ok(Some(Data::new(PerpOrderView::of(&existing, inst)).into_response()))
}

/// Opens or adds to a long, or reduces a short (one-way mode).
#[utoipa::path(post, path = "/v1/perps/buy", tag = "perps", security(("bearer" = [])), request_body = PerpOrderBody,
    responses((status = 200, body = Data<PerpOrderView>), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
pub async fn buy(
    State(state): State<AppState>,
    caller: AuthUser,
    headers: HeaderMap,
    answer_key: Option<Extension<Unclaimed>>,
    ApiJson(body): ApiJson<PerpOrderBody>,
) -> ApiResult<Response> {
    place(state, caller, headers, answer_key.map(|Extension(key)| key), body, Side::Buy).await
}

/// Opens or adds to a short, or reduces a long (one-way mode).
#[utoipa::path(post, path = "/v1/perps/sell", tag = "perps", security(("bearer" = [])), request_body = PerpOrderBody,
    responses((status = 200, body = Data<PerpOrderView>), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
pub async fn sell(
    State(state): State<AppState>,
    caller: AuthUser,
    headers: HeaderMap,
    answer_key: Option<Extension<Unclaimed>>,
    ApiJson(body): ApiJson<PerpOrderBody>,
) -> ApiResult<Response> {
    place(state, caller, headers, answer_key.map(|Extension(key)| key), body, Side::Sell).await
}

/// A side as the estimate's path spells it: in lower case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ToSchema)]
#[schema(rename_all = "lowercase")]
pub enum PathSide {
    /// A long: `buy`.
    Buy,
    /// A short: `sell`.
    Sell,
}

impl PathSide {
    /// The path's spelling.
    const fn as_str(self) -> &'static str {
        match self {
            PathSide::Buy => "buy",
            PathSide::Sell => "sell",
        }
    }

    /// Reads the path segment; only the lower-case spellings are taken.
    fn parse(text: &str) -> Option<Self> {
        [PathSide::Buy, PathSide::Sell].into_iter().find(|s| s.as_str() == text)
    }

    /// The order side.
    const fn side(self) -> Side {
        match self {
            PathSide::Buy => Side::Buy,
            PathSide::Sell => Side::Sell,
        }
    }
}

/// What an order would cost and do.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EstimateView {
    /// The contract.
    pub symbol: String,
    /// `BUY` or `SELL`.
    pub side: Side,
    /// The price margin and fee are computed at (the book for a market order), USDT.
    pub price: String,
    /// Contracts.
    pub quantity: String,
    /// Notional at that price, USDT.
    pub notional: String,
    /// Initial margin of what opens or adds, USDT.
    pub initial_margin: String,
    /// Taker fee at that price, USDT.
    pub fee: String,
    /// Margin plus fee: what the order holds, USDT.
    pub cost: String,
    /// The wallet's available margin now, USDT.
    pub available_margin: String,
    /// Whether the available margin covers the cost.
    pub sufficient: bool,
    /// The leverage the order uses.
    pub leverage: i64,
    /// Contracts that reduce the position.
    pub reduce_quantity: String,
    /// The position's liquidation price after the order fills, USDT (none when flat).
    pub liquidation_price: Option<String>,
}

/// Estimates a buy or sell: margin, fee, cost and the liquidation price after it.
#[utoipa::path(post, path = "/v1/perps/estimate/{side}", tag = "perps", security(("bearer" = [])),
    params(("side" = inline(PathSide), Path, description = "buy or sell")), request_body = PerpOrderBody,
    responses((status = 200, body = Data<EstimateView>), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
pub async fn estimate(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(side): Path<String>,
    ApiJson(body): ApiJson<PerpOrderBody>,
) -> ApiResult<Data<EstimateView>> {
    let side = PathSide::parse(&side).ok_or_else(|| invalid_order("side: buy or sell"))?.side();
    let draft = draft(&state, &body, side, None)?;
    let inst = instrument(&state, &draft.symbol)?;
    let p = perps(&state);
    let quote = p.quote(&draft.symbol)?;
    // A read: nothing is written, so no writer slot is taken.
    let mut tx = state.db.pool().begin().await.map_err(store::StoreError::from)?;
    let plan = p.plan(&mut tx, &caller.user_id, &draft, &quote).await.map_err(ApiError::from)?;
    drop(tx);
    let contract = &inst.contract;
    let cost = if plan.increase > 0 { plan.initial_margin + plan.fee } else { 0 };
    let sign = i64::from(side.code());
    let position = &plan.position;
    let after_lots = position.lots + sign * draft.lots;
    let after_cost = if plan.increase == 0 {
        if after_lots == 0 {
            0
        } else {
            position.cost - position.cost * plan.reduce / position.lots.abs().max(1)
        }
    } else if plan.reduce > 0 {
        plan.increase * plan.reference
    } else {
        position.cost + plan.increase * plan.reference
    };
    let equity_else = plan.assessment.balance - cost + plan.assessment.unrealised
        - contract.unrealised_micro(Exposure { lots: position.lots, cost: position.cost }, quote.mark);
    let liquidation = contract
        .liquidation_price(Exposure { lots: after_lots, cost: after_cost }, equity_else, quote.mark)
        .map(|p| price_text(inst, p));
    Ok(Data::new(EstimateView {
        symbol: draft.symbol.clone(),
        side,
        price: price_text(inst, plan.reference),
        quantity: super::view::quantity_text(inst, draft.lots),
        notional: usdt_text(contract.notional_micro(draft.lots, plan.reference, Round::Up)),
        initial_margin: usdt_text(plan.initial_margin),
        fee: usdt_text(plan.fee),
        cost: usdt_text(cost),
        available_margin: usdt_text(plan.assessment.available),
        sufficient: cost <= plan.assessment.available,
        leverage: plan.leverage,
        reduce_quantity: super::view::quantity_text(inst, plan.reduce),
        liquidation_price: liquidation,
    }))
}

/// Cancels an open perpetual order of the caller; its margin hold is released.
#[utoipa::path(put, path = "/v1/perps/orders/{id}/cancel", tag = "perps", security(("bearer" = [])),
    params(("id" = String, Path, description = "Order id")),
    responses((status = 200, body = Data<PerpOrderView>), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
pub async fn cancel(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Data<PerpOrderView>> {
    let order = perps(&state).cancel(&caller.user_id, id.trim()).await?;
    let inst = instrument(&state, &order.symbol)?;
    Ok(Data::new(PerpOrderView::of(&order, inst)))
}

/// A page of perpetual orders.
#[derive(Debug, Serialize, ToSchema)]
pub struct PerpOrderPage {
    /// Newest first.
    pub data: Vec<PerpOrderView>,
    /// From 1.
    pub page: i64,
    /// Always 30.
    pub size: i64,
    /// Orders in all pages.
    pub total: i64,
}

async fn list(state: &AppState, user_id: &str, open: bool, q: &PageQuery) -> ApiResult<axum::Json<PerpOrderPage>> {
    let page = q.page(|why| invalid_order(why))?;
    let rows = repo::orders_page(&state.db, user_id, open, page, ORDER_PAGE_SIZE).await?;
    let total = repo::orders_count(&state.db, user_id, open).await?;
    let data = rows
        .iter()
        .filter_map(|row| state.perps.instrument(&row.symbol).map(|inst| PerpOrderView::of(row, inst)))
        .collect();
    Ok(axum::Json(PerpOrderPage { data, page, size: ORDER_PAGE_SIZE, total }))
}

/// The caller's open perpetual orders, newest first, 30 a page.
#[utoipa::path(get, path = "/v1/perps/orders/open", tag = "perps", security(("bearer" = [])), params(PageQuery),
    responses((status = 200, body = PerpOrderPage), (status = 400, body = crate::api::ErrorBody), (status = 401, body = crate::api::ErrorBody)))]
pub async fn open_orders(
    State(state): State<AppState>,
    caller: AuthUser,
    Query(q): Query<PageQuery>,
) -> ApiResult<axum::Json<PerpOrderPage>> {
    list(&state, &caller.user_id, true, &q).await
}

/// The caller's closed perpetual orders (filled, cancelled, failed, liquidations), newest first.
#[utoipa::path(get, path = "/v1/perps/orders/closed", tag = "perps", security(("bearer" = [])), params(PageQuery),
    responses((status = 200, body = PerpOrderPage), (status = 400, body = crate::api::ErrorBody), (status = 401, body = crate::api::ErrorBody)))]
pub async fn closed_orders(
    State(state): State<AppState>,
    caller: AuthUser,
    Query(q): Query<PageQuery>,
) -> ApiResult<axum::Json<PerpOrderPage>> {
    list(&state, &caller.user_id, false, &q).await
}

/// Parses a price of `inst` from text (for positions' take-profit and stop-loss).
pub fn price_field(inst: &PerpInstrument, field: &str, text: &Option<String>) -> ApiResult<Option<i64>> {
    given(text).map(|t| units(field, t, inst.contract.price_scale)).transpose()
}
