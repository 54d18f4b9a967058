//! US stocks: order placement over HTTP with 1 and 32 clients beside crypto's in the same run, and
//! the intraday close of 10,000 positions at the cut-off, on SQLite and PostgreSQL (skipped when
//! absent). The clock is pinned in the regular session, then moved past the cut-off.
//! `cargo run --release -p server --example us_bench -- docs/bench/us.md`
//! For profiles and A/B runs: `US_BENCH_ONLY=postgres` (or `sqlite`) measures one database alone,
//! and `US_BENCH_PLACEMENTS_ONLY=1` leaves out the intraday close (minutes on PostgreSQL).

#[path = "common/bench_app.rs"]
mod bench_app;
#[path = "common/bench_client.rs"]
mod bench_client;
#[path = "common/bench_funds.rs"]
mod bench_funds;
#[path = "common/machine.rs"]
mod machine;

use std::sync::Arc;
use std::time::Instant;

use chrono::{DateTime, Utc};
use domain::ledger::AccountKind;
use domain::FixedClock;
use serde_json::{json, Value};
use store::ledger;

const CLIENTS: [usize; 2] = [1, 32];
const POSITIONS: usize = 10_000;
/// Users placing the US rows' orders, a client each at most.
const TRADERS: usize = 32;
/// Stocks per seeded user (so 200 users hold 10,000 positions).
const STOCKS_PER_USER: usize = 50;

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text).expect("instant").with_timezone(&Utc)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let out = std::env::args().nth(1).unwrap_or_else(|| "docs/bench/us.md".into());
    let mut placement = Vec::new();
    let mut closing = Vec::new();
    let not_measured = |e| placement.push(format!("| PostgreSQL | — | — | not measured: {e} |"));
    let only = std::env::var("US_BENCH_ONLY").unwrap_or_default().to_lowercase();
    let placements_only = std::env::var("US_BENCH_PLACEMENTS_ONLY").is_ok_and(|v| v == "1");
    for database in bench_app::databases(not_measured).await {
        if !database.name.to_lowercase().contains(&only) {
            continue;
        }
        let (rows, close) = measure(database.name, database.url, placements_only).await?;
        placement.extend(rows);
        closing.extend(close);
    }
    let report = format!(
        "## US stocks\n\n{machine}\n\n\
         ### Order placement over HTTP\n\n\
         `POST /api/v1/us-stocks/buy` (a limit buy below the ask: rules, then under the user's lock the \
         open-order limit, hold, order row and kept answer in one write set, committed through the group \
         writer: on SQLite with the placements queued together, on PostgreSQL on its own; each client a \
         user of its own) beside `POST /api/v1/crypto/buy` (a resting limit buy through the pair's book \
         owner, one user), in the same app, {secs} s per row, closed loop.\n\n\
         | database | order | clients | result |\n|---|---|---|---|\n{placement}\n\n\
         ### Closing {POSITIONS} intraday positions at the cut-off\n\n\
         {POSITIONS} seeded 4x positions (200 users × {STOCKS_PER_USER} stocks); the clock moves past the \
         cut-off; the intraday job's passes (the benchmark's and the app's own) place every closing sell once (cancel the owner's orders on \
         the position, sell with its hold), then the venue is driven until every sell filled \
         (waiting, sent, accepted, filled: four transactions per order, the fill posting to the ledger). \
         The ledger check runs afterwards.\n\n\
         | database | closing orders placed | until all filled | ledger check |\n|---|---|---|---|\n{closing}\n",
        machine = machine::machine_line(),
        secs = bench_client::RUN_FOR.as_secs(),
        placement = placement.join("\n"),
        closing = closing.join("\n"),
    );
    machine::write_report(&out, &report)?;
    Ok(())
}

/// Placement rows and the closing row of one database.
async fn measure(
    name: &str,
    url: Option<String>,
    placements_only: bool,
) -> anyhow::Result<(Vec<String>, Option<String>)> {
    let mut rows = Vec::new();
    // Tuesday 24 November 2026, 10:00 New York.
    let clock = Arc::new(FixedClock::new(at("2026-11-24T15:00:00Z")));
    let (base, state, dir) = bench_app::start_at("us-bench", clock.clone(), |s| {
        s.markets.warm_caches = false;
        s.trading.open_orders_per_user_max = 1_000_000;
        s.us_stocks.open_orders_per_user_max = 1_000_000;
        // One address signs every trader up.
        s.auth.otp_sends_per_ip_per_hour = 1_000;
        // The benchmark drives the venue itself.
        s.us_stocks.venue_step_ms = 3_600_000;
        if let Some(url) = url {
            s.database.url = url;
        }
    })
    .await?;
    let client = reqwest::Client::builder().pool_max_idle_per_host(64).build()?;
    let (token, user_id) = bench_client::sign_up(&client, &base, "+6281234560998").await?;
    fund(&state.db, &user_id).await?;
    let ask = us_ask(&client, &base).await?;
    let us_limit =
        json!({"stockId": "AAPL", "orderType": "LIMIT", "quantity": "1", "unitPrice": format!("{:.2}", ask * 0.95)});
    // Each client of the US rows is a user of its own, as on a broker: a placement takes its user's
    // lock, so one user at 32 clients would measure that lock instead.
    let mut traders = Vec::with_capacity(TRADERS);
    for i in 0..TRADERS {
        let (trader, trader_id) = bench_client::sign_up(&client, &base, &format!("+62812345620{i:02}")).await?;
        fund(&state.db, &trader_id).await?;
        traders.push((trader, us_limit.clone()));
    }
    // Half the market: rests in the book, never fills (as in the crypto benchmark).
    let crypto_bid = bench_client::crypto_bid(&client, &base).await?;
    let crypto_limit = json!({"symbol": "BTC-IDR", "orderType": "LIMIT", "quantity": "0.0001", "limitPrice": (crypto_bid / 2).to_string()});
    for clients in CLIENTS {
        let crypto =
            bench_client::run(&client, &format!("{base}/api/v1/crypto/buy"), &token, &crypto_limit, clients).await;
        let us = bench_client::run_mixed(&client, &format!("{base}/api/v1/us-stocks/buy"), &traders, clients).await;
        rows.push(bench_client::row(name, "crypto limit buy, rests (reference)", clients, &crypto));
        rows.push(
            format!(
                "{} — {:.2}× crypto",
                bench_client::row(name, "US limit buy, rests", clients, &us).trim_end_matches(" |"),
                us.0 / crypto.0.max(1.0)
            ) + " |",
        );
    }
    let close = if placements_only { None } else { Some(close_intraday(&state, &clock, name).await?) };
    let problems = ledger::check(&state.db).await?;
    anyhow::ensure!(problems.is_empty(), "ledger check failed: {problems:?}");
    let _ = std::fs::remove_dir_all(dir);
    Ok((rows, close))
}

/// Seeds the positions, moves past the cut-off, closes them all; returns the table row.
async fn close_intraday(state: &server::state::AppState, clock: &FixedClock, db: &str) -> anyhow::Result<String> {
    let stocks: Vec<String> =
        state.markets.catalogue().us_stocks.iter().take(STOCKS_PER_USER).map(|s| s.cc.clone()).collect();
    anyhow::ensure!(stocks.len() == STOCKS_PER_USER, "the catalogue has {} US stocks", stocks.len());
    seed_positions(state, &stocks).await?;
    clock.set(at("2026-11-24T20:46:00Z"));
    // The app's own intraday job (every second) places closing orders too: whichever pass places
    // an order, each position gets exactly one, and the figures count them all.
    let started = Instant::now();
    let count = |sql: &'static str| async move { sqlx::query_scalar::<_, i64>(sql).fetch_one(state.db.pool()).await };
    let mut placing = None;
    loop {
        server::features::us_stocks::close_intraday(state).await?;
        let placed = count("select count(*) from us_orders where system = 1").await?;
        anyhow::ensure!(placed <= POSITIONS as i64, "{placed} closing orders for {POSITIONS} positions");
        if placed == POSITIONS as i64 {
            placing.get_or_insert_with(|| started.elapsed());
        }
        server::features::us_stocks::drive_venue(state).await?;
        let open = count("select count(*) from us_orders where is_open = 1 and system = 1").await?;
        if placing.is_some() && open == 0 {
            break;
        }
    }
    let placing = placing.unwrap_or_default();
    let total = started.elapsed();
    let left: i64 = sqlx::query_scalar("select count(*) from us_positions where bucket = 'INTRADAY' and quantity > 0")
        .fetch_one(state.db.pool())
        .await?;
    anyhow::ensure!(left == 0, "{left} intraday positions left open");
    let started = Instant::now();
    let problems = ledger::check(&state.db).await?;
    anyhow::ensure!(problems.is_empty(), "ledger check failed: {problems:?}");
    Ok(format!(
        "| {db} | {:.1} s ({:.2} ms each) | {:.1} s ({:.2} ms per position) | passes, {:.1} s |",
        placing.as_secs_f64(),
        placing.as_secs_f64() * 1000.0 / POSITIONS as f64,
        total.as_secs_f64(),
        total.as_secs_f64() * 1000.0 / POSITIONS as f64,
        started.elapsed().as_secs_f64(),
    ))
}

/// Seeds POSITIONS intraday positions of two shares: 200 users, each holding every stock of `stocks`.
async fn seed_positions(state: &server::state::AppState, stocks: &[String]) -> anyhow::Result<()> {
    let users = POSITIONS / STOCKS_PER_USER;
    for u in 0..users {
        let user = format!("bench-intraday-{u}");
        let mut w = state.db.begin_write().await?;
        sqlx::query("insert into users (id, phone_e164, created_at_ms) values ($1, $2, 0)")
            .bind(&user)
            .bind(format!("+62812{u:07}"))
            .execute(&mut *w.tx)
            .await?;
        for stock in stocks {
            let shares = 2_000_000; // two shares
            bench_funds::credit(
                &mut w.tx,
                &user,
                (AccountKind::UsExchange, AccountKind::UsSharesIntraday),
                stock,
                shares,
            )
            .await?;
            sqlx::query(
                "insert into us_positions (user_id, stock_id, bucket, quantity, cost, borrowed, realized, dividends, \
                 margin_status, opened_date, updated_at_ms) values ($1, $2, 'INTRADAY', $3, 0, 0, 0, 0, 'NORMAL', '2026-11-24', 0)",
            )
            .bind(&user)
            .bind(stock)
            .bind(shares)
            .execute(&mut *w.tx)
            .await?;
        }
        w.commit().await?;
    }
    Ok(())
}

/// Credits rupiah and dollars, and verifies the user for US stocks.
async fn fund(db: &store::Db, user_id: &str) -> anyhow::Result<()> {
    let mut w = db.begin_write().await?;
    sqlx::query("update users set gss_kyc_status = 'VERIFIED' where id = $1").bind(user_id).execute(&mut *w.tx).await?;
    bench_funds::credit_rupiah(&mut w.tx, user_id).await?;
    bench_funds::credit(&mut w.tx, user_id, (AccountKind::FxDesk, AccountKind::UsdPaln), "USD", 100_000_000_000_000)
        .await?;
    w.commit().await?;
    Ok(())
}

async fn us_ask(client: &reqwest::Client, base: &str) -> anyhow::Result<f64> {
    let d: Value = client.get(format!("{base}/api/v1/us-stocks/AAPL/description")).send().await?.json().await?;
    let ask = d["data"]["ask"].as_str().ok_or_else(|| anyhow::anyhow!("no ask: {d}"))?;
    Ok(ask.parse()?)
}
