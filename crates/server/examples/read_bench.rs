//! The read path (issue 12) beside a bare axum JSON route served by the same process in the same
//! run: 32 clients back to back on each URL (requests/s, p50, p99, the ratio to the bare route),
//! then each URL at a fixed 70 % of its own peak (p99 with queueing counted). Rate limiting and
//! metrics stay on; the limit is raised so one address can send the whole load. The rows in
//! between tell where the time goes: the bare route (axum and the client), `/healthz` (every layer
//! of the stack: request id, maintenance gate, rate limit, metrics, compression, security headers),
//! then each handler's own work.
//! `cargo run --release -p server --example read_bench -- docs/bench/read.md`
//!
//! The daily candle caches the server warms in the background after it starts are warmed before
//! the first row, so every row measures the warmed server (docs/benchmarks.md shows what that
//! start-up work did to the first rows' tails).
//!
//! Client and server share this machine's cores in the first table, so its figures are a floor.
//! The second table runs the server and the load in processes of their own, each pinned to a core
//! of its own (`common/own_process_load.rs`), as wrk2 is run: its fixed-rate tails are the server's.

#[path = "common/bench_app.rs"]
mod bench_app;
#[path = "common/bench_client.rs"]
mod bench_client;
#[path = "common/machine.rs"]
mod machine;
#[path = "common/own_process_load.rs"]
mod own_process_load;

use std::time::Duration;

use axum::routing::get;
use axum::Json;
use serde_json::json;

const CLIENTS: usize = 32;
const RUN_FOR: Duration = Duration::from_secs(4);

/// A small JSON answer of the size of a ticker, from nothing but axum.
async fn bare() -> Json<serde_json::Value> {
    Json(json!({"data": {"symbol": "BTC-IDR", "last": "1523456789", "bid": "1523400000", "ask": "1523500000",
        "change24h": "1.25", "volume24h": "12.345678", "high24h": "1530000000", "low24h": "1500000000"}}))
}

fn main() -> anyhow::Result<()> {
    match std::env::args().nth(1).as_deref() {
        Some(own_process_load::LOAD_ROLE) => own_process_load::load_process_main(CLIENTS),
        Some(own_process_load::SERVE_ROLE) => tokio::runtime::Runtime::new()?.block_on(serve_until_told()),
        _ => tokio::runtime::Runtime::new()?.block_on(measure()),
    }
}

/// The app and the bare route, started and warmed: (the app's base URL, the bare route's URL, the
/// database's folder to remove).
async fn start_servers() -> anyhow::Result<(String, String, std::path::PathBuf)> {
    let (base, state, dir) = bench_app::start("read-bench", |s| {
        s.rate_limit.per_second = 10_000_000;
        s.rate_limit.burst = 10_000_000;
        s.markets.warm_caches = false;
    })
    .await?;
    // The server warms its daily candle caches in the background after it starts (seconds of one
    // core); the figures are of the warmed server, so that work is done before the first row.
    let markets = state.markets.clone();
    tokio::task::spawn_blocking(move || markets.warm_caches()).await?;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let bare_url = format!("http://{}/bare", listener.local_addr()?);
    tokio::spawn(async move { axum::serve(listener, axum::Router::new().route("/bare", get(bare))).await });
    Ok((base, bare_url, dir))
}

/// The URLs measured, in the table's order, under their names.
fn urls(base: &str, bare_url: &str) -> Vec<(&'static str, String)> {
    let from = (chrono::Utc::now() - chrono::Duration::days(20)).timestamp();
    vec![
        ("bare axum JSON route (reference)", bare_url.to_owned()),
        ("`/healthz` (the whole layer stack)", format!("{base}/healthz")),
        ("ticker", format!("{base}/api/v1/markets/ticker?symbol=BTC-IDR")),
        ("order book", format!("{base}/api/v1/crypto/order-book?symbol=BTC-IDR")),
        ("symbol info", format!("{base}/api/v1/markets/symbol-info?symbol=BTC-IDR")),
        (
            "300 hourly candles",
            format!("{base}/api/v1/markets/candles?symbol=BTC-IDR&resolution=60&from={from}&limit=300"),
        ),
    ]
}

/// The server role of the second table: serves until its standard input closes.
async fn serve_until_told() -> anyhow::Result<()> {
    let (base, bare_url, dir) = start_servers().await?;
    println!("{base} {bare_url}");
    let mut rest = Vec::new();
    tokio::io::AsyncReadExt::read_to_end(&mut tokio::io::stdin(), &mut rest).await?;
    let _ = std::fs::remove_dir_all(dir);
    Ok(())
}

async fn measure() -> anyhow::Result<()> {
    let out = std::env::args().nth(1).unwrap_or_else(|| "docs/bench/read.md".into());
    let (base, bare_url, dir) = start_servers().await?;
    let client = reqwest::Client::builder().pool_max_idle_per_host(bench_client::FIXED_RATE_LANES as usize).build()?;
    let urls = urls(&base, &bare_url);
    let mut rows = Vec::new();
    let mut reference = 0.0;
    for (name, url) in &urls {
        bench_client::get_loop(&client, url, CLIENTS, Duration::from_secs(1)).await; // warm-up
        let (rps, hist) = bench_client::get_loop(&client, url, CLIENTS, RUN_FOR).await;
        if reference == 0.0 {
            reference = rps;
        }
        let rate = (rps * 0.7) as u64;
        let fixed = bench_client::get_fixed_rate(&client, url, rate, RUN_FOR).await;
        rows.push(format!(
            "| {name} | {rps:.0} req/s, p50 {:.2} ms, p99 {:.2} ms | {:.2}× | {rate} req/s: p50 {:.2} ms, p99 {:.2} ms |",
            hist.value_at_quantile(0.5) as f64 / 1000.0,
            hist.value_at_quantile(0.99) as f64 / 1000.0,
            rps / reference,
            fixed.value_at_quantile(0.5) as f64 / 1000.0,
            fixed.value_at_quantile(0.99) as f64 / 1000.0,
        ));
    }
    let own_process = in_own_processes().await?;
    let report = format!(
        "## Read path\n\n{machine}\n\n{CLIENTS} clients back to back for {secs} s on each URL, then the same URL at \
         a fixed 70 % of its own peak, sent as wrk2 does over {lanes} kept-alive connections, each on its own share \
         of the schedule (a send that waited for its connection counts from its scheduled time, so queueing is \
         counted; one whose connection was free counts from when it went out). Rate limiting and metrics on (limit raised: one address sends everything).\n\n\
         | URL | {CLIENTS} clients, full speed | ratio to bare axum | at 70 % of peak |\n|---|---|---|---|\n{rows}\n\n\
         **Server and load in processes of their own.** The same URLs again, as wrk2 is run: the server (the same \
         app and bare route) in a process pinned to one core, so its runtime has one worker, and the load \
         generator in another pinned to the other core, one thread sending bare HTTP/1.1 requests on kept-alive \
         connections: {CLIENTS} connections back to back, then 70 % of that peak over {lanes} connections as above.\n\n\
         | URL | {CLIENTS} clients, full speed | ratio to bare axum | at 70 % of peak |\n|---|---|---|---|\n{own_process}\n",
        machine = machine::machine_line(),
        secs = RUN_FOR.as_secs(),
        lanes = bench_client::FIXED_RATE_LANES,
        rows = rows.join("\n"),
    );
    machine::write_report(&out, &report)?;
    let _ = std::fs::remove_dir_all(dir);
    Ok(())
}

/// The second table: the server in a process of its own pinned to one core, the load from
/// another pinned to the other; each URL's peak and 70 % of it.
async fn in_own_processes() -> anyhow::Result<String> {
    let server = own_process_load::Server::start().await?;
    let mut rows = Vec::new();
    let mut reference = 0.0;
    for (name, url) in urls(&server.base, &server.bare_url) {
        own_process_load::run(&url, 0, Duration::from_secs(1)).await?; // warm-up
        let peak = own_process_load::run(&url, 0, RUN_FOR).await?;
        if reference == 0.0 {
            reference = peak.per_second;
        }
        let rate = (peak.per_second * 0.7) as u64;
        let fixed = own_process_load::run(&url, rate, RUN_FOR).await?;
        rows.push(format!(
            "| {name} | {:.0} req/s, {} | {:.2}× | {:.0} req/s: {} |",
            peak.per_second,
            peak.latencies(),
            peak.per_second / reference,
            fixed.per_second,
            fixed.latencies(),
        ));
    }
    server.stop().await?;
    Ok(rows.join("\n"))
}
