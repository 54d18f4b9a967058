//! Candles of the simulator: aggregating its minute bars and daily path into any resolution.

use chrono::{DateTime, NaiveDate, Utc};

use super::daily::day_number;
use super::Simulator;
use crate::calendar::utc;
use crate::candles::*;
use crate::error::MarketError;

impl Simulator {
    /// Candles of `resolution` covering `[from, to]` (`to` clamped to now), oldest first.
    ///
    /// The first bucket is the one containing `from` (whole, so resolutions stay consistent); the last
    /// is the one containing `to`, built from the minutes so far, so its close is `price_at(to)`.
    /// At most `limit` (≤ [`MAX_CANDLES_PER_REQUEST`]) candles are returned, the latest ones; windows
    /// wider than [`MAX_WINDOW_BUCKETS`] buckets are refused. Before the instrument's history there
    /// are no candles.
    pub fn candles(
        &self,
        symbol: &str,
        resolution: Resolution,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
        limit: usize,
    ) -> Result<Vec<Candle>, MarketError> {
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
        let idx = self.index(symbol)?;
        let inst = &self.slots[idx].inst;
        let start = inst.venue.midnight_secs(inst.history_start);
        let to = to.min(self.now()).timestamp();
        let from = from.timestamp().max(start);
        if to < start || from > to {
            return Ok(Vec::new());
        }
        if !Self::day_in_range(day_number(inst.venue.local_date(utc(to)))) {
            return Err(MarketError::OutOfRange(utc(to)));
        }
        let aggs = match resolution.minutes() {
            Some(m) => self.intraday_aggs(idx, m * 60, from, to, limit),
            None => self.calendar_aggs(idx, resolution, from, to, limit),
        };
        Ok(aggs.iter().map(|a| a.candle(inst)).collect())
    }

    /// Intraday buckets of `bucket_secs`, aligned to venue-local midnight, latest `limit`.
    fn intraday_aggs(&self, idx: usize, bucket_secs: i64, from: i64, to: i64, limit: usize) -> Vec<Agg> {
        let venue = self.slots[idx].inst.venue;
        let halts = self.halts_of(idx);
        let from_day = day_number(venue.local_date(utc(from)));
        let to_day = day_number(venue.local_date(utc(to)));
        let from_mid = venue.midnight_secs(date_of(from_day));
        let from_aligned = from_mid + (from - from_mid).div_euclid(bucket_secs) * bucket_secs;
        let mut newest_first: Vec<Agg> = Vec::with_capacity(limit);
        for day in (from_day..=to_day).rev() {
            let until = (day == to_day).then_some(to);
            let bars = self.day_bars(idx, day, until, &halts);
            let mid = venue.midnight_secs(date_of(day));
            let mut today: Vec<Agg> = Vec::new();
            for b in bars.iter().filter(|b| b.t >= from_aligned) {
                let bucket = mid + (b.t - mid).div_euclid(bucket_secs) * bucket_secs;
                match today.last_mut() {
                    Some(a) if a.t == bucket => a.push(b),
                    _ => today.push(Agg::from_bar(bucket, b)),
                }
            }
            for a in today.into_iter().rev() {
                newest_first.push(a);
                if newest_first.len() == limit {
                    newest_first.reverse();
                    return newest_first;
                }
            }
        }
        newest_first.reverse();
        newest_first
    }

    /// Daily, weekly or monthly buckets from day aggregates, latest `limit`.
    fn calendar_aggs(&self, idx: usize, resolution: Resolution, from: i64, to: i64, limit: usize) -> Vec<Agg> {
        let inst = &self.slots[idx].inst;
        let venue = inst.venue;
        let halts = self.halts_of(idx);
        let to_day = day_number(venue.local_date(utc(to)));
        let first_key = calendar_key(resolution, venue.local_date(utc(from)));
        let from_day = day_number(first_key).max(day_number(inst.history_start));
        let mut newest_first: Vec<Agg> = Vec::with_capacity(limit);
        let mut current: Option<(NaiveDate, Agg)> = None;
        for day in (from_day..=to_day).rev() {
            let until = (day == to_day).then_some(to);
            let Some(a) = self.day_agg(idx, day, until, &halts) else { continue };
            let key = calendar_key(resolution, date_of(day));
            match current.as_mut() {
                Some((k, agg)) if *k == key => agg.prepend(&a),
                _ => {
                    if let Some((_, done)) = current.take() {
                        newest_first.push(done);
                        if newest_first.len() == limit {
                            break;
                        }
                    }
                    current = Some((key, Agg { t: venue.midnight_secs(key), ..a }));
                }
            }
        }
        if let Some((_, done)) = current {
            if newest_first.len() < limit {
                newest_first.push(done);
            }
        }
        newest_first.reverse();
        newest_first
    }

    /// One venue day aggregated from its minutes (through `until`); complete unhalted days are cached.
    pub(crate) fn day_agg(&self, idx: usize, day: i32, until: Option<i64>, halts: &[(i64, i64)]) -> Option<Agg> {
        let slot = &self.slots[idx];
        let venue = slot.inst.venue;
        if !crate::sim::trading_day(venue, day) {
            return None;
        }
        let sessions = venue.day_sessions(date_of(day));
        let (open, close) = (sessions.windows().first()?.start, sessions.windows().last()?.end);
        if until.is_some_and(|u| u < open) {
            return None;
        }
        let complete = until.is_none_or(|u| u >= close);
        let halted = halts.iter().any(|&(a, b)| a < close && b > open);
        let cacheable = complete && !halted;
        if cacheable {
            let cache = slot.day_aggs.read().unwrap_or_else(std::sync::PoisonError::into_inner);
            if let Some(a) = cache.get(&day) {
                return Some(*a);
            }
        }
        let bars = self.day_bars(idx, day, if complete { None } else { until }, halts);
        let agg = Agg::of_bars(venue.midnight_secs(date_of(day)), &bars)?;
        if cacheable {
            slot.day_aggs.write().unwrap_or_else(std::sync::PoisonError::into_inner).insert(day, agg);
        }
        Some(agg)
    }

    /// Precomputes the cached daily aggregates of an instrument's whole history up to now, so the
    /// first 1D/1W/1M request over years is fast (the server can run it in a background task at
    /// start). Returns the number of trading days cached.
    pub fn warm_daily_cache(&self, symbol: &str) -> Result<usize, MarketError> {
        let idx = self.index(symbol)?;
        let inst = &self.slots[idx].inst;
        let halts = self.halts_of(idx);
        let today = day_number(inst.venue.local_date(self.now()));
        let first = day_number(inst.history_start);
        Ok((first..today).filter(|&day| self.day_agg(idx, day, None, &halts).is_some()).count())
    }

    /// Every one-minute candle in `[from, to]` (clamped to now), with no cap: a bulk export for
    /// back-fills and benchmarks. The server must not expose it to clients unbounded.
    pub fn minute_history(
        &self,
        symbol: &str,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<Vec<Candle>, MarketError> {
        if from >= to {
            return Err(MarketError::ReversedWindow { from, to });
        }
        let idx = self.index(symbol)?;
        let inst = &self.slots[idx].inst;
        let to = to.min(self.now()).timestamp();
        let from = from.timestamp().max(inst.venue.midnight_secs(inst.history_start));
        let halts = self.halts_of(idx);
        let mut out = Vec::new();
        if from > to {
            return Ok(out);
        }
        let first = day_number(inst.venue.local_date(utc(from)));
        let last = day_number(inst.venue.local_date(utc(to)));
        for day in first..=last {
            let until = (day == last).then_some(to);
            for b in self.day_bars(idx, day, until, &halts).iter().filter(|b| b.t >= from) {
                out.push(Agg::from_bar(b.t, b).candle(inst));
            }
        }
        Ok(out)
    }
}
