//! Crypto order placement over HTTP with durable storage: orders per second and latency with 1 and
//! 32 clients, on SQLite (synchronous=FULL) and PostgreSQL (127.0.0.1:5432, skipped when absent).
//! Two kinds: a limit buy that rests (order row + hold, one transaction) and a market buy by amount
//! that fills against the liquidity providers (order, hold, fills with fee, all in one transaction).
//! Next to each row, the ratio to a baseline measured in the same run on the same database and pool:
//! a raw loop of one-row inserts, each in its own write transaction, with as many writers as clients.
//! `cargo run --release -p server --example order_bench -- docs/bench/orders.md`
//! `ORDER_BENCH_ONLY=postgres` (or `sqlite`) measures one database alone, for profiles and A/B runs.

#[path = "common/bench_app.rs"]
mod bench_app;
#[path = "common/bench_client.rs"]
mod bench_client;
#[path = "common/bench_funds.rs"]
mod bench_funds;
#[path = "common/machine.rs"]
mod machine;
#[path = "common/raw_commit.rs"]
mod raw_commit;

use serde_json::json;
use store::{ledger, Backend};

const CLIENTS: [usize; 2] = [1, 32];

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let out = std::env::args().nth(1).unwrap_or_else(|| "docs/bench/orders.md".into());
    let mut rows = Vec::new();
    let not_measured = |e| rows.push(format!("| PostgreSQL | — | — | not measured: {e} | — |"));
    let only = std::env::var("ORDER_BENCH_ONLY").unwrap_or_default().to_lowercase();
    for database in bench_app::databases(not_measured).await {
        if !database.name.to_lowercase().contains(&only) {
            continue;
        }
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
                let ratio = raw_commit::ratio(&baseline, clients, orders_per_s, p50);
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
        let (commits_per_s, hist) = raw_commit::raw_commits(db, clients, bench_client::RUN_FOR).await?;
        let (p50, p99) = (hist.value_at_quantile(0.5) as f64 / 1000.0, hist.value_at_quantile(0.99) as f64 / 1000.0);
        baseline.push((clients, commits_per_s, p50));
        rows.push(format!(
            "| {} | baseline: raw one-row insert + commit | {clients} | {commits_per_s:.0} commits/s, p50 {p50:.1} ms, p99 {p99:.1} ms | 1.00× |",
            name(backend),
        ));
    }
    Ok(baseline)
}

/// Credits a large rupiah balance, as a paid top-up would.
async fn fund(db: &store::Db, user_id: &str) -> anyhow::Result<()> {
    let mut wtx = db.begin_write().await?;
    bench_funds::credit_rupiah(&mut wtx.tx, user_id).await?;
    wtx.commit().await?;
    Ok(())
}
