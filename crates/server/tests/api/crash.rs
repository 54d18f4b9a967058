//! The server killed with SIGKILL in the middle of a stream of top-ups and cash-outs: after a
//! restart on the same database every acknowledged movement is there exactly once, nothing is
//! stuck, and `brokerage ledger check` passes. This drives the real binary, not the library.

use std::collections::HashSet;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use sqlx::Row;
use store::{Backend, Db, DbOptions};

use crate::both_backends;
use crate::helpers::{ADMIN_TOKEN, PIN};

/// How long the stream runs before the kill.
const STREAM_MS: u64 = 2_500;
/// Clients streaming each kind of movement.
const CLIENTS_PER_KIND: usize = 4;

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

fn command(url: &str, port: u16) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_brokerage"));
    let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/dist");
    command
        .env("DATABASE_URL", url)
        .env("APP_CONFIG_FILE", "/nonexistent/brokerage.toml")
        .env("APP_HTTP__ADDR", format!("127.0.0.1:{port}"))
        .env("APP_ADMIN__TOKEN", ADMIN_TOKEN)
        .env("APP_RATE_LIMIT__PER_SECOND", "100000")
        .env("APP_RATE_LIMIT__BURST", "100000")
        .env("APP_AUTH__ARGON2_MEMORY_KIB", "1024")
        .env("APP_AUTH__ARGON2_ITERATIONS", "1")
        .env("APP_AUTH__OTP_RESEND_COOLDOWN_SECS", "0")
        .env("APP_CASHOUT__DISBURSE_INTERVAL_MS", "100")
        .env("APP_MARKETS__WARM_CACHES", "false")
        .env("APP_WEB__DIST_DIR", fixtures)
        .env("APP_LOG__FILTER", "error")
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    command
}

/// Starts the binary and waits until it is ready.
async fn start(url: &str) -> (Child, String) {
    start_with(url, &[]).await
}

/// Starts the binary with these settings on top and waits until it is ready.
async fn start_with(url: &str, settings: &[(&str, &str)]) -> (Child, String) {
    let port = free_port();
    let mut command = command(url, port);
    command.envs(settings.iter().copied());
    let mut child = command.arg("serve").spawn().expect("server binary starts");
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::new();
    let deadline = Instant::now() + Duration::from_secs(30);
    while Instant::now() < deadline {
        if let Ok(r) = client.get(format!("{base}/readyz")).send().await {
            if r.status().is_success() {
                return (child, base);
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("server did not become ready");
}

struct Client {
    http: reqwest::Client,
    base: String,
    token: String,
}

impl Client {
    async fn call(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> reqwest::Result<(u16, Value)> {
        let mut request = self
            .http
            .request(method, format!("{}{path}", self.base))
            .header("x-device-id", "crash-test")
            .header("x-request-id", uuid::Uuid::new_v4().to_string());
        if !self.token.is_empty() {
            request = request.bearer_auth(&self.token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await?;
        let status = response.status().as_u16();
        Ok((status, response.json().await.unwrap_or(Value::Null)))
    }

    async fn post(&self, path: &str, body: Value) -> reqwest::Result<(u16, Value)> {
        self.call(reqwest::Method::POST, path, Some(body)).await
    }

    /// Signs a user up through the sandbox inbox and keeps the access token.
    async fn sign_up(&mut self, phone: &str) {
        let (_, sent) = self.post("/api/v1/user/signup/phone", json!({"phone": phone})).await.unwrap();
        let (_, inbox) = self
            .call(reqwest::Method::GET, &format!("/api/dev/otp-inbox?phone={}", phone.replace('+', "%2B")), None)
            .await
            .unwrap();
        let (_, verified) = self
            .post(
                "/api/v1/user/signup/verify-otp",
                json!({"otpId": sent["data"]["otpId"], "code": inbox["data"][0]["code"]}),
            )
            .await
            .unwrap();
        let (status, body) = self
            .post(
                "/api/v1/user/pin/register-pin",
                json!({"verificationToken": verified["data"]["verificationToken"], "pin": PIN}),
            )
            .await
            .unwrap();
        assert_eq!(status, 200, "{body}");
        self.token = body["data"]["accessToken"].as_str().unwrap().to_string();
    }

    /// A paid top-up's id once the pay call was acknowledged.
    async fn top_up(&self, amount: &str) -> Option<String> {
        let (status, topup) =
            self.post("/api/v1/wallet/topup", json!({"paymentChannel": "BRI_VA", "amount": amount})).await.ok()?;
        if status != 200 {
            return None;
        }
        let reference = topup["data"]["instructions"]["gatewayRef"].as_str()?;
        let (status, _) = self.post(&format!("/api/sandbox/payments/{reference}/pay"), json!({})).await.ok()?;
        (status == 204).then(|| topup["data"]["id"].as_str().unwrap().to_string())
    }

    /// An acknowledged cash-out's id.
    async fn cash_out(&self, account: &str) -> Option<String> {
        let body = json!({"bankAccountId": account, "amount": "10000", "pin": PIN});
        let (status, cashout) = self.post("/api/v1/wallet/cashout", body).await.ok()?;
        (status == 200).then(|| cashout["data"]["id"].as_str().unwrap().to_string())
    }
}

async fn count(db: &Db, sql: &str, id: &str) -> i64 {
    sqlx::query(sql).bind(id).fetch_one(db.pool()).await.unwrap().try_get("n").unwrap()
}

both_backends!(the_server_killed_mid_stream_loses_and_repeats_nothing, |backend: Backend| async move {
    let url = store::testing::fresh_database_url(backend).await.unwrap();
    let (mut server, base) = start(&url).await;
    let mut client = Client { http: reqwest::Client::new(), base, token: String::new() };
    client.sign_up("081234569901").await;
    crate::helpers::verify_identity(&client.http, &client.base, &client.token).await;
    let (status, account) = client
        .post("/api/v1/wallet/bank-accounts", json!({"bankCode": "BCA", "accountNumber": "1234567895", "pin": PIN}))
        .await
        .unwrap();
    assert_eq!(status, 200, "{account}");
    let account = account["data"]["id"].as_str().unwrap().to_string();
    let first = client.top_up("5000000").await.expect("the first top-up");

    let client = Arc::new(client);
    let topups = Arc::new(Mutex::new(vec![first]));
    let cashouts = Arc::new(Mutex::new(Vec::new()));
    let stop_at = Instant::now() + Duration::from_millis(STREAM_MS);
    let mut streams = Vec::new();
    for _ in 0..CLIENTS_PER_KIND {
        let (payer, topups) = (client.clone(), topups.clone());
        streams.push(tokio::spawn(async move {
            while Instant::now() < stop_at + Duration::from_secs(2) {
                if let Some(id) = payer.top_up("100000").await {
                    topups.lock().unwrap().push(id);
                }
            }
        }));
        let (payee, cashouts, account) = (client.clone(), cashouts.clone(), account.clone());
        streams.push(tokio::spawn(async move {
            while Instant::now() < stop_at + Duration::from_secs(2) {
                if let Some(id) = payee.cash_out(&account).await {
                    cashouts.lock().unwrap().push(id);
                }
            }
        }));
    }
    tokio::time::sleep_until(stop_at.into()).await;
    server.kill().expect("SIGKILL"); // Child::kill sends SIGKILL on Unix
    server.wait().unwrap();
    for stream in streams {
        stream.await.unwrap();
    }
    let topups: HashSet<String> = topups.lock().unwrap().iter().cloned().collect();
    let cashouts: HashSet<String> = cashouts.lock().unwrap().iter().cloned().collect();
    assert!(topups.len() > 1 && !cashouts.is_empty(), "the stream moved money before the kill");
    println!("acknowledged before the kill: {} top-ups, {} cash-outs", topups.len(), cashouts.len());

    let (mut server, _) = start(&url).await;
    let db = Db::connect(&url, &DbOptions::default()).await.unwrap();
    // The disbursement job finishes every cash-out acknowledged before the kill.
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let open = count(&db, "select count(*) as n from cashouts where status = 'PROCESSING' and id <> $1", "").await;
        if open == 0 || Instant::now() > deadline {
            assert_eq!(open, 0, "cash-outs stuck in PROCESSING after the restart");
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    for id in &topups {
        assert_eq!(count(&db, "select count(*) as n from topups where id = $1 and status = 'PAID'", id).await, 1);
        let key = format!("topup:{id}");
        assert_eq!(count(&db, "select count(*) as n from journal_entries where event_id = $1", &key).await, 1);
    }
    for id in &cashouts {
        assert_eq!(
            count(&db, "select count(*) as n from cashouts where id = $1 and status = 'COMPLETED'", id).await,
            1
        );
        let key = format!("cashout:{id}");
        assert_eq!(count(&db, "select count(*) as n from journal_entries where event_id = $1", &key).await, 1);
    }
    // Whatever committed without being acknowledged is consistent too: the balance is exactly
    // the paid top-ups less the completed cash-outs.
    let sum = |sql: &'static str| {
        let db = db.clone();
        async move { sqlx::query(sql).fetch_one(db.pool()).await.unwrap().try_get::<i64, _>("n").unwrap() }
    };
    let paid = sum("select cast(coalesce(sum(amount), 0) as bigint) as n from topups where status = 'PAID'").await;
    let out =
        sum("select cast(coalesce(sum(amount), 0) as bigint) as n from cashouts where status = 'COMPLETED'").await;
    let cash =
        sum("select cast(coalesce(sum(balance), 0) as bigint) as n from ledger_accounts where kind = 'IDR_CASH'").await;
    assert_eq!(cash, paid - out);
    assert!(store::ledger::check(&db).await.unwrap().is_empty());
    server.kill().unwrap();
    server.wait().unwrap();
    let check = command(&url, free_port()).args(["ledger", "check"]).status().unwrap();
    assert!(check.success(), "brokerage ledger check failed");
});

/// Funding settled as often as the test needs it, one user per transaction (the default).
const FUNDING_NOW: [(&str, &str); 1] = [("APP_PERPS__FUNDING_CHECK_MS", "20")];

// Issue 13: the server SIGKILLed while it settles a funding instant (the positions were opened
// before the instant and the process was down across it). After a restart every position is paid
// exactly once for that instant, with one ledger entry each, and `ledger check` passes.
both_backends!(the_server_killed_mid_funding_pays_every_position_once, |backend: Backend| async move {
    const USERS: usize = 400;
    let url = store::testing::fresh_database_url(backend).await.unwrap();
    // A first run migrates the database and tells the mark; its funding job waits an hour.
    let (mut server, base) = start_with(&url, &[("APP_PERPS__FUNDING_CHECK_MS", "3600000")]).await;
    let info: Value = reqwest::get(format!("{base}/api/v1/perps/instrument?symbol={}", crate::perps_trading::BTC))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let mark: rust_decimal::Decimal = info["data"]["markPrice"].as_str().unwrap().parse().unwrap();
    let mark = (mark * rust_decimal::Decimal::TEN).trunc().to_string().parse::<i64>().unwrap();
    server.kill().unwrap();
    server.wait().unwrap();
    let instant = domain::perps::funding_instant_at_or_before(chrono::Utc::now().timestamp_millis());
    let db = Db::connect(&url, &DbOptions::default()).await.unwrap();
    crate::perps_trading::seed_positions(&db, "killed-funding", USERS, mark, instant - 3_600_000).await;
    let paid = || async {
        sqlx::query_scalar::<_, i64>("select count(*) from perp_funding where funding_at_ms = $1")
            .bind(instant)
            .fetch_one(db.pool())
            .await
            .unwrap()
    };

    let (mut server, _) = start_with(&url, &FUNDING_NOW).await;
    let deadline = Instant::now() + Duration::from_secs(30);
    while paid().await < 5 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    server.kill().expect("SIGKILL");
    server.wait().unwrap();
    let before = paid().await;
    assert!(before >= 5 && before < USERS as i64, "killed mid-pass: {before} of {USERS} paid");
    println!("paid before the kill: {before} of {USERS}");

    let (mut server, _) = start_with(&url, &FUNDING_NOW).await;
    let deadline = Instant::now() + Duration::from_secs(60);
    while paid().await < USERS as i64 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // A few more passes of the job: none may pay again.
    tokio::time::sleep(Duration::from_millis(300)).await;
    server.kill().unwrap();
    server.wait().unwrap();
    assert_eq!(paid().await, USERS as i64, "every position paid once for the instant");
    let entries: i64 = sqlx::query_scalar(
        "select count(distinct event_id) from journal_entries where reason = 'PERP_FUNDING' and event_id like $1",
    )
    .bind(format!("perp-funding:%:{instant}"))
    .fetch_one(db.pool())
    .await
    .unwrap();
    let all: i64 = sqlx::query_scalar("select count(*) from journal_entries where reason = 'PERP_FUNDING'")
        .fetch_one(db.pool())
        .await
        .unwrap();
    assert_eq!((entries, all), (USERS as i64, USERS as i64), "one ledger entry per position");
    let check = command(&url, free_port()).args(["ledger", "check"]).status().unwrap();
    assert!(check.success(), "brokerage ledger check failed");
});
