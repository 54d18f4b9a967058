//! Crypto trading end to end (issue 6): every order type through the API against the engine book
//! with the sandbox providers' quotes, fees and tax in the ledger, holds for open orders, bad
//! orders refused without effect, concurrency, and the ledger check after every scenario.

use domain::ledger::EntryReason;
use serde_json::{json, Value};
use store::ledger::{self, NewEntry, Posting, HOUSE};

use crate::both_backends;
use crate::helpers::{spawn_app_with, TestApp, User, ADMIN_TOKEN};

pub async fn trading_app(backend: store::Backend) -> TestApp {
    spawn_app_with(backend, |s| s.markets.warm_caches = false).await
}

pub async fn assert_ledger_sound(app: &TestApp) {
    let problems = ledger::check(&app.state.db).await.unwrap();
    assert!(problems.is_empty(), "{problems:?}");
}

/// Credits `rupiah` to the user's IDR cash from the gateway clearing account (as a paid top-up would).
pub async fn fund(app: &TestApp, user: &User, rupiah: i64) {
    let mut wtx = app.state.db.begin_write().await.unwrap();
    let clearing = ledger::account(&mut wtx.tx, HOUSE, "PG_CLEARING", "IDR", true).await.unwrap();
    let cash = ledger::account(&mut wtx.tx, &user.user_id, "IDR_CASH", "IDR", false).await.unwrap();
    let entry = NewEntry {
        reason: EntryReason::Topup,
        event_id: format!("test-topup:{}", uuid::Uuid::new_v4()),
        memo: None,
        postings: vec![
            Posting { account_id: clearing, currency: "IDR".into(), amount: -rupiah * 100 },
            Posting { account_id: cash, currency: "IDR".into(), amount: rupiah * 100 },
        ],
        at_ms: app.state.clock.now_ms(),
    };
    ledger::post(&mut wtx.tx, &entry).await.unwrap();
    wtx.commit().await.unwrap();
}

/// (balance, held) of an account in minor units.
pub async fn account(app: &TestApp, id: &str) -> (i64, i64) {
    ledger::balance(&app.state.db, id).await.unwrap().map_or((0, 0), |b| (b.balance, b.held))
}

pub fn cash_of(user: &User) -> String {
    format!("{}:IDR_CASH:IDR", user.user_id)
}

fn coin_of(user: &User, coin: &str) -> String {
    format!("{}:CRYPTO:{coin}", user.user_id)
}

pub async fn order(app: &TestApp, user: &User, side: &str, body: Value) -> (u16, Value) {
    app.post_as(user, &format!("/api/v1/crypto/{side}"), body).await
}

fn num(v: &Value) -> f64 {
    v.as_str().unwrap_or_else(|| panic!("not a string: {v}")).parse().unwrap()
}

async fn best(app: &TestApp, symbol: &str) -> (f64, f64) {
    let (status, quote) = app.get_as_public(&format!("/api/v1/crypto/price-quote?symbol={symbol}")).await;
    assert_eq!(status, 200, "{quote}");
    (num(&quote["data"]["bestBid"]), num(&quote["data"]["bestAsk"]))
}

impl TestApp {
    pub async fn get_as_public(&self, path: &str) -> (u16, Value) {
        let response = self.get(path).send().await.unwrap();
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }
}

both_backends!(r4_07_an_instant_buy_by_amount_fills_at_market_with_fee_in_the_ledger, |backend| async move {
    let app = trading_app(backend).await;
    let user = app.sign_up("081234569001").await;
    fund(&app, &user, 1_000_000).await;
    let (status, body) = order(
        &app,
        &user,
        "buy",
        json!({"symbol": "BTC-IDR", "orderType": "instant", "inputType": "amount", "amount": "500000"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let o = &body["data"];
    assert_eq!(o["status"], "SUCCESS");
    assert_eq!(o["statusWord"], "executed"); // R4.01 display word
    assert_eq!(o["orderType"], "MARKET");
    assert_eq!(o["orderTypeCode"], 2);
    // R4.08 / R4.17: an amount order carries the amount and no quantity.
    assert_eq!(o["fillMode"], "FILL_BY_AMOUNT");
    assert!(o["quantity"].is_null());
    assert_eq!(o["isOpen"], false);
    let spent = num(&o["filledAmount"]) + num(&o["fee"]) + num(&o["tax"]);
    assert!(spent <= 500_000.0 && spent > 499_000.0, "{o}");
    // Fee 0.15 % of the value, rounded up to the sen; no tax on a buy since PMK 50/2025.
    assert!((num(&o["fee"]) - num(&o["filledAmount"]) * 0.0015).abs() < 0.011, "{o}");
    assert_eq!(num(&o["tax"]), 0.0);
    let (cash, held) = account(&app, &cash_of(&user)).await;
    assert_eq!(held, 0);
    assert!((cash as f64 / 100.0 - (1_000_000.0 - spent)).abs() < 0.001);
    // R3.12: the coins arrived and are free to sell.
    let (status, balance) = app.get_as(&user, "/api/v1/crypto/balance?symbol=BTC-IDR").await;
    assert_eq!(status, 200, "{balance}");
    assert_eq!(balance["data"]["balance"], o["filledQuantity"]);
    assert_eq!(balance["data"]["quantityAvailableForSale"], o["filledQuantity"]);
    assert_eq!(balance["data"]["intradayQuantityAvailableForSale"], o["filledQuantity"]);
    let (_, closed) = app.get_as(&user, "/api/v1/trade-web/crypto/transactions/closed").await;
    assert_eq!(closed["total"], 1);
    assert_ledger_sound(&app).await;
});

both_backends!(r4_07_market_buy_and_sell_by_quantity_round_trip_with_sell_tax, |backend| async move {
    let app = trading_app(backend).await;
    let user = app.sign_up("081234569002").await;
    fund(&app, &user, 2_000_000).await;
    let (status, bought) =
        order(&app, &user, "buy", json!({"symbol": "BTC-IDR", "orderType": "MARKET", "quantity": "0.0005"})).await;
    assert_eq!(status, 200, "{bought}");
    assert_eq!(bought["data"]["status"], "SUCCESS");
    assert_eq!(bought["data"]["filledQuantity"], "0.0005");
    assert_eq!(bought["data"]["fillMode"], "FILL_BY_QUANTITY");
    assert_eq!(account(&app, &coin_of(&user, "BTC")).await, (5_000_000, 0));
    let (status, sold) =
        order(&app, &user, "sell", json!({"symbol": "BTC-IDR", "orderType": "instant", "quantity": 0.0002})).await;
    assert_eq!(status, 200, "{sold}");
    let s = &sold["data"];
    assert_eq!((s["status"].as_str(), s["sideCode"].as_i64()), (Some("SUCCESS"), Some(-1)));
    // PPh 22 final 0.21 % of the sale's value, rounded up to the sen.
    assert!((num(&s["tax"]) - num(&s["filledAmount"]) * 0.0021).abs() < 0.011, "{s}");
    assert_eq!(account(&app, &coin_of(&user, "BTC")).await, (3_000_000, 0));
    let taxes = account(&app, "house:TAX_PAYABLE:IDR").await.0;
    assert_eq!(taxes as f64 / 100.0, num(&s["tax"]));
    let (_, holdings) = app.get_as(&user, "/api/v1/portfolio/asset-holdings").await;
    let btc = &holdings["data"][0];
    assert_eq!(btc["symbol"], "BTC-IDR");
    assert_eq!(btc["quantity"], "0.0003");
    for key in ["averagePrice", "currentPrice", "unrealisedProfit", "realisedProfit"] {
        assert!(btc[key].is_string(), "{key} in {btc}");
    }
    assert_ledger_sound(&app).await;
});

both_backends!(
    r3_04_a_resting_limit_order_holds_funds_shows_in_the_book_and_cancel_releases_it,
    |backend| async move {
        let app = trading_app(backend).await;
        let user = app.sign_up("081234569003").await;
        fund(&app, &user, 1_000_000).await;
        let (bid, _) = best(&app, "BTC-IDR").await;
        // One tick above the best bid: the best bid of the book, far below any ask.
        let price = (bid + 1.0).to_string();
        let (status, placed) = order(
            &app,
            &user,
            "buy",
            json!({"symbol": "BTC-IDR", "orderType": "LIMIT", "quantity": "0.0001", "limitPrice": price}),
        )
        .await;
        assert_eq!(status, 200, "{placed}");
        let o = &placed["data"];
        // R4.01 PENDING, R4.05 numeric state Working 6.
        assert_eq!(
            (o["status"].as_str(), o["isOpen"].as_bool(), o["state"].as_i64()),
            (Some("PENDING"), Some(true), Some(6))
        );
        let (_, held) = account(&app, &cash_of(&user)).await;
        let value = (bid + 1.0) * 0.0001;
        assert!((held as f64 / 100.0 - value * 1.0015).abs() < 0.02, "held {held} for {value}");
        let (_, book) = app.get_as_public("/api/v1/crypto/order-book?symbol=BTC-IDR").await;
        // The providers may have re-quoted since; the user's level is in the book either way.
        let bids = book["data"]["bids"].as_array().unwrap();
        let ours = bids.iter().find(|l| num(&l["price"]) == bid + 1.0);
        assert!(ours.is_some_and(|l| num(&l["quantity"]) >= 0.0001), "{book}");
        // R7.05: the open list pages by 30.
        let (_, open) = app.get_as(&user, "/api/v1/trade-web/crypto/transactions/open").await;
        assert_eq!((open["total"].as_i64(), open["size"].as_i64()), (Some(1), Some(30)));
        let id = o["orderId"].as_str().unwrap();
        let (status, cancelled) = app.post_as(&user, "/api/v1/crypto/cancel", json!({"orderId": id})).await;
        assert_eq!(status, 200, "{cancelled}");
        assert_eq!(cancelled["data"]["status"], "CANCELLED");
        assert_eq!(cancelled["data"]["statusWord"], "cancelled");
        assert_eq!(account(&app, &cash_of(&user)).await, (100_000_000, 0));
        let (status, again) = app.post_as(&user, "/api/v1/crypto/cancel", json!({"orderId": id})).await;
        assert_eq!((status, again["error_code"].as_str()), (400, Some("order_not_open")));
        assert_ledger_sound(&app).await;
    }
);

both_backends!(stop_stop_limit_and_amend_hold_and_release_what_they_should, |backend| async move {
    let app = trading_app(backend).await;
    let user = app.sign_up("081234569004").await;
    fund(&app, &user, 2_000_000).await;
    order(&app, &user, "buy", json!({"symbol": "BTC-IDR", "quantity": "0.0004"})).await;
    let (bid, ask) = best(&app, "BTC-IDR").await;
    // A stop buy far above the market waits, holding its cost at the 5 % collar.
    let stop = ((ask * 1.5).floor()).to_string();
    let (status, waiting) = order(
        &app,
        &user,
        "buy",
        json!({"symbol": "BTC-IDR", "orderType": "STOP", "quantity": "0.0001", "stopPrice": stop}),
    )
    .await;
    assert_eq!(status, 200, "{waiting}");
    assert_eq!(
        (waiting["data"]["status"].as_str(), waiting["data"]["orderTypeCode"].as_i64()),
        (Some("PENDING"), Some(3))
    );
    assert!(account(&app, &cash_of(&user)).await.1 > 0);
    // A stop-limit sell far below waits too, holding the coins.
    let (low, limit) = ((bid * 0.5).floor().to_string(), (bid * 0.49).floor().to_string());
    let (status, stop_limit) = order(&app, &user, "sell", json!({"symbol": "BTC-IDR", "orderType": "STOP_LIMIT", "quantity": "0.0001", "stopPrice": low, "limitPrice": limit})).await;
    assert_eq!(status, 200, "{stop_limit}");
    assert_eq!(stop_limit["data"]["orderTypeCode"], 4);
    assert_eq!(account(&app, &coin_of(&user, "BTC")).await, (4_000_000, 1_000_000));
    // Amend the stop-limit: a larger quantity holds more coins.
    let id = stop_limit["data"]["orderId"].as_str().unwrap();
    let (status, amended) =
        app.post_as(&user, "/api/v1/crypto/amend", json!({"orderId": id, "quantity": "0.0002"})).await;
    assert_eq!(status, 200, "{amended}");
    assert_eq!(amended["data"]["quantity"], "0.0002");
    assert_eq!(account(&app, &coin_of(&user, "BTC")).await, (4_000_000, 2_000_000));
    // A stop sell at or above the last trade triggers at once and sells at market.
    let (status, triggered) = order(&app, &user, "sell", json!({"symbol": "BTC-IDR", "orderType": "STOP", "quantity": "0.0001", "stopPrice": (ask * 2.0).floor().to_string()})).await;
    assert_eq!(status, 200, "{triggered}");
    assert_eq!(
        (triggered["data"]["status"].as_str(), triggered["data"]["triggered"].as_bool()),
        (Some("SUCCESS"), Some(true))
    );
    for id in [waiting["data"]["orderId"].as_str().unwrap(), id] {
        let (status, body) = app.post_as(&user, "/api/v1/crypto/cancel", json!({"orderId": id})).await;
        assert_eq!(status, 200, "{body}");
    }
    assert_eq!(account(&app, &cash_of(&user)).await.1, 0);
    assert_eq!(account(&app, &coin_of(&user, "BTC")).await, (3_000_000, 0));
    assert_ledger_sound(&app).await;
});

both_backends!(an_oco_sell_holds_once_and_cancelling_one_leg_cancels_both, |backend| async move {
    let app = trading_app(backend).await;
    let user = app.sign_up("081234569005").await;
    fund(&app, &user, 1_000_000).await;
    order(&app, &user, "buy", json!({"symbol": "BTC-IDR", "quantity": "0.0002"})).await;
    let (bid, ask) = best(&app, "BTC-IDR").await;
    let body = json!({"symbol": "BTC-IDR", "quantity": "0.0002",
        "takeProfit": (ask * 1.5).floor().to_string(), "stopLoss": (bid * 0.5).floor().to_string()});
    let (status, oco) = app.post_as(&user, "/api/v1/crypto/advanced-order/sell", body).await;
    assert_eq!(status, 200, "{oco}");
    assert_eq!(oco["data"]["ocoLeg"], "TAKE_PROFIT");
    assert_eq!(oco["data"]["orderType"], "LIMIT");
    assert_eq!(account(&app, &coin_of(&user, "BTC")).await, (2_000_000, 2_000_000));
    let (_, open) = app.get_as(&user, "/api/v1/trade-web/crypto/transactions/open").await;
    assert_eq!(open["total"], 2, "{open}");
    let stop_leg = oco["data"]["ocoSiblingId"].as_str().unwrap();
    let (status, cancelled) = app.post_as(&user, "/api/v1/crypto/cancel", json!({"orderId": stop_leg})).await;
    assert_eq!(status, 200, "{cancelled}");
    let (_, open) = app.get_as(&user, "/api/v1/trade-web/crypto/transactions/open").await;
    assert_eq!(open["total"], 0, "{open}");
    assert_eq!(account(&app, &coin_of(&user, "BTC")).await, (2_000_000, 0));
    let wrong = json!({"symbol": "BTC-IDR", "quantity": "0.0002", "takeProfit": "1000", "stopLoss": "2000"});
    let (status, body) = app.post_as(&user, "/api/v1/crypto/advanced-order/sell", wrong).await;
    assert_eq!((status, body["error_code"].as_str()), (400, Some("invalid_order")));
    assert_ledger_sound(&app).await;
});

async fn set_flags(app: &TestApp, body: Value) {
    let response =
        app.client.post(app.url("/api/admin/markets/flags")).bearer_auth(ADMIN_TOKEN).json(&body).send().await.unwrap();
    assert_eq!(response.status(), 200);
}

both_backends!(r3_05_r6_02_r4_13_bad_orders_are_refused_clearly_and_move_nothing, |backend| async move {
    let app = trading_app(backend).await;
    let user = app.sign_up("081234569006").await;
    let other = app.sign_up("081234569007").await;
    fund(&app, &user, 100_000).await;
    let limit = |q: &str, p: &str| json!({"symbol": "BTC-IDR", "orderType": "LIMIT", "quantity": q, "limitPrice": p});
    let cases = [
        (limit("0", "1000000000"), 400, "invalid_order"),
        (limit("-0.001", "1000000000"), 400, "invalid_order"),
        (limit("0.000000001", "1000000000"), 400, "invalid_order"), // R5.01: beyond 8 decimals
        (limit("0.0001", "1000000000.5"), 400, "invalid_order"),    // price precision 0
        (limit("0.00000001", "1000000000"), 400, "below_minimum"),
        (limit("1", "1000000000"), 400, "insufficient_balance"),
        (json!({"symbol": "NOPE-IDR", "quantity": "1"}), 404, "unknown_symbol"),
        (json!({"symbol": "BTC-IDR", "orderType": "TRAILING", "quantity": "1"}), 400, "invalid_order"),
        (
            json!({"symbol": "BTC-IDR", "orderType": "LIMIT", "inputType": "amount", "amount": "50000"}),
            400,
            "invalid_order",
        ),
    ];
    for (body, status, code) in cases {
        let (got, answer) = order(&app, &user, "buy", body.clone()).await;
        assert_eq!((got, answer["error_code"].as_str()), (status, Some(code)), "{body} → {answer}");
        assert!(!answer["error_message"].as_str().unwrap().is_empty());
    }
    let (_, english) = {
        let response = app
            .post("/api/v1/crypto/buy")
            .bearer_auth(&user.access_token)
            .header("x-language-code", "en")
            .json(&limit("1", "1000000000"))
            .send()
            .await
            .unwrap();
        (response.status(), response.json::<Value>().await.unwrap())
    };
    assert_eq!(english["error_message"], "Your balance is not sufficient.");
    let (got, answer) = order(&app, &user, "sell", json!({"symbol": "BTC-IDR", "quantity": "0.001"})).await;
    assert_eq!((got, answer["error_code"].as_str()), (400, Some("insufficient_balance")));
    // R3.05, R4.13: a halted pair refuses both sides with the halt text.
    set_flags(
        &app,
        json!({"symbol": "ETH-IDR", "enableBuy": false, "enableSell": false,
        "enableBuyForProMode": false, "enableSellForProMode": false}),
    )
    .await;
    let (got, answer) = order(&app, &user, "buy", json!({"symbol": "ETH-IDR", "quantity": "0.01"})).await;
    assert_eq!((got, answer["error_code"].as_str()), (400, Some("trading_halted")), "{answer}");
    assert!(answer["error_message"].as_str().unwrap().contains("Perdagangan Dihentikan"), "{answer}");
    // R6.02: buying open only in pro mode refuses a user without the pro tag and admits a pro user.
    set_flags(
        &app,
        json!({"symbol": "SOL-IDR", "enableBuy": false, "enableSell": true,
        "enableBuyForProMode": true, "enableSellForProMode": true}),
    )
    .await;
    let sol = json!({"symbol": "SOL-IDR", "orderType": "LIMIT", "quantity": "0.01", "limitPrice": "1000000"});
    let (got, answer) = order(&app, &user, "buy", sol.clone()).await;
    assert_eq!((got, answer["error_code"].as_str()), (400, Some("trading_disabled")), "{answer}");
    server::features::identity::repo::set_tag(&app.state.db, &user.user_id, "pro", true).await.unwrap();
    let (got, answer) = order(&app, &user, "buy", sol).await;
    assert_eq!(got, 200, "{answer}");
    let id = answer["data"]["orderId"].as_str().unwrap().to_string();
    // Foreign order ids: cancel and amend answer as if the order did not exist.
    let (got, answer) = app.post_as(&other, "/api/v1/crypto/cancel", json!({"orderId": id})).await;
    assert_eq!((got, answer["error_code"].as_str()), (404, Some("order_not_found")));
    let (got, answer) = app.post_as(&other, "/api/v1/crypto/amend", json!({"orderId": id, "limitPrice": "1"})).await;
    assert_eq!((got, answer["error_code"].as_str()), (404, Some("order_not_found")));
    let (got, _) = app.post_as(&user, "/api/v1/crypto/cancel", json!({"orderId": id})).await;
    assert_eq!(got, 200);
    // Nothing moved: the whole balance is free and no hold is open.
    assert_eq!(account(&app, &cash_of(&user)).await, (10_000_000, 0));
    let (_, closed) = app.get_as(&user, "/api/v1/trade-web/crypto/transactions/closed").await;
    assert_eq!(closed["total"], 1, "only the cancelled SOL order exists: {closed}");
    assert_ledger_sound(&app).await;
});

// A user at the open-order limit of a pair is told so in the words every class uses, naming the
// limit, and the refused order holds nothing; cancelling one makes room again.
both_backends!(the_open_order_limit_is_named_and_the_refused_order_holds_nothing, |backend| async move {
    let app = spawn_app_with(backend, |s| {
        s.markets.warm_caches = false;
        s.trading.open_orders_per_user_max = 64;
    })
    .await;
    let user = app.sign_up("081234569015").await;
    fund(&app, &user, 20_000_000).await;
    let (bid, _) = best(&app, "BTC-IDR").await;
    let rest = json!({"symbol": "BTC-IDR", "orderType": "LIMIT", "quantity": "0.0001", "limitPrice": (bid * 0.5).floor().to_string()});
    let mut first = None;
    for _ in 0..64 {
        let (status, placed) = order(&app, &user, "buy", rest.clone()).await;
        assert_eq!(status, 200, "{placed}");
        first.get_or_insert(placed["data"]["orderId"].as_str().unwrap().to_string());
    }
    let held = account(&app, &cash_of(&user)).await;
    let (status, refused) = order(&app, &user, "buy", rest.clone()).await;
    assert_eq!((status, refused["error_code"].as_str()), (400, Some("too_many_open_orders")), "{refused}");
    assert!(refused["error_message"].as_str().unwrap().contains("64"), "{refused}");
    assert_eq!(account(&app, &cash_of(&user)).await, held, "the refused order holds nothing");
    let (status, body) = app.post_as(&user, "/api/v1/crypto/cancel", json!({"orderId": first.unwrap()})).await;
    assert_eq!(status, 200, "{body}");
    let (status, placed) = order(&app, &user, "buy", rest).await;
    assert_eq!(status, 200, "{placed}");
    assert_ledger_sound(&app).await;
});

both_backends!(r3_07_r3_06_r5_11_slider_input_estimate_and_order_types, |backend| async move {
    let app = trading_app(backend).await;
    let user = app.sign_up("081234569008").await;
    fund(&app, &user, 250_000).await;
    let (status, slider) = app.get_as(&user, "/api/v1/crypto/slider-input?symbol=BTC-IDR&side=BUY").await;
    assert_eq!(status, 200, "{slider}");
    let s = &slider["data"];
    assert_eq!((s["power"].as_str(), s["amount"].as_str()), (Some("250000.00"), Some("250000.00")));
    assert_eq!(s["transactionFeePercentage"], "0.15");
    assert_eq!(s["taxationFeePercentage"], "0");
    assert_eq!((s["quantityPrecision"].as_u64(), s["stepConfig"]["quantity"].as_str()), (Some(8), Some("0.00000001")));
    assert!(num(&s["conversionValue"]) > 0.0);
    let (_, sell) = app.get_as(&user, "/api/v1/crypto/slider-input?symbol=BTC-IDR&side=SELL").await;
    assert_eq!(
        (sell["data"]["power"].as_str(), sell["data"]["taxationFeePercentage"].as_str()),
        (Some("0"), Some("0.21"))
    );
    // R5.11: empty fields are as good as absent.
    let (status, estimate) =
        app.get_as(&user, "/api/v1/crypto/estimate?symbol=BTC-IDR&side=BUY&quantity=&amount=100000").await;
    assert_eq!(status, 200, "{estimate}");
    let e = &estimate["data"];
    for key in ["estimatedAmount", "estimatedTotalAmount", "quantity", "cryptocurrencyUnits"] {
        assert!(e[key].is_string(), "{key} in {e}");
    }
    assert!(num(&e["estimatedTotalAmount"]) <= 100_000.0 && num(&e["estimatedTotalAmount"]) > 99_000.0, "{e}");
    // The review shows fee and tax in rupiah: with the value they make the total, to the sen (R5.06).
    let sen = |key: &str| (num(&e[key]) * 100.0).round() as i64;
    assert_eq!(sen("estimatedAmount") + sen("estimatedFee") + sen("estimatedTax"), sen("estimatedTotalAmount"), "{e}");
    assert!(sen("estimatedFee") > 0, "{e}");
    let (status, _) = app.get_as(&user, "/api/v1/crypto/estimate?symbol=BTC-IDR&side=BUY&quantity=&amount=").await;
    assert_eq!(status, 400);
    let (_, types) = app.get_as(&user, "/api/v1/crypto/order-types?symbol=BTC-IDR").await;
    let codes: Vec<_> = types["data"]["orderTypes"].as_array().unwrap().iter().map(|t| t["code"].clone()).collect();
    assert_eq!(codes, vec![json!(2), json!(1), json!(3), json!(4), Value::Null, Value::Null]);
    let trailing = &types["data"]["orderTypes"][5];
    assert_eq!((trailing["orderType"].as_str(), trailing["sellOnly"].as_bool()), (Some("TRAILING_STOP"), Some(true)));
    assert_eq!(types["data"]["buySellAvailability"], "None");
});

both_backends!(a_thousand_concurrent_instant_buys_never_overdraw_and_open_no_hold, |backend| async move {
    let app = trading_app(backend).await;
    let user = app.sign_up("081234569009").await;
    fund(&app, &user, 1_000_000).await;
    let buys = (0..1_000).map(|_| {
        order(
            &app,
            &user,
            "buy",
            json!({"symbol": "USDT-IDR", "orderType": "instant", "inputType": "amount", "amount": "10000"}),
        )
    });
    let results = futures::future::join_all(buys).await;
    let ok = results.iter().filter(|(s, _)| *s == 200).count();
    let refused = results.iter().filter(|(s, b)| *s == 400 && b["error_code"] == "insufficient_balance").count();
    assert_eq!(ok + refused, 1_000, "{:?}", results.iter().find(|(s, _)| *s != 200 && *s != 400));
    // Each buy may spend Rp10,000 and spends a little less; buys stop when less than that is left.
    assert!(ok >= 100, "{ok}");
    let (cash, held) = account(&app, &cash_of(&user)).await;
    assert_eq!(held, 0);
    assert!((0..1_000_000).contains(&cash), "free cash {cash} sen");
    // An instant order ends within its command: it is checked against what can be spent and
    // opens no hold that its own fills would close again (issue 12).
    let holds: i64 =
        sqlx::query_scalar("select count(*) from ledger_holds").fetch_one(app.state.db.pool()).await.unwrap();
    assert_eq!(holds, 0);
    assert_ledger_sound(&app).await;
});

// R4.10: a trailing stop sell holds its coins, starts its trail below the best bid, and its trigger
// rises with the bid (never falls) as the market moves.
both_backends!(r4_10_a_crypto_trailing_stop_follows_the_bid_up, |backend| async move {
    use std::sync::Arc;
    let url = store::testing::fresh_database_url(backend).await.unwrap();
    let start = chrono::DateTime::parse_from_rfc3339("2026-11-24T05:00:00Z").unwrap().with_timezone(&chrono::Utc);
    let clock = Arc::new(domain::FixedClock::new(start));
    let (app, _stop) = crate::helpers::spawn_app_on(url, clock.clone(), |s| {
        s.markets.warm_caches = false;
        s.trading.requote_interval_ms = 50;
    })
    .await;
    let user = app.sign_up("081234569081").await;
    fund(&app, &user, 10_000_000).await;
    let (status, bought) = order(
        &app,
        &user,
        "buy",
        json!({"symbol": "BTC-IDR", "orderType": "instant", "inputType": "amount", "amount": "5000000"}),
    )
    .await;
    assert_eq!(status, 200, "{bought}");
    let held: f64 = num(&bought["data"]["filledQuantity"]);
    let quantity = format!("{:.8}", held / 2.0);
    let (bid, _) = best(&app, "BTC-IDR").await;
    let (status, refused) = order(
        &app,
        &user,
        "buy",
        json!({"symbol": "BTC-IDR", "orderType": "TRAILING_STOP", "quantity": quantity, "trailPercent": "2"}),
    )
    .await;
    assert_eq!(
        (status, refused["error_code"].as_str()),
        (400, Some("invalid_order")),
        "a trailing stop is a sell: {refused}"
    );
    let body = json!({"symbol": "BTC-IDR", "orderType": "STOP", "orderSubType": "TRAILING_STOP", "quantity": quantity, "trailPercent": "2"});
    let (status, placed) = order(&app, &user, "sell", body).await;
    assert_eq!(status, 200, "{placed}");
    let placed = &placed["data"];
    assert_eq!(
        (placed["orderType"].as_str(), placed["orderSubType"].as_str(), placed["orderTypeCode"].as_u64()),
        (Some("TRAILING_STOP"), Some("TRAILING_STOP"), Some(3))
    );
    let first_stop = num(&placed["stopPrice"]);
    assert!((first_stop - bid * 0.98).abs() <= bid * 0.001, "2 % below the bid {bid}: {first_stop}");
    let (_, coins_held) = account(&app, &coin_of(&user, "BTC")).await;
    assert!(coins_held > 0, "the coins are held");
    // A later minute whose price is higher: the bid rises, and the trigger follows it.
    let sim = app.state.markets.sim().clone();
    let p0 = sim.price_at("BTC-IDR", start).unwrap();
    let mut later = start;
    for minutes in 1..5_000 {
        let t = start + chrono::Duration::minutes(minutes);
        clock.set(t);
        if sim.price_at("BTC-IDR", t).unwrap() > p0 * rust_decimal::Decimal::new(1005, 3) {
            later = t;
            break;
        }
    }
    assert!(later > start, "the simulated price rises 0.5 % within days");
    // The access token of the morning has expired by then: log in again.
    let user = app.log_in("081234569081", crate::helpers::PIN, "device-test-1").await.expect("logs in");
    let id = placed["orderId"].as_str().unwrap().to_owned();
    let mut raised = first_stop;
    for _ in 0..250 {
        let (_, open) = app.get_as(&user, "/api/v1/trade-web/crypto/transactions/open").await;
        let found = open["data"].as_array().unwrap().iter().find(|o| o["orderId"] == id.as_str()).cloned();
        if let Some(o) = found {
            raised = num(&o["stopPrice"]);
            if raised > first_stop {
                break;
            }
        }
        tokio::time::sleep(std::time::Duration::from_millis(40)).await;
    }
    assert!(raised > first_stop, "the trigger rose with the bid: {first_stop} → {raised}");
    assert_ledger_sound(&app).await;
});

both_backends!(r3_04_the_book_shown_changes_with_the_first_order_after_it_was_read, |backend| async move {
    // A clock that stands still: the providers do not re-quote, so only the order changes the book.
    let (app, _clock) = crate::helpers::spawn_app_with_clock(backend, |s| s.markets.warm_caches = false).await;
    let user = app.sign_up("081234569093").await;
    fund(&app, &user, 1_000_000).await;
    let (bid, _) = best(&app, "BTC-IDR").await;
    let level = |book: &Value| {
        book["data"]["bids"]
            .as_array()
            .unwrap()
            .iter()
            .any(|l| num(&l["price"]) == bid + 1.0 && num(&l["quantity"]) >= 0.0001)
    };
    // Read (and so kept) before the order: the next read must not be that copy.
    let (_, before) = app.get_as_public("/api/v1/crypto/order-book?symbol=BTC-IDR").await;
    assert!(!level(&before), "{before}");
    let limit =
        json!({"symbol": "BTC-IDR", "orderType": "LIMIT", "quantity": "0.0001", "limitPrice": (bid + 1.0).to_string()});
    assert_eq!(order(&app, &user, "buy", limit).await.0, 200);
    let (_, after) = app.get_as_public("/api/v1/crypto/order-book?symbol=BTC-IDR").await;
    assert!(level(&after), "{after}");
});
