//! Tickers, price change over a chart range (R2.12, R9.05) and top movers.
//!
//! Change is measured against the price in force just before the window: for 24/7 markets the
//! ticker compares with 24 hours ago and aggregates the last 24 hours; for session markets (US, IDX,
//! gold, FX, funds) it compares with the previous trading day's close and aggregates the current
//! (or, when closed, the latest) trading day, as their exchanges display it.

use chrono::{DateTime, Utc};
use rust_decimal::{Decimal, RoundingStrategy};
use serde::{Deserialize, Serialize};

use crate::calendar::Phase;
use crate::candles::ChartRange;
use crate::catalogue::AssetClass;

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
