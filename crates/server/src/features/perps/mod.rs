//! Crypto perpetuals (USDT): the margin wallet the positions will draw on. Orders, positions,
//! funding and liquidation belong to the perpetuals trading work; this module holds the money side.

pub mod margin;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

/// The perpetuals routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(margin::wallet))
        .routes(routes!(margin::deposit))
        .routes(routes!(margin::withdrawal_estimate))
        .routes(routes!(margin::withdrawal))
}
