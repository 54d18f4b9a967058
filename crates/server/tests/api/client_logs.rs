//! R8.10: uncaught errors and unhandled rejections reported by browsers are stored.

use serde_json::json;

use crate::both_backends;
use crate::helpers::{error_body, spawn_app};

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
