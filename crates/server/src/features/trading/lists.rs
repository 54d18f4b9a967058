//! The web trading lists of crypto orders, open and closed, 30 a page (R7.05, R9.06).

use axum::extract::{Query, State};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::errors::invalid_order;
use super::repo;
use super::view::OrderView;
use crate::api::auth::AuthUser;
use crate::api::paging::Paging;
use crate::api::ApiResult;
use crate::state::AppState;

/// Orders per page of the crypto lists (R7.05, R9.06).
pub const ORDER_PAGE_SIZE: i64 = 30;

/// Which page.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// From 1 (default 1).
    #[param(minimum = 1, maximum = 100_000)]
    pub page: Option<i64>,
}

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

async fn list(state: &AppState, user_id: &str, open: bool, page: Option<i64>) -> ApiResult<axum::Json<OrderPage>> {
    let page =
        Paging::parse(page, None, ORDER_PAGE_SIZE, ORDER_PAGE_SIZE).map_err(|_| invalid_order("page: from 1"))?.page;
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
    list(&state, &caller.user_id, true, q.page).await
}

/// The caller's closed crypto orders (filled, cancelled, failed), newest first, 30 a page (R7.05).
#[utoipa::path(get, path = "/v1/trade-web/crypto/transactions/closed", tag = "trading", security(("bearer" = [])),
    params(PageQuery), responses((status = 200, body = OrderPage), (status = 400, body = crate::api::ErrorBody)))]
pub async fn closed_orders(
    State(state): State<AppState>,
    caller: AuthUser,
    Query(q): Query<PageQuery>,
) -> ApiResult<axum::Json<OrderPage>> {
    list(&state, &caller.user_id, false, q.page).await
}
