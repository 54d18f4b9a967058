//! The trading service: one book owner per crypto pair, reached through the application state.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use market::AssetClass;
use store::Db;
use tokio::sync::{mpsc, oneshot};

use super::live::UserEvents;
use super::owner::{id_source, Ask, Envelope, OwnerDeps, PairOwner, PairView};
use super::pair::PairSpec;
use super::repo::OrderRow;
use crate::config::TradingSettings;
use crate::features::live::Hub;
use crate::features::markets::depth::engine_book;
use crate::features::markets::service::Markets;
use crate::features::orders::errors::TradeError;

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
        self.view.read().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
    }

    /// The version of the book readers see now ([`PairView::version`]), without copying it.
    pub fn view_version(&self) -> u64 {
        self.view.read().unwrap_or_else(std::sync::PoisonError::into_inner).version
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
    pub async fn start(db: &Db, markets: &Markets, hub: &Hub, settings: TradingSettings) -> anyhow::Result<Self> {
        let settings = Arc::new(settings);
        let catalogue = markets.catalogue();
        let deps = OwnerDeps {
            db: db.clone(),
            sim: markets.sim().clone(),
            providers: Arc::new(catalogue.liquidity_providers.iter().map(|p| p.code.clone()).collect()),
            settings: settings.clone(),
            ids: id_source(db).await?,
            user_events: UserEvents::new(hub.clone()),
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
            markets
                .register_engine_book(&asset.symbol, Arc::new(move || engine_book(&shown.spec, &shown.view(), &info)));
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
        self.ask_keeping(symbol, ask, None).await
    }

    /// [`Self::ask`], the owner storing the answer under `answer_key` in the order's own transaction.
    pub async fn ask_keeping(
        &self,
        symbol: &str,
        ask: Ask,
        answer_key: Option<store::idempotency::Unclaimed>,
    ) -> Result<OrderRow, TradeError> {
        let pair = self.pairs.get(symbol).ok_or(TradeError::OrderNotFound)?;
        let (reply, answer) = oneshot::channel();
        let envelope = Envelope { ask, answer_key, reply };
        pair.sender.send(envelope).await.map_err(|_| TradeError::Internal("book owner stopped".into()))?;
        answer.await.map_err(|_| TradeError::Internal("book owner dropped the command".into()))?
    }
}
