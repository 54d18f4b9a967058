//! The web trading lists of crypto orders, open and closed, 30 a page (R7.05, R9.06).

use axum::extract::{Query, State};
use serde::Serialize;
use utoipa::ToSchema;

use super::repo;
use super::view::OrderView;
use crate::api::auth::AuthUser;
use crate::api::ApiResult;
use crate::features::orders::errors::invalid_order;
use crate::features::orders::lists::{PageQuery, ORDER_PAGE_SIZE};
use crate::state::AppState;

/// A page of orders.
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderPage {
    /// Newest first.
    pub data: Vec<OrderView>,
    /// From 1.
    pub page: i64,
    /// Always 30.
    pub size: i64,
    /// Orders in all pages.
    pub total: i64,
}

async fn list(state: &AppState, user_id: &str, open: bool, q: &PageQuery) -> ApiResult<axum::Json<OrderPage>> {
    let page = q.page(|why| invalid_order(why))?;
    let (rows, total) = repo::page(&state.db, user_id, open, page, ORDER_PAGE_SIZE).await?;
    let data = rows
        .iter()
        .filter_map(|row| state.trading.pair(&row.symbol).map(|pair| OrderView::of(row, &pair.spec)))
        .collect();
    Ok(axum::Json(OrderPage { data, page, size: ORDER_PAGE_SIZE, total }))
}

/// The caller's open crypto orders, newest first, 30 a page (R7.05).
#[utoipa::path(get, path = "/v1/trade-web/crypto/transactions/open", tag = "trading", security(("bearer" = [])),
    params(PageQuery), responses((status = 200, body = OrderPage), (status = 400, body = crate::api::ErrorBody)))]
pub async fn open_orders(
    State(state): State<AppState>,
    caller: AuthUser,
    Query(q): Query<PageQuery>,
) -> ApiResult<axum::Json<OrderPage>> {
    list(&state, &caller.user_id, true, &q).await
}

/// The caller's closed crypto orders (filled, cancelled, failed), newest first, 30 a page (R7.05).
#[utoipa::path(get, path = "/v1/trade-web/crypto/transactions/closed", tag = "trading", security(("bearer" = [])),
    params(PageQuery), responses((status = 200, body = OrderPage), (status = 400, body = crate::api::ErrorBody)))]
pub async fn closed_orders(
    State(state): State<AppState>,
    caller: AuthUser,
    Query(q): Query<PageQuery>,
) -> ApiResult<axum::Json<OrderPage>> {
    list(&state, &caller.user_id, false, &q).await
}
