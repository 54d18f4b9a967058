//! The trading service: one book owner per crypto pair, reached through the application state.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use market::AssetClass;
use store::Db;
use tokio::sync::{mpsc, oneshot};

use super::live::UserEvents;
use super::owner::{id_source, Ask, Envelope, OwnerDeps, PairOwner, PairView, Pause};
use super::owners_thread;
use super::pair::PairSpec;
use super::repo::OrderRow;
use crate::config::TradingSettings;
use crate::features::live::Hub;
use crate::features::markets::depth::engine_book;
use crate::features::markets::service::Markets;
use crate::features::orders::errors::TradeError;

/// Connections the owners' pool opens at most (one per owner while it runs a batch).
const OWNER_CONNECTIONS_MAX: usize = 8;

/// One pair: its spec, its owner's queue and what readers see of its book.
#[derive(Clone)]
pub struct Pair {
    /// Scales and identity.
    pub spec: PairSpec,
    sender: mpsc::Sender<Envelope>,
    pauses: mpsc::UnboundedSender<Pause>,
    view: Arc<RwLock<PairView>>,
}

/// While held, the pair's owner runs no batch; dropping it lets the owner go on.
pub struct PauseGuard(#[allow(dead_code, reason = "held for its drop")] oneshot::Sender<()>);

impl Pair {
    /// The book as of the owner's last command.
    pub fn view(&self) -> PairView {
        self.view.read().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
    }

    /// Holds the owner between two batches until the guard drops, so the commands sent meanwhile
    /// queue and go in its next batch together (tests use it to make a batch of known commands).
    pub async fn pause(&self) -> Result<PauseGuard, TradeError> {
        let (paused, held) = oneshot::channel();
        let (release, resume) = oneshot::channel();
        let stopped = || TradeError::Internal("book owner stopped".into());
        self.pauses.send(Pause { paused, resume }).map_err(|_| stopped())?;
        held.await.map_err(|_| stopped())?;
        Ok(PauseGuard(release))
    }

    /// Commands waiting in the owner's queue.
    pub fn queued(&self) -> usize {
        self.sender.max_capacity() - self.sender.capacity()
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
    /// Rebuilds every crypto pair's book from the database and starts its owner, on the owners'
    /// thread with connections of their own (`owners_thread.rs`).
    pub async fn start(db: &Db, markets: &Markets, hub: &Hub, settings: TradingSettings) -> anyhow::Result<Self> {
        let settings = Arc::new(settings);
        let catalogue = markets.catalogue();
        let mut deps = OwnerDeps {
            db: db.clone(),
            sim: markets.sim().clone(),
            providers: Arc::new(catalogue.liquidity_providers.iter().map(|p| p.code.clone()).collect()),
            settings: settings.clone(),
            ids: id_source(db).await?,
            user_events: UserEvents::new(hub.clone()),
        };
        let mut specs = Vec::new();
        for asset in markets.assets_of(AssetClass::Crypto) {
            let Some(record) = catalogue.crypto.iter().find(|c| c.symbol == asset.symbol) else { continue };
            let spec = PairSpec::new(
                &record.symbol,
                &record.short_name,
                record.price_precision,
                record.quantity_precision,
                record.enable_pro_mode,
            );
            specs.push((spec, asset.info.clone()));
        }
        let connections = u32::try_from(specs.len().clamp(1, OWNER_CONNECTIONS_MAX)).unwrap_or(1);
        let to_start: Vec<PairSpec> = specs.iter().map(|(spec, _)| spec.clone()).collect();
        let shared_db = db.clone();
        let started = owners_thread::handle()
            .spawn(async move {
                deps.db = shared_db.own_pool(connections).await?;
                let mut started = Vec::with_capacity(to_start.len());
                for spec in to_start {
                    started.push(PairOwner::spawn(spec, deps.clone()).await?);
                }
                anyhow::Ok(started)
            })
            .await??;
        let mut pairs = HashMap::new();
        for ((spec, info), (sender, pauses, view)) in specs.into_iter().zip(started) {
            let pair = Pair { spec, sender, pauses, view };
            let shown = pair.clone();
            markets.register_engine_book(
                &pair.spec.symbol,
                Arc::new(move || engine_book(&shown.spec, &shown.view(), &info)),
            );
            pairs.insert(pair.spec.symbol.clone(), pair);
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
