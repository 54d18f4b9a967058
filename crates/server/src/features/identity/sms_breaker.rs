//! A circuit breaker per destination number: after `failures` consecutive failed messages to one
//! number it opens and refuses messages to that number without calling the provider; after
//! `cooldown` it half-opens and lets one trial message through, whose outcome closes or reopens it.
//! Other numbers are unaffected, so one unreachable phone cannot slow everybody's codes.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The state of one number's circuit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Circuit {
    /// Messages go through; counts consecutive failures.
    Closed { failures: u32 },
    /// Refusing since the instant it opened.
    Open { since: Instant },
    /// One trial message is under way.
    HalfOpen,
}

/// Breakers for every destination, in memory (per node: a restart closes them all, which only
/// costs a few more tries).
pub struct Breakers {
    failures: u32,
    cooldown: Duration,
    circuits: Mutex<HashMap<String, Circuit>>,
}

impl Breakers {
    /// Breakers opening after `failures` consecutive failures, half-opening after `cooldown`.
    pub fn new(failures: u32, cooldown: Duration) -> Self {
        Self { failures: failures.max(1), cooldown, circuits: Mutex::new(HashMap::new()) }
    }

    /// Whether a message to `destination` may be sent at `now`; when a cool-down has passed this
    /// lets exactly one trial through until its outcome is reported.
    pub fn allow(&self, destination: &str, now: Instant) -> bool {
        let mut circuits = self.circuits.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let circuit = circuits.entry(destination.to_string()).or_insert(Circuit::Closed { failures: 0 });
        match *circuit {
            Circuit::Closed { .. } => true,
            Circuit::Open { since } if now.duration_since(since) >= self.cooldown => {
                *circuit = Circuit::HalfOpen;
                true
            }
            Circuit::Open { .. } | Circuit::HalfOpen => false,
        }
    }

    /// Records a delivered message: the circuit closes.
    pub fn succeeded(&self, destination: &str) {
        let mut circuits = self.circuits.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        // A closed circuit without failures needs no entry; dropping it keeps the map small.
        circuits.remove(destination);
    }

    /// Records a failed message at `now`: the circuit opens after enough of them, or at once
    /// when the failure was the half-open trial.
    pub fn failed(&self, destination: &str, now: Instant) {
        let mut circuits = self.circuits.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let circuit = circuits.entry(destination.to_string()).or_insert(Circuit::Closed { failures: 0 });
        *circuit = match *circuit {
            Circuit::Closed { failures } if failures + 1 < self.failures => Circuit::Closed { failures: failures + 1 },
            _ => Circuit::Open { since: now },
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const COOLDOWN: Duration = Duration::from_secs(60);

    #[test]
    fn opens_after_consecutive_failures_to_one_number_only() {
        let breakers = Breakers::new(3, COOLDOWN);
        let t0 = Instant::now();
        for _ in 0..2 {
            assert!(breakers.allow("+6281", t0));
            breakers.failed("+6281", t0);
        }
        assert!(breakers.allow("+6281", t0));
        breakers.failed("+6281", t0);
        assert!(!breakers.allow("+6281", t0));
        assert!(breakers.allow("+6282", t0), "another number is unaffected");
    }

    #[test]
    fn a_success_resets_the_count() {
        let breakers = Breakers::new(2, COOLDOWN);
        let t0 = Instant::now();
        breakers.failed("+6281", t0);
        breakers.succeeded("+6281");
        breakers.failed("+6281", t0);
        assert!(breakers.allow("+6281", t0));
    }

    #[test]
    fn half_opens_after_the_cooldown_for_one_trial() {
        let breakers = Breakers::new(1, COOLDOWN);
        let t0 = Instant::now();
        breakers.failed("+6281", t0);
        assert!(!breakers.allow("+6281", t0 + COOLDOWN / 2));
        let later = t0 + COOLDOWN;
        assert!(breakers.allow("+6281", later), "the trial goes through");
        assert!(!breakers.allow("+6281", later), "only one trial at a time");
        breakers.failed("+6281", later);
        assert!(!breakers.allow("+6281", later + COOLDOWN / 2), "a failed trial reopens it");
        assert!(breakers.allow("+6281", later + COOLDOWN));
        breakers.succeeded("+6281");
        assert!(breakers.allow("+6281", later + COOLDOWN) && breakers.allow("+6281", later + COOLDOWN));
    }
}
