//! Where a book owner's one-at-a-time time goes: `order_batch_phase_seconds{symbol, phase}` times
//! the steps of a batch's transaction (docs/trading.md; docs/bench/order-path.md reads it). The
//! histograms are made once per owner, so a batch records four durations and nothing more.

use std::time::Instant;

use metrics::Histogram;

/// A step of a batch's transaction.
#[derive(Debug, Clone, Copy)]
pub(super) enum BatchPhase {
    /// A connection and BEGIN.
    Begin,
    /// The accounts read and every command in memory.
    Commands,
    /// The batch's rows in one statement.
    Write,
    /// COMMIT.
    Commit,
}

/// One histogram per phase, labelled with the owner's symbol.
pub(super) struct Phases([Histogram; 4]);

impl Phases {
    /// The histograms of `symbol`'s owner.
    pub(super) fn of(symbol: &str) -> Self {
        let of = |phase: &'static str| metrics::histogram!("order_batch_phase_seconds", "symbol" => symbol.to_owned(), "phase" => phase);
        Self([of("begin"), of("commands"), of("write"), of("commit")])
    }

    /// Records the time since `since` as `phase`, and moves `since` to now.
    pub(super) fn done(&self, phase: BatchPhase, since: &mut Instant) {
        let now = Instant::now();
        self.0[phase as usize].record(now.duration_since(*since).as_secs_f64());
        *since = now;
    }
}
