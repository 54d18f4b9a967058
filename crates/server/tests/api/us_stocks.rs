//! US stocks end to end over HTTP (issue 11): every order type and session, refusals that hold
//! nothing, amend and cancel, intraday closing across a restart, margin call and liquidation,
//! dividends and splits, on SQLite and PostgreSQL, with the ledger check after every scenario.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use domain::ledger::EntryReason;
use domain::ledger::HOUSE;
use domain::FixedClock;
use reqwest::Method;
use serde_json::{json, Value};
use store::ledger::{self, NewEntry, Posting};
use store::Backend;

use crate::both_backends;
use crate::helpers::{spawn_app_on, TestApp, User, ADMIN_TOKEN, PIN};

/// Tuesday 24 November 2026, 10:00 New York: the regular session.
pub const REGULAR: &str = "2026-11-24T15:00:00Z";
/// 05:00 New York: pre-market.
const PRE: &str = "2026-11-24T10:00:00Z";
/// 17:00 New York: post-market.
const POST: &str = "2026-11-24T22:00:00Z";
/// Thanksgiving: the exchange is closed all day.
const THANKSGIVING: &str = "2026-11-26T15:00:00Z";
/// 15:46 New York: past the intraday cut-off (15 minutes before the 16:00 close).
const AFTER_CUTOFF: &str = "2026-11-24T20:46:00Z";

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
}

pub struct Market {
    pub app: TestApp,
    clock: Arc<FixedClock>,
    url: String,
    _stop: tokio::sync::oneshot::Sender<()>,
}

pub async fn market(backend: Backend, time: &str) -> Market {
    let url = store::testing::fresh_database_url(backend).await.expect("fresh database");
    let clock = Arc::new(FixedClock::new(at(time)));
    let (app, stop) = spawn_app_on(url.clone(), clock.clone(), |s| s.us_stocks.venue_step_ms = 10).await;
    Market { app, clock, url, _stop: stop }
}

/// Logs `phone` in again: the clock moved past the access token's life.
async fn again(app: &TestApp, phone: &str) -> User {
    app.log_in(phone, PIN, "device-test-1").await.expect("logs in again")
}

pub async fn verified(app: &TestApp, phone: &str) -> User {
    let user = app.sign_up(phone).await;
    sqlx::query("update users set gss_kyc_status = 'VERIFIED' where id = $1")
        .bind(&user.user_id)
        .execute(app.state.db.pool())
        .await
        .unwrap();
    user
}

/// Puts `dollars` into a bucket account (`USD_PALN`, `USD_LEVERAGE`, `USD_INTRADAY`) from the FX desk.
pub async fn fund(app: &TestApp, user: &User, kind: &str, dollars: i64) {
    let micro = dollars * 1_000_000;
    let mut tx = app.state.db.begin_write().await.unwrap();
    let desk = ledger::account(&mut tx.tx, HOUSE, "FX_DESK", "USD", true).await.unwrap();
    let bucket = ledger::account(&mut tx.tx, &user.user_id, kind, "USD", false).await.unwrap();
    let postings = vec![
        Posting { account_id: desk, currency: "USD".into(), amount: -micro },
        Posting { account_id: bucket, currency: "USD".into(), amount: micro },
    ];
    let event = format!("fund:{}:{kind}", user.user_id);
    ledger::post(
        &mut tx.tx,
        &NewEntry { reason: EntryReason::Fx, event_id: event, memo: None, postings, at_ms: app.state.clock.now_ms() },
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
}

async fn place(app: &TestApp, user: &User, path: &str, body: Value) -> (u16, Value) {
    app.send_as(Method::POST, user, &format!("/api/v1/us-stocks/{path}"), body).await
}

/// Waits until the order satisfies `done` (the venue works in the background).
async fn wait_order(app: &TestApp, user: &User, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..500 {
        let (status, body) = app.get_as(user, &format!("/api/v1/us-stocks/transaction/{id}")).await;
        assert_eq!(status, 200, "{body}");
        if done(&body["data"]) {
            return body["data"].clone();
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("order {id} never reached the expected state");
}

async fn filled(app: &TestApp, user: &User, id: &str) -> Value {
    wait_order(app, user, id, |o| o["exchangeState"] == "SUCCESS").await
}

async fn positions(app: &TestApp, user: &User) -> Vec<Value> {
    let (status, body) = app.get_as(user, "/api/v1/us-stocks/positions").await;
    assert_eq!(status, 200, "{body}");
    body["data"].as_array().unwrap().clone()
}

fn position<'a>(all: &'a [Value], stock: &str, bucket: &str) -> Option<&'a Value> {
    all.iter().find(|p| p["stockId"] == stock && p["bucket"] == bucket)
}

pub async fn available(app: &TestApp, user: &User, kind: &str, currency: &str) -> (i64, i64) {
    ledger::balance(&app.state.db, &format!("{}:{kind}:{currency}", user.user_id))
        .await
        .unwrap()
        .map_or((0, 0), |b| (b.balance, b.held))
}

async fn count(app: &TestApp, sql: &str, user: &User) -> i64 {
    sqlx::query_scalar::<_, i64>(sql).bind(&user.user_id).fetch_one(app.state.db.pool()).await.unwrap()
}

/// The ledger balances and no user account is below zero.
pub async fn assert_books_sound(app: &TestApp) {
    assert!(ledger::check(&app.state.db).await.unwrap().is_empty(), "ledger check");
    let negative: i64 =
        sqlx::query_scalar("select count(*) from ledger_accounts where owner <> 'house' and balance < 0")
            .fetch_one(app.state.db.pool())
            .await
            .unwrap();
    assert_eq!(negative, 0, "no user balance below zero");
}

async fn admin(app: &TestApp, path: &str, body: Value) -> Value {
    app.admin(path, body).await
}

// R4.02, R4.03, R4.05, R3.15: a fractional market buy goes through the exchange-side states to
// SUCCESS, shows "working" then "filled", and posts value and fee to the ledger.
both_backends!(r4_03_a_fractional_market_buy_passes_the_exchange_states, |backend| async move {
    let m = market(backend, REGULAR).await;
    let user = verified(&m.app, "081234560101").await;
    fund(&m.app, &user, "USD_PALN", 1_000).await;
    let (status, placed) =
        place(&m.app, &user, "buy", json!({"stockId": "AAPL", "quantity": "0.5", "orderType": "MARKET"})).await;
    assert_eq!(status, 200, "{placed}");
    let order = &placed["data"];
    assert_eq!(
        (order["status"].as_str(), order["statusWord"].as_str(), order["state"].as_u64()),
        (Some("PENDING"), Some("working"), Some(6))
    );
    assert_eq!(order["exchangeState"], "PENDING");
    assert_eq!((order["bucket"].as_str(), order["leverage"].as_u64()), (Some("PALN"), Some(1)));
    let id = order["orderId"].as_str().unwrap();
    let done = filled(&m.app, &user, id).await;
    assert_eq!(
        (done["status"].as_str(), done["statusWord"].as_str(), done["state"].as_u64()),
        (Some("SUCCESS"), Some("filled"), Some(2))
    );
    assert_eq!(done["filledQuantity"], "0.5");
    let value: f64 = done["filledAmount"].as_str().unwrap().parse().unwrap();
    let fee: f64 = done["fee"].as_str().unwrap().parse().unwrap();
    assert!(value > 100.0 && value < 200.0, "{done}");
    assert!((fee - value * 0.001).abs() < 0.01, "0.10 % commission: {done}");
    let (cash, held) = available(&m.app, &user, "USD_PALN", "USD").await;
    assert_eq!(held, 0, "nothing stays held after the fill");
    assert!(((1_000.0 - value - fee) - cash as f64 / 1e6).abs() < 0.000_002, "cash {cash}");
    let all = positions(&m.app, &user).await;
    let aapl = position(&all, "AAPL", "PALN").expect("an AAPL position");
    assert_eq!(aapl["quantity"], "0.5");
    assert_eq!(aapl["marginStatus"], "NORMAL");
    let (status, list) = m.app.get_as(&user, "/api/v1/trade-web/us-stocks/transactions/closed").await;
    assert_eq!((status, list["total"].as_i64(), list["size"].as_i64()), (200, Some(1), Some(30)), "{list}");
    assert_books_sound(&m.app).await;
});

// R4.09: sessions decide what may be placed; refusals are clear and hold nothing.
both_backends!(r4_09_orders_outside_their_session_are_refused_and_hold_nothing, |backend| async move {
    let m = market(backend, PRE).await;
    let user = verified(&m.app, "081234560102").await;
    fund(&m.app, &user, "USD_PALN", 1_000).await;
    let market_buy = json!({"stockId": "AAPL", "quantity": "1", "orderType": "MARKET"});
    let (status, refused) = place(&m.app, &user, "buy", market_buy.clone()).await;
    assert_eq!(
        (status, refused["error_code"].as_str()),
        (400, Some("market_order_outside_regular_hours")),
        "{refused}"
    );
    let stop = json!({"stockId": "AAPL", "quantity": "1", "orderType": "STOP", "stopPrice": "290", "tradingHours": "INCLUDE_EXTENDED_HOURS"});
    let (status, refused) = place(&m.app, &user, "buy", stop).await;
    assert_eq!((status, refused["error_code"].as_str()), (400, Some("extended_hours_limit_only")), "{refused}");
    let half = json!({"stockId": "AAPL", "quantity": "0.5", "orderType": "LIMIT", "unitPrice": "260", "tradingHours": "INCLUDE_EXTENDED_HOURS"});
    let (status, refused) = place(&m.app, &user, "buy", half).await;
    assert_eq!((status, refused["error_code"].as_str()), (400, Some("fractional_not_allowed")), "{refused}");
    m.clock.set(at(THANKSGIVING));
    let user = again(&m.app, "081234560102").await;
    let limit = json!({"stockId": "AAPL", "quantity": "1", "orderType": "LIMIT", "unitPrice": "260"});
    let (status, refused) = place(&m.app, &user, "buy", limit).await;
    assert_eq!((status, refused["error_code"].as_str()), (400, Some("market_closed")), "{refused}");
    m.clock.set(at(REGULAR));
    let fat_finger = json!({"stockId": "AAPL", "quantity": "1", "orderType": "LIMIT", "unitPrice": "999"});
    let (status, refused) = place(&m.app, &user, "buy", fat_finger).await;
    assert_eq!((status, refused["error_code"].as_str()), (400, Some("price_outside_band")), "{refused}");
    let (status, refused) =
        place(&m.app, &user, "buy", json!({"stockId": "AAPL", "amount": "0.5", "orderType": "MARKET"})).await;
    assert_eq!((status, refused["error_code"].as_str()), (400, Some("below_minimum")), "{refused}");
    let (status, refused) =
        place(&m.app, &user, "leverage/buy", json!({"stockId": "AAPL", "quantity": "1", "orderType": "MARKET"})).await;
    assert_eq!((status, refused["error_code"].as_str()), (400, Some("invalid_order")), "R4.15: {refused}");
    let (status, refused) =
        place(&m.app, &user, "buy", json!({"stockId": "AAPL", "quantity": "1", "orderType": "MARKET", "leverage": 2}))
            .await;
    assert_eq!((status, refused["error_code"].as_str()), (400, Some("invalid_order")), "R4.15: {refused}");
    let (status, _) =
        place(&m.app, &user, "buy", json!({"stockId": "NOPE", "quantity": "1", "orderType": "MARKET"})).await;
    assert_eq!(status, 404);
    assert_eq!(count(&m.app, "select count(*) from us_orders where user_id = $1", &user).await, 0, "nothing placed");
    assert_eq!(available(&m.app, &user, "USD_PALN", "USD").await, (1_000_000_000, 0), "nothing held");
    let stranger = m.app.sign_up("081234560103").await;
    let (status, refused) = place(&m.app, &stranger, "buy", market_buy).await;
    assert_eq!((status, refused["error_code"].as_str()), (400, Some("041")), "{refused}");
    assert_books_sound(&m.app).await;
});

// R4.04, R4.09: a limit sell for extended hours is amended (accepted, then a rejected request that
// leaves it as it was), cancelled, and never visible to another user.
both_backends!(r4_04_amend_requests_are_accepted_or_rejected_by_the_exchange, |backend| async move {
    let m = market(backend, REGULAR).await;
    let user = verified(&m.app, "081234560104").await;
    fund(&m.app, &user, "USD_PALN", 2_000).await;
    let (status, bought) =
        place(&m.app, &user, "buy", json!({"stockId": "AAPL", "quantity": "3", "orderType": "MARKET"})).await;
    assert_eq!(status, 200, "{bought}");
    filled(&m.app, &user, bought["data"]["orderId"].as_str().unwrap()).await;
    m.clock.set(at(POST));
    let user = again(&m.app, "081234560104").await;
    let (_, description) = m.app.get_as(&user, "/api/v1/us-stocks/AAPL/description").await;
    assert_eq!(description["data"]["session"]["phase"], "POST_MARKET", "{description}");
    let bid: f64 = description["data"]["bid"].as_str().unwrap().parse().unwrap();
    let price = |factor: f64| format!("{:.2}", bid * factor);
    let sell = json!({"stockId": "AAPL", "quantity": "2", "orderType": "LIMIT", "unitPrice": price(1.05),
                      "tradingHours": "INCLUDE_EXTENDED_HOURS", "timeInForce": "GOOD_TILL_CANCEL"});
    let (status, placed) = place(&m.app, &user, "sell", sell).await;
    assert_eq!(status, 200, "{placed}");
    let id = placed["data"]["orderId"].as_str().unwrap().to_owned();
    wait_order(&m.app, &user, &id, |o| o["exchangeState"] == "ACCEPTED_FROM_EXCHANGE").await;
    assert_eq!(available(&m.app, &user, "US_SHARES_PALN", "AAPL").await.1, 2_000_000, "two shares held");

    let amend_path = format!("/api/v1/us-stocks/transaction/{id}/amend");
    let (status, asked) =
        m.app.send_as(Method::PATCH, &user, &amend_path, json!({"stockId": "AAPL", "unitPrice": price(1.06)})).await;
    assert_eq!(status, 200, "{asked}");
    assert_eq!(asked["data"]["amendRequest"]["status"], "pending");
    let amended = wait_order(&m.app, &user, &id, |o| o["amendRequest"]["status"] == "accepted").await;
    assert_eq!(amended["unitPrice"], price(1.06));
    assert_eq!(amended["exchangeState"], "ACCEPTED_FROM_EXCHANGE");

    let (status, asked) = m
        .app
        .send_as(
            Method::PATCH,
            &user,
            &amend_path,
            json!({"stockId": "AAPL", "unitPrice": format!("{}01", price(1.07))}),
        )
        .await;
    assert_eq!(status, 200, "{asked}");
    let rejected = wait_order(&m.app, &user, &id, |o| o["amendRequest"]["status"] == "rejected").await;
    assert_eq!(rejected["amendRequest"]["reason"], "PRICE_OFF_TICK");
    assert_eq!(rejected["unitPrice"], price(1.06), "a rejected amend leaves the order as it was");
    assert!(rejected["isOpen"].as_bool().unwrap());

    let stranger = verified(&m.app, "081234560105").await;
    let (status, _) = m.app.get_as(&stranger, &format!("/api/v1/us-stocks/transaction/{id}")).await;
    assert_eq!(status, 404);
    let (status, _) = m
        .app
        .send_as(Method::PATCH, &stranger, &amend_path, json!({"stockId": "AAPL", "unitPrice": price(1.05)}))
        .await;
    assert_eq!(status, 404);
    let cancel_path = format!("/api/v1/us-stocks/transaction/{id}/cancel");
    let (status, _) = m.app.send_as(Method::PUT, &stranger, &cancel_path, json!({"stockId": "AAPL"})).await;
    assert_eq!(status, 404);

    let (status, cancelled) = m.app.send_as(Method::PUT, &user, &cancel_path, json!({"stockId": "AAPL"})).await;
    assert_eq!(status, 200, "{cancelled}");
    assert_eq!(cancelled["data"]["orders"][0]["statusWord"], "canceled");
    assert_eq!(cancelled["data"]["orders"][0]["state"], 1);
    assert_eq!(available(&m.app, &user, "US_SHARES_PALN", "AAPL").await, (3_000_000, 0), "shares free again");
    assert_books_sound(&m.app).await;
});

// R4.10: a limit buy, a stop, a stop-limit, a trailing stop and an OCO pair, each placed and working.
both_backends!(r4_10_every_order_type_is_placed_and_works, |backend| async move {
    let m = market(backend, REGULAR).await;
    let user = verified(&m.app, "081234560106").await;
    fund(&m.app, &user, "USD_PALN", 5_000).await;
    let (_, bought) =
        place(&m.app, &user, "buy", json!({"stockId": "AAPL", "quantity": "4", "orderType": "MARKET"})).await;
    filled(&m.app, &user, bought["data"]["orderId"].as_str().unwrap()).await;
    let (_, d) = m.app.get_as(&user, "/api/v1/us-stocks/AAPL/description").await;
    let ask: f64 = d["data"]["ask"].as_str().unwrap().parse().unwrap();
    let p = |f: f64| format!("{:.2}", ask * f);
    let orders = [
        ("buy", json!({"stockId": "AAPL", "quantity": "1", "orderType": "LIMIT", "unitPrice": p(0.97)})),
        ("buy", json!({"stockId": "AAPL", "quantity": "1", "orderType": "STOP", "stopPrice": p(1.03)})),
        (
            "buy",
            json!({"stockId": "AAPL", "quantity": "1", "orderType": "STOP_LIMIT", "stopPrice": p(1.03), "unitPrice": p(1.04)}),
        ),
        (
            "sell",
            json!({"stockId": "AAPL", "quantity": "1", "orderType": "STOP", "orderSubType": "TRAILING_STOP", "trailPercent": "2"}),
        ),
        (
            "sell",
            json!({"stockId": "AAPL", "quantity": "2", "orderType": "OCO", "takeProfit": p(1.05), "stopLoss": p(0.95)}),
        ),
    ];
    for (side, body) in orders {
        let (status, placed) = place(&m.app, &user, side, body.clone()).await;
        assert_eq!(status, 200, "{body} → {placed}");
        let id = placed["data"]["orderId"].as_str().unwrap();
        let working = wait_order(&m.app, &user, id, |o| o["exchangeState"] == "ACCEPTED_FROM_EXCHANGE").await;
        assert_eq!(working["statusWord"], "working", "{working}");
    }
    let (_, open) = m.app.get_as(&user, "/api/v1/trade-web/us-stocks/transactions/open").await;
    assert_eq!(open["total"], 6, "five orders, the OCO as two legs: {open}");
    let trailing = open["data"].as_array().unwrap().iter().find(|o| o["orderSubType"] == "TRAILING_STOP").unwrap();
    assert!(trailing["stopPrice"].is_string(), "a trailing stop shows where it stands: {trailing}");
    // The trailing stop (1 share) and the take-profit leg (2) hold three of the four shares.
    assert_eq!(available(&m.app, &user, "US_SHARES_PALN", "AAPL").await.1, 3_000_000);
    // A fall to the stop-loss triggers it: it sells, and its take-profit sibling is cancelled.
    admin(&m.app, "us-stocks/price-factor", json!({"stockId": "AAPL", "factor": "0.94"})).await;
    let oco = open["data"].as_array().unwrap().iter().find(|o| o["orderSubType"] == "STOP_LOSS").unwrap();
    let stop_loss = filled(&m.app, &user, oco["orderId"].as_str().unwrap()).await;
    assert_eq!(stop_loss["filledQuantity"], "2");
    let (_, closed) = m.app.get_as(&user, "/api/v1/trade-web/us-stocks/transactions/closed").await;
    let take_profit = closed["data"].as_array().unwrap().iter().find(|o| o["orderSubType"] == "TAKE_PROFIT").unwrap();
    assert_eq!(take_profit["reason"], "OCO_SIBLING_EXECUTED");
    assert_books_sound(&m.app).await;
});

// Issue 12: placements arriving together commit together on SQLite (the group writer's batch) and
// each in a transaction of its own on PostgreSQL; either way a placement the money does not cover is
// refused alone and every other one is stored with exactly its hold.
both_backends!(placements_at_once_commit_together_and_a_refusal_stays_alone, |backend| async move {
    let m = market(backend, REGULAR).await;
    let mut users = Vec::new();
    for i in 0..6 {
        let user = verified(&m.app, &format!("08123456071{i}")).await;
        fund(&m.app, &user, "USD_PALN", 1_000).await;
        users.push(user);
    }
    let (_, d) = m.app.get_as(&users[0], "/api/v1/us-stocks/AAPL/description").await;
    let limit = format!("{:.2}", d["data"]["ask"].as_str().unwrap().parse::<f64>().unwrap() * 0.97);
    let mut bodies = Vec::new();
    for (i, user) in users.iter().enumerate() {
        // The fourth user's last order is more than the money left: it alone is refused.
        let quantities = if i == 3 { ["1", "1", "100"] } else { ["1", "1", "1"] };
        for quantity in quantities {
            bodies.push((
                user,
                json!({"stockId": "AAPL", "quantity": quantity, "orderType": "LIMIT", "unitPrice": limit}),
            ));
        }
    }
    let app = &m.app;
    let sends = bodies.into_iter().map(|(user, body)| place(app, user, "buy", body));
    let answers = futures::future::join_all(sends).await;
    for (n, (status, body)) in answers.iter().enumerate() {
        let expected = if n == 3 * 3 + 2 { 400 } else { 200 };
        assert_eq!(*status, expected, "placement {n}: {body}");
    }
    let largest = m.app.state.writes.largest_batch();
    match backend {
        Backend::Sqlite => assert!(largest > 1, "placements queued together shared a commit: {largest}"),
        Backend::Postgres => assert_eq!(largest, 0, "each placement committed on its own"),
    }
    // Every stored order holds the same (one share at the limit, with fees); the refusal holds nothing.
    let (_, first_held) = available(&m.app, &users[0], "USD_PALN", "USD").await;
    assert!(first_held > 0 && first_held % 3 == 0, "{first_held}");
    let each = first_held / 3;
    for (i, user) in users.iter().enumerate() {
        let placed = if i == 3 { 2 } else { 3 };
        assert_eq!(available(&m.app, user, "USD_PALN", "USD").await, (1_000_000_000, placed * each), "user {i}");
        assert_eq!(count(&m.app, "select count(*) from us_orders where user_id = $1", user).await, placed);
    }
    assert_books_sound(&m.app).await;
});

// Issue 12: the open-order limit is counted under the user's lock, inside the placement's write: of
// placements sent at once by a user one short of the limit, exactly one is placed; the others are
// refused (400 too_many_open_orders, the limit named) and hold nothing.
both_backends!(the_open_order_limit_holds_for_placements_sent_at_once, |backend| async move {
    let url = store::testing::fresh_database_url(backend).await.expect("fresh database");
    let clock = Arc::new(FixedClock::new(at(REGULAR)));
    let (app, _stop) = spawn_app_on(url, clock, |s| {
        s.us_stocks.venue_step_ms = 10;
        s.us_stocks.open_orders_per_user_max = 2;
    })
    .await;
    let user = verified(&app, "081234560720").await;
    fund(&app, &user, "USD_PALN", 1_000).await;
    let (_, d) = app.get_as(&user, "/api/v1/us-stocks/AAPL/description").await;
    let limit = format!("{:.2}", d["data"]["ask"].as_str().unwrap().parse::<f64>().unwrap() * 0.97);
    let rest = json!({"stockId": "AAPL", "quantity": "1", "orderType": "LIMIT", "unitPrice": limit});
    let (status, first) = place(&app, &user, "buy", rest.clone()).await;
    assert_eq!(status, 200, "{first}");
    let (_, one_held) = available(&app, &user, "USD_PALN", "USD").await;
    let answers = futures::future::join_all((0..5).map(|_| place(&app, &user, "buy", rest.clone()))).await;
    assert_eq!(answers.iter().filter(|(status, _)| *status == 200).count(), 1, "{answers:?}");
    for (status, body) in answers.iter().filter(|(status, _)| *status != 200) {
        assert_eq!((*status, body["error_code"].as_str()), (400, Some("too_many_open_orders")), "{body}");
        assert!(body["error_message"].as_str().unwrap().contains("2 "), "the limit is named: {body}");
    }
    assert_eq!(count(&app, "select count(*) from us_orders where user_id = $1", &user).await, 2);
    assert_eq!(available(&app, &user, "USD_PALN", "USD").await, (1_000_000_000, 2 * one_held));
    assert_books_sound(&app).await;
});

// R4.16, R3.10: a 4x intraday position opens from the intraday bucket and is closed by the server
// at the cut-off exactly once, also when the server restarts across the cut-off.
both_backends!(r4_16_intraday_positions_close_at_the_cutoff_once_across_a_restart, |backend| async move {
    let m = market(backend, REGULAR).await;
    let user = verified(&m.app, "081234560107").await;
    fund(&m.app, &user, "USD_INTRADAY", 1_000).await;
    let body = json!({"stockId": "AAPL", "quantity": "10", "orderType": "MARKET", "leverage": 4, "tradingHours": "REGULAR_HOURS"});
    let (status, placed) = place(&m.app, &user, "leverage/buy", body.clone()).await;
    assert_eq!(status, 200, "{placed}");
    assert_eq!(
        (placed["data"]["bucket"].as_str(), placed["data"]["tradingHours"].as_str()),
        (Some("INTRADAY"), Some("INTRADAY"))
    );
    assert_eq!(placed["data"]["timeInForce"], "GOOD_TILL_MARKET_CLOSE");
    let done = filled(&m.app, &user, placed["data"]["orderId"].as_str().unwrap()).await;
    let value: f64 = done["filledAmount"].as_str().unwrap().parse().unwrap();
    assert!(value > 1_000.0, "4x buys more than the bucket holds: {value}");
    let all = positions(&m.app, &user).await;
    let held = position(&all, "AAPL", "INTRADAY").unwrap();
    let borrowed: f64 = held["borrowed"].as_str().unwrap().parse().unwrap();
    assert!((borrowed - value * 0.75).abs() < 0.01, "the broker lends three quarters: {held}");
    // A fresh 4x position (25 % equity less spread and fee) is above the intraday levels.
    server::features::us_stocks::check_margins(&m.app.state).await.unwrap();
    let all = positions(&m.app, &user).await;
    let held = position(&all, "AAPL", "INTRADAY").unwrap();
    assert_eq!((held["quantity"].as_str(), held["marginStatus"].as_str()), (Some("10"), Some("NORMAL")), "{held}");
    assert_eq!(count(&m.app, "select count(*) from us_orders where user_id = $1 and system = 1", &user).await, 0);

    // The server stops before the cut-off and starts again after it.
    let Market { app, _stop, url, .. } = m;
    _stop.send(()).unwrap();
    drop(app);
    tokio::time::sleep(Duration::from_millis(100)).await;
    let clock = Arc::new(FixedClock::new(at(AFTER_CUTOFF)));
    let (app, _stop) = spawn_app_on(url, clock.clone(), |s| s.us_stocks.venue_step_ms = 10).await;
    let user = again(&app, "081234560107").await;
    for _ in 0..500 {
        let all = positions(&app, &user).await;
        if position(&all, "AAPL", "INTRADAY").is_some_and(|p| p["quantity"] == "0") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let all = positions(&app, &user).await;
    assert_eq!(position(&all, "AAPL", "INTRADAY").unwrap()["quantity"], "0", "closed by the server");
    // More passes of the job place nothing more.
    for _ in 0..3 {
        server::features::us_stocks::close_intraday(&app.state).await.unwrap();
    }
    let system = "select count(*) from us_orders where user_id = $1 and system = 1";
    assert_eq!(count(&app, system, &user).await, 1, "exactly one closing order");
    let (status, refused) = place(&app, &user, "leverage/buy", body).await;
    assert_eq!((status, refused["error_code"].as_str()), (400, Some("intraday_closed")), "{refused}");
    assert_books_sound(&app).await;
});

// R3.10: a scripted fall drives a 2x position into margin call, then liquidation; the broker
// absorbs what the shares no longer cover, and no user balance goes below zero.
both_backends!(a_falling_price_drives_a_2x_position_to_margin_call_and_liquidation, |backend| async move {
    let m = market(backend, REGULAR).await;
    let user = verified(&m.app, "081234560108").await;
    fund(&m.app, &user, "USD_LEVERAGE", 1_000).await;
    let body = json!({"stockId": "AAPL", "quantity": "5", "orderType": "MARKET", "leverage": 2});
    let (status, placed) = place(&m.app, &user, "leverage/buy", body).await;
    assert_eq!(status, 200, "{placed}");
    filled(&m.app, &user, placed["data"]["orderId"].as_str().unwrap()).await;
    let (unspent, _) = available(&m.app, &user, "USD_LEVERAGE", "USD").await;
    admin(&m.app, "us-stocks/price-factor", json!({"stockId": "AAPL", "factor": "0.7"})).await;
    server::features::us_stocks::check_margins(&m.app.state).await.unwrap();
    let all = positions(&m.app, &user).await;
    let held = position(&all, "AAPL", "LEVERAGE").unwrap();
    assert_eq!(held["marginStatus"], "MARGIN_CALL", "{held}");
    admin(&m.app, "us-stocks/price-factor", json!({"stockId": "AAPL", "factor": "0.4"})).await;
    for _ in 0..3 {
        server::features::us_stocks::check_margins(&m.app.state).await.unwrap();
    }
    for _ in 0..500 {
        let all = positions(&m.app, &user).await;
        if position(&all, "AAPL", "LEVERAGE").is_some_and(|p| p["quantity"] == "0") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let all = positions(&m.app, &user).await;
    let closed = position(&all, "AAPL", "LEVERAGE").unwrap();
    assert_eq!((closed["quantity"].as_str(), closed["marginStatus"].as_str()), (Some("0"), Some("NORMAL")), "{closed}");
    let system = "select count(*) from us_orders where user_id = $1 and system = 1 and reason = 'LIQUIDATION'";
    assert_eq!(count(&m.app, system, &user).await, 1, "liquidated exactly once");
    assert_eq!(
        available(&m.app, &user, "USD_LEVERAGE", "USD").await.0,
        unspent,
        "the fall took the whole margin, nothing more"
    );
    let losses: i64 = ledger::balance(&m.app.state.db, "house:MARGIN_LOSSES:USD").await.unwrap().unwrap().balance;
    assert!(losses < 0, "the broker absorbed the shortfall");
    assert_books_sound(&m.app).await;
});

// A dividend (US tax withheld at the treaty's 15 %) and a 4-for-1 split, each applied once.
both_backends!(dividends_and_splits_apply_exactly_once, |backend| async move {
    let m = market(backend, REGULAR).await;
    let user = verified(&m.app, "081234560109").await;
    fund(&m.app, &user, "USD_PALN", 2_000).await;
    let (_, placed) =
        place(&m.app, &user, "buy", json!({"stockId": "AAPL", "quantity": "2", "orderType": "MARKET"})).await;
    filled(&m.app, &user, placed["data"]["orderId"].as_str().unwrap()).await;
    let (cash_before, _) = available(&m.app, &user, "USD_PALN", "USD").await;
    admin(
        &m.app,
        "us-stocks/corporate-actions",
        json!({"stockId": "AAPL", "kind": "DIVIDEND", "exDate": "2026-11-23",
        "recordDate": "2026-11-24", "payDate": "2026-11-24", "cashPerShare": "0.26"}),
    )
    .await;
    for _ in 0..3 {
        server::features::us_stocks::apply_corporate_actions(&m.app.state).await.unwrap();
    }
    let (cash_after, _) = available(&m.app, &user, "USD_PALN", "USD").await;
    assert_eq!(cash_after - cash_before, 442_000, "2 × $0.26 less 15 % withheld, once");
    let average_before: f64 = position(&positions(&m.app, &user).await, "AAPL", "PALN").unwrap()["averagePrice"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    admin(
        &m.app,
        "us-stocks/corporate-actions",
        json!({"stockId": "AAPL", "kind": "SPLIT", "exDate": "2026-11-24",
        "recordDate": "2026-11-24", "payDate": "2026-11-24", "ratioTo": 4, "ratioFrom": 1}),
    )
    .await;
    for _ in 0..3 {
        server::features::us_stocks::apply_corporate_actions(&m.app.state).await.unwrap();
    }
    let all = positions(&m.app, &user).await;
    let held = position(&all, "AAPL", "PALN").unwrap();
    assert_eq!(held["quantity"], "8");
    assert_eq!(held["dividends"], "0.442");
    let average: f64 = held["averagePrice"].as_str().unwrap().parse().unwrap();
    assert!((average - average_before / 4.0).abs() < 0.0001, "{average} vs {average_before}");
    assert_eq!(available(&m.app, &user, "US_SHARES_PALN", "AAPL").await.0, 8_000_000);
    // A field of the other kind is refused rather than ignored, and announces nothing.
    let dates = json!({"stockId": "AAPL", "exDate": "2026-11-25", "recordDate": "2026-11-25", "payDate": "2026-11-25"});
    let with = |extra: Value| {
        let mut body = dates.clone();
        body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        body
    };
    for mixed in [
        with(json!({"kind": "DIVIDEND", "cashPerShare": "0.1", "ratioTo": 2})),
        with(json!({"kind": "SPLIT", "cashPerShare": "0.1", "ratioTo": 2, "ratioFrom": 1})),
    ] {
        let request = m.app.post("/api/admin/us-stocks/corporate-actions").bearer_auth(ADMIN_TOKEN).json(&mixed);
        assert_eq!(request.send().await.unwrap().status(), 400, "{mixed}");
    }
    let (_, actions) = m.app.get_as(&user, "/api/v1/us-stocks/AAPL/corporate-actions").await;
    assert_eq!(actions["data"].as_array().unwrap().len(), 2);
    assert_books_sound(&m.app).await;
});

// R3.10, R3.15: the estimate takes the order's own fields as a query; a 2x buy shows the user's own
// half and the loan, a by-amount buy the shares it gets, and the bucket's buying power.
both_backends!(r3_10_the_estimate_shows_own_part_loan_and_buying_power, |backend| async move {
    let m = market(backend, REGULAR).await;
    let user = verified(&m.app, "081234560110").await;
    fund(&m.app, &user, "USD_LEVERAGE", 1_000).await;
    let path = "/api/v1/us-stocks/estimate?transactionType=BUY&stockId=AAPL&orderType=LIMIT&quantity=2&unitPrice=250&leverage=2";
    let (status, body) = m.app.get_as(&user, path).await;
    assert_eq!(status, 200, "{body}");
    let e = &body["data"];
    assert_eq!(
        (e["price"].as_str(), e["quantity"].as_str(), e["value"].as_str()),
        (Some("250.00"), Some("2"), Some("500.00"))
    );
    assert_eq!(
        (e["ownPart"].as_str(), e["borrowed"].as_str(), e["fee"].as_str()),
        (Some("250.00"), Some("250.00"), Some("0.50"))
    );
    assert_eq!(
        (e["total"].as_str(), e["bucket"].as_str(), e["buyingPower"].as_str()),
        (Some("250.50"), Some("LEVERAGE"), Some("2000.00"))
    );
    let by_amount = "/api/v1/us-stocks/estimate?transactionType=BUY&stockId=AAPL&orderType=MARKET&amount=100";
    let (status, body) = m.app.get_as(&user, by_amount).await;
    assert_eq!(status, 200, "{body}");
    let shares: f64 = body["data"]["quantity"].as_str().unwrap().parse().unwrap();
    assert!(shares > 0.3 && shares < 0.45, "$100 of a ~$255 stock: {body}");
    let (status, refused) = m
        .app
        .get_as(&user, "/api/v1/us-stocks/estimate?transactionType=BUY&stockId=AAPL&orderType=LIMIT&quantity=2")
        .await;
    assert_eq!((status, refused["error_code"].as_str()), (400, Some("invalid_order")), "{refused}");
});
