//! The portfolio's spot holdings of crypto (R2.15 spot tab; SPEC.md §7 Portfolio
//! `asset-holdings`): quantity, average cost, unrealised and realised profit at live prices.
//!
//! Average cost is the moving average of what the coins cost, fees and tax included; a sale
//! realises its proceeds after fee and tax minus the average cost of the coins sold.

mod holdings;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use holdings::{AssetHolding, Position};

use crate::state::AppState;

/// Routes of this feature.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(holdings::asset_holdings))
}
