//! Tickers, price change over a chart range (R2.12, R9.05) and top movers.
//!
//! Change is measured against the price in force just before the window: for 24/7 markets the
//! ticker compares with 24 hours ago and aggregates the last 24 hours; for session markets (US, IDX,
//! gold, FX, funds) it compares with the previous trading day's close and aggregates the current
//! (or, when closed, the latest) trading day, as their exchanges display it.

use chrono::{DateTime, Duration, Utc};
use rust_decimal::{Decimal, RoundingStrategy};
use serde::{Deserialize, Serialize};

use crate::calendar::{utc, Phase, Venue};
use crate::candles::{Agg, ChartRange};
use crate::catalogue::AssetClass;
use crate::error::MarketError;
use crate::sim::daily::day_number;
use crate::sim::Simulator;
use crate::tick::from_units;

/// Percentage change from `base` to `last`, rounded half away from zero to 2 decimals (R9.05).
pub fn change_pct(base: Decimal, last: Decimal) -> Decimal {
    if base.is_zero() {
        return Decimal::ZERO;
    }
    ((last - base) * Decimal::ONE_HUNDRED / base).round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero)
}

/// The live summary of one instrument.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Ticker {
    /// Instrument.
    pub symbol: String,
    /// Class.
    pub class: AssetClass,
    /// As of.
    pub time: DateTime<Utc>,
    /// Last price.
    pub last: Decimal,
    /// The price compared with (24 h ago, or the previous close).
    pub reference: Decimal,
    /// `last - reference`.
    pub change: Decimal,
    /// Change in percent, 2 decimals.
    pub change_pct: Decimal,
    /// Highest price of the period.
    pub high: Decimal,
    /// Lowest price of the period.
    pub low: Decimal,
    /// Volume of the period.
    pub volume: Decimal,
    /// Session phase now.
    pub phase: Phase,
    /// Whether a halt is in force.
    pub halted: bool,
}

/// Price change of a chart range (R2.12).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PriceChange {
    /// The range.
    pub range: ChartRange,
    /// Window start.
    pub from: DateTime<Utc>,
    /// Window end.
    pub to: DateTime<Utc>,
    /// Price in force just before the window.
    pub base: Decimal,
    /// Price at the end.
    pub last: Decimal,
    /// Change in percent, 2 decimals.
    pub change_pct: Decimal,
}

/// The best and worst performers of a class.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Movers {
    /// Highest change first (only rising instruments).
    pub gainers: Vec<Ticker>,
    /// Lowest change first (only falling instruments).
    pub losers: Vec<Ticker>,
}

impl Simulator {
    /// Last price, change, high, low and volume as of `now` (clamped to the clock).
    pub fn ticker(&self, symbol: &str, now: DateTime<Utc>) -> Result<Ticker, MarketError> {
        let idx = self.index(symbol)?;
        let secs = self.clamp(idx, now)?;
        let inst = &self.slots[idx].inst;
        let venue = inst.venue;
        let halts = self.halts_of(idx);
        let last = self.price_units(idx, secs);
        let (reference, agg) = if venue == Venue::Always {
            let start = secs - 86_400;
            let reference = self.price_units(idx, start.max(venue.midnight_secs(inst.history_start)));
            (reference, self.rolling_agg(idx, start, secs, &halts))
        } else {
            let mut day = day_number(venue.local_date(utc(secs)));
            let mut agg = None;
            // The current trading day if it has started, else the latest one (at most a few weeks back).
            for _ in 0..30 {
                agg = self.day_agg(idx, day, Some(secs), &halts);
                if agg.is_some() {
                    break;
                }
                day -= 1;
            }
            (self.close_units(idx, day - 1), agg)
        };
        let agg = agg.unwrap_or(Agg { t: secs, o: last, h: last, l: last, c: last, v: 0 });
        let px = |u: i64| from_units(u, inst.price_scale);
        Ok(Ticker {
            symbol: inst.symbol.clone(),
            class: inst.class,
            time: utc(secs),
            last: px(last),
            reference: px(reference),
            change: px(last - reference),
            change_pct: change_pct(px(reference), px(last)),
            high: px(agg.h.max(last)),
            low: px(agg.l.min(last)),
            volume: Decimal::new(agg.v, inst.quantity_scale),
            phase: venue.phase_at(utc(secs)),
            halted: halts.iter().any(|&(a, b)| a <= secs && secs < b),
        })
    }

    /// Minutes starting in `(from, to]` folded into one aggregate.
    fn rolling_agg(&self, idx: usize, from: i64, to: i64, halts: &[(i64, i64)]) -> Option<Agg> {
        let venue = self.slots[idx].inst.venue;
        let first = day_number(venue.local_date(utc(from)));
        let last = day_number(venue.local_date(utc(to)));
        let mut bars = Vec::new();
        for day in first..=last {
            let until = (day == last).then_some(to);
            bars.extend(self.day_bars(idx, day, until, halts).into_iter().filter(|b| b.t > from));
        }
        Agg::of_bars(from, &bars)
    }

    /// The change of an instrument over a chart range ending at `now` (R2.12, 2 decimals R9.05).
    pub fn price_change(
        &self,
        symbol: &str,
        range: ChartRange,
        now: DateTime<Utc>,
    ) -> Result<PriceChange, MarketError> {
        let inst = self.instrument(symbol)?;
        let now = now.min(self.now());
        let window = range.window(inst, now);
        let history_start = utc(inst.venue.midnight_secs(inst.history_start));
        let base = self.price_at(symbol, (window.from - Duration::seconds(1)).max(history_start))?;
        let last = self.price_at(symbol, now)?;
        Ok(PriceChange { range, from: window.from, to: now, base, last, change_pct: change_pct(base, last) })
    }

    /// The `n` biggest gainers and losers of a class by ticker change.
    pub fn top_movers(&self, class: AssetClass, now: DateTime<Utc>, n: usize) -> Movers {
        let mut tickers: Vec<Ticker> =
            self.instruments().filter(|i| i.class == class).filter_map(|i| self.ticker(&i.symbol, now).ok()).collect();
        tickers.sort_by(|a, b| b.change_pct.cmp(&a.change_pct).then_with(|| a.symbol.cmp(&b.symbol)));
        let gainers = tickers.iter().filter(|t| t.change_pct > Decimal::ZERO).take(n).cloned().collect();
        let losers = tickers.iter().rev().filter(|t| t.change_pct < Decimal::ZERO).take(n).cloned().collect();
        Movers { gainers, losers }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r9_05_change_percentages_have_two_decimals() {
        assert_eq!(change_pct(Decimal::new(300, 0), Decimal::new(301, 0)), Decimal::new(33, 2));
        assert_eq!(change_pct(Decimal::new(3, 0), Decimal::new(2, 0)), Decimal::new(-3333, 2));
        assert_eq!(change_pct(Decimal::new(8, 0), Decimal::new(8001, 3)), Decimal::new(1, 2));
        assert_eq!(change_pct(Decimal::ZERO, Decimal::ONE), Decimal::ZERO);
    }
}
