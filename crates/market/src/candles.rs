//! Candles: resolutions (R9.07), chart ranges (R4.12) and aggregation of the simulator's minutes.
//!
//! Every candle is built from one-minute bars: an intraday candle aggregates the minutes of its
//! bucket, a daily candle the minutes of its venue day, weekly and monthly candles their days. So
//! every resolution agrees exactly with the minutes (open of the first, close of the last, highest
//! high, lowest low, summed volume). Complete days are cached per instrument, which keeps 1D/1W/1M
//! over years cheap after the first request.
//!
//! Bucket boundaries are in the venue's time zone: intraday buckets are aligned to local midnight,
//! daily candles are venue days (New York for US, Jakarta for everything else, including crypto),
//! weeks start on Monday, months on the 1st. A candle's `time` is its bucket's start instant.

use std::fmt;
use std::str::FromStr;

use chrono::{DateTime, Datelike, Duration, Months, NaiveDate, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::calendar::utc;
use crate::catalogue::{AssetClass, Instrument};
use crate::error::MarketError;
use crate::sim::intraday::MinuteBar;
use crate::tick::from_units;

/// The most candles one request returns; a longer window returns its latest candles.
pub const MAX_CANDLES_PER_REQUEST: usize = 2_000;
/// The widest window (in buckets of the requested resolution) a request may name.
pub const MAX_WINDOW_BUCKETS: u64 = 200_000;

/// A chart resolution (R9.07): minutes, or one day, week or month.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Resolution {
    /// 1 minute.
    M1,
    /// 5 minutes.
    M5,
    /// 10 minutes.
    M10,
    /// 15 minutes.
    M15,
    /// 60 minutes.
    M60,
    /// 120 minutes.
    M120,
    /// 240 minutes.
    M240,
    /// One venue day.
    D1,
    /// One week (Monday to Sunday).
    W1,
    /// One calendar month.
    Mo1,
}

impl Resolution {
    /// Every resolution, finest first.
    pub const ALL: [Resolution; 10] =
        [Self::M1, Self::M5, Self::M10, Self::M15, Self::M60, Self::M120, Self::M240, Self::D1, Self::W1, Self::Mo1];

    /// The chart text: `1`, `5`, …, `240`, `1D`, `1W`, `1M`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::M1 => "1",
            Self::M5 => "5",
            Self::M10 => "10",
            Self::M15 => "15",
            Self::M60 => "60",
            Self::M120 => "120",
            Self::M240 => "240",
            Self::D1 => "1D",
            Self::W1 => "1W",
            Self::Mo1 => "1M",
        }
    }

    /// Minutes per bucket for intraday resolutions.
    pub fn minutes(self) -> Option<i64> {
        match self {
            Self::M1 => Some(1),
            Self::M5 => Some(5),
            Self::M10 => Some(10),
            Self::M15 => Some(15),
            Self::M60 => Some(60),
            Self::M120 => Some(120),
            Self::M240 => Some(240),
            Self::D1 | Self::W1 | Self::Mo1 => None,
        }
    }

    /// Nominal seconds per bucket (a month counts 30 days), for window-size checks.
    pub fn nominal_secs(self) -> i64 {
        match self {
            Self::D1 => 86_400,
            Self::W1 => 7 * 86_400,
            Self::Mo1 => 30 * 86_400,
            intraday => intraday.minutes().unwrap_or(1) * 60,
        }
    }

    /// The resolutions the chart offers for a class: R9.07 for crypto, perps, US stocks and IDSS;
    /// US indices follow US stocks, gold and FX follow crypto, funds have one NAV a day.
    pub fn for_class(class: AssetClass) -> &'static [Resolution] {
        use Resolution::*;
        match class {
            AssetClass::Crypto | AssetClass::Gold | AssetClass::Fx => &[M1, M5, M15, M60, M120, M240, D1, W1, Mo1],
            AssetClass::Perp => &[M1, M5, M15, M60, M240, D1],
            AssetClass::UsStock | AssetClass::UsIndex => &[M5, M10, M15, M60, D1, W1],
            AssetClass::Idss => &[M5, M60, D1, W1],
            AssetClass::MutualFund => &[D1, W1, Mo1],
        }
    }
}

impl fmt::Display for Resolution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Resolution {
    type Err = MarketError;

    /// Accepts the chart texts, also `D`, `W`, `M` and lower case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let up = s.trim().to_ascii_uppercase();
        let alias = match up.as_str() {
            "D" | "1D" => "1D",
            "W" | "1W" => "1W",
            "M" | "1M" => "1M",
            other => other,
        };
        Self::ALL.into_iter().find(|r| r.as_str() == alias).ok_or_else(|| MarketError::UnknownResolution(s.to_owned()))
    }
}

impl Serialize for Resolution {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Resolution {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// One OHLCV candle; `time` is the start of its bucket.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Candle {
    /// Bucket start.
    pub time: DateTime<Utc>,
    /// First price.
    pub open: Decimal,
    /// Highest price.
    pub high: Decimal,
    /// Lowest price.
    pub low: Decimal,
    /// Last price.
    pub close: Decimal,
    /// Traded quantity.
    pub volume: Decimal,
}

/// An aggregate in integer units, the fast form of a candle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Agg {
    pub t: i64,
    pub o: i64,
    pub h: i64,
    pub l: i64,
    pub c: i64,
    pub v: i64,
}

impl Agg {
    pub(crate) fn from_bar(t: i64, b: &MinuteBar) -> Self {
        Self { t, o: b.o, h: b.h, l: b.l, c: b.c, v: b.v }
    }

    /// Adds a later minute.
    pub(crate) fn push(&mut self, b: &MinuteBar) {
        self.h = self.h.max(b.h);
        self.l = self.l.min(b.l);
        self.c = b.c;
        self.v += b.v;
    }

    /// Adds an earlier aggregate (we walk days backwards).
    pub(crate) fn prepend(&mut self, e: &Agg) {
        self.o = e.o;
        self.h = self.h.max(e.h);
        self.l = self.l.min(e.l);
        self.v += e.v;
    }

    /// Folds minutes into one aggregate stamped `t`.
    pub(crate) fn of_bars(t: i64, bars: &[MinuteBar]) -> Option<Self> {
        let (first, rest) = bars.split_first()?;
        let mut a = Self::from_bar(t, first);
        rest.iter().for_each(|b| a.push(b));
        Some(a)
    }

    pub(crate) fn candle(&self, inst: &Instrument) -> Candle {
        Candle {
            time: utc(self.t),
            open: from_units(self.o, inst.price_scale),
            high: from_units(self.h, inst.price_scale),
            low: from_units(self.l, inst.price_scale),
            close: from_units(self.c, inst.price_scale),
            volume: Decimal::new(self.v, inst.quantity_scale),
        }
    }
}

/// A chart range (R4.12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChartRange {
    /// The latest trading day (the last 24 hours for 24/7 markets).
    D1,
    /// 7 days.
    W1,
    /// 1 month.
    M1,
    /// 3 months.
    M3,
    /// Since 1 January (venue time).
    Ytd,
    /// 12 months.
    Y1,
    /// The whole history.
    All,
}

/// The window and default resolution of a chart range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RangeWindow {
    /// Window start.
    pub from: DateTime<Utc>,
    /// Window end (now).
    pub to: DateTime<Utc>,
    /// Default resolution for this range and class.
    pub resolution: Resolution,
}

impl ChartRange {
    /// Every range in chart order.
    pub const ALL: [ChartRange; 7] = [Self::D1, Self::W1, Self::M1, Self::M3, Self::Ytd, Self::Y1, Self::All];

    /// The chart text.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::D1 => "1D",
            Self::W1 => "1W",
            Self::M1 => "1M",
            Self::M3 => "3M",
            Self::Ytd => "YTD",
            Self::Y1 => "1Y",
            Self::All => "ALL",
        }
    }

    /// The default resolution of this range for a class (always one the class offers, R9.07), chosen
    /// to give roughly 100–2,000 candles.
    pub fn default_resolution(self, class: AssetClass) -> Resolution {
        use Resolution::*;
        let intraday = match class {
            AssetClass::Crypto | AssetClass::Perp | AssetClass::Gold | AssetClass::Fx => [M5, M60, M240],
            AssetClass::UsStock | AssetClass::UsIndex => [M5, M15, M60],
            AssetClass::Idss => [M5, M60, M60],
            AssetClass::MutualFund => [D1, D1, D1],
        };
        match self {
            Self::D1 => intraday[0],
            Self::W1 => intraday[1],
            Self::M1 => intraday[2],
            Self::M3 | Self::Ytd | Self::Y1 => D1,
            Self::All if class == AssetClass::Perp => D1,
            Self::All => W1,
        }
    }

    /// The window of this range ending at `now` for an instrument.
    pub fn window(self, inst: &Instrument, now: DateTime<Utc>) -> RangeWindow {
        let venue = inst.venue;
        let start = utc(venue.midnight_secs(inst.history_start));
        let from = match self {
            Self::D1 if venue == crate::calendar::Venue::Always => now - Duration::days(1),
            Self::D1 => latest_session_start(inst, now).unwrap_or(now - Duration::days(1)),
            Self::W1 => now - Duration::days(7),
            Self::M1 => now.checked_sub_months(Months::new(1)).unwrap_or(start),
            Self::M3 => now.checked_sub_months(Months::new(3)).unwrap_or(start),
            Self::Y1 => now.checked_sub_months(Months::new(12)).unwrap_or(start),
            Self::Ytd => {
                let jan1 = NaiveDate::from_ymd_opt(venue.local_date(now).year(), 1, 1).expect("valid date");
                utc(venue.midnight_secs(jan1))
            }
            Self::All => start,
        };
        RangeWindow { from: from.max(start).min(now), to: now, resolution: self.default_resolution(inst.class) }
    }
}

/// The start of the first session of the latest trading day that has begun by `now`.
pub(crate) fn latest_session_start(inst: &Instrument, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
    let mut date = inst.venue.local_date(now);
    for _ in 0..30 {
        if let Some(first) = inst.venue.day_sessions(date).windows().first() {
            if first.start <= now.timestamp() {
                return Some(utc(first.start));
            }
        }
        date = date.pred_opt()?;
    }
    None
}

impl fmt::Display for ChartRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for ChartRange {
    type Err = MarketError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let up = s.trim().to_ascii_uppercase();
        Self::ALL.into_iter().find(|r| r.as_str() == up).ok_or_else(|| MarketError::UnknownRange(s.to_owned()))
    }
}

impl Serialize for ChartRange {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for ChartRange {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

pub(crate) fn date_of(day: i32) -> NaiveDate {
    NaiveDate::from_num_days_from_ce_opt(day).expect("day within the simulated period")
}

/// The calendar bucket (day, Monday, first of month) a date belongs to.
pub(crate) fn calendar_key(resolution: Resolution, date: NaiveDate) -> NaiveDate {
    match resolution {
        Resolution::W1 => date - Duration::days(i64::from(date.weekday().num_days_from_monday())),
        Resolution::Mo1 => date.with_day(1).expect("day 1 exists"),
        _ => date,
    }
}
