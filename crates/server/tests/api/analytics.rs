//! R1.15: analytics click events are stored.

use serde_json::json;

use crate::both_backends;
use crate::helpers::{error_body, spawn_app, spawn_app_with};

both_backends!(r1_15_a_batch_of_click_events_is_stored, |backend| async move {
    let app = spawn_app(backend).await;
    let batch = json!({"events": [
        {"name": "create_alert_clicked", "properties": {"symbol": "BTC-IDR"}, "path": "/trade/BTC-IDR", "occurredAt": "2026-11-22T10:00:00.000Z"},
        {"name": "buy_review", "occurredAt": "2026-11-22T10:00:01Z"},
        {"name": "buy_review", "occurredAt": "2026-11-22T10:00:02+07:00"}
    ]});
    let response = app.post("/api/v1/analytics/events").json(&batch).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["data"]["accepted"], 3);
    assert_eq!(store::analytics::count_by_name(&app.state.db, "buy_review").await.unwrap(), 2);
    assert_eq!(store::analytics::count_by_name(&app.state.db, "create_alert_clicked").await.unwrap(), 1);
});

both_backends!(bad_batches_are_rejected_and_store_nothing, |backend| async move {
    let app = spawn_app(backend).await;
    let too_many: Vec<_> =
        (0..51).map(|_| json!({"name": "sell_review", "occurredAt": "2026-11-22T10:00:00Z"})).collect();
    let cases = [
        json!({"events": []}),
        json!({"events": too_many}),
        json!({"events": [{"name": "Sell Review", "occurredAt": "2026-11-22T10:00:00Z"}]}),
        json!({"events": [{"name": "sell_review", "occurredAt": "yesterday"}]}),
        json!({"events": [{"name": "sell_review", "occurredAt": "2026-11-22T10:00:00Z", "properties": {"x": "y".repeat(5000)}}]}),
    ];
    for case in cases {
        let response =
            app.post("/api/v1/analytics/events").header("x-language-code", "en").json(&case).send().await.unwrap();
        let (status, code, message) = error_body(response).await;
        assert_eq!((status, code.as_str()), (400, "invalid_request"), "{case}");
        assert!(message.starts_with("The request is not valid."), "{message}");
    }
    assert_eq!(store::analytics::count_by_name(&app.state.db, "sell_review").await.unwrap(), 0);
});

both_backends!(one_caller_cannot_flood_the_events_table, |backend| async move {
    let app = spawn_app_with(backend, |s| s.rate_limit.analytics_events_per_minute = 50).await;
    let events: Vec<_> = (0..50).map(|_| json!({"name": "buy_review", "occurredAt": "2026-11-22T10:00:00Z"})).collect();
    let batch = json!({"events": events});
    assert_eq!(app.post("/api/v1/analytics/events").json(&batch).send().await.unwrap().status(), 200);
    let one = json!({"events": [{"name": "buy_review", "occurredAt": "2026-11-22T10:00:00Z"}]});
    let (status, code, _) = error_body(app.post("/api/v1/analytics/events").json(&one).send().await.unwrap()).await;
    assert_eq!((status, code.as_str()), (429, "too_many_entries"));
});
