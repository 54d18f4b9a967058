//! The perpetuals venue: the liquidity providers' quotes around each contract's simulated price
//! (the same providers and simulator as crypto spot), the index from the underlying IDR pair, and
//! the mark price from both. A scripted factor per instrument moves index and quotes together
//! (the sandbox operator's price path for drills and tests).

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use chrono::{DateTime, Duration, Utc};
use domain::amounts;
use domain::money::MoneyError;
use domain::perps::{mark_price, median, premium_ppm};
use market::sim::Simulator;
use market::QuoteSide;
use rust_decimal::Decimal;

use super::contracts::PerpInstrument;

/// Seconds between the premium samples the mark's median is taken over.
const MARK_SAMPLE_SECS: i64 = 15;
/// How many premium samples the mark uses (the last minute).
const MARK_SAMPLES: i64 = 5;

/// One price level: ticks and lots.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Level {
    /// Ticks.
    pub price: i64,
    /// Lots.
    pub lots: i64,
}

/// What the venue shows for one instrument at one instant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PerpQuote {
    /// The spot reference (the underlying IDR pair in USDT), ticks.
    pub index: i64,
    /// The contract's last traded price, ticks.
    pub last: i64,
    /// The mark price, ticks: what profit, margin and liquidation use.
    pub mark: i64,
    /// Bids, best first.
    pub bids: Vec<Level>,
    /// Asks, best first.
    pub asks: Vec<Level>,
}

impl PerpQuote {
    /// The best bid, ticks.
    pub fn bid(&self) -> Option<i64> {
        self.bids.first().map(|l| l.price)
    }

    /// The best ask, ticks.
    pub fn ask(&self) -> Option<i64> {
        self.asks.first().map(|l| l.price)
    }
}

/// The sandbox perpetuals venue over the simulator.
pub struct PerpVenue {
    sim: Arc<Simulator>,
    usdt_idr: Decimal,
    factors: RwLock<HashMap<String, Decimal>>,
}

impl PerpVenue {
    /// The venue over `sim`; `usdt_idr` is the catalogue's reference rate the contracts were priced at.
    pub fn new(sim: Arc<Simulator>, usdt_idr: Decimal) -> Self {
        Self { sim, usdt_idr, factors: RwLock::new(HashMap::new()) }
    }

    /// Moves an instrument's index and quotes by `factor` from now on (1 undoes it).
    pub fn set_factor(&self, symbol: &str, factor: Decimal) {
        let mut factors = self.factors.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        if factor == Decimal::ONE {
            factors.remove(symbol);
        } else {
            factors.insert(symbol.to_owned(), factor);
        }
    }

    fn factor(&self, symbol: &str) -> Decimal {
        self.factors
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(symbol)
            .copied()
            .unwrap_or(Decimal::ONE)
    }

    /// A simulated price in whole ticks of `scale` places; `None` when it is no positive count.
    fn ticks(value: Decimal, scale: u32) -> Option<i64> {
        amounts::nearest_units(value, scale).ok().filter(|t| *t > 0)
    }

    /// The index at `t`, ticks.
    pub fn index_at(&self, inst: &PerpInstrument, t: DateTime<Utc>) -> Option<i64> {
        let underlying = self.sim.price_at(&inst.underlying, t).ok()?;
        let index = underlying * Decimal::from(inst.multiplier) / self.usdt_idr * self.factor(&inst.symbol);
        Self::ticks(index, inst.contract.price_scale)
    }

    /// The contract's last price at `t`, ticks.
    pub fn last_at(&self, inst: &PerpInstrument, t: DateTime<Utc>) -> Option<i64> {
        let price = self.sim.price_at(&inst.symbol, t).ok()? * self.factor(&inst.symbol);
        Self::ticks(price, inst.contract.price_scale)
    }

    /// The mark at `t`: the index plus the median premium of the last minute, clamped.
    pub fn mark_at(&self, inst: &PerpInstrument, t: DateTime<Utc>) -> Option<i64> {
        let index = self.index_at(inst, t)?;
        let mut premiums: Vec<i64> = (0..MARK_SAMPLES)
            .filter_map(|i| {
                let at = t - Duration::seconds(i * MARK_SAMPLE_SECS);
                Some(premium_ppm(self.last_at(inst, at)?, self.index_at(inst, at)?))
            })
            .collect();
        Some(mark_price(index, median(&mut premiums)))
    }

    /// The average premium of the contract over the index across `[from, to)`, ppm, sampled every
    /// ten minutes: the funding rate's input, the same whenever it is computed.
    pub fn average_premium(&self, inst: &PerpInstrument, from: DateTime<Utc>, to: DateTime<Utc>) -> i64 {
        let mut sum = 0_i64;
        let mut count = 0_i64;
        let mut at = from;
        while at < to {
            if let (Some(last), Some(index)) = (self.last_at(inst, at), self.index_at(inst, at)) {
                sum += premium_ppm(last, index);
                count += 1;
            }
            at += Duration::minutes(10);
        }
        if count == 0 {
            0
        } else {
            sum / count
        }
    }

    /// Everything the venue shows for `inst` at `t`; `None` when the simulator has no price.
    pub fn quote(&self, inst: &PerpInstrument, t: DateTime<Utc>) -> Option<PerpQuote> {
        let last = self.last_at(inst, t)?;
        let scale = inst.contract.price_scale;
        let reference = Decimal::new(last, scale);
        let quotes = self.sim.quotes(&inst.symbol, reference, t).ok()?;
        let lots_places = inst.contract.quantity_scale;
        let level = |q: &market::Quote| -> Result<Option<Level>, MoneyError> {
            let lots = amounts::truncated_units(q.quantity, lots_places)?;
            Ok(Self::ticks(q.price, scale).map(|price| Level { price, lots }).filter(|l| l.lots > 0))
        };
        let side = |side: QuoteSide| -> Result<Vec<Level>, MoneyError> {
            let levels = quotes.iter().filter(|q| q.side == side).map(level).collect::<Result<Vec<_>, _>>()?;
            Ok(levels.into_iter().flatten().collect())
        };
        // A depth beyond what lots count is no quote at all, never a book with a level missing.
        let (mut bids, mut asks) = match (side(QuoteSide::Bid), side(QuoteSide::Ask)) {
            (Ok(bids), Ok(asks)) => (bids, asks),
            (Err(error), _) | (_, Err(error)) => {
                tracing::error!(symbol = %inst.symbol, %error, "simulated depth out of range");
                return None;
            }
        };
        bids.sort_by_key(|l| std::cmp::Reverse(l.price));
        asks.sort_by_key(|l| l.price);
        Some(PerpQuote { index: self.index_at(inst, t)?, last, mark: self.mark_at(inst, t)?, bids, asks })
    }
}
