//! The HTTP side of the order benchmarks: signing a user up through the sandbox, and closed loops
//! of clients placing orders back to back.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use hdrhistogram::Histogram;
use serde_json::{json, Value};

/// How long each measured row runs.
pub const RUN_FOR: Duration = Duration::from_secs(4);

#[allow(dead_code, reason = "each benchmark uses the helpers it needs")]
/// `clients` loops posting `body` to `url` back to back for `RUN_FOR`; orders per second and latency.
pub async fn run(
    client: &reqwest::Client,
    url: &str,
    token: &str,
    body: &Value,
    clients: usize,
) -> (f64, Histogram<u64>) {
    run_mixed(client, url, &[(token.to_owned(), body.clone())], clients).await
}

#[allow(dead_code, reason = "each benchmark uses the helpers it needs")]
/// `clients` loops posting to `url` back to back for `RUN_FOR`, loop `i` as the caller and with the
/// body of `callers[i % callers.len()]`; orders per second and latency.
pub async fn run_mixed(
    client: &reqwest::Client,
    url: &str,
    callers: &[(String, Value)],
    clients: usize,
) -> (f64, Histogram<u64>) {
    let counter = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    let mut tasks = Vec::new();
    for worker in 0..clients {
        let (token, body) = callers[worker % callers.len()].clone();
        let (client, url, counter) = (client.clone(), url.to_owned(), counter.clone());
        tasks.push(tokio::spawn(async move {
            let mut hist = Histogram::<u64>::new(3).expect("histogram");
            let mut n = 0u64;
            while started.elapsed() < RUN_FOR {
                let t = Instant::now();
                let response = client
                    .post(&url)
                    .bearer_auth(&token)
                    .header("x-request-id", format!("bench-{}-{worker}-{n}", uuid::Uuid::new_v4()))
                    .json(&body)
                    .send()
                    .await
                    .expect("order sent");
                let status = response.status();
                assert!(status.is_success(), "{url}: {status} {}", response.text().await.unwrap_or_default());
                hist.record(t.elapsed().as_micros() as u64).ok();
                counter.fetch_add(1, Ordering::Relaxed);
                n += 1;
            }
            hist
        }));
    }
    gather(tasks, &counter, started).await
}

#[allow(dead_code, reason = "each benchmark uses the helpers it needs")]
/// POSTs JSON with a fresh request id.
pub async fn post(client: &reqwest::Client, url: String, body: Value) -> anyhow::Result<Value> {
    let response = client
        .post(url)
        .header("x-device-id", "bench")
        .header("x-request-id", uuid::Uuid::new_v4().to_string())
        .json(&body)
        .send()
        .await?;
    Ok(response.json().await?)
}

#[allow(dead_code, reason = "each benchmark uses the helpers it needs")]
/// Signs a user up through the sandbox with `phone` (+62…); returns (access token, user id).
pub async fn sign_up(client: &reqwest::Client, base: &str, phone: &str) -> anyhow::Result<(String, String)> {
    let sent = post(client, format!("{base}/api/v1/user/signup/phone"), json!({"phone": phone})).await?;
    let inbox: Value = client
        .get(format!("{base}/api/dev/otp-inbox?phone={}", phone.replace('+', "%2B")))
        .send()
        .await?
        .json()
        .await?;
    let code = inbox["data"][0]["code"].clone();
    let verified = post(
        client,
        format!("{base}/api/v1/user/signup/verify-otp"),
        json!({"otpId": sent["data"]["otpId"], "code": code}),
    )
    .await?;
    let token = verified["data"]["verificationToken"].clone();
    let user = post(
        client,
        format!("{base}/api/v1/user/pin/register-pin"),
        json!({"verificationToken": token, "pin": "482915"}),
    )
    .await?;
    let access = user["data"]["accessToken"].as_str().ok_or_else(|| anyhow::anyhow!("sign-up failed: {user}"))?;
    Ok((access.to_owned(), user["data"]["user"]["id"].as_str().unwrap_or_default().to_owned()))
}

#[allow(dead_code, reason = "each benchmark uses the helpers it needs")]
/// The best bid of BTC-IDR, rupiah.
pub async fn crypto_bid(client: &reqwest::Client, base: &str) -> anyhow::Result<i64> {
    Ok(best_bid_text(client, base, "BTC-IDR").await?.parse()?)
}

#[allow(dead_code, reason = "each benchmark uses the helpers it needs")]
/// The best bid of a crypto pair as the price quote sends it (rupiah, with the pair's decimals).
pub async fn best_bid_text(client: &reqwest::Client, base: &str, symbol: &str) -> anyhow::Result<String> {
    let quote: Value =
        client.get(format!("{base}/api/v1/crypto/price-quote?symbol={symbol}")).send().await?.json().await?;
    let bid = quote["data"]["bestBid"].as_str().ok_or_else(|| anyhow::anyhow!("no bid on {symbol}: {quote}"))?;
    Ok(bid.to_owned())
}

#[allow(dead_code, reason = "each benchmark uses the helpers it needs")]
/// One table row of a placement run: orders per second with the median and 99th percentile.
pub fn row(db: &str, kind: &str, clients: usize, (rate, hist): &(f64, Histogram<u64>)) -> String {
    format!(
        "| {db} | {kind} | {clients} | {rate:.0} orders/s, p50 {:.1} ms, p99 {:.1} ms |",
        hist.value_at_quantile(0.5) as f64 / 1000.0,
        hist.value_at_quantile(0.99) as f64 / 1000.0,
    )
}

#[allow(dead_code, reason = "each benchmark uses the helpers it needs")]
/// `clients` loops GETting `url` back to back for `duration`; requests per second and latency (µs).
pub async fn get_loop(
    client: &reqwest::Client,
    url: &str,
    clients: usize,
    duration: Duration,
) -> (f64, Histogram<u64>) {
    let counter = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..clients {
        let (client, url, counter) = (client.clone(), url.to_owned(), counter.clone());
        tasks.push(tokio::spawn(async move {
            let mut hist = Histogram::<u64>::new(3).expect("histogram");
            while started.elapsed() < duration {
                let t = Instant::now();
                let response = client.get(&url).send().await.expect("request sent");
                assert!(response.status().is_success(), "{url}: {}", response.status());
                let _ = response.bytes().await.expect("body");
                hist.record(t.elapsed().as_micros() as u64).ok();
                counter.fetch_add(1, Ordering::Relaxed);
            }
            hist
        }));
    }
    gather(tasks, &counter, started).await
}

#[allow(dead_code, reason = "each benchmark uses the helpers it needs")]
/// GETs `url` at a fixed `per_second` for `duration` regardless of how fast answers come, as wrk2
/// does: `FIXED_RATE_LANES` kept-alive connections, each sending on its own share of the schedule.
/// A send that has to wait for its lane's previous answer counts its latency from the scheduled
/// time, so the server's queueing is not hidden (no coordinated omission); a send whose lane was
/// free counts from when it went out, so the timer's own lateness (tokio's timers tick by the
/// millisecond) does not pass for the server's.
pub async fn get_fixed_rate(
    client: &reqwest::Client,
    url: &str,
    per_second: u64,
    duration: Duration,
) -> Histogram<u64> {
    let lanes = FIXED_RATE_LANES;
    let interval = Duration::from_nanos(1_000_000_000 * lanes / per_second.max(1));
    let per_lane = per_second * duration.as_secs() / lanes;
    let start = Instant::now();
    let mut tasks = Vec::new();
    for lane in 0..lanes {
        let (client, url) = (client.clone(), url.to_owned());
        // Lanes start spread over one interval, so together they send evenly.
        let offset = interval.mul_f64(lane as f64 / lanes as f64);
        tasks.push(tokio::spawn(async move {
            let mut hist = Histogram::<u64>::new(3).expect("histogram");
            let mut free_at = start;
            for i in 0..per_lane {
                let scheduled = start + offset + interval * u32::try_from(i).unwrap_or(u32::MAX);
                tokio::time::sleep_until(scheduled.into()).await;
                let from = if free_at > scheduled { scheduled } else { Instant::now() };
                let response = client.get(&url).send().await.expect("request sent");
                assert!(response.status().is_success(), "{url}: {}", response.status());
                let _ = response.bytes().await.expect("body");
                free_at = Instant::now();
                hist.record(from.elapsed().as_micros() as u64).ok();
            }
            hist
        }));
    }
    let mut hist = Histogram::<u64>::new(3).expect("histogram");
    for task in tasks {
        hist.add(task.await.expect("lane")).ok();
    }
    hist
}

/// Connections of a fixed-rate run (the client's pool must keep this many idle): four times the
/// full-speed runs' 32, so a lane's answer is seldom still out when its next send is due and a
/// hiccup's backlog drains instead of piling up.
#[allow(dead_code, reason = "each benchmark uses the helpers it needs")]
pub const FIXED_RATE_LANES: u64 = 128;

/// The workers' histograms merged, and the requests per second they completed since `started`.
async fn gather(
    tasks: Vec<tokio::task::JoinHandle<Histogram<u64>>>,
    counter: &AtomicU64,
    started: Instant,
) -> (f64, Histogram<u64>) {
    let mut hist = Histogram::<u64>::new(3).expect("histogram");
    for task in tasks {
        hist.add(task.await.expect("worker")).ok();
    }
    (counter.load(Ordering::Relaxed) as f64 / started.elapsed().as_secs_f64(), hist)
}
