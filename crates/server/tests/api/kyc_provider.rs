//! Identity verification through Verihubs (issue 20), against a fake Verihubs started by each test
//! on 127.0.0.1: the submission it receives, each documented error, timeouts and retries under one
//! reference, then decisions posted back signed, forged, unknown and repeated. A decision is applied
//! by the same settle step as the sandbox's, exactly once.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use base64::Engine;
use hmac::{Hmac, Mac};
use serde_json::{json, Value};
use server::config::production::KycProvider;

use crate::account::{form, NIK_OK};
use crate::both_backends;
use crate::helpers::{spawn_app_with, TestApp, User};

const APP_ID: &str = "lumbung-test";
const API_KEY: &str = "vh-key-Zq3v9Lw0pX7sRt2mYb5nKc8dHf1gJa4e";
const CALLBACK_SECRET: &str = "vh-cb-Zq3v9Lw0pX7sRt2mYb5nKc8dHf1gJa4e";
/// A JPEG's first bytes: enough for the form's type check.
const SELFIE: [u8; 7] = [0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3];

/// One submission the fake received.
#[derive(Debug, Clone)]
struct Call {
    app_id: String,
    api_key: String,
    body: Value,
}

type Scripted = (u16, Value, u64);

#[derive(Default)]
struct Fake {
    calls: Vec<Call>,
    script: VecDeque<Scripted>,
}

type Shared = Arc<Mutex<Fake>>;

async fn verify(State(fake): State<Shared>, headers: HeaderMap, Json(body): Json<Value>) -> Response {
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
    let (status, answer, delay) = {
        let mut fake = fake.lock().unwrap();
        fake.calls.push(Call { app_id: header("app-id"), api_key: header("api-key"), body: body.clone() });
        let number = fake.calls.len();
        fake.script.pop_front().unwrap_or_else(|| accepted(&body, number))
    };
    tokio::time::sleep(Duration::from_millis(delay)).await;
    (StatusCode::from_u16(status).unwrap(), Json(answer)).into_response()
}

/// The 202 of a verification taken for processing.
fn accepted(body: &Value, number: usize) -> Scripted {
    (202, json!({"id": format!("vh-{number}"), "reference_id": body["reference_id"], "status": "PROCESSING"}), 0)
}

fn error(status: u16, code: &str) -> Scripted {
    (status, json!({"error_code": code, "message": code.to_lowercase().replace('_', " ")}), 0)
}

async fn fake_verihubs() -> (String, Shared) {
    let fake: Shared = Arc::default();
    let app = Router::new().route("/v1/identity-verification", post(verify)).with_state(fake.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (url, fake)
}

async fn app_on_verihubs(backend: store::Backend, base_url: &str) -> TestApp {
    let base_url = base_url.to_string();
    spawn_app_with(backend, move |s| {
        s.providers.kyc = KycProvider::Verihubs;
        s.providers.verihubs.base_url = base_url;
        s.providers.verihubs.app_id = APP_ID.into();
        s.providers.verihubs.api_key = Some(API_KEY.into());
        s.providers.verihubs.callback_secret = Some(CALLBACK_SECRET.into());
        s.providers.verihubs.timeout_ms = 300;
        s.providers.verihubs.attempts = 3;
        s.providers.verihubs.retry_backoff_ms = 10;
    })
    .await
}

fn with_selfie() -> Value {
    let mut body = form(NIK_OK);
    body["selfie"] = json!(base64::engine::general_purpose::STANDARD.encode(SELFIE));
    body
}

fn calls(fake: &Shared) -> Vec<Call> {
    fake.lock().unwrap().calls.clone()
}

fn script(fake: &Shared, answers: impl IntoIterator<Item = Scripted>) {
    fake.lock().unwrap().script.extend(answers);
}

async fn view(app: &TestApp, user: &User) -> Value {
    app.get_as(user, "/api/v1/user/kyc").await.1["data"].clone()
}

/// Signs as Verihubs does, independently of the server's code: hex HMAC-SHA256 of the body.
fn sign(secret: &str, body: &[u8]) -> String {
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(body);
    hex::encode(mac.finalize().into_bytes())
}

async fn callback(app: &TestApp, signature: Option<&str>, event: &Value) -> u16 {
    let body = serde_json::to_vec(event).unwrap();
    let mut request = app
        .client
        .post(app.url("/api/v1/user/kyc/verihubs-callback"))
        .header("content-type", "application/json")
        .body(body);
    if let Some(signature) = signature {
        request = request.header("x-verihubs-signature", signature);
    }
    request.send().await.unwrap().status().as_u16()
}

async fn signed_callback(app: &TestApp, event: &Value) -> u16 {
    let signature = sign(CALLBACK_SECRET, &serde_json::to_vec(event).unwrap());
    callback(app, Some(&signature), event).await
}

fn decision(id: &str, status: &str, reason: Option<&str>) -> Value {
    json!({"id": id, "reference_id": "ignored", "status": status, "reason": reason,
        "completed_at": "2026-11-24T10:00:00Z"})
}

both_backends!(a_submission_goes_to_verihubs_and_its_callback_decides_once, |backend| async move {
    let (url, fake) = fake_verihubs().await;
    let app = app_on_verihubs(backend, &url).await;
    let user = app.sign_up("081234567401").await;
    let (status, body) = app.post_as(&user, "/api/v1/user/kyc", with_selfie()).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["status"], "PENDING");
    let calls = calls(&fake);
    assert_eq!(calls.len(), 1);
    let call = &calls[0];
    assert_eq!((call.app_id.as_str(), call.api_key.as_str()), (APP_ID, API_KEY));
    assert_eq!(call.body["nik"], NIK_OK);
    assert_eq!(call.body["name"], body["data"]["fullName"]);
    assert_eq!(call.body["birth_date"], "12-05-1990");
    assert_eq!(call.body["selfie_photo"], base64::engine::general_purpose::STANDARD.encode(SELFIE));
    assert_eq!(call.body["callback_url"], "https://app.example.id/api/v1/user/kyc/verihubs-callback");
    assert!(call.body["reference_id"].as_str().is_some_and(|r| !r.is_empty()));
    // Nothing decides it but Verihubs.
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(view(&app, &user).await["status"], "PENDING");

    assert_eq!(signed_callback(&app, &decision("vh-1", "VERIFIED", None)).await, 200);
    let decided = view(&app, &user).await;
    assert_eq!((decided["status"].as_str(), decided["decidedBy"].as_str()), (Some("VERIFIED"), Some("verihubs")));
    // Verihubs repeats callbacks; a repeat, even one saying otherwise, changes nothing.
    assert_eq!(signed_callback(&app, &decision("vh-1", "VERIFIED", None)).await, 200);
    assert_eq!(signed_callback(&app, &decision("vh-1", "REJECTED", Some("FACE_MISMATCH"))).await, 200);
    let again = view(&app, &user).await;
    assert_eq!(again["status"], "VERIFIED");
    assert_eq!(again["decidedAtMs"], decided["decidedAtMs"]);
});

both_backends!(a_rejection_keeps_its_reason_and_a_new_submission_goes_again, |backend| async move {
    let (url, fake) = fake_verihubs().await;
    let app = app_on_verihubs(backend, &url).await;
    let user = app.sign_up("081234567402").await;
    assert_eq!(app.post_as(&user, "/api/v1/user/kyc", with_selfie()).await.0, 200);
    // A status that is no decision yet is acknowledged and ignored.
    assert_eq!(signed_callback(&app, &decision("vh-1", "PROCESSING", None)).await, 200);
    assert_eq!(view(&app, &user).await["status"], "PENDING");
    assert_eq!(signed_callback(&app, &decision("vh-1", "REJECTED", Some("NIK_NOT_FOUND"))).await, 200);
    let rejected = view(&app, &user).await;
    assert_eq!((rejected["status"].as_str(), rejected["reason"].as_str()), (Some("REJECTED"), Some("nik_not_found")));
    assert_eq!(app.post_as(&user, "/api/v1/user/kyc", with_selfie()).await.0, 200);
    assert_eq!(calls(&fake).len(), 2);
    assert_ne!(calls(&fake)[0].body["reference_id"], calls(&fake)[1].body["reference_id"]);
    // The first verification's late answer does not decide the second.
    assert_eq!(signed_callback(&app, &decision("vh-1", "VERIFIED", None)).await, 200);
    assert_eq!(view(&app, &user).await["status"], "PENDING");
    assert_eq!(signed_callback(&app, &decision("vh-2", "REJECTED", Some("FACE_MISMATCH"))).await, 200);
    assert_eq!(view(&app, &user).await["reason"], "face_mismatch");
});

both_backends!(forged_and_unknown_callbacks_change_nothing, |backend| async move {
    let (url, _fake) = fake_verihubs().await;
    let app = app_on_verihubs(backend, &url).await;
    let user = app.sign_up("081234567403").await;
    assert_eq!(app.post_as(&user, "/api/v1/user/kyc", with_selfie()).await.0, 200);
    let verified = decision("vh-1", "VERIFIED", None);
    assert_eq!(callback(&app, None, &verified).await, 401);
    let wrong_key = sign("another-secret-Zq3v9Lw0pX7sRt2mYb5nKc8d", &serde_json::to_vec(&verified).unwrap());
    assert_eq!(callback(&app, Some(&wrong_key), &verified).await, 401);
    let other_body = sign(CALLBACK_SECRET, &serde_json::to_vec(&decision("vh-1", "REJECTED", None)).unwrap());
    assert_eq!(callback(&app, Some(&other_body), &verified).await, 401);
    assert_eq!(callback(&app, Some("not hex"), &verified).await, 401);
    assert_eq!(view(&app, &user).await["status"], "PENDING");
    assert_eq!(signed_callback(&app, &decision("vh-999", "VERIFIED", None)).await, 200);
    assert_eq!(view(&app, &user).await["status"], "PENDING");
});

both_backends!(each_documented_error_is_answered_clearly_without_retry, |backend| async move {
    let (url, fake) = fake_verihubs().await;
    let app = app_on_verihubs(backend, &url).await;
    let user = app.sign_up("081234567404").await;
    // Verihubs compares faces: without a selfie nothing is sent.
    let (status, body) = app.post_as(&user, "/api/v1/user/kyc", form(NIK_OK)).await;
    assert_eq!((status, body["error_code"].as_str()), (400, Some("invalid_kyc")), "{body}");
    assert!(calls(&fake).is_empty());
    let cases = [
        (error(400, "INVALID_NIK"), 400, "kyc_refused"),
        (error(422, "FACE_NOT_DETECTED"), 400, "kyc_refused"),
        (error(401, "UNAUTHORIZED"), 503, "kyc_unavailable"),
        (error(403, "INSUFFICIENT_QUOTA"), 503, "kyc_unavailable"),
    ];
    for (done, (answer, status, code)) in cases.into_iter().enumerate() {
        script(&fake, [answer]);
        let (got, body) = app.post_as(&user, "/api/v1/user/kyc", with_selfie()).await;
        assert_eq!((got, body["error_code"].as_str()), (status, Some(code)), "{body}");
        assert!(body["error_message"].as_str().is_some_and(|m| !m.is_empty()), "{body}");
        assert_eq!(calls(&fake).len(), done + 1, "a 4xx is not tried again");
        assert_eq!(view(&app, &user).await["status"], "UNVERIFIED");
    }
});

both_backends!(timeouts_and_server_errors_are_retried_under_one_reference, |backend| async move {
    let (url, fake) = fake_verihubs().await;
    let app = app_on_verihubs(backend, &url).await;
    let user = app.sign_up("081234567405").await;
    let slow = (202, json!({"id": "vh-slow", "status": "PROCESSING"}), 1_000);
    script(&fake, [error(503, "SERVICE_UNAVAILABLE"), slow]);
    let (status, body) = app.post_as(&user, "/api/v1/user/kyc", with_selfie()).await;
    assert_eq!(status, 200, "{body}");
    let calls_made = calls(&fake);
    assert_eq!(calls_made.len(), 3);
    assert!(calls_made.iter().all(|c| c.body["reference_id"] == calls_made[0].body["reference_id"]));
    assert_eq!(signed_callback(&app, &decision("vh-3", "VERIFIED", None)).await, 200);
    assert_eq!(view(&app, &user).await["status"], "VERIFIED");

    let other = app.sign_up("081234567406").await;
    script(&fake, [error(500, "INTERNAL_ERROR"), error(502, "BAD_GATEWAY"), error(429, "TOO_MANY_REQUESTS")]);
    let (status, body) = app.post_as(&other, "/api/v1/user/kyc", with_selfie()).await;
    assert_eq!((status, body["error_code"].as_str()), (503, Some("kyc_unavailable")), "{body}");
    assert_eq!(calls(&fake).len(), 6);
    assert_eq!(view(&app, &other).await["status"], "UNVERIFIED");
});

both_backends!(the_kyc_callback_route_is_absent_without_verihubs, |backend| async move {
    let app = crate::helpers::spawn_app(backend).await;
    assert_eq!(signed_callback(&app, &decision("vh-1", "VERIFIED", None)).await, 404);
});
