//! Crypto order placement over HTTP with durable storage: orders per second and latency with 1 and
//! 32 clients, on SQLite (synchronous=FULL) and PostgreSQL (127.0.0.1:5432, skipped when absent).
//! Two kinds: a limit buy that rests (order row + hold, one transaction) and a market buy by amount
//! that fills against the liquidity providers (order, hold, fills with fee, all in one transaction).
//! Next to each row, the ratio to a baseline measured in the same run on the same database and pool:
//! a raw loop of one-row inserts, each in its own write transaction, with as many writers as clients.
//! `cargo run --release -p server --example order_bench -- docs/bench/orders.md`

#[path = "common/bench_app.rs"]
mod bench_app;
#[path = "common/bench_client.rs"]
mod bench_client;
#[path = "common/bench_funds.rs"]
mod bench_funds;
#[path = "common/machine.rs"]
mod machine;

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use hdrhistogram::Histogram;
use serde_json::json;
use store::{ledger, Backend};

const CLIENTS: [usize; 2] = [1, 32];

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let out = std::env::args().nth(1).unwrap_or_else(|| "docs/bench/orders.md".into());
    let mut rows = Vec::new();
    let not_measured = |e| rows.push(format!("| PostgreSQL | — | — | not measured: {e} | — |"));
    for database in bench_app::databases(not_measured).await {
        let (backend, url) = (database.backend, database.url);
        let (base, state, dir) = bench_app::start("order-bench", |s| {
            s.markets.warm_caches = false;
            s.trading.open_orders_per_user_max = 1_000_000;
            if let Some(url) = url {
                s.database.url = url;
            }
        })
        .await?;
        let client = reqwest::Client::builder().pool_max_idle_per_host(64).build()?;
        let (token, user_id) = bench_client::sign_up(&client, &base, "+6281234560999").await?;
        fund(&state.db, &user_id).await?;
        let bid = bench_client::crypto_bid(&client, &base).await?;
        let baseline = baseline(&state.db, backend, &mut rows).await?;
        // Half the market: rests in the book, never fills.
        let limit = json!({"symbol": "BTC-IDR", "orderType": "LIMIT", "quantity": "0.0001", "limitPrice": (bid / 2).to_string()});
        let market = json!({"symbol": "USDT-IDR", "orderType": "instant", "inputType": "amount", "amount": "10000"});
        for (kind, body) in [("limit buy, rests", &limit), ("market buy by amount, fills", &market)] {
            for clients in CLIENTS {
                let (orders_per_s, hist) =
                    bench_client::run(&client, &format!("{base}/api/v1/crypto/buy"), &token, body, clients).await;
                let p50 = hist.value_at_quantile(0.5) as f64 / 1000.0;
                let ratio = ratio(&baseline, clients, orders_per_s, p50);
                rows.push(format!(
                    "| {} | {kind} | {clients} | {:.0} orders/s, p50 {p50:.1} ms, p99 {:.1} ms | {ratio} |",
                    name(backend),
                    orders_per_s,
                    hist.value_at_quantile(0.99) as f64 / 1000.0,
                ));
            }
        }
        let problems = ledger::check(&state.db).await?;
        anyhow::ensure!(problems.is_empty(), "ledger check failed: {problems:?}");
        let _ = std::fs::remove_dir_all(dir);
    }
    let report = format!(
        "## Crypto order placement over HTTP\n\n{machine}\n\n\
         `POST /api/v1/crypto/buy` through every layer (auth, idempotency key, the pair's book owner, \
         orders queued together committed in one database transaction), {secs} s per row, closed loop; the \
         ledger check passes after each backend. The ratio compares orders/s with the baseline's commits/s \
         at the same number of clients (and, at one client, the median acknowledgement with one raw commit).\n\n\
         | database | order | clients | result | vs baseline |\n|---|---|---|---|---|\n{rows}\n",
        machine = machine::machine_line(),
        secs = bench_client::RUN_FOR.as_secs(),
        rows = rows.join("\n"),
    );
    machine::write_report(&out, &report)?;
    Ok(())
}

fn name(backend: Backend) -> &'static str {
    if backend == Backend::Sqlite {
        "SQLite"
    } else {
        "PostgreSQL"
    }
}

/// Measures the baseline at every client count, adding its rows; (clients, commits/s, p50 ms).
async fn baseline(db: &store::Db, backend: Backend, rows: &mut Vec<String>) -> anyhow::Result<Vec<(usize, f64, f64)>> {
    let mut baseline = Vec::new();
    for clients in CLIENTS {
        let (commits_per_s, hist) = raw_commits(db, clients).await?;
        let (p50, p99) = (hist.value_at_quantile(0.5) as f64 / 1000.0, hist.value_at_quantile(0.99) as f64 / 1000.0);
        baseline.push((clients, commits_per_s, p50));
        rows.push(format!(
            "| {} | baseline: raw one-row insert + commit | {clients} | {commits_per_s:.0} commits/s, p50 {p50:.1} ms, p99 {p99:.1} ms | 1.00× |",
            name(backend),
        ));
    }
    Ok(baseline)
}

/// Throughput against the raw commit rate; at one client, also latency against one raw commit.
fn ratio(baseline: &[(usize, f64, f64)], clients: usize, orders_per_s: f64, p50: f64) -> String {
    let (_, raw_per_s, raw_p50) =
        baseline.iter().copied().find(|(c, _, _)| *c == clients).expect("a baseline per client count");
    if clients == 1 {
        format!("{:.2}× rate, p50 {:.2}× raw", orders_per_s / raw_per_s, p50 / raw_p50)
    } else {
        format!("{:.2}×", orders_per_s / raw_per_s)
    }
}

/// The baseline: `writers` loops each inserting one row per write transaction for `RUN_FOR`, on
/// the application's own database handle; commits per second and latency.
async fn raw_commits(db: &store::Db, writers: usize) -> anyhow::Result<(f64, Histogram<u64>)> {
    sqlx::query("create table if not exists bench_raw (id bigint primary key, at bigint not null)")
        .execute(db.pool())
        .await?;
    let next = Arc::new(AtomicI64::new(
        sqlx::query_scalar::<_, i64>("select coalesce(max(id), 0) from bench_raw").fetch_one(db.pool()).await?,
    ));
    let started = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..writers {
        let (db, next) = (db.clone(), next.clone());
        tasks.push(tokio::spawn(async move {
            let mut hist = Histogram::<u64>::new(3).expect("histogram");
            while started.elapsed() < bench_client::RUN_FOR {
                let t = Instant::now();
                let mut wtx = db.begin_write().await?;
                sqlx::query("insert into bench_raw (id, at) values ($1, $2)")
                    .bind(next.fetch_add(1, Ordering::Relaxed) + 1)
                    .bind(chrono::Utc::now().timestamp_millis())
                    .execute(&mut *wtx.tx)
                    .await?;
                wtx.commit().await?;
                hist.record(t.elapsed().as_micros() as u64).ok();
            }
            anyhow::Ok(hist)
        }));
    }
    let mut hist = Histogram::<u64>::new(3).expect("histogram");
    for task in tasks {
        hist.add(task.await??).ok();
    }
    Ok((hist.len() as f64 / started.elapsed().as_secs_f64(), hist))
}

/// Credits a large rupiah balance, as a paid top-up would.
async fn fund(db: &store::Db, user_id: &str) -> anyhow::Result<()> {
    let mut wtx = db.begin_write().await?;
    bench_funds::credit_rupiah(&mut wtx.tx, user_id).await?;
    wtx.commit().await?;
    Ok(())
}
