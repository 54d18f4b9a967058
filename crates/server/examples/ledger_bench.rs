//! Durable ledger transfers: each one a balanced journal entry between two user accounts, committed
//! before it is answered (SQLite in WAL with synchronous=FULL; PostgreSQL with its default
//! synchronous commit), with one client and with 32 concurrent clients, on both backends: in a write
//! transaction of its own, through the group writer (`store::group`: the transfers queued
//! together share one transaction, each behind its savepoint), and through the entry writer
//! (`store::ledger::EntryWriter`: the transfers queued together are posted as one set). Beside
//! them, the raw commit rate of one-row inserts on the same database handle (issue 12's reference).
//! `cargo run --release -p server --example ledger_bench -- docs/bench/ledger.md`
//!
//! PostgreSQL is the one at `TEST_DATABASE_URL` (default 127.0.0.1:5432); a fresh database is made
//! for the run. Each client moves money back and forth between its own two accounts, so the figure
//! is the commit path, not lock contention on one hot account.

#[path = "common/machine.rs"]
mod machine;
#[path = "common/raw_commit.rs"]
mod raw_commit;

use std::time::{Duration, Instant};

use domain::ledger::EntryReason;
use hdrhistogram::Histogram;
use store::group::GroupWriter;
use store::ledger::{self, EntryWriter, NewEntry, Posting, HOUSE};
use store::{Backend, Db, DbOptions};

const RUN_FOR: Duration = Duration::from_secs(5);
const CLIENT_COUNTS: [usize; 2] = [1, 32];
const OPENING_BALANCE: i64 = 1_000_000_000;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let out = std::env::args().nth(1).unwrap_or_else(|| "docs/bench/ledger.md".into());
    let mut rows = String::new();
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let url = store::testing::fresh_database_url(backend).await?;
        let db = Db::connect(&url, &DbOptions { max_connections: 32, acquire_timeout_ms: 30_000 }).await?;
        db.migrate().await?;
        let accounts = open_accounts(&db, 2 * CLIENT_COUNTS.iter().max().copied().unwrap_or(1)).await?;
        let generic = Way::Generic(GroupWriter::spawn(db.clone()));
        let entries = Way::Entries(EntryWriter::spawn(db.clone()));
        let mut baseline = Vec::new();
        for clients in CLIENT_COUNTS {
            let (per_s, hist) = raw_commit::raw_commits(&db, clients, RUN_FOR).await?;
            let p50 = hist.value_at_quantile(0.5) as f64 / 1000.0;
            baseline.push((clients, per_s, p50));
            rows.push_str(&row(backend, "raw one-row insert + commit (reference)", clients, per_s, &hist, "1.00×"));
        }
        let ways = [
            ("a transaction each", &Way::Alone),
            ("group commit, a savepoint each", &generic),
            ("entry writer, one set", &entries),
        ];
        for (way, grouped) in ways {
            for clients in CLIENT_COUNTS {
                run(&db, grouped, &accounts, clients, Duration::from_secs(1)).await?; // warm-up
                let (per_s, hist, _) = run(&db, grouped, &accounts, clients, RUN_FOR).await?;
                let p50 = hist.value_at_quantile(0.5) as f64 / 1000.0;
                let ratio = raw_commit::ratio(&baseline, clients, per_s, p50);
                rows.push_str(&row(backend, way, clients, per_s, &hist, &ratio));
            }
        }
        let problems = ledger::check(&db).await?;
        anyhow::ensure!(problems.is_empty(), "ledger check after the run: {problems:?}");
        db.close().await;
        if backend == Backend::Sqlite {
            let path = url.trim_start_matches("sqlite://");
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{path}{suffix}"));
            }
        }
    }
    let report = format!(
        "## Ledger transfers\n\n{machine}\n\n\
         Each transfer is a journal entry with two postings whose conditional balance updates refuse any \
         overdraft (`store::ledger::post`), answered after its commit: in a write transaction of its own, \
         through the group writer (`store::group::GroupWriter`: the transfers queued behind the \
         writer's current transaction share the next one, each behind a savepoint), or through the entry \
         writer (`store::ledger::EntryWriter`: the transfers queued behind its current transaction are \
         posted as one set, five statements a batch, each transfer still refused alone if it would \
         overdraw). The reference is a \
         raw loop of one-row inserts, each committed alone, with as many writers as clients, on the same \
         database handle in the same run; the ratio compares transfers/s with its commits/s at the same \
         number of clients (and, at one client, the median latency with one raw commit). {secs} s per \
         row after a 1 s warm-up; the ledger check passes after every backend.\n\n\
         | backend | transfers | clients | per second | p50 ms | p99 ms | max ms | vs raw commit |\n\
         |---|---|---|---|---|---|---|---|\n{rows}",
        machine =
            machine::machine_line().replace("client and server in one process", "clients and store in one process"),
        secs = RUN_FOR.as_secs(),
    );
    machine::write_report(&out, &report)?;
    Ok(())
}

/// Opens `n` user accounts, each funded from the house clearing account.
async fn open_accounts(db: &Db, n: usize) -> anyhow::Result<Vec<String>> {
    let mut ids = Vec::with_capacity(n);
    let mut tx = db.begin_write().await?;
    let clearing = ledger::account(&mut tx.tx, HOUSE, "PG_CLEARING", "IDR", true).await?;
    for i in 0..n {
        let id = ledger::account(&mut tx.tx, &format!("bench-user-{i}"), "IDR_CASH", "IDR", false).await?;
        let entry = NewEntry {
            reason: EntryReason::Topup,
            event_id: format!("bench-open-{i}"),
            memo: None,
            postings: vec![posting(&clearing, -OPENING_BALANCE), posting(&id, OPENING_BALANCE)],
            at_ms: chrono::Utc::now().timestamp_millis(),
        };
        ledger::post(&mut tx.tx, &entry).await?;
        ids.push(id);
    }
    tx.commit().await?;
    Ok(ids)
}

fn posting(account_id: &str, amount: i64) -> Posting {
    Posting { account_id: account_id.into(), currency: "IDR".into(), amount }
}

/// One table row.
fn row(backend: Backend, way: &str, clients: usize, per_s: f64, hist: &Histogram<u64>, ratio: &str) -> String {
    format!(
        "| {} | {way} | {clients} | {per_s:.0} | {:.2} | {:.2} | {:.2} | {ratio} |\n",
        backend.name(),
        hist.value_at_quantile(0.5) as f64 / 1000.0,
        hist.value_at_quantile(0.99) as f64 / 1000.0,
        hist.max() as f64 / 1000.0,
    )
}

/// How the transfers are committed.
#[derive(Clone)]
enum Way {
    /// A write transaction each.
    Alone,
    /// The group writer, a savepoint each.
    Generic(GroupWriter),
    /// The entry writer, a batch as one set.
    Entries(EntryWriter),
}

/// `clients` tasks post transfers back to back for `duration` the `way` given; returns
/// transfers/s, latencies (µs) and the number of transfers.
async fn run(
    db: &Db,
    way: &Way,
    accounts: &[String],
    clients: usize,
    duration: Duration,
) -> anyhow::Result<(f64, Histogram<u64>, u64)> {
    let started = Instant::now();
    let mut tasks = Vec::with_capacity(clients);
    for client in 0..clients {
        let (db, way) = (db.clone(), way.clone());
        let (a, b) = (accounts[2 * client].clone(), accounts[2 * client + 1].clone());
        tasks.push(tokio::spawn(async move {
            let mut hist = Histogram::<u64>::new(3).expect("histogram");
            let mut n = 0u64;
            while started.elapsed() < duration {
                let (from, to) = if n.is_multiple_of(2) { (&a, &b) } else { (&b, &a) };
                let t = Instant::now();
                let entry = NewEntry {
                    reason: EntryReason::Topup,
                    event_id: uuid::Uuid::now_v7().to_string(),
                    memo: None,
                    postings: vec![posting(from, -1), posting(to, 1)],
                    at_ms: chrono::Utc::now().timestamp_millis(),
                };
                match &way {
                    Way::Generic(writer) => {
                        writer.run(move |tx| Box::pin(async move { ledger::post(tx, &entry).await })).await?;
                    }
                    Way::Entries(writer) => {
                        writer.post(entry).await?;
                    }
                    Way::Alone => {
                        let mut tx = db.begin_write().await?;
                        ledger::post(&mut tx.tx, &entry).await?;
                        tx.commit().await?;
                    }
                }
                hist.record(t.elapsed().as_micros() as u64).ok();
                n += 1;
            }
            anyhow::Ok((hist, n))
        }));
    }
    let mut total = Histogram::<u64>::new(3).expect("histogram");
    let mut count = 0;
    for task in tasks {
        let (hist, n) = task.await??;
        total.add(hist).ok();
        count += n;
    }
    Ok((count as f64 / started.elapsed().as_secs_f64(), total, count))
}
