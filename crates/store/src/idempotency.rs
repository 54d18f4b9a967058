//! Idempotency keys: the first response to a (caller, x-request-id) pair is stored so a repeat
//! gets the same answer instead of doing the work twice.

use sqlx::AnyConnection;
use tokio::sync::oneshot;

use crate::group::Batches;
use crate::write_set::{Part, WriteSet};
use crate::{Db, StoreError};

/// A response stored for replay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredResponse {
    /// HTTP status code.
    pub status: u16,
    /// The response's content type, if any.
    pub content_type: Option<String>,
    /// The response body.
    pub body: Vec<u8>,
}

/// What `begin` found for a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Begin {
    /// The key is new (or its earlier attempt was abandoned): go ahead.
    Started,
    /// The key completed before with the same request: replay this.
    Replay(StoredResponse),
    /// The first request with this key is still running.
    InProgress,
    /// The key was used before for a different request.
    Mismatch,
}

/// Claims `key` for `caller`, or tells what happened to it before. A claim older than
/// `stale_after_ms` that never completed (its process died) may be taken over.
pub async fn begin(
    db: &Db,
    caller: &str,
    key: &str,
    request_hash: &str,
    now_ms: i64,
    stale_after_ms: i64,
) -> Result<Begin, StoreError> {
    let claim = Claim { caller, key, request_hash, now_ms, stale_after_ms };
    let mut w = db.begin_write().await?;
    let begun = claim.run(&mut w.tx).await?;
    w.commit().await?;
    Ok(begun)
}

/// A key's row as a claim or a lookup finds it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ClaimRow {
    /// The hash of the request that used the key first.
    pub request_hash: String,
    /// Its answer's HTTP status; none while the claim is not completed.
    pub status: Option<i64>,
    /// Its answer's content type.
    pub content_type: Option<String>,
    /// Its answer's body.
    pub body: Option<Vec<u8>>,
    /// When the key was claimed or kept.
    pub created_at_ms: i64,
}

impl ClaimRow {
    /// What a new request with `request_hash` makes of this row: `None` for a claim made before
    /// `fresh_after_ms` and never completed (its process died), which may be taken over.
    fn judged(self, request_hash: &str, fresh_after_ms: i64) -> Option<Begin> {
        if self.request_hash != request_hash {
            return Some(Begin::Mismatch);
        }
        if let Some(status) = self.status {
            return Some(Begin::Replay(StoredResponse {
                status: u16::try_from(status).unwrap_or(500),
                content_type: self.content_type,
                body: self.body.unwrap_or_default(),
            }));
        }
        (self.created_at_ms >= fresh_after_ms).then_some(Begin::InProgress)
    }
}

/// One `begin`'s arguments.
#[derive(Debug, Clone, Copy)]
struct Claim<'a> {
    caller: &'a str,
    key: &'a str,
    request_hash: &'a str,
    now_ms: i64,
    stale_after_ms: i64,
}

impl Claim<'_> {
    /// The key's row, if there is one.
    async fn row<'e>(&self, on: impl sqlx::Executor<'e, Database = sqlx::Any>) -> Result<Option<ClaimRow>, StoreError> {
        Ok(sqlx::query_as(
            "select request_hash, status, content_type, body, created_at_ms from idempotency_keys \
             where caller = $1 and request_key = $2",
        )
        .bind(self.caller)
        .bind(self.key)
        .fetch_optional(on)
        .await?)
    }

    /// `begin` inside the caller's write transaction.
    async fn run(self, conn: &mut AnyConnection) -> Result<Begin, StoreError> {
        let inserted = sqlx::query(
            "insert into idempotency_keys (caller, request_key, request_hash, created_at_ms) \
             values ($1, $2, $3, $4) on conflict (caller, request_key) do nothing",
        )
        .bind(self.caller)
        .bind(self.key)
        .bind(self.request_hash)
        .bind(self.now_ms)
        .execute(&mut *conn)
        .await?
        .rows_affected();
        if inserted == 1 {
            return Ok(Begin::Started);
        }
        let row = self.row(&mut *conn).await?;
        // Deleted between the insert and the select (abandoned by another node): the next try claims it.
        let Some(row) = row else { return Ok(Begin::InProgress) };
        let created_at_ms = row.created_at_ms;
        if let Some(found) = row.judged(self.request_hash, self.now_ms - self.stale_after_ms) {
            return Ok(found);
        }
        let taken = sqlx::query(
            "update idempotency_keys set created_at_ms = $1 where caller = $2 \
             and request_key = $3 and status is null and created_at_ms = $4",
        )
        .bind(self.now_ms)
        .bind(self.caller)
        .bind(self.key)
        .bind(created_at_ms)
        .execute(&mut *conn)
        .await?
        .rows_affected();
        Ok(if taken == 1 { Begin::Started } else { Begin::InProgress })
    }
}

/// A key no claim was written for: its handler stores the answer in the transaction that does the
/// work ([`keep_in`]), so the call commits once instead of three times (claim, work, answer).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unclaimed {
    /// Who the key belongs to.
    pub caller: String,
    /// The client's request id.
    pub key: String,
    /// The request's hash (a reuse with another request is refused).
    pub request_hash: String,
    /// When the request arrived.
    pub at_ms: i64,
}

impl Unclaimed {
    /// What this call meets in its key's row (read without claiming it, for handlers that keep
    /// their answer with [`keep_in`]): `Started` when there is none, or only a claim older than
    /// `stale_after_ms`.
    pub fn meets(&self, row: Option<ClaimRow>, stale_after_ms: i64) -> Begin {
        row.and_then(|row| row.judged(&self.request_hash, self.at_ms - stale_after_ms)).unwrap_or(Begin::Started)
    }
}

/// Stores the answer of an unclaimed key inside the caller's transaction. A key already there (a
/// repeat that ran beside the first) keeps what it holds.
pub async fn keep_in(conn: &mut AnyConnection, key: &Unclaimed, response: &StoredResponse) -> Result<(), StoreError> {
    keep_all_in(conn, [(key, response)]).await
}

/// Stores the answers of several unclaimed keys in one statement (a batch of orders keeps its
/// answers together, issue 12). A key already there, or named twice, keeps the first answer.
pub async fn keep_all_in<'a>(
    conn: &mut AnyConnection,
    answers: impl IntoIterator<Item = (&'a Unclaimed, &'a StoredResponse)>,
) -> Result<(), StoreError> {
    let mut set = WriteSet::default();
    set.extend(answers_part(answers));
    set.run(conn).await
}

/// The statement of [`keep_all_in`], for a transaction's [`WriteSet`]; none when there is nothing
/// to keep. A key repeated in `answers` is kept once, with its first answer.
pub fn answers_part<'a>(answers: impl IntoIterator<Item = (&'a Unclaimed, &'a StoredResponse)>) -> Option<Part<'a>> {
    let mut seen = std::collections::HashSet::new();
    let answers: Vec<(&Unclaimed, &StoredResponse)> =
        answers.into_iter().filter(|(key, _)| seen.insert((&key.caller, &key.key))).collect();
    if answers.is_empty() {
        return None;
    }
    let sql = format!(
        "insert into idempotency_keys (caller, request_key, request_hash, created_at_ms, status, content_type, body) \
         values {} on conflict (caller, request_key) do nothing",
        crate::placeholders::rows(answers.len(), 7)
    );
    Some(answers.into_iter().fold(Part::new(sql), |part, (key, response)| {
        part.bind(&key.caller)
            .bind(&key.key)
            .bind(&key.request_hash)
            .bind(key.at_ms)
            .bind(i64::from(response.status))
            .bind(response.content_type.as_deref())
            .bind(response.body.as_slice())
    }))
}

/// Stores the response of a claimed key.
pub async fn complete(db: &Db, caller: &str, key: &str, response: &StoredResponse) -> Result<(), StoreError> {
    let mut w = db.begin_write().await?;
    complete_in(&mut w.tx, caller, key, response).await?;
    w.commit().await?;
    Ok(())
}

async fn complete_in(
    conn: &mut AnyConnection,
    caller: &str,
    key: &str,
    response: &StoredResponse,
) -> Result<(), StoreError> {
    sqlx::query(
        "update idempotency_keys set status = $1, content_type = $2, body = $3 \
         where caller = $4 and request_key = $5",
    )
    .bind(i64::from(response.status))
    .bind(response.content_type.clone())
    .bind(response.body.clone())
    .bind(caller)
    .bind(key)
    .execute(conn)
    .await?;
    Ok(())
}

/// Releases a claim whose request failed before it changed anything worth replaying.
pub async fn abandon(db: &Db, caller: &str, key: &str) -> Result<(), StoreError> {
    let mut w = db.begin_write().await?;
    abandon_in(&mut w.tx, caller, key).await?;
    w.commit().await?;
    Ok(())
}

async fn abandon_in(conn: &mut AnyConnection, caller: &str, key: &str) -> Result<(), StoreError> {
    sqlx::query("delete from idempotency_keys where caller = $1 and request_key = $2 and status is null")
        .bind(caller)
        .bind(key)
        .execute(conn)
        .await?;
    Ok(())
}

/// One key operation queued for the [`Writer`].
#[derive(Debug, Clone)]
pub enum Op {
    /// [`begin`].
    Begin { caller: String, key: String, request_hash: String, now_ms: i64, stale_after_ms: i64 },
    /// [`complete`].
    Complete { caller: String, key: String, response: StoredResponse },
    /// [`abandon`].
    Abandon { caller: String, key: String },
    /// [`keep_in`]: the answer of an unclaimed key its handler did not keep (a refusal, say).
    Keep { key: Unclaimed, response: StoredResponse },
}

/// What an [`Op`] answered: `Some` for a `Begin`, `None` otherwise.
pub type Done = Option<Begin>;

impl Op {
    async fn run(&self, conn: &mut AnyConnection) -> Result<Done, StoreError> {
        match self {
            Op::Begin { caller, key, request_hash, now_ms, stale_after_ms } => {
                let claim = Claim { caller, key, request_hash, now_ms: *now_ms, stale_after_ms: *stale_after_ms };
                claim.run(conn).await.map(Some)
            }
            Op::Complete { caller, key, response } => complete_in(conn, caller, key, response).await.map(|()| None),
            Op::Abandon { caller, key } => abandon_in(conn, caller, key).await.map(|()| None),
            Op::Keep { key, response } => keep_in(conn, key, response).await.map(|()| None),
        }
    }
}

type Job = (Op, oneshot::Sender<Result<Done, StoreError>>);

/// The most key operations one transaction takes.
const BATCH_MAX: usize = 128;

/// Group commit for idempotency keys (issue 12): every claim and every stored response of a busy
/// server would otherwise be its own commit, two per request beside the request's own. One task
/// drains the operations queued behind the current one and applies them in one write transaction,
/// answering each after that commit. Each operation touches only its own key, so a batch never
/// reorders anything a caller could see. Cheap to clone.
#[derive(Debug, Clone)]
pub struct Writer {
    jobs: Batches<Job>,
}

impl Writer {
    /// Starts the writer's task on the current runtime; it ends when the last clone is dropped.
    pub fn spawn(db: Db) -> Self {
        let jobs = Batches::spawn(BATCH_MAX, move |batch| {
            let db = db.clone();
            async move { run_batch(&db, batch).await }
        });
        Self { jobs }
    }

    /// The most operations one transaction has taken so far (tests and benchmarks read it).
    pub fn largest_batch(&self) -> usize {
        self.jobs.largest_batch()
    }

    /// Applies `op` in the next batch.
    pub async fn apply(&self, op: Op) -> Result<Done, StoreError> {
        let stopped = || StoreError::Conflict("idempotency writer stopped".into());
        self.jobs.ask(|reply| (op, reply)).await.ok_or_else(stopped)?
    }

    /// [`begin`] through the writer.
    pub async fn begin(
        &self,
        caller: &str,
        key: &str,
        request_hash: &str,
        now_ms: i64,
        stale_after_ms: i64,
    ) -> Result<Begin, StoreError> {
        let op = Op::Begin {
            caller: caller.into(),
            key: key.into(),
            request_hash: request_hash.into(),
            now_ms,
            stale_after_ms,
        };
        Ok(self.apply(op).await?.unwrap_or(Begin::InProgress))
    }

    /// [`complete`] through the writer.
    pub async fn complete(&self, caller: &str, key: &str, response: StoredResponse) -> Result<(), StoreError> {
        self.apply(Op::Complete { caller: caller.into(), key: key.into(), response }).await.map(|_| ())
    }

    /// [`keep_in`] through the writer.
    pub async fn keep(&self, key: Unclaimed, response: StoredResponse) -> Result<(), StoreError> {
        self.apply(Op::Keep { key, response }).await.map(|_| ())
    }

    /// [`abandon`] through the writer.
    pub async fn abandon(&self, caller: &str, key: &str) -> Result<(), StoreError> {
        self.apply(Op::Abandon { caller: caller.into(), key: key.into() }).await.map(|_| ())
    }
}

/// One transaction for the whole batch. Should any statement or the commit fail, the batch is
/// rolled back and each operation runs again in a transaction of its own, so one bad operation
/// answers its own error and the others their own results.
async fn run_batch(db: &Db, batch: Vec<Job>) {
    if batch.len() > 1 {
        if let Ok(results) = try_together(db, &batch).await {
            for ((_, reply), result) in batch.into_iter().zip(results) {
                let _ = reply.send(Ok(result));
            }
            return;
        }
    }
    for (op, reply) in batch {
        let result = async {
            let mut w = db.begin_write().await?;
            let done = op.run(&mut w.tx).await?;
            w.commit().await?;
            Ok(done)
        }
        .await;
        let _ = reply.send(result);
    }
}

async fn try_together(db: &Db, batch: &[Job]) -> Result<Vec<Done>, StoreError> {
    let mut w = db.begin_write().await?;
    let mut results = Vec::with_capacity(batch.len());
    for (op, _) in batch {
        results.push(op.run(&mut w.tx).await?);
    }
    w.commit().await?;
    Ok(results)
}

/// Deletes keys created before `cutoff_ms`; returns how many.
pub async fn purge_older_than(db: &Db, cutoff_ms: i64) -> Result<u64, StoreError> {
    let done =
        sqlx::query("delete from idempotency_keys where created_at_ms < $1").bind(cutoff_ms).execute(db.pool()).await?;
    Ok(done.rows_affected())
}
