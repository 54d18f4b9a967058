//! The web trading lists of US-stock orders, open and closed, 30 a page (R7.05, R9.06).

use axum::extract::{Query, State};
use serde::Serialize;
use utoipa::ToSchema;

use super::repo;
use super::view::UsOrderView;
use crate::api::auth::AuthUser;
use crate::api::ApiResult;
use crate::features::orders::errors::invalid_order;
use crate::features::orders::lists::{PageQuery, ORDER_PAGE_SIZE};
use crate::state::AppState;

/// A page of US-stock orders.
#[derive(Debug, Serialize, ToSchema)]
pub struct UsOrderPage {
    /// Newest first.
    pub data: Vec<UsOrderView>,
    /// From 1.
    pub page: i64,
    /// Always 30.
    pub size: i64,
    /// Orders in all pages.
    pub total: i64,
}

async fn list(state: &AppState, user_id: &str, open: bool, q: &PageQuery) -> ApiResult<axum::Json<UsOrderPage>> {
    let page = q.page(|why| invalid_order(why))?;
    let (rows, total) = repo::page(&state.db, user_id, open, page, ORDER_PAGE_SIZE).await?;
    let data = rows.iter().map(|row| UsOrderView::of(row, None)).collect();
    Ok(axum::Json(UsOrderPage { data, page, size: ORDER_PAGE_SIZE, total }))
}

/// The caller's open US-stock orders, newest first, 30 a page (R7.05).
#[utoipa::path(get, path = "/v1/trade-web/us-stocks/transactions/open", tag = "us-stocks", security(("bearer" = [])),
    params(PageQuery), responses((status = 200, body = UsOrderPage), (status = 400, body = crate::api::ErrorBody)))]
pub async fn open_orders(
    State(state): State<AppState>,
    caller: AuthUser,
    Query(q): Query<PageQuery>,
) -> ApiResult<axum::Json<UsOrderPage>> {
    list(&state, &caller.user_id, true, &q).await
}

/// The caller's closed US-stock orders (filled, canceled, rejected), newest first, 30 a page (R7.05).
#[utoipa::path(get, path = "/v1/trade-web/us-stocks/transactions/closed", tag = "us-stocks", security(("bearer" = [])),
    params(PageQuery), responses((status = 200, body = UsOrderPage), (status = 400, body = crate::api::ErrorBody)))]
pub async fn closed_orders(
    State(state): State<AppState>,
    caller: AuthUser,
    Query(q): Query<PageQuery>,
) -> ApiResult<axum::Json<UsOrderPage>> {
    list(&state, &caller.user_id, false, &q).await
}
