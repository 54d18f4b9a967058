//! The conventions of DESIGN.md "API", enforced in one place for every route.

use axum::routing::get;

use crate::both_backends;
use crate::helpers::{error_body, spawn_app, spawn_app_with, test_settings};

both_backends!(success_bodies_are_wrapped_in_data, |backend| async move {
    let app = spawn_app(backend).await;
    let response = app.get("/api/v1/app/config").send().await.unwrap();
    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["data"]["lightThemeAllowed"], true);
    assert_eq!(body["data"]["sandbox"], true);
    // R2.06: marketing links are absolute external URLs.
    assert!(body["data"]["marketingLinks"]["fees"].as_str().unwrap().starts_with("https://"));
});

both_backends!(unknown_api_routes_are_404_in_the_error_shape_in_indonesian_by_default, |backend| async move {
    let app = spawn_app(backend).await;
    let (status, code, message) = error_body(app.get("/api/v9/nothing/here").send().await.unwrap()).await;
    assert_eq!((status, code.as_str()), (404, "not_found"));
    assert_eq!(message, "Data atau halaman tidak ditemukan.");
    let english = app.get("/api/v9/nothing/here").header("x-language-code", "en").send().await.unwrap();
    let (_, _, message) = error_body(english).await;
    assert_eq!(message, "Not found.");
});

both_backends!(wrong_methods_are_405_in_the_error_shape, |backend| async move {
    let app = spawn_app(backend).await;
    let response = app.client.delete(app.url("/api/v1/app/config")).send().await.unwrap();
    let (status, code, _) = error_body(response).await;
    assert_eq!((status, code.as_str()), (405, "method_not_allowed"));
});

both_backends!(malformed_json_wrong_types_and_missing_fields_are_4xx_in_the_error_shape, |backend| async move {
    let app = spawn_app(backend).await;
    let path = "/api/v1/analytics/events";
    let malformed =
        app.post(path).header("content-type", "application/json").body("{\"events\": [").send().await.unwrap();
    let (status, code, _) = error_body(malformed).await;
    assert_eq!((status, code.as_str()), (400, "invalid_json"));

    let wrong_type = app.post(path).header("content-type", "text/plain").body("hello").send().await.unwrap();
    let (status, code, _) = error_body(wrong_type).await;
    assert_eq!((status, code.as_str()), (415, "unsupported_media_type"));

    let missing = app.post(path).json(&serde_json::json!({"evts": []})).send().await.unwrap();
    let (status, code, _) = error_body(missing).await;
    assert_eq!((status, code.as_str()), (422, "invalid_request"));
});

both_backends!(oversized_bodies_are_413_in_the_error_shape, |backend| async move {
    let app = spawn_app_with(backend, |s| s.http.body_limit_bytes = 1024).await;
    let big = format!("{{\"events\": [{{\"name\": \"{}\"}}]}}", "a".repeat(4096));
    let response =
        app.post("/api/v1/analytics/events").header("content-type", "application/json").body(big).send().await.unwrap();
    let (status, code, _) = error_body(response).await;
    assert_eq!((status, code.as_str()), (413, "payload_too_large"));
});

both_backends!(the_request_id_is_echoed_back_or_made_up, |backend| async move {
    let app = spawn_app(backend).await;
    let echoed = app.get("/api/v1/app/config").header("x-request-id", "req-abc-123").send().await.unwrap();
    assert_eq!(echoed.headers()["x-request-id"], "req-abc-123");
    let made_up = app.get("/api/v1/app/config").send().await.unwrap();
    assert_eq!(made_up.headers()["x-request-id"].len(), 36);
});

both_backends!(the_openapi_document_is_3_1_and_lists_the_routes, |backend| async move {
    let app = spawn_app(backend).await;
    let document: serde_json::Value = app.get("/api/openapi.json").send().await.unwrap().json().await.unwrap();
    assert!(document["openapi"].as_str().unwrap().starts_with("3.1"));
    assert!(document["paths"]["/v1/app/config"]["get"].is_object());
    assert!(document["paths"]["/v1/analytics/events"]["post"].is_object());
    assert!(document["components"]["schemas"]["ErrorBody"].is_object());
    // Every schema reference resolves (the web app's type generator refuses dangling ones).
    let text = document.to_string();
    for reference in text.split("\"#/components/schemas/").skip(1) {
        let name = reference.split('"').next().unwrap();
        assert!(document["components"]["schemas"][name].is_object(), "dangling $ref to {name}");
    }
});

both_backends!(every_operation_documents_the_answers_of_the_shared_layers, |backend| async move {
    let app = spawn_app(backend).await;
    let document: serde_json::Value = app.get("/api/openapi.json").send().await.unwrap().json().await.unwrap();
    let mut checked = 0;
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let listed = |status: &str| operation["responses"].get(status).is_some();
            assert!(listed("429"), "{method} {path} lacks 429");
            let secured = operation["security"]
                .as_array()
                .is_some_and(|all| all.iter().any(|s| s.get("bearer").is_some() || s.get("operator").is_some()));
            if secured {
                assert!(listed("401"), "{method} {path} needs a session but lacks 401");
            }
            if operation.get("requestBody").is_some() {
                assert!(listed("400") && listed("413"), "{method} {path} takes a body but lacks 400/413");
            }
            if matches!(method.as_str(), "post" | "put" | "patch" | "delete") {
                assert!(listed("409"), "{method} {path} changes state but lacks 409");
            }
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} operations");
    // What the document says is what the layers answer.
    let no_session = app.get("/api/v1/crypto/balance").send().await.unwrap();
    assert_eq!(no_session.status(), 401);
    assert!(document["paths"]["/v1/crypto/balance"]["get"]["responses"]["401"].is_object());
});

both_backends!(the_document_states_what_the_shared_parsers_accept, |backend| async move {
    // Issue 14: Schemathesis generates from these; a looser document makes it send "valid" requests
    // the server refuses.
    let app = spawn_app(backend).await;
    let document: serde_json::Value = app.get("/api/openapi.json").send().await.unwrap().json().await.unwrap();
    let mut symbols = 0;
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let parameters = operation["parameters"].as_array().cloned().unwrap_or_default();
            if !parameters.is_empty() {
                assert!(operation["responses"].get("400").is_some(), "{method} {path} has parameters but lacks 400");
            }
            for parameter in parameters {
                let schema = &parameter["schema"];
                match parameter["name"].as_str().unwrap() {
                    "symbol" => {
                        assert_eq!(schema["pattern"], "^[A-Za-z0-9._-]{1,32}$", "{method} {path}");
                        symbols += 1;
                    }
                    "page" => {
                        let bounds = (schema["minimum"].as_i64(), schema["maximum"].as_i64());
                        assert_eq!(bounds, (Some(1), Some(100_000)), "{method} {path}");
                    }
                    _ => {}
                }
            }
        }
    }
    assert!(symbols > 5, "only {symbols} symbol parameters");
    // What the pattern allows, the server takes; what it refuses, the server refuses too.
    let taken = app.get("/api/v1/markets/ticker?symbol=BTC-IDR").send().await.unwrap();
    assert_ne!(taken.status(), 400);
    let refused = app.get("/api/v1/markets/ticker?symbol=BTC%2BIDR").send().await.unwrap();
    assert_eq!(refused.status(), 400);
});

both_backends!(a_huge_page_number_is_refused_not_overflowed, |backend| async move {
    let app = spawn_app(backend).await;
    let user = app.sign_up("081234567031").await;
    for path in [
        "/api/v1/wallet/transaction-history?page=9223372036854775807",
        "/api/v1/wallet/balance-movement?page=9223372036854775807",
        "/api/v1/user/devices?page=9223372036854775807",
        "/api/v1/trade-web/crypto/transactions/open?page=9223372036854775807",
    ] {
        let (status, body) = app.get_as(&user, path).await;
        assert_eq!(status, 400, "{path}: {body}");
    }
    let (status, _) = app.get_as(&user, "/api/v1/wallet/transaction-history?page=100000").await;
    assert_eq!(status, 200);
});

both_backends!(a_panicking_handler_becomes_a_logged_500_in_the_error_shape, |backend| async move {
    let mut settings = test_settings();
    settings.database.url = store::testing::fresh_database_url(backend).await.unwrap();
    let db = store::Db::connect(&settings.database.url, &store::DbOptions::default()).await.unwrap();
    db.migrate().await.unwrap();
    let state = server::startup::state_for(settings, db).await.unwrap();
    let extra = axum::Router::new().route("/v1/test/panic", get(boom));
    let router = server::router::build_with(state, extra);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move {
        axum::serve(listener, router.into_make_service_with_connect_info::<std::net::SocketAddr>()).await.unwrap();
    });
    let response = reqwest::Client::new()
        .get(format!("{address}/api/v1/test/panic"))
        .header("x-language-code", "en")
        .send()
        .await
        .unwrap();
    let (status, code, message) = error_body(response).await;
    assert_eq!((status, code.as_str()), (500, "internal"));
    assert!(!message.contains("boom"), "the cause is never shown: {message}");
    // The server keeps serving after a panic.
    let again = reqwest::get(format!("{address}/healthz")).await.unwrap();
    assert_eq!(again.status(), 200);
});

async fn boom() -> &'static str {
    panic!("boom")
}
