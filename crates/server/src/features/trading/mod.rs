//! Crypto trading on the IDR pairs (issue 6): one book owner per pair running the matching
//! engine with the sandbox liquidity providers' quotes as resting orders, and the calls of SPEC.md
//! §7 "Trading: Crypto": order types, price quote, slider input, estimate, buy, sell,
//! advanced-order (OCO) buy and sell, cancel, amend, balance and the open/closed lists.
//!
//! Money: every order holds what it may spend (rupiah, fees and tax included) or sell (coins) in
//! the ledger in the same transaction as its row; every fill is one balanced ledger entry with the
//! fee and tax, in the same transaction as the orders' new state (docs/trading.md).

mod accounts;
mod amend_plan;
mod apply;
mod batch;
mod deferred;
mod handlers;
mod input;
mod lists;
pub mod live;
mod oco_plan;
mod optimistic;
pub mod owner;
mod owners_thread;
pub mod pair;
mod phases;
mod plan;
mod quotes;
pub mod repo;
mod requests;
mod restore;
pub mod service;
mod touched;
mod trails;
mod view;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use crate::features::orders::errors::TradeError;
pub use owner::{Ask, PairView, PlaceKind};
pub use service::{Pair, TradingService};
pub use view::OrderView;

use crate::api::ApiError;
use crate::state::AppState;

/// Routes of this feature.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(quotes::order_types))
        .routes(routes!(quotes::price_quote))
        .routes(routes!(quotes::slider_input))
        .routes(routes!(quotes::estimate))
        .routes(routes!(quotes::balance))
        .routes(routes!(handlers::buy))
        .routes(routes!(handlers::sell))
        .routes(routes!(handlers::advanced_buy))
        .routes(routes!(handlers::advanced_sell))
        .routes(routes!(handlers::cancel))
        .routes(routes!(handlers::amend))
        .routes(routes!(lists::open_orders))
        .routes(routes!(lists::closed_orders))
}

/// Maps a trade error to the API.
fn api(error: TradeError) -> ApiError {
    error.into_api()
}
