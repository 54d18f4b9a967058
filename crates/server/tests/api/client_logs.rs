//! R8.10: uncaught errors and unhandled rejections reported by browsers are stored.

use serde_json::json;

use crate::both_backends;
use crate::helpers::{error_body, spawn_app, spawn_app_with};

both_backends!(r8_10_browser_errors_are_stored_and_long_text_is_cut, |backend| async move {
    let app = spawn_app(backend).await;
    let batch = json!({"entries": [
        {"kind": "error", "message": "x is undefined", "stack": "at a.js:1", "url": "http://localhost/trade", "occurredAt": "2026-11-22T10:00:00Z"},
        {"kind": "unhandledrejection", "message": "m".repeat(10_000), "url": "http://localhost/", "occurredAt": "2026-11-22T10:00:00Z"}
    ]});
    let response = app.post("/api/v1/client-logs").json(&batch).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(store::client_logs::count(&app.state.db).await.unwrap(), 2);
});

both_backends!(unknown_kinds_are_rejected, |backend| async move {
    let app = spawn_app(backend).await;
    let batch =
        json!({"entries": [{"kind": "warning", "message": "m", "url": "u", "occurredAt": "2026-11-22T10:00:00Z"}]});
    let (status, code, _) = error_body(app.post("/api/v1/client-logs").json(&batch).send().await.unwrap()).await;
    assert_eq!((status, code.as_str()), (422, "invalid_request"));
    assert_eq!(store::client_logs::count(&app.state.db).await.unwrap(), 0);
});

both_backends!(one_caller_cannot_flood_the_reports_table, |backend| async move {
    let app = spawn_app_with(backend, |s| s.rate_limit.client_log_entries_per_minute = 3).await;
    let entry =
        json!({"kind": "error", "message": "x", "url": "http://localhost/", "occurredAt": "2026-11-22T10:00:00Z"});
    let batch = json!({"entries": [entry, entry]});
    assert_eq!(app.post("/api/v1/client-logs").json(&batch).send().await.unwrap().status(), 200);
    // The next two would pass the budget of three: the whole batch is refused and nothing stored.
    let refused = app.post("/api/v1/client-logs").header("x-device-id", "another").json(&batch).send().await.unwrap();
    assert!(refused.headers().contains_key("retry-after"));
    let (status, code, _) = error_body(refused).await;
    assert_eq!((status, code.as_str()), (429, "too_many_entries"));
    assert_eq!(store::client_logs::count(&app.state.db).await.unwrap(), 2);
    let one = json!({"entries": [entry]});
    assert_eq!(app.post("/api/v1/client-logs").json(&one).send().await.unwrap().status(), 200);
});
