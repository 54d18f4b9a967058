//! R4.19, R8.02: maintenance mode answers 503 with Retry-After; the operator API controls it.

use crate::both_backends;
use crate::helpers::{error_body, spawn_app, spawn_app_with, ADMIN_TOKEN};

both_backends!(r4_19_maintenance_answers_503_with_retry_after_until_turned_off, |backend| async move {
    let app = spawn_app(backend).await;
    assert_eq!(app.set_maintenance(true, 42).await.status(), 200);
    let response = app.get("/api/v1/app/config").header("x-language-code", "en").send().await.unwrap();
    assert_eq!(response.headers()["retry-after"], "42");
    let (status, code, message) = error_body(response).await;
    assert_eq!((status, code.as_str()), (503, "maintenance"));
    assert!(message.contains("maintenance"), "{message}");
    // Probes, the operator API and the web shell keep working.
    assert_eq!(app.get("/healthz").send().await.unwrap().status(), 200);
    assert_eq!(app.get("/").send().await.unwrap().status(), 200);
    let state = app.client.get(app.url("/api/admin/maintenance")).bearer_auth(ADMIN_TOKEN).send().await.unwrap();
    let state: serde_json::Value = state.json().await.unwrap();
    assert_eq!(state["data"]["enabled"], true);
    assert_eq!(app.set_maintenance(false, 30).await.status(), 200);
    assert_eq!(app.get("/api/v1/app/config").send().await.unwrap().status(), 200);
});

both_backends!(maintenance_can_be_on_from_configuration_at_start, |backend| async move {
    let app = spawn_app_with(backend, |s| s.maintenance.enabled = true).await;
    let (status, code, _) = error_body(app.get("/api/v1/app/config").send().await.unwrap()).await;
    assert_eq!((status, code.as_str()), (503, "maintenance"));
});

both_backends!(another_node_sees_the_operators_switch, |backend| async move {
    let first = spawn_app(backend).await;
    let url = first.state.settings.database.url.clone();
    let second = spawn_app_with(backend, |s| s.database.url = url).await;
    assert_eq!(first.set_maintenance(true, 5).await.status(), 200);
    second.state.maintenance.refresh(&second.state.db).await.unwrap();
    assert_eq!(second.get("/api/v1/app/config").send().await.unwrap().status(), 503);
});

both_backends!(the_operator_api_needs_the_operator_token, |backend| async move {
    let app = spawn_app(backend).await;
    let body = serde_json::json!({"enabled": true});
    let anonymous = app.client.post(app.url("/api/admin/maintenance")).json(&body).send().await.unwrap();
    assert_eq!(error_body(anonymous).await.0, 401);
    let wrong = app
        .client
        .post(app.url("/api/admin/maintenance"))
        .bearer_auth("not-the-token-at-all")
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(error_body(wrong).await.0, 401);
    let bad_value = app
        .client
        .post(app.url("/api/admin/maintenance"))
        .bearer_auth(ADMIN_TOKEN)
        .json(&serde_json::json!({"enabled": true, "retryAfterSecs": 0}))
        .send()
        .await
        .unwrap();
    assert_eq!(error_body(bad_value).await.0, 400);
    assert_eq!(app.get("/api/v1/app/config").send().await.unwrap().status(), 200, "nothing changed");
});

both_backends!(without_a_configured_token_the_operator_api_does_not_exist, |backend| async move {
    let app = spawn_app_with(backend, |s| s.admin.token = None).await;
    let response =
        app.client.get(app.url("/api/admin/maintenance")).bearer_auth("anything-anything").send().await.unwrap();
    assert_eq!(error_body(response).await.0, 404);
});
