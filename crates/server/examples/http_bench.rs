//! The API's baseline: the JSON round trip of a trivial call (`GET /api/v1/app/config`) through
//! every layer, at full speed and at a fixed rate, plus a stored write with idempotency.
//! `cargo run --release -p server --example http_bench -- docs/bench/http.md`
//!
//! Client and server share this machine's cores, so the figures are a floor, not a ceiling.

#[path = "common/bench_app.rs"]
mod bench_app;
#[path = "common/bench_client.rs"]
mod bench_client;
#[path = "common/machine.rs"]
mod machine;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use hdrhistogram::Histogram;

const CONCURRENCY: usize = 32;
const CLOSED_LOOP_FOR: Duration = Duration::from_secs(5);
const FIXED_RATE_PER_S: u64 = 2_000;
const FIXED_RATE_FOR: Duration = Duration::from_secs(5);

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let out = std::env::args().nth(1).unwrap_or_else(|| "docs/bench/http.md".into());
    let (base, _, dir) = bench_app::start("http-bench", |_| {}).await?;
    let client = reqwest::Client::builder().pool_max_idle_per_host(bench_client::FIXED_RATE_LANES as usize).build()?;
    let read_url = format!("{base}/api/v1/app/config");

    closed_loop(&client, &read_url, None, Duration::from_secs(1)).await; // warm-up
    let (read_rps, read_hist) = closed_loop(&client, &read_url, None, CLOSED_LOOP_FOR).await;
    let fixed = bench_client::get_fixed_rate(&client, &read_url, FIXED_RATE_PER_S, FIXED_RATE_FOR).await;
    let write_url = format!("{base}/api/v1/analytics/events");
    let (write_rps, write_hist) = closed_loop(&client, &write_url, Some(()), CLOSED_LOOP_FOR).await;

    let report = format!(
        "## HTTP API baseline\n\n{machine}\n\n\
         | measure | result |\n|---|---|\n\
         | `GET /api/v1/app/config`, {CONCURRENCY} concurrent clients, full speed | {read_rps:.0} requests/s, p50 {r50} µs, p99 {r99} µs |\n\
         | same call at a fixed {FIXED_RATE_PER_S} requests/s for {fixed_s} s (latency from the scheduled start) | p50 {f50} µs, p99 {f99} µs, p99.9 {f999} µs, max {fmax} µs |\n\
         | `POST /api/v1/analytics/events` (SQLite write + idempotency key), {CONCURRENCY} concurrent | {write_rps:.0} requests/s, p50 {w50} µs, p99 {w99} µs |\n",
        machine = machine::machine_line(),
        r50 = read_hist.value_at_quantile(0.5),
        r99 = read_hist.value_at_quantile(0.99),
        fixed_s = FIXED_RATE_FOR.as_secs(),
        f50 = fixed.value_at_quantile(0.5),
        f99 = fixed.value_at_quantile(0.99),
        f999 = fixed.value_at_quantile(0.999),
        fmax = fixed.max(),
        w50 = write_hist.value_at_quantile(0.5),
        w99 = write_hist.value_at_quantile(0.99),
    );
    machine::write_report(&out, &report)?;
    let _ = std::fs::remove_dir_all(dir);
    Ok(())
}

/// `CONCURRENCY` clients send back-to-back for `duration`; returns requests/s and latencies (µs).
async fn closed_loop(
    client: &reqwest::Client,
    url: &str,
    write: Option<()>,
    duration: Duration,
) -> (f64, Histogram<u64>) {
    let counter = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    let mut tasks = Vec::new();
    for worker in 0..CONCURRENCY {
        let (client, url, counter) = (client.clone(), url.to_string(), counter.clone());
        tasks.push(tokio::spawn(async move {
            let mut hist = Histogram::<u64>::new(3).expect("histogram");
            let mut n = 0u64;
            while started.elapsed() < duration {
                let t = Instant::now();
                let response = match write {
                    None => client.get(&url).send().await,
                    Some(()) => client
                        .post(&url)
                        .header("x-request-id", format!("bench-{worker}-{n}"))
                        .header("x-device-id", format!("bench-device-{worker}"))
                        .json(&serde_json::json!({"events": [{"name": "bench_event", "occurredAt": "2026-11-22T00:00:00Z"}]}))
                        .send()
                        .await,
                };
                let ok = response.is_ok_and(|r| r.status().is_success());
                assert!(ok, "bench request failed");
                hist.record(t.elapsed().as_micros() as u64).ok();
                counter.fetch_add(1, Ordering::Relaxed);
                n += 1;
            }
            hist
        }));
    }
    let mut total = Histogram::<u64>::new(3).expect("histogram");
    for task in tasks {
        total.add(task.await.expect("worker")).ok();
    }
    (counter.load(Ordering::Relaxed) as f64 / started.elapsed().as_secs_f64(), total)
}
