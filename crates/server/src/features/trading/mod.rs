//! Crypto trading on the IDR pairs (issue 6): one book owner per pair running the matching
//! engine with the sandbox liquidity providers' quotes as resting orders, and the calls of SPEC.md
//! §7 "Trading: Crypto": order types, price quote, slider input, estimate, buy, sell,
//! advanced-order (OCO) buy and sell, cancel, amend, balance and the open/closed lists.
//!
//! Money: every order holds what it may spend (rupiah, fees and tax included) or sell (coins) in
//! the ledger in the same transaction as its row; every fill is one balanced ledger entry with the
//! fee and tax, in the same transaction as the orders' new state (docs/trading.md).

mod apply;
mod errors;
mod handlers;
mod input;
mod lists;
pub mod live;
mod owner;
pub mod pair;
mod quotes;
pub mod repo;
mod restore;
mod settings;
mod view;

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use market::AssetClass;
use store::Db;
use tokio::sync::{mpsc, oneshot};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use errors::TradeError;
pub use owner::{Ask, PairView, PlaceKind};
pub use settings::{FeeSchedule, TradingSettings};
pub use view::OrderView;

use crate::api::ApiError;
use crate::features::markets::Markets;
use crate::state::AppState;
use owner::{Envelope, OwnerDeps, PairOwner};
use pair::PairSpec;
use repo::OrderRow;

/// One pair: its spec, its owner's queue and what readers see of its book.
#[derive(Clone)]
pub struct Pair {
    /// Scales and identity.
    pub spec: PairSpec,
    sender: mpsc::Sender<Envelope>,
    view: Arc<RwLock<PairView>>,
}

impl Pair {
    /// The book as of the owner's last command.
    pub fn view(&self) -> PairView {
        self.view.read().unwrap_or_else(|p| p.into_inner()).clone()
    }
}

/// The trading service: every pair's owner; cheap to clone.
#[derive(Clone)]
pub struct TradingService {
    pairs: Arc<HashMap<String, Pair>>,
    /// Fees, minimums and limits.
    pub settings: Arc<TradingSettings>,
}

impl TradingService {
    /// Rebuilds every crypto pair's book from the database and starts its owner.
    pub async fn start(db: &Db, markets: &Markets, settings: TradingSettings) -> anyhow::Result<Self> {
        let settings = Arc::new(settings);
        let catalogue = markets.catalogue();
        let deps = OwnerDeps {
            db: db.clone(),
            sim: markets.sim().clone(),
            providers: Arc::new(catalogue.liquidity_providers.iter().map(|p| p.code.clone()).collect()),
            settings: settings.clone(),
            ids: owner::id_source(db).await?,
            user_events: live::UserEvents::new(markets.hub().clone()),
        };
        let mut pairs = HashMap::new();
        for asset in markets.assets_of(AssetClass::Crypto) {
            let Some(record) = catalogue.crypto.iter().find(|c| c.symbol == asset.symbol) else { continue };
            let spec = PairSpec::new(
                &record.symbol,
                &record.short_name,
                record.price_precision,
                record.quantity_precision,
                record.enable_pro_mode,
            );
            let (sender, view) = PairOwner::spawn(spec.clone(), deps.clone()).await?;
            let pair = Pair { spec, sender, view };
            let (shown, info) = (pair.clone(), asset.info.clone());
            markets.register_engine_book(
                &asset.symbol,
                Arc::new(move || crate::features::markets::book::engine_book(&shown.spec, &shown.view(), &info)),
            );
            pairs.insert(asset.symbol.clone(), pair);
        }
        Ok(Self { pairs: Arc::new(pairs), settings })
    }

    /// The pair with this symbol.
    pub fn pair(&self, symbol: &str) -> Option<&Pair> {
        self.pairs.get(symbol)
    }

    /// Every pair.
    pub fn pairs(&self) -> impl Iterator<Item = &Pair> {
        self.pairs.values()
    }

    /// Sends a command to a pair's owner and waits for its answer.
    pub async fn ask(&self, symbol: &str, ask: Ask) -> Result<OrderRow, TradeError> {
        let pair = self.pairs.get(symbol).ok_or(TradeError::OrderNotFound)?;
        let (reply, answer) = oneshot::channel();
        pair.sender.send((ask, reply)).await.map_err(|_| TradeError::Internal("book owner stopped".into()))?;
        answer.await.map_err(|_| TradeError::Internal("book owner dropped the command".into()))?
    }
}

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
