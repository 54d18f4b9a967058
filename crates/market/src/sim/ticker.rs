//! The simulator's tickers, price changes and movers.

use chrono::{DateTime, Duration, Utc};
use rust_decimal::Decimal;

use super::daily::day_number;
use super::Simulator;
use crate::calendar::{utc, Venue};
use crate::candles::{Agg, ChartRange};
use crate::catalogue::AssetClass;
use crate::error::MarketError;
use crate::tick::from_units;
use crate::ticker::*;

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
