//! Placing, cancelling and amending US-stock orders (SPEC.md §7 "US stocks"): POST buy and sell,
//! the leverage variants (R4.15), PUT cancel with the stockId body, PATCH amend returning the
//! amend request (R4.04). Calls need gssKycStatus VERIFIED (400 `041` otherwise).

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::Extension;
use domain::money::{MinorUnits, Scale};
use domain::orders::{Bucket, OrderKind, ProtectiveKind, Side, TradingHours};
use domain::precision::Rounding;
use serde::{Deserialize, Serialize};
use store::idempotency::{self, Unclaimed};
use store::ledger::{self, NewHold};
use store::write_set::WriteSet;
use store::StoreError;
use utoipa::ToSchema;

use super::amend::{self, AmendRefusalOr, NewTerms};
use super::errors::unknown_stock;
use super::input::{parse, Parsed, UsOrderBody};
use super::lifecycle::{new_order, Lifecycle};
use super::repo::{self, UsOrderRow};
use super::rules::{self, Draft, MarketNow};
use super::service::{intraday_cutoff, trading_date, user_key};
use super::view::{AmendRequestView, UsOrderView};
use crate::api::auth::AuthUser;
use crate::api::{ApiError, ApiJson, ApiResult, Data};
use crate::features::identity::us_verification::require_verified;
use crate::features::orders::errors::{invalid_order, request_in_progress, TradeError};
use crate::features::orders::input::{check_flags, given, number_text, request_id, units};
use crate::features::orders::kept_answer;
use crate::state::AppState;

type Tx = sqlx::Transaction<'static, sqlx::Any>;

/// The lifecycle over the application's parts.
pub fn lifecycle(state: &AppState) -> Lifecycle<'_> {
    Lifecycle { db: &state.db, svc: &state.us_stocks, hub: &state.hub, clock: state.clock.as_ref() }
}

/// The market a draft meets now, for the rules.
pub fn market_now(state: &AppState, stock_id: &str, bucket: Bucket) -> ApiResult<(MarketNow, i64)> {
    let svc = &state.us_stocks;
    let stock = svc.stock(stock_id).ok_or_else(|| unknown_stock(stock_id))?;
    let now = state.clock.now();
    let quote = svc.venue.quote(stock_id, now).ok_or_else(|| unknown_stock(stock_id))?;
    let market_time = svc.market_time(now);
    let cutoff = intraday_cutoff(trading_date(market_time), svc.settings.intraday_cutoff_minutes);
    let leverage_offered = match bucket {
        Bucket::Paln => true,
        Bucket::Leverage => stock.leverage2x,
        Bucket::Intraday => stock.leverage4x || stock.intraday_leverage,
    };
    let market = MarketNow {
        phase: quote.phase,
        bid: quote.bid,
        ask: quote.ask,
        post_market: stock.ipme,
        leverage_offered,
        after_intraday_cutoff: cutoff.is_none_or(|c| market_time >= c),
    };
    Ok((market, quote.ask))
}

fn check(state: &AppState, draft: &Draft, market: &MarketNow) -> ApiResult<()> {
    let settings = &state.us_stocks.settings;
    // A setting too large to count is the server's fault: a 500, never a made-up minimum.
    let min = MinorUnits::from_decimal(settings.min_order_usd, Scale::USD, Rounding::Truncate)?.count();
    rules::check(draft, market, min, settings.price_band_percentage).map_err(ApiError::from)
}

async fn place(
    state: AppState,
    caller: AuthUser,
    headers: HeaderMap,
    answer_key: Option<Unclaimed>,
    body: UsOrderBody,
    side: Side,
    leverage: bool,
) -> ApiResult<Response> {
    require_verified(&caller)?;
    let stock_id = body.stock_id.trim().to_ascii_uppercase();
    let parsed = parse(&body, side, leverage)?;
    let (market, ask) = market_now(&state, &stock_id, parsed.draft.bucket)?;
    check_flags(&state, caller.pro, &stock_id, None, side).await?;
    check(&state, &parsed.draft, &market)?;
    if parsed.oco {
        let stop_leg = Draft { kind: OrderKind::Stop, limit: None, stop: parsed.stop_loss, ..parsed.draft.clone() };
        check(&state, &stop_leg, &market)?;
    } else if side == Side::Buy {
        if parsed.take_profit.is_some_and(|tp| tp <= ask) {
            return Err(invalid_order("takeProfit: above the current ask"));
        }
        if parsed.stop_loss.is_some_and(|sl| sl >= market.bid) {
            return Err(invalid_order("stopLoss: below the current bid"));
        }
    }
    let request = request_id(&headers);
    let lc = lifecycle(&state);
    let market_time = state.us_stocks.market_time(state.clock.now());
    let (mut order, legs) = rows_of(&parsed, &caller.user_id, &stock_id, side, market_time, state.clock.now_ms());
    order.request_id = request.clone();
    // Committed with the other placements queued at once where that is faster (issue 12), the
    // call's answer kept under its idempotency key in the same transaction (`orders::kept_answer`).
    let placing = state.clone();
    let key = answer_key.clone();
    let placed = state
        .writes
        .write(move |tx| {
            Box::pin(async move {
                store::lock_key(tx, &user_key(&order.user_id)).await?;
                write_new_order(&placing, tx, &mut order, &legs, ask, key.as_ref()).await?;
                Ok::<_, ApiError>((order, legs))
            })
        })
        .await;
    let (order, legs) = match placed {
        Ok(placed) => placed,
        // The request id placed an order before: that order once it committed, else "in progress"
        // (a repeat in the same batch as the first, whose row it saw before the commit).
        Err(e) if e.code == "request_in_progress" => {
            let first = match &request {
                Some(id) => repo::by_request(&state.db, &caller.user_id, id).await?,
                None => None,
            };
            return first.map(|first| Data::new(UsOrderView::of(&first, None)).into_response()).ok_or(e);
        }
        Err(e) => return Err(e),
    };
    lc.publish(&order);
    for leg in &legs {
        lc.publish(leg);
    }
    Ok(kept_answer::answer(Data::new(UsOrderView::of(&order, None)), answer_key.is_some()))
}

/// Writes a new order, its hold, an OCO's stop-loss leg (which takes the shares when it
/// triggers; the take-profit leg reserves them now) and the call's kept answer, if the user's open
/// orders leave room: one write set, one statement on PostgreSQL (the caller holds the user's
/// lock). A repeat of the user's request id is told "in progress" (the caller answers the first
/// order once it is committed).
async fn write_new_order(
    state: &AppState,
    tx: &mut Tx,
    order: &mut UsOrderRow,
    legs: &[UsOrderRow],
    ask: i64,
    key: Option<&Unclaimed>,
) -> ApiResult<()> {
    let hold = lifecycle(state).new_hold(order, ask)?;
    let answer = match key {
        Some(key) => Some((
            key,
            kept_answer::stored(&Data::new(UsOrderView::of(order, None)))
                .map_err(|e| ApiError::internal(format_args!("order answer: {e}")))?,
        )),
        None => None,
    };
    let open_max = state.us_stocks.settings.open_orders_per_user_max;
    let mut set = WriteSet::default();
    set.push(repo::open_orders_below_part(&order.user_id, open_max));
    set.extend(hold.iter().flat_map(NewHold::parts));
    set.push(repo::order_part(order));
    set.extend(legs.iter().map(repo::order_part));
    set.extend(idempotency::answers_part(answer.iter().map(|(key, stored)| (*key, stored))));
    set.run(tx).await.map_err(|e| match e {
        StoreError::SharedTransaction(why) if why == repo::ORDER_REPEATED => request_in_progress(),
        StoreError::SharedTransaction(why) if why == repo::OPEN_ORDERS_FULL => {
            TradeError::TooManyOpenOrders(open_max).into_api()
        }
        StoreError::SharedTransaction(why) if why == ledger::HOLD_REFUSED => TradeError::InsufficientBalance.into_api(),
        e => e.into(),
    })
}

/// The rows an order becomes: itself, and for an OCO its stop-loss leg.
fn rows_of(
    parsed: &Parsed,
    user_id: &str,
    stock_id: &str,
    side: Side,
    market_time: chrono::DateTime<chrono::Utc>,
    now_ms: i64,
) -> (UsOrderRow, Vec<UsOrderRow>) {
    let d = &parsed.draft;
    let mut order = new_order(user_id, stock_id, d.bucket, side, d.kind, market_time, now_ms);
    order.time_in_force = d.time_in_force;
    order.trading_hours = d.hours;
    order.quantity = d.quantity;
    order.amount = d.amount;
    order.limit_price = d.limit;
    order.stop_price = d.stop;
    order.trail_amount = d.trail_amount;
    order.trail_percent = d.trail_percent.map(|p| p.to_string());
    if !parsed.oco {
        order.take_profit = parsed.take_profit;
        order.stop_loss = parsed.stop_loss;
        return (order, Vec::new());
    }
    let group = uuid::Uuid::now_v7().to_string();
    order.oco_group = Some(group.clone());
    order.oco_leg = Some(ProtectiveKind::TakeProfit);
    let mut stop_leg = new_order(user_id, stock_id, d.bucket, side, OrderKind::Stop, market_time, now_ms);
    stop_leg.time_in_force = order.time_in_force;
    // A stop fills in the regular session only (intraday keeps its own hours).
    stop_leg.trading_hours =
        if d.bucket == Bucket::Intraday { order.trading_hours } else { TradingHours::RegularHours };
    stop_leg.quantity = d.quantity;
    stop_leg.stop_price = parsed.stop_loss;
    stop_leg.oco_group = Some(group);
    stop_leg.oco_leg = Some(ProtectiveKind::StopLoss);
    (order, vec![stop_leg])
}

macro_rules! place_route {
    ($name:ident, $path:literal, $side:expr, $leverage:expr, $doc:literal) => {
        #[doc = $doc]
        #[utoipa::path(post, path = $path, tag = "us-stocks", security(("bearer" = [])), request_body = UsOrderBody,
            responses((status = 200, body = Data<UsOrderView>), (status = 400, body = crate::api::ErrorBody),
                      (status = 401, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
        pub async fn $name(
            State(state): State<AppState>,
            caller: AuthUser,
            headers: HeaderMap,
            answer_key: Option<Extension<Unclaimed>>,
            ApiJson(body): ApiJson<UsOrderBody>,
        ) -> ApiResult<Response> {
            place(state, caller, headers, answer_key.map(|Extension(key)| key), body, $side, $leverage).await
        }
    };
}

place_route!(buy, "/v1/us-stocks/buy", Side::Buy, false, "Buys a US stock without leverage (R3.15, R4.15): market (by quantity or amount), limit, stop, stop-limit; a take-profit and stop-loss become an OCO exit once filled.");
place_route!(
    sell,
    "/v1/us-stocks/sell",
    Side::Sell,
    false,
    "Sells a US stock held without leverage: market, limit, stop, stop-limit, trailing stop or OCO (R4.10)."
);
place_route!(
    leverage_buy,
    "/v1/us-stocks/leverage/buy",
    Side::Buy,
    true,
    "Opens or adds to a 2x or 4x (intraday, R4.16) position (R4.15)."
);
place_route!(
    leverage_sell,
    "/v1/us-stocks/leverage/sell",
    Side::Sell,
    true,
    "Sells shares of a 2x or 4x position (R4.15)."
);

/// The stock an order belongs to, as the cancel call sends it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CancelBody {
    /// The order's ticker.
    #[schema(min_length = 1, max_length = 12)]
    pub stock_id: String,
}

/// The orders a cancel closed (both legs of an OCO pair).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Cancelled {
    /// The orders as they are now.
    pub orders: Vec<UsOrderView>,
}

/// Cancels an open order of the caller (an OCO pair together); its hold is released.
#[utoipa::path(put, path = "/v1/us-stocks/transaction/{id}/cancel", tag = "us-stocks", security(("bearer" = [])),
    params(("id" = String, Path, description = "Order id")), request_body = CancelBody,
    responses((status = 200, body = Data<Cancelled>), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
pub async fn cancel(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<CancelBody>,
) -> ApiResult<Data<Cancelled>> {
    require_verified(&caller)?;
    let order = repo::get_for_user(&state.db, &caller.user_id, &id).await?.ok_or(TradeError::OrderNotFound)?;
    if order.stock_id != body.stock_id.trim().to_ascii_uppercase() {
        return Err(invalid_order("stockId: not the order's stock"));
    }
    let closed = lifecycle(&state).cancel(&caller.user_id, &id).await?;
    Ok(Data::new(Cancelled { orders: closed.iter().map(|o| UsOrderView::of(o, None)).collect() }))
}

/// New terms for an open limit, stop or stop-limit order; absent fields stay.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AmendBody {
    /// The order's ticker.
    #[schema(min_length = 1, max_length = 12)]
    pub stock_id: String,
    /// New total shares (above what filled).
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal-or-empty", value_type = Option<String>)]
    pub quantity: Option<String>,
    /// New limit price.
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal-or-empty", value_type = Option<String>)]
    pub unit_price: Option<String>,
    /// New stop price.
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal-or-empty", value_type = Option<String>)]
    pub stop_price: Option<String>,
}

/// The amend request the exchange will answer (R4.04).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AmendAnswer {
    /// The request; the order changes only once it is accepted.
    pub amend_request: AmendRequestView,
}

/// Asks the exchange to change an open order (R4.04); the answer comes on the orders channel.
#[utoipa::path(patch, path = "/v1/us-stocks/transaction/{id}/amend", tag = "us-stocks", security(("bearer" = [])),
    params(("id" = String, Path, description = "Order id")), request_body = AmendBody,
    responses((status = 200, body = Data<AmendAnswer>), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
pub async fn amend_order(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<AmendBody>,
) -> ApiResult<Data<AmendAnswer>> {
    require_verified(&caller)?;
    let order: UsOrderRow =
        repo::get_for_user(&state.db, &caller.user_id, &id).await?.ok_or(TradeError::OrderNotFound)?;
    if order.stock_id != body.stock_id.trim().to_ascii_uppercase() {
        return Err(invalid_order("stockId: not the order's stock"));
    }
    let terms = NewTerms {
        quantity: given(&body.quantity).map(|t| units("quantity", t, Scale::SHARES.decimal_places())).transpose()?,
        limit: given(&body.unit_price)
            .map(|t| units("unitPrice", t, Scale::US_STOCK_PRICE.decimal_places()))
            .transpose()?,
        stop: given(&body.stop_price)
            .map(|t| units("stopPrice", t, Scale::US_STOCK_PRICE.decimal_places()))
            .transpose()?,
    };
    match amend::request(&lifecycle(&state), &caller.user_id, &id, terms).await {
        Ok(row) => Ok(Data::new(AmendAnswer { amend_request: AmendRequestView::of(&row) })),
        Err(AmendRefusalOr::Refused(r)) => Err(r.into()),
        Err(AmendRefusalOr::Failed(e)) => Err(e.into_api()),
    }
}

/// One order of the caller with its newest amend request; another user's id is 404.
#[utoipa::path(get, path = "/v1/us-stocks/transaction/{id}", tag = "us-stocks", security(("bearer" = [])),
    params(("id" = String, Path, description = "Order id")),
    responses((status = 200, body = Data<UsOrderView>), (status = 401, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody)))]
pub async fn order(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Data<UsOrderView>> {
    // The amend request is read before its order: the venue decides both in one transaction, so an
    // amend shown as decided always comes with the order as it decided it (read the other way
    // round, an accepted amend could come back beside the order's old price).
    let amend = repo::latest_amend(&state.db, &id).await?;
    let order = repo::get_for_user(&state.db, &caller.user_id, &id).await?.ok_or(TradeError::OrderNotFound)?;
    Ok(Data::new(UsOrderView::of(&order, amend.as_ref())))
}
