//! Benchmark of the sandbox simulator: the cost of one year of one-minute candles for one instrument,
//! and of serving 1,000 candles at 1D and 60-minute resolution (cold and warm caches).
//!
//! Usage: `cargo run --release -p market --bin market_bench -- docs/bench/market.md`
//! Writes a markdown section to the given path (creating its folder) and prints it.

use std::fmt::Write as _;
use std::time::{Duration as StdDuration, Instant};

use chrono::{Duration, Utc};
use market::{Catalogue, Resolution, SimConfig, Simulator};

/// Runs `f` and returns its result and elapsed time.
fn timed<T>(f: impl FnOnce() -> T) -> (T, StdDuration) {
    let start = Instant::now();
    let out = f();
    (out, start.elapsed())
}

fn ms(d: StdDuration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1e3)
}

fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("model name")).map(|l| l.split(':').nth(1).unwrap_or("").trim().to_owned())
        })
        .unwrap_or_else(|| "unknown".to_owned())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out_path = std::env::args().nth(1).unwrap_or_else(|| "docs/bench/market.md".to_owned());
    let (catalogue, load) = timed(Catalogue::builtin);
    let catalogue = catalogue?;
    let (sim, build) = timed(|| Simulator::new(&catalogue, SimConfig::default()));
    let now = Utc::now();
    let mut rows: Vec<(String, String, String)> = Vec::new();
    rows.push(("catalogue parse + validate".into(), ms(load), format!("{} instruments", sim.instruments().count())));
    rows.push(("simulator construction".into(), ms(build), String::new()));

    for symbol in ["BTC-IDR", "AAPL", "BBCA-IDSS"] {
        let (minutes, took) = timed(|| sim.minute_history(symbol, now - Duration::days(365), now));
        let n = minutes?.len();
        let rate = n as f64 / took.as_secs_f64();
        rows.push((
            format!("1 year of 1-minute candles, {symbol}"),
            ms(took),
            format!("{n} candles, {:.2} M candles/s", rate / 1e6),
        ));
    }

    for (symbol, days_back) in [("BTC-IDR", 1_000), ("AAPL", 1_500)] {
        let from = now - Duration::days(days_back);
        let (cold, took_cold) = timed(|| sim.candles(symbol, Resolution::D1, from, now, 1_000));
        let (_, took_warm) = timed(|| sim.candles(symbol, Resolution::D1, from, now, 1_000));
        rows.push((
            format!("1,000 × 1D candles, {symbol}, cold cache"),
            ms(took_cold),
            format!("{} candles", cold?.len()),
        ));
        rows.push((format!("1,000 × 1D candles, {symbol}, warm cache"), ms(took_warm), String::new()));
    }
    for (symbol, days_back) in [("BTC-IDR", 42), ("AAPL", 90)] {
        let from = now - Duration::days(days_back);
        let (c, took) = timed(|| sim.candles(symbol, Resolution::M60, from, now, 1_000));
        rows.push((format!("1,000 × 60-minute candles, {symbol}"), ms(took), format!("{} candles", c?.len())));
    }
    let (ticks, took) = timed(|| sim.snapshot(now));
    rows.push(("live snapshot of every instrument, first poll".into(), ms(took), format!("{} ticks", ticks.len())));
    let (_, took) = timed(|| sim.snapshot(now + Duration::seconds(1)));
    rows.push(("live snapshot of every instrument, next second".into(), ms(took), "the steady 1 s poll".into()));
    let (tickers, took) = timed(|| sim.instruments().filter_map(|i| sim.ticker(&i.symbol, now).ok()).count());
    rows.push(("ticker of every instrument".into(), ms(took), format!("{tickers} tickers")));
    let (days, took) = timed(|| sim.warm_daily_cache("ETH-IDR"));
    rows.push(("warm the daily cache of ETH-IDR's whole history".into(), ms(took), format!("{} days", days?)));
    let reference = sim.price_at("BTC-IDR", now)?;
    let (quotes, took) = timed(|| sim.quotes("BTC-IDR", reference, now));
    rows.push(("liquidity-provider quotes, BTC-IDR".into(), ms(took), format!("{} quotes", quotes?.len())));

    let mut md = String::new();
    writeln!(md, "## Market simulator benchmark\n")?;
    writeln!(md, "- date: {}", now.format("%Y-%m-%d %H:%M UTC"))?;
    writeln!(
        md,
        "- machine: {} logical CPUs ({}), {}",
        std::thread::available_parallelism().map_or(0, std::num::NonZero::get),
        cpu_model(),
        std::env::consts::ARCH
    )?;
    writeln!(md, "- build: {} profile, one thread", if cfg!(debug_assertions) { "debug" } else { "release" })?;
    writeln!(md, "- command: `cargo run --release -p market --bin market_bench -- {out_path}`\n")?;
    writeln!(md, "| measurement | time | detail |")?;
    writeln!(md, "|---|---:|---|")?;
    for (what, time, detail) in &rows {
        writeln!(md, "| {what} | {time} | {detail} |")?;
    }
    print!("{md}");
    if let Some(parent) = std::path::Path::new(&out_path).parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(&out_path, md)?;
    Ok(())
}
