//! The US-stock service in the application state: the catalogue's stocks, the venue and the
//! settings. It never takes the application state, so jobs and handlers share it.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Duration, NaiveDate, Utc};
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
    /// How far the exchange's session clock runs ahead of the real one (zero in production).
    session_shift: Duration,
}

impl UsStockService {
    /// The service over the catalogue's US stocks and the simulator; `session_shift` moves the
    /// exchange's sessions (see [`shift_into_regular_session`]).
    pub fn new(stocks: &[UsStock], sim: Arc<Simulator>, settings: UsStockSettings, session_shift: Duration) -> Self {
        let post_market = stocks.iter().map(|s| (s.cc.clone(), s.ipme)).collect();
        let sandbox = Arc::new(SandboxExchange::new(
            sim,
            post_market,
            (settings.regular_half_spread_bps, settings.extended_half_spread_bps),
            settings.max_fill_shares,
            session_shift,
        ));
        Self {
            settings: Arc::new(settings),
            venue: sandbox.clone(),
            sandbox,
            stocks: Arc::new(stocks.iter().map(|s| (s.cc.clone(), s.clone())).collect()),
            driver_gate: Arc::new(tokio::sync::Mutex::new(())),
            session_shift,
        }
    }

    /// The instant the exchange's sessions, trading dates and cut-offs are judged at.
    pub fn market_time(&self, now: DateTime<Utc>) -> DateTime<Utc> {
        now + self.session_shift
    }

    /// The stock with this ticker.
    pub fn stock(&self, stock_id: &str) -> Option<&UsStock> {
        self.stocks.get(stock_id)
    }
}

/// The shift that puts the sandbox exchange 30 minutes into a regular session (demos and browser
/// tests run at any hour of Jakarta's day, when New York is usually closed): zero when `now` is in a
/// regular session with three hours to go, else up to the next regular open plus 30 minutes.
pub fn shift_into_regular_session(now: DateTime<Utc>) -> Duration {
    let cal = Calendar::UsExtended;
    let close = cal.next_close(now);
    let in_session = cal.phase_at(now) == market::calendar::Phase::Regular;
    if in_session && close.is_some_and(|c| c - now >= Duration::hours(3)) {
        return Duration::zero();
    }
    cal.next_open(now).map_or(Duration::zero(), |open| open + Duration::minutes(30) - now)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn the_sandbox_shift_lands_half_an_hour_into_a_regular_session() {
        let cal = Calendar::UsExtended;
        // 00:34 New York on a Tuesday: to Tuesday 10:00.
        let night = at("2026-11-24T05:34:00Z");
        assert_eq!(night + shift_into_regular_session(night), at("2026-11-24T15:00:00Z"));
        // Thanksgiving eve after the close: to Friday (a half day) 10:00.
        let evening = at("2026-11-25T23:00:00Z");
        assert_eq!(evening + shift_into_regular_session(evening), at("2026-11-27T15:00:00Z"));
        // Early in a session: no shift.
        let morning = at("2026-11-24T15:30:00Z");
        assert_eq!(shift_into_regular_session(morning), Duration::zero());
        assert_eq!(cal.phase_at(morning), market::calendar::Phase::Regular);
    }

    #[test]
    fn the_intraday_cutoff_is_before_the_close_also_on_half_days() {
        let date = NaiveDate::from_ymd_opt(2026, 11, 27).unwrap();
        assert_eq!(intraday_cutoff(date, 15), Some(at("2026-11-27T17:45:00Z")));
        let thanksgiving = NaiveDate::from_ymd_opt(2026, 11, 26).unwrap();
        assert_eq!(intraday_cutoff(thanksgiving, 15), None);
    }
}
