//! Crypto order placement over HTTP with durable storage: orders per second and latency with 1 and
//! 32 clients, on SQLite (synchronous=FULL) and PostgreSQL (127.0.0.1:5432, skipped when absent).
//! Two kinds: a limit buy that rests (order row + hold, one transaction) and a market buy by amount
//! that fills against the liquidity providers (order, hold, fills with fee, all in one transaction).
//! `cargo run --release -p server --example order_bench -- docs/bench/orders.md`

#[path = "common/bench_app.rs"]
mod bench_app;
#[path = "common/bench_client.rs"]
mod bench_client;
#[path = "common/machine.rs"]
mod machine;

use serde_json::json;
use store::ledger::{self, NewEntry, Posting, HOUSE};
use store::Backend;

const CLIENTS: [usize; 2] = [1, 32];

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
        let (token, user_id) = bench_client::sign_up(&client, &base, "+6281234560999").await?;
        fund(&state.db, &user_id).await?;
        let bid = bench_client::crypto_bid(&client, &base).await?;
        // Half the market: rests in the book, never fills.
        let limit = json!({"symbol": "BTC-IDR", "orderType": "LIMIT", "quantity": "0.0001", "limitPrice": (bid / 2).to_string()});
        let market = json!({"symbol": "USDT-IDR", "orderType": "instant", "inputType": "amount", "amount": "10000"});
        for (kind, body) in [("limit buy, rests", &limit), ("market buy by amount, fills", &market)] {
            for clients in CLIENTS {
                let (orders_per_s, hist) =
                    bench_client::run(&client, &format!("{base}/api/v1/crypto/buy"), &token, body, clients).await;
                rows.push(format!(
                    "| {} | {kind} | {clients} | {:.0} orders/s, p50 {:.1} ms, p99 {:.1} ms |",
                    if backend == Backend::Sqlite { "SQLite" } else { "PostgreSQL" },
                    orders_per_s,
                    hist.value_at_quantile(0.5) as f64 / 1000.0,
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
         `POST /api/v1/crypto/buy` through every layer (auth, idempotency key, the pair's book owner, one \
         database transaction per order), {secs} s per row, closed loop; the ledger check passes after each backend.\n\n\
         | database | order | clients | result |\n|---|---|---|---|\n{rows}\n",
        machine = machine::machine_line(),
        secs = bench_client::RUN_FOR.as_secs(),
        rows = rows.join("\n"),
    );
    println!("{report}");
    if let Some(parent) = std::path::Path::new(&out).parent() {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(&out, report)?;
    Ok(())
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
