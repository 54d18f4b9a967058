//! The IDR wallet (R1.04, R3.09): top-up through the sandbox gateway, the signed webhook credited
//! exactly once, bad input refused, and the ledger check after every scenario.

use serde_json::json;
use server::features::wallet::gateway::sign;

use crate::both_backends;
use crate::helpers::{spawn_app, TestApp, User};

async fn assert_ledger_sound(app: &TestApp) {
    let problems = store::ledger::check(&app.state.db).await.unwrap();
    assert!(problems.is_empty(), "{problems:?}");
}

pub async fn create_topup(app: &TestApp, user: &User, channel: &str, amount: &str) -> serde_json::Value {
    let (status, body) =
        app.post_as(user, "/api/v1/wallet/topup", json!({"paymentChannel": channel, "amount": amount})).await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

async fn webhook(app: &TestApp, body: &serde_json::Value, signature: &str) -> u16 {
    let bytes = serde_json::to_vec(body).unwrap();
    let response = app
        .client
        .post(app.url("/api/v1/wallet/topup/webhook"))
        .header("content-type", "application/json")
        .header("x-callback-signature", signature)
        .body(bytes)
        .send()
        .await
        .unwrap();
    response.status().as_u16()
}

both_backends!(r3_09_a_paid_top_up_reaches_the_free_balance, |backend| async move {
    let app = spawn_app(backend).await;
    let user = app.sign_up("081234568001").await;
    let (_, empty) = app.get_as(&user, "/api/v1/wallet/balance").await;
    assert_eq!(empty["data"]["totalBalance"], "0.00");
    let topup = create_topup(&app, &user, "BCA_VA", "150000").await;
    assert_eq!(topup["status"], "PENDING");
    assert_eq!(topup["fee"], "4000.00");
    assert_eq!(topup["total"], "154000.00");
    assert!(topup["instructions"]["vaNumber"].as_str().unwrap().starts_with("8808"));
    let reference = topup["instructions"]["gatewayRef"].as_str().unwrap();
    let paid = app.post(&format!("/api/sandbox/payments/{reference}/pay")).send().await.unwrap();
    assert_eq!(paid.status(), 204);
    let (_, balance) = app.get_as(&user, "/api/v1/wallet/balance").await;
    // R3.09: the three parts add up to the total.
    assert_eq!(balance["data"]["freeBalance"], "150000.00");
    assert_eq!(balance["data"]["cashBalance"], "0.00");
    assert_eq!(balance["data"]["voucherBalance"], "0.00");
    assert_eq!(balance["data"]["totalBalance"], "150000.00");
    let id = topup["id"].as_str().unwrap();
    let (_, details) =
        app.get_as(&user, &format!("/api/v1/wallet/transactions/{id}/details-with-state-transition")).await;
    let states: Vec<_> =
        details["data"]["transitions"].as_array().unwrap().iter().map(|t| t["status"].clone()).collect();
    assert_eq!(states, vec![json!("PENDING"), json!("PAID")]);
    let (_, history) = app.get_as(&user, "/api/v1/wallet/transaction-history").await;
    assert_eq!(history["total"], 1);
    assert_eq!(history["data"][0]["status"], "PAID");
    assert_ledger_sound(&app).await;
});

both_backends!(a_webhook_delivered_a_hundred_times_in_parallel_credits_once, |backend| async move {
    let app = spawn_app(backend).await;
    let user = app.sign_up("081234568002").await;
    let topup = create_topup(&app, &user, "GOPAY", "100000").await;
    let callback = json!({
        "reference": topup["instructions"]["gatewayRef"], "merchantRef": topup["id"],
        "status": "PAID", "grossAmount": 10_150_000
    });
    let secret = app.state.wallet.webhook_secret.clone();
    let signature = sign(&secret, &serde_json::to_vec(&callback).unwrap());
    let deliveries = (0..100).map(|_| webhook(&app, &callback, &signature));
    let statuses = futures::future::join_all(deliveries).await;
    assert!(statuses.iter().all(|s| *s == 204), "{statuses:?}");
    let (_, balance) = app.get_as(&user, "/api/v1/wallet/balance").await;
    assert_eq!(balance["data"]["freeBalance"], "100000.00");
    assert_ledger_sound(&app).await;
});

// Issue 12: callbacks of eight top-ups arriving at once commit together through the group writer;
// each is credited exactly once, and a callback with a wrong amount among them is refused alone.
both_backends!(top_ups_paid_at_once_are_each_credited_once, |backend| async move {
    let app = spawn_app(backend).await;
    let secret = app.state.wallet.webhook_secret.clone();
    let mut users = Vec::new();
    let mut callbacks = Vec::new();
    for i in 0..8 {
        let user = app.sign_up(&format!("08123456810{i}")).await;
        let topup = create_topup(&app, &user, "GOPAY", "100000").await;
        callbacks.push(json!({
            "reference": topup["instructions"]["gatewayRef"], "merchantRef": topup["id"],
            "status": "PAID", "grossAmount": 10_150_000
        }));
        users.push(user);
    }
    let mut wrong = callbacks[0].clone();
    wrong["grossAmount"] = json!(10_150_001);
    let mut deliveries: Vec<_> = callbacks.iter().map(|c| (c.clone(), 204)).collect();
    deliveries.insert(4, (wrong, 400));
    let sends = deliveries.iter().map(|(callback, _)| {
        let signature = sign(&secret, &serde_json::to_vec(callback).unwrap());
        let app = &app;
        async move { webhook(app, callback, &signature).await }
    });
    let statuses = futures::future::join_all(sends).await;
    let expected: Vec<u16> = deliveries.iter().map(|(_, status)| *status).collect();
    assert_eq!(statuses, expected);
    for user in &users {
        let (_, balance) = app.get_as(user, "/api/v1/wallet/balance").await;
        assert_eq!(balance["data"]["freeBalance"], "100000.00", "{balance}");
    }
    assert_ledger_sound(&app).await;
});

both_backends!(a_forged_webhook_is_refused_and_credits_nothing, |backend| async move {
    let app = spawn_app(backend).await;
    let user = app.sign_up("081234568003").await;
    let topup = create_topup(&app, &user, "QRIS", "50000").await;
    assert!(topup["instructions"]["qrPayload"].is_string());
    let callback = json!({
        "reference": topup["instructions"]["gatewayRef"], "merchantRef": topup["id"],
        "status": "PAID", "grossAmount": 5_035_000
    });
    let forged = sign(b"not-the-secret-not-the-secret-xx", &serde_json::to_vec(&callback).unwrap());
    assert_eq!(webhook(&app, &callback, &forged).await, 401);
    assert_eq!(webhook(&app, &callback, "").await, 401);
    // A correctly signed callback with the wrong amount is refused too.
    let wrong_amount = json!({
        "reference": topup["instructions"]["gatewayRef"], "merchantRef": topup["id"],
        "status": "PAID", "grossAmount": 999_999_999
    });
    let signature = sign(&app.state.wallet.webhook_secret, &serde_json::to_vec(&wrong_amount).unwrap());
    assert_eq!(webhook(&app, &wrong_amount, &signature).await, 400);
    let (_, balance) = app.get_as(&user, "/api/v1/wallet/balance").await;
    assert_eq!(balance["data"]["totalBalance"], "0.00");
    assert_ledger_sound(&app).await;
});

both_backends!(bad_amounts_and_unknown_channels_are_refused_and_create_nothing, |backend| async move {
    let app = spawn_app(backend).await;
    let user = app.sign_up("081234568004").await;
    let cases = [
        ("BCA_VA", "-5", "invalid_request"),
        ("BCA_VA", "0", "invalid_request"),
        ("BCA_VA", "10000.001", "invalid_request"),
        ("BCA_VA", "sepuluh ribu", "invalid_request"),
        ("BCA_VA", "9999", "amount_outside_limits"),
        ("GOPAY", "20000001", "amount_outside_limits"),
        ("BITCOIN", "100000", "unknown_payment_channel"),
    ];
    for (channel, amount, code) in cases {
        let (status, body) =
            app.post_as(&user, "/api/v1/wallet/topup", json!({"paymentChannel": channel, "amount": amount})).await;
        assert_eq!((status, body["error_code"].as_str()), (400, Some(code)), "{channel} {amount}");
    }
    let (_, history) = app.get_as(&user, "/api/v1/wallet/transaction-history").await;
    assert_eq!(history["total"], 0);
    let anonymous = app
        .post("/api/v1/wallet/topup")
        .json(&json!({"paymentChannel": "BCA_VA", "amount": "100000"}))
        .send()
        .await
        .unwrap();
    assert_eq!(anonymous.status(), 401);
});

both_backends!(abandoned_and_expired_top_ups_credit_nothing, |backend| async move {
    let app = spawn_app(backend).await;
    let user = app.sign_up("081234568005").await;
    let abandoned = create_topup(&app, &user, "OVO", "20000").await;
    let reference = abandoned["instructions"]["gatewayRef"].as_str().unwrap();
    assert_eq!(app.post(&format!("/api/sandbox/payments/{reference}/abandon")).send().await.unwrap().status(), 204);
    let (_, status) =
        app.get_as(&user, &format!("/api/v1/wallet/topup-status?id={}", abandoned["id"].as_str().unwrap())).await;
    assert_eq!(status["data"]["status"], "FAILED");
    // Paying an abandoned payment is no longer possible.
    assert_eq!(app.post(&format!("/api/sandbox/payments/{reference}/pay")).send().await.unwrap().status(), 404);

    let pending = create_topup(&app, &user, "DANA", "20000").await;
    sqlx::query("update topups set expires_at_ms = 0 where id = $1")
        .bind(pending["id"].as_str().unwrap())
        .execute(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(server::features::wallet::expire_unpaid(&app.state).await.unwrap(), 1);
    let (_, status) =
        app.get_as(&user, &format!("/api/v1/wallet/topup-status?id={}", pending["id"].as_str().unwrap())).await;
    assert_eq!(status["data"]["status"], "EXPIRED");
    let (_, balance) = app.get_as(&user, "/api/v1/wallet/balance").await;
    assert_eq!(balance["data"]["totalBalance"], "0.00");
    assert_ledger_sound(&app).await;
});

both_backends!(r6_04_nobody_sees_another_users_top_up, |backend| async move {
    let app = spawn_app(backend).await;
    let alice = app.sign_up("081234568006").await;
    let mallory = app.sign_up("081234568007").await;
    let topup = create_topup(&app, &alice, "BCA_VA", "100000").await;
    let id = topup["id"].as_str().unwrap();
    assert_eq!(app.get_as(&mallory, &format!("/api/v1/wallet/topup-status?id={id}")).await.0, 404);
    assert_eq!(
        app.get_as(&mallory, &format!("/api/v1/wallet/transactions/{id}/details-with-state-transition")).await.0,
        404
    );
});

both_backends!(top_up_methods_and_limits_are_listed, |backend| async move {
    let app = spawn_app(backend).await;
    let methods: serde_json::Value =
        app.get("/api/v1/wallet/topup-methods").send().await.unwrap().json().await.unwrap();
    let codes: Vec<_> =
        methods["data"].as_array().unwrap().iter().map(|m| m["paymentChannel"].as_str().unwrap().to_string()).collect();
    for code in ["BCA_VA", "MANDIRI_VA", "BNI_VA", "BRI_VA", "GOPAY", "OVO", "DANA", "SHOPEEPAY", "QRIS"] {
        assert!(codes.contains(&code.to_string()), "{code}");
    }
    let vars: serde_json::Value =
        app.get("/api/v1/wallet/input-variables?paymentChannel=GOPAY").send().await.unwrap().json().await.unwrap();
    assert_eq!(vars["data"]["minimumAmount"], "10000.00");
    assert_eq!(vars["data"]["feePercentage"], "1.50");
    assert_eq!(app.get("/api/v1/wallet/input-variables?paymentChannel=NOPE").send().await.unwrap().status(), 400);
});

both_backends!(a_payment_the_gateway_issued_finds_its_top_up_even_if_the_answer_was_lost, |backend| async move {
    let app = spawn_app(backend).await;
    let user = app.sign_up("081234568091").await;
    let topup = create_topup(&app, &user, "BCA_VA", "150000").await;
    let id = topup["id"].as_str().unwrap();
    let reference = topup["instructions"]["gatewayRef"].as_str().unwrap().to_string();
    // The process died after the gateway issued the payment and before its answer was stored: the
    // row exists (it is written first) with its placeholder reference.
    sqlx::query("update topups set gateway_ref = $1 where id = $2")
        .bind(format!("unissued:{id}"))
        .bind(id)
        .execute(app.state.db.pool())
        .await
        .unwrap();
    let paid = app.post(&format!("/api/sandbox/payments/{reference}/pay")).send().await.unwrap();
    assert_eq!(paid.status(), 204);
    let (_, balance) = app.get_as(&user, "/api/v1/wallet/balance").await;
    assert_eq!(balance["data"]["freeBalance"], "150000.00", "the money paid is credited");
    let stored: String = sqlx::query_scalar("select gateway_ref from topups where id = $1")
        .bind(id)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(stored, reference, "the gateway's reference is kept once known");
    assert_ledger_sound(&app).await;
});

both_backends!(a_top_up_the_gateway_cannot_issue_is_closed_and_owes_nothing, |backend| async move {
    let app = spawn_app(backend).await;
    let user = app.sign_up("081234568092").await;
    // The sandbox gateway is unavailable for gross amounts ending in 666 rupiah (fee 4,000).
    let (status, body) =
        app.post_as(&user, "/api/v1/wallet/topup", json!({"paymentChannel": "BCA_VA", "amount": "100666"})).await;
    assert_eq!((status, body["error_code"].as_str()), (503, Some("gateway_unavailable")), "{body}");
    let (_, history) = app.get_as(&user, "/api/v1/wallet/transaction-history").await;
    assert_eq!(history["data"][0]["status"], "FAILED", "{history}");
    assert_ledger_sound(&app).await;
});
