//! Perpetual futures end to end (issue 13) on both databases, on a clock the tests move: long and
//! short, open, add, reduce and close with profit exact to the micro-USDT, refusals that hold
//! nothing, stops and take-profit, the liquidation engine with the insurance fund, and funding
//! exactly once per position per instant, across a restart too. The books are checked after each.

use std::sync::Arc;

use domain::ledger::EntryReason;
use serde_json::{json, Value};
use server::features::perps;
use store::ledger::{self, NewEntry, Posting};

use crate::both_backends;
use crate::helpers::{advance, spawn_app_on, TestApp, User, PIN};
use crate::us_stocks::assert_books_sound;

pub(crate) const BTC: &str = "BTCUSDT-PERP";
pub(crate) const MICRO: i64 = 1_000_000;

/// An app on a fixed clock whose perpetual jobs only run when the test drives them.
pub(crate) async fn app(backend: store::Backend) -> (TestApp, Arc<domain::FixedClock>, String) {
    app_at(backend, chrono::Utc::now()).await
}

/// [`app`] with its clock at `now`: the simulated prices, and so the test, the same on every run.
pub(crate) async fn app_at(
    backend: store::Backend,
    now: chrono::DateTime<chrono::Utc>,
) -> (TestApp, Arc<domain::FixedClock>, String) {
    let url = store::testing::fresh_database_url(backend).await.unwrap();
    let clock = Arc::new(domain::FixedClock::new(now));
    let (app, _stop) = spawn_app_on(url.clone(), clock.clone(), quiet).await;
    (app, clock, url)
}

pub(crate) fn quiet(s: &mut server::config::Settings) {
    s.markets.warm_caches = false;
    s.perps.venue_step_ms = 3_600_000;
    s.perps.risk_check_ms = 3_600_000;
    s.perps.funding_check_ms = 3_600_000;
    // The risk pass reads everything once; after that it sees only what the writes mark.
    s.perps.risk_full_read_ms = 30 * 24 * 3_600_000;
}

/// Puts `usdt` in the user's margin wallet (as a deposit from spot USDT would).
pub(crate) async fn credit_margin(app: &TestApp, user: &User, usdt: i64) {
    let mut w = app.state.db.begin_write().await.unwrap();
    let desk = ledger::account(&mut w.tx, "house", "FX_DESK", "USDT", true).await.unwrap();
    let margin = ledger::account(&mut w.tx, &user.user_id, "PERP_MARGIN", "USDT", false).await.unwrap();
    let entry = NewEntry {
        reason: EntryReason::PerpMarginDeposit,
        event_id: format!("test-margin:{}", uuid::Uuid::new_v4()),
        memo: None,
        postings: vec![
            Posting { account_id: desk, currency: "USDT".into(), amount: -usdt * MICRO },
            Posting { account_id: margin, currency: "USDT".into(), amount: usdt * MICRO },
        ],
        at_ms: app.state.clock.now_ms(),
    };
    ledger::post(&mut w.tx, &entry).await.unwrap();
    w.commit().await.unwrap();
}

/// `count` new users (phones `prefix` + 0, 1, …), each with `usdt` in the margin wallet.
pub(crate) async fn margined_users(app: &TestApp, prefix: &str, count: usize, usdt: i64) -> Vec<User> {
    let mut users = Vec::with_capacity(count);
    for i in 0..count {
        let user = app.sign_up(&format!("{prefix}{i}")).await;
        credit_margin(app, &user, usdt).await;
        users.push(user);
    }
    users
}

pub(crate) async fn wallet(app: &TestApp, user: &User) -> (i64, i64) {
    ledger::balance(&app.state.db, &format!("{}:PERP_MARGIN:USDT", user.user_id))
        .await
        .unwrap()
        .map_or((0, 0), |b| (b.balance, b.held))
}

/// A decimal text in units of `10^-scale` (exact).
pub(crate) fn units(text: &str, scale: u32) -> i64 {
    let value: rust_decimal::Decimal = text.parse().unwrap();
    (value * rust_decimal::Decimal::from(10_i64.pow(scale))).trunc().to_string().parse().unwrap()
}

pub(crate) async fn public(app: &TestApp, path: &str) -> Value {
    let response = app.get(path).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 200);
    response.json().await.unwrap()
}

pub(crate) async fn mark(app: &TestApp) -> i64 {
    let info = public(app, &format!("/api/v1/perps/instrument?symbol={BTC}")).await;
    units(info["data"]["markPrice"].as_str().unwrap(), 1)
}

pub(crate) fn price(ticks: i64) -> String {
    rust_decimal::Decimal::new(ticks, 1).to_string()
}

pub(crate) async fn place(app: &TestApp, user: &User, side: &str, body: Value) -> (u16, Value) {
    app.post_as(user, &format!("/api/v1/perps/{side}"), body).await
}

pub(crate) async fn placed(app: &TestApp, user: &User, side: &str, body: Value) -> Value {
    let (status, answer) = place(app, user, side, body).await;
    assert_eq!(status, 200, "{answer}");
    answer["data"].clone()
}

pub(crate) async fn position(app: &TestApp, user: &User) -> Option<Value> {
    let (status, all) = app.get_as(user, "/api/v1/perps/positions").await;
    assert_eq!(status, 200, "{all}");
    all["data"]["positions"].as_array().unwrap().iter().find(|p| p["symbol"] == BTC).cloned()
}

async fn factor(app: &TestApp, factor: &str) {
    app.admin("perps/index-factor", json!({"symbol": BTC, "factor": factor})).await;
}

pub(crate) fn lifecycle(app: &TestApp) -> perps::lifecycle::Perps<'_> {
    perps::perps(&app.state)
}

/// The maker fee of `lots` (0.001 BTC) at `ticks` (0.1 USDT), micro-USDT rounded up.
pub(crate) fn maker_fee(ticks: i64, lots: i64) -> i64 {
    let notional = ticks * lots * 100; // value scale 4 → micro scale 6
    (notional * 200 + MICRO - 1) / MICRO
}

// Issue 13: a long opened and closed by resting limits realises exactly (sell − buy) × size, and the
// wallet ends at deposit + profit − both maker fees; a short the same the other way.
both_backends!(perp_long_and_short_profit_is_exact_to_the_micro_usdt, |backend| async move {
    let (app, _clock, _) = app(backend).await;
    let user = app.sign_up("081234569301").await;
    credit_margin(&app, &user, 1_000).await;
    let (status, lev) = app
        .send_as(reqwest::Method::PUT, &user, "/api/v1/perps/leverage", json!({"symbol": BTC, "leverage": 10}))
        .await;
    assert_eq!((status, lev["data"]["leverage"].as_i64()), (200, Some(10)), "{lev}");

    // Long: a buy below the market rests, a 2 % fall fills it as the maker at its own price.
    let buy_at = mark(&app).await * 99 / 100;
    let order = placed(
        &app,
        &user,
        "buy",
        json!({"symbol": BTC, "orderType": "LIMIT", "quantity": "0.010", "price": price(buy_at)}),
    )
    .await;
    assert_eq!((order["status"].as_str(), order["state"].as_i64()), (Some("PENDING"), Some(6)), "{order}"); // R4.05 working
    assert!(wallet(&app, &user).await.1 > 0, "the order holds its margin and fee");
    factor(&app, "0.98").await;
    assert_eq!(lifecycle(&app).drive().await.unwrap(), 1);
    let long = position(&app, &user).await.expect("a long");
    assert_eq!((long["side"].as_str(), long["size"].as_str()), (Some("LONG"), Some("0.010")), "{long}");
    assert_eq!(units(long["entryPrice"].as_str().unwrap(), 1), buy_at);
    let held = wallet(&app, &user).await.1;
    assert_eq!(held, buy_at * 10 * 100 / 10, "the position holds notional / 10");

    let sell_at = mark(&app).await * 101 / 100;
    placed(
        &app,
        &user,
        "sell",
        json!({"symbol": BTC, "orderType": "LIMIT", "quantity": "0.010", "price": price(sell_at), "reduceOnly": true}),
    )
    .await;
    factor(&app, "1").await;
    assert_eq!(lifecycle(&app).drive().await.unwrap(), 1);
    assert!(position(&app, &user).await.is_none(), "flat");
    let profit = (sell_at - buy_at) * 10 * 100;
    let fees = maker_fee(buy_at, 10) + maker_fee(sell_at, 10);
    assert_eq!(wallet(&app, &user).await, (1_000 * MICRO + profit - fees, 0));

    // Short: a sell above the market, filled on a rise; bought back below, filled on a fall.
    let before = wallet(&app, &user).await.0;
    let short_at = mark(&app).await * 101 / 100;
    placed(
        &app,
        &user,
        "sell",
        json!({"symbol": BTC, "orderType": "LIMIT", "quantity": "0.020", "price": price(short_at)}),
    )
    .await;
    factor(&app, "1.02").await;
    lifecycle(&app).drive().await.unwrap();
    let short = position(&app, &user).await.expect("a short");
    assert_eq!((short["side"].as_str(), short["size"].as_str()), (Some("SHORT"), Some("0.020")), "{short}");
    let cover_at = mark(&app).await * 99 / 100;
    placed(
        &app,
        &user,
        "buy",
        json!({"symbol": BTC, "orderType": "LIMIT", "quantity": "0.020", "price": price(cover_at)}),
    )
    .await;
    factor(&app, "1").await;
    lifecycle(&app).drive().await.unwrap();
    assert!(position(&app, &user).await.is_none(), "flat again");
    let profit = (short_at - cover_at) * 20 * 100;
    let fees = maker_fee(short_at, 20) + maker_fee(cover_at, 20);
    assert_eq!(wallet(&app, &user).await, (before + profit - fees, 0));
    let (_, fills) = app.get_as(&user, "/api/v1/perps/history/fills").await;
    assert_eq!(fills["data"].as_array().unwrap().len(), 4, "{fills}");
    assert_books_sound(&app).await;
});

// Issue 13: market orders open, add to, reduce and flip a position (one-way mode); every order's
// realised profit and fee add up to the wallet's change.
both_backends!(perp_market_orders_open_add_reduce_flip_and_close, |backend| async move {
    let (app, _clock, _) = app(backend).await;
    let user = app.sign_up("081234569302").await;
    credit_margin(&app, &user, 2_000).await;
    for (side, quantity) in [("buy", "0.010"), ("buy", "0.010"), ("sell", "0.005")] {
        let order =
            placed(&app, &user, side, json!({"symbol": BTC, "orderType": "MARKET", "quantity": quantity})).await;
        assert_eq!(order["status"], "SUCCESS", "{order}");
    }
    let long = position(&app, &user).await.unwrap();
    assert_eq!((long["side"].as_str(), long["size"].as_str()), (Some("LONG"), Some("0.015")), "{long}");
    placed(&app, &user, "sell", json!({"symbol": BTC, "orderType": "MARKET", "quantity": "0.025"})).await;
    let short = position(&app, &user).await.unwrap();
    assert_eq!((short["side"].as_str(), short["size"].as_str()), (Some("SHORT"), Some("0.010")), "{short}");
    let (status, estimate) = app.get_as(&user, &format!("/api/v1/perps/positions/close-estimate?symbol={BTC}")).await;
    assert_eq!((status, estimate["data"]["side"].as_str()), (200, Some("BUY")), "{estimate}");
    let (status, closed) = app.post_as(&user, "/api/v1/perps/positions/close", json!({"symbol": BTC})).await;
    assert_eq!((status, closed["data"]["origin"].as_str()), (200, Some("CLOSE")), "{closed}");
    assert!(position(&app, &user).await.is_none());

    let (_, orders) = app.get_as(&user, "/api/v1/perps/orders/closed").await;
    let orders = orders["data"].as_array().unwrap();
    assert_eq!(orders.len(), 5);
    let net: i64 = orders
        .iter()
        .map(|o| units(o["realisedPnl"].as_str().unwrap(), 6) - units(o["fee"].as_str().unwrap(), 6))
        .sum();
    assert_eq!(wallet(&app, &user).await, (2_000 * MICRO + net, 0));
    assert_books_sound(&app).await;
});

/// What a placement on `symbol` reads of `user` in one statement.
async fn read_in_one(app: &TestApp, user: &User, symbol: &str) -> perps::wallet_state::WalletState {
    let mut w = app.state.db.begin_write().await.unwrap();
    let wallet_id = format!("{}:PERP_MARGIN:USDT", user.user_id);
    perps::wallet_state::read_tx(&mut w.tx, &user.user_id, symbol, &wallet_id).await.unwrap()
}

// Issue 12: a placement reads its user (the leverage chosen, the wallet, the position and every open
// position) in one statement, under the user's lock; it reads what the reads one by one give: before
// the wallet exists, with a flat position in the contract and an open one in another.
both_backends!(perp_a_placement_reads_its_user_in_one_statement, |backend| async move {
    let (app, _clock, _) = app(backend).await;
    let user = app.sign_up("081234569340").await;
    assert_eq!(read_in_one(&app, &user, BTC).await, perps::wallet_state::WalletState::default());

    credit_margin(&app, &user, 2_000).await;
    let (status, set) =
        app.send_as(reqwest::Method::PUT, &user, "/api/v1/perps/leverage", json!({"symbol": BTC, "leverage": 7})).await;
    assert_eq!(status, 200, "{set}");
    placed(&app, &user, "buy", json!({"symbol": BTC, "orderType": "MARKET", "quantity": "0.010"})).await;
    let (status, closed) = app.post_as(&user, "/api/v1/perps/positions/close", json!({"symbol": BTC})).await;
    assert_eq!(status, 200, "{closed}");
    placed(&app, &user, "sell", json!({"symbol": "ETHUSDT-PERP", "orderType": "MARKET", "quantity": "0.100"})).await;

    let state = read_in_one(&app, &user, BTC).await;
    let open = perps::repo::open_positions_of(&app.state.db, &user.user_id).await.unwrap();
    assert_eq!(open.iter().map(|p| (p.symbol.as_str(), p.lots < 0)).collect::<Vec<_>>(), [("ETHUSDT-PERP", true)]);
    assert_eq!(state.open_positions, open);
    assert_eq!(state.leverage, Some(7));
    assert_eq!(state.leverage, perps::repo::leverage(&app.state.db, &user.user_id, BTC).await.unwrap());
    let flat = state.position.clone().expect("the closed position's row");
    assert_eq!((flat.symbol.as_str(), flat.lots, flat.leverage), (BTC, 0, 7));
    let (balance, held) = wallet(&app, &user).await;
    assert_eq!(state.balance, Some(ledger::Balance { balance, held }));
    assert!(held > 0, "the ETH short's margin is held");

    let eth = read_in_one(&app, &user, "ETHUSDT-PERP").await;
    assert_eq!((eth.position.as_ref(), eth.leverage), (open.first(), None));
    assert_eq!(eth.open_positions, open);
});

// Issue 12: a placement that takes its user's lock with the book's reads its user and the users it
// may meet in one statement: the same state as the read alone, and exactly the users of the resting
// orders the read of them finds, on either side, within the taker's price, never the taker's own.
both_backends!(perp_a_placement_reads_whom_it_may_meet_with_its_user, |backend| async move {
    use domain::orders::Side;
    let (app, _clock, _) = app(backend).await;
    let users = margined_users(&app, "08123456935", 4, 1_000).await;
    let m = mark(&app).await;
    let rest = |side: &'static str, user: usize, percent: i64| {
        let body = json!({"symbol": BTC, "orderType": "LIMIT", "quantity": "0.001", "price": price(m * percent / 100)});
        placed(&app, &users[user], side, body)
    };
    rest("sell", 0, 104).await;
    rest("buy", 0, 96).await;
    rest("sell", 1, 108).await;
    rest("sell", 1, 109).await;
    rest("buy", 2, 93).await;
    rest("sell", 3, 112).await;
    // (taker, side, bound in percent of the mark (none: any price), whom it may meet)
    let cases: [(usize, Side, Option<i64>, &[usize]); 7] = [
        (3, Side::Buy, None, &[0, 1]),
        (3, Side::Buy, Some(106), &[0]),
        (2, Side::Buy, Some(110), &[0, 1]),
        (2, Side::Buy, Some(102), &[]),
        (3, Side::Sell, None, &[0, 2]),
        (3, Side::Sell, Some(95), &[0]),
        (0, Side::Sell, Some(90), &[2]),
    ];
    for (taker, side, bound, expected) in cases {
        let user = &users[taker];
        let wallet_id = format!("{}:PERP_MARGIN:USDT", user.user_id);
        let bound = bound.map(|percent| m * percent / 100);
        let mut w = app.state.db.begin_write().await.unwrap();
        let (state, mut met) =
            perps::wallet_state::read_with_met_tx(&mut w.tx, &user.user_id, BTC, &wallet_id, (side, bound))
                .await
                .unwrap();
        met.sort();
        let alone = perps::wallet_state::read_tx(&mut w.tx, &user.user_id, BTC, &wallet_id).await.unwrap();
        assert_eq!(state, alone, "taker {taker}");
        let resting =
            perps::repo::resting_against_tx(&mut w.tx, BTC, side.opposite(), bound, &user.user_id).await.unwrap();
        let mut read: Vec<String> = resting.into_iter().map(|o| o.user_id).collect();
        read.sort();
        read.dedup();
        assert_eq!(met, read, "taker {taker} {side:?} {bound:?}");
        let mut wanted: Vec<String> = expected.iter().map(|i| users[*i].user_id.clone()).collect();
        wanted.sort();
        assert_eq!(met, wanted, "taker {taker} {side:?} {bound:?}");
    }
    assert_books_sound(&app).await;
});

// Issue 12: placements sent at once commit together: on SQLite in the one writer's batch (one commit
// for a batch beats one each), on PostgreSQL in the contract's (one book lock and one commit for
// them all); the one that breaks the margin rule is refused alone, holds nothing, and leaves the
// others of its batch standing with exact holds.
both_backends!(perp_placements_at_once_commit_together_and_a_refusal_stays_alone, |backend| async move {
    let (app, _clock, _) = app(backend).await;
    let users = margined_users(&app, "08123456931", 6, 100).await;
    let limit = price(mark(&app).await * 95 / 100);
    let mut sends = Vec::new();
    for (i, user) in users.iter().enumerate() {
        // The fourth user's last order needs far more margin than the wallet has.
        let quantities = if i == 3 { ["0.001", "0.001", "1.000"] } else { ["0.001", "0.001", "0.001"] };
        for quantity in quantities {
            let body = json!({"symbol": BTC, "orderType": "LIMIT", "quantity": quantity, "price": limit});
            sends.push(place(&app, user, "buy", body));
        }
    }
    let answers = futures::future::join_all(sends).await;
    for (n, (status, body)) in answers.iter().enumerate() {
        if n == 3 * 3 + 2 {
            assert_eq!((*status, body["error_code"].as_str()), (400, Some("insufficient_margin")), "{body}");
        } else {
            assert_eq!(*status, 200, "placement {n}: {body}");
        }
    }
    let largest = match backend {
        store::Backend::Sqlite => app.state.writes.largest_batch(),
        store::Backend::Postgres => app.state.perps.book_writer(&app.state.db, BTC).largest_batch(),
    };
    assert!(largest > 1, "placements queued together shared a commit: {largest}");
    // Every stored order holds the same margin and fee; the refusal holds nothing.
    let (_, first_held) = wallet(&app, &users[0]).await;
    assert!(first_held > 0 && first_held % 3 == 0, "{first_held}");
    let each = first_held / 3;
    for (i, user) in users.iter().enumerate() {
        let stored = if i == 3 { 2 } else { 3 };
        assert_eq!(wallet(&app, user).await, (100 * MICRO, stored * each), "user {i}");
        let orders: i64 = sqlx::query_scalar("select count(*) from perp_orders where user_id = $1")
            .bind(&user.user_id)
            .fetch_one(app.state.db.pool())
            .await
            .unwrap();
        assert_eq!(orders, stored, "user {i}");
    }
    assert_books_sound(&app).await;
});

// Issue 12: every placement counts the user's open orders; the count reads the open ones through
// their index, not every order the user ever placed.
#[tokio::test]
async fn perp_open_orders_are_counted_through_their_index() {
    let db = store::testing::fresh_db(store::Backend::Sqlite).await.unwrap();
    let plan: Vec<(i64, i64, i64, String)> =
        sqlx::query_as(&format!("explain query plan {}", perps::wallet_state::sql()))
            .bind("user")
            .bind(BTC)
            .bind("user:PERP_MARGIN:USDT")
            .fetch_all(db.pool())
            .await
            .unwrap();
    assert!(plan.iter().any(|(.., detail)| detail.contains("INDEX perp_orders_user_open")), "{plan:?}");
}

// Issue 12: the open-order limit is counted under the user's lock, in the placement's own read: of
// placements sent at once by a user one short of the limit, exactly one is placed; the others are
// refused (400 too_many_open_orders, the limit named) and hold nothing. Closing a position is not limited.
both_backends!(perp_the_open_order_limit_holds_for_placements_sent_at_once, |backend| async move {
    let url = store::testing::fresh_database_url(backend).await.unwrap();
    let clock = Arc::new(domain::FixedClock::new(chrono::Utc::now()));
    let (app, _stop) = spawn_app_on(url, clock, |s| {
        quiet(s);
        s.perps.open_orders_per_user_max = 3;
    })
    .await;
    let user = app.sign_up("081234569341").await;
    credit_margin(&app, &user, 1_000).await;
    placed(&app, &user, "buy", json!({"symbol": BTC, "orderType": "MARKET", "quantity": "0.002"})).await;
    let limit = price(mark(&app).await * 95 / 100);
    let rest = json!({"symbol": BTC, "orderType": "LIMIT", "quantity": "0.001", "price": limit});
    for _ in 0..2 {
        placed(&app, &user, "buy", rest.clone()).await;
    }
    let held_before = wallet(&app, &user).await.1;
    let answers = futures::future::join_all((0..6).map(|_| place(&app, &user, "buy", rest.clone()))).await;
    let placed_now = answers.iter().filter(|(status, _)| *status == 200).count();
    assert_eq!(placed_now, 1, "{answers:?}");
    for (status, body) in answers.iter().filter(|(status, _)| *status != 200) {
        assert_eq!((*status, body["error_code"].as_str()), (400, Some("too_many_open_orders")), "{body}");
        assert!(body["error_message"].as_str().unwrap().contains("3 "), "the limit is named: {body}");
    }
    let (_, open) = app.get_as(&user, "/api/v1/perps/orders/open").await;
    assert_eq!(open["data"].as_array().map(Vec::len), Some(3), "{open}");
    let one_hold = (held_before - wallet(&app, &user).await.1).abs();
    assert!(one_hold > 0, "the one placed order holds its margin");

    let (status, closed) = app.post_as(&user, "/api/v1/perps/positions/close", json!({"symbol": BTC})).await;
    assert_eq!(status, 200, "a close is not limited: {closed}");
    assert_books_sound(&app).await;
});

// Issue 13: orders beyond the margin, leverage out of range, reduce-only that would increase,
// malformed quantities and another user's order are refused; nothing is held.
both_backends!(perp_refusals_hold_nothing, |backend| async move {
    let (app, _clock, _) = app(backend).await;
    let user = app.sign_up("081234569303").await;
    let other = app.sign_up("081234569304").await;
    credit_margin(&app, &user, 100).await;
    let market = |q: &str| json!({"symbol": BTC, "orderType": "MARKET", "quantity": q});
    let (status, refused) = place(&app, &user, "buy", market("1.000")).await;
    assert_eq!((status, refused["error_code"].as_str()), (400, Some("insufficient_margin")), "{refused}");
    for leverage in [0, 21] {
        let (status, refused) = app
            .send_as(
                reqwest::Method::PUT,
                &user,
                "/api/v1/perps/leverage",
                json!({"symbol": BTC, "leverage": leverage}),
            )
            .await;
        assert_eq!((status, refused["error_code"].as_str()), (400, Some("leverage_out_of_range")), "{refused}");
    }
    let mut reduce = market("0.001");
    reduce["reduceOnly"] = json!(true);
    let (status, refused) = place(&app, &user, "sell", reduce.clone()).await;
    assert_eq!((status, refused["error_code"].as_str()), (400, Some("no_position")), "{refused}");
    placed(&app, &user, "buy", market("0.001")).await;
    reduce["quantity"] = json!("0.002");
    let (status, refused) = place(&app, &user, "buy", reduce).await;
    assert_eq!((status, refused["error_code"].as_str()), (400, Some("reduce_only_would_increase")), "{refused}");
    for bad in ["0.0001", "0", "-1", "abc"] {
        let (status, refused) = place(&app, &user, "buy", market(bad)).await;
        assert_eq!((status, refused["error_code"].as_str()), (400, Some("invalid_order")), "{bad}: {refused}");
    }
    let (status, refused) =
        place(&app, &user, "buy", json!({"symbol": "NOPE-PERP", "orderType": "MARKET", "quantity": "1"})).await;
    assert_eq!((status, refused["error_code"].as_str()), (404, Some("unknown_symbol")), "{refused}");
    let far = mark(&app).await / 2;
    let (status, refused) = place(
        &app,
        &user,
        "buy",
        json!({"symbol": BTC, "orderType": "LIMIT", "quantity": "0.001", "price": price(far)}),
    )
    .await;
    assert_eq!((status, refused["error_code"].as_str()), (400, Some("invalid_order")), "{refused}");
    let before = wallet(&app, &user).await;
    let resting = placed(
        &app,
        &user,
        "buy",
        json!({"symbol": BTC, "orderType": "LIMIT", "quantity": "0.001",
        "price": price(mark(&app).await * 95 / 100)}),
    )
    .await;
    let id = resting["id"].as_str().unwrap();
    let (status, foreign) =
        app.send_as(reqwest::Method::PUT, &other, &format!("/api/v1/perps/orders/{id}/cancel"), json!({})).await;
    assert_eq!(status, 404, "{foreign}");
    let (status, cancelled) =
        app.send_as(reqwest::Method::PUT, &user, &format!("/api/v1/perps/orders/{id}/cancel"), json!({})).await;
    assert_eq!((status, cancelled["data"]["status"].as_str()), (200, Some("CANCELLED")), "{cancelled}");
    assert_eq!(wallet(&app, &user).await, before, "the cancel released its hold");
    let (_, others) = app.get_as(&other, "/api/v1/perps/positions").await;
    assert_eq!(others["data"]["positions"], json!([]));
    assert_books_sound(&app).await;
});

// Issue 13: a stop-market sell triggers on the mark; a take-profit closes the position at the mark.
both_backends!(perp_stops_and_take_profit_follow_the_mark, |backend| async move {
    let (app, _clock, _) = app(backend).await;
    let user = app.sign_up("081234569305").await;
    credit_margin(&app, &user, 1_000).await;
    placed(&app, &user, "buy", json!({"symbol": BTC, "orderType": "MARKET", "quantity": "0.010"})).await;
    let stop = mark(&app).await * 97 / 100;
    let order = placed(
        &app,
        &user,
        "sell",
        json!({"symbol": BTC, "orderType": "STOP_MARKET", "quantity": "0.005",
        "stopPrice": price(stop), "reduceOnly": true}),
    )
    .await;
    assert_eq!(lifecycle(&app).drive().await.unwrap(), 0, "not reached yet");
    factor(&app, "0.96").await;
    assert_eq!(lifecycle(&app).drive().await.unwrap(), 1);
    let (_, closed) = app.get_as(&user, "/api/v1/perps/orders/closed").await;
    let stopped = closed["data"].as_array().unwrap().iter().find(|o| o["id"] == order["id"]).cloned().unwrap();
    assert_eq!(
        (stopped["status"].as_str(), stopped["triggered"].as_bool()),
        (Some("SUCCESS"), Some(true)),
        "{stopped}"
    );
    assert_eq!(position(&app, &user).await.unwrap()["size"], "0.005");

    let take = mark(&app).await * 102 / 100;
    let (status, protected) = app
        .send_as(
            reqwest::Method::PUT,
            &user,
            "/api/v1/perps/positions/protection",
            json!({"symbol": BTC, "takeProfit": price(take)}),
        )
        .await;
    assert_eq!((status, protected["data"]["takeProfit"].as_str()), (200, Some(price(take).as_str())), "{protected}");
    let (status, wrong) = app
        .send_as(
            reqwest::Method::PUT,
            &user,
            "/api/v1/perps/positions/protection",
            json!({"symbol": BTC, "stopLoss": price(take)}),
        )
        .await;
    assert_eq!(status, 400, "a long's stop-loss above the mark: {wrong}");
    factor(&app, "1").await;
    let pass = lifecycle(&app).check_risk().await.unwrap();
    assert_eq!(pass.protections, 1);
    assert!(position(&app, &user).await.is_none());
    assert_eq!(wallet(&app, &user).await.1, 0);
    assert_books_sound(&app).await;
});

// Issue 13: take-profit and stop-loss given with the order: refused on the wrong side of its price or
// with reduce-only (nothing held); a market long sets both on its position at once; a resting limit
// short sets them only when it fills; the stop-loss then closes the position on the mark.
both_backends!(perp_take_profit_and_stop_loss_set_with_the_order, |backend| async move {
    let (app, _clock, _) = app(backend).await;
    let user = app.sign_up("081234569309").await;
    credit_margin(&app, &user, 1_000).await;
    let now = mark(&app).await;
    let (up, down) = (price(now * 105 / 100), price(now * 95 / 100));
    for (side, body, why) in [
        (
            "buy",
            json!({"symbol": BTC, "orderType": "MARKET", "quantity": "0.010", "takeProfit": down}),
            "long TP below",
        ),
        ("buy", json!({"symbol": BTC, "orderType": "MARKET", "quantity": "0.010", "stopLoss": up}), "long SL above"),
        (
            "sell",
            json!({"symbol": BTC, "orderType": "MARKET", "quantity": "0.010", "takeProfit": up}),
            "short TP above",
        ),
        (
            "sell",
            json!({"symbol": BTC, "orderType": "MARKET", "quantity": "0.010", "stopLoss": down}),
            "short SL below",
        ),
        ("sell", json!({"symbol": BTC, "orderType": "MARKET", "quantity": "0.010", "stopLoss": "abc"}), "not a number"),
        (
            "buy",
            json!({"symbol": BTC, "orderType": "MARKET", "quantity": "0.010", "reduceOnly": true, "takeProfit": up}),
            "with reduce-only",
        ),
    ] {
        let (status, answer) = place(&app, &user, side, body).await;
        assert_eq!(status, 400, "{why}: {answer}");
    }
    assert_eq!(wallet(&app, &user).await, (1_000 * MICRO, 0), "a refusal holds nothing");
    assert!(position(&app, &user).await.is_none());

    let long = placed(
        &app,
        &user,
        "buy",
        json!({"symbol": BTC, "orderType": "MARKET", "quantity": "0.010", "takeProfit": up, "stopLoss": down}),
    )
    .await;
    assert_eq!((long["takeProfit"].as_str(), long["stopLoss"].as_str()), (Some(up.as_str()), Some(down.as_str())));
    let open = position(&app, &user).await.unwrap();
    assert_eq!((open["takeProfit"].as_str(), open["stopLoss"].as_str()), (Some(up.as_str()), Some(down.as_str())));
    // Closing it clears them; a resting limit short names its own, set only once it fills.
    let (status, closed) = app.post_as(&user, "/api/v1/perps/positions/close", json!({"symbol": BTC})).await;
    assert_eq!(status, 200, "{closed}");
    assert!(position(&app, &user).await.is_none());
    let limit = now * 101 / 100;
    let (short_tp, short_sl) = (price(limit * 95 / 100), price(limit * 103 / 100));
    placed(
        &app,
        &user,
        "sell",
        json!({"symbol": BTC, "orderType": "LIMIT", "quantity": "0.010", "price": price(limit),
        "takeProfit": short_tp, "stopLoss": short_sl}),
    )
    .await;
    assert!(position(&app, &user).await.is_none(), "resting: no position yet");
    factor(&app, "1.02").await;
    assert_eq!(lifecycle(&app).drive().await.unwrap(), 1);
    let short = position(&app, &user).await.unwrap();
    assert_eq!(
        (short["side"].as_str(), short["takeProfit"].as_str(), short["stopLoss"].as_str()),
        (Some("SHORT"), Some(short_tp.as_str()), Some(short_sl.as_str())),
        "{short}"
    );
    // The mark rises through the stop-loss: the risk pass closes the short.
    factor(&app, "1.05").await;
    assert_eq!(lifecycle(&app).check_risk().await.unwrap().protections, 1);
    assert!(position(&app, &user).await.is_none());
    assert_eq!(wallet(&app, &user).await.1, 0);
    assert_books_sound(&app).await;
});

// Issue 13: a 20x long goes through margin call to liquidation on a scripted fall; the position is
// taken over at the mark, the insurance fund covers what the wallet cannot, nobody goes negative.
both_backends!(perp_a_20x_long_is_liquidated_and_the_insurance_fund_covers_the_gap, |backend| async move {
    let (app, _clock, _) = app(backend).await;
    let user = app.sign_up("081234569306").await;
    credit_margin(&app, &user, 100).await;
    app.send_as(reqwest::Method::PUT, &user, "/api/v1/perps/leverage", json!({"symbol": BTC, "leverage": 20})).await;
    let m = mark(&app).await;
    // About 1,900 USDT of BTC on 100 USDT.
    let lots = 1_900 * 10_000 / m;
    let quantity = rust_decimal::Decimal::new(lots, 3).to_string();
    placed(&app, &user, "buy", json!({"symbol": BTC, "orderType": "MARKET", "quantity": quantity})).await;
    let long = position(&app, &user).await.unwrap();
    let liquidation = units(long["liquidationPrice"].as_str().expect("a liquidation price"), 1);
    assert!(liquidation < m && liquidation > m * 94 / 100, "{liquidation} vs {m}");

    // Just above the liquidation price: the margin ratio is past 80 %, not yet 100 %.
    let near = rust_decimal::Decimal::new(liquidation + (m - liquidation) / 50, 0) / rust_decimal::Decimal::new(m, 0);
    factor(&app, &near.round_dp(6).to_string()).await;
    assert_eq!(lifecycle(&app).check_risk().await.unwrap().liquidations, 0);
    assert_eq!(position(&app, &user).await.unwrap()["marginStatus"], "MARGIN_CALL");

    // A gap far through the liquidation price: the loss is larger than the wallet.
    factor(&app, "0.90").await;
    assert_eq!(lifecycle(&app).check_risk().await.unwrap().liquidations, 1);
    assert!(position(&app, &user).await.is_none(), "taken over");
    assert_eq!(wallet(&app, &user).await, (0, 0));
    let (_, listed) = app.get_as(&user, "/api/v1/perps/history/liquidations").await;
    let record = &listed["data"][0];
    assert!(units(record["insurancePaid"].as_str().unwrap(), 6) > 0, "{record}");
    let (_, closed) = app.get_as(&user, "/api/v1/perps/orders/closed").await;
    assert!(closed["data"].as_array().unwrap().iter().any(|o| o["origin"] == "LIQUIDATION"));
    assert_books_sound(&app).await;
});

// Issue 13: the risk pass keeps positions and balances between ticks. A position opened after it
// last read everything is marked at the next tick (its write marked the user), and so is its end.
both_backends!(perp_the_risk_pass_follows_what_changed_since_it_read_everything, |backend| async move {
    let (app, _clock, _) = app(backend).await;
    assert_eq!(lifecycle(&app).check_risk().await.unwrap().positions, 0);
    let user = app.sign_up("081234569307").await;
    credit_margin(&app, &user, 100).await;
    app.send_as(reqwest::Method::PUT, &user, "/api/v1/perps/leverage", json!({"symbol": BTC, "leverage": 20})).await;
    let lots = 1_900 * 10_000 / mark(&app).await;
    let quantity = rust_decimal::Decimal::new(lots, 3).to_string();
    placed(&app, &user, "buy", json!({"symbol": BTC, "orderType": "MARKET", "quantity": quantity})).await;
    assert_eq!(lifecycle(&app).check_risk().await.unwrap().positions, 1, "the new position is marked");
    factor(&app, "0.90").await;
    assert_eq!(lifecycle(&app).check_risk().await.unwrap().liquidations, 1);
    assert_eq!(lifecycle(&app).check_risk().await.unwrap().positions, 0, "the liquidated position is gone");
    assert_books_sound(&app).await;
});

// Issue 13: funding is paid at 00:00, 08:00 and 16:00 UTC exactly once per position per instant,
// also when the job runs again and after a restart; longs pay shorts at a positive rate.
both_backends!(perp_funding_is_paid_exactly_once_per_instant, |backend| async move {
    let (app, clock, url) = app(backend).await;
    let long = app.sign_up("081234569307").await;
    let short = app.sign_up("081234569308").await;
    credit_margin(&app, &long, 1_000).await;
    credit_margin(&app, &short, 1_000).await;
    placed(&app, &long, "buy", json!({"symbol": BTC, "orderType": "MARKET", "quantity": "0.010"})).await;
    placed(&app, &short, "sell", json!({"symbol": BTC, "orderType": "MARKET", "quantity": "0.010"})).await;
    let rate = public(&app, &format!("/api/v1/perps/funding-rate?symbol={BTC}")).await;
    let next = rate["data"]["nextFundingTime"].as_i64().unwrap();
    assert_eq!(next % (8 * 3_600_000), 0, "{rate}");
    assert_eq!(lifecycle(&app).settle_funding().await.unwrap(), 0, "nothing before the first instant");
    let before = (wallet(&app, &long).await.0, wallet(&app, &short).await.0);
    use domain::Clock;
    let wait = (next - clock.now_ms()) / 1000 + 1;
    advance(&clock, wait);
    assert_eq!(lifecycle(&app).settle_funding().await.unwrap(), 2);
    assert_eq!(lifecycle(&app).settle_funding().await.unwrap(), 0, "once");
    // Eight hours on, the sessions have expired: the rows are read where the history call reads them.
    let paid = perps::repo::funding_page(&app.state.db, &long.user_id, 1, 30).await.unwrap();
    let received = perps::repo::funding_page(&app.state.db, &short.user_id, 1, 30).await.unwrap();
    assert_eq!((paid.len(), received.len()), (1, 1));
    let (paid, received) = (&paid[0], &received[0]);
    assert_eq!(paid.rate_ppm, received.rate_ppm);
    assert_eq!(wallet(&app, &long).await.0, before.0 + paid.amount);
    assert_eq!(wallet(&app, &short).await.0, before.1 + received.amount);
    assert_eq!(paid.amount.signum(), -paid.rate_ppm.signum(), "a long pays a positive rate");
    assert_eq!(received.amount.signum(), received.rate_ppm.signum(), "a short receives it");

    // A restart on the same database settles nothing twice.
    let (again, _stop) = spawn_app_on(url, clock.clone(), quiet).await;
    assert_eq!(perps::perps(&again.state).settle_funding().await.unwrap(), 0);
    assert_eq!(perps::repo::funding_page(&again.state.db, &long.user_id, 1, 30).await.unwrap().len(), 1);
    assert_books_sound(&again).await;
});

// R3.11, issue 13: margin a position holds, and an unrealised loss, cannot be withdrawn.
both_backends!(r3_11_margin_in_use_and_unrealised_losses_stay_in_the_wallet, |backend| async move {
    let (app, _clock, _) = app(backend).await;
    let user = app.sign_up("081234569309").await;
    credit_margin(&app, &user, 100).await;
    app.send_as(reqwest::Method::PUT, &user, "/api/v1/perps/leverage", json!({"symbol": BTC, "leverage": 20})).await;
    let lots = 1_000 * 10_000 / mark(&app).await; // about 1,000 USDT: 50 USDT of margin
    placed(
        &app,
        &user,
        "buy",
        json!({"symbol": BTC, "orderType": "MARKET", "quantity": rust_decimal::Decimal::new(lots, 3).to_string()}),
    )
    .await;
    let (_, wallet_view) = app.get_as(&user, "/api/v1/perps/margin-wallet").await;
    let available = units(wallet_view["data"]["availableMargin"].as_str().unwrap(), 6);
    assert!(available < 55 * MICRO && available > 45 * MICRO, "{wallet_view}");

    factor(&app, "0.99").await;
    let (_, after_fall) = app.get_as(&user, "/api/v1/perps/margin-wallet").await;
    let available_now = units(after_fall["data"]["availableMargin"].as_str().unwrap(), 6);
    assert!(available_now < available - 9 * MICRO, "a 1 % fall on 1,000 USDT takes about 10: {after_fall}");
    let ask = rust_decimal::Decimal::new(available_now + MICRO, 6).round_dp(6).to_string();
    let (_, estimate) = app.get_as(&user, &format!("/api/v1/perps/margin/withdrawal/estimate?amount={ask}")).await;
    assert_eq!(estimate["data"]["allowed"], false, "{estimate}");
    let before = wallet(&app, &user).await;
    let (status, refused) =
        app.post_as(&user, "/api/v1/perps/margin/withdrawal", json!({"amount": ask, "pin": PIN})).await;
    assert_eq!((status, refused["error_code"].as_str()), (400, Some("insufficient_balance")), "{refused}");
    assert_eq!(wallet(&app, &user).await, before);
    let (status, _) = app.post_as(&user, "/api/v1/perps/margin/withdrawal", json!({"amount": "1", "pin": PIN})).await;
    assert_eq!(status, 200);
    assert_books_sound(&app).await;
});

/// Seeds `users` users (ids `{prefix}-{n}`) each with a 0.010 BTC position opened at `opened_at_ms`,
/// long and short in turn, at `mark`, and 100 USDT in their margin wallet (a balanced entry each).
pub(crate) async fn seed_positions(db: &store::Db, prefix: &str, users: usize, mark: i64, opened_at_ms: i64) {
    for u in 0..users {
        let user = format!("{prefix}-{u}");
        let mut w = db.begin_write().await.unwrap();
        sqlx::query("insert into users (id, phone_e164, created_at_ms) values ($1, $2, 0)")
            .bind(&user)
            .bind(format!("+62819{u:07}"))
            .execute(&mut *w.tx)
            .await
            .unwrap();
        sqlx::query(
            "insert into perp_positions (user_id, symbol, lots, cost, leverage, margin, hold_id, realised_pnl, funding, fees, \
             take_profit, stop_loss, opened_at_ms, updated_at_ms) values ($1, $2, $3, $4, 10, 0, null, 0, 0, 0, null, null, $5, $5)",
        )
        .bind(&user)
        .bind(BTC)
        .bind(if u % 2 == 0 { 10_i64 } else { -10 })
        .bind(10 * mark)
        .bind(opened_at_ms)
        .execute(&mut *w.tx)
        .await
        .unwrap();
        let desk = ledger::account(&mut w.tx, "house", "FX_DESK", "USDT", true).await.unwrap();
        let margin = ledger::account(&mut w.tx, &user, "PERP_MARGIN", "USDT", false).await.unwrap();
        let postings = vec![
            Posting { account_id: desk, currency: "USDT".into(), amount: -100 * MICRO },
            Posting { account_id: margin, currency: "USDT".into(), amount: 100 * MICRO },
        ];
        let entry = NewEntry {
            reason: EntryReason::Topup,
            event_id: format!("seed:{user}"),
            memo: None,
            postings,
            at_ms: opened_at_ms,
        };
        ledger::post(&mut w.tx, &entry).await.unwrap();
        w.commit().await.unwrap();
    }
}

// Issue 13: a funding pass cut off mid-way (its task killed between transactions or inside one, as
// a crash would) and run again by a restarted app pays every position exactly once.
both_backends!(perp_funding_cut_off_mid_pass_is_paid_once_after_a_restart, |backend| async move {
    // Four users per transaction: the cut lands between batches or inside one.
    let small_batches = |s: &mut server::config::Settings| {
        quiet(s);
        s.perps.funding_users_per_transaction = 4;
    };
    let url = store::testing::fresh_database_url(backend).await.unwrap();
    let clock = Arc::new(domain::FixedClock::new(chrono::Utc::now()));
    let (app, _stop) = spawn_app_on(url.clone(), clock.clone(), small_batches).await;
    const USERS: usize = 80;
    let now = {
        use domain::Clock;
        clock.now_ms()
    };
    let mark = mark(&app).await;
    seed_positions(&app.state.db, "funding-crash", USERS, mark, now).await;
    let next = domain::perps::funding_instant_at_or_before(now) + 8 * 3_600_000;
    advance(&clock, (next - now) / 1000 + 1);
    let state = app.state.clone();
    let pass = tokio::spawn(async move { perps::perps(&state).settle_funding().await });
    // Cut it off once some payments are in: the next one is wherever the pass happens to be.
    let count = || async {
        sqlx::query_scalar::<_, i64>("select count(*) from perp_funding").fetch_one(app.state.db.pool()).await.unwrap()
    };
    while count().await < 5 && !pass.is_finished() {
        tokio::time::sleep(std::time::Duration::from_millis(1)).await;
    }
    pass.abort();
    let _ = pass.await;
    let paid_before = count().await;
    assert!(paid_before < USERS as i64, "the pass was cut off before the end ({paid_before})");

    let (again, _stop) = spawn_app_on(url, clock.clone(), small_batches).await;
    let paid = perps::perps(&again.state).settle_funding().await.unwrap() as i64;
    assert_eq!(paid_before + paid, USERS as i64);
    assert_eq!(perps::perps(&again.state).settle_funding().await.unwrap(), 0);
    let entries: i64 = sqlx::query_scalar("select count(*) from journal_entries where reason = 'PERP_FUNDING'")
        .fetch_one(again.state.db.pool())
        .await
        .unwrap();
    assert_eq!(entries, USERS as i64, "one ledger entry per position");
    assert_books_sound(&again).await;
});
