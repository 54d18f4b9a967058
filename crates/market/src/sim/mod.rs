//! The deterministic sandbox market simulator behind the [`PriceSource`] feed trait.
//!
//! Model, in layers, each a pure function of `(seed, path key, time)`:
//! 1. a daily walk of log closes per calendar day from [`WALK_START`], anchored so the close on
//!    [`ANCHOR_DATE`] is the catalogue's reference price ([`daily`]);
//! 2. each trading day's minutes as a Brownian bridge from that day's open to its close, drawn from a
//!    counter-based RNG keyed by the minute ([`intraday`]);
//! 3. a piecewise-linear path inside each minute, so a live partial minute is a candle too.
//!
//! Prices move only while the venue is open; outside sessions the price is the last close. Halts
//! keep the price flat; when a halt ends the price rejoins the simulated path (a gap, as in real
//! re-openings). The simulator never reveals the future: instants after its clock's `now` are
//! clamped to `now`.

mod candles;
pub(crate) mod daily;
pub(crate) mod intraday;
pub(crate) mod params;
pub(crate) mod rng;
mod ticker;

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, RwLock};

use chrono::{DateTime, NaiveDate, Utc};
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::calendar::{utc, MarketTimes, Phase, Venue};
use crate::candles::{Candle, Resolution};
use crate::catalogue::{Catalogue, Instrument, LiquidityProvider};
use crate::error::MarketError;
use crate::tick::from_units;
use crate::ticker::Ticker;

use daily::{day_number, DayTable};
use intraday::{DayPlan, MinuteBar};
use params::Params;

/// First day of every instrument's walk (history shown to users starts later, per instrument).
pub const WALK_START: NaiveDate = match NaiveDate::from_ymd_opt(2010, 1, 1) {
    Some(d) => d,
    None => panic!("valid date"),
};
/// The date whose close equals the catalogue's reference price.
pub const ANCHOR_DATE: NaiveDate = match NaiveDate::from_ymd_opt(2026, 11, 1) {
    Some(d) => d,
    None => panic!("valid date"),
};
/// Last simulated date; the walk is never extended past it (bounds memory and time).
pub const WALK_END: NaiveDate = match NaiveDate::from_ymd_opt(2100, 12, 31) {
    Some(d) => d,
    None => panic!("valid date"),
};
/// How far past a requested day the walk is extended at once, so live use rarely takes the write lock.
const WALK_EXTEND_DAYS: i32 = 366;

pub use domain::clock::{Clock, FixedClock, SystemClock};

/// Simulator settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SimConfig {
    /// The seed; the same seed gives the same market everywhere.
    pub seed: u64,
}

impl Default for SimConfig {
    fn default() -> Self {
        Self { seed: 20_261_101 }
    }
}

/// A trading halt in force from `from` until `to` (open-ended when `None`).
///
/// Halts snap to whole minutes, both ends rounded up, so a halt never rewrites a minute that was
/// already published live.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct HaltWindow {
    /// When the halt was declared.
    pub from: DateTime<Utc>,
    /// When trading resumed.
    pub to: Option<DateTime<Utc>>,
}

fn ceil_minute(secs: i64) -> i64 {
    secs.div_euclid(60) * 60 + if secs.rem_euclid(60) == 0 { 0 } else { 60 }
}

impl HaltWindow {
    /// The window in minute-aligned unix seconds, `[start, end)`.
    fn secs(&self) -> (i64, i64) {
        (ceil_minute(self.from.timestamp()), self.to.map_or(i64::MAX, |t| ceil_minute(t.timestamp())))
    }
}

/// One live price for the server's once-a-second poll.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Tick {
    /// Instrument.
    pub symbol: String,
    /// The price at `time`.
    pub price: Decimal,
    /// The instant polled.
    pub time: DateTime<Utc>,
    /// Session phase at `time`.
    pub phase: Phase,
    /// Whether a halt is in force.
    pub halted: bool,
}

/// A market data feed: the sandbox simulator implements it, a real vendor adapter can too.
pub trait PriceSource: Send + Sync {
    /// The price in force at `t` (clamped to now).
    fn price_at(&self, symbol: &str, t: DateTime<Utc>) -> Result<Decimal, MarketError>;
    /// Candles of `resolution` covering `[from, to]`, the latest `limit` of them, oldest first.
    fn candles(
        &self,
        symbol: &str,
        resolution: Resolution,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
        limit: usize,
    ) -> Result<Vec<Candle>, MarketError>;
    /// Last price, change, high, low and volume as of `now`.
    fn ticker(&self, symbol: &str, now: DateTime<Utc>) -> Result<Ticker, MarketError>;
}

/// One instrument's model and caches.
pub(crate) struct Slot {
    pub inst: Instrument,
    pub params: Params,
    table: RwLock<Option<DayTable>>,
    pub(crate) day_aggs: RwLock<HashMap<i32, crate::candles::Agg>>,
    /// The two most recently used days' minutes (today and yesterday for the live poll).
    recent_days: Mutex<[Option<CachedDay>; RECENT_DAYS]>,
}

/// One day's minutes, shared between callers.
type CachedDay = (i32, Arc<Vec<MinuteBar>>);

/// Days of minutes kept per instrument, enough for a rolling 24-hour window.
const RECENT_DAYS: usize = 2;

/// The sandbox market: every instrument of the catalogue, simulated from one seed.
pub struct Simulator {
    pub(crate) seed: u64,
    pub(crate) slots: Vec<Slot>,
    by_symbol: HashMap<String, usize>,
    pub(crate) providers: Vec<LiquidityProvider>,
    /// USDT-IDR reference, to size perp quotes in USDT from IDR notionals.
    pub(crate) usdt_idr: f64,
    clock: Arc<dyn Clock>,
    halts: RwLock<HashMap<usize, Vec<(i64, i64)>>>,
    /// Bumped whenever a halt window changes, so views computed before can tell they are stale.
    halts_version: AtomicU64,
}

/// Trading-day flags per venue from [`WALK_START`] to [`WALK_END`], computed once per process.
pub(crate) fn trading_day(venue: Venue, day: i32) -> bool {
    static DAYS: [OnceLock<Vec<bool>>; 6] = [const { OnceLock::new() }; 6];
    let slot = match venue {
        Venue::UsExtended => 0,
        Venue::UsRegular => 1,
        Venue::Idss => 2,
        Venue::Always => 3,
        Venue::Weekdays => 4,
        Venue::FundNav => 5,
    };
    let flags = DAYS[slot].get_or_init(|| {
        let mut out = Vec::with_capacity(33_000);
        let mut date = WALK_START;
        while date <= WALK_END {
            out.push(venue.is_trading_day(date));
            date = date.succ_opt().expect("in range");
        }
        out
    });
    let i = day - day_number(WALK_START);
    usize::try_from(i).ok().and_then(|i| flags.get(i).copied()).unwrap_or(false)
}

impl Simulator {
    /// A simulator of every instrument in `catalogue`, reading the system clock.
    pub fn new(catalogue: &Catalogue, config: SimConfig) -> Self {
        let slots: Vec<Slot> = catalogue
            .instruments()
            .into_iter()
            .map(|inst| Slot {
                params: Params::new(config.seed, &inst),
                inst,
                table: RwLock::new(None),
                day_aggs: RwLock::new(HashMap::new()),
                recent_days: Mutex::new([None, None]),
            })
            .collect();
        let by_symbol = slots.iter().enumerate().map(|(i, s)| (s.inst.symbol.clone(), i)).collect();
        Self {
            seed: config.seed,
            slots,
            by_symbol,
            providers: catalogue.liquidity_providers.clone(),
            usdt_idr: catalogue.usdt_idr().ok().and_then(|d| d.to_f64()).unwrap_or(16_650.0),
            clock: Arc::new(SystemClock),
            halts: RwLock::new(HashMap::new()),
            halts_version: AtomicU64::new(0),
        }
    }

    /// Replaces the clock (tests, replays).
    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> Self {
        self.clock = clock;
        self
    }

    /// The simulator's current instant.
    pub fn now(&self) -> DateTime<Utc> {
        self.clock.now()
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Every simulated instrument.
    pub fn instruments(&self) -> impl Iterator<Item = &Instrument> {
        self.slots.iter().map(|s| &s.inst)
    }

    /// The instrument with this symbol.
    pub fn instrument(&self, symbol: &str) -> Result<&Instrument, MarketError> {
        self.index(symbol).map(|i| &self.slots[i].inst)
    }

    pub(crate) fn index(&self, symbol: &str) -> Result<usize, MarketError> {
        self.by_symbol.get(symbol).copied().ok_or_else(|| MarketError::UnknownInstrument(symbol.to_owned()))
    }

    /// The session phase of an instrument's venue at `t`.
    pub fn phase_at(&self, symbol: &str, t: DateTime<Utc>) -> Result<Phase, MarketError> {
        Ok(self.instrument(symbol)?.venue.phase_at(t))
    }

    /// The market times of an instrument's venue on a venue-local date (R3.14).
    pub fn market_times(&self, symbol: &str, date: NaiveDate) -> Result<MarketTimes, MarketError> {
        Ok(self.instrument(symbol)?.venue.market_times(date))
    }

    // ---- the daily walk -------------------------------------------------------------------

    /// Runs `f` on the instrument's walk, built or extended through `day` first.
    fn with_table<R>(&self, idx: usize, day: i32, f: impl FnOnce(&DayTable) -> R) -> R {
        let slot = &self.slots[idx];
        {
            let guard = slot.table.read().unwrap_or_else(std::sync::PoisonError::into_inner);
            if let Some(t) = guard.as_ref().filter(|t| t.last_day() >= day) {
                return f(t);
            }
        }
        let mut guard = slot.table.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        let through = (day + WALK_EXTEND_DAYS).min(day_number(WALK_END));
        match guard.as_mut() {
            Some(t) if t.last_day() < day => t.extend(&slot.params, slot.inst.venue, through),
            Some(_) => {}
            None => *guard = Some(DayTable::build(&slot.params, slot.inst.venue, through)),
        }
        f(guard.as_ref().expect("built above"))
    }

    /// Whether a day lies inside the simulated period.
    pub(crate) fn day_in_range(day: i32) -> bool {
        (day_number(WALK_START)..=day_number(WALK_END)).contains(&day)
    }

    /// The close (units) in force at the end of `day`: the last trading day's close.
    pub(crate) fn close_units(&self, idx: usize, day: i32) -> i64 {
        let slot = &self.slots[idx];
        let log = self.with_table(idx, day, |t| t.log_close(day));
        slot.inst.tick.round_units(log.exp() * slot.params.price_factor)
    }

    /// The plan of a trading day, or `None` when the venue is closed that day.
    pub(crate) fn plan(&self, idx: usize, day: i32) -> Option<DayPlan> {
        let slot = &self.slots[idx];
        if !trading_day(slot.inst.venue, day) {
            return None;
        }
        let date = NaiveDate::from_num_days_from_ce_opt(day)?;
        let sessions = slot.inst.venue.day_sessions(date);
        let (log_open, log_close) = self.with_table(idx, day, |t| (t.log_open(day), t.log_close(day)));
        let round = |x: f64| slot.inst.tick.round_units(x.exp() * slot.params.price_factor);
        Some(DayPlan {
            minutes: sessions.minutes(),
            sessions,
            log_open,
            log_close,
            open_units: round(log_open),
            close_units: round(log_close),
            volume_factor: intraday::volume_factor(&slot.params, day),
        })
    }

    /// Every minute of a trading day (no halts), from the per-instrument cache of recent days.
    pub(crate) fn full_day(&self, idx: usize, day: i32) -> Option<Arc<Vec<MinuteBar>>> {
        let slot = &self.slots[idx];
        {
            let mut recent = slot.recent_days.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            if let Some(pos) = recent.iter().position(|e| e.as_ref().is_some_and(|(d, _)| *d == day)) {
                recent[..=pos].rotate_right(1);
                return recent[0].as_ref().map(|(_, bars)| bars.clone());
            }
        }
        let plan = self.plan(idx, day)?;
        let mut bars = Vec::with_capacity(plan.minutes);
        intraday::generate(&slot.params, slot.inst.tick, slot.inst.daily_notional, &plan, plan.minutes, |b| {
            bars.push(b);
        });
        let bars = Arc::new(bars);
        let mut recent = slot.recent_days.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        recent.rotate_right(1);
        recent[0] = Some((day, bars.clone()));
        Some(bars)
    }

    /// The minutes of `day` that started at or before `until` (the last one partial), halts applied.
    pub(crate) fn day_bars(&self, idx: usize, day: i32, until: Option<i64>, halts: &[(i64, i64)]) -> Vec<MinuteBar> {
        let Some(all) = self.full_day(idx, day) else { return Vec::new() };
        let tick = self.slots[idx].inst.tick;
        let mut bars: Vec<MinuteBar> = match until {
            Some(until) => {
                let n = all.partition_point(|b| b.t <= until);
                let mut bars = all[..n].to_vec();
                if let Some(last) = bars.last_mut() {
                    *last = last.partial((until - last.t).min(60) as u32, tick);
                }
                bars
            }
            None => all.to_vec(),
        };
        self.apply_halts(idx, &mut bars, halts);
        bars
    }

    /// Flattens minutes inside halt windows at the price in force when each halt began.
    fn apply_halts(&self, idx: usize, bars: &mut [MinuteBar], halts: &[(i64, i64)]) {
        for &(start, end) in halts {
            let (Some(first), Some(last)) = (bars.first(), bars.last()) else { return };
            if end <= first.t || start > last.t {
                continue;
            }
            let price = self.raw_price_at(idx, start);
            for b in bars.iter_mut().filter(|b| b.t >= start && b.t < end) {
                *b = MinuteBar::flat(b.t, price);
            }
        }
    }

    /// The simulated price (units) at unix second `secs`, ignoring halts.
    pub(crate) fn raw_price_at(&self, idx: usize, secs: i64) -> i64 {
        let slot = &self.slots[idx];
        let day = day_number(slot.inst.venue.local_date(utc(secs)));
        let Some(bars) = self.full_day(idx, day) else { return self.close_units(idx, day) };
        // The minute containing `secs`, or the last one before it (a break or after the close).
        match bars.partition_point(|b| b.t <= secs) {
            0 => self.close_units(idx, day - 1),
            n => {
                let bar = &bars[n - 1];
                let s = (secs - bar.t).min(60) as u32;
                bar.price_at_second(s, slot.inst.tick)
            }
        }
    }

    /// The instrument's halt windows (minute-aligned unix seconds).
    pub(crate) fn halts_of(&self, idx: usize) -> Vec<(i64, i64)> {
        let guard = self.halts.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        guard.get(&idx).cloned().unwrap_or_default()
    }

    /// Replaces an instrument's halt history (the server stores the flags and passes them in).
    pub fn set_halts(&self, symbol: &str, windows: &[HaltWindow]) -> Result<(), MarketError> {
        let idx = self.index(symbol)?;
        let mut secs: Vec<(i64, i64)> = windows.iter().map(HaltWindow::secs).filter(|(a, b)| a < b).collect();
        secs.sort_unstable();
        let mut guard = self.halts.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        if guard.get(&idx) != Some(&secs) {
            guard.insert(idx, secs);
            self.halts_version.fetch_add(1, Ordering::Release);
        }
        Ok(())
    }

    /// Declares a halt from `at` (effective from the next whole minute) until resumed.
    pub fn halt(&self, symbol: &str, at: DateTime<Utc>) -> Result<(), MarketError> {
        let idx = self.index(symbol)?;
        let mut guard = self.halts.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        let list = guard.entry(idx).or_default();
        if list.last().is_none_or(|w| w.1 != i64::MAX) {
            list.push(HaltWindow { from: at, to: None }.secs());
            self.halts_version.fetch_add(1, Ordering::Release);
        }
        Ok(())
    }

    /// Ends the open halt at `at` (effective from the next whole minute).
    pub fn resume(&self, symbol: &str, at: DateTime<Utc>) -> Result<(), MarketError> {
        let idx = self.index(symbol)?;
        let mut guard = self.halts.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(last) = guard.get_mut(&idx).and_then(|l| l.last_mut()).filter(|w| w.1 == i64::MAX) {
            last.1 = ceil_minute(at.timestamp()).max(last.0);
            self.halts_version.fetch_add(1, Ordering::Release);
        }
        Ok(())
    }

    /// Changes whenever any instrument's halt windows change: a view made at the same second and
    /// version is the same view.
    pub fn halts_version(&self) -> u64 {
        self.halts_version.load(Ordering::Acquire)
    }

    /// Whether a halt is in force at `t`.
    pub fn is_halted(&self, symbol: &str, t: DateTime<Utc>) -> Result<bool, MarketError> {
        let idx = self.index(symbol)?;
        let secs = t.timestamp();
        Ok(self.halts_of(idx).iter().any(|&(a, b)| a <= secs && secs < b))
    }

    /// Clamps an instant to the clock's now and checks it against the instrument's history.
    pub(crate) fn clamp(&self, idx: usize, t: DateTime<Utc>) -> Result<i64, MarketError> {
        let t = t.min(self.now());
        let inst = &self.slots[idx].inst;
        let start = inst.venue.midnight_secs(inst.history_start);
        if t.timestamp() < start || !Self::day_in_range(day_number(inst.venue.local_date(t))) {
            return Err(MarketError::OutOfRange(t));
        }
        Ok(t.timestamp())
    }

    /// The price (units) at `secs` with halts applied.
    pub(crate) fn price_units(&self, idx: usize, secs: i64) -> i64 {
        let halted = self.halts_of(idx).into_iter().find(|&(a, b)| a <= secs && secs < b);
        self.raw_price_at(idx, halted.map_or(secs, |(a, _)| a))
    }

    /// The price in force at `t` (clamped to now): the live price while open, else the last close.
    pub fn price_at(&self, symbol: &str, t: DateTime<Utc>) -> Result<Decimal, MarketError> {
        let idx = self.index(symbol)?;
        let secs = self.clamp(idx, t)?;
        Ok(from_units(self.price_units(idx, secs), self.slots[idx].inst.price_scale))
    }

    /// One tick per instrument at `now`, for the server's once-a-second poll.
    pub fn snapshot(&self, now: DateTime<Utc>) -> Vec<Tick> {
        let now = now.min(self.now());
        let secs = now.timestamp();
        self.slots
            .iter()
            .enumerate()
            .filter(|(i, _)| self.clamp(*i, now).is_ok())
            .map(|(i, s)| Tick {
                symbol: s.inst.symbol.clone(),
                price: from_units(self.price_units(i, secs), s.inst.price_scale),
                time: now,
                phase: s.inst.venue.phase_at(now),
                halted: self.halts_of(i).iter().any(|&(a, b)| a <= secs && secs < b),
            })
            .collect()
    }
}

/// Remembers the last prices sent so each poll returns only instruments whose price changed.
#[derive(Debug, Default)]
pub struct LivePoller {
    last: HashMap<String, Decimal>,
}

impl LivePoller {
    /// A poller that will report every instrument on its first poll.
    pub fn new() -> Self {
        Self::default()
    }

    /// The ticks at `now` whose price differs from the previous poll.
    pub fn poll(&mut self, sim: &Simulator, now: DateTime<Utc>) -> Vec<Tick> {
        sim.snapshot(now).into_iter().filter(|t| self.last.insert(t.symbol.clone(), t.price) != Some(t.price)).collect()
    }
}

impl PriceSource for Simulator {
    fn price_at(&self, symbol: &str, t: DateTime<Utc>) -> Result<Decimal, MarketError> {
        Simulator::price_at(self, symbol, t)
    }

    fn candles(
        &self,
        symbol: &str,
        resolution: Resolution,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
        limit: usize,
    ) -> Result<Vec<Candle>, MarketError> {
        Simulator::candles(self, symbol, resolution, from, to, limit)
    }

    fn ticker(&self, symbol: &str, now: DateTime<Utc>) -> Result<Ticker, MarketError> {
        Simulator::ticker(self, symbol, now)
    }
}
