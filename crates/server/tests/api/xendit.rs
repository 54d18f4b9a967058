//! Top-ups through Xendit's Payment Requests API (issue 20), against a fake Xendit started by each
//! test on 127.0.0.1 that answers as Xendit documents: issue, each documented error, timeouts and
//! retries under one idempotency key, callbacks with the right, a wrong or no token, duplicates,
//! and a missed callback reconciled by the status inquiry. Money moves once: ledger checked.

use std::collections::HashMap;

use serde_json::{json, Value};
use server::config::production::PaymentProvider;

use crate::both_backends;
use crate::fake_provider::{Call, FakeProvider, Scripted};
use crate::helpers::{spawn_app_with, TestApp, User};

const SECRET_KEY: &str = "xnd_development_Zq3v9Lw0pX7sRt2mYb5nKc8dHf1gJa4e";
const CALLBACK_TOKEN: &str = "cb-token-Zq3v9Lw0pX7sRt2mYb5nKc8dHf1gJa4e";

/// What the fake Xendit holds: payment request id → (reference_id, status, amount in rupiah).
#[derive(Default)]
struct Xendit {
    payments: HashMap<String, (String, String, i64)>,
}

/// What Xendit answers when nothing is scripted: a created payment request, or its status.
fn documented_answer(fake: &mut Xendit, call: &Call, _number: usize) -> Scripted {
    if call.method == "POST" && call.path == "/payment_requests" {
        let id = format!("pr-{}", fake.payments.len() + 1);
        let reference = call.body["reference_id"].as_str().unwrap().to_string();
        let amount = call.body["amount"].as_i64().unwrap();
        fake.payments.insert(id.clone(), (reference.clone(), "PENDING".into(), amount));
        let method = &call.body["payment_method"];
        let (actions, properties) = match method["type"].as_str().unwrap() {
            "VIRTUAL_ACCOUNT" => (
                json!([]),
                json!({"virtual_account": {"channel_code": method["virtual_account"]["channel_code"],
                "channel_properties": {"customer_name": "LUMBUNG", "virtual_account_number": "1234567890123456"}}}),
            ),
            "EWALLET" => (
                json!([{"action": "AUTH", "url_type": "DEEPLINK", "method": "GET", "url": format!("gojek://pay/{id}")},
                       {"action": "AUTH", "url_type": "WEB", "method": "GET", "url": format!("https://checkout.example/{id}")}]),
                json!({"ewallet": {"channel_code": method["ewallet"]["channel_code"]}}),
            ),
            _ => (
                json!([]),
                json!({"qr_code": {"channel_code": "QRIS", "channel_properties": {"qr_string": format!("00020101021226QRIS{id}")}}}),
            ),
        };
        let mut payment_method = json!({"id": format!("pm-{id}"), "type": method["type"], "reusability": "ONE_TIME_USE", "status": "ACTIVE"});
        payment_method.as_object_mut().unwrap().extend(properties.as_object().unwrap().clone());
        let status = if actions.as_array().unwrap().is_empty() { "PENDING" } else { "REQUIRES_ACTION" };
        return (
            201,
            json!({"id": id, "reference_id": reference, "amount": amount, "currency": "IDR", "country": "ID",
            "status": status, "actions": actions, "payment_method": payment_method}),
            0,
        );
    }
    if let Some(id) = call.path.strip_prefix("/payment_requests/") {
        if let Some((reference, status, amount)) = fake.payments.get(id) {
            return (
                200,
                json!({"id": id, "reference_id": reference, "status": status, "amount": amount, "currency": "IDR"}),
                0,
            );
        }
        return (404, json!({"error_code": "DATA_NOT_FOUND", "message": "Payment request not found"}), 0);
    }
    (404, json!({"error_code": "NOT_FOUND", "message": "no such endpoint"}), 0)
}

async fn fake_xendit() -> (String, FakeProvider<Xendit>) {
    let fake = FakeProvider::start(Xendit::default(), documented_answer).await;
    (fake.url.clone(), fake)
}

async fn app_on_xendit(backend: store::Backend, base_url: &str) -> TestApp {
    let base_url = base_url.to_string();
    spawn_app_with(backend, move |s| {
        s.providers.payments = PaymentProvider::Xendit;
        s.providers.xendit.base_url = base_url;
        s.providers.xendit.secret_key = Some(SECRET_KEY.into());
        s.providers.xendit.callback_token = Some(CALLBACK_TOKEN.into());
        s.providers.xendit.timeout_ms = 500;
        s.providers.xendit.attempts = 3;
        s.providers.xendit.retry_backoff_ms = 10;
        s.providers.xendit.reconcile_after_secs = 0;
    })
    .await
}

async fn create(app: &TestApp, user: &User, channel: &str, amount: &str) -> (u16, Value) {
    app.post_as(user, "/api/v1/wallet/topup", json!({"paymentChannel": channel, "amount": amount})).await
}

async fn callback(app: &TestApp, token: Option<&str>, event: &Value) -> u16 {
    let mut request = app.client.post(app.url("/api/v1/wallet/topup/xendit-callback")).json(event);
    if let Some(token) = token {
        request = request.header("x-callback-token", token);
    }
    request.send().await.unwrap().status().as_u16()
}

fn succeeded(gateway_ref: &str, topup_id: &str, rupiah: i64) -> Value {
    json!({"event": "payment.succeeded", "business_id": "biz-1", "created": "2026-11-24T10:00:00.000Z",
        "data": {"id": "py-1", "payment_request_id": gateway_ref, "reference_id": topup_id, "status": "SUCCEEDED",
            "amount": rupiah, "currency": "IDR", "country": "ID"}})
}

async fn free_balance(app: &TestApp, user: &User) -> String {
    let (_, balance) = app.get_as(user, "/api/v1/wallet/balance").await;
    balance["data"]["freeBalance"].as_str().unwrap().to_string()
}

async fn topup_status(app: &TestApp, user: &User, id: &str) -> String {
    let (_, topup) = app.get_as(user, &format!("/api/v1/wallet/topup-status?id={id}")).await;
    topup["data"]["status"].as_str().unwrap().to_string()
}

/// Journal entries of a top-up: one once it is paid, never two.
async fn credits_of(app: &TestApp, id: &str) -> i64 {
    use sqlx::Row;
    let row = sqlx::query("select count(*) as n from journal_entries where event_id = $1")
        .bind(format!("topup:{id}"))
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    row.try_get::<i64, _>("n").unwrap()
}

async fn assert_ledger_sound(app: &TestApp) {
    let problems = store::ledger::check(&app.state.db).await.unwrap();
    assert!(problems.is_empty(), "{problems:?}");
}

both_backends!(a_xendit_virtual_account_is_issued_and_its_callback_credits_once, |backend| async move {
    let (url, fake) = fake_xendit().await;
    let app = app_on_xendit(backend, &url).await;
    let user = app.sign_up("081234569101").await;
    let (status, topup) = create(&app, &user, "BCA_VA", "150000").await;
    assert_eq!(status, 200, "{topup}");
    let topup = &topup["data"];
    let id = topup["id"].as_str().unwrap();
    assert_eq!(topup["instructions"]["gatewayRef"], "pr-1");
    assert_eq!(topup["instructions"]["vaNumber"], "1234567890123456");
    {
        let fake = fake.lock().unwrap();
        let call = &fake.calls[0];
        assert_eq!((call.method.as_str(), call.path.as_str()), ("POST", "/payment_requests"));
        // Basic auth: the secret key as the user name, an empty password.
        use base64::Engine;
        let expected = base64::engine::general_purpose::STANDARD.encode(format!("{SECRET_KEY}:"));
        assert_eq!(call.header("authorization"), format!("Basic {expected}"));
        assert_eq!(call.header("idempotency-key"), format!("create-{id}"));
        assert_eq!(call.body["reference_id"], id);
        assert_eq!(call.body["amount"], 154_000);
        assert_eq!(call.body["currency"], "IDR");
        assert_eq!(call.body["payment_method"]["type"], "VIRTUAL_ACCOUNT");
        assert_eq!(call.body["payment_method"]["virtual_account"]["channel_code"], "BCA");
    }
    let event = succeeded("pr-1", id, 154_000);
    // Forged: no token, a wrong token. Nothing moves.
    assert_eq!(callback(&app, None, &event).await, 401);
    assert_eq!(callback(&app, Some("cb-token-guessed-Zq3v9Lw0pX7sRt2mYb5nKc8dHf1g"), &event).await, 401);
    assert_eq!(free_balance(&app, &user).await, "0.00");
    assert_eq!(topup_status(&app, &user, id).await, "PENDING");
    // Genuine, then repeated as Xendit does when unsure we got it: credited once.
    for _ in 0..3 {
        assert_eq!(callback(&app, Some(CALLBACK_TOKEN), &event).await, 200);
    }
    let repeats = (0..10).map(|_| callback(&app, Some(CALLBACK_TOKEN), &event));
    assert!(futures::future::join_all(repeats).await.iter().all(|s| *s == 200));
    assert_eq!(free_balance(&app, &user).await, "150000.00");
    assert_eq!(topup_status(&app, &user, id).await, "PAID");
    assert_eq!(credits_of(&app, id).await, 1);
    // A genuine-token event with an amount that is not the top-up's is refused.
    let (_, other) = create(&app, &user, "BNI_VA", "50000").await;
    let other_id = other["data"]["id"].as_str().unwrap();
    assert_eq!(callback(&app, Some(CALLBACK_TOKEN), &succeeded("pr-2", other_id, 1)).await, 400);
    assert_eq!(credits_of(&app, other_id).await, 0);
    assert_ledger_sound(&app).await;
});

both_backends!(xendit_e_wallets_and_qris_get_their_deep_link_and_qr_string, |backend| async move {
    let (url, fake) = fake_xendit().await;
    let app = app_on_xendit(backend, &url).await;
    let user = app.sign_up("081234569102").await;
    let (_, gopay) = create(&app, &user, "GOPAY", "100000").await;
    assert_eq!(gopay["data"]["instructions"]["deeplink"], "gojek://pay/pr-1");
    let (_, qris) = create(&app, &user, "QRIS", "100000").await;
    assert_eq!(qris["data"]["instructions"]["qrPayload"], "00020101021226QRISpr-2");
    let fake = fake.lock().unwrap();
    assert_eq!(fake.calls[0].body["payment_method"]["ewallet"]["channel_code"], "GOPAY");
    // 1.5 % of Rp100.000 on top for e-wallets, 0.7 % for QRIS.
    assert_eq!(fake.calls[0].body["amount"], 101_500);
    assert_eq!(fake.calls[1].body["payment_method"]["qr_code"]["channel_code"], "QRIS");
    assert_eq!(fake.calls[1].body["amount"], 100_700);
});

both_backends!(each_documented_xendit_error_fails_the_top_up_cleanly, |backend| async move {
    let (url, fake) = fake_xendit().await;
    let app = app_on_xendit(backend, &url).await;
    let user = app.sign_up("081234569103").await;
    // Refusals are final: one call each. Server-side trouble is tried three times.
    let cases: [(u16, &str, usize); 6] = [
        (400, "API_VALIDATION_ERROR", 1),
        (401, "INVALID_API_KEY", 1),
        (403, "REQUEST_FORBIDDEN_ERROR", 1),
        (409, "DUPLICATE_ERROR", 1),
        (503, "CHANNEL_UNAVAILABLE", 3),
        (500, "SERVER_ERROR", 3),
    ];
    for (status, code, tries) in cases {
        let before = {
            let mut fake = fake.lock().unwrap();
            for _ in 0..3 {
                fake.script.push_back((status, json!({"error_code": code, "message": "documented error"}), 0));
            }
            fake.calls.len()
        };
        let (answer, body) = create(&app, &user, "MANDIRI_VA", "100000").await;
        assert_eq!(answer, 503, "{code}: {body}");
        assert_eq!(body["error_code"], "gateway_unavailable", "{code}");
        let mut fake = fake.lock().unwrap();
        let calls = &fake.calls[before..];
        assert_eq!(calls.len(), tries, "{code}");
        assert!(calls.iter().all(|c| c.header("idempotency-key") == calls[0].header("idempotency-key")), "{code}");
        fake.script.clear();
    }
    // Nothing was credited, every refused top-up is closed.
    let (_, history) = app.get_as(&user, "/api/v1/wallet/transaction-history").await;
    assert!(history["data"].as_array().unwrap().iter().all(|t| t["status"] == "FAILED"), "{history}");
    assert_eq!(free_balance(&app, &user).await, "0.00");
    assert_ledger_sound(&app).await;
});

both_backends!(a_xendit_timeout_or_rate_limit_is_retried_under_the_same_idempotency_key, |backend| async move {
    let (url, fake) = fake_xendit().await;
    let app = app_on_xendit(backend, &url).await;
    let user = app.sign_up("081234569104").await;
    // The first try outlives the 500 ms timeout; the second is rate limited; the third succeeds.
    {
        let mut fake = fake.lock().unwrap();
        fake.script.push_back((201, json!({"id": "pr-late"}), 1_500));
        fake.script.push_back((429, json!({"error_code": "RATE_LIMIT_EXCEEDED", "message": "slow down"}), 0));
    }
    let (status, topup) = create(&app, &user, "BRI_VA", "100000").await;
    assert_eq!(status, 200, "{topup}");
    let fake = fake.lock().unwrap();
    assert_eq!(fake.calls.len(), 3);
    let key = format!("create-{}", topup["data"]["id"].as_str().unwrap());
    assert!(fake.calls.iter().all(|c| c.header("idempotency-key") == key));
    assert_eq!(topup["data"]["instructions"]["gatewayRef"], "pr-1");
});

both_backends!(a_missed_xendit_callback_is_reconciled_by_the_status_inquiry, |backend| async move {
    let (url, fake) = fake_xendit().await;
    let app = app_on_xendit(backend, &url).await;
    let user = app.sign_up("081234569105").await;
    let (_, paid) = create(&app, &user, "QRIS", "100000").await;
    let (_, failed) = create(&app, &user, "OVO", "100000").await;
    let (_, waiting) = create(&app, &user, "DANA", "100000").await;
    let ids: Vec<String> =
        [&paid, &failed, &waiting].iter().map(|t| t["data"]["id"].as_str().unwrap().to_string()).collect();
    {
        // Paid and failed at Xendit; both callbacks lost.
        let mut fake = fake.lock().unwrap();
        fake.payments.get_mut("pr-1").unwrap().1 = "SUCCEEDED".into();
        fake.payments.get_mut("pr-2").unwrap().1 = "FAILED".into();
    }
    assert_eq!(server::features::wallet::reconcile_pending(&app.state).await.unwrap(), 2);
    assert_eq!(topup_status(&app, &user, &ids[0]).await, "PAID");
    assert_eq!(topup_status(&app, &user, &ids[1]).await, "FAILED");
    assert_eq!(topup_status(&app, &user, &ids[2]).await, "PENDING");
    assert_eq!(free_balance(&app, &user).await, "100000.00");
    {
        let fake = fake.lock().unwrap();
        let inquiries: Vec<&Call> = fake.calls.iter().filter(|c| c.method == "GET").collect();
        assert_eq!(inquiries.len(), 3);
        assert!(inquiries.iter().all(|c| !c.header("idempotency-key").is_empty()));
    }
    // Another pass asks only about the one still pending; the late callback changes nothing.
    assert_eq!(server::features::wallet::reconcile_pending(&app.state).await.unwrap(), 0);
    assert_eq!(callback(&app, Some(CALLBACK_TOKEN), &succeeded("pr-1", &ids[0], 100_700)).await, 200);
    assert_eq!(free_balance(&app, &user).await, "100000.00");
    assert_eq!(credits_of(&app, &ids[0]).await, 1);
    assert_ledger_sound(&app).await;
});

both_backends!(a_xendit_failure_event_closes_the_top_up, |backend| async move {
    let (url, _fake) = fake_xendit().await;
    let app = app_on_xendit(backend, &url).await;
    let user = app.sign_up("081234569106").await;
    let (_, topup) = create(&app, &user, "SHOPEEPAY", "100000").await;
    let id = topup["data"]["id"].as_str().unwrap();
    let mut event = succeeded("pr-1", id, 101_500);
    event["event"] = json!("payment.failed");
    event["data"]["status"] = json!("FAILED");
    assert_eq!(callback(&app, Some(CALLBACK_TOKEN), &event).await, 200);
    assert_eq!(topup_status(&app, &user, id).await, "FAILED");
    // Events that move no money are acknowledged and ignored.
    let other = json!({"event": "payment_method.activated", "data": {"id": "pm-1"}});
    assert_eq!(callback(&app, Some(CALLBACK_TOKEN), &other).await, 200);
    assert_eq!(credits_of(&app, id).await, 0);
});

both_backends!(the_xendit_callback_does_not_exist_without_xendit, |backend| async move {
    let app = crate::helpers::spawn_app(backend).await;
    assert_eq!(callback(&app, Some(CALLBACK_TOKEN), &succeeded("pr-1", "t", 1)).await, 404);
});
