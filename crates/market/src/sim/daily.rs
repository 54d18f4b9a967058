//! The daily walk: one log close per calendar day from a fixed start, anchored so that the close on
//! the anchor date is the catalogue's reference price.
//!
//! The walk is an Ornstein–Uhlenbeck deviation around a drifting trend plus rare jumps, stepped only
//! on the venue's trading days. Instruments with the same path key get the same walk (a perp and its
//! IDR pair differ only by the constant ratio of their reference prices). It is a few thousand steps
//! per instrument, built once and extended on demand, so any day is an O(1) lookup afterwards.

use chrono::{Datelike, NaiveDate};

use super::params::Params;
use super::rng::{draw, normals, uniforms, Stream};
use super::{trading_day, ANCHOR_DATE, WALK_START};
use crate::calendar::Venue;

/// Day number (days from the common era) used as the walk's index and the random counter.
pub(crate) fn day_number(date: NaiveDate) -> i32 {
    date.num_days_from_ce()
}

/// Log closes and opens per calendar day from [`WALK_START`].
#[derive(Debug)]
pub(crate) struct DayTable {
    first_day: i32,
    /// Raw (unanchored) log close per day; carried over non-trading days.
    raw_close: Vec<f64>,
    /// Raw log open per day (previous close plus the opening gap).
    raw_open: Vec<f64>,
    /// OU state after the last built day.
    deviation: f64,
    /// Added to raw values so the anchor close equals the reference.
    shift: f64,
}

impl DayTable {
    /// Builds the walk from the start through the anchor date (and `through`, if later).
    pub fn build(p: &Params, venue: Venue, through: i32) -> Self {
        let first_day = day_number(WALK_START);
        let mut t = DayTable { first_day, raw_close: Vec::new(), raw_open: Vec::new(), deviation: 0.0, shift: 0.0 };
        let anchor = day_number(ANCHOR_DATE);
        t.extend(p, venue, through.max(anchor));
        t.shift = p.log_reference - t.raw_close[(anchor - first_day) as usize];
        t
    }

    /// The last day the table covers.
    pub fn last_day(&self) -> i32 {
        self.first_day + self.raw_close.len() as i32 - 1
    }

    /// Steps the walk forward through `through`.
    pub fn extend(&mut self, p: &Params, venue: Venue, through: i32) {
        let mut day = self.first_day + self.raw_close.len() as i32;
        let mut prev = self.raw_close.last().copied().unwrap_or(0.0);
        while day <= through {
            if trading_day(venue, day) {
                let (z, zg) = normals(draw(p.rng_base, i64::from(day), Stream::Day));
                let jump = {
                    let (u, _) = uniforms(draw(p.rng_base, i64::from(day), Stream::Jump));
                    if u < p.jump_probability {
                        normals(draw(p.rng_base, i64::from(day), Stream::Gap)).1 * p.sigma_jump
                    } else {
                        0.0
                    }
                };
                // The opening gap is part of the day's move, so the close builds on the open.
                let gap = p.sigma_gap * zg;
                self.deviation = (1.0 - p.kappa) * self.deviation + gap + p.sigma_intraday * z + jump;
                let trend = p.drift_per_day * f64::from(day - self.first_day);
                let open = prev + gap;
                let close = trend + self.deviation;
                self.raw_open.push(open);
                self.raw_close.push(close);
                prev = close;
            } else {
                self.raw_open.push(prev);
                self.raw_close.push(prev);
            }
            day += 1;
        }
    }

    fn index(&self, day: i32) -> usize {
        debug_assert!(day >= self.first_day && day <= self.last_day());
        (day - self.first_day) as usize
    }

    /// Anchored log close (whole currency) of `day`.
    pub fn log_close(&self, day: i32) -> f64 {
        self.raw_close[self.index(day)] + self.shift
    }

    /// Anchored log open of `day` (meaningful on trading days).
    pub fn log_open(&self, day: i32) -> f64 {
        self.raw_open[self.index(day)] + self.shift
    }
}
