//! Reads asked at the same moment answered by one statement (issue 12): every authenticated call
//! reads its session (an order call with its idempotency key), one row each by primary key. Under
//! load those one-row reads cost the database more than the work they guard (docs/bench). One task
//! takes the reads queued behind the one running and asks for all their rows at once, the way the
//! group-commit writers take writes. A read asked while none is running runs at once in the
//! caller's own task: alone, it costs what it did (a hop to the task and back measured 0.1 ms
//! more per call at one client).

use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use tokio::sync::oneshot;

use crate::group::{Batches, BoxFuture};
use crate::StoreError;

/// Most keys one statement names.
const KEYS_PER_READ: usize = 128;

/// One queued read and where its row goes.
type Job<K, V> = (K, oneshot::Sender<Result<Option<V>, StoreError>>);

/// Reads the rows of some keys, answering in the keys' order.
type Read<K, V> = dyn Fn(Vec<K>) -> BoxFuture<'static, Result<Vec<Option<V>>, StoreError>> + Send + Sync;

/// Reads of one kind of row by key, queued and answered together. Cheap to clone.
pub struct SharedReads<K, V> {
    jobs: Batches<Job<K, V>>,
    read: Arc<Read<K, V>>,
    /// Reads running now, alone or batched.
    running: Arc<AtomicUsize>,
}

impl<K, V> Clone for SharedReads<K, V> {
    fn clone(&self) -> Self {
        Self { jobs: self.jobs.clone(), read: self.read.clone(), running: self.running.clone() }
    }
}

/// Counts a read as running until dropped.
struct Running(Arc<AtomicUsize>);

impl Drop for Running {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

impl<K, V> std::fmt::Debug for SharedReads<K, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SharedReads").field("jobs", &self.jobs).finish()
    }
}

impl<K: Send + 'static, V: Send + 'static> SharedReads<K, V> {
    /// Starts the task on the current runtime; `read` takes the keys of a batch and answers each
    /// one's row, in the keys' order. The task ends when the last clone is dropped.
    pub fn spawn<F, Fut>(read: F) -> Self
    where
        F: Fn(Vec<K>) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<Vec<Option<V>>, StoreError>> + Send + 'static,
    {
        let read: Arc<Read<K, V>> = Arc::new(move |keys| Box::pin(read(keys)));
        let running = Arc::new(AtomicUsize::new(0));
        let (batch_read, batch_running) = (read.clone(), running.clone());
        let jobs = Batches::spawn(KEYS_PER_READ, move |batch: Vec<Job<K, V>>| {
            let (keys, replies): (Vec<K>, Vec<_>) = batch.into_iter().unzip();
            batch_running.fetch_add(1, Ordering::AcqRel);
            let running = Running(batch_running.clone());
            let rows = batch_read(keys);
            async move {
                let rows = rows.await;
                drop(running);
                match rows {
                    Ok(rows) => {
                        for (reply, row) in replies.into_iter().zip(rows) {
                            let _ = reply.send(Ok(row));
                        }
                    }
                    Err(e) => {
                        let text = e.to_string();
                        for reply in replies {
                            let _ = reply.send(Err(StoreError::SharedRead(text.clone())));
                        }
                    }
                }
            }
        });
        Self { jobs, read, running }
    }

    /// The row of `key`: read at once when no read is running, else with whatever else is queued.
    pub async fn get(&self, key: K) -> Result<Option<V>, StoreError> {
        if self.running.compare_exchange(0, 1, Ordering::AcqRel, Ordering::Acquire).is_ok() {
            let _running = Running(self.running.clone());
            return Ok((self.read)(vec![key]).await?.pop().flatten());
        }
        let stopped = || StoreError::SharedRead("the reading task stopped".into());
        self.jobs.ask(|reply| (key, reply)).await.ok_or_else(stopped)?
    }

    /// The most reads one statement has answered so far (tests and benchmarks read it).
    pub fn largest_batch(&self) -> usize {
        self.jobs.largest_batch()
    }
}
