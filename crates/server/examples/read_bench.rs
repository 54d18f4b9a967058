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
//! Client and server share this machine's cores, so the figures are a floor, not a ceiling.

#[path = "common/bench_app.rs"]
mod bench_app;
#[path = "common/bench_client.rs"]
mod bench_client;
#[path = "common/machine.rs"]
mod machine;

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

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let out = std::env::args().nth(1).unwrap_or_else(|| "docs/bench/read.md".into());
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

    let client = reqwest::Client::builder().pool_max_idle_per_host(bench_client::FIXED_RATE_LANES as usize).build()?;
    let from = (chrono::Utc::now() - chrono::Duration::days(20)).timestamp();
    let urls = [
        ("bare axum JSON route (reference)", bare_url.clone()),
        ("`/healthz` (the whole layer stack)", format!("{base}/healthz")),
        ("ticker", format!("{base}/api/v1/markets/ticker?symbol=BTC-IDR")),
        ("order book", format!("{base}/api/v1/crypto/order-book?symbol=BTC-IDR")),
        ("symbol info", format!("{base}/api/v1/markets/symbol-info?symbol=BTC-IDR")),
        (
            "300 hourly candles",
            format!("{base}/api/v1/markets/candles?symbol=BTC-IDR&resolution=60&from={from}&limit=300"),
        ),
    ];
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
    let report = format!(
        "## Read path\n\n{machine}\n\n{CLIENTS} clients back to back for {secs} s on each URL, then the same URL at \
         a fixed 70 % of its own peak, sent as wrk2 does over {lanes} kept-alive connections, each on its own share \
         of the schedule (a send that waited for its connection counts from its scheduled time, so queueing is \
         counted; one whose connection was free counts from when it went out). Rate limiting and metrics on (limit raised: one address sends everything).\n\n\
         | URL | {CLIENTS} clients, full speed | ratio to bare axum | at 70 % of peak |\n|---|---|---|---|\n{rows}\n",
        machine = machine::machine_line(),
        secs = RUN_FOR.as_secs(),
        lanes = bench_client::FIXED_RATE_LANES,
        rows = rows.join("\n"),
    );
    machine::write_report(&out, &report)?;
    let _ = std::fs::remove_dir_all(dir);
    Ok(())
}
