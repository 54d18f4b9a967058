//! The portfolio's crypto-futures history (R2.15): fills with their realised profit, funding paid
//! and received, and liquidations, newest first, 30 a page.

use axum::extract::{Query, State};
use serde::Serialize;
use utoipa::ToSchema;

use super::repo;
use super::view::{FillView, FundingPaymentView, LiquidationView};
use crate::api::auth::AuthUser;
use crate::api::ApiResult;
use crate::features::orders::errors::invalid_order;
use crate::features::orders::lists::{PageQuery, ORDER_PAGE_SIZE};
use crate::state::AppState;

/// A page of history rows.
#[derive(Debug, Serialize, ToSchema)]
pub struct HistoryPage<T> {
    /// Newest first.
    pub data: Vec<T>,
    /// From 1.
    pub page: i64,
    /// Always 30.
    pub size: i64,
    /// Rows in all pages.
    pub total: i64,
}

/// The caller's perpetual fills with fee and realised profit.
#[utoipa::path(get, path = "/v1/perps/history/fills", tag = "perps", security(("bearer" = [])), params(PageQuery),
    responses((status = 200, body = HistoryPage<FillView>), (status = 400, body = crate::api::ErrorBody), (status = 401, body = crate::api::ErrorBody)))]
pub async fn fills(
    State(state): State<AppState>,
    caller: AuthUser,
    Query(q): Query<PageQuery>,
) -> ApiResult<axum::Json<HistoryPage<FillView>>> {
    let page = q.page(|why| invalid_order(why))?;
    let rows = repo::fills_page(&state.db, &caller.user_id, page, ORDER_PAGE_SIZE).await?;
    let total = repo::count_of(&state.db, "perp_fills", &caller.user_id).await?;
    let data = rows.iter().filter_map(|r| state.perps.instrument(&r.symbol).map(|i| FillView::of(r, i))).collect();
    Ok(axum::Json(HistoryPage { data, page, size: ORDER_PAGE_SIZE, total }))
}

/// The caller's funding payments, paid (negative) and received.
#[utoipa::path(get, path = "/v1/perps/history/funding", tag = "perps", security(("bearer" = [])), params(PageQuery),
    responses((status = 200, body = HistoryPage<FundingPaymentView>), (status = 400, body = crate::api::ErrorBody), (status = 401, body = crate::api::ErrorBody)))]
pub async fn funding(
    State(state): State<AppState>,
    caller: AuthUser,
    Query(q): Query<PageQuery>,
) -> ApiResult<axum::Json<HistoryPage<FundingPaymentView>>> {
    let page = q.page(|why| invalid_order(why))?;
    let rows = repo::funding_page(&state.db, &caller.user_id, page, ORDER_PAGE_SIZE).await?;
    let total = repo::count_of(&state.db, "perp_funding", &caller.user_id).await?;
    let data =
        rows.iter().filter_map(|r| state.perps.instrument(&r.symbol).map(|i| FundingPaymentView::of(r, i))).collect();
    Ok(axum::Json(HistoryPage { data, page, size: ORDER_PAGE_SIZE, total }))
}

/// The caller's liquidated positions.
#[utoipa::path(get, path = "/v1/perps/history/liquidations", tag = "perps", security(("bearer" = [])), params(PageQuery),
    responses((status = 200, body = HistoryPage<LiquidationView>), (status = 400, body = crate::api::ErrorBody), (status = 401, body = crate::api::ErrorBody)))]
pub async fn liquidations(
    State(state): State<AppState>,
    caller: AuthUser,
    Query(q): Query<PageQuery>,
) -> ApiResult<axum::Json<HistoryPage<LiquidationView>>> {
    let page = q.page(|why| invalid_order(why))?;
    let rows = repo::liquidations_page(&state.db, &caller.user_id, page, ORDER_PAGE_SIZE).await?;
    let total = repo::count_of(&state.db, "perp_liquidations", &caller.user_id).await?;
    let data =
        rows.iter().filter_map(|r| state.perps.instrument(&r.symbol).map(|i| LiquidationView::of(r, i))).collect();
    Ok(axum::Json(HistoryPage { data, page, size: ORDER_PAGE_SIZE, total }))
}
