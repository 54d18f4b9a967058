//! Helpers shared by the integration tests (included with `mod common;`).
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::sync::Arc;

use chrono::{DateTime, TimeZone, Utc};
use market::{Candle, Catalogue, FixedClock, Resolution, SimConfig, Simulator};

/// An instant from RFC 3339 text.
pub fn at(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
}

/// A simulator with seed 7 whose clock is stopped at `now`.
pub fn sim_at(now: &str) -> (Simulator, Arc<FixedClock>) {
    sim_with_seed(7, now)
}

/// A simulator with the given seed whose clock is stopped at `now`.
pub fn sim_with_seed(seed: u64, now: &str) -> (Simulator, Arc<FixedClock>) {
    let clock = Arc::new(FixedClock::new(at(now)));
    let sim = Simulator::new(&Catalogue::builtin().unwrap(), SimConfig { seed }).with_clock(clock.clone());
    (sim, clock)
}

/// Aggregates one-minute candles into `resolution` buckets the way the spec defines them,
/// independently of the crate's own aggregation code.
pub fn aggregate(sim: &Simulator, symbol: &str, minutes: &[Candle], resolution: Resolution) -> Vec<Candle> {
    let tz = sim.instrument(symbol).unwrap().venue.tz();
    let mut buckets: BTreeMap<DateTime<Utc>, Candle> = BTreeMap::new();
    for m in minutes {
        let local = m.time.with_timezone(&tz);
        let date = local.date_naive();
        let midnight =
            tz.from_local_datetime(&date.and_hms_opt(0, 0, 0).unwrap()).earliest().unwrap().with_timezone(&Utc);
        let key = match resolution.minutes() {
            Some(r) => {
                let secs = (m.time - midnight).num_seconds();
                midnight + chrono::Duration::seconds(secs / (r * 60) * r * 60)
            }
            None => midnight,
        };
        buckets
            .entry(key)
            .and_modify(|c| {
                c.high = c.high.max(m.high);
                c.low = c.low.min(m.low);
                c.close = m.close;
                c.volume += m.volume;
            })
            .or_insert(Candle { time: key, ..m.clone() });
    }
    buckets.into_values().collect()
}
