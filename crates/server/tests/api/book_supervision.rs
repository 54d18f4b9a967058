//! A pair's book owner supervises itself (issue 21): a book that disagrees with the database is
//! rebuilt from it, and open orders that cannot form a book halt the pair (503 `pair_halted`,
//! nothing done) until a rebuild succeeds, when trading resumes by itself.

use std::time::Duration;

use serde_json::json;

use crate::both_backends;
use crate::helpers::{error_body, spawn_app_with, TestApp};
use crate::trading::{fund, order};

/// Whether the pair's book (as its owner last published it) has a bid at `rupiah`.
fn has_bid(app: &TestApp, rupiah: i64) -> bool {
    let pair = app.state.trading.pair("BTC-IDR").unwrap();
    let units = rupiah * 10_i64.pow(pair.spec.price_scale);
    pair.view().bids.iter().any(|level| level.price == units)
}

/// Waits up to five seconds for `condition`, checking every 50 ms.
pub async fn eventually(condition: impl Fn() -> bool) -> bool {
    for _ in 0..100 {
        if condition() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    condition()
}

/// A resting limit buy far below the market (no provider quotes there); returns its order id.
async fn rest_a_bid(app: &TestApp, user: &crate::helpers::User, rupiah: i64) -> String {
    let body =
        json!({"symbol": "BTC-IDR", "orderType": "LIMIT", "quantity": "0.0001", "limitPrice": rupiah.to_string()});
    let (status, placed) = order(app, user, "buy", body).await;
    assert_eq!(status, 200, "{placed}");
    placed["data"]["orderId"].as_str().unwrap().to_string()
}

/// A whole-rupiah price at `fraction` of the best bid.
pub async fn far_below(app: &TestApp, fraction: f64) -> i64 {
    // The providers' first quotes arrive with the owner's first tick.
    for _ in 0..100 {
        let (status, quote) = app.get_as_public("/api/v1/crypto/price-quote?symbol=BTC-IDR").await;
        assert_eq!(status, 200, "{quote}");
        if let Some(bid) = quote["data"]["bestBid"].as_str() {
            return (bid.parse::<f64>().unwrap() * fraction) as i64;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no bid in the book")
}

both_backends!(a_book_that_disagrees_with_the_database_is_rebuilt_from_it, |backend| async move {
    let app = spawn_app_with(backend, |s| {
        s.markets.warm_caches = false;
        s.trading.book_check_interval_ms = 200;
        s.trading.requote_interval_ms = 100;
    })
    .await;
    let user = app.sign_up("081234569501").await;
    fund(&app, &user, 1_000_000).await;
    let price = far_below(&app, 0.8).await;
    let id = rest_a_bid(&app, &user, price).await;
    assert!(has_bid(&app, price));
    // The database stops holding the order open behind the owner's back.
    sqlx::query("update crypto_orders set is_open = 0, status = 'CANCELLED' where id = $1")
        .bind(id.parse::<i64>().unwrap())
        .execute(app.state.db.pool())
        .await
        .unwrap();
    assert!(eventually(|| !has_bid(&app, price)).await, "the book follows the database");
    // Trading goes on.
    let again = far_below(&app, 0.79).await;
    rest_a_bid(&app, &user, again).await;
});

both_backends!(open_orders_that_cannot_form_a_book_halt_the_pair_until_they_can, |backend| async move {
    let app = spawn_app_with(backend, |s| {
        s.markets.warm_caches = false;
        s.trading.book_check_interval_ms = 200;
        s.trading.requote_interval_ms = 100;
    })
    .await;
    let user = app.sign_up("081234569502").await;
    fund(&app, &user, 1_000_000).await;
    let first = rest_a_bid(&app, &user, far_below(&app, 0.8).await).await.parse::<i64>().unwrap();
    let second = rest_a_bid(&app, &user, far_below(&app, 0.79).await).await.parse::<i64>().unwrap();
    let seq_of = |id: i64| {
        let db = app.state.db.clone();
        async move {
            sqlx::query_scalar::<_, i64>("select seq from crypto_orders where id = $1")
                .bind(id)
                .fetch_one(db.pool())
                .await
                .unwrap()
        }
    };
    let (first_seq, second_seq) = (seq_of(first).await, seq_of(second).await);
    // Two open orders with one time priority: no book can hold them.
    let set_seq = |seq: i64| {
        let db = app.state.db.clone();
        async move {
            sqlx::query("update crypto_orders set seq = $1 where id = $2")
                .bind(seq)
                .bind(second)
                .execute(db.pool())
                .await
                .unwrap();
        }
    };
    set_seq(first_seq).await;
    // An order the pair would refuse anyway (far beyond the balance) probes it without placing
    // anything: 400 while it trades, 503 once it has halted.
    let probe = json!({"symbol": "BTC-IDR", "orderType": "LIMIT", "quantity": "1000", "limitPrice": "1"});
    let halted = async {
        loop {
            let response =
                app.post("/api/v1/crypto/buy").bearer_auth(&user.access_token).json(&probe).send().await.unwrap();
            if response.status() == 503 {
                return response;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };
    let response = tokio::time::timeout(Duration::from_secs(5), halted).await.expect("the pair halts");
    assert_eq!(response.headers()["retry-after"], "5");
    let (_, code, message) = error_body(response).await;
    assert_eq!(code, "pair_halted");
    assert!(message.contains("dipulihkan"), "{message}");
    let (_, open) = app.get_as(&user, "/api/v1/trade-web/crypto/transactions/open").await;
    assert_eq!(open["total"], 2, "a refused order leaves nothing behind");

    // Repaired, the pair resumes by itself on its next tick.
    set_seq(second_seq).await;
    let body = json!({"symbol": "BTC-IDR", "orderType": "LIMIT", "quantity": "0.0001", "limitPrice": far_below(&app, 0.78).await.to_string()});
    let resumed = async {
        loop {
            let (status, _) = order(&app, &user, "buy", body.clone()).await;
            if status == 200 {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    };
    tokio::time::timeout(Duration::from_secs(5), resumed).await.expect("trading resumes");
});

// R4.10: a waiting trailing stop is an open order like any other. Before, a rebuild refused it as
// "invalid order", so the first command that failed after the engine ran (here a repeated request
// id) or the periodic check halted the whole pair until the stop ended, and every user's order on
// it answered 503.
both_backends!(r4_10_an_open_trailing_stop_is_rebuilt_and_the_pair_keeps_trading, |backend| async move {
    let app = spawn_app_with(backend, |s| {
        s.markets.warm_caches = false;
        s.trading.book_check_interval_ms = 200;
        s.trading.requote_interval_ms = 100;
    })
    .await;
    let user = app.sign_up("081234569503").await;
    fund(&app, &user, 10_000_000).await;
    far_below(&app, 0.9).await;
    let (status, bought) = order(
        &app,
        &user,
        "buy",
        json!({"symbol": "BTC-IDR", "orderType": "instant", "inputType": "amount", "amount": "2000000"}),
    )
    .await;
    assert_eq!(status, 200, "{bought}");
    let body = json!({"symbol": "BTC-IDR", "orderType": "TRAILING_STOP", "quantity": "0.0005", "trailPercent": "20"});
    let (status, trailing) = order(&app, &user, "sell", body).await;
    assert_eq!(status, 200, "{trailing}");

    // The same request id twice: the second runs the engine, fails on the unique row and is
    // answered with the first order after the book is rebuilt from the transaction.
    let rupiah = far_below(&app, 0.5).await;
    let (price, qty) = crate::group_commit::units(&app, rupiah);
    let trading = app.state.trading.clone();
    let ask = || crate::group_commit::limit_buy(&user, price, qty, Some("rebuilt-with-a-trail"));
    let first = trading.ask("BTC-IDR", ask()).await.expect("the first placement");
    let again = trading.ask("BTC-IDR", ask()).await.expect("the retry is answered, not a halted pair");
    assert_eq!(again.id, first.id);

    // Several book checks later the pair still trades, with both orders in its book.
    tokio::time::sleep(Duration::from_millis(700)).await;
    let next = far_below(&app, 0.49).await;
    let (status, placed) = order(
        &app,
        &user,
        "buy",
        json!({"symbol": "BTC-IDR", "orderType": "LIMIT", "quantity": "0.0001", "limitPrice": next.to_string()}),
    )
    .await;
    assert_eq!(status, 200, "{placed}");
    assert!(has_bid(&app, rupiah) && has_bid(&app, next));
    let (_, open) = app.get_as(&user, "/api/v1/trade-web/crypto/transactions/open").await;
    let still_waiting = open["data"].as_array().unwrap().iter().any(|o| o["orderId"] == trailing["data"]["orderId"]);
    assert!(still_waiting, "the trailing stop still waits: {open}");
    crate::trading::assert_ledger_sound(&app).await;
});
