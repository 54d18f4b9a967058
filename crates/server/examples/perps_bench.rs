//! Perpetuals: order placement over HTTP with 1 and 32 clients beside crypto's in the same run, the
//! mark-price update plus liquidation scan of 100,000 open positions (the pass reading everything,
//! the risk book's tick, and the in-memory part alone), and the funding settlement of those positions, on SQLite and PostgreSQL.
//! `cargo run --release -p server --example perps_bench -- docs/bench/perps.md`
//! For profiles and A/B runs: `PERPS_BENCH_ONLY=postgres` (or `sqlite`) measures one database alone,
//! and `PERPS_BENCH_PLACEMENTS_ONLY=1` leaves out the risk pass and funding (minutes on PostgreSQL).

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
use serde_json::json;
use server::features::perps;
use store::ledger;

const CLIENTS: [usize; 2] = [1, 32];
/// Users placing the perpetual orders, one a client.
const TRADERS: usize = 32;
const POSITIONS: usize = 100_000;
/// Contracts per seeded user (so 5,000 users hold 100,000 positions).
const PER_USER: usize = 20;
const SCANS: usize = 5;
/// Users whose positions or wallet changed between two ticks (about a second of busy trading).
const CHANGED: usize = 400;

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text).expect("instant").with_timezone(&Utc)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let out = std::env::args().nth(1).unwrap_or_else(|| "docs/bench/perps.md".into());
    let mut placement = Vec::new();
    let mut risk = Vec::new();
    let not_measured = |e| placement.push(format!("| PostgreSQL | — | — | not measured: {e} |"));
    let only = std::env::var("PERPS_BENCH_ONLY").unwrap_or_default().to_lowercase();
    let placements_only = std::env::var("PERPS_BENCH_PLACEMENTS_ONLY").is_ok_and(|v| v == "1");
    for database in bench_app::databases(not_measured).await {
        if !database.name.to_lowercase().contains(&only) {
            continue;
        }
        let (rows, scan) = measure(database.name, database.url, placements_only).await?;
        placement.extend(rows);
        risk.extend(scan);
    }
    let report = format!(
        "## Perpetuals\n\n{machine}\n\n\
         ### Order placement over HTTP\n\n\
         `POST /api/v1/perps/buy` (a limit buy 5 % below the mark: the contract's book lock, the other users' \
         resting orders it would meet looked up, contract rules, the open-order limit, margin check over the \
         wallet's positions, order row and margin hold in one transaction under the user's lock; each client \
         a user of its own, all on one contract) beside `POST /api/v1/crypto/buy` (a resting limit buy through \
         the pair's book owner, one user), in the same app, {secs} s per row, closed loop.\n\n\
         | database | order | clients | result |\n|---|---|---|---|\n{placement}\n\n\
         ### Marking {POSITIONS} positions; funding them\n\n\
         {POSITIONS} seeded positions (5,000 users × {PER_USER} contracts, each wallet well margined). \
         The risk job's pass as it runs every second: bring its risk book up to date, mark the \
         instruments, take-profit / stop-loss, each user's margin ratio against their wallet balance, \
         liquidate whom it finds; medians of {SCANS}. *Reading everything*: the pass at start and every \
         `perps.risk_full_read_ms` (every open position and margin balance read). *Tick*: a pass after \
         {CHANGED} users' positions or wallets changed (re-read in chunks), and one after none did (the \
         goal is under 50 ms per tick). *In memory*: the marks and the margin-ratio scan alone. \
         *Funding*: one instant settled for every position (the payment row, the margin released and \
         taken again, the ledger entry; `perps.funding_users_per_transaction` users per transaction), then the \
         ledger check.\n\n\
         | database | reading everything | tick, {CHANGED} users changed | tick, none changed | in memory | funding of {POSITIONS} | ledger check |\n|---|---|---|---|---|---|---|\n{risk}\n",
        machine = machine::machine_line(),
        secs = bench_client::RUN_FOR.as_secs(),
        placement = placement.join("\n"),
        risk = risk.join("\n"),
    );
    machine::write_report(&out, &report)?;
    Ok(())
}

async fn measure(
    name: &str,
    url: Option<String>,
    placements_only: bool,
) -> anyhow::Result<(Vec<String>, Option<String>)> {
    let mut rows = Vec::new();
    // Ten minutes before the 16:00 UTC funding instant.
    let clock = Arc::new(FixedClock::new(at("2026-11-24T15:50:00Z")));
    let (base, state, dir) = bench_app::start_at("perps-bench", clock.clone(), |s| {
        s.markets.warm_caches = false;
        s.trading.open_orders_per_user_max = 1_000_000;
        s.perps.open_orders_per_user_max = 1_000_000;
        // One address signs every trader up.
        s.auth.otp_sends_per_ip_per_hour = 1_000;
        // The benchmark runs the jobs itself.
        s.perps.venue_step_ms = 3_600_000;
        s.perps.risk_check_ms = 3_600_000;
        s.perps.funding_check_ms = 3_600_000;
        if let Some(url) = url {
            s.database.url = url;
        }
    })
    .await?;
    let client = reqwest::Client::builder().pool_max_idle_per_host(64).build()?;
    let (token, user_id) = bench_client::sign_up(&client, &base, "+6281234560997").await?;
    credit(&state.db, &user_id, 100_000_000_000_000).await?;
    let info: serde_json::Value =
        client.get(format!("{base}/api/v1/perps/instrument?symbol=BTCUSDT-PERP")).send().await?.json().await?;
    let mark: f64 = info["data"]["markPrice"].as_str().ok_or_else(|| anyhow::anyhow!("no mark: {info}"))?.parse()?;
    let perp_limit = json!({"symbol": "BTCUSDT-PERP", "orderType": "LIMIT", "quantity": "0.001",
        "price": format!("{:.1}", mark * 0.95)});
    // Each client of the perpetual rows is a user of its own, as on a venue: the contract's book is
    // what they share. (One user at 32 clients would measure that user's lock instead.)
    let mut traders = Vec::with_capacity(TRADERS);
    for i in 0..TRADERS {
        let (trader, trader_id) = bench_client::sign_up(&client, &base, &format!("+62812345610{i:02}")).await?;
        credit(&state.db, &trader_id, 1_000_000_000_000).await?;
        traders.push((trader, perp_limit.clone()));
    }
    let crypto_bid = bench_client::crypto_bid(&client, &base).await?;
    let crypto_limit = json!({"symbol": "BTC-IDR", "orderType": "LIMIT", "quantity": "0.0001", "limitPrice": (crypto_bid / 2).to_string()});
    for clients in CLIENTS {
        let crypto =
            bench_client::run(&client, &format!("{base}/api/v1/crypto/buy"), &token, &crypto_limit, clients).await;
        let perp = bench_client::run_mixed(&client, &format!("{base}/api/v1/perps/buy"), &traders, clients).await;
        rows.push(bench_client::row(name, "crypto limit buy, rests (reference)", clients, &crypto));
        rows.push(
            format!(
                "{} — {:.2}× crypto",
                bench_client::row(name, "perp limit buy, rests", clients, &perp).trim_end_matches(" |"),
                perp.0 / crypto.0.max(1.0)
            ) + " |",
        );
    }
    let scan = if placements_only { None } else { Some(risk_and_funding(&state, &clock, name).await?) };
    let _ = std::fs::remove_dir_all(dir);
    Ok((rows, scan))
}

fn median(mut samples: Vec<f64>) -> f64 {
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

async fn risk_and_funding(state: &server::state::AppState, clock: &FixedClock, db: &str) -> anyhow::Result<String> {
    let symbols: Vec<String> = {
        let mut all: Vec<String> = state.perps.instruments.keys().cloned().collect();
        all.sort();
        all.into_iter().take(PER_USER).collect()
    };
    anyhow::ensure!(symbols.len() == PER_USER, "{} perpetuals", symbols.len());
    seed(state, &symbols).await?;
    let p = perps::perps(state);

    let positions = perps::repo::all_open_positions(&state.db).await?;
    let mut users: Vec<&str> = positions.iter().map(|p| p.user_id.as_str()).collect();
    users.dedup();
    let book = &state.perps.risk_book;
    let pass = || async {
        let started = Instant::now();
        let pass = p.check_risk().await?;
        anyhow::ensure!(pass.liquidations == 0 && pass.positions >= POSITIONS, "{pass:?}");
        Ok::<_, anyhow::Error>(started.elapsed().as_secs_f64() * 1000.0)
    };
    let (mut whole, mut changed, mut quiet) = (Vec::new(), Vec::new(), Vec::new());
    for round in 0..SCANS {
        book.read_everything_next();
        whole.push(pass().await?);
        for user in users.iter().skip(round * CHANGED).take(CHANGED) {
            book.touch(user);
        }
        changed.push(pass().await?);
        quiet.push(pass().await?);
    }
    let balances: std::collections::HashMap<String, i64> =
        positions.iter().map(|p| (p.user_id.clone(), 10_000_000_000)).collect();
    let mut memory = Vec::new();
    for _ in 0..SCANS {
        let started = Instant::now();
        let marks = perps::risk::marks_of(&state.perps, &positions, clock_now(clock));
        let liquidate = perps::risk::to_liquidate(&state.perps, &positions, &marks, &balances);
        memory.push(started.elapsed().as_secs_f64() * 1000.0);
        anyhow::ensure!(liquidate.is_empty());
    }

    clock.set(at("2026-11-24T16:00:05Z"));
    let started = Instant::now();
    let paid = p.settle_funding().await?;
    let funding = started.elapsed();
    anyhow::ensure!(paid >= POSITIONS, "{paid} payments");
    anyhow::ensure!(p.settle_funding().await? == 0, "funding paid twice");
    let started = Instant::now();
    let problems = ledger::check(&state.db).await?;
    anyhow::ensure!(problems.is_empty(), "ledger check failed: {problems:?}");
    Ok(format!(
        "| {db} | {:.0} ms | {:.1} ms | {:.1} ms | {:.1} ms | {:.1} s ({:.2} ms each) | passes, {:.1} s |",
        median(whole),
        median(changed),
        median(quiet),
        median(memory),
        funding.as_secs_f64(),
        funding.as_secs_f64() * 1000.0 / paid as f64,
        started.elapsed().as_secs_f64(),
    ))
}

fn clock_now(clock: &FixedClock) -> DateTime<Utc> {
    use domain::Clock;
    clock.now()
}

/// Puts `micro` USDT in the user's margin wallet and as much rupiah (sen) in their cash, for the
/// perp orders and the crypto orders beside them.
async fn credit(db: &store::Db, user_id: &str, micro: i64) -> anyhow::Result<()> {
    let mut w = db.begin_write().await?;
    post_credit(&mut w.tx, user_id, micro).await?;
    bench_funds::credit(&mut w.tx, user_id, (AccountKind::PgClearing, AccountKind::IdrCash), "IDR", micro).await?;
    w.commit().await?;
    Ok(())
}

async fn post_credit(tx: &mut sqlx::Transaction<'static, sqlx::Any>, user_id: &str, micro: i64) -> anyhow::Result<()> {
    bench_funds::credit(tx, user_id, (AccountKind::FxDesk, AccountKind::PerpMargin), "USDT", micro).await
}

/// Seeds POSITIONS small longs: 5,000 users, each in every contract of `symbols`, 10,000 USDT each.
async fn seed(state: &server::state::AppState, symbols: &[String]) -> anyhow::Result<()> {
    let users = POSITIONS / PER_USER;
    let now = clock_ms(state);
    for u in 0..users {
        let user = format!("bench-perp-{u}");
        let mut w = state.db.begin_write().await?;
        sqlx::query("insert into users (id, phone_e164, created_at_ms) values ($1, $2, 0)")
            .bind(&user)
            .bind(format!("+62813{u:07}"))
            .execute(&mut *w.tx)
            .await?;
        post_credit(&mut w.tx, &user, 10_000_000_000).await?;
        for symbol in symbols {
            let inst = state.perps.instrument(symbol).expect("listed");
            let mark = state.perps.venue.mark_at(inst, clock_now_state(state)).unwrap_or(1);
            // One step of the contract, at the mark, 10x.
            sqlx::query(
                "insert into perp_positions (user_id, symbol, lots, cost, leverage, margin, hold_id, realised_pnl, \
                 funding, fees, take_profit, stop_loss, opened_at_ms, updated_at_ms) \
                 values ($1, $2, 1, $3, 10, 0, null, 0, 0, 0, null, null, $4, $4)",
            )
            .bind(&user)
            .bind(symbol)
            .bind(mark)
            .bind(now)
            .execute(&mut *w.tx)
            .await?;
        }
        w.commit().await?;
    }
    Ok(())
}

fn clock_ms(state: &server::state::AppState) -> i64 {
    state.clock.now_ms()
}

fn clock_now_state(state: &server::state::AppState) -> DateTime<Utc> {
    state.clock.now()
}
