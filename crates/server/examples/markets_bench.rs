//! Markets figures (issue 3): (a) 1,000 candles served over HTTP at a fixed request rate;
//! (b) `/ws` fan-out to 1,000 clients across 20 instruments at 10 updates/s each, and memory per
//! idle connection; (c) the simulator's cost for one year of 1-minute candles.
//! `cargo run --release -p server --example markets_bench -- docs/bench/markets.md`
//!
//! Client and server share this machine's cores, so the figures are a floor, not a ceiling.

#[path = "common/bench_app.rs"]
mod bench_app;
#[path = "common/bench_client.rs"]
mod bench_client;
#[path = "common/machine.rs"]
mod machine;

use std::sync::Arc;
use std::time::{Duration, Instant};

use futures::{SinkExt, StreamExt};
use hdrhistogram::Histogram;
use server::features::live::frame;
use tokio_tungstenite::tungstenite::Message;

const CANDLE_RATE_PER_S: u64 = 100;
const CANDLE_RATE_FOR: Duration = Duration::from_secs(5);
const WS_CLIENTS: usize = 1_000;
const WS_INSTRUMENTS: usize = 20;
const WS_UPDATES_PER_S: u64 = 10;
const WS_PUBLISH_FOR: Duration = Duration::from_secs(5);

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let out = std::env::args().nth(1).unwrap_or_else(|| "docs/bench/markets.md".into());
    // The warm-up is timed below instead of racing the measurements.
    // Every client connects from 127.0.0.1: the per-address limit is raised to let them all in.
    let (base, state, dir) = bench_app::start("markets-bench", |s| {
        s.markets.warm_caches = false;
        s.markets.ws_connections_per_address_max = WS_CLIENTS + 10;
    })
    .await?;

    let markets = state.markets.clone();
    let warm_started = Instant::now();
    tokio::task::spawn_blocking(move || markets.warm_caches()).await?;
    let warm = warm_started.elapsed();

    let client = reqwest::Client::builder().pool_max_idle_per_host(bench_client::FIXED_RATE_LANES as usize).build()?;
    let mut rows = vec![format!(
        "| daily-cache warm-up of the 5 default instruments at start (background task) | {:.1} s |",
        warm.as_secs_f64()
    )];
    // `from` reaches far enough back for 1,000 candles of each (trading days are fewer than days).
    for (symbol, resolution, days) in
        [("BTC-IDR", "60", 60), ("AAPL", "60", 200), ("AAPL", "1D", 2_000), ("BTC-IDR", "1", 2)]
    {
        let from = (chrono::Utc::now() - chrono::Duration::days(days)).timestamp();
        let url =
            format!("{base}/api/v1/markets/candles?symbol={symbol}&resolution={resolution}&from={from}&limit=1000");
        let count = candle_count(&client, &url).await?;
        let hist = bench_client::get_fixed_rate(&client, &url, CANDLE_RATE_PER_S, CANDLE_RATE_FOR).await;
        rows.push(format!(
            "| {count} × `{resolution}` candles of {symbol} over HTTP at a fixed {CANDLE_RATE_PER_S} requests/s for {} s | p50 {} µs, p99 {} µs, max {} µs |",
            CANDLE_RATE_FOR.as_secs(),
            hist.value_at_quantile(0.5),
            hist.value_at_quantile(0.99),
            hist.max()
        ));
    }

    let ws_url = base.replace("http://", "ws://") + "/ws";
    let (idle_kib, delays, delivered, expected) = fan_out(&state, &ws_url).await?;
    rows.push(format!(
        "| memory per idle `/ws` connection (RSS delta / {WS_CLIENTS}; both ends, as client and server share the process) | {idle_kib:.1} KiB |"
    ));
    rows.push(format!(
        "| fan-out: {WS_CLIENTS} clients across {WS_INSTRUMENTS} instruments, {WS_UPDATES_PER_S} updates/s each for {} s, publish → client | p50 {} µs, p99 {} µs, max {} µs; {delivered} of {expected} frames delivered |",
        WS_PUBLISH_FOR.as_secs(),
        delays.value_at_quantile(0.5),
        delays.value_at_quantile(0.99),
        delays.max()
    ));

    let sim = state.markets.sim().clone();
    for symbol in ["BTC-IDR", "AAPL", "BBCA-IDSS"] {
        let now = sim.now();
        let started = Instant::now();
        let minutes = sim.minute_history(symbol, now - chrono::Duration::days(365), now)?;
        let took = started.elapsed();
        rows.push(format!(
            "| simulator: one year of 1-minute candles of {symbol} | {:.0} ms for {} candles ({:.2} M candles/s) |",
            took.as_secs_f64() * 1e3,
            minutes.len(),
            minutes.len() as f64 / took.as_secs_f64() / 1e6
        ));
    }

    let report = format!(
        "## Markets\n\n{}\n\n| measure | result |\n|---|---|\n{}\n\nLatency of the fixed-rate runs counts from the scheduled send time (no coordinated omission). \
         Fan-out frames are published straight into the hub (the path the live feed uses) with their send time inside; \
         each client parses every frame it receives. A slow client is never queued: it gets the latest frame of each channel.\n",
        machine::machine_line(),
        rows.join("\n")
    );
    machine::write_report(&out, &report)?;
    let _ = std::fs::remove_dir_all(dir);
    Ok(())
}

async fn candle_count(client: &reqwest::Client, url: &str) -> anyhow::Result<usize> {
    let body: serde_json::Value = client.get(url).send().await?.error_for_status()?.json().await?;
    Ok(body["data"]["candles"].as_array().map_or(0, Vec::len))
}

fn rss_kib() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("VmRSS:")).and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0.0)
}

/// Connects the clients idle (memory), subscribes them, publishes, and collects delays (µs).
async fn fan_out(state: &server::state::AppState, url: &str) -> anyhow::Result<(f64, Histogram<u64>, u64, u64)> {
    // `flags:` channels carry nothing else between operator changes, so every frame is ours.
    let channels: Vec<String> = state
        .markets
        .assets_of(market_class())
        .iter()
        .take(WS_INSTRUMENTS)
        .map(|a| format!("flags:{}", a.symbol))
        .collect();
    let before = rss_kib();
    let mut sockets = Vec::with_capacity(WS_CLIENTS);
    for _ in 0..WS_CLIENTS {
        sockets.push(tokio_tungstenite::connect_async(url).await?.0);
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let idle_kib = (rss_kib() - before) / WS_CLIENTS as f64;

    let epoch = Instant::now();
    let expected_per_client = WS_UPDATES_PER_S * WS_PUBLISH_FOR.as_secs();
    let ready = Arc::new(tokio::sync::Barrier::new(WS_CLIENTS + 1));
    let mut clients = Vec::with_capacity(WS_CLIENTS);
    for (n, mut socket) in sockets.into_iter().enumerate() {
        let channel = channels[n % channels.len()].clone();
        let ready = ready.clone();
        clients.push(tokio::spawn(async move {
            let subscribe = serde_json::json!({"op": "subscribe", "channels": [channel]}).to_string();
            socket.send(Message::Text(subscribe.into())).await.expect("subscribe");
            let mut hist = Histogram::<u64>::new(3).expect("histogram");
            let mut subscribed = false;
            let mut got = 0u64;
            loop {
                let wait = if subscribed { Duration::from_secs(3) } else { Duration::from_secs(30) };
                let Ok(Some(Ok(message))) = tokio::time::timeout(wait, socket.next()).await else { break };
                let Message::Text(text) = message else { continue };
                let value: serde_json::Value = serde_json::from_str(text.as_str()).unwrap_or_default();
                if value["type"] == "subscribed" && !subscribed {
                    subscribed = true;
                    ready.wait().await;
                } else if let Some(sent) = value["data"]["sentUs"].as_u64() {
                    hist.record((epoch.elapsed().as_micros() as u64).saturating_sub(sent)).ok();
                    got += 1;
                    if got == expected_per_client {
                        break;
                    }
                }
            }
            (hist, got)
        }));
    }
    ready.wait().await;
    let hub = state.hub.clone();
    let mut ticker = tokio::time::interval(Duration::from_millis(1000 / WS_UPDATES_PER_S));
    for seq in 0..expected_per_client {
        ticker.tick().await;
        for channel in &channels {
            let data = serde_json::json!({"seq": seq, "sentUs": epoch.elapsed().as_micros() as u64});
            hub.publish(channel, frame("bench", channel, &data));
        }
    }
    let mut total = Histogram::<u64>::new(3).expect("histogram");
    let mut delivered = 0;
    for client in clients {
        let (hist, got) = client.await?;
        total.add(hist).ok();
        delivered += got;
    }
    Ok((idle_kib, total, delivered, expected_per_client * WS_CLIENTS as u64))
}

fn market_class() -> market::AssetClass {
    market::AssetClass::Crypto
}
