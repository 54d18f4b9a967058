//! Transactions chained by a busy writer (issue 12): a commit made while more work waits in the
//! writer's queue also opens the next batch's transaction, in the same round trip on PostgreSQL
//! ([`crate::WriteTx::commit_then_begin`]). The next batch sends no BEGIN, and the connection skips
//! the pool, whose every release costs a round trip (sqlx checks a returned connection with a
//! ping). An idle writer holds no transaction: its owner calls [`Chain::end`] before it waits.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

use crate::{Db, StoreError, WriteTx};

/// One writer's source of write transactions.
pub struct Chain {
    db: Db,
    /// The transaction the last commit opened for the next batch.
    next: Mutex<Option<WriteTx>>,
    /// Transactions handed out that a commit had opened.
    chained: AtomicU64,
}

impl Chain {
    /// A chain of transactions on `db`.
    pub fn new(db: Db) -> Self {
        Self { db, next: Mutex::new(None), chained: AtomicU64::new(0) }
    }

    fn next(&self) -> MutexGuard<'_, Option<WriteTx>> {
        self.next.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The batch's write transaction: the one the last commit opened, or a new one.
    pub async fn begin(&self) -> Result<WriteTx, StoreError> {
        let opened = self.next().take();
        match opened {
            Some(w) => {
                self.chained.fetch_add(1, Ordering::Relaxed);
                Ok(w)
            }
            None => self.db.begin_write().await,
        }
    }

    /// How many batches ran in a transaction their predecessor's commit opened (tests and
    /// benchmarks read it).
    pub fn chained(&self) -> u64 {
        self.chained.load(Ordering::Relaxed)
    }

    /// Commits `w`; when `more_queued`, opens the next batch's transaction in the same round trip.
    pub async fn commit(&self, w: WriteTx, more_queued: bool) -> Result<(), StoreError> {
        if !more_queued {
            return w.commit().await;
        }
        let next = w.commit_then_begin().await?;
        *self.next() = next;
        Ok(())
    }

    /// Ends a transaction opened for work that has not come (rolled back: nothing was done in it).
    pub fn end(&self) {
        self.next().take();
    }
}
