//! Where every part of the server reads the time. One clock is made at start-up and handed to the
//! simulator, the handlers and the jobs, so a test can pin the time for all of them at once.

use std::sync::atomic::{AtomicI64, Ordering};

use chrono::{DateTime, Utc};

/// Milliseconds in a second, minute, hour and day, for readable time arithmetic.
pub mod ms {
    /// One second in milliseconds.
    pub const SECOND: i64 = 1_000;
    /// One minute in milliseconds.
    pub const MINUTE: i64 = 60 * SECOND;
    /// One hour in milliseconds.
    pub const HOUR: i64 = 60 * MINUTE;
    /// One day in milliseconds.
    pub const DAY: i64 = 24 * HOUR;

    /// A configured number of seconds in milliseconds; a setting too large for the clock reads as
    /// the longest representable span (a duration, never money).
    pub fn from_secs(secs: u64) -> i64 {
        i64::try_from(secs).unwrap_or(i64::MAX).saturating_mul(SECOND)
    }

    /// A configured number of days in milliseconds, saturating like [`from_secs`].
    pub fn from_days(days: u64) -> i64 {
        i64::try_from(days).unwrap_or(i64::MAX).saturating_mul(DAY)
    }
}

/// A source of the current time; tests and replays pin it.
pub trait Clock: Send + Sync {
    /// The current instant.
    fn now(&self) -> DateTime<Utc>;

    /// The current instant as Unix milliseconds (how the store keeps times).
    fn now_ms(&self) -> i64 {
        self.now().timestamp_millis()
    }
}

/// The system clock.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// A settable clock for tests and replays (second resolution).
#[derive(Debug)]
pub struct FixedClock(AtomicI64);

impl FixedClock {
    /// A clock stopped at `t`.
    pub fn new(t: DateTime<Utc>) -> Self {
        Self(AtomicI64::new(t.timestamp()))
    }

    /// Moves the clock to `t`.
    pub fn set(&self, t: DateTime<Utc>) {
        self.0.store(t.timestamp(), Ordering::SeqCst);
    }
}

impl Clock for FixedClock {
    fn now(&self) -> DateTime<Utc> {
        DateTime::from_timestamp(self.0.load(Ordering::SeqCst), 0).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn configured_spans_convert_to_milliseconds_and_saturate() {
        assert_eq!((ms::from_secs(90), ms::from_days(2)), (90_000, 2 * 86_400_000));
        assert_eq!((ms::from_secs(u64::MAX), ms::from_days(u64::MAX)), (i64::MAX, i64::MAX));
    }

    #[test]
    fn a_fixed_clock_reads_what_it_was_set_to_in_milliseconds() {
        let t = DateTime::from_timestamp(1_700_000_000, 0).unwrap_or_default();
        let clock = FixedClock::new(t);
        assert_eq!(clock.now_ms(), 1_700_000_000_000);
        clock.set(t + chrono::Duration::milliseconds(ms::DAY));
        assert_eq!(clock.now_ms(), 1_700_000_000_000 + 86_400_000);
    }
}
