//! Crypto perpetuals (issue 13): USDT-margined linear contracts on the sandbox venue (the liquidity
//! providers' quotes around the simulated price), one-way positions with cross margin in the
//! margin wallet (R3.11), the mark price, funding every eight hours and the liquidation engine
//! (docs/perps.md). Pure contract math lives in `domain::perps`.

pub mod admin;
pub mod contracts;
pub mod depth;
mod driver;
pub mod errors;
pub mod fills;
pub mod funding;
mod history;
mod info;
pub mod lifecycle;
pub mod locks;
pub mod margin;
pub mod marked;
pub mod matching;
mod orders;
pub mod position_settings;
pub mod positions;
pub mod repo;
pub mod risk;
pub mod risk_book;
pub mod service;
mod untouched;
pub mod venue;
pub mod view;
pub mod wallet_state;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use orders::perps;
pub use service::PerpService;

use crate::state::AppState;

/// The perpetuals routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(margin::wallet))
        .routes(routes!(margin::deposit))
        .routes(routes!(margin::withdrawal_estimate))
        .routes(routes!(margin::withdrawal))
        .routes(routes!(info::instruments))
        .routes(routes!(info::instrument_info))
        .routes(routes!(info::order_types))
        .routes(routes!(info::funding_rate))
        .routes(routes!(orders::estimate))
        .routes(routes!(orders::buy))
        .routes(routes!(orders::sell))
        .routes(routes!(orders::cancel))
        .routes(routes!(orders::open_orders))
        .routes(routes!(orders::closed_orders))
        .routes(routes!(positions::positions))
        .routes(routes!(positions::close_estimate))
        .routes(routes!(positions::close))
        .routes(routes!(positions::protection))
        .routes(routes!(positions::leverage, positions::set_leverage))
        .routes(routes!(history::fills))
        .routes(routes!(history::funding))
        .routes(routes!(history::liquidations))
}
