//! Where a row's CPU went: this process (client and server together) and every PostgreSQL process,
//! read from `/proc` before and after the row. On a machine whose cores are all busy, the rate a
//! row can reach is its cores divided by the CPU one unit of work costs, so this says what a ratio
//! to the raw commit loop is made of. Linux only; elsewhere the figures read as unknown.

use std::time::Instant;

/// Clock ticks a second in `/proc/*/stat` (USER_HZ, 100 on every Linux build this runs on).
const TICKS_PER_SECOND: f64 = 100.0;

/// CPU seconds used so far, and when they were read.
pub struct CpuUse {
    own: f64,
    postgres: f64,
    at: Instant,
}

/// CPU spent between two readings, per unit of work done in between.
pub struct CpuSpent {
    /// Microseconds of this process a unit.
    pub own_us: f64,
    /// Microseconds of PostgreSQL a unit.
    pub postgres_us: f64,
    /// Share of the machine's cores busy with the two, 0–1.
    pub busy: f64,
}

impl CpuUse {
    /// Reads the counters now.
    pub fn now() -> Self {
        Self { own: seconds_of("self").unwrap_or(0.0), postgres: postgres_seconds(), at: Instant::now() }
    }

    /// What was spent since `self`, for `units` units of work.
    pub fn spent(&self, units: f64) -> CpuSpent {
        let now = Self::now();
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get) as f64;
        let (own, postgres) = (now.own - self.own, now.postgres - self.postgres);
        let wall = now.at.duration_since(self.at).as_secs_f64().max(1e-9);
        let per_unit = |s: f64| s * 1e6 / units.max(1.0);
        CpuSpent { own_us: per_unit(own), postgres_us: per_unit(postgres), busy: (own + postgres) / wall / cores }
    }
}

impl CpuSpent {
    /// "app 240 µs + PostgreSQL 280 µs, 97 % busy".
    pub fn text(&self) -> String {
        format!(
            "app {:.0} µs + PostgreSQL {:.0} µs, cores {:.0} % busy",
            self.own_us,
            self.postgres_us,
            self.busy * 100.0
        )
    }
}

/// User and system CPU seconds of the process `/proc/{pid}` (`self` for this one).
fn seconds_of(pid: &str) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The name in parentheses may hold spaces; the fields after it are space-separated.
    let after_name = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = after_name.split(' ').collect();
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name and state.
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / TICKS_PER_SECOND)
}

/// CPU seconds of every process named `postgres` (its backends come and go with connections, so a
/// backend that ended between two readings is missed: the pools here keep theirs open).
fn postgres_seconds() -> f64 {
    let Ok(entries) = std::fs::read_dir("/proc") else { return 0.0 };
    entries
        .filter_map(Result::ok)
        .filter_map(|entry| entry.file_name().into_string().ok())
        .filter(|pid| pid.bytes().all(|b| b.is_ascii_digit()))
        .filter(|pid| std::fs::read_to_string(format!("/proc/{pid}/comm")).is_ok_and(|c| c.trim() == "postgres"))
        .filter_map(|pid| seconds_of(&pid))
        .sum()
}
