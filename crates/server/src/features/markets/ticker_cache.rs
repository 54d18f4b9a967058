//! Each class's tickers, recomputed at most once a second: the markets list asks for a whole class
//! on every poll, and the simulator prices each instrument afresh.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use market::{AssetClass, Ticker};

/// How long a class's tickers are served from the cache.
const TICKERS_TTL: Duration = Duration::from_secs(1);

/// A class's tickers and when they were computed.
type Stamped = (Instant, Arc<Vec<Ticker>>);

/// The tickers of each class, recomputed at most once a second.
#[derive(Default)]
pub struct TickerCache {
    by_class: Mutex<HashMap<AssetClass, Stamped>>,
}

impl TickerCache {
    /// The cached tickers of `class`, or those `compute` gives when the cache is stale.
    pub fn get_or_compute(&self, class: AssetClass, compute: impl FnOnce() -> Vec<Ticker>) -> Arc<Vec<Ticker>> {
        if let Some((at, tickers)) = self.by_class.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get(&class)
        {
            if at.elapsed() < TICKERS_TTL {
                return tickers.clone();
            }
        }
        let tickers = Arc::new(compute());
        self.by_class
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(class, (Instant::now(), tickers.clone()));
        tickers
    }
}
