//! The market data service: the catalogue with its stored flags and halts, the simulator, the
//! candle and ticker caches, and the books an engine owns. Handlers and jobs reach it through the
//! application state.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use chrono::{DateTime, Utc};
use domain::trading_flags::TradingFlags;
use domain::Clock;
use market::{AssetClass, Catalogue, HaltWindow, SimConfig, Simulator, Ticker};
use store::Db;

use super::repo::{self, StoredAsset};
use super::ticker_cache::TickerCache;
use super::views::MarketViews;
use super::{candle_cache, flags, info};
use crate::config::MarketsSettings;
use crate::features::live::Hub;

/// How often each node re-reads flags and halts written by other nodes.
pub const REFRESH_INTERVAL: Duration = Duration::from_secs(5);
/// The instruments whose daily caches are warmed at start, so their first long chart is fast.
pub const WARM_SYMBOLS: [&str; 5] = ["BTC-IDR", "USDT-IDR", "BTCUSDT-PERP", "AAPL", "BBCA-IDSS"];
/// The warm-up waits this long after start, so start-up (and short-lived test servers) are not slowed.
pub const WARM_DELAY: Duration = Duration::from_secs(10);

/// The simulated pair every USD/IDR rate is read from.
const USD_IDR: &str = "USD-IDR";

/// The market data service: catalogue, flags, simulator and the live hub.
#[derive(Clone)]
pub struct Markets {
    inner: Arc<Inner>,
}

struct Inner {
    sim: Arc<Simulator>,
    catalogue: Catalogue,
    /// Symbols in catalogue order (fixed after start-up).
    order: Vec<String>,
    assets: RwLock<HashMap<String, StoredAsset>>,
    /// Symbols whose halt windows were last handed to the simulator.
    halted: Mutex<HashSet<String>>,
    /// Where flag changes are published.
    hub: Hub,
    cache: TickerCache,
    views: MarketViews,
    day_candles: candle_cache::DayCandleCache,
    /// Books that a matching engine owns (crypto pairs), registered by the trading service: the
    /// live `orderbook:` channel shows them instead of the providers' raw quotes.
    engine_books: RwLock<HashMap<String, BookSource>>,
}

/// Reads the current depth of a book some other part of the server owns.
pub type BookSource = Arc<dyn Fn() -> domain::depth::OrderBookDepth + Send + Sync>;

impl Markets {
    /// Seeds the catalogue (new instruments only), loads it with its flags and builds the simulator.
    pub async fn load(db: &Db, settings: &MarketsSettings, hub: Hub, clock: Arc<dyn Clock>) -> anyhow::Result<Self> {
        let catalogue = Catalogue::builtin()?;
        let inserted = repo::seed(db, &info::seed_rows(&catalogue), clock.now_ms()).await?;
        if inserted > 0 {
            tracing::info!(inserted, "seeded the instrument catalogue");
        }
        let stored = repo::load(db).await?;
        let sim = Arc::new(Simulator::new(&catalogue, SimConfig { seed: settings.seed }).with_clock(clock));
        // Only instruments the simulator prices can be served.
        let stored: Vec<StoredAsset> = stored.into_iter().filter(|a| sim.instrument(&a.symbol).is_ok()).collect();
        let order = catalogue
            .instruments()
            .into_iter()
            .map(|i| i.symbol)
            .filter(|s| stored.iter().any(|a| &a.symbol == s))
            .collect();
        let markets = Self {
            inner: Arc::new(Inner {
                sim,
                catalogue,
                order,
                assets: RwLock::new(stored.into_iter().map(|a| (a.symbol.clone(), a)).collect()),
                halted: Mutex::new(HashSet::new()),
                hub,
                cache: TickerCache::default(),
                views: MarketViews::default(),
                day_candles: candle_cache::DayCandleCache::default(),
                engine_books: RwLock::new(HashMap::new()),
            }),
        };
        markets.apply_halts(db).await?;
        Ok(markets)
    }

    /// The simulator behind the `PriceSource` feed.
    pub fn sim(&self) -> &Arc<Simulator> {
        &self.inner.sim
    }

    /// Rupiah per US dollar at `at` (the USD wallet's mid rate and every rupiah equivalent of a
    /// dollar figure).
    pub fn usd_idr(&self, at: chrono::DateTime<chrono::Utc>) -> Result<rust_decimal::Decimal, market::MarketError> {
        self.inner.sim.price_at(USD_IDR, at)
    }

    /// The views kept for the read path.
    pub fn views(&self) -> &MarketViews {
        &self.inner.views
    }

    /// The catalogue seed (liquidity providers, FX references).
    pub fn catalogue(&self) -> &Catalogue {
        &self.inner.catalogue
    }

    /// Registers the engine-owned book of `symbol` for the live order-book channel.
    pub fn register_engine_book(&self, symbol: &str, source: BookSource) {
        self.inner
            .engine_books
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(symbol.to_owned(), source);
    }

    /// Whether an engine owns the book of `symbol` (a map lookup; nothing is built).
    pub fn has_engine_book(&self, symbol: &str) -> bool {
        self.inner.engine_books.read().unwrap_or_else(std::sync::PoisonError::into_inner).contains_key(symbol)
    }

    /// The engine-owned book of `symbol`, when one is registered.
    pub fn engine_book(&self, symbol: &str) -> Option<domain::depth::OrderBookDepth> {
        let source =
            self.inner.engine_books.read().unwrap_or_else(std::sync::PoisonError::into_inner).get(symbol).cloned();
        source.map(|read| read())
    }

    /// The stored asset with this symbol.
    pub fn asset(&self, symbol: &str) -> Option<StoredAsset> {
        self.read_assets().get(symbol).cloned()
    }

    /// Every asset of a class, in catalogue order.
    pub fn assets_of(&self, class: AssetClass) -> Vec<StoredAsset> {
        let assets = self.read_assets();
        self.inner.order.iter().filter_map(|s| assets.get(s)).filter(|a| a.class == class).cloned().collect()
    }

    fn read_assets(&self) -> std::sync::RwLockReadGuard<'_, HashMap<String, StoredAsset>> {
        self.inner.assets.read().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Applies new flags on this node and tells live subscribers.
    fn apply_flags(&self, symbol: &str, flags: TradingFlags) {
        let changed = {
            let mut assets = self.inner.assets.write().unwrap_or_else(std::sync::PoisonError::into_inner);
            match assets.get_mut(symbol) {
                Some(asset) if asset.flags != flags => {
                    asset.flags = flags.clone();
                    true
                }
                _ => false,
            }
        };
        if changed {
            self.inner.views.assets_changed();
            flags::publish(&self.inner.hub, symbol, &flags);
        }
    }

    /// Stores an operator's flags, halts or resumes the simulator, and publishes the change.
    pub async fn set_flags(&self, db: &Db, symbol: &str, flags: TradingFlags) -> Result<bool, store::StoreError> {
        let now = self.inner.sim.now();
        if repo::update_flags(db, symbol, &flags, now.timestamp_millis()).await?.is_none() {
            return Ok(false);
        }
        // The stored windows are the truth; replaying them keeps this node equal to the others.
        self.apply_halts(db).await?;
        self.apply_flags(symbol, flags);
        Ok(true)
    }

    /// Re-reads flags and halts another node may have changed.
    pub async fn refresh(&self, db: &Db) -> Result<(), store::StoreError> {
        for (symbol, flags) in repo::load_flags(db).await? {
            self.apply_flags(&symbol, flags);
        }
        self.apply_halts(db).await
    }

    /// Hands the stored halt windows to the simulator.
    async fn apply_halts(&self, db: &Db) -> Result<(), store::StoreError> {
        let mut windows: HashMap<String, Vec<HaltWindow>> = HashMap::new();
        for (symbol, row) in repo::load_halts(db).await? {
            let window = HaltWindow { from: instant(row.from_ms), to: row.to_ms.map(instant) };
            windows.entry(symbol).or_default().push(window);
        }
        let mut halted = self.inner.halted.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        for symbol in halted.iter().filter(|s| !windows.contains_key(*s)) {
            let _ = self.inner.sim.set_halts(symbol, &[]);
        }
        for (symbol, list) in &windows {
            if let Err(e) = self.inner.sim.set_halts(symbol, list) {
                tracing::warn!(symbol, error = %e, "stored halt of an instrument the simulator does not know");
            }
        }
        *halted = windows.into_keys().collect();
        Ok(())
    }

    /// Precomputes the daily caches of the default instruments (blocking; run off the runtime).
    pub fn warm_caches(&self) {
        WARM_SYMBOLS.iter().for_each(|symbol| self.warm_cache(symbol));
    }

    /// Precomputes one instrument's daily caches (blocking; run off the runtime).
    pub fn warm_cache(&self, symbol: &str) {
        let started = std::time::Instant::now();
        match self.inner.sim.warm_daily_cache(symbol) {
            Ok(days) => {
                tracing::info!(symbol, days, took_ms = started.elapsed().as_millis() as u64, "warmed daily candles");
            }
            Err(e) => tracing::warn!(symbol, error = %e, "could not warm daily candles"),
        }
    }

    /// Candles of `symbol`, intraday ones assembled from cached complete days (blocking).
    pub fn candles(
        &self,
        inst: &market::Instrument,
        resolution: market::Resolution,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
        limit: usize,
    ) -> Result<Vec<market::Candle>, market::MarketError> {
        self.inner.day_candles.candles(&self.inner.sim, inst, resolution, from, to, limit)
    }

    /// Every ticker of a class (blocking: computes on a cache miss).
    pub fn class_tickers(&self, class: AssetClass) -> Arc<Vec<Ticker>> {
        self.inner.cache.get_or_compute(class, || {
            let now = self.sim().now();
            self.assets_of(class).iter().filter_map(|a| self.sim().ticker(&a.symbol, now).ok()).collect()
        })
    }
}

fn instant(ms: i64) -> DateTime<Utc> {
    DateTime::from_timestamp_millis(ms).unwrap_or_default()
}
