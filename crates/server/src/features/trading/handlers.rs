//! Buy, sell, advanced-order (OCO) buy and sell, cancel and amend.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::Extension;
use domain::orders::Side;
use domain::orders::{OrderKind, OrderType as DomainType, ProtectiveKind};
use domain::stepper::InputType;
use serde::Deserialize;
use store::idempotency::Unclaimed;
use utoipa::ToSchema;

use super::input::{given, number_text, pair, required, units};
use super::owner::{AmendRequest, OcoRequest, PlaceRequest};
use super::repo;
use super::view::OrderView;
use super::{api, Ask, PlaceKind, TradingService};
use crate::api::auth::AuthUser;
use crate::api::{ApiError, ApiJson, ApiResult, Data};
use crate::features::orders::errors::invalid_order;
use crate::features::orders::input::{check_flags, request_id};
use crate::features::orders::kept_answer;
use crate::state::AppState;

/// A buy or sell (R3.01 fields that apply to crypto).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderRequest {
    /// Pair, e.g. `BTC-IDR`.
    pub symbol: String,
    /// `instant` or `MARKET`, `LIMIT`, `STOP`, `STOP_LIMIT` (R4.07), or `TRAILING_STOP` for a sell
    /// (R4.10); default market. Any letter case.
    #[schema(value_type = Option<OrderKind>)]
    pub order_type: Option<String>,
    /// `TRAILING_STOP` with orderType `STOP` makes a trailing stop sell (R4.10); others are ignored.
    #[schema(value_type = Option<ProtectiveKind>)]
    pub order_sub_type: Option<String>,
    /// A trailing stop's distance in rupiah.
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal-or-empty", value_type = Option<String>)]
    pub trail_amount: Option<String>,
    /// A trailing stop's distance in percent (above 0, below 100).
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal-or-empty", value_type = Option<String>)]
    pub trail_percent: Option<String>,
    /// `quantity` or `amount` (R3.01); amount only for market buys. Default quantity.
    #[schema(value_type = Option<InputType>)]
    pub input_type: Option<String>,
    /// Coins, at most the pair's quantity precision.
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal-or-empty", value_type = Option<String>)]
    pub quantity: Option<String>,
    /// Rupiah to spend, fees and tax included (market buy by amount).
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal-or-empty", value_type = Option<String>)]
    pub amount: Option<String>,
    /// Limit price (LIMIT, STOP_LIMIT).
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal-or-empty", value_type = Option<String>)]
    pub limit_price: Option<String>,
    /// Trigger price (STOP, STOP_LIMIT).
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal-or-empty", value_type = Option<String>)]
    pub stop_price: Option<String>,
}

/// An OCO pair: a take-profit limit and a stop-loss, both of `quantity`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdvancedOrderRequest {
    /// Pair.
    pub symbol: String,
    /// Coins for each leg.
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal-or-empty", value_type = Option<String>)]
    pub quantity: Option<String>,
    /// Limit price of the take-profit leg.
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal-or-empty", value_type = Option<String>)]
    pub take_profit: Option<String>,
    /// Trigger of the stop-loss leg.
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal-or-empty", value_type = Option<String>)]
    pub stop_loss: Option<String>,
    /// Limit price once the stop-loss triggers; absent makes it a stop-market.
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal-or-empty", value_type = Option<String>)]
    pub stop_limit_price: Option<String>,
}

/// Which order to cancel.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CancelRequest {
    /// The order id (either leg cancels an OCO pair).
    pub order_id: String,
}

/// A change to an open order; absent fields stay.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AmendOrderRequest {
    /// The order id.
    pub order_id: String,
    /// New total quantity.
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal-or-empty", value_type = Option<String>)]
    pub quantity: Option<String>,
    /// New limit price.
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal-or-empty", value_type = Option<String>)]
    pub limit_price: Option<String>,
    /// New trigger price.
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal-or-empty", value_type = Option<String>)]
    pub stop_price: Option<String>,
}

fn parse_kind(pair: &super::Pair, body: &OrderRequest, side: Side) -> Result<PlaceKind, ApiError> {
    let (ps, qs) = (pair.spec.price_scale, pair.spec.quantity_scale);
    let trailing = given(&body.order_type).is_some_and(|t| t.eq_ignore_ascii_case("TRAILING_STOP"))
        || given(&body.order_sub_type).is_some_and(|t| t.eq_ignore_ascii_case("TRAILING_STOP"));
    if trailing {
        return trailing_kind(pair, body, side);
    }
    let order_type = match given(&body.order_type) {
        None => DomainType::Market,
        Some(text) => DomainType::from_server(text).ok_or_else(|| invalid_order("orderType: unknown"))?,
    };
    let by_amount = match given(&body.input_type).map(str::to_ascii_lowercase).as_deref() {
        None | Some("quantity") => false,
        Some("amount") => true,
        Some(_) => return Err(invalid_order("inputType: quantity or amount")),
    };
    if by_amount && (order_type != DomainType::Market || side != Side::Buy) {
        return Err(invalid_order("inputType: amount is for market buys"));
    }
    // R4.17: a quantity order ignores amount, an amount order ignores quantity.
    let quantity = || required("quantity", &body.quantity, qs);
    Ok(match order_type {
        DomainType::Market if by_amount => PlaceKind::MarketAmount { amount: required("amount", &body.amount, 2)? },
        DomainType::Market => PlaceKind::Market { quantity: quantity()? },
        DomainType::Limit => {
            PlaceKind::Limit { price: required("limitPrice", &body.limit_price, ps)?, quantity: quantity()? }
        }
        DomainType::Stop => {
            PlaceKind::Stop { stop: required("stopPrice", &body.stop_price, ps)?, quantity: quantity()? }
        }
        DomainType::StopLimit => PlaceKind::StopLimit {
            stop: required("stopPrice", &body.stop_price, ps)?,
            price: required("limitPrice", &body.limit_price, ps)?,
            quantity: quantity()?,
        },
        DomainType::Oco => return Err(invalid_order("orderType: OCO goes to advanced-order")),
    })
}

/// A trailing stop sell: a quantity and one of the trail's distance or percentage (R4.10).
fn trailing_kind(pair: &super::Pair, body: &OrderRequest, side: Side) -> Result<PlaceKind, ApiError> {
    if side == Side::Buy {
        return Err(invalid_order("orderType: a trailing stop is a sell"));
    }
    let quantity = required("quantity", &body.quantity, pair.spec.quantity_scale)?;
    let amount = given(&body.trail_amount).map(|t| units("trailAmount", t, pair.spec.price_scale)).transpose()?;
    let percent = given(&body.trail_percent)
        .map(|t| units("trailPercent", t, 4).map(|u| rust_decimal::Decimal::new(u, 4).normalize()))
        .transpose()?;
    if percent.is_some_and(|p| p >= rust_decimal::Decimal::ONE_HUNDRED) {
        return Err(invalid_order("trailPercent: below 100"));
    }
    let trail = match (amount, percent) {
        (Some(_), Some(_)) | (None, None) => return Err(invalid_order("trailAmount or trailPercent: exactly one")),
        (a, p) => domain::orders::Trail::of(a, p).ok_or_else(|| invalid_order("trailAmount"))?,
    };
    Ok(PlaceKind::TrailingStop { trail, quantity })
}

/// The order's answer; marked kept when its owner stored it under the request's idempotency key.
fn answer(row: &repo::OrderRow, pair: &super::Pair, answer_key: Option<&Unclaimed>) -> Response {
    kept_answer::answer(Data::new(OrderView::of(row, &pair.spec)), answer_key.is_some())
}

async fn place(
    state: AppState,
    caller: AuthUser,
    headers: HeaderMap,
    answer_key: Option<Unclaimed>,
    body: OrderRequest,
    side: Side,
) -> ApiResult<Response> {
    let trading: &TradingService = &state.trading;
    let pair = pair(trading, &body.symbol)?.clone();
    let kind = parse_kind(&pair, &body, side)?;
    check_flags(&state, caller.pro, &pair.spec.symbol, Some(pair.spec.enable_pro_mode), side).await?;
    let request = PlaceRequest { user_id: caller.user_id, request_id: request_id(&headers), side, kind };
    let row = trading.ask_keeping(&pair.spec.symbol, Ask::Place(request), answer_key.clone()).await.map_err(api)?;
    Ok(answer(&row, &pair, answer_key.as_ref()))
}

/// Buys crypto: market (`instant`, by quantity or by rupiah amount), limit, stop or stop-limit.
#[utoipa::path(post, path = "/v1/crypto/buy", tag = "trading", security(("bearer" = [])), request_body = OrderRequest,
    responses((status = 200, body = Data<OrderView>), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
pub async fn buy(
    State(state): State<AppState>,
    caller: AuthUser,
    headers: HeaderMap,
    answer_key: Option<Extension<Unclaimed>>,
    ApiJson(body): ApiJson<OrderRequest>,
) -> ApiResult<Response> {
    place(state, caller, headers, answer_key.map(|Extension(key)| key), body, Side::Buy).await
}

/// Sells crypto: market (`instant`), limit, stop or stop-limit, by quantity.
#[utoipa::path(post, path = "/v1/crypto/sell", tag = "trading", security(("bearer" = [])), request_body = OrderRequest,
    responses((status = 200, body = Data<OrderView>), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
pub async fn sell(
    State(state): State<AppState>,
    caller: AuthUser,
    headers: HeaderMap,
    answer_key: Option<Extension<Unclaimed>>,
    ApiJson(body): ApiJson<OrderRequest>,
) -> ApiResult<Response> {
    place(state, caller, headers, answer_key.map(|Extension(key)| key), body, Side::Sell).await
}

async fn advanced(
    state: AppState,
    caller: AuthUser,
    headers: HeaderMap,
    answer_key: Option<Unclaimed>,
    body: AdvancedOrderRequest,
    side: Side,
) -> ApiResult<Response> {
    let trading = &state.trading;
    let pair = pair(trading, &body.symbol)?.clone();
    let (ps, qs) = (pair.spec.price_scale, pair.spec.quantity_scale);
    let quantity = required("quantity", &body.quantity, qs)?;
    let take_profit = required("takeProfit", &body.take_profit, ps)?;
    let stop_loss = required("stopLoss", &body.stop_loss, ps)?;
    let stop_limit = given(&body.stop_limit_price).map(|t| units("stopLimitPrice", t, ps)).transpose()?;
    let buy = side == Side::Buy;
    // A take-profit sells above the stop-loss; a buy's take-profit (a dip to buy) sits below its stop.
    let ordered = if buy { take_profit < stop_loss } else { take_profit > stop_loss };
    if !ordered {
        return Err(invalid_order(if buy {
            "takeProfit must be below stopLoss for a buy"
        } else {
            "takeProfit must be above stopLoss for a sell"
        }));
    }
    check_flags(&state, caller.pro, &pair.spec.symbol, Some(pair.spec.enable_pro_mode), side).await?;
    let request = OcoRequest {
        user_id: caller.user_id,
        request_id: request_id(&headers),
        side,
        quantity,
        take_profit,
        stop_loss,
        stop_limit,
    };
    let row = trading.ask_keeping(&pair.spec.symbol, Ask::Oco(request), answer_key.clone()).await.map_err(api)?;
    Ok(answer(&row, &pair, answer_key.as_ref()))
}

/// Places an OCO buy: a take-profit limit below the market and a stop-loss above it; one cancels the other.
#[utoipa::path(post, path = "/v1/crypto/advanced-order/buy", tag = "trading", security(("bearer" = [])),
    request_body = AdvancedOrderRequest,
    responses((status = 200, body = Data<OrderView>), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
pub async fn advanced_buy(
    State(state): State<AppState>,
    caller: AuthUser,
    headers: HeaderMap,
    answer_key: Option<Extension<Unclaimed>>,
    ApiJson(body): ApiJson<AdvancedOrderRequest>,
) -> ApiResult<Response> {
    advanced(state, caller, headers, answer_key.map(|Extension(key)| key), body, Side::Buy).await
}

/// Places an OCO sell: a take-profit limit above the market and a stop-loss below it.
#[utoipa::path(post, path = "/v1/crypto/advanced-order/sell", tag = "trading", security(("bearer" = [])),
    request_body = AdvancedOrderRequest,
    responses((status = 200, body = Data<OrderView>), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
pub async fn advanced_sell(
    State(state): State<AppState>,
    caller: AuthUser,
    headers: HeaderMap,
    answer_key: Option<Extension<Unclaimed>>,
    ApiJson(body): ApiJson<AdvancedOrderRequest>,
) -> ApiResult<Response> {
    advanced(state, caller, headers, answer_key.map(|Extension(key)| key), body, Side::Sell).await
}

fn order_id(text: &str) -> Result<i64, ApiError> {
    text.trim().parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(|| invalid_order("orderId: not an order id"))
}

/// The caller's order, or 404 `order_not_found` (another user's order looks the same as none).
async fn own_order(state: &AppState, user_id: &str, id: i64) -> Result<repo::OrderRow, ApiError> {
    repo::get_for_user(&state.db, user_id, id).await?.ok_or_else(|| api(super::TradeError::OrderNotFound))
}

/// Cancels an open order of the caller (both legs of an OCO pair); its hold is released.
#[utoipa::path(post, path = "/v1/crypto/cancel", tag = "trading", security(("bearer" = [])), request_body = CancelRequest,
    responses((status = 200, body = Data<OrderView>), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
pub async fn cancel(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<CancelRequest>,
) -> ApiResult<Data<OrderView>> {
    let row = own_order(&state, &caller.user_id, order_id(&body.order_id)?).await?;
    let pair = pair(&state.trading, &row.symbol)?.clone();
    let ask = Ask::Cancel { user_id: caller.user_id, order_id: row.id };
    let row = state.trading.ask(&pair.spec.symbol, ask).await.map_err(api)?;
    Ok(Data::new(OrderView::of(&row, &pair.spec)))
}

/// Amends an open order of the caller: quantity, limit price or trigger (its hold follows).
#[utoipa::path(post, path = "/v1/crypto/amend", tag = "trading", security(("bearer" = [])), request_body = AmendOrderRequest,
    responses((status = 200, body = Data<OrderView>), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
pub async fn amend(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<AmendOrderRequest>,
) -> ApiResult<Data<OrderView>> {
    let row = own_order(&state, &caller.user_id, order_id(&body.order_id)?).await?;
    let pair = pair(&state.trading, &row.symbol)?.clone();
    let (ps, qs) = (pair.spec.price_scale, pair.spec.quantity_scale);
    let quantity = given(&body.quantity).map(|t| units("quantity", t, qs)).transpose()?;
    let limit_price = given(&body.limit_price).map(|t| units("limitPrice", t, ps)).transpose()?;
    let stop_price = given(&body.stop_price).map(|t| units("stopPrice", t, ps)).transpose()?;
    if quantity.is_none() && limit_price.is_none() && stop_price.is_none() {
        return Err(invalid_order("nothing to change: quantity, limitPrice or stopPrice"));
    }
    let side = row.side;
    check_flags(&state, caller.pro, &pair.spec.symbol, Some(pair.spec.enable_pro_mode), side).await?;
    let ask = Ask::Amend(AmendRequest { user_id: caller.user_id, order_id: row.id, quantity, limit_price, stop_price });
    let row = state.trading.ask(&pair.spec.symbol, ask).await.map_err(api)?;
    Ok(Data::new(OrderView::of(&row, &pair.spec)))
}
