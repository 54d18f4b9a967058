//! The `/ws` hub: subscriptions get updates, unsubscribing stops them, malformed messages get an
//! error frame on a connection that stays usable, and the per-connection and per-server caps hold.

use std::time::Duration;

use futures::{SinkExt, StreamExt};
use serde_json::{json, Value};
use store::Backend;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::both_backends;
use crate::helpers::{spawn_app_with, TestApp, ADMIN_TOKEN};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

async fn app_with(subscriptions_max: usize, connections_max: usize) -> TestApp {
    spawn_app_with(Backend::Sqlite, |s| {
        s.markets.warm_caches = false;
        s.markets.ws_subscriptions_max = subscriptions_max;
        s.markets.ws_connections_max = connections_max;
    })
    .await
}

async fn connect(app: &TestApp) -> Socket {
    let url = app.address.replace("http://", "ws://") + "/ws";
    tokio_tungstenite::connect_async(url).await.expect("websocket connects").0
}

async fn send(socket: &mut Socket, body: Value) {
    socket.send(Message::Text(body.to_string().into())).await.unwrap();
}

/// The next JSON text frame within `wait`, skipping pings.
async fn next_json(socket: &mut Socket, wait: Duration) -> Option<Value> {
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        let message = tokio::time::timeout_at(deadline, socket.next()).await.ok()??.ok()?;
        if let Message::Text(text) = message {
            return serde_json::from_str(text.as_str()).ok();
        }
    }
}

/// The next frame of `kind` within `wait`, skipping others.
async fn next_of(socket: &mut Socket, kind: &str, wait: Duration) -> Option<Value> {
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        let frame = next_json(socket, left).await?;
        if frame["type"] == kind {
            return Some(frame);
        }
    }
}

const WAIT: Duration = Duration::from_secs(5);

#[tokio::test]
async fn a_subscriber_gets_ticker_candle_order_book_and_trade_updates() {
    let app = app_with(50, 100).await;
    let mut socket = connect(&app).await;
    let channels = ["ticker:BTC-IDR", "candles:BTC-IDR:1", "orderbook:BTC-IDR", "trades:BTC-IDR"];
    send(&mut socket, json!({"op": "subscribe", "channels": channels})).await;
    let subscribed = next_of(&mut socket, "subscribed", WAIT).await.expect("subscribed");
    assert_eq!(subscribed["channels"], json!(channels));
    let ticker = next_of(&mut socket, "ticker", WAIT).await.expect("a ticker");
    assert_eq!(ticker["channel"], "ticker:BTC-IDR");
    assert!(ticker["data"]["last"].is_string() && ticker["data"]["changePct"].is_string(), "{ticker}");
    let candle = next_of(&mut socket, "candle", WAIT).await.expect("a candle");
    assert_eq!(
        (candle["data"]["symbol"].as_str(), candle["data"]["resolution"].as_str()),
        (Some("BTC-IDR"), Some("1"))
    );
    let book = next_of(&mut socket, "orderbook", WAIT).await.expect("an order book");
    assert_eq!(book["data"]["bids"].as_array().unwrap().len(), 10);
    // A 24/7 pair moves every second, so a print follows within a few steps.
    let trade = next_of(&mut socket, "trade", Duration::from_secs(8)).await.expect("a trade print");
    assert!(["BUY", "SELL"].contains(&trade["data"]["side"].as_str().unwrap()), "{trade}");
}

#[tokio::test]
async fn unsubscribing_stops_the_updates() {
    let app = app_with(50, 100).await;
    let mut socket = connect(&app).await;
    send(&mut socket, json!({"op": "subscribe", "channels": ["ticker:BTC-IDR"]})).await;
    next_of(&mut socket, "ticker", WAIT).await.expect("a ticker");
    send(&mut socket, json!({"op": "unsubscribe", "channels": ["ticker:BTC-IDR"]})).await;
    let done = next_of(&mut socket, "unsubscribed", WAIT).await.expect("unsubscribed");
    assert_eq!(done["channels"], json!(["ticker:BTC-IDR"]));
    // BTC-IDR ticks every second; nothing may arrive for it now.
    assert_eq!(next_of(&mut socket, "ticker", Duration::from_millis(2500)).await, None);
}

#[tokio::test]
async fn a_malformed_message_gets_an_error_frame_and_the_connection_stays_usable() {
    let app = app_with(50, 100).await;
    let mut socket = connect(&app).await;
    for bad in ["not json", r#"{"op":"dance"}"#, r#"{"op":"subscribe"}"#, r#"{"op":"subscribe","channels":"x"}"#] {
        socket.send(Message::Text(bad.into())).await.unwrap();
        let error = next_json(&mut socket, WAIT).await.expect("an error frame");
        assert_eq!((error["type"].as_str(), error["code"].as_str()), (Some("error"), Some("invalid_message")), "{bad}");
    }
    socket.send(Message::Binary(vec![1, 2, 3].into())).await.unwrap();
    assert_eq!(next_json(&mut socket, WAIT).await.unwrap()["code"], "invalid_message");
    for unknown in
        ["ticker:NOPE-IDR", "candles:AAPL:1", "candles:BTC-IDR:d", "orderbook:AAPL", "news:BTC-IDR", "ticker"]
    {
        send(&mut socket, json!({"op": "subscribe", "channels": [unknown]})).await;
        let error = next_of(&mut socket, "error", WAIT).await.expect("an error frame");
        assert_eq!(error["code"], "unknown_channel", "{unknown}");
    }
    send(&mut socket, json!({"op": "ping"})).await;
    assert_eq!(next_of(&mut socket, "pong", WAIT).await.unwrap()["type"], "pong");
    send(&mut socket, json!({"op": "subscribe", "channels": ["ticker:ETH-IDR"]})).await;
    assert_eq!(next_of(&mut socket, "ticker", WAIT).await.unwrap()["channel"], "ticker:ETH-IDR");
}

#[tokio::test]
async fn subscriptions_per_connection_are_capped() {
    let app = app_with(3, 100).await;
    let mut socket = connect(&app).await;
    send(&mut socket, json!({"op": "subscribe", "channels": ["ticker:BTC-IDR", "ticker:ETH-IDR", "flags:AAPL"]})).await;
    assert_eq!(next_of(&mut socket, "subscribed", WAIT).await.unwrap()["channels"].as_array().unwrap().len(), 3);
    send(&mut socket, json!({"op": "subscribe", "channels": ["ticker:AAPL"]})).await;
    let error = next_of(&mut socket, "error", WAIT).await.expect("refused");
    assert_eq!(
        (error["code"].as_str(), error["channel"].as_str()),
        (Some("too_many_subscriptions"), Some("ticker:AAPL"))
    );
    let many: Vec<String> = (0..4).map(|_| "ticker:BTC-IDR".to_string()).collect();
    send(&mut socket, json!({"op": "subscribe", "channels": many})).await;
    assert_eq!(next_of(&mut socket, "error", WAIT).await.unwrap()["code"], "too_many_subscriptions");
}

#[tokio::test]
async fn connections_beyond_the_server_limit_are_closed_with_try_again_later() {
    let app = app_with(50, 1).await;
    let mut first = connect(&app).await;
    let mut second = connect(&app).await;
    let message = tokio::time::timeout(WAIT, second.next()).await.unwrap().unwrap().unwrap();
    match message {
        Message::Close(Some(frame)) => assert_eq!(u16::from(frame.code), 1013),
        other => panic!("expected a close frame, got {other:?}"),
    }
    // The first connection is unaffected.
    send(&mut first, json!({"op": "ping"})).await;
    assert!(next_of(&mut first, "pong", WAIT).await.is_some());
}

both_backends!(r3_05_flag_changes_are_published_live, |backend| async move {
    let app = spawn_app_with(backend, |s| s.markets.warm_caches = false).await;
    let mut socket = connect(&app).await;
    send(&mut socket, json!({"op": "subscribe", "channels": ["flags:SOL-IDR"]})).await;
    let first = next_of(&mut socket, "flags", WAIT).await.expect("the current flags");
    assert_eq!(first["data"]["enableBuy"], true);
    let halt = json!({"symbol": "SOL-IDR", "enableBuy": false, "enableSell": false,
        "enableBuyForProMode": true, "enableSellForProMode": true});
    let response =
        app.client.post(app.url("/api/admin/markets/flags")).bearer_auth(ADMIN_TOKEN).json(&halt).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let update = next_of(&mut socket, "flags", WAIT).await.expect("the change");
    assert_eq!(
        (update["data"]["tradingHalted"].as_bool(), update["data"]["enableSell"].as_bool()),
        (Some(true), Some(false))
    );
});

both_backends!(user_channels_carry_the_callers_own_orders_and_refuse_guests, |backend| async move {
    let app = spawn_app_with(backend, |s| s.markets.warm_caches = false).await;
    let user = app.sign_up("081234569101").await;
    crate::trading::fund(&app, &user, 1_000_000).await;
    let mut guest = connect(&app).await;
    send(&mut guest, json!({"op": "subscribe", "channels": ["orders"]})).await;
    let refused = next_of(&mut guest, "error", WAIT).await.expect("an error frame");
    assert_eq!(refused["code"], "unknown_channel", "{refused}");
    let url = format!("{}/ws?token={}", app.address.replace("http://", "ws://"), user.access_token);
    let mut socket = tokio_tungstenite::connect_async(url).await.expect("websocket connects").0;
    send(&mut socket, json!({"op": "subscribe", "channels": ["orders", "balances"]})).await;
    let subscribed = next_of(&mut socket, "subscribed", WAIT).await.unwrap();
    assert_eq!(subscribed["channels"], json!(["orders", "balances"]));
    let body = json!({"symbol": "BTC-IDR", "orderType": "instant", "inputType": "amount", "amount": "100000"});
    let (status, placed) = crate::trading::order(&app, &user, "buy", body).await;
    assert_eq!(status, 200, "{placed}");
    let update = next_of(&mut socket, "order", WAIT).await.expect("an order frame");
    assert_eq!(update["channel"], "orders");
    assert_eq!(update["data"]["orderId"], placed["data"]["orderId"]);
    assert_eq!(update["data"]["status"], "SUCCESS");
    let nudge = next_of(&mut socket, "balance", WAIT).await.expect("a balance frame");
    assert_eq!(nudge["data"]["symbol"], "BTC-IDR");
});

both_backends!(r3_04_the_live_order_book_shows_users_resting_orders, |backend| async move {
    // The providers quote once, at the owner's start, and then hold still: a re-quote after a move
    // could cross the bid placed below and fill it before a frame shows it.
    let app = spawn_app_with(backend, |s| {
        s.markets.warm_caches = false;
        s.trading.requote_interval_ms = 3_600_000;
    })
    .await;
    let user = app.sign_up("081234569102").await;
    crate::trading::fund(&app, &user, 1_000_000).await;
    let mut socket = connect(&app).await;
    send(&mut socket, json!({"op": "subscribe", "channels": ["orderbook:BTC-IDR"]})).await;
    let first = next_of(&mut socket, "orderbook", WAIT).await.expect("an order book");
    let best_bid: f64 = first["data"]["bids"][0]["price"].as_str().unwrap().parse().unwrap();
    // A bid a little above the best one becomes the top of the book (it stays below the best ask).
    let best_ask: f64 = first["data"]["asks"][0]["price"].as_str().unwrap().parse().unwrap();
    let price = ((best_bid + (best_ask - best_bid) / 2.0).floor()).to_string();
    let body = json!({"symbol": "BTC-IDR", "orderType": "LIMIT", "quantity": "0.0001", "limitPrice": price});
    let (status, placed) = crate::trading::order(&app, &user, "buy", body).await;
    assert_eq!(status, 200, "{placed}");
    let shown = async {
        loop {
            let frame = next_of(&mut socket, "orderbook", WAIT).await.expect("order book updates keep coming");
            let bids = frame["data"]["bids"].as_array().unwrap().clone();
            if bids
                .iter()
                .any(|level| level["price"].as_str().and_then(|p| p.parse::<f64>().ok()) == price.parse().ok())
            {
                return;
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(10), shown).await.expect("the user's bid shows in the live book");
});

both_backends!(r1_04_a_top_up_paid_through_the_gateway_nudges_the_users_balances_channel, |backend| async move {
    let app = spawn_app_with(backend, |s| s.markets.warm_caches = false).await;
    let user = app.sign_up("081234569103").await;
    let url = format!("{}/ws?token={}", app.address.replace("http://", "ws://"), user.access_token);
    let mut socket = tokio_tungstenite::connect_async(url).await.expect("websocket connects").0;
    send(&mut socket, json!({"op": "subscribe", "channels": ["balances"]})).await;
    next_of(&mut socket, "subscribed", WAIT).await.expect("subscribed");
    let topup = crate::wallet::create_topup(&app, &user, "BCA_VA", "150000").await;
    let reference = topup["instructions"]["gatewayRef"].as_str().unwrap();
    let paid = app.post(&format!("/api/sandbox/payments/{reference}/pay")).send().await.unwrap();
    assert_eq!(paid.status(), 204);
    // The webhook credits the wallet out of band: the open app hears of it without polling.
    let nudge = next_of(&mut socket, "balance", WAIT).await.expect("a balance frame after the credit");
    assert_eq!(nudge["data"]["symbol"], "IDR");
});

both_backends!(r3_08_a_verification_decision_is_pushed_on_the_account_channel_without_a_read, |backend| async move {
    let app = spawn_app_with(backend, |s| s.markets.warm_caches = false).await;
    let user = app.sign_up("081234569104").await;
    let url = format!("{}/ws?token={}", app.address.replace("http://", "ws://"), user.access_token);
    let mut socket = tokio_tungstenite::connect_async(url).await.expect("websocket connects").0;
    send(&mut socket, json!({"op": "subscribe", "channels": ["account"]})).await;
    next_of(&mut socket, "subscribed", WAIT).await.expect("subscribed");
    let (status, body) = app.post_as(&user, "/api/v1/user/kyc", crate::account::form(crate::account::NIK_OK)).await;
    assert_eq!(status, 200, "{body}");
    // Nobody reads the status: the decisions job applies the sandbox's decision and pushes it.
    let nudge = next_of(&mut socket, "account", Duration::from_secs(6)).await.expect("an account frame");
    assert_eq!(nudge["data"]["change"], "kyc");
    let (_, me) = app.get_as(&user, "/api/v3/user/me").await;
    assert_eq!(me["data"]["kycStatus"], "VERIFIED");
});

/// The code of the close frame that arrives within `wait`, skipping other messages.
async fn close_code(socket: &mut Socket, wait: Duration) -> Option<u16> {
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        match tokio::time::timeout_at(deadline, socket.next()).await.ok()??.ok()? {
            Message::Close(frame) => return frame.map(|f| u16::from(f.code)),
            _ => continue,
        }
    }
}

async fn connect_as(app: &TestApp, user: &crate::helpers::User) -> Socket {
    let url = format!("{}/ws?token={}", app.address.replace("http://", "ws://"), user.access_token);
    let mut socket = tokio_tungstenite::connect_async(url).await.expect("websocket connects").0;
    send(&mut socket, json!({"op": "subscribe", "channels": ["orders", "balances"]})).await;
    next_of(&mut socket, "subscribed", WAIT).await.expect("subscribed");
    socket
}

both_backends!(a_logged_out_session_loses_its_live_connection_at_once, |backend| async move {
    // The period is an hour: only the log-out itself can close the connection within the test.
    let app = spawn_app_with(backend, |s| {
        s.markets.warm_caches = false;
        s.markets.ws_session_recheck_secs = 3600;
    })
    .await;
    let user = app.sign_up("081234569105").await;
    let other_device = app.log_in("081234569105", crate::helpers::PIN, "device-2").await.unwrap();
    let mut socket = connect_as(&app, &user).await;
    let mut stays = connect_as(&app, &other_device).await;
    let logout = app.post("/api/v3/user/logout").bearer_auth(&user.access_token).send().await.unwrap();
    assert_eq!(logout.status(), 204);
    assert_eq!(close_code(&mut socket, WAIT).await, Some(1008), "the private frames stop with the session");
    // The same user's other session keeps its connection.
    send(&mut stays, json!({"op": "ping"})).await;
    assert!(next_of(&mut stays, "pong", WAIT).await.is_some());
});

both_backends!(a_session_ended_on_another_node_loses_its_live_connection_within_the_period, |backend| async move {
    let app = spawn_app_with(backend, |s| {
        s.markets.warm_caches = false;
        s.markets.ws_session_recheck_secs = 1;
    })
    .await;
    let user = app.sign_up("081234569106").await;
    let mut socket = connect_as(&app, &user).await;
    // Another node revokes it: this node hears nothing, only the periodic check can notice.
    sqlx::query("update sessions set status = 'REVOKED' where user_id = $1")
        .bind(&user.user_id)
        .execute(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(close_code(&mut socket, WAIT).await, Some(1008));
});

#[tokio::test]
async fn connections_beyond_the_per_address_limit_are_closed_with_try_again_later() {
    let app = spawn_app_with(Backend::Sqlite, |s| {
        s.markets.warm_caches = false;
        s.markets.ws_connections_per_address_max = 2;
    })
    .await;
    let mut first = connect(&app).await;
    let _second = connect(&app).await;
    let mut third = connect(&app).await;
    assert_eq!(close_code(&mut third, WAIT).await, Some(1013));
    send(&mut first, json!({"op": "ping"})).await;
    assert!(next_of(&mut first, "pong", WAIT).await.is_some());
    drop(first);
    // A closed connection gives its place back (the server notices the close asynchronously).
    let reopened = async {
        loop {
            let mut again = connect(&app).await;
            send(&mut again, json!({"op": "ping"})).await;
            if next_of(&mut again, "pong", Duration::from_millis(500)).await.is_some() {
                return;
            }
        }
    };
    tokio::time::timeout(WAIT, reopened).await.expect("a place frees up once a connection closes");
}
