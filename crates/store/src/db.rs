use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use futures::StreamExt;
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, Connection, Executor};
use tokio::sync::{Mutex, OwnedMutexGuard};

use crate::StoreError;

/// A pooled connection idle at least this long is pinged before it is handed out; one used more
/// recently is handed out as it is. sqlx pings on every acquire by default, a round trip in the
/// caller's path each time (issue 12: one per batch of orders, one per read). sqlx still pings
/// every connection given back to the pool, off the caller's path, and closes a broken one.
const PING_IF_IDLE_FOR: Duration = Duration::from_secs(1);

static SQLITE_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("migrations/sqlite");
static POSTGRES_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("migrations/postgres");

/// The migrations of `backend`.
pub(crate) fn migrator(backend: Backend) -> &'static sqlx::migrate::Migrator {
    match backend {
        Backend::Sqlite => &SQLITE_MIGRATIONS,
        Backend::Postgres => &POSTGRES_MIGRATIONS,
    }
}

/// Which database engine a pool talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// Embedded default: a file under `./data/`.
    Sqlite,
    /// Production system of record.
    Postgres,
}

impl Backend {
    /// The backend an open connection (or a transaction on one) talks to.
    pub fn of(conn: &sqlx::AnyConnection) -> Self {
        if conn.backend_name().eq_ignore_ascii_case("postgresql") {
            Backend::Postgres
        } else {
            Backend::Sqlite
        }
    }

    /// Picks the backend from a connection URL.
    pub fn from_url(url: &str) -> Result<Self, StoreError> {
        if url.starts_with("sqlite:") {
            Ok(Backend::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Backend::Postgres)
        } else {
            Err(StoreError::UnsupportedUrl(redact(url)))
        }
    }

    /// A short lowercase name for logs and metrics.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Sqlite => "sqlite",
            Backend::Postgres => "postgres",
        }
    }
}

/// Pool sizing and timeouts.
#[derive(Debug, Clone)]
pub struct DbOptions {
    /// Most connections the pool opens.
    pub max_connections: u32,
    /// How long a caller waits for a free connection.
    pub acquire_timeout_ms: u64,
}

impl Default for DbOptions {
    fn default() -> Self {
        Self { max_connections: 10, acquire_timeout_ms: 5_000 }
    }
}

/// How PostgreSQL plans a pool's prepared statements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Plans {
    /// PostgreSQL's default: custom plans for the first runs, then whichever is cheaper.
    Chosen,
    /// One generic plan per prepared statement, made at its first run.
    Generic,
}

/// The database handle every repository takes: a pool plus the backend it talks to.
#[derive(Clone)]
pub struct Db {
    pool: AnyPool,
    backend: Backend,
    /// How the pool was made, so [`Db::own_pool`] can make another like it.
    made: Arc<(String, DbOptions)>,
    // SQLite has one writer: transactions that read then write would fail with SQLITE_BUSY
    // instead of waiting, so write transactions queue here first.
    sqlite_writer: Option<Arc<Mutex<()>>>,
}

/// A write transaction; on SQLite it also holds the process-wide writer lock until dropped.
pub struct WriteTx {
    /// The open transaction.
    pub tx: sqlx::Transaction<'static, sqlx::Any>,
    _writer: Option<OwnedMutexGuard<()>>,
}

/// [`WriteTx::lock_key`] for work handed a bare write transaction (a group writer's unit).
pub async fn lock_key(tx: &mut sqlx::Transaction<'static, sqlx::Any>, key: &str) -> Result<(), StoreError> {
    if Backend::of(tx) == Backend::Postgres {
        sqlx::query("select pg_advisory_xact_lock(hashtextextended($1, 0))").bind(key).execute(&mut **tx).await?;
    }
    Ok(())
}

/// [`lock_key`] of `first`, then of `second`, in one statement: the inner select takes `first`
/// before the outer one asks for `second`, so two transactions that lock in this order still
/// never hold what the other waits for.
pub async fn lock_keys_in_turn(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    first: &str,
    second: &str,
) -> Result<(), StoreError> {
    if Backend::of(tx) == Backend::Postgres {
        sqlx::query(
            "select taken.first, pg_advisory_xact_lock(hashtextextended($2, 0)) \
             from (select pg_advisory_xact_lock(hashtextextended($1, 0)) as first offset 0) taken",
        )
        .bind(first)
        .bind(second)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// [`lock_key`] of `first`, then [`try_lock_key`] of `second`, in one statement (as
/// [`lock_keys_in_turn`]): whether `second` was taken. Always true on SQLite.
pub async fn lock_then_try(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    first: &str,
    second: &str,
) -> Result<bool, StoreError> {
    if Backend::of(tx) != Backend::Postgres {
        return Ok(true);
    }
    Ok(sqlx::query_scalar(
        "select pg_try_advisory_xact_lock(hashtextextended($2, 0)) \
         from (select pg_advisory_xact_lock(hashtextextended($1, 0)) as first offset 0) taken",
    )
    .bind(first)
    .bind(second)
    .fetch_one(&mut **tx)
    .await?)
}

/// [`lock_key`] only if no other transaction holds `key`'s lock: false, waiting for nothing, when
/// one does. SQLite's writers are serialised already: always true there.
pub async fn try_lock_key(tx: &mut sqlx::Transaction<'static, sqlx::Any>, key: &str) -> Result<bool, StoreError> {
    if Backend::of(tx) != Backend::Postgres {
        return Ok(true);
    }
    Ok(sqlx::query_scalar("select pg_try_advisory_xact_lock(hashtextextended($1, 0))")
        .bind(key)
        .fetch_one(&mut **tx)
        .await?)
}

impl WriteTx {
    /// Serialises this transaction with every other that locks the same `key`, until it commits or
    /// rolls back: the guard of a "count, check a limit, then insert" write, which two transactions
    /// could otherwise both pass. SQLite's writers are serialised already.
    pub async fn lock_key(&mut self, key: &str) -> Result<(), StoreError> {
        lock_key(&mut self.tx, key).await
    }

    /// Commits the transaction and releases the writer lock.
    pub async fn commit(self) -> Result<(), StoreError> {
        self.tx.commit().await?;
        Ok(())
    }

    /// Commits, and on PostgreSQL opens the next write transaction on the same connection in the
    /// same round trip (`commit; begin`), for a writer that has more work queued (issue 12): the
    /// next batch skips its BEGIN, and the connection skips the pool, whose every release costs a
    /// round trip (sqlx checks a returned connection with a ping). `Ok(None)` means committed with
    /// nothing opened: on SQLite always, whose one writer must not be held between batches.
    pub async fn commit_then_begin(mut self) -> Result<Option<WriteTx>, StoreError> {
        if Backend::of(&self.tx) != Backend::Postgres {
            self.commit().await?;
            return Ok(None);
        }
        // Read to the end, so the connection is ready for the next batch's first statement.
        let steps: Vec<Result<_, sqlx::Error>> =
            sqlx::raw_sql("commit; begin").execute_many(&mut *self.tx).collect().await;
        let mut steps = steps.into_iter();
        match (steps.next(), steps.next()) {
            (Some(Ok(_)), Some(Ok(_))) => Ok(Some(self)),
            // Committed, but no transaction is open: the connection goes back to the pool, whose
            // check after sqlx's rollback (there is nothing to roll back) tells whether it lives.
            (Some(Ok(_)), _) => Ok(None),
            (Some(Err(e)), _) => Err(e.into()),
            (None, _) => Err(StoreError::Database(sqlx::Error::Protocol("no answer to commit".into()))),
        }
    }
}

impl Db {
    /// Connects, creating the SQLite file and its folder when missing.
    pub async fn connect(url: &str, options: &DbOptions) -> Result<Self, StoreError> {
        sqlx::any::install_default_drivers();
        let backend = Backend::from_url(url)?;
        let url = match backend {
            Backend::Sqlite => prepare_sqlite_url(url)?,
            Backend::Postgres => url.to_string(),
        };
        let pool = Self::pool_for(&url, backend, options, Plans::Chosen).await?;
        let sqlite_writer = (backend == Backend::Sqlite).then(|| Arc::new(Mutex::new(())));
        Ok(Self { pool, backend, made: Arc::new((url, options.clone())), sqlite_writer })
    }

    /// The same database through a pool of its own of at most `max_connections`, made on the
    /// runtime this is called from, so its connections' I/O is driven by that runtime (the book
    /// owners' thread, issue 12). On SQLite, whose connections each run on a thread of their own
    /// and whose writer is one, it is this handle.
    ///
    /// Its PostgreSQL connections plan each prepared statement once (`plan_cache_mode =
    /// force_generic_plan`): a batch's rows go as one statement whose text changes with the number
    /// of rows, so each shape is met a few times per connection, and PostgreSQL would plan each of
    /// its first five runs anew. The owners' statements are inserts and key lookups, whose generic
    /// plan is the plan.
    pub async fn own_pool(&self, max_connections: u32) -> Result<Self, StoreError> {
        if self.backend == Backend::Sqlite {
            return Ok(self.clone());
        }
        let (url, options) = &*self.made;
        let options = DbOptions { max_connections, ..options.clone() };
        let pool = Self::pool_for(url, self.backend, &options, Plans::Generic).await?;
        Ok(Self { pool, backend: self.backend, made: self.made.clone(), sqlite_writer: self.sqlite_writer.clone() })
    }

    async fn pool_for(url: &str, backend: Backend, options: &DbOptions, plans: Plans) -> Result<AnyPool, StoreError> {
        let connect_options: AnyConnectOptions = url.parse()?;
        let pool = AnyPoolOptions::new()
            .max_connections(options.max_connections)
            .acquire_timeout(Duration::from_millis(options.acquire_timeout_ms))
            .test_before_acquire(false)
            .before_acquire(|conn, meta| {
                Box::pin(async move {
                    if meta.idle_for >= PING_IF_IDLE_FOR {
                        conn.ping().await?;
                    }
                    Ok(true)
                })
            })
            .after_connect(move |conn, _meta| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        // WAL lets readers run beside the writer; FULL sync makes every
                        // acknowledged ledger write survive a power cut.
                        conn.execute(
                            "pragma journal_mode = wal; pragma synchronous = full; \
                             pragma foreign_keys = on; pragma busy_timeout = 10000;",
                        )
                        .await?;
                    }
                    if backend == Backend::Postgres && plans == Plans::Generic {
                        conn.execute("set plan_cache_mode = force_generic_plan").await?;
                    }
                    Ok(())
                })
            })
            .connect_with(connect_options)
            .await?;
        Ok(pool)
    }

    /// Runs the migrations of this backend.
    pub async fn migrate(&self) -> Result<(), StoreError> {
        migrator(self.backend).run(&self.pool).await?;
        Ok(())
    }

    /// The pool, for repositories.
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// The backend this handle talks to.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Starts a transaction that will write; serialised on SQLite.
    pub async fn begin_write(&self) -> Result<WriteTx, StoreError> {
        let writer = match &self.sqlite_writer {
            Some(lock) => Some(lock.clone().lock_owned().await),
            None => None,
        };
        // IMMEDIATE takes SQLite's write lock at BEGIN, where the busy timeout applies. A deferred
        // transaction that read first and then writes fails at once with SQLITE_BUSY when a
        // dropped transaction's rollback is still pending on another connection.
        //
        // The BEGIN runs in its own task: sqlx checks a custom BEGIN with a second await, and a caller
        // cancelled between the two (a client that went away, a timeout) left the connection in the
        // pool inside an open transaction holding SQLite's write lock for good. The task always
        // finishes, so the transaction it opens is either handed over or dropped, which rolls it back.
        let pool = self.pool.clone();
        let backend = self.backend;
        let begin = tokio::spawn(async move {
            match backend {
                Backend::Sqlite => pool.begin_with("begin immediate").await,
                Backend::Postgres => pool.begin().await,
            }
        });
        // A join error means the task panicked or the runtime is shutting down.
        let tx = begin.await.map_err(|_| StoreError::Database(sqlx::Error::WorkerCrashed))??;
        Ok(WriteTx { tx, _writer: writer })
    }

    /// Checks the database answers (for `/readyz`).
    pub async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("select 1").execute(&self.pool).await?;
        Ok(())
    }

    /// Connections open and idle, for the metrics endpoint.
    pub fn pool_stats(&self) -> (u32, usize) {
        (self.pool.size(), self.pool.num_idle())
    }

    /// Closes every connection (graceful shutdown).
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// Milliseconds since the Unix epoch: the one time representation stored by every table. Only the
/// ledger's own bookkeeping stamps read it (when an account or hold row was written, and a hold
/// closed: the book of record's write time). When money moved (`NewEntry::at_ms`) and every other
/// business time come from the application's injected clock.
pub(crate) fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

fn prepare_sqlite_url(url: &str) -> Result<String, StoreError> {
    if url.contains(":memory:") {
        return Ok(url.to_string());
    }
    let rest = url.trim_start_matches("sqlite://").trim_start_matches("sqlite:");
    let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
    if !path.is_empty() {
        if let Some(parent) = Path::new(path).parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent).map_err(|e| StoreError::Database(sqlx::Error::Io(e)))?;
        }
    }
    let query = if query.contains("mode=") { query.to_string() } else { join_query(query, "mode=rwc") };
    Ok(format!("sqlite://{path}?{query}"))
}

fn join_query(query: &str, extra: &str) -> String {
    if query.is_empty() {
        extra.to_string()
    } else {
        format!("{query}&{extra}")
    }
}

fn redact(url: &str) -> String {
    url.split('@').next_back().unwrap_or("").to_string()
}
