//! Markets (issue 3): the instrument catalogue in the database with per-asset trading flags
//! (R3.05), symbol info per class (R3.13), get-trading-info (R7.06), candles (R9.07, R4.12),
//! tickers and price changes (R2.12, R9.05), top movers, market times (R3.14, R9.08), order books
//! from the six sandbox liquidity providers (R3.04, R5.08), option chains and the USD/IDR and
//! USDT/IDR rates. Prices come from the deterministic sandbox simulator of the `market` crate
//! behind its `PriceSource` trait; the live feed publishes to the `/ws` hub (`features::live`).
//!
//! Flags live in `market_instruments`; an operator changes them through `/api/admin/markets/flags`.
//! The node that takes the change applies it at once; every node re-reads the table every
//! [`REFRESH_INTERVAL`] (as maintenance does), so all agree within seconds. A halt (both
//! normal-mode sides disabled) is also a window in `market_halts` that every node replays into its
//! simulator, so the price stays flat and the charts agree across nodes and restarts.

mod admin;
pub(crate) mod book;
mod candle_cache;
mod charts;
pub mod depth;
mod errors;
mod feed;
mod flags;
pub mod guest;
mod info;
mod repo;
pub mod service;
mod symbols;
mod ticker_cache;
mod trading_info;
pub mod views;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use admin::router as admin_router;
pub use feed::{Feed, TradePrint};
pub use flags::AssetFlags;
pub use info::CLASS_PATTERN;
pub use repo::StoredAsset;
pub use service::{Markets, REFRESH_INTERVAL, WARM_DELAY};
pub use symbols::{constrain_symbol_field, SYMBOL_PATTERN};

use crate::state::AppState;

/// Public market routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(symbols::symbols))
        .routes(routes!(symbols::symbol_info))
        .routes(routes!(symbols::asset))
        .routes(routes!(trading_info::trading_info))
        .routes(routes!(trading_info::market_times))
        .routes(routes!(trading_info::market_status))
        .routes(routes!(charts::candles))
        .routes(routes!(charts::ticker))
        .routes(routes!(charts::tickers))
        .routes(routes!(charts::price_change))
        .routes(routes!(charts::top_movers))
        .routes(routes!(book::crypto_order_book))
        .routes(routes!(book::perps_order_book))
        .routes(routes!(book::option_contracts))
        .routes(routes!(book::rates))
}
