//! The optimistic run of a batch (issue 12): the batch's commands run one after another in one
//! transaction without a savepoint each, and their new orders wait in memory to be written together
//! before the commit. Its balances and holds are staged in memory too (`store::ledger::Staged`):
//! each account is read once per batch and the net changes and new holds written in two statements,
//! so a batch of resting orders costs a handful of statements in all instead of three or more each.
//!
//! Without savepoints a command can only fail alone when it failed before writing anything and
//! before changing the book (a plan refusal, a refused hold, an order not open): nothing then needs
//! undoing. Any other failure (a refusal after the hold, a database error, an engine panic, a
//! repeated request id met by the batch's insert) abandons the run: the transaction rolls back, the
//! book is rebuilt from the database, and the batch runs again with a savepoint per command
//! (`batch.rs`), which answers each command exactly. The next batches run with savepoints too
//! ([`SLOW_AFTER_RERUN`]), so a client that keeps provoking reruns costs the others little.

use futures::FutureExt;

use super::batch::Kept;
use super::owner::{Envelope, PairOwner, Tx};
use super::phases::BatchPhase;
use super::repo::OrderRow;
use crate::features::orders::errors::TradeError;

/// Batches run with savepoints after an abandoned optimistic run, before the next is tried.
pub(super) const SLOW_AFTER_RERUN: u32 = 16;

/// Why an optimistic run stopped (logged; the batch then runs with savepoints).
struct Abandon(String);

/// Each command's answer, in the batch's order.
pub(super) type Answers = Vec<Result<OrderRow, TradeError>>;

impl PairOwner {
    /// Whether the next batch may run optimistically.
    pub(super) fn optimistic_turn(&mut self) -> bool {
        if self.slow_batches == 0 {
            return true;
        }
        self.slow_batches -= 1;
        false
    }

    /// Runs `batch` optimistically and commits it; `None` when the run was abandoned (rolled back,
    /// the book rebuilt from the database): the caller then runs the batch with savepoints.
    pub(super) async fn run_optimistic(&mut self, batch: &[Envelope]) -> Option<Answers> {
        let mut since = std::time::Instant::now();
        let mut wtx = match self.chain.begin().await {
            Ok(wtx) => wtx,
            Err(e) => {
                let e = TradeError::from(e);
                return Some(batch.iter().map(|_| Err(e.clone())).collect());
            }
        };
        self.phases.done(BatchPhase::Begin, &mut since);
        self.deferring = true;
        let stored = match self.optimistic_commands(&mut wtx.tx, batch).await {
            Ok((answers, kept)) => {
                self.phases.done(BatchPhase::Commands, &mut since);
                self.write_before_commit(&mut wtx.tx, &kept).await.map(|()| (answers, kept))
            }
            Err(why) => Err(why),
        };
        self.deferring = false;
        let (mut answers, kept) = match stored {
            Ok(done) => done,
            Err(Abandon(why)) => {
                drop(wtx);
                self.abandon(&why).await;
                return None;
            }
        };
        self.phases.done(BatchPhase::Write, &mut since);
        let committed = self.commit_batch(wtx).await;
        self.phases.done(BatchPhase::Commit, &mut since);
        match committed {
            Ok(()) => {
                self.optimistic_batches += 1;
                self.accounts.batch_committed();
                self.deps.user_events.publish_rows(&self.spec, &kept.touched);
            }
            Err(e) => {
                let e = TradeError::from(e);
                for answer in &mut answers {
                    *answer = Err(e.clone());
                }
                self.after_failed_batch(&e).await;
            }
        }
        Some(answers)
    }

    /// Runs each command of `batch` in `tx`, re-quoting before each as the savepoint run does.
    async fn optimistic_commands(&mut self, tx: &mut Tx, batch: &[Envelope]) -> Result<(Answers, Kept), Abandon> {
        let mut kept = Kept::default();
        let mut answers = Vec::with_capacity(batch.len());
        for envelope in batch {
            let out = self.move_quotes();
            if !out.is_empty() {
                self.command_started();
                let rows = self.apply(tx, &out).await.map_err(|e| Abandon(format!("re-quote: {e}")))?;
                self.command_kept();
                kept.touched.extend(rows);
            }
            let request_key = envelope.ask.request_key();
            // A retry queued behind its first attempt answers the order that attempt placed.
            if let Some(earlier) =
                request_key.as_ref().and_then(|(user_id, key)| self.pending.order_of_request(user_id, key))
            {
                answers.push(Ok(earlier.clone()));
                continue;
            }
            self.command_started();
            self.engine_ran = false;
            self.command_wrote = false;
            let outcome = std::panic::AssertUnwindSafe(self.handle(tx, envelope.ask.clone())).catch_unwind().await;
            match outcome {
                Ok(Ok((row, rows))) => {
                    if let Some(key) = &envelope.answer_key {
                        let answer = self.answer_of(&row).map_err(|e| Abandon(e.0.to_string()))?;
                        kept.answers.push((key.clone(), answer));
                    }
                    self.command_kept();
                    kept.touched.extend(rows);
                    answers.push(Ok(row));
                }
                Ok(Err(e)) if self.failed_cleanly(&e) => {
                    // Nothing to undo; what the command opened (a new account) stays, harmlessly.
                    self.command_kept();
                    // A repeated request id answers the order placed the first time, as alone.
                    let found = match request_key {
                        Some((user_id, key)) => self
                            .order_of_request_in(tx, &user_id, &key)
                            .await
                            .map_err(|e| Abandon(format!("request id lookup: {e}")))?,
                        None => None,
                    };
                    answers.push(found.ok_or(e));
                }
                Ok(Err(e)) => return Err(Abandon(e.to_string())),
                Err(_) => return Err(Abandon("the engine panicked".into())),
            }
        }
        Ok((answers, kept))
    }

    /// Whether the command's failure left nothing to undo: it wrote nothing, did not change the
    /// book, and no database statement failed (PostgreSQL would refuse the rest of the transaction).
    fn failed_cleanly(&self, error: &TradeError) -> bool {
        !self.engine_ran && !self.command_wrote && !matches!(error, TradeError::Internal(_) | TradeError::PairHalted(_))
    }

    /// The kept answers and the rows waiting for the commit, written in `tx`. A failure here (a
    /// repeated request id meets the orders' unique key) abandons the run.
    async fn write_before_commit(&mut self, tx: &mut Tx, kept: &Kept) -> Result<(), Abandon> {
        self.pending.write(tx, &kept.answers).await.map_err(|e| Abandon(format!("rows and answers: {e}")))
    }

    /// Forgets the abandoned run and rebuilds the book from the database.
    async fn abandon(&mut self, why: &str) {
        tracing::debug!(symbol = %self.spec.symbol, reason = why, "optimistic batch abandoned; running it with savepoints");
        metrics::counter!("order_batch_reruns_total", "symbol" => self.spec.symbol.clone()).increment(1);
        self.reruns += 1;
        self.slow_batches = SLOW_AFTER_RERUN;
        self.batch_failed();
        if let Err(e) = self.rebuild().await {
            self.halt(format!("rebuild failed: {e}"));
        }
    }
}
