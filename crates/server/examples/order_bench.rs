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
#[path = "common/cpu_use.rs"]
mod cpu_use;
#[path = "common/machine.rs"]
mod machine;
#[path = "common/raw_commit.rs"]
mod raw_commit;

use cpu_use::CpuUse;
use serde_json::json;
use store::{ledger, Backend};

const CLIENTS: [usize; 2] = [1, 32];
/// The pairs of the spread row: each has a book owner of its own, and a user of its own buys on it.
const SPREAD_PAIRS: [&str; 4] = ["BTC-IDR", "ETH-IDR", "USDT-IDR", "SOL-IDR"];
/// Clients of the spread row, spread evenly over its pairs.
const SPREAD_CLIENTS: usize = 32;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let out = std::env::args().nth(1).unwrap_or_else(|| "docs/bench/orders.md".into());
    let mut rows = Vec::new();
    let mut owner_rows = Vec::new();
    let not_measured = |e| rows.push(format!("| PostgreSQL | — | — | not measured: {e} | — | — |"));
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
                let phases = OwnerPhases::read(&state);
                let cpu = CpuUse::now();
                let (orders_per_s, hist) =
                    bench_client::run(&client, &format!("{base}/api/v1/crypto/buy"), &token, body, clients).await;
                let cpu = cpu.spent(orders_per_s * bench_client::RUN_FOR.as_secs_f64());
                owner_rows.push(format!("| {} | {kind} | {clients} | {} |", name(backend), phases.since(&state)));
                let p50 = hist.value_at_quantile(0.5) as f64 / 1000.0;
                let ratio = raw_commit::ratio(&baseline, clients, orders_per_s, p50);
                rows.push(format!(
                    "| {} | {kind} | {clients} | {:.0} orders/s, p50 {p50:.1} ms, p99 {:.1} ms | {ratio} | {} |",
                    name(backend),
                    orders_per_s,
                    hist.value_at_quantile(0.99) as f64 / 1000.0,
                    cpu.text(),
                ));
            }
        }
        rows.push(spread_row(&client, &base, &state, backend, &baseline).await?);
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
         The last column is the CPU one order (or raw commit) cost, read from `/proc` around the row: this \
         process (the HTTP clients, the server and its book owners) and every PostgreSQL process (on SQLite \
         the database works inside this process). When the cores are all busy, orders/s cannot pass the cores \
         divided by that cost, whatever is batched (docs/bench/order-path.md).\n\n\
         | database | order | clients | result | vs baseline | CPU an order |\n|---|---|---|---|---|---|\n{rows}\n\n\
         Where the book owner's time went in the same rows (`order_batch_phase_seconds`, batches run without \
         savepoints; the owner runs one batch at a time, so the sum is its time a batch):\n\n\
         | database | order | clients | owner, a batch |\n|---|---|---|---|\n{owner_rows}\n",
        machine = machine::machine_line(),
        secs = bench_client::RUN_FOR.as_secs(),
        rows = rows.join("\n"),
        owner_rows = owner_rows.join("\n"),
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
        let cpu = CpuUse::now();
        let (commits_per_s, hist) = raw_commit::raw_commits(db, clients, bench_client::RUN_FOR).await?;
        let cpu = cpu.spent(commits_per_s * bench_client::RUN_FOR.as_secs_f64());
        let (p50, p99) = (hist.value_at_quantile(0.5) as f64 / 1000.0, hist.value_at_quantile(0.99) as f64 / 1000.0);
        baseline.push((clients, commits_per_s, p50));
        rows.push(format!(
            "| {} | baseline: raw one-row insert + commit | {clients} | {commits_per_s:.0} commits/s, p50 {p50:.1} ms, p99 {p99:.1} ms | 1.00× | {} |",
            name(backend),
            cpu.text(),
        ));
    }
    Ok(baseline)
}

/// The row of [`SPREAD_CLIENTS`] clients placing resting limit buys over [`SPREAD_PAIRS`].
async fn spread_row(
    client: &reqwest::Client,
    base: &str,
    state: &server::state::AppState,
    backend: Backend,
    baseline: &[(usize, f64, f64)],
) -> anyhow::Result<String> {
    let spread = spread_over_pairs(client, base, &state.db).await?;
    let cpu = CpuUse::now();
    let (orders_per_s, hist) =
        bench_client::run_mixed(client, &format!("{base}/api/v1/crypto/buy"), &spread, SPREAD_CLIENTS).await;
    let cpu = cpu.spent(orders_per_s * bench_client::RUN_FOR.as_secs_f64());
    let p50 = hist.value_at_quantile(0.5) as f64 / 1000.0;
    Ok(format!(
        "| {} | limit buy, rests, over {} pairs (a user each) | {SPREAD_CLIENTS} | {orders_per_s:.0} orders/s, p50 {p50:.1} ms, p99 {:.1} ms | {} | {} |",
        name(backend),
        SPREAD_PAIRS.len(),
        hist.value_at_quantile(0.99) as f64 / 1000.0,
        raw_commit::ratio(baseline, SPREAD_CLIENTS, orders_per_s, p50),
        cpu.text(),
    ))
}

/// A funded user and a resting limit buy (half the bid, about 200,000 rupiah) for each of
/// [`SPREAD_PAIRS`]: (token, body) per pair.
async fn spread_over_pairs(
    client: &reqwest::Client,
    base: &str,
    db: &store::Db,
) -> anyhow::Result<Vec<(String, serde_json::Value)>> {
    let mut callers = Vec::new();
    for (i, symbol) in SPREAD_PAIRS.into_iter().enumerate() {
        let (token, user_id) = bench_client::sign_up(client, base, &format!("+62812345610{i:02}")).await?;
        fund(db, &user_id).await?;
        let bid = bench_client::best_bid_text(client, base, symbol).await?;
        let decimals = bid.split_once('.').map_or(0, |(_, fraction)| fraction.len());
        let limit: f64 = bid.parse::<f64>()? / 2.0;
        let quantity = 200_000.0 / limit;
        let quantity = if quantity >= 1.0 {
            format!("{}", quantity.ceil())
        } else {
            format!("{:.4}", (quantity * 1e4).ceil() / 1e4)
        };
        let body = json!({"symbol": symbol, "orderType": "LIMIT", "quantity": quantity, "limitPrice": format!("{limit:.decimals$}")});
        callers.push((token, body));
    }
    Ok(callers)
}

/// The book owners' batch figures (`order_batch_size`, `order_batch_phase_seconds`) summed over
/// pairs at one moment: (metric and phase, (sum, count)).
struct OwnerPhases(std::collections::HashMap<String, (f64, f64)>);

impl OwnerPhases {
    const PHASES: [&'static str; 4] = ["begin", "commands", "write", "commit"];

    fn read(state: &server::state::AppState) -> Self {
        let mut figures = std::collections::HashMap::new();
        for line in state.metrics.render().lines() {
            let Some((name, value)) = line.rsplit_once(' ') else { continue };
            let Ok(value) = value.parse::<f64>() else { continue };
            let (metric, labels) = name.split_once('{').unwrap_or((name, ""));
            let (base, is_count) = match (metric.strip_suffix("_sum"), metric.strip_suffix("_count")) {
                (Some(base), _) => (base, false),
                (_, Some(base)) => (base, true),
                _ => continue,
            };
            let phase =
                labels.split(',').find_map(|l| l.strip_prefix("phase=\"")).map(|p| p.trim_end_matches(['"', '}']));
            let key = match (base, phase) {
                ("order_batch_size", _) => "size".to_owned(),
                ("order_batch_phase_seconds", Some(phase)) => phase.to_owned(),
                _ => continue,
            };
            let entry: &mut (f64, f64) = figures.entry(key).or_default();
            if is_count {
                entry.1 += value;
            } else {
                entry.0 += value;
            }
        }
        Self(figures)
    }

    /// "14.6 orders: begin 0.30 + commands 0.45 + write 1.60 + commit 0.50 = 2.85 ms" since `self`.
    fn since(&self, state: &server::state::AppState) -> String {
        let now = Self::read(state);
        let mean = |key: &str| {
            let (sum, count) = now.0.get(key).copied().unwrap_or_default();
            let (sum0, count0) = self.0.get(key).copied().unwrap_or_default();
            (count - count0 > 0.0).then(|| (sum - sum0) / (count - count0))
        };
        let Some(size) = mean("size") else { return "no batch".into() };
        let phases: Vec<f64> = Self::PHASES.iter().map(|p| mean(p).unwrap_or(0.0) * 1000.0).collect();
        let parts: Vec<String> = Self::PHASES.iter().zip(&phases).map(|(p, ms)| format!("{p} {ms:.2}")).collect();
        format!("{size:.1} orders: {} = {:.2} ms", parts.join(" + "), phases.iter().sum::<f64>())
    }
}

/// Credits a large rupiah balance, as a paid top-up would.
async fn fund(db: &store::Db, user_id: &str) -> anyhow::Result<()> {
    let mut wtx = db.begin_write().await?;
    bench_funds::credit_rupiah(&mut wtx.tx, user_id).await?;
    wtx.commit().await?;
    Ok(())
}
