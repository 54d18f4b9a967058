//! Group commit (issue 12): the owner runs the commands queued together in one write transaction,
//! each behind its own savepoint, and answers every client only after that one commit. The answers
//! kept for the commands' idempotency keys are stored together, in one statement before the commit.
//!
//! A command that fails rolls back to its savepoint; if it had already changed the book, the book
//! is rebuilt from what the transaction holds (the committed database plus the batch's earlier
//! commands), so the others of the batch go on against the right book. An engine panic halts the
//! pair and rebuilds it the same way; the batch goes on when the rebuild succeeds. When the
//! transaction itself breaks (a savepoint or the commit fails), every command of the batch answers
//! the error and the book is rebuilt from the committed database.

use futures::FutureExt;
use store::idempotency::{StoredResponse, Unclaimed};
use store::savepoint;
use tokio::sync::oneshot;

use super::owner::{AfterCommit, Ask, Envelope, Outcome, PairOwner, Tx};
use super::repo::{self, OrderRow};
use super::view::OrderView;
use crate::api::Data;
use crate::features::orders::errors::TradeError;
use crate::features::orders::kept_answer;

/// The reply channel of one command.
type Reply = oneshot::Sender<Result<OrderRow, TradeError>>;

/// What the batch's kept commands leave for after the commit.
#[derive(Default)]
pub(super) struct Kept {
    /// Every user order they touched (published on `/ws` once committed).
    pub(super) touched: Vec<OrderRow>,
    /// The answers to keep under their requests' idempotency keys, stored just before the commit.
    pub(super) answers: Vec<(Unclaimed, StoredResponse)>,
}

/// Raised when the batch's transaction cannot go on; every command of the batch then fails.
pub(super) struct Broken(pub(super) TradeError);

impl From<sqlx::Error> for Broken {
    fn from(error: sqlx::Error) -> Self {
        Broken(error.into())
    }
}

impl PairOwner {
    /// Runs `batch` in one transaction and answers each command after the commit: optimistically
    /// first (`optimistic.rs`), with a savepoint per command when that run is abandoned or after one was.
    pub(super) async fn run_batch(&mut self, batch: Vec<Envelope>) {
        metrics::histogram!("order_batch_size", "symbol" => self.spec.symbol.clone()).record(batch.len() as f64);
        self.largest_batch = self.largest_batch.max(batch.len());
        if self.halted.is_some() {
            self.try_resume().await;
        }
        if self.halted.is_none() && self.optimistic_turn() {
            if let Some(answers) = self.run_optimistic(&batch).await {
                self.publish_view();
                for (Envelope { reply, .. }, answer) in batch.into_iter().zip(answers) {
                    let _ = reply.send(answer);
                }
                return;
            }
        }
        self.run_with_savepoints(batch).await;
    }

    /// Commits `wtx`; with commands queued behind it, the same round trip opens the next batch's
    /// transaction on the same connection (PostgreSQL), so a busy owner sends no BEGIN and never
    /// waits on the pool.
    pub(super) async fn commit_batch(&self, wtx: store::WriteTx) -> Result<(), store::StoreError> {
        self.chain.commit(wtx, !self.inbox.is_empty()).await
    }

    /// Runs `batch` with a savepoint per command (see the module's note).
    async fn run_with_savepoints(&mut self, batch: Vec<Envelope>) {
        if let Some(why) = &self.halted {
            let error = TradeError::PairHalted(why.clone());
            for Envelope { reply, .. } in batch {
                let _ = reply.send(Err(error.clone()));
            }
            return;
        }
        let mut wtx = match self.chain.begin().await {
            Ok(wtx) => wtx,
            Err(e) => return answer_all(batch.into_iter().map(|e| e.reply), TradeError::from(e)),
        };
        let mut done: Vec<(Reply, Result<OrderRow, TradeError>)> = Vec::with_capacity(batch.len());
        let mut kept = Kept::default();
        let mut commands = batch.into_iter();
        let mut broken = None;
        for Envelope { ask, answer_key, reply } in commands.by_ref() {
            match self.step(&mut wtx.tx, ask, answer_key, &mut kept).await {
                Ok(result) => done.push((reply, result)),
                Err(Broken(e)) => {
                    done.push((reply, Err(e.clone())));
                    broken = Some(e);
                    break;
                }
            }
        }
        let failure = match broken {
            Some(e) => {
                // Dropping the transaction rolls it back and frees SQLite's writer for the rebuild.
                drop(wtx);
                Some(e)
            }
            None => self.commit_pending(wtx, &kept.answers, AfterCommit::NextBatch).await.err(),
        };
        match failure {
            None => {
                self.accounts.batch_committed();
                self.deps.user_events.publish_rows(&self.spec, &kept.touched);
            }
            Some(e) => {
                // Nothing of the batch was stored: every command answers the error.
                for (_, result) in &mut done {
                    *result = Err(e.clone());
                }
                done.extend(commands.map(|envelope| (envelope.reply, Err(e.clone()))));
                self.after_failed_batch(&e).await;
            }
        }
        self.publish_view();
        for (reply, result) in done {
            let _ = reply.send(result);
        }
    }

    /// Runs one command behind a savepoint, adding the user orders it touched and its answer under
    /// `answer_key` to `kept`: the inner result is the command's answer; `Broken` means the
    /// transaction can no longer be used.
    async fn step(
        &mut self,
        tx: &mut Tx,
        ask: Ask,
        answer_key: Option<Unclaimed>,
        kept: &mut Kept,
    ) -> Result<Result<OrderRow, TradeError>, Broken> {
        // Quote first, so a market order meets the providers' current prices.
        self.requote_in(tx, &mut kept.touched).await?;
        self.command_started();
        savepoint::begin(tx).await?;
        self.engine_ran = false;
        let request_key = ask.request_key();
        let outcome: Result<Result<Outcome, TradeError>, _> =
            std::panic::AssertUnwindSafe(self.handle(tx, ask)).catch_unwind().await;
        match outcome {
            Ok(Ok((row, rows))) => {
                if let Some(key) = answer_key {
                    kept.answers.push((key, self.answer_of(&row)?));
                }
                savepoint::keep(tx).await?;
                self.command_kept();
                kept.touched.extend(rows);
                Ok(Ok(row))
            }
            Ok(Err(e)) => {
                self.command_undone();
                savepoint::roll_back(tx).await?;
                if self.engine_ran {
                    self.rebuild_in(tx).await.map_err(|e| Broken(TradeError::Internal(e.to_string())))?;
                }
                // A repeated request id fails (its order row is unique per user and request, or the
                // first order holds the money): the answer is the order placed the first time. Looked
                // up only on failure, so a new order costs no extra read.
                if let Some((user_id, key)) = request_key {
                    if let Some(found) = repo::by_request_tx(tx, &user_id, &key).await? {
                        return Ok(Ok(found));
                    }
                }
                Ok(Err(e))
            }
            Err(panic) => {
                let what = panic
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_owned())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic".to_owned());
                self.halt(format!("engine failure: {what}"));
                self.command_undone();
                savepoint::roll_back(tx).await?;
                self.rebuild_in(tx).await.map_err(|e| Broken(TradeError::Internal(e.to_string())))?;
                if let Some(why) = self.halted.take() {
                    tracing::warn!(symbol = %self.spec.symbol, after = %why, "pair resumed on a rebuilt book");
                    metrics::gauge!("book_halted", "symbol" => self.spec.symbol.clone()).set(0.0);
                }
                Ok(Err(TradeError::Internal("the pair's book failed and was rebuilt".into())))
            }
        }
    }

    /// Re-quotes inside the batch, behind a savepoint of its own so a command's failure never takes
    /// the re-quote's fills with it; rows it touched are added to `touched`.
    async fn requote_in(&mut self, tx: &mut Tx, touched: &mut Vec<OrderRow>) -> Result<(), Broken> {
        let out = self.move_quotes();
        if out.is_empty() {
            return Ok(());
        }
        self.command_started();
        savepoint::begin(tx).await?;
        match self.apply(tx, &out).await {
            Ok(rows) => {
                savepoint::keep(tx).await?;
                self.command_kept();
                touched.extend(rows);
            }
            Err(e) => {
                self.command_undone();
                tracing::error!(symbol = %self.spec.symbol, error = %e, "could not store a re-quote's fills");
                savepoint::roll_back(tx).await?;
                self.rebuild_in(tx).await.map_err(|e| Broken(TradeError::Internal(e.to_string())))?;
            }
        }
        Ok(())
    }
}

/// The per-batch state beside the transaction (the accounts known to exist, the rows waiting for
/// the commit) follows the transaction's savepoints through these four.
impl PairOwner {
    /// A command (or a re-quote) starts behind its savepoint: what it adds from here can go alone.
    pub(super) fn command_started(&mut self) {
        self.accounts.command_started();
        self.pending.command_started();
    }

    /// The command's savepoint was kept: what it added stands or falls with the batch.
    pub(super) fn command_kept(&mut self) {
        self.accounts.command_kept();
    }

    /// The command rolled back to its savepoint: what it added goes.
    fn command_undone(&mut self) {
        self.accounts.command_undone();
        self.pending.command_undone();
    }

    /// The transaction was not committed: nothing it added stands.
    pub(super) fn batch_failed(&mut self) {
        self.accounts.batch_failed();
        self.pending.discard();
    }
}

impl PairOwner {
    /// Forgets a batch whose transaction was not committed and puts the book back to the committed
    /// database (the pair halts if even that fails).
    pub(super) async fn after_failed_batch(&mut self, error: &TradeError) {
        tracing::error!(symbol = %self.spec.symbol, %error, "a batch of orders could not be stored");
        self.batch_failed();
        if let Err(e) = self.rebuild().await {
            self.halt(format!("rebuild failed: {e}"));
        }
    }

    /// The answer the handler will give for `row`, kept under the request's idempotency key in the
    /// batch's transaction, so the call commits once (the idempotency layer stores nothing more).
    pub(super) fn answer_of(&self, row: &OrderRow) -> Result<StoredResponse, Broken> {
        kept_answer::stored(&Data::new(OrderView::of(row, &self.spec)))
            .map_err(|e| Broken(TradeError::Internal(e.to_string())))
    }
}

/// Answers every reply with `error`.
fn answer_all(replies: impl Iterator<Item = Reply>, error: TradeError) {
    for reply in replies {
        let _ = reply.send(Err(error.clone()));
    }
}
