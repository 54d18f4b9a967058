//! The operator's trading flags (R3.05): `GET`/`POST /api/admin/markets/flags`. A change takes
//! effect at once on this node, within `REFRESH_INTERVAL` on the others.

use axum::extract::{Query, State};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::errors::unknown_symbol;
use super::flags::{view, AssetFlags, SetFlags};
use super::symbols::{parse_symbol, SymbolQuery};
use crate::api::{ApiJson, ApiResult, ClientHeaders, Data};
use crate::state::AppState;

/// Operator routes of this feature (merged under the operator-token check).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_flags, set_flags))
}

/// An asset's trading flags.
#[utoipa::path(get, path = "/admin/markets/flags", tag = "admin", security(("operator" = [])), params(SymbolQuery),
    responses((status = 200, body = Data<AssetFlags>), (status = 404, body = crate::api::ErrorBody)))]
async fn get_flags(
    State(state): State<AppState>,
    headers: ClientHeaders,
    Query(q): Query<SymbolQuery>,
) -> ApiResult<Data<AssetFlags>> {
    let symbol = parse_symbol(&q.symbol)?;
    let asset = state.markets.asset(&symbol).ok_or_else(|| unknown_symbol(&symbol))?;
    Ok(Data::new(view(&asset.flags, headers.lang)))
}

/// Sets an asset's trading flags. Disabling both normal-mode sides halts the asset: its simulated
/// price stays flat until re-enabled, and clients show the reason or the default text (R4.13).
#[utoipa::path(post, path = "/admin/markets/flags", tag = "admin", security(("operator" = [])), request_body = SetFlags,
    responses((status = 200, body = Data<AssetFlags>), (status = 400, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody)))]
async fn set_flags(
    State(state): State<AppState>,
    headers: ClientHeaders,
    ApiJson(change): ApiJson<SetFlags>,
) -> ApiResult<Data<AssetFlags>> {
    let symbol = parse_symbol(&change.symbol)?;
    let flags = change.parse().map_err(crate::api::ApiError::invalid)?;
    if !state.markets.set_flags(&state.db, &symbol, flags.clone()).await? {
        return Err(unknown_symbol(&symbol));
    }
    tracing::warn!(symbol, buy = flags.enable_buy, sell = flags.enable_sell, "trading flags changed by operator");
    Ok(Data::new(view(&flags, headers.lang)))
}
