//! Group commit for any unit of write work (issue 12): a durable write waits for its commit, and a
//! busy server would otherwise pay one commit per unit. One task drains the units queued behind the
//! current one and runs them in one write transaction, each behind its own savepoint, then commits
//! once and answers every caller. A unit that fails rolls back to its savepoint and answers its own
//! error at once; the others go on. Should the transaction itself break (a savepoint or the commit
//! fails), every unit it held answers that error and nothing of them is kept; the units not yet run
//! go on in a new transaction.
//!
//! A unit must not wait for a lock that another unit of the same batch may hold (a row or advisory
//! lock is kept until the commit). Ledger postings, whose balance updates are conditional, are the
//! intended work. Cheap to clone.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use std::future::Future;
use std::pin::Pin;

use sqlx::{Any, Transaction};
use tokio::sync::{mpsc, oneshot};

use crate::chain::Chain;
use crate::{savepoint, Backend, Db, StoreError};

type Tx = Transaction<'static, Any>;

/// A boxed future borrowing for `'a` (the same type as `futures::future::BoxFuture`).
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// What a unit did inside the shared transaction.
enum Outcome {
    /// Kept: its answer waits for the commit's result.
    Kept(Box<dyn FnOnce(Result<(), StoreError>) + Send>),
    /// Undone: its own error went to its caller.
    Undone,
}

/// One caller's work and where its answer goes.
trait Unit: Send {
    /// Runs the work in `tx`.
    fn run<'t>(self: Box<Self>, tx: &'t mut Tx) -> BoxFuture<'t, Outcome>;
    /// Answers without running: the transaction it was to join could not start.
    fn refuse(self: Box<Self>, error: StoreError);
}

struct Typed<T, E, F> {
    work: F,
    reply: oneshot::Sender<Result<T, E>>,
}

impl<T, E, F> Unit for Typed<T, E, F>
where
    T: Send + 'static,
    E: From<StoreError> + Send + 'static,
    F: for<'t> FnOnce(&'t mut Tx) -> BoxFuture<'t, Result<T, E>> + Send + 'static,
{
    fn run<'t>(self: Box<Self>, tx: &'t mut Tx) -> BoxFuture<'t, Outcome> {
        let Typed { work, reply } = *self;
        Box::pin(async move {
            match work(tx).await {
                Ok(value) => Outcome::Kept(Box::new(move |committed: Result<(), StoreError>| {
                    let _ = reply.send(committed.map(|()| value).map_err(E::from));
                })),
                Err(error) => {
                    let _ = reply.send(Err(error));
                    Outcome::Undone
                }
            }
        })
    }

    fn refuse(self: Box<Self>, error: StoreError) {
        let _ = self.reply.send(Err(E::from(error)));
    }
}

/// The most units one transaction takes.
const BATCH_MAX: usize = 64;

/// The writer: a queue in front of one task that commits what it drains in one transaction.
#[derive(Clone)]
pub struct GroupWriter {
    units: Batches<Box<dyn Unit>>,
    db: Db,
}

impl std::fmt::Debug for GroupWriter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GroupWriter").field("units", &self.units).finish()
    }
}

impl GroupWriter {
    /// Starts the writer's task on the current runtime; it ends when the last clone is dropped.
    pub fn spawn(db: Db) -> Self {
        // Its batches do not chain their transactions ([`Chain`]): on PostgreSQL at 32 clients,
        // chained savepoint batches measured slower (docs/bench/order-path.md).
        let batches = db.clone();
        let units = Batches::spawn(BATCH_MAX, move |batch| {
            let db = batches.clone();
            async move { run_batch(&db, batch).await }
        });
        Self { units, db }
    }

    /// The most units one transaction has taken so far (tests and benchmarks read it).
    pub fn largest_batch(&self) -> usize {
        self.units.largest_batch()
    }

    /// Runs `work` in the next batch's transaction and answers once that transaction committed (or
    /// at once with `work`'s own error, everything `work` did undone).
    pub async fn run<T, E, F>(&self, work: F) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<StoreError> + Send + 'static,
        F: for<'t> FnOnce(&'t mut Tx) -> BoxFuture<'t, Result<T, E>> + Send + 'static,
    {
        let unit = |reply| Box::new(Typed { work, reply }) as Box<dyn Unit>;
        self.units.ask(unit).await.unwrap_or_else(|| Err(E::from(stopped())))
    }

    /// Runs `work` in the write that commits it soonest on this database, answering after the
    /// commit. On SQLite that is the next batch: one writer at a time, so one commit for a batch
    /// beats one each (docs/bench/ledger.md: 1.7× the raw commit rate against 0.6× at 32 clients).
    /// On PostgreSQL it is a transaction of its own: concurrent transactions there already share
    /// their log flushes, while a batch's one connection would run every unit's statements in turn
    /// (measured no faster) and hold them all behind any lock one of them waits for.
    pub async fn write<T, E, F>(&self, work: F) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<StoreError> + Send + 'static,
        F: for<'t> FnOnce(&'t mut Tx) -> BoxFuture<'t, Result<T, E>> + Send + 'static,
    {
        if self.db.backend() != Backend::Postgres {
            return self.run(work).await;
        }
        let mut w = self.db.begin_write().await.map_err(E::from)?;
        let value = work(&mut w.tx).await?;
        w.commit().await.map_err(E::from)?;
        Ok(value)
    }
}

/// The queue in front of one task that takes what is sent in batches of at most `max` (the first
/// waited for, the rest only as far as they are queued already) and runs each in turn: the shared
/// part of every group-commit writer. The task ends when every clone is gone. Cheap to clone.
pub(crate) struct Batches<J> {
    sender: mpsc::UnboundedSender<J>,
    largest_batch: Arc<AtomicUsize>,
    /// Jobs sent and not yet taken into a batch; counted for a writer only (`spawn_writer`), so
    /// shared reads pay no atomic update a job.
    queued: Option<Arc<AtomicUsize>>,
}

impl<J> Clone for Batches<J> {
    fn clone(&self) -> Self {
        Self { sender: self.sender.clone(), largest_batch: self.largest_batch.clone(), queued: self.queued.clone() }
    }
}

impl<J> std::fmt::Debug for Batches<J> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Batches").field("largest_batch", &self.largest_batch()).finish()
    }
}

impl<J> Batches<J> {
    /// The most jobs one batch has taken so far (tests and benchmarks read it).
    pub(crate) fn largest_batch(&self) -> usize {
        self.largest_batch.load(Ordering::Relaxed)
    }
}

impl<J: Send + 'static> Batches<J> {
    /// Starts the task on the current runtime; `run` takes each batch.
    pub(crate) fn spawn<F, Fut>(max: usize, run: F) -> Self
    where
        F: FnMut(Vec<J>) -> Fut + Send + 'static,
        Fut: Future<Output = ()> + Send,
    {
        Self::spawn_counting(max, None, run)
    }

    /// Starts a writer's task: `run` takes each batch with the [`Chain`] its transactions come
    /// from and go to, which opens the next batch's transaction at the commit while jobs wait.
    pub(crate) fn spawn_writer<F, Fut>(max: usize, db: Db, mut run: F) -> Self
    where
        F: FnMut(Vec<J>, Arc<Chained>) -> Fut + Send + 'static,
        Fut: Future<Output = ()> + Send,
    {
        let queued = Arc::new(AtomicUsize::new(0));
        let chained = Arc::new(Chained { chain: Chain::new(db), queued: queued.clone() });
        Self::spawn_counting(max, Some(queued), move |batch| run(batch, chained.clone()))
    }

    fn spawn_counting<F, Fut>(max: usize, queued: Option<Arc<AtomicUsize>>, mut run: F) -> Self
    where
        F: FnMut(Vec<J>) -> Fut + Send + 'static,
        Fut: Future<Output = ()> + Send,
    {
        let (sender, mut queue) = mpsc::unbounded_channel::<J>();
        let largest_batch = Arc::new(AtomicUsize::new(0));
        let largest = largest_batch.clone();
        let taken = queued.clone();
        tokio::spawn(async move {
            while let Some(first) = queue.recv().await {
                let mut batch = vec![first];
                while batch.len() < max {
                    match queue.try_recv() {
                        Ok(job) => batch.push(job),
                        Err(_) => break,
                    }
                }
                if let Some(taken) = &taken {
                    taken.fetch_sub(batch.len(), Ordering::SeqCst);
                }
                largest.fetch_max(batch.len(), Ordering::Relaxed);
                run(batch).await;
            }
        });
        Self { sender, largest_batch, queued }
    }

    /// Queues the job `job` makes around its reply channel and waits for the answer; `None` when
    /// the task has stopped.
    pub(crate) async fn ask<A>(&self, job: impl FnOnce(oneshot::Sender<A>) -> J) -> Option<A> {
        let (reply, answer) = oneshot::channel();
        // Counted before it can be taken, so the count never goes below zero.
        if let Some(queued) = &self.queued {
            queued.fetch_add(1, Ordering::SeqCst);
        }
        if self.sender.send(job(reply)).is_err() {
            if let Some(queued) = &self.queued {
                queued.fetch_sub(1, Ordering::SeqCst);
            }
            return None;
        }
        answer.await.ok()
    }
}

/// A writer's [`Chain`] with the count of jobs waiting in its queue.
pub(crate) struct Chained {
    chain: Chain,
    queued: Arc<AtomicUsize>,
}

impl Chained {
    /// The batch's write transaction (see [`Chain::begin`]).
    pub(crate) async fn begin(&self) -> Result<crate::WriteTx, StoreError> {
        self.chain.begin().await
    }

    /// Commits `w`, opening the next batch's transaction when jobs are queued.
    pub(crate) async fn commit(&self, w: crate::WriteTx) -> Result<(), StoreError> {
        self.chain.commit(w, self.queued.load(Ordering::SeqCst) > 0).await
    }
}

/// Runs a unit that came alone without a savepoint (two statements fewer): its own failure rolls
/// the whole transaction back.
async fn run_alone(db: &Db, unit: Box<dyn Unit>) {
    let mut w = match db.begin_write().await {
        Ok(w) => w,
        Err(e) => return unit.refuse(StoreError::SharedTransaction(e.to_string())),
    };
    if let Outcome::Kept(answer) = unit.run(&mut w.tx).await {
        answer(w.commit().await.map_err(|e| StoreError::SharedTransaction(e.to_string())));
    }
    // Undone: its error went to its caller, and dropping `w` rolls back what it did.
}

fn stopped() -> StoreError {
    StoreError::SharedTransaction("the group writer stopped".into())
}

/// Runs `batch` in one transaction, one savepoint per unit, one commit.
async fn run_batch(db: &Db, batch: Vec<Box<dyn Unit>>) {
    if batch.len() == 1 {
        for unit in batch {
            run_alone(db, unit).await;
        }
        return;
    }
    let mut pending = batch;
    while !pending.is_empty() {
        let mut w = match db.begin_write().await {
            Ok(w) => w,
            Err(e) => {
                let text = e.to_string();
                for unit in pending {
                    unit.refuse(StoreError::SharedTransaction(text.clone()));
                }
                return;
            }
        };
        let mut kept = Vec::with_capacity(pending.len());
        let mut units = std::mem::take(&mut pending).into_iter();
        let mut broken = None;
        for unit in units.by_ref() {
            if let Err(e) = savepoint::begin(&mut w.tx).await {
                if kept.is_empty() {
                    // Not even a first savepoint: a new transaction would not do better.
                    let text = e.to_string();
                    unit.refuse(StoreError::SharedTransaction(text.clone()));
                    for unit in units {
                        unit.refuse(StoreError::SharedTransaction(text.clone()));
                    }
                    return;
                }
                // This unit never ran: it goes on with the rest in the next transaction.
                pending.push(unit);
                broken = Some(e.to_string());
                break;
            }
            let ended = match unit.run(&mut w.tx).await {
                Outcome::Kept(answer) => {
                    kept.push(answer);
                    savepoint::keep(&mut w.tx).await
                }
                Outcome::Undone => savepoint::roll_back(&mut w.tx).await,
            };
            if let Err(e) = ended {
                broken = Some(e.to_string());
                break;
            }
        }
        pending.extend(units);
        let committed = match broken {
            Some(text) => Err(text),
            None => w.commit().await.map_err(|e| e.to_string()),
        };
        for answer in kept {
            answer(committed.clone().map_err(StoreError::SharedTransaction));
        }
    }
}
