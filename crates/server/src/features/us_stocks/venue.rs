//! The execution venue behind a trait (DESIGN.md "Execution"), and the sandbox US exchange: real
//! code with real state that quotes a bid and ask around the simulated market price, accepts or
//! rejects what it is sent, and fills working orders only while their session is open.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use chrono::{DateTime, Utc};
use domain::orders::{next_watermark, OrderKind, Side, UsOrderReason};
use market::calendar::{Phase, Venue as Calendar};
use market::sim::Simulator;
use rust_decimal::Decimal;

use super::repo::UsOrderRow;
use super::rules::{may_fill, trailing_stop_price};
use super::units::{price_units, quantity_for};
use crate::config::ShareCount;

/// The venue's market for one stock now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UsQuote {
    /// The session phase.
    pub phase: Phase,
    /// Best bid, price units.
    pub bid: i64,
    /// Best ask, price units.
    pub ask: i64,
    /// The last trade price, price units.
    pub last: i64,
}

/// What a working order does at one step of the venue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Step {
    /// The trailing stop's new watermark.
    pub watermark: Option<i64>,
    /// The trigger was reached now.
    pub triggered: bool,
    /// A fill: price units and quantity units.
    pub fill: Option<(i64, i64)>,
}

/// An execution venue for US stocks (a sandbox exchange today; a broker API behind the same
/// trait in production).
pub trait UsVenue: Send + Sync {
    /// The venue's market for `stock` at `now`, if it quotes the stock.
    fn quote(&self, stock: &str, now: DateTime<Utc>) -> Option<UsQuote>;
    /// Whether `stock` trades in post-market.
    fn post_market(&self, stock: &str) -> bool;
    /// The venue's answer to an order sent to it: accepted, or rejected with a reason.
    fn accept(&self, order: &UsOrderRow, now: DateTime<Utc>) -> Result<(), UsOrderReason>;
    /// What a working order does now (trigger, watermark, fill).
    fn step(&self, order: &UsOrderRow, now: DateTime<Utc>) -> Step;
}

/// The sandbox US exchange over the market simulator.
pub struct SandboxExchange {
    sim: Arc<Simulator>,
    post_market: HashMap<String, bool>,
    regular_half_spread_bps: i64,
    extended_half_spread_bps: i64,
    max_fill: i64,
    /// Scripted price moves per stock (a factor on the simulated price), for drills and tests.
    shocks: RwLock<HashMap<String, Decimal>>,
    /// How far the session clock runs ahead of the real one.
    session_shift: chrono::Duration,
}

impl SandboxExchange {
    /// The exchange for the catalogue's stocks.
    pub fn new(
        sim: Arc<Simulator>,
        post_market: HashMap<String, bool>,
        half_spreads_bps: (u32, u32),
        max_fill_shares: ShareCount,
        session_shift: chrono::Duration,
    ) -> Self {
        let max_fill = max_fill_shares.units();
        Self {
            sim,
            post_market,
            regular_half_spread_bps: i64::from(half_spreads_bps.0),
            extended_half_spread_bps: i64::from(half_spreads_bps.1),
            max_fill,
            shocks: RwLock::new(HashMap::new()),
            session_shift,
        }
    }

    /// Moves a stock's price by `factor` from now on (1 undoes it).
    pub fn set_price_factor(&self, stock: &str, factor: Decimal) {
        let mut shocks = self.shocks.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        if factor == Decimal::ONE {
            shocks.remove(stock);
        } else {
            shocks.insert(stock.to_owned(), factor);
        }
    }

    fn factor(&self, stock: &str) -> Decimal {
        let shocks = self.shocks.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        shocks.get(stock).copied().unwrap_or(Decimal::ONE)
    }

    fn fill_quantity(&self, order: &UsOrderRow, price: i64) -> i64 {
        let remaining = match (order.quantity, order.amount) {
            (Some(q), _) => q - order.filled_quantity,
            // More shares than an i64 counts is more than the largest fill: the fill is exact.
            (None, Some(a)) => quantity_for(a - order.filled_value, price).unwrap_or(self.max_fill),
            (None, None) => 0,
        };
        remaining.min(self.max_fill).max(0)
    }
}

impl UsVenue for SandboxExchange {
    fn quote(&self, stock: &str, now: DateTime<Utc>) -> Option<UsQuote> {
        if !self.post_market.contains_key(stock) {
            return None;
        }
        let last = match price_units(self.sim.price_at(stock, now).ok()? * self.factor(stock)) {
            Ok(units) => units.max(1),
            // A price beyond what units count is no price: the stock is not quoted, never mispriced.
            Err(error) => {
                tracing::error!(%stock, %error, "simulated price out of range");
                return None;
            }
        };
        let phase = Calendar::UsExtended.phase_at(now + self.session_shift);
        let bps = if phase == Phase::Regular { self.regular_half_spread_bps } else { self.extended_half_spread_bps };
        // Bid and ask on the cent grid (sub-dollar stocks on the $0.0001 grid), never crossed.
        let tick = super::units::tick_for(last);
        let half = (last * bps / 10_000).max(tick);
        let bid = ((last - half) / tick * tick).max(tick);
        let ask = (last + half).div_euclid(tick) * tick + if (last + half) % tick == 0 { 0 } else { tick };
        Some(UsQuote { phase, bid, ask, last })
    }

    fn post_market(&self, stock: &str) -> bool {
        self.post_market.get(stock).copied().unwrap_or(false)
    }

    fn accept(&self, order: &UsOrderRow, now: DateTime<Utc>) -> Result<(), UsOrderReason> {
        let quote = self.quote(&order.stock_id, now).ok_or(UsOrderReason::UnknownSecurity)?;
        if quote.phase == Phase::Closed && order.order_type == OrderKind::Market && !order.system {
            return Err(UsOrderReason::MarketClosed);
        }
        Ok(())
    }

    fn step(&self, order: &UsOrderRow, now: DateTime<Utc>) -> Step {
        let kind = order.order_type;
        let Some(quote) = self.quote(&order.stock_id, now) else { return Step::default() };
        let hours = order.trading_hours;
        if !may_fill(hours, quote.phase, self.post_market(&order.stock_id)) {
            return Step::default();
        }
        let side = order.side;
        let touch = if side == Side::Buy { quote.ask } else { quote.bid };
        let mut step = Step::default();
        let mut triggered = order.triggered || !kind.has_trigger();
        if !triggered {
            let stop = if kind == OrderKind::TrailingStop {
                let mark = next_watermark(side, order.trail_watermark, touch);
                if Some(mark) != order.trail_watermark {
                    step.watermark = Some(mark);
                }
                let percent = order.trail_percent.as_deref().and_then(|p| p.parse().ok());
                trailing_stop_price(side, mark, order.trail_amount, percent)
            } else {
                order.stop_price.unwrap_or(0)
            };
            triggered = if side == Side::Buy { touch >= stop } else { touch <= stop };
            step.triggered = triggered;
        }
        if !triggered {
            return step;
        }
        let marketable = match (kind.has_limit(), order.limit_price) {
            (true, Some(limit)) => {
                if side == Side::Buy {
                    touch <= limit
                } else {
                    touch >= limit
                }
            }
            _ => true,
        };
        if marketable {
            let quantity = self.fill_quantity(order, touch);
            if quantity > 0 {
                step.fill = Some((touch, quantity));
            }
        }
        step
    }
}
