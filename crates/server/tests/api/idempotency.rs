//! DESIGN.md "Idempotency": x-request-id is the key of a state-changing call, per caller.

use serde_json::{json, Value};

use crate::both_backends;
use crate::helpers::{error_body, spawn_app, TestApp, User};

fn batch(name: &str) -> serde_json::Value {
    json!({"events": [{"name": name, "occurredAt": "2026-11-22T10:00:00Z"}]})
}

both_backends!(a_repeated_request_returns_the_first_response_and_does_the_work_once, |backend| async move {
    let app = spawn_app(backend).await;
    let send = || app.post_keyed("/api/v1/analytics/events", "key-1").json(&batch("buy_review")).send();
    let first = send().await.unwrap();
    assert_eq!(first.status(), 200);
    assert!(first.headers().get("x-idempotent-replay").is_none());
    let first_body = first.text().await.unwrap();
    let second = send().await.unwrap();
    assert_eq!(second.status(), 200);
    assert_eq!(second.headers()["x-idempotent-replay"], "true");
    assert_eq!(second.text().await.unwrap(), first_body);
    assert_eq!(store::analytics::count_by_name(&app.state.db, "buy_review").await.unwrap(), 1);
});

both_backends!(the_same_key_with_another_body_is_409, |backend| async move {
    let app = spawn_app(backend).await;
    let first = app.post_keyed("/api/v1/analytics/events", "key-2").json(&batch("buy_review")).send().await.unwrap();
    assert_eq!(first.status(), 200);
    let other = app.post_keyed("/api/v1/analytics/events", "key-2").json(&batch("sell_review")).send().await.unwrap();
    let (status, code, _) = error_body(other).await;
    assert_eq!((status, code.as_str()), (409, "idempotency_key_reused"));
    assert_eq!(store::analytics::count_by_name(&app.state.db, "sell_review").await.unwrap(), 0);
});

both_backends!(keys_belong_to_their_caller, |backend| async move {
    let app = spawn_app(backend).await;
    for device in ["device-a", "device-b"] {
        let response = app
            .client
            .post(app.url("/api/v1/analytics/events"))
            .header("x-device-id", device)
            .header("x-request-id", "shared-key")
            .json(&batch("sell_review"))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
    }
    assert_eq!(store::analytics::count_by_name(&app.state.db, "sell_review").await.unwrap(), 2);
});

both_backends!(concurrent_repeats_do_the_work_exactly_once, |backend| async move {
    let app = spawn_app(backend).await;
    let sends =
        (0..20).map(|_| app.post_keyed("/api/v1/analytics/events", "key-race").json(&batch("buy_review")).send());
    let responses = futures::future::join_all(sends).await;
    for response in responses {
        let status = response.unwrap().status().as_u16();
        // Either the first answer (or its replay), or "still in progress" while the first runs.
        assert!(status == 200 || status == 409, "{status}");
    }
    assert_eq!(store::analytics::count_by_name(&app.state.db, "buy_review").await.unwrap(), 1);
});

async fn stored_keys(app: &crate::helpers::TestApp) -> Vec<(String, Option<Vec<u8>>)> {
    sqlx::query_as("select request_key, body from idempotency_keys").fetch_all(app.state.db.pool()).await.unwrap()
}

both_backends!(answers_that_hold_credentials_are_never_kept_for_replay, |backend| async move {
    let app = spawn_app(backend).await;
    // Sign-up and log-in hand out verification and session tokens; none of them may be stored.
    let user = app.sign_up("081234567041").await;
    app.log_in("081234567041", crate::helpers::PIN, "device-y").await.unwrap();
    let (status, _) = app.post_as(&user, "/api/v1/user/telegram/deep-link", serde_json::json!({})).await;
    assert_eq!(status, 200);
    let stored = stored_keys(&app).await;
    assert!(!stored.is_empty(), "other calls of the journey are still kept");
    for (key, body) in stored {
        let text = String::from_utf8_lossy(&body.unwrap_or_default()).to_string();
        for secret in ["accessToken", "refreshToken", "verificationToken", "changeToken", "t.me/"] {
            assert!(!text.contains(secret), "{key} kept {secret}: {text}");
        }
    }
});

both_backends!(only_request_ids_the_client_sent_are_keys, |backend| async move {
    let app = spawn_app(backend).await;
    let before = stored_keys(&app).await.len();
    let response =
        app.client.post(app.url("/api/v1/analytics/events")).json(&batch("buy_review")).send().await.unwrap();
    assert!(response.headers().contains_key("x-request-id"), "the server still names the request");
    assert_eq!(stored_keys(&app).await.len(), before);
    let keyed = app.post("/api/v1/analytics/events").json(&batch("buy_review")).send().await.unwrap();
    assert!(keyed.status().is_success());
    assert_eq!(stored_keys(&app).await.len(), before + 1);
});

/// A placement at `path` under the idempotency key `key`.
fn keyed_post(app: &TestApp, user: &User, path: &str, key: &str, body: &Value) -> reqwest::RequestBuilder {
    app.post_keyed(path, key).bearer_auth(&user.access_token).json(body)
}

/// How many of the user's orders in `table` carry `key` as their request id.
async fn orders_with_key(app: &TestApp, table: &str, user: &User, key: &str) -> i64 {
    sqlx::query_scalar(&format!("select count(*) from {table} where user_id = $1 and request_id = $2"))
        .bind(&user.user_id)
        .bind(key)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap()
}

/// Sends the repeats of one keyed placement at once and checks they answer one order (its id in
/// the answer's `id_field`). No claim is written: a repeat in a later transaction than the first
/// order's (on PostgreSQL its insert waits for that commit) answers that order; one in the first's
/// own batch cannot see it committed yet and is told "in progress".
async fn the_one_order(
    sends: impl Iterator<Item = impl std::future::Future<Output = reqwest::Result<reqwest::Response>>>,
    id_field: &str,
) {
    let mut ids = std::collections::BTreeSet::new();
    for response in futures::future::join_all(sends).await {
        let response = response.unwrap();
        let status = response.status().as_u16();
        let answer: Value = response.json().await.unwrap();
        match status {
            200 => {
                ids.insert(answer["data"][id_field].as_str().unwrap().to_owned());
            }
            409 => assert_eq!(answer["error_code"], "request_in_progress", "{answer}"),
            other => panic!("{other}: {answer}"),
        }
    }
    assert_eq!(ids.len(), 1, "{ids:?}");
}

/// The status and body kept under `key`, if any.
async fn kept(app: &TestApp, key: &str) -> Option<(Option<i64>, Option<Vec<u8>>)> {
    sqlx::query_as("select status, body from idempotency_keys where request_key = $1")
        .bind(key)
        .fetch_optional(app.state.db.pool())
        .await
        .unwrap()
}

/// Crypto placements keep their answer in the order's own transaction (issue 12): no claim is
/// written before them, so the call commits once.
mod kept_with_the_order {
    use serde_json::{json, Value};

    use super::kept;
    use crate::both_backends;
    use crate::helpers::{error_body, TestApp, User};
    use crate::trading::{assert_ledger_sound, cash_of, fund, trading_app};

    fn limit_buy() -> Value {
        json!({"symbol": "BTC-IDR", "orderType": "LIMIT", "quantity": "0.0001", "limitPrice": "500000000"})
    }

    fn keyed(app: &TestApp, user: &User, key: &str, body: &Value) -> reqwest::RequestBuilder {
        super::keyed_post(app, user, "/api/v1/crypto/buy", key, body)
    }

    async fn orders_with_key(app: &TestApp, user: &User, key: &str) -> i64 {
        super::orders_with_key(app, "crypto_orders", user, key).await
    }

    both_backends!(an_order_keeps_its_answer_and_a_repeat_replays_it_byte_for_byte, |backend| async move {
        let app = trading_app(backend).await;
        let user = app.sign_up("081234567501").await;
        fund(&app, &user, 1_000_000).await;
        let first = keyed(&app, &user, "order-key-1", &limit_buy()).send().await.unwrap();
        assert_eq!(first.status(), 200);
        let first_body = first.text().await.unwrap();
        // Stored with the order, as the answer the client got.
        let (status, body) = kept(&app, "order-key-1").await.expect("the answer is kept");
        assert_eq!((status, body.as_deref()), (Some(200), Some(first_body.as_bytes())));
        let repeat = keyed(&app, &user, "order-key-1", &limit_buy()).send().await.unwrap();
        assert_eq!(repeat.status(), 200);
        assert_eq!(repeat.headers()["x-idempotent-replay"], "true");
        assert_eq!(repeat.text().await.unwrap(), first_body);
        assert_eq!(orders_with_key(&app, &user, "order-key-1").await, 1);
        // The same key with another order is refused and places nothing.
        let other = json!({"symbol": "BTC-IDR", "orderType": "LIMIT", "quantity": "0.0002", "limitPrice": "500000000"});
        let (status, code, _) = error_body(keyed(&app, &user, "order-key-1", &other).send().await.unwrap()).await;
        assert_eq!((status, code.as_str()), (409, "idempotency_key_reused"));
        assert_eq!(orders_with_key(&app, &user, "order-key-1").await, 1);
        assert_ledger_sound(&app).await;
    });

    both_backends!(order_calls_read_their_sessions_and_keys_together_each_its_own, |backend| async move {
        use server::features::identity::session_with_key::{self, SessionAndKeyAsk};
        use sha2::{Digest, Sha256};
        let app = trading_app(backend).await;
        let (alice, bob) = (app.sign_up("081234567511").await, app.sign_up("081234567512").await);
        fund(&app, &alice, 1_000_000).await;
        assert_eq!(keyed(&app, &alice, "kept-1", &limit_buy()).send().await.unwrap().status(), 200);
        // The idempotency layer's caller of a bearer call.
        let caller =
            |user: &User| format!("token:{}", &hex::encode(Sha256::digest(user.access_token.as_bytes()))[..32]);
        let ask = |user: &User, session_id: &str, key: &str| SessionAndKeyAsk {
            session_id: session_id.into(),
            user_id: user.user_id.clone(),
            caller: caller(user),
            key: key.into(),
        };
        let asks = [
            ask(&alice, &alice.session_id, "kept-1"),
            ask(&alice, &alice.session_id, "never-used"),
            // Keys are per caller.
            ask(&bob, &bob.session_id, "kept-1"),
            // A token naming another user's session names no session.
            ask(&bob, &alice.session_id, "kept-1"),
        ];
        // One statement for all of them, as calls of the same moment share it.
        let found = session_with_key::read(app.state.db.clone(), asks.to_vec()).await.unwrap();
        let found: Vec<(bool, Option<i64>)> = found
            .into_iter()
            .map(|found| {
                let found = found.expect("every ask is answered");
                (found.session.is_some(), found.key.map(|key| key.status.unwrap_or(0)))
            })
            .collect();
        assert_eq!(found, [(true, Some(200)), (true, None), (true, None), (false, None)]);
        // And through the identity services' shared reads, which the order routes use.
        let alone = app.state.identity.sessions_with_keys.get(asks[0].clone()).await.unwrap().unwrap();
        assert_eq!(alone.key.and_then(|key| key.status), Some(200));
    });

    both_backends!(repeats_sent_at_once_all_get_the_one_order, |backend| async move {
        let app = trading_app(backend).await;
        let user = app.sign_up("081234567502").await;
        fund(&app, &user, 1_000_000).await;
        let market = json!({"symbol": "USDT-IDR", "orderType": "instant", "inputType": "amount", "amount": "100000"});
        for (key, body) in [("race-limit", limit_buy()), ("race-market", market)] {
            let sends = (0..12).map(|_| keyed(&app, &user, key, &body).send());
            let mut ids = std::collections::BTreeSet::new();
            for response in futures::future::join_all(sends).await {
                let response = response.unwrap();
                // No claim is written, so no repeat is told "in progress": each gets the one order.
                assert_eq!(response.status(), 200, "{key}");
                let answer: Value = response.json().await.unwrap();
                ids.insert(answer["data"]["orderId"].as_str().unwrap().to_owned());
            }
            assert_eq!(ids.len(), 1, "{key}: {ids:?}");
            assert_eq!(orders_with_key(&app, &user, key).await, 1, "{key}");
        }
        // The cash moved for one limit order's hold and one market buy's fills, not twelve of each.
        let (hold, spent): (i64, i64) = sqlx::query_as(
            "select cast(sum(case when is_open = 1 then hold_total else 0 end) as bigint), \
             cast(sum(filled_value + fee + tax) as bigint) from crypto_orders where user_id = $1",
        )
        .bind(&user.user_id)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
        let (balance, held) = crate::trading::account(&app, &cash_of(&user)).await;
        assert_eq!((balance, held), (100_000_000 - spent, hold));
        assert!(spent > 0 && hold > 0);
        assert_ledger_sound(&app).await;
    });

    both_backends!(a_used_key_is_answered_as_before_even_when_the_handler_refuses_first, |backend| async move {
        let app = trading_app(backend).await;
        let user = app.sign_up("081234567504").await;
        fund(&app, &user, 1_000_000).await;
        let first = keyed(&app, &user, "early-1", &limit_buy()).send().await.unwrap();
        assert_eq!(first.status(), 200);
        // The handler refuses this body before any owner sees it; the key still says it was used
        // for another request.
        let broken = json!({"symbol": "BTC-IDR", "orderType": "LIMIT", "quantity": "-1", "limitPrice": "500000000"});
        let (status, code, _) = error_body(keyed(&app, &user, "early-1", &broken).send().await.unwrap()).await;
        assert_eq!((status, code.as_str()), (409, "idempotency_key_reused"));
        // A fresh key with the same body is refused as invalid, and that refusal is kept.
        let (status, code, _) = error_body(keyed(&app, &user, "early-2", &broken).send().await.unwrap()).await;
        assert_eq!((status, code.as_str()), (400, "invalid_order"));
        assert_eq!(kept(&app, "early-2").await.and_then(|(status, _)| status), Some(400));
        assert_eq!(orders_with_key(&app, &user, "early-1").await, 1);
    });

    both_backends!(repeats_in_a_batch_of_new_orders_replay_and_the_new_ones_run, |backend| async move {
        let app = trading_app(backend).await;
        let user = app.sign_up("081234567505").await;
        fund(&app, &user, 1_000_000).await;
        let first = keyed(&app, &user, "mixed-0", &limit_buy()).send().await.unwrap();
        assert_eq!(first.status(), 200);
        let first_body = first.text().await.unwrap();
        // Repeats of the committed order sent together with new orders: the repeats replay the first
        // answer, and the new orders queued beside them are each placed once.
        let keys: Vec<String> =
            (0..16).map(|i| if i % 4 == 0 { "mixed-0".into() } else { format!("mixed-{i}") }).collect();
        let sends = keys.iter().map(|key| keyed(&app, &user, key, &limit_buy()).send());
        for (key, response) in keys.iter().zip(futures::future::join_all(sends).await) {
            let response = response.unwrap();
            assert_eq!(response.status(), 200, "{key}");
            let replayed = response.headers().get("x-idempotent-replay").is_some();
            let body = response.text().await.unwrap();
            if key == "mixed-0" {
                assert!(replayed, "{key}");
                assert_eq!(body, first_body);
            } else {
                assert!(!replayed, "{key}");
                assert_eq!(orders_with_key(&app, &user, key).await, 1, "{key}");
            }
        }
        assert_eq!(orders_with_key(&app, &user, "mixed-0").await, 1);
        assert_ledger_sound(&app).await;
    });

    both_backends!(r7_03_a_logged_out_token_gets_no_replay_of_its_orders, |backend| async move {
        let app = trading_app(backend).await;
        let user = app.sign_up("081234567506").await;
        fund(&app, &user, 1_000_000).await;
        let first = keyed(&app, &user, "after-logout", &limit_buy()).send().await.unwrap();
        assert_eq!(first.status(), 200);
        let logout = app.post("/api/v3/user/logout").bearer_auth(&user.access_token).send().await.unwrap();
        assert_eq!(logout.status(), 204);
        // The key holds the order's answer, but the token stopped working with its session.
        let (status, code, _) =
            error_body(keyed(&app, &user, "after-logout", &limit_buy()).send().await.unwrap()).await;
        assert_eq!(status, 401, "{code}");
        assert_eq!(orders_with_key(&app, &user, "after-logout").await, 1);
    });

    both_backends!(a_refused_order_is_replayed_as_refused, |backend| async move {
        let app = trading_app(backend).await;
        let user = app.sign_up("081234567503").await;
        let first = keyed(&app, &user, "broke-1", &limit_buy()).send().await.unwrap();
        let (status, code, _) = error_body(first).await;
        assert_eq!(status, 400, "{code}");
        // Funds arriving later do not turn the repeat into an order: the first answer stands.
        fund(&app, &user, 1_000_000).await;
        let repeat = keyed(&app, &user, "broke-1", &limit_buy()).send().await.unwrap();
        assert_eq!(repeat.headers()["x-idempotent-replay"], "true");
        let (again, again_code, _) = error_body(repeat).await;
        assert_eq!((again, again_code), (status, code));
        assert_eq!(orders_with_key(&app, &user, "broke-1").await, 0);
        assert_ledger_sound(&app).await;
    });
}

/// A perpetual placement keeps its answer in the order's own transaction too (issue 12): the
/// pattern crypto proved, shared (`orders::kept_answer`).
mod perps_kept_with_the_order {
    use serde_json::{json, Value};

    use super::kept;
    use crate::both_backends;
    use crate::helpers::{error_body, TestApp, User};
    use crate::perps_trading::{app, credit_margin, mark, price, wallet, BTC};
    use crate::us_stocks::assert_books_sound;

    async fn resting_buy(app: &TestApp) -> Value {
        // 2 % under the mark: it rests.
        json!({"symbol": BTC, "orderType": "LIMIT", "quantity": "0.010", "price": price(mark(app).await * 98 / 100)})
    }

    fn keyed(app: &TestApp, user: &User, key: &str, body: &Value) -> reqwest::RequestBuilder {
        super::keyed_post(app, user, "/api/v1/perps/buy", key, body)
    }

    async fn orders_with_key(app: &TestApp, user: &User, key: &str) -> i64 {
        super::orders_with_key(app, "perp_orders", user, key).await
    }

    both_backends!(a_placement_keeps_its_answer_and_a_repeat_replays_it_byte_for_byte, |backend| async move {
        let (app, _clock, _url) = app(backend).await;
        let user = app.sign_up("081234567601").await;
        credit_margin(&app, &user, 10_000).await;
        let body = resting_buy(&app).await;
        let first = keyed(&app, &user, "perp-key-1", &body).send().await.unwrap();
        assert_eq!(first.status(), 200);
        let first_body = first.text().await.unwrap();
        let (status, stored) = kept(&app, "perp-key-1").await.expect("the answer is kept");
        assert_eq!((status, stored.as_deref()), (Some(200), Some(first_body.as_bytes())));
        let repeat = keyed(&app, &user, "perp-key-1", &body).send().await.unwrap();
        assert_eq!(repeat.status(), 200);
        assert_eq!(repeat.headers()["x-idempotent-replay"], "true");
        assert_eq!(repeat.text().await.unwrap(), first_body);
        assert_eq!(orders_with_key(&app, &user, "perp-key-1").await, 1);
        // The same key with another order is refused and places nothing.
        let mut other = body.clone();
        other["quantity"] = json!("0.020");
        let (status, code, _) = error_body(keyed(&app, &user, "perp-key-1", &other).send().await.unwrap()).await;
        assert_eq!((status, code.as_str()), (409, "idempotency_key_reused"));
        assert_eq!(orders_with_key(&app, &user, "perp-key-1").await, 1);
        assert_books_sound(&app).await;
    });

    both_backends!(repeats_sent_at_once_place_one_order, |backend| async move {
        let (app, _clock, _url) = app(backend).await;
        let user = app.sign_up("081234567602").await;
        credit_margin(&app, &user, 10_000).await;
        let body = resting_buy(&app).await;
        // The contract's batch on PostgreSQL, the writer's on SQLite.
        let sends = (0..12).map(|_| keyed(&app, &user, "perp-race", &body).send());
        crate::idempotency::the_one_order(sends, "id").await;
        assert_eq!(orders_with_key(&app, &user, "perp-race").await, 1);
        // One order's margin held, not twelve.
        let held_by_orders: i64 = sqlx::query_scalar(
            "select cast(coalesce(sum(amount), 0) as bigint) from ledger_holds where status = 'OPEN' and reason = 'PERP_ORDER'",
        )
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
        assert_eq!(wallet(&app, &user).await.1, held_by_orders);
        assert!(held_by_orders > 0);
        assert_books_sound(&app).await;
    });
}

/// A US-stock placement keeps its answer in the order's own transaction too (issue 12), through
/// the same `orders::kept_answer`: the call commits once.
mod us_kept_with_the_order {
    use serde_json::{json, Value};

    use super::kept;
    use crate::both_backends;
    use crate::helpers::{error_body, TestApp, User};
    use crate::us_stocks::{assert_books_sound, available, fund, market, verified, REGULAR};

    /// A limit buy 3 % under the ask: it rests.
    async fn resting_buy(app: &TestApp, user: &User) -> Value {
        let (_, d) = app.get_as(user, "/api/v1/us-stocks/AAPL/description").await;
        let ask: f64 = d["data"]["ask"].as_str().unwrap().parse().unwrap();
        json!({"stockId": "AAPL", "quantity": "1", "orderType": "LIMIT", "unitPrice": format!("{:.2}", ask * 0.97)})
    }

    fn keyed(app: &TestApp, user: &User, key: &str, body: &Value) -> reqwest::RequestBuilder {
        super::keyed_post(app, user, "/api/v1/us-stocks/buy", key, body)
    }

    async fn orders_with_key(app: &TestApp, user: &User, key: &str) -> i64 {
        super::orders_with_key(app, "us_orders", user, key).await
    }

    both_backends!(a_placement_keeps_its_answer_and_a_repeat_replays_it_byte_for_byte, |backend| async move {
        let m = market(backend, REGULAR).await;
        let user = verified(&m.app, "081234567701").await;
        fund(&m.app, &user, "USD_PALN", 1_000).await;
        let body = resting_buy(&m.app, &user).await;
        let first = keyed(&m.app, &user, "us-key-1", &body).send().await.unwrap();
        assert_eq!(first.status(), 200);
        let first_body = first.text().await.unwrap();
        let (status, stored) = kept(&m.app, "us-key-1").await.expect("the answer is kept");
        assert_eq!((status, stored.as_deref()), (Some(200), Some(first_body.as_bytes())));
        let repeat = keyed(&m.app, &user, "us-key-1", &body).send().await.unwrap();
        assert_eq!(repeat.status(), 200);
        assert_eq!(repeat.headers()["x-idempotent-replay"], "true");
        assert_eq!(repeat.text().await.unwrap(), first_body);
        assert_eq!(orders_with_key(&m.app, &user, "us-key-1").await, 1);
        // The same key with another order is refused and places nothing.
        let mut other = body.clone();
        other["quantity"] = json!("2");
        let (status, code, _) = error_body(keyed(&m.app, &user, "us-key-1", &other).send().await.unwrap()).await;
        assert_eq!((status, code.as_str()), (409, "idempotency_key_reused"));
        assert_eq!(orders_with_key(&m.app, &user, "us-key-1").await, 1);
        // A refusal is kept too, and replayed as refused.
        let broke = verified(&m.app, "081234567702").await;
        let (status, code, _) = error_body(keyed(&m.app, &broke, "us-key-2", &body).send().await.unwrap()).await;
        assert_eq!((status, code.as_str()), (400, "insufficient_balance"));
        fund(&m.app, &broke, "USD_PALN", 1_000).await;
        let (status, code, _) = error_body(keyed(&m.app, &broke, "us-key-2", &body).send().await.unwrap()).await;
        assert_eq!((status, code.as_str()), (400, "insufficient_balance"));
        assert_eq!(orders_with_key(&m.app, &broke, "us-key-2").await, 0);
        assert_books_sound(&m.app).await;
    });

    both_backends!(repeats_sent_at_once_place_one_order, |backend| async move {
        let m = market(backend, REGULAR).await;
        let user = verified(&m.app, "081234567703").await;
        fund(&m.app, &user, "USD_PALN", 1_000).await;
        let body = resting_buy(&m.app, &user).await;
        // The writer's batch on SQLite; on PostgreSQL the user's lock orders them.
        let sends = (0..12).map(|_| keyed(&m.app, &user, "us-race", &body).send());
        crate::idempotency::the_one_order(sends, "orderId").await;
        assert_eq!(orders_with_key(&m.app, &user, "us-race").await, 1);
        // One order's hold, not twelve.
        let (_, held) = available(&m.app, &user, "USD_PALN", "USD").await;
        let (_, alone) = {
            let other = verified(&m.app, "081234567704").await;
            fund(&m.app, &other, "USD_PALN", 1_000).await;
            let placed = keyed(&m.app, &other, "us-alone", &body).send().await.unwrap();
            assert_eq!(placed.status(), 200);
            available(&m.app, &other, "USD_PALN", "USD").await
        };
        assert_eq!(held, alone);
        assert!(held > 0);
        assert_books_sound(&m.app).await;
    });
}
