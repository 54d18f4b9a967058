//! Crash safety of crypto orders: a real `brokerage` process is flooded with orders and killed with
//! SIGKILL; restarted on the same database it has every acknowledged order exactly once, rebuilds
//! the books from the database in time priority, and the ledger check passes.

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use domain::ledger::EntryReason;
use serde_json::{json, Value};
use store::ledger::{self, NewEntry, Posting, HOUSE};
use store::{Db, DbOptions};

use crate::both_backends;

struct Server {
    child: Child,
    base: String,
    client: reqwest::Client,
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

impl Server {
    async fn start(url: &str) -> Server {
        let port = free_port();
        let child = Command::new(env!("CARGO_BIN_EXE_brokerage"))
            .arg("serve")
            .env("DATABASE_URL", url)
            .env("APP_HTTP__ADDR", format!("127.0.0.1:{port}"))
            .env("APP_MARKETS__WARM_CACHES", "false")
            .env("APP_RATE_LIMIT__PER_SECOND", "100000")
            .env("APP_RATE_LIMIT__BURST", "100000")
            .env("APP_AUTH__ARGON2_MEMORY_KIB", "1024")
            .env("APP_AUTH__ARGON2_ITERATIONS", "1")
            .env("APP_AUTH__OTP_RESEND_COOLDOWN_SECS", "0")
            .env("APP_AUTH__JWT_SECRET", "trading-restart-test-secret-0123456789abcdef")
            .env("APP_LOG__FILTER", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the brokerage binary starts");
        let server = Server { child, base: format!("http://127.0.0.1:{port}"), client: reqwest::Client::new() };
        for _ in 0..300 {
            if let Ok(r) = server.client.get(format!("{}/readyz", server.base)).send().await {
                if r.status().is_success() {
                    return server;
                }
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("the server did not become ready");
    }

    fn kill(&mut self) {
        // Child::kill sends SIGKILL on Unix: no graceful shutdown, no flushing.
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    async fn post(&self, path: &str, token: Option<&str>, key: &str, body: Value) -> reqwest::Result<(u16, Value)> {
        let mut request = self
            .client
            .post(format!("{}{path}", self.base))
            .header("x-platform", "desktop-web")
            .header("x-device-id", "restart-device")
            .header("x-request-id", key)
            .json(&body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await?;
        let status = response.status().as_u16();
        Ok((status, response.json().await.unwrap_or(Value::Null)))
    }

    async fn get(&self, path: &str, token: &str) -> Value {
        let response = self.client.get(format!("{}{path}", self.base)).bearer_auth(token).send().await.unwrap();
        response.json().await.unwrap()
    }

    /// Signs up through the API; returns (access token, user id).
    async fn sign_up(&self, phone: &str) -> (String, String) {
        let key = || uuid::Uuid::new_v4().to_string();
        let (_, sent) = self.post("/api/v1/user/signup/phone", None, &key(), json!({"phone": phone})).await.unwrap();
        let inbox: Value = self
            .client
            .get(format!("{}/api/dev/otp-inbox?phone={}", self.base, phone.replace('+', "%2B")))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let code = inbox["data"][0]["code"].as_str().unwrap();
        let body = json!({"otpId": sent["data"]["otpId"], "code": code});
        let (_, verified) = self.post("/api/v1/user/signup/verify-otp", None, &key(), body).await.unwrap();
        let body = json!({"verificationToken": verified["data"]["verificationToken"], "pin": "482915"});
        let (status, user) = self.post("/api/v1/user/pin/register-pin", None, &key(), body).await.unwrap();
        assert_eq!(status, 200, "{user}");
        (user["data"]["accessToken"].as_str().unwrap().into(), user["data"]["user"]["id"].as_str().unwrap().into())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn fund(db: &Db, user_id: &str, rupiah: i64) {
    let mut wtx = db.begin_write().await.unwrap();
    let clearing = ledger::account(&mut wtx.tx, HOUSE, "PG_CLEARING", "IDR", true).await.unwrap();
    let cash = ledger::account(&mut wtx.tx, user_id, "IDR_CASH", "IDR", false).await.unwrap();
    let postings = vec![
        Posting { account_id: clearing, currency: "IDR".into(), amount: -rupiah * 100 },
        Posting { account_id: cash, currency: "IDR".into(), amount: rupiah * 100 },
    ];
    let entry = NewEntry {
        reason: EntryReason::Topup,
        event_id: format!("test:{user_id}"),
        memo: None,
        postings,
        at_ms: chrono::Utc::now().timestamp_millis(),
    };
    ledger::post(&mut wtx.tx, &entry).await.unwrap();
    wtx.commit().await.unwrap();
}

both_backends!(sigkill_during_an_order_flood_loses_and_duplicates_no_acknowledged_order, |backend| async move {
    let url = store::testing::fresh_database_url(backend).await.unwrap();
    let mut server = Server::start(&url).await;
    let (token, user_id) = server.sign_up("+6281234569901").await;
    let db = Db::connect(&url, &DbOptions::default()).await.unwrap();
    fund(&db, &user_id, 100_000_000).await;
    let quote = server.get("/api/v1/crypto/price-quote?symbol=BTC-IDR", &token).await;
    let bid: f64 = quote["data"]["bestBid"].as_str().unwrap().parse().unwrap();
    // Far below the market, so every acknowledged order rests and must come back after the restart.
    let price = ((bid * 0.5).floor() as i64).to_string();
    let (acks_tx, mut acks_rx) = tokio::sync::mpsc::unbounded_channel::<(String, String)>();
    let flood: Vec<_> = (0..16)
        .map(|worker| {
            let (base, token, price, acks) = (server.base.clone(), token.clone(), price.clone(), acks_tx.clone());
            tokio::spawn(async move {
                let client = reqwest::Client::new();
                for n in 0.. {
                    let key = format!("flood-{worker}-{n}");
                    let body =
                        json!({"symbol": "BTC-IDR", "orderType": "LIMIT", "quantity": "0.0001", "limitPrice": price});
                    let sent = client
                        .post(format!("{base}/api/v1/crypto/buy"))
                        .bearer_auth(&token)
                        .header("x-request-id", &key)
                        .json(&body)
                        .send()
                        .await;
                    let Ok(response) = sent else { return };
                    if response.status() != 200 {
                        return;
                    }
                    let Ok(body) = response.json::<Value>().await else { return };
                    let _ = acks.send((key, body["data"]["orderId"].as_str().unwrap_or_default().to_owned()));
                }
            })
        })
        .collect();
    drop(acks_tx);
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    server.kill();
    for worker in flood {
        let _ = worker.await;
    }
    let mut acknowledged = Vec::new();
    while let Some(ack) = acks_rx.recv().await {
        acknowledged.push(ack);
    }
    assert!(acknowledged.len() > 10, "the flood reached the server: {}", acknowledged.len());
    let server = Server::start(&url).await;
    for (key, id) in &acknowledged {
        let rows: Vec<(i64, i64)> =
            sqlx::query_as("select id, is_open from crypto_orders where user_id = $1 and request_id = $2")
                .bind(&user_id)
                .bind(key)
                .fetch_all(db.pool())
                .await
                .unwrap();
        assert_eq!(rows.len(), 1, "request {key} stored once");
        assert_eq!(rows[0], (id.parse::<i64>().unwrap(), 1), "acknowledged order {id} is open");
    }
    let open = server.get("/api/v1/trade-web/crypto/transactions/open", &token).await;
    let stored: i64 =
        sqlx::query_scalar("select count(*) from crypto_orders where is_open = 1").fetch_one(db.pool()).await.unwrap();
    assert_eq!(open["total"].as_i64(), Some(stored));
    assert!(stored >= acknowledged.len() as i64);
    // Their holds survived with them, and the ledger is sound.
    let held: i64 = sqlx::query_scalar("select held from ledger_accounts where id = $1")
        .bind(format!("{user_id}:IDR_CASH:IDR"))
        .fetch_one(db.pool())
        .await
        .unwrap();
    let expected: i64 =
        sqlx::query_scalar("select cast(coalesce(sum(hold_total), 0) as bigint) from crypto_orders where is_open = 1")
            .fetch_one(db.pool())
            .await
            .unwrap();
    assert_eq!(held, expected);
    assert!(ledger::check(&db).await.unwrap().is_empty());
    // Every acknowledged order is live in the rebuilt book: cancelling each one succeeds (an order
    // missing from the book would answer order_not_open) and releases its hold.
    for (n, (_, id)) in acknowledged.iter().enumerate() {
        let (status, cancelled) = server
            .post("/api/v1/crypto/cancel", Some(&token), &format!("cancel-{n}"), json!({"orderId": id}))
            .await
            .unwrap();
        assert_eq!((status, cancelled["data"]["status"].as_str()), (200, Some("CANCELLED")), "{cancelled}");
    }
    let left: i64 =
        sqlx::query_scalar("select count(*) from crypto_orders where is_open = 1").fetch_one(db.pool()).await.unwrap();
    assert_eq!(left, stored - acknowledged.len() as i64);
    assert!(ledger::check(&db).await.unwrap().is_empty());
});
