//! DESIGN.md "Idempotency": x-request-id is the key of a state-changing call, per caller.

use serde_json::json;

use crate::both_backends;
use crate::helpers::{error_body, spawn_app};

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
