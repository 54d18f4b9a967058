//! The US-stock service in the application state: the catalogue's stocks, the venue and the
//! settings. It never takes the application state, so jobs and handlers share it.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};
use market::calendar::Venue as Calendar;
use market::catalogue::UsStock;
use market::sim::Simulator;

use super::venue::{SandboxExchange, UsVenue};
use crate::config::UsStockSettings;

/// US stocks: cheap to clone.
#[derive(Clone)]
pub struct UsStockService {
    /// Fees, sessions, leverage and dividends.
    pub settings: Arc<UsStockSettings>,
    /// Where orders go.
    pub venue: Arc<dyn UsVenue>,
    /// The sandbox exchange's own controls (scripted price moves).
    pub sandbox: Arc<SandboxExchange>,
    stocks: Arc<HashMap<String, UsStock>>,
    /// One venue pass at a time on this node (each order step also locks its owner in the database).
    pub driver_gate: Arc<tokio::sync::Mutex<()>>,
}

impl UsStockService {
    /// The service over the catalogue's US stocks and the simulator.
    pub fn new(stocks: &[UsStock], sim: Arc<Simulator>, settings: UsStockSettings) -> Self {
        let post_market = stocks.iter().map(|s| (s.cc.clone(), s.ipme)).collect();
        let sandbox = Arc::new(SandboxExchange::new(
            sim,
            post_market,
            (settings.regular_half_spread_bps, settings.extended_half_spread_bps),
            settings.max_fill_shares,
        ));
        Self {
            settings: Arc::new(settings),
            venue: sandbox.clone(),
            sandbox,
            stocks: Arc::new(stocks.iter().map(|s| (s.cc.clone(), s.clone())).collect()),
            driver_gate: Arc::new(tokio::sync::Mutex::new(())),
        }
    }

    /// The stock with this ticker.
    pub fn stock(&self, stock_id: &str) -> Option<&UsStock> {
        self.stocks.get(stock_id)
    }
}

/// The New York trading date of an instant (the key of intraday and good-till-close rules).
pub fn trading_date(now: DateTime<Utc>) -> NaiveDate {
    Calendar::UsExtended.local_date(now)
}

/// The intraday cut-off of `date`: the regular close less the configured minutes; `None` on a day
/// without a session.
pub fn intraday_cutoff(date: NaiveDate, minutes: u32) -> Option<DateTime<Utc>> {
    let times = Calendar::UsExtended.market_times(date);
    times.market_close_time.map(|close| close - chrono::Duration::minutes(i64::from(minutes)))
}

/// The user's write lock key: every change to a user's US orders and positions holds it.
pub fn user_key(user_id: &str) -> String {
    format!("us-stocks:{user_id}")
}
