//! US stocks (issue 11): orders routed to an execution venue behind a trait (the sandbox US
//! exchange), spending USD from the bucket of their leverage (R3.10), positions per bucket,
//! intraday closing, margin, dividends and splits. docs/us-stocks.md has the rules and their sources.

mod admin;
mod amend;
mod closeout;
mod corporate;
mod corporate_repo;
mod driver;
mod eps;
mod errors;
mod fills;
mod handlers;
mod holds;
mod info;
mod input;
pub mod lifecycle;
mod lists;
mod margin;
pub mod repo;
pub mod rules;
pub mod service;
pub mod units;
pub mod venue;
mod view;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use service::UsStockService;

use crate::state::AppState;

/// Routes of this feature.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(handlers::buy))
        .routes(routes!(handlers::sell))
        .routes(routes!(handlers::leverage_buy))
        .routes(routes!(handlers::leverage_sell))
        .routes(routes!(handlers::cancel))
        .routes(routes!(handlers::amend_order))
        .routes(routes!(handlers::order))
        .routes(routes!(lists::open_orders))
        .routes(routes!(lists::closed_orders))
        .routes(routes!(info::description))
        .routes(routes!(info::order_types))
        .routes(routes!(info::estimate))
        .routes(routes!(info::positions))
        .routes(routes!(info::corporate_actions))
        .routes(routes!(eps::earnings_per_share))
}

pub use admin::router as admin_router;

/// Closes intraday positions past the cut-off (the intraday job).
pub async fn close_intraday(state: &AppState) -> Result<usize, crate::features::orders::errors::TradeError> {
    closeout::close_intraday(&handlers::lifecycle(state)).await
}

/// Margin calls and liquidations (the margin job).
pub async fn check_margins(state: &AppState) -> Result<usize, crate::features::orders::errors::TradeError> {
    margin::check_margins(&handlers::lifecycle(state)).await
}

/// The daily interest on 2x loans (the interest job).
pub async fn accrue_margin_interest(state: &AppState) -> Result<usize, crate::features::orders::errors::TradeError> {
    margin::accrue_interest(&handlers::lifecycle(state)).await
}

/// Dividends and splits whose record date has come (the corporate-actions job).
pub async fn apply_corporate_actions(state: &AppState) -> Result<usize, crate::features::orders::errors::TradeError> {
    corporate::apply_due(&handlers::lifecycle(state)).await
}

/// One pass of the venue over open orders and amend requests (the venue job).
pub async fn drive_venue(state: &AppState) -> Result<usize, crate::features::orders::errors::TradeError> {
    driver::drive(&handlers::lifecycle(state)).await
}
