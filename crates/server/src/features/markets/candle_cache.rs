//! A cache of intraday candles per complete venue day, so a chart of 1,000 hourly candles does not
//! regenerate six weeks of simulated minutes on every request (the simulator keeps only the two
//! most recent days of minutes; it caches daily aggregates itself, so 1D/1W/1M bypass this).
//!
//! A complete day's candles change only when the halts do: a halt flattens minutes from its start,
//! the next whole minute when declared, a few seconds back when another node's halt arrives with
//! the refresh, or further back when an operator sets the windows outright. Days are cached only
//! once they ended [`SETTLED_SECS`] ago, and each under the simulator's halts version it was built
//! with: a day built under other halts is built again. The cache is bounded by candles held,
//! evicting the oldest insertions first.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use chrono::{DateTime, Duration, NaiveDate, TimeZone, Utc};
use market::candles::MAX_WINDOW_BUCKETS;
use market::{Candle, Instrument, MarketError, Resolution, Simulator, MAX_CANDLES_PER_REQUEST};

/// Candles held at most (about 100 bytes each).
pub const CACHED_CANDLES_MAX: usize = 500_000;
/// A day is cached once it ended this long ago.
const SETTLED_SECS: i64 = 600;

type Key = (String, Resolution, NaiveDate);

/// Intraday candles of complete venue days.
#[derive(Default)]
pub struct DayCandleCache {
    inner: Mutex<CacheInner>,
}

#[derive(Default)]
struct CacheInner {
    /// Each day's candles and the halts version they were built under.
    days: HashMap<Key, (u64, Arc<Vec<Candle>>)>,
    order: VecDeque<Key>,
    held: usize,
}

fn midnight(inst: &Instrument, date: NaiveDate) -> Option<DateTime<Utc>> {
    let local = inst.venue.tz().from_local_datetime(&date.and_hms_opt(0, 0, 0)?).earliest()?;
    Some(local.with_timezone(&Utc))
}

impl DayCandleCache {
    /// Candles like `Simulator::candles`, served from whole cached days where possible.
    pub fn candles(
        &self,
        sim: &Simulator,
        inst: &Instrument,
        resolution: Resolution,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
        limit: usize,
    ) -> Result<Vec<Candle>, MarketError> {
        let symbol = inst.symbol.as_str();
        let Some(minutes) = resolution.minutes() else { return sim.candles(symbol, resolution, from, to, limit) };
        // The simulator's own checks, on the whole window (the calls below only see parts of it).
        if limit == 0 || limit > MAX_CANDLES_PER_REQUEST {
            return Err(MarketError::BadLimit { limit, max: MAX_CANDLES_PER_REQUEST });
        }
        if from >= to {
            return Err(MarketError::ReversedWindow { from, to });
        }
        let buckets = ((to - from).num_seconds() / resolution.nominal_secs()) as u64;
        if buckets > MAX_WINDOW_BUCKETS {
            return Err(MarketError::WindowTooLarge { buckets, max: MAX_WINDOW_BUCKETS });
        }
        let now = sim.now();
        if from >= now {
            return Ok(Vec::new());
        }
        let to = to.min(now);
        let venue = inst.venue;
        let last_day = venue.local_date(to);
        let first_day = venue.local_date(from).max(inst.history_start);
        let last_start = midnight(inst, last_day).unwrap_or(from);
        // The day holding `to` may be partial: the simulator builds it (and checks the arguments).
        let newest = sim.candles(symbol, resolution, from.max(last_start), to, limit)?;
        let mut days_newest_first = vec![Arc::new(newest)];
        let mut held = days_newest_first[0].len();
        let mut day = last_day;
        while held < limit {
            let Some(previous) = day.pred_opt().filter(|d| *d >= first_day) else { break };
            day = previous;
            let candles = self.day(sim, inst, resolution, day, now)?;
            held += candles.len();
            days_newest_first.push(candles);
        }
        let bucket = Duration::minutes(minutes);
        let mut out: Vec<Candle> = Vec::with_capacity(held.min(limit));
        for candles in days_newest_first.iter().rev() {
            out.extend(candles.iter().filter(|c| c.time + bucket > from).cloned());
        }
        let skip = out.len().saturating_sub(limit);
        out.drain(..skip);
        Ok(out)
    }

    /// One whole venue day of candles, cached once settled.
    fn day(
        &self,
        sim: &Simulator,
        inst: &Instrument,
        resolution: Resolution,
        day: NaiveDate,
        now: DateTime<Utc>,
    ) -> Result<Arc<Vec<Candle>>, MarketError> {
        let key = (inst.symbol.clone(), resolution, day);
        let halts = sim.halts_version();
        if let Some((_, hit)) = self.lock().days.get(&key).filter(|(built, _)| *built == halts) {
            return Ok(hit.clone());
        }
        let (Some(start), Some(end)) = (midnight(inst, day), day.succ_opt().and_then(|d| midnight(inst, d))) else {
            return Ok(Arc::new(Vec::new()));
        };
        // Ending the window at the next midnight makes the simulator build this day's minutes whole
        // (a window ending inside the last minute would cut it short); the next day's first bucket,
        // which that window also touches, is dropped.
        let mut candles = sim.candles(&inst.symbol, resolution, start, end, MAX_CANDLES_PER_REQUEST)?;
        candles.retain(|c| c.time < end);
        let candles = Arc::new(candles);
        if end.timestamp() + SETTLED_SECS <= now.timestamp() {
            self.insert(key, halts, candles.clone());
        }
        Ok(candles)
    }

    fn insert(&self, key: Key, halts: u64, candles: Arc<Vec<Candle>>) {
        let mut inner = self.lock();
        // Empty days (weekends, holidays) still count one, so they cannot pile up unbounded.
        inner.held += candles.len().max(1);
        match inner.days.insert(key.clone(), (halts, candles)) {
            None => inner.order.push_back(key),
            Some((_, replaced)) => inner.held -= replaced.len().max(1),
        }
        while inner.held > CACHED_CANDLES_MAX {
            let Some(oldest) = inner.order.pop_front() else { break };
            if let Some((_, gone)) = inner.days.remove(&oldest) {
                inner.held -= gone.len().max(1);
            }
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, CacheInner> {
        self.inner.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use market::{Catalogue, SimConfig};

    #[test]
    fn cached_days_give_exactly_the_simulators_candles() {
        let sim = Simulator::new(&Catalogue::builtin().unwrap(), SimConfig::default());
        let cache = DayCandleCache::default();
        let now = sim.now();
        for (symbol, resolution, limit) in
            [("BTC-IDR", Resolution::M60, 1000), ("AAPL", Resolution::M5, 700), ("BBCA-IDSS", Resolution::M60, 300)]
        {
            let inst = sim.instrument(symbol).unwrap().clone();
            let from = now - Duration::days(60);
            let direct = sim.candles(symbol, resolution, from, now, limit).unwrap();
            for _ in 0..2 {
                let cached = cache.candles(&sim, &inst, resolution, from, now, limit).unwrap();
                assert_eq!(cached.len(), direct.len(), "{symbol}");
                assert_eq!(cached.first(), direct.first(), "{symbol}");
                // The live bucket may have moved on between the two calls; every closed one agrees.
                let closed = direct.len() - 1;
                assert_eq!(cached[..closed], direct[..closed], "{symbol}");
            }
        }
    }

    #[test]
    fn a_halt_set_over_a_cached_day_is_seen() {
        let sim = Simulator::new(&Catalogue::builtin().unwrap(), SimConfig::default());
        let cache = DayCandleCache::default();
        let inst = sim.instrument("BTC-IDR").unwrap().clone();
        let now = sim.now();
        let from = now - Duration::days(3);
        let before = cache.candles(&sim, &inst, Resolution::M60, from, now, 100).unwrap();
        let flat = |c: &Candle| c.open == c.high && c.high == c.low && c.low == c.close;
        assert!(!before.iter().all(flat), "traded hours move");

        // Set outright over the last three days, as an operator may: the cached days follow.
        sim.set_halts("BTC-IDR", &[market::HaltWindow { from: from - Duration::days(1), to: None }]).unwrap();
        let after = cache.candles(&sim, &inst, Resolution::M60, from, now, 100).unwrap();
        assert!(after.iter().all(flat), "halted hours are flat");
        assert_eq!(after, sim.candles("BTC-IDR", Resolution::M60, from, now, 100).unwrap());
    }
}
