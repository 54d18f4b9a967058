//! Market calendars: trading days, sessions and phases per venue (R3.14, R9.08).
//!
//! Time zones: the US venues live in America/New_York (so DST is handled by `chrono-tz`), the IDX,
//! mutual funds and every around-the-clock market in Asia/Jakarta. Jakarta has no DST, so a 24/7
//! day is always 1,440 minutes and daily candles of crypto, perps, gold and FX close at 00:00 WIB,
//! the day boundary our Indonesian users see.

pub mod idss;
pub mod us;

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveTime, TimeZone, Utc, Weekday};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

/// Where and when an instrument trades.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Venue {
    /// US stocks and ETFs: pre-market 04:00–09:30, regular 09:30–16:00, post-market 16:00–20:00 New York.
    UsExtended,
    /// US indices: computed only during the regular session 09:30–16:00 New York.
    UsRegular,
    /// IDX: two sessions, Mon–Thu 09:00–12:00 and 13:30–15:50, Fri 09:00–11:30 and 14:00–15:50 Jakarta.
    Idss,
    /// Crypto and perpetuals: always open; days cut at 00:00 Jakarta.
    Always,
    /// Gold and FX: open around the clock Monday to Friday (Jakarta days).
    Weekdays,
    /// Mutual funds: one NAV per IDX business day, struck at 17:00 Jakarta (modelled as one minute).
    FundNav,
}

/// What a venue is doing at an instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Phase {
    /// No trading.
    Closed,
    /// US pre-market.
    PreMarket,
    /// US regular session (also the NAV minute of a fund).
    Regular,
    /// US post-market.
    PostMarket,
    /// IDX first session.
    Session1,
    /// IDX second session.
    Session2,
    /// A market that trades around the clock.
    Continuous,
}

impl Phase {
    /// Whether prices move and orders fill in this phase.
    pub fn is_open(self) -> bool {
        self != Self::Closed
    }

    /// Whether this phase is a "main" session (not US extended hours).
    fn is_main(self) -> bool {
        matches!(self, Self::Regular | Self::Session1 | Self::Session2 | Self::Continuous)
    }
}

/// One session of a day as UTC instants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SessionWindow {
    /// The phase during the window.
    pub phase: Phase,
    /// First instant of the window.
    pub open: DateTime<Utc>,
    /// First instant after the window.
    pub close: DateTime<Utc>,
}

/// A session window in unix seconds, the simulator's fast representation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Window {
    pub start: i64,
    pub end: i64,
    pub phase: Phase,
}

/// The (at most three) sessions of one venue day, without allocation.
#[derive(Debug, Clone, Copy)]
pub(crate) struct DaySessions {
    windows: [Window; 3],
    len: usize,
}

impl DaySessions {
    const EMPTY: Window = Window { start: 0, end: 0, phase: Phase::Closed };

    fn new() -> Self {
        Self { windows: [Self::EMPTY; 3], len: 0 }
    }

    fn push(&mut self, start: i64, end: i64, phase: Phase) {
        self.windows[self.len] = Window { start, end, phase };
        self.len += 1;
    }

    /// The windows in time order.
    pub fn windows(&self) -> &[Window] {
        &self.windows[..self.len]
    }

    /// Total open minutes of the day.
    pub fn minutes(&self) -> usize {
        self.windows().iter().map(|w| ((w.end - w.start) / 60) as usize).sum()
    }
}

/// The market times of one venue day (R3.14); IDSS lists its two sessions in `sessions`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MarketTimes {
    /// The venue-local date.
    pub date: NaiveDate,
    /// The venue.
    pub venue: Venue,
    /// Whether any session runs that day.
    pub is_trading_day: bool,
    /// Whether the US regular session ends early (13:00).
    pub is_early_close: bool,
    /// The holiday's name when closed for one.
    pub holiday: Option<String>,
    /// Start of the main session (IDSS: session 1).
    pub market_open_time: Option<DateTime<Utc>>,
    /// End of the main session (IDSS: session 2).
    pub market_close_time: Option<DateTime<Utc>>,
    /// Start of the US pre-market.
    pub pre_market_open_time: Option<DateTime<Utc>>,
    /// End of the US pre-market.
    pub pre_market_close_time: Option<DateTime<Utc>>,
    /// Start of the US post-market.
    pub post_market_open_time: Option<DateTime<Utc>>,
    /// End of the US post-market.
    pub post_market_close_time: Option<DateTime<Utc>>,
    /// Every session of the day in order.
    pub sessions: Vec<SessionWindow>,
}

/// Unix seconds to a UTC instant.
pub(crate) fn utc(secs: i64) -> DateTime<Utc> {
    DateTime::from_timestamp(secs, 0).expect("instant within chrono's range")
}

/// How far ahead `next_open`/`next_close` look before giving up (covers the longest IDX holiday run).
const SCAN_DAYS_MAX: i64 = 20;

impl Venue {
    /// The venue's time zone (R9.08).
    pub fn tz(self) -> Tz {
        match self {
            Self::UsExtended | Self::UsRegular => chrono_tz::America::New_York,
            _ => chrono_tz::Asia::Jakarta,
        }
    }

    /// The venue-local date of an instant.
    pub fn local_date(self, t: DateTime<Utc>) -> NaiveDate {
        t.with_timezone(&self.tz()).date_naive()
    }

    /// Unix seconds of a local wall-clock time on `date` (US sessions never fall in a DST gap).
    pub(crate) fn local_secs(self, date: NaiveDate, h: u32, m: u32) -> i64 {
        let time = NaiveTime::from_hms_opt(h, m, 0).expect("valid time");
        let local = self.tz().from_local_datetime(&date.and_time(time));
        local.earliest().expect("no DST gap at session times").timestamp()
    }

    /// Unix seconds of the local midnight starting `date`.
    pub(crate) fn midnight_secs(self, date: NaiveDate) -> i64 {
        self.local_secs(date, 0, 0)
    }

    /// The holiday that closes the venue on `date`, if any.
    pub fn holiday(self, date: NaiveDate) -> Option<&'static str> {
        if matches!(date.weekday(), Weekday::Sat | Weekday::Sun) {
            return None;
        }
        match self {
            Self::UsExtended | Self::UsRegular => us::holiday_name(date),
            Self::Idss | Self::FundNav => idss::holiday_name(date),
            Self::Always | Self::Weekdays => None,
        }
    }

    /// Whether any session runs on the venue-local `date`.
    pub fn is_trading_day(self, date: NaiveDate) -> bool {
        let weekend = matches!(date.weekday(), Weekday::Sat | Weekday::Sun);
        match self {
            Self::Always => true,
            Self::Weekdays => !weekend,
            Self::UsExtended | Self::UsRegular => !us::is_closed(date),
            Self::Idss | Self::FundNav => !idss::is_closed(date),
        }
    }

    /// The sessions of a venue-local date in unix seconds (empty when closed).
    pub(crate) fn day_sessions(self, date: NaiveDate) -> DaySessions {
        let mut s = DaySessions::new();
        if !self.is_trading_day(date) {
            return s;
        }
        let at = |h, m| self.local_secs(date, h, m);
        match self {
            Self::UsExtended | Self::UsRegular => {
                let early = us::is_early_close(date);
                let close = if early { at(13, 0) } else { at(16, 0) };
                if self == Self::UsExtended {
                    s.push(at(4, 0), at(9, 30), Phase::PreMarket);
                }
                s.push(at(9, 30), close, Phase::Regular);
                if self == Self::UsExtended {
                    s.push(close, if early { at(17, 0) } else { at(20, 0) }, Phase::PostMarket);
                }
            }
            Self::Idss => {
                if date.weekday() == Weekday::Fri {
                    s.push(at(9, 0), at(11, 30), Phase::Session1);
                    s.push(at(14, 0), at(15, 50), Phase::Session2);
                } else {
                    s.push(at(9, 0), at(12, 0), Phase::Session1);
                    s.push(at(13, 30), at(15, 50), Phase::Session2);
                }
            }
            Self::Always | Self::Weekdays => {
                let next = date.succ_opt().expect("date in range");
                s.push(self.midnight_secs(date), self.midnight_secs(next), Phase::Continuous);
            }
            Self::FundNav => s.push(at(17, 0), at(17, 1), Phase::Regular),
        }
        s
    }

    /// The sessions of a venue-local date as UTC windows.
    pub fn sessions(self, date: NaiveDate) -> Vec<SessionWindow> {
        self.day_sessions(date)
            .windows()
            .iter()
            .map(|w| SessionWindow { phase: w.phase, open: utc(w.start), close: utc(w.end) })
            .collect()
    }

    /// The phase at an instant (closed, pre, regular, post; IDSS session 1/2; continuous).
    pub fn phase_at(self, t: DateTime<Utc>) -> Phase {
        let secs = t.timestamp();
        let sessions = self.day_sessions(self.local_date(t));
        sessions.windows().iter().find(|w| w.start <= secs && secs < w.end).map_or(Phase::Closed, |w| w.phase)
    }

    /// Main-session windows (not extended hours) from the day of `t` on, merged where they touch.
    fn main_windows_from(self, t: DateTime<Utc>) -> Vec<(i64, i64)> {
        let mut date = self.local_date(t) - Duration::days(1);
        let mut merged: Vec<(i64, i64)> = Vec::new();
        for _ in 0..SCAN_DAYS_MAX {
            for w in self.day_sessions(date).windows().iter().filter(|w| w.phase.is_main()) {
                match merged.last_mut() {
                    Some(last) if last.1 == w.start => last.1 = w.end,
                    _ => merged.push((w.start, w.end)),
                }
            }
            date = date.succ_opt().expect("date in range");
        }
        merged
    }

    /// The next instant after `t` at which a main session opens (None for a 24/7 market).
    pub fn next_open(self, t: DateTime<Utc>) -> Option<DateTime<Utc>> {
        if self == Self::Always {
            return None;
        }
        let secs = t.timestamp();
        self.main_windows_from(t).into_iter().find(|w| w.0 > secs).map(|w| utc(w.0))
    }

    /// The next instant after `t` at which a main session closes (None for a 24/7 market).
    pub fn next_close(self, t: DateTime<Utc>) -> Option<DateTime<Utc>> {
        if self == Self::Always {
            return None;
        }
        let secs = t.timestamp();
        self.main_windows_from(t).into_iter().find(|w| w.1 > secs).map(|w| utc(w.1))
    }

    /// The market times of a venue-local date (R3.14).
    pub fn market_times(self, date: NaiveDate) -> MarketTimes {
        let sessions = self.sessions(date);
        let find = |p: Phase| sessions.iter().find(|w| w.phase == p);
        let main: Vec<&SessionWindow> = sessions.iter().filter(|w| w.phase.is_main()).collect();
        MarketTimes {
            date,
            venue: self,
            is_trading_day: !sessions.is_empty(),
            is_early_close: matches!(self, Self::UsExtended | Self::UsRegular) && us::is_early_close(date),
            holiday: self.holiday(date).map(str::to_owned),
            market_open_time: main.first().map(|w| w.open),
            market_close_time: main.last().map(|w| w.close),
            pre_market_open_time: find(Phase::PreMarket).map(|w| w.open),
            pre_market_close_time: find(Phase::PreMarket).map(|w| w.close),
            post_market_open_time: find(Phase::PostMarket).map(|w| w.open),
            post_market_close_time: find(Phase::PostMarket).map(|w| w.close),
            sessions,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn r9_08_us_phases_follow_new_york_time_across_daylight_saving() {
        // 2026-03-06 is EST (UTC-5), 2026-03-09 is EDT (UTC-4).
        let v = Venue::UsExtended;
        assert_eq!(v.phase_at(at("2026-03-06T14:29:00Z")), Phase::PreMarket);
        assert_eq!(v.phase_at(at("2026-03-06T14:30:00Z")), Phase::Regular);
        assert_eq!(v.phase_at(at("2026-03-09T13:30:00Z")), Phase::Regular);
        assert_eq!(v.phase_at(at("2026-03-09T20:00:00Z")), Phase::PostMarket);
        assert_eq!(v.phase_at(at("2026-03-10T00:00:00Z")), Phase::Closed);
        assert_eq!(v.phase_at(at("2026-03-09T08:00:00Z")), Phase::PreMarket);
    }

    #[test]
    fn r9_08_us_is_closed_on_thanksgiving_and_good_friday_2026() {
        for d in [date(2026, 11, 26), date(2026, 4, 3)] {
            let times = Venue::UsExtended.market_times(d);
            assert!(!times.is_trading_day, "{d}");
            assert!(times.market_open_time.is_none());
            assert!(times.holiday.is_some());
        }
        assert_eq!(Venue::UsExtended.phase_at(at("2026-11-26T16:00:00Z")), Phase::Closed);
    }

    #[test]
    fn r3_14_us_market_times_list_pre_regular_and_post() {
        let t = Venue::UsExtended.market_times(date(2026, 11, 20));
        assert_eq!(t.pre_market_open_time, Some(at("2026-11-20T09:00:00Z")));
        assert_eq!(t.pre_market_close_time, Some(at("2026-11-20T14:30:00Z")));
        assert_eq!(t.market_open_time, Some(at("2026-11-20T14:30:00Z")));
        assert_eq!(t.market_close_time, Some(at("2026-11-20T21:00:00Z")));
        assert_eq!(t.post_market_open_time, Some(at("2026-11-20T21:00:00Z")));
        assert_eq!(t.post_market_close_time, Some(at("2026-11-21T01:00:00Z")));
        let json = serde_json::to_value(&t).unwrap();
        assert!(json.get("preMarketOpenTime").is_some() && json.get("postMarketCloseTime").is_some());
    }

    #[test]
    fn us_early_close_ends_regular_at_one_and_post_at_five() {
        let t = Venue::UsExtended.market_times(date(2026, 11, 27));
        assert!(t.is_early_close);
        assert_eq!(t.market_close_time, Some(at("2026-11-27T18:00:00Z")));
        assert_eq!(t.post_market_close_time, Some(at("2026-11-27T22:00:00Z")));
    }

    #[test]
    fn r3_14_idss_has_two_sessions_with_a_longer_friday_break() {
        let thu = Venue::Idss.market_times(date(2026, 11, 19));
        assert_eq!(thu.sessions.len(), 2);
        assert_eq!(thu.sessions[0].open, at("2026-11-19T02:00:00Z"));
        assert_eq!(thu.sessions[0].close, at("2026-11-19T05:00:00Z"));
        assert_eq!(thu.sessions[1].open, at("2026-11-19T06:30:00Z"));
        assert_eq!(thu.sessions[1].close, at("2026-11-19T08:50:00Z"));
        let fri = Venue::Idss.market_times(date(2026, 11, 20));
        assert_eq!(fri.sessions[0].close, at("2026-11-20T04:30:00Z"));
        assert_eq!(fri.sessions[1].open, at("2026-11-20T07:00:00Z"));
        assert_eq!(fri.market_open_time, Some(at("2026-11-20T02:00:00Z")));
        assert_eq!(fri.market_close_time, Some(at("2026-11-20T08:50:00Z")));
        assert!(fri.pre_market_open_time.is_none());
        assert_eq!(Venue::Idss.phase_at(at("2026-11-20T05:00:00Z")), Phase::Closed);
        assert_eq!(Venue::Idss.phase_at(at("2026-11-19T05:00:00Z")), Phase::Closed);
        assert_eq!(Venue::Idss.phase_at(at("2026-11-19T04:59:59Z")), Phase::Session1);
        assert_eq!(Venue::Idss.phase_at(at("2026-11-20T07:00:00Z")), Phase::Session2);
    }

    #[test]
    fn next_open_and_close_skip_weekends_and_lunch_breaks() {
        // Friday 2026-11-20 after the IDX close → Monday 09:00 WIB.
        let v = Venue::Idss;
        assert_eq!(v.next_open(at("2026-11-20T09:00:00Z")), Some(at("2026-11-23T02:00:00Z")));
        assert_eq!(v.next_open(at("2026-11-19T05:10:00Z")), Some(at("2026-11-19T06:30:00Z")));
        assert_eq!(v.next_close(at("2026-11-19T03:00:00Z")), Some(at("2026-11-19T05:00:00Z")));
        // Wednesday before Thanksgiving after the close → Friday's regular open.
        let us = Venue::UsExtended;
        assert_eq!(us.next_open(at("2026-11-25T22:00:00Z")), Some(at("2026-11-27T14:30:00Z")));
        assert_eq!(Venue::Always.next_close(at("2026-11-25T22:00:00Z")), None);
    }

    #[test]
    fn crypto_is_open_around_the_clock_and_gold_only_on_weekdays() {
        assert_eq!(Venue::Always.phase_at(at("2026-11-22T03:00:00Z")), Phase::Continuous);
        assert_eq!(Venue::Weekdays.phase_at(at("2026-11-22T03:00:00Z")), Phase::Closed);
        assert_eq!(Venue::Weekdays.phase_at(at("2026-11-23T03:00:00Z")), Phase::Continuous);
        assert_eq!(Venue::Always.day_sessions(date(2026, 11, 22)).minutes(), 1440);
    }

    #[test]
    fn mutual_funds_strike_one_nav_per_business_day() {
        let s = Venue::FundNav.day_sessions(date(2026, 11, 20));
        assert_eq!(s.minutes(), 1);
        assert_eq!(Venue::FundNav.day_sessions(date(2026, 11, 21)).minutes(), 0);
        assert_eq!(Venue::FundNav.day_sessions(date(2026, 12, 25)).minutes(), 0);
    }
}
