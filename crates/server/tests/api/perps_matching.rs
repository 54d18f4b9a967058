//! Users meet users on the perpetuals' books (issue 13), on both databases: a taking order fills
//! against other users' resting orders before the liquidity providers at the same price, each
//! trade at the resting price, the resting user as the maker; partial fills keep the rest resting
//! with its margin; a user never meets their own orders; the shown book carries the users' orders;
//! many users trading against each other at once all succeed. The books are checked after each.

use serde_json::{json, Value};
use server::features::perps;

use crate::both_backends;
use crate::helpers::{TestApp, User};
use crate::perps_trading::{
    app, app_at, credit_margin, lifecycle, maker_fee, margined_users, place, placed, position, price, units, wallet,
    BTC, MICRO,
};
use crate::us_stocks::assert_books_sound;

/// The providers' best ask now, ticks, and the lots they quote there.
fn best_ask(app: &TestApp) -> (i64, i64) {
    let quote = lifecycle(app).quote(BTC).unwrap();
    (quote.asks[0].price, quote.asks[0].lots)
}

async fn order_of(app: &TestApp, user: &User, id: &str, open: bool) -> Value {
    let list = if open { "open" } else { "closed" };
    let (status, orders) = app.get_as(user, &format!("/api/v1/perps/orders/{list}")).await;
    assert_eq!(status, 200, "{orders}");
    orders["data"].as_array().unwrap().iter().find(|o| o["id"] == id).cloned().unwrap_or(Value::Null)
}

async fn fills(app: &TestApp, user: &User) -> Vec<Value> {
    let (status, fills) = app.get_as(user, "/api/v1/perps/history/fills").await;
    assert_eq!(status, 200, "{fills}");
    fills["data"].as_array().unwrap().clone()
}

/// The shown book's lots at `ticks` on the ask side (0 when no level).
async fn shown_ask_lots(app: &TestApp, ticks: i64) -> i64 {
    let response = app.get(&format!("/api/v1/perps/order-book?symbol={BTC}")).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 200);
    let book: Value = response.json().await.unwrap();
    book["data"]["asks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| units(l["price"].as_str().unwrap(), 1) == ticks)
        .map_or(0, |l| units(l["quantity"].as_str().unwrap(), 3))
}

fn limit(side_price: i64, quantity: &str) -> Value {
    json!({"symbol": BTC, "orderType": "LIMIT", "quantity": quantity, "price": price(side_price)})
}

// Issue 13: a market buy meets another user's resting sell at the providers' best ask before the
// providers; the seller is the maker at their own price and goes short; the shown book carries the
// resting order; a limit buy then fills part of the next resting sell, whose rest keeps resting with
// its margin held, and the cancel of that rest releases it.
both_backends!(perp_a_taker_meets_another_users_resting_order_first, |backend| async move {
    let (app, _clock, _) = app(backend).await;
    let maker = app.sign_up("081234569401").await;
    let taker = app.sign_up("081234569402").await;
    credit_margin(&app, &maker, 1_000).await;
    credit_margin(&app, &taker, 1_000).await;
    let (ask, provider_lots) = best_ask(&app);

    let resting = placed(&app, &maker, "sell", limit(ask, "0.005")).await;
    assert_eq!(resting["status"], "PENDING", "{resting}");
    assert_eq!(shown_ask_lots(&app, ask).await, provider_lots + 5, "the shown book carries the user's order");

    let bought = placed(&app, &taker, "buy", json!({"symbol": BTC, "orderType": "MARKET", "quantity": "0.008"})).await;
    assert_eq!(bought["status"], "SUCCESS", "{bought}");
    let sold = order_of(&app, &maker, resting["id"].as_str().unwrap(), false).await;
    assert_eq!((sold["status"].as_str(), sold["filledQuantity"].as_str()), (Some("SUCCESS"), Some("0.005")), "{sold}");
    let short = position(&app, &maker).await.expect("the maker is short");
    assert_eq!((short["side"].as_str(), short["size"].as_str()), (Some("SHORT"), Some("0.005")), "{short}");
    assert_eq!(units(short["entryPrice"].as_str().unwrap(), 1), ask, "the trade is at the resting price");
    let long = position(&app, &taker).await.expect("the taker is long");
    assert_eq!(long["size"].as_str(), Some("0.008"), "{long}");
    let maker_fills = fills(&app, &maker).await;
    assert_eq!(maker_fills.len(), 1, "{maker_fills:?}");
    assert_eq!((maker_fills[0]["maker"].as_bool(), maker_fills[0]["quantity"].as_str()), (Some(true), Some("0.005")));
    let taker_fills = fills(&app, &taker).await;
    assert_eq!((taker_fills.len(), taker_fills[0]["maker"].as_bool()), (1, Some(false)), "{taker_fills:?}");
    assert_eq!(shown_ask_lots(&app, ask).await, provider_lots, "the filled order left the shown book");
    assert_eq!(wallet(&app, &maker).await.0, 1_000 * MICRO - maker_fee(ask, 5), "the maker paid the maker fee");

    // A limit buy at the ask for 0.004 fills part of the next resting sell of 0.010.
    let next = placed(&app, &maker, "sell", limit(ask, "0.010")).await;
    let next_id = next["id"].as_str().unwrap();
    let held_before = wallet(&app, &maker).await.1;
    let partial = placed(&app, &taker, "buy", limit(ask, "0.004")).await;
    assert_eq!(partial["status"], "SUCCESS", "{partial}");
    let rest = order_of(&app, &maker, next_id, true).await;
    assert_eq!(
        (rest["status"].as_str(), rest["filledQuantity"].as_str()),
        (Some("PARTIALLY_FILLED"), Some("0.004")),
        "{rest}"
    );
    let short = position(&app, &maker).await.unwrap();
    assert_eq!(short["size"].as_str(), Some("0.009"), "{short}");
    let (balance, held) = wallet(&app, &maker).await;
    assert_eq!(balance, 1_000 * MICRO - maker_fee(ask, 5) - maker_fee(ask, 4));
    assert!(held > 0 && held <= held_before, "the rest keeps a hold; the position holds its margin");
    assert_eq!(shown_ask_lots(&app, ask).await, provider_lots + 6);

    let (status, cancelled) =
        app.send_as(reqwest::Method::PUT, &maker, &format!("/api/v1/perps/orders/{next_id}/cancel"), json!({})).await;
    assert_eq!((status, cancelled["data"]["status"].as_str()), (200, Some("PARTIALLY_FILLED")), "{cancelled}");
    let margin = short["margin"].as_str().map(|m| units(m, 6)).unwrap();
    assert_eq!(wallet(&app, &maker).await.1, margin, "only the position's margin stays held");
    assert_books_sound(&app).await;
});

// Issue 13: a user never meets their own resting order; the providers fill the taker instead and
// the resting order is untouched. A reduce-only resting order offers no more than its position.
both_backends!(perp_a_user_never_meets_their_own_order, |backend| async move {
    let (app, _clock, _) = app(backend).await;
    let user = app.sign_up("081234569403").await;
    let other = app.sign_up("081234569404").await;
    credit_margin(&app, &user, 1_000).await;
    credit_margin(&app, &other, 1_000).await;
    let (ask, _) = best_ask(&app);
    let own = placed(&app, &user, "sell", limit(ask, "0.002")).await;
    placed(&app, &user, "buy", json!({"symbol": BTC, "orderType": "MARKET", "quantity": "0.003"})).await;
    let untouched = order_of(&app, &user, own["id"].as_str().unwrap(), true).await;
    assert_eq!(untouched["filledQuantity"].as_str(), Some("0.000"), "{untouched}");
    assert_eq!(fills(&app, &user).await.len(), 1, "one fill, from the providers");

    // Long 0.003 and two resting reduce-only sells of 0.002: together they offer only the 0.003.
    let (status, cancelled) = app
        .send_as(
            reqwest::Method::PUT,
            &user,
            &format!("/api/v1/perps/orders/{}/cancel", own["id"].as_str().unwrap()),
            json!({}),
        )
        .await;
    assert_eq!(status, 200, "{cancelled}");
    let mut reduce = limit(ask, "0.002");
    reduce["reduceOnly"] = json!(true);
    let first = placed(&app, &user, "sell", reduce.clone()).await;
    let second = placed(&app, &user, "sell", reduce).await;
    assert_eq!((first["status"].as_str(), second["status"].as_str()), (Some("PENDING"), Some("PENDING")));
    let (status, bought) = place(&app, &other, "buy", limit(ask, "0.005")).await;
    assert_eq!((status, bought["data"]["filledQuantity"].as_str()), (200, Some("0.005")), "{bought}");
    assert!(position(&app, &user).await.is_none(), "the reduce-only orders closed the long and no more");
    let first = order_of(&app, &user, first["id"].as_str().unwrap(), false).await;
    assert_eq!(first["filledQuantity"].as_str(), Some("0.002"), "{first}");
    let second = order_of(&app, &user, second["id"].as_str().unwrap(), true).await;
    assert_eq!(second["filledQuantity"].as_str(), Some("0.001"), "{second}");
    assert_books_sound(&app).await;
});

// Issue 12: a placement takes the book's lock and its own user's together, then only tries the
// lock of a user before its own in order whose resting order it may meet. Here another step holds
// that maker's lock and then asks for the taker's. The placement gives its locks back and runs
// again taking every lock in order: it waits for that step, which gets the taker's lock instead of
// waiting in a circle, then meets the maker's order first as usual.
both_backends!(perp_a_taker_whose_maker_is_busy_waits_in_order_and_still_meets_it, |backend| async move {
    let (app, _clock, _) = app(backend).await;
    let one = app.sign_up("081234569431").await;
    let two = app.sign_up("081234569432").await;
    let (maker, taker) = if one.user_id < two.user_id { (one, two) } else { (two, one) };
    credit_margin(&app, &maker, 1_000).await;
    credit_margin(&app, &taker, 1_000).await;
    let (ask, _) = best_ask(&app);
    let resting = placed(&app, &maker, "sell", limit(ask, "0.005")).await;

    let mut busy = app.state.db.begin_write().await.unwrap();
    busy.lock_key(&perps::locks::user_key(&maker.user_id)).await.unwrap();
    let market = json!({"symbol": BTC, "orderType": "MARKET", "quantity": "0.005"});
    let ((status, bought), ()) = tokio::join!(place(&app, &taker, "buy", market), async {
        if backend == store::Backend::Postgres {
            // The placement waits for the maker's lock, holding no user's lock.
            let mut waiting = 0_i64;
            for _ in 0..1_000 {
                waiting = sqlx::query_scalar(
                    "select count(*) from pg_locks where locktype = 'advisory' and not granted \
                     and database = (select oid from pg_database where datname = current_database())",
                )
                .fetch_one(app.state.db.pool())
                .await
                .unwrap();
                if waiting > 0 {
                    break;
                }
                tokio::time::sleep(std::time::Duration::from_millis(10)).await;
            }
            assert_eq!(waiting, 1, "the placement waits for the maker's lock");
            busy.lock_key(&perps::locks::user_key(&taker.user_id)).await.unwrap();
        }
        busy.commit().await.unwrap();
    });
    assert_eq!((status, bought["data"]["status"].as_str()), (200, Some("SUCCESS")), "{bought}");
    let sold = order_of(&app, &maker, resting["id"].as_str().unwrap(), false).await;
    assert_eq!(sold["filledQuantity"].as_str(), Some("0.005"), "the maker's order is met first: {sold}");
    assert_books_sound(&app).await;
});

// Issue 13: eight users first rest sells, then all take each other's at once on one contract while
// they trade a second; every order is answered 200 (no two steps wait for each other's locks in a
// circle), some meet other users, and the ledger balances.
both_backends!(perp_users_trading_against_each_other_at_once_all_succeed, |backend| async move {
    let (app, _clock, _) = app(backend).await;
    let users = margined_users(&app, "08123456941", 8, 1_000).await;
    let (ask, _) = best_ask(&app);
    let rests = users.iter().map(|user| place(&app, user, "sell", limit(ask, "0.002")));
    for (status, answer) in futures::future::join_all(rests).await {
        assert_eq!(status, 200, "{answer}");
    }
    let eth = "ETHUSDT-PERP";
    let eth_ask = lifecycle(&app).quote(eth).unwrap().asks[0].price;
    let market = |symbol: &str| json!({"symbol": symbol, "orderType": "MARKET", "quantity": "0.002"});
    let eth_limit = json!({"symbol": eth, "orderType": "LIMIT", "quantity": "0.010",
        "price": rust_decimal::Decimal::new(eth_ask, 2).to_string()});
    let mut sends = Vec::new();
    for (i, user) in users.iter().enumerate() {
        sends.push(place(&app, user, "buy", market(BTC)));
        sends.push(place(&app, user, if i % 2 == 0 { "sell" } else { "buy" }, eth_limit.clone()));
    }
    for (status, answer) in futures::future::join_all(sends).await {
        assert_eq!(status, 200, "{answer}");
    }
    let mut met = 0;
    for user in &users {
        met += fills(&app, user).await.iter().filter(|f| f["maker"] == true).count();
    }
    assert!(met > 0, "some orders met other users' orders");
    assert_books_sound(&app).await;
});

/// A deterministic stream of small numbers (a linear congruential generator).
struct Steps(u64);

impl Steps {
    fn next(&mut self, below: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % below
    }
}

fn signed_lots(order: &Value) -> i64 {
    let lots = units(order["filledQuantity"].as_str().unwrap(), 3);
    if order["side"] == "SELL" {
        -lots
    } else {
        lots
    }
}

// Issue 13: eighty orders of four users, limits in and around the providers' spread and market
// orders, both sides, in a fixed pseudo-random order: afterwards no user's resting buy is at or above
// another user's resting sell (the users' book never stays crossed), every user's position is the
// sum of their orders' fills, and the ledger balances.
// The clock is pinned: how many orders rest depends on the providers' spread at that moment, and at
// some moments too few did for the test to mean anything.
both_backends!(perp_the_users_book_never_stays_crossed, |backend| async move {
    let pinned = chrono::DateTime::parse_from_rfc3339("2026-11-24T15:00:00Z").unwrap().with_timezone(&chrono::Utc);
    let (app, _clock, _) = app_at(backend, pinned).await;
    let mut users = Vec::new();
    for i in 0..4 {
        let user = app.sign_up(&format!("08123456942{i}")).await;
        credit_margin(&app, &user, 5_000).await;
        users.push(user);
    }
    let quote = lifecycle(&app).quote(BTC).unwrap();
    let (bid, ask) = (quote.bids[0].price, quote.asks[0].price);
    let span = u64::try_from(ask - bid + 7).unwrap();
    let mut steps = Steps(13);
    for _ in 0..80 {
        let user = &users[steps.next(4) as usize];
        let side = if steps.next(2) == 0 { "buy" } else { "sell" };
        let quantity = format!("0.00{}", steps.next(5) + 1);
        let body = if steps.next(5) == 0 {
            json!({"symbol": BTC, "orderType": "MARKET", "quantity": quantity})
        } else {
            limit(bid - 3 + i64::try_from(steps.next(span)).unwrap(), &quantity)
        };
        let (status, answer) = place(&app, user, side, body).await;
        assert_eq!(status, 200, "{answer}");
    }

    let mut resting: Vec<(usize, i64, bool)> = Vec::new();
    for (i, user) in users.iter().enumerate() {
        let mut net = 0;
        for list in ["open", "closed"] {
            let (status, orders) = app.get_as(user, &format!("/api/v1/perps/orders/{list}")).await;
            assert_eq!(status, 200, "{orders}");
            let orders = orders["data"].as_array().unwrap();
            assert!(orders.len() < 30, "one page holds them all");
            for order in orders {
                net += signed_lots(order);
                if list == "open" {
                    resting.push((i, units(order["price"].as_str().unwrap(), 1), order["side"] == "BUY"));
                }
            }
        }
        let size = position(&app, user).await.map_or(0, |p| {
            let lots = units(p["size"].as_str().unwrap(), 3);
            if p["side"] == "SHORT" {
                -lots
            } else {
                lots
            }
        });
        assert_eq!(size, net, "user {i}: the position is the sum of the fills");
    }
    for &(buyer, buy_at, _) in resting.iter().filter(|r| r.2) {
        for &(seller, sell_at, _) in resting.iter().filter(|r| !r.2) {
            assert!(
                buyer == seller || buy_at < sell_at,
                "user {buyer}'s buy at {buy_at} crosses user {seller}'s sell at {sell_at}"
            );
        }
    }
    assert!(resting.len() > 4, "orders rest in and around the spread: {resting:?}");
    // The venue pass never ran: every maker fill is a user's order met by another user.
    let mut met = 0;
    for user in &users {
        met += fills(&app, user).await.iter().filter(|f| f["maker"] == true).count();
    }
    assert!(met >= 5, "users met users {met} times");
    assert_books_sound(&app).await;
});
