//! Crypto order placement over HTTP with durable storage: orders per second and latency with 1 and
//! 32 clients, on SQLite (synchronous=FULL) and PostgreSQL (127.0.0.1:5432, skipped when absent).
//! Two kinds: a limit buy that rests (order row + hold, one transaction) and a market buy by amount
//! that fills against the liquidity providers (order, hold, fills with fee, all in one transaction).
//! `cargo run --release -p server --example order_bench -- docs/bench/orders.md`

#[path = "common/bench_app.rs"]
mod bench_app;
#[path = "common/machine.rs"]
mod machine;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use hdrhistogram::Histogram;
use serde_json::{json, Value};
use store::ledger::{self, NewEntry, Posting, HOUSE};
use store::Backend;

const RUN_FOR: Duration = Duration::from_secs(4);
const CLIENTS: [usize; 2] = [1, 32];

struct Figures {
    orders_per_s: f64,
    hist: Histogram<u64>,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let out = std::env::args().nth(1).unwrap_or_else(|| "docs/bench/orders.md".into());
    let mut rows = Vec::new();
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let url = match backend {
            Backend::Sqlite => None,
            Backend::Postgres => match store::testing::fresh_database_url(Backend::Postgres).await {
                Ok(url) => Some(url),
                Err(e) => {
                    rows.push(format!("| PostgreSQL | — | — | not measured: {e} |"));
                    continue;
                }
            },
        };
        let (base, state, dir) = bench_app::start("order-bench", |s| {
            s.markets.warm_caches = false;
            s.trading.open_orders_per_user_max = 1_000_000;
            if let Some(url) = url {
                s.database.url = url;
            }
        })
        .await?;
        let client = reqwest::Client::builder().pool_max_idle_per_host(64).build()?;
        let (token, user_id) = sign_up(&client, &base).await?;
        fund(&state.db, &user_id).await?;
        let bid = best_bid(&client, &base).await?;
        // Half the market: rests in the book, never fills.
        let limit = json!({"symbol": "BTC-IDR", "orderType": "LIMIT", "quantity": "0.0001", "limitPrice": (bid / 2).to_string()});
        let market = json!({"symbol": "USDT-IDR", "orderType": "instant", "inputType": "amount", "amount": "10000"});
        for (kind, body) in [("limit buy, rests", &limit), ("market buy by amount, fills", &market)] {
            for clients in CLIENTS {
                let f = run(&client, &base, &token, body, clients).await;
                rows.push(format!(
                    "| {} | {kind} | {clients} | {:.0} orders/s, p50 {:.1} ms, p99 {:.1} ms |",
                    if backend == Backend::Sqlite { "SQLite" } else { "PostgreSQL" },
                    f.orders_per_s,
                    f.hist.value_at_quantile(0.5) as f64 / 1000.0,
                    f.hist.value_at_quantile(0.99) as f64 / 1000.0,
                ));
            }
        }
        let problems = ledger::check(&state.db).await?;
        anyhow::ensure!(problems.is_empty(), "ledger check failed: {problems:?}");
        let _ = std::fs::remove_dir_all(dir);
    }
    let report = format!(
        "## Crypto order placement over HTTP\n\n{machine}\n\n\
         `POST /api/v1/crypto/buy` through every layer (auth, idempotency key, the pair's book owner, one \
         database transaction per order), {secs} s per row, closed loop; the ledger check passes after each backend.\n\n\
         | database | order | clients | result |\n|---|---|---|---|\n{rows}\n",
        machine = machine::machine_line(),
        secs = RUN_FOR.as_secs(),
        rows = rows.join("\n"),
    );
    println!("{report}");
    if let Some(parent) = std::path::Path::new(&out).parent() {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(&out, report)?;
    Ok(())
}

/// `clients` loops placing orders back to back for `RUN_FOR`.
async fn run(client: &reqwest::Client, base: &str, token: &str, body: &Value, clients: usize) -> Figures {
    let counter = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    let mut tasks = Vec::new();
    for worker in 0..clients {
        let (client, url, token, body, counter) =
            (client.clone(), format!("{base}/api/v1/crypto/buy"), token.to_owned(), body.clone(), counter.clone());
        tasks.push(tokio::spawn(async move {
            let mut hist = Histogram::<u64>::new(3).expect("histogram");
            let mut n = 0u64;
            while started.elapsed() < RUN_FOR {
                let t = Instant::now();
                let response = client
                    .post(&url)
                    .bearer_auth(&token)
                    .header("x-request-id", format!("order-bench-{}-{worker}-{n}", uuid::Uuid::new_v4()))
                    .json(&body)
                    .send()
                    .await
                    .expect("order sent");
                let status = response.status();
                assert!(status.is_success(), "order failed: {status} {}", response.text().await.unwrap_or_default());
                hist.record(t.elapsed().as_micros() as u64).ok();
                counter.fetch_add(1, Ordering::Relaxed);
                n += 1;
            }
            hist
        }));
    }
    let mut hist = Histogram::<u64>::new(3).expect("histogram");
    for task in tasks {
        hist.add(task.await.expect("worker")).ok();
    }
    Figures { orders_per_s: counter.load(Ordering::Relaxed) as f64 / started.elapsed().as_secs_f64(), hist }
}

async fn post(client: &reqwest::Client, url: String, body: Value) -> anyhow::Result<Value> {
    let response = client
        .post(url)
        .header("x-device-id", "order-bench")
        .header("x-request-id", uuid::Uuid::new_v4().to_string())
        .json(&body)
        .send()
        .await?;
    Ok(response.json().await?)
}

/// Signs a user up through the sandbox; returns (access token, user id).
async fn sign_up(client: &reqwest::Client, base: &str) -> anyhow::Result<(String, String)> {
    let phone = "+6281234560999";
    let sent = post(client, format!("{base}/api/v1/user/signup/phone"), json!({"phone": phone})).await?;
    let inbox: Value =
        client.get(format!("{base}/api/dev/otp-inbox?phone=%2B6281234560999")).send().await?.json().await?;
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

/// Credits a large rupiah balance, as a paid top-up would.
async fn fund(db: &store::Db, user_id: &str) -> anyhow::Result<()> {
    let mut wtx = db.begin_write().await?;
    let clearing = ledger::account(&mut wtx.tx, HOUSE, "PG_CLEARING", "IDR", true).await?;
    let cash = ledger::account(&mut wtx.tx, user_id, "IDR_CASH", "IDR", false).await?;
    let sen = 100_000_000_000_000i64;
    let postings = vec![
        Posting { account_id: clearing, currency: "IDR".into(), amount: -sen },
        Posting { account_id: cash, currency: "IDR".into(), amount: sen },
    ];
    ledger::post(&mut wtx.tx, &NewEntry { reason: "TOPUP".into(), event_id: "bench".into(), memo: None, postings })
        .await?;
    wtx.commit().await?;
    Ok(())
}

async fn best_bid(client: &reqwest::Client, base: &str) -> anyhow::Result<i64> {
    let quote: Value =
        client.get(format!("{base}/api/v1/crypto/price-quote?symbol=BTC-IDR")).send().await?.json().await?;
    let bid = quote["data"]["bestBid"].as_str().ok_or_else(|| anyhow::anyhow!("no bid: {quote}"))?;
    Ok(bid.parse()?)
}
