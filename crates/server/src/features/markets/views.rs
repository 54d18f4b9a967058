//! The market views every client polls, kept once made (issue 12's read path). Each is stamped
//! with what it was computed from, so a kept view is exactly what computing it again would give:
//! - a ticker: the simulator's whole second and its halts version (the simulator prices whole
//!   seconds, and halts are its only other input);
//! - an engine book: the version of the owner's published view;
//! - symbol info: the version of the stored assets and flags, per language;
//! - candles: the halts version, the window clamped to whole seconds being part of the key.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use market::{Candle, Resolution};
use serde::{Serialize, Serializer};
use utoipa::ToSchema;

use crate::api::snapshots::Snapshots;
use crate::api::Lang;

/// Most symbols held per view (the catalogue is smaller; unknown symbols are never kept).
const SYMBOLS_MAX: usize = 4_096;
/// Most candle windows held at once: each may hold up to 2,000 candles.
const CANDLE_WINDOWS_MAX: usize = 64;

/// A candle window as asked: symbol, resolution, start (ms), end clamped to now (whole seconds), limit.
pub type CandlesKey = (String, Resolution, i64, i64, usize);

/// A list of candles written as JSON once and sent as it is to every caller of the same window
/// (serialising 300 candles on each answer was most of a candles call's time).
pub type CandleList = Shared<Box<serde_json::value::RawValue>>;

/// A serialisable value shared between answers without copying it.
#[derive(Debug)]
pub struct Shared<T>(pub Arc<T>);

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Self(self.0.clone())
    }
}

impl<T: Serialize> Serialize for Shared<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

/// The kept views.
pub struct MarketViews {
    /// Tickers by symbol, stamped (second, halts version).
    pub tickers: Snapshots<String, (i64, u64)>,
    /// Engine order books by symbol, stamped with the owner's view version.
    pub books: Snapshots<String, u64>,
    /// Symbol info by symbol and language, stamped with [`MarketViews::assets_version`].
    pub infos: Snapshots<(String, Lang), u64>,
    /// Candle lists (the heavy part of a candles answer) as JSON text, stamped with the halts version.
    pub candles: Snapshots<CandlesKey, u64, CandleList>,
    assets_version: AtomicU64,
}

impl Default for MarketViews {
    fn default() -> Self {
        Self {
            tickers: Snapshots::new(SYMBOLS_MAX),
            books: Snapshots::new(SYMBOLS_MAX),
            infos: Snapshots::new(SYMBOLS_MAX),
            candles: Snapshots::new(CANDLE_WINDOWS_MAX),
            assets_version: AtomicU64::new(0),
        }
    }
}

impl MarketViews {
    /// Changes whenever an asset's stored info or flags change.
    pub fn assets_version(&self) -> u64 {
        self.assets_version.load(Ordering::Acquire)
    }

    /// Marks every kept symbol info as stale (after the assets changed).
    pub fn assets_changed(&self) {
        self.assets_version.fetch_add(1, Ordering::Release);
    }
}

/// One candle: time is the bucket's start in Unix milliseconds.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CandleView {
    /// Bucket start, Unix ms.
    pub time: i64,
    /// First price.
    pub open: String,
    /// Highest price.
    pub high: String,
    /// Lowest price.
    pub low: String,
    /// Last price.
    pub close: String,
    /// Traded quantity.
    pub volume: String,
}

impl From<&Candle> for CandleView {
    fn from(c: &Candle) -> Self {
        Self {
            time: c.time.timestamp_millis(),
            open: c.open.to_string(),
            high: c.high.to_string(),
            low: c.low.to_string(),
            close: c.close.to_string(),
            volume: c.volume.to_string(),
        }
    }
}
