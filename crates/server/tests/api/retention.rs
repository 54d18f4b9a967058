//! Retention (issue 21): the traffic-driven tables lose the rows older than their period and keep
//! the rest; a period of 0 keeps a table for ever.

use serde_json::json;
use store::Db;

use crate::both_backends;
use crate::helpers::{spawn_app_with, TestApp};

const TABLES: [(&str, &str); 5] = [
    ("client_logs", "received_at_ms"),
    ("analytics_events", "received_at_ms"),
    ("otp_challenges", "expires_at_ms"),
    ("dev_inbox", "sent_at_ms"),
    ("security_log", "at_ms"),
];

async fn count(db: &Db, table: &str) -> i64 {
    sqlx::query_scalar(&format!("select count(*) from {table}")).fetch_one(db.pool()).await.unwrap()
}

/// One row or more in every kept table: a sign-up and a log-in (codes, inbox, security log), a
/// browser report and an analytics event.
async fn traffic(app: &TestApp, phone: &str) {
    app.sign_up(phone).await;
    app.log_in(phone, crate::helpers::PIN, "device-r").await.unwrap();
    let report = json!({"entries": [{"kind": "error", "message": "x", "url": "http://localhost/", "occurredAt": "2026-11-22T10:00:00Z"}]});
    assert_eq!(app.post("/api/v1/client-logs").json(&report).send().await.unwrap().status(), 200);
    let event = json!({"events": [{"name": "buy_review", "occurredAt": "2026-11-22T10:00:00Z"}]});
    assert_eq!(app.post("/api/v1/analytics/events").json(&event).send().await.unwrap().status(), 200);
}

both_backends!(rows_past_their_period_are_purged_and_newer_ones_kept, |backend| async move {
    // The job's own period is an hour: the test runs the purge itself.
    let app = spawn_app_with(backend, |s| s.retention.dev_inbox_days = 0).await;
    let db = &app.state.db;
    traffic(&app, "081234569301").await;
    // Everything so far is ten years old (verification tokens included).
    for (table, column) in TABLES {
        let ten_years = 10 * 365 * 86_400_000_i64;
        sqlx::query(&format!("update {table} set {column} = {column} - $1"))
            .bind(ten_years)
            .execute(db.pool())
            .await
            .unwrap();
    }
    sqlx::query("update otp_challenges set verification_expires_at_ms = 0").execute(db.pool()).await.unwrap();
    let mut old = Vec::new();
    for (table, _) in TABLES {
        old.push(count(db, table).await);
    }
    traffic(&app, "081234569302").await;
    let purged = server::features::retention::purge_expired(&app.state).await.unwrap();
    for ((table, _), before) in TABLES.into_iter().zip(old) {
        let left = count(db, table).await;
        assert!(before > 0, "{table} had rows to purge");
        if table == "dev_inbox" {
            // Period 0: kept for ever.
            assert!(left > before, "{table} keeps its old rows");
            assert!(!purged.iter().any(|(t, _)| *t == table));
        } else {
            assert!(left > 0, "{table} keeps the new rows");
            let deleted = purged.iter().find(|(t, _)| *t == table).map_or(0, |(_, n)| *n);
            assert_eq!(deleted, u64::try_from(before).unwrap(), "{table}: every old row, no new one");
        }
    }
    // Nothing left to purge: a second run deletes nothing.
    assert!(server::features::retention::purge_expired(&app.state).await.unwrap().is_empty());
});

// Issue 20: the real SMS provider's delivery records name phone numbers; they go after their period
// (90 days by default) like the other traffic tables.
both_backends!(sms_deliveries_past_their_period_are_purged, |backend| async move {
    let app = spawn_app_with(backend, |_| {}).await;
    let db = &app.state.db;
    let now = chrono::Utc::now().timestamp_millis();
    for (id, age_days) in [("old", 91_i64), ("new", 89)] {
        let at = now - age_days * 86_400_000;
        sqlx::query(
            "insert into sms_deliveries (id, provider, provider_message_id, destination, status, error_code, \
             created_at_ms, updated_at_ms) values ($1, 'twilio', $2, '+6281234569309', 'delivered', null, $3, $3)",
        )
        .bind(id)
        .bind(format!("SM{id}"))
        .bind(at)
        .execute(db.pool())
        .await
        .unwrap();
    }
    let purged = server::features::retention::purge_expired(&app.state).await.unwrap();
    assert!(purged.contains(&("sms_deliveries", 1)), "{purged:?}");
    let left: Vec<String> = sqlx::query_scalar("select id from sms_deliveries").fetch_all(db.pool()).await.unwrap();
    assert_eq!(left, vec!["new".to_owned()]);
});
