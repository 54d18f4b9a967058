//! Identity verification through Verihubs (issue 20), against a fake Verihubs started by each test
//! on 127.0.0.1 (`fake_provider`): the submission it receives, each documented error, timeouts and
//! retries under one reference, then decisions posted back signed, forged, unknown and repeated,
//! and a lost callback reconciled by the status inquiry (too early, still processing, failing, then
//! decided). A decision is applied by the same settle step as the sandbox's, exactly once, whether
//! the callback or the inquiry brings it first.

use std::collections::HashMap;
use std::time::Duration;

use base64::Engine;
use hmac::{Hmac, Mac};
use serde_json::{json, Value};
use server::config::production::KycProvider;

use crate::account::{form, NIK_OK};
use crate::both_backends;
use crate::fake_provider::{Call, FakeProvider, Scripted};
use crate::helpers::{advance, spawn_app_with, spawn_app_with_clock, TestApp, User};

const APP_ID: &str = "lumbung-test";
const API_KEY: &str = "vh-key-Zq3v9Lw0pX7sRt2mYb5nKc8dHf1gJa4e";
const CALLBACK_SECRET: &str = "vh-cb-Zq3v9Lw0pX7sRt2mYb5nKc8dHf1gJa4e";
/// A JPEG's first bytes: enough for the form's type check.
const SELFIE: [u8; 7] = [0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3];
/// How long a verification awaits its callback before it is asked about, in the reconciliation tests.
const RECONCILE_AFTER_SECS: i64 = 60;

/// A verification the fake Verihubs took: our reference, its status and reason.
#[derive(Debug, Clone)]
struct Verification {
    reference_id: Value,
    status: String,
    reason: Option<String>,
}

/// What the fake Verihubs holds: verification id → verification.
#[derive(Default)]
struct Verihubs {
    verifications: HashMap<String, Verification>,
}

type Fake = FakeProvider<Verihubs>;

/// What Verihubs answers when nothing is scripted: a verification taken for processing (202), or
/// how one stands (the status inquiry).
fn documented(verihubs: &mut Verihubs, call: &Call, number: usize) -> Scripted {
    match (call.method.as_str(), call.path.as_str()) {
        ("POST", "/v1/identity-verification") => {
            let id = format!("vh-{number}");
            let reference_id = call.body["reference_id"].clone();
            let taken = Verification { reference_id: reference_id.clone(), status: "PROCESSING".into(), reason: None };
            verihubs.verifications.insert(id.clone(), taken);
            (202, json!({"id": id, "reference_id": reference_id, "status": "PROCESSING"}), 0)
        }
        ("GET", path) if path.starts_with("/v1/identity-verification/") => {
            let id = path.trim_start_matches("/v1/identity-verification/");
            match verihubs.verifications.get(id) {
                Some(v) => (
                    200,
                    json!({"id": id, "reference_id": v.reference_id, "status": v.status, "reason": v.reason,
                        "nik": NIK_OK}),
                    0,
                ),
                None => error(404, "DATA_NOT_FOUND"),
            }
        }
        _ => error(404, "NOT_FOUND"),
    }
}

fn error(status: u16, code: &str) -> Scripted {
    (status, json!({"error_code": code, "message": code.to_lowercase().replace('_', " ")}), 0)
}

async fn fake_verihubs() -> (String, Fake) {
    let fake = FakeProvider::start(Verihubs::default(), documented).await;
    (fake.url.clone(), fake)
}

fn settings(s: &mut server::config::Settings, base_url: String) {
    s.providers.kyc = KycProvider::Verihubs;
    s.providers.verihubs.base_url = base_url;
    s.providers.verihubs.app_id = APP_ID.into();
    s.providers.verihubs.api_key = Some(API_KEY.into());
    s.providers.verihubs.callback_secret = Some(CALLBACK_SECRET.into());
    s.providers.verihubs.timeout_ms = 300;
    s.providers.verihubs.attempts = 3;
    s.providers.verihubs.retry_backoff_ms = 10;
    s.providers.verihubs.reconcile_after_secs = RECONCILE_AFTER_SECS as u64;
}

async fn app_on_verihubs(backend: store::Backend, base_url: &str) -> TestApp {
    let base_url = base_url.to_string();
    spawn_app_with(backend, move |s| settings(s, base_url)).await
}

fn with_selfie() -> Value {
    let mut body = form(NIK_OK);
    body["selfie"] = json!(base64::engine::general_purpose::STANDARD.encode(SELFIE));
    body
}

fn calls(fake: &Fake) -> Vec<Call> {
    fake.calls()
}

fn script(fake: &Fake, answers: impl IntoIterator<Item = Scripted>) {
    fake.script(answers);
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
    assert_eq!((call.header("app-id").as_str(), call.header("api-key").as_str()), (APP_ID, API_KEY));
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

/// An app on the fake Verihubs whose clock the test moves, so a verification can await its
/// callback long enough to be asked about without the test waiting.
async fn app_with_clock(backend: store::Backend, base_url: &str) -> (TestApp, std::sync::Arc<domain::FixedClock>) {
    let base_url = base_url.to_string();
    spawn_app_with_clock(backend, move |s| settings(s, base_url)).await
}

async fn reconcile(app: &TestApp) -> u64 {
    server::features::identity::reconcile_verifications(&app.state).await.unwrap()
}

/// The status inquiries the fake received.
fn inquiries(fake: &Fake) -> Vec<Call> {
    fake.calls().into_iter().filter(|c| c.method == "GET").collect()
}

/// Verihubs decides `id` (its callback is then lost, or comes later).
fn decide(fake: &Fake, id: &str, status: &str, reason: Option<&str>) {
    let mut record = fake.lock().unwrap();
    let verification = record.verifications.get_mut(id).unwrap();
    verification.status = status.into();
    verification.reason = reason.map(str::to_string);
}

both_backends!(a_lost_callback_is_reconciled_by_the_status_inquiry_once, |backend| async move {
    let (url, fake) = fake_verihubs().await;
    let (app, clock) = app_with_clock(backend, &url).await;
    let user = app.sign_up("081234567407").await;
    assert_eq!(app.post_as(&user, "/api/v1/user/kyc", with_selfie()).await.0, 200);
    // Too young to be asked about: its callback may well be on its way.
    assert_eq!(reconcile(&app).await, 0);
    assert!(inquiries(&fake).is_empty());
    // Old enough, but Verihubs is still processing it: nothing changes.
    advance(&clock, RECONCILE_AFTER_SECS + 1);
    assert_eq!(reconcile(&app).await, 0);
    let asked = inquiries(&fake);
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0].path, "/v1/identity-verification/vh-1");
    assert_eq!((asked[0].header("app-id").as_str(), asked[0].header("api-key").as_str()), (APP_ID, API_KEY));
    assert_eq!(view(&app, &user).await["status"], "PENDING");
    // Verihubs decides; its callback is lost. Just asked: not asked again before the interval.
    decide(&fake, "vh-1", "VERIFIED", None);
    assert_eq!(reconcile(&app).await, 0);
    assert_eq!(inquiries(&fake).len(), 1);
    advance(&clock, RECONCILE_AFTER_SECS + 1);
    assert_eq!(reconcile(&app).await, 1);
    let decided = view(&app, &user).await;
    assert_eq!((decided["status"].as_str(), decided["decidedBy"].as_str()), (Some("VERIFIED"), Some("verihubs")));
    // The late callback, then a repeat saying otherwise, change nothing; nor does another pass.
    assert_eq!(signed_callback(&app, &decision("vh-1", "VERIFIED", None)).await, 200);
    assert_eq!(signed_callback(&app, &decision("vh-1", "REJECTED", Some("FACE_MISMATCH"))).await, 200);
    advance(&clock, RECONCILE_AFTER_SECS + 1);
    assert_eq!(reconcile(&app).await, 0);
    assert_eq!(inquiries(&fake).len(), 2, "a decided verification is not asked about");
    let again = view(&app, &user).await;
    assert_eq!((again["status"].as_str(), again["reason"].as_str()), (Some("VERIFIED"), None));
    assert_eq!(again["decidedAtMs"], decided["decidedAtMs"]);
});

both_backends!(a_callback_before_the_reconciliation_leaves_it_nothing_to_do, |backend| async move {
    let (url, fake) = fake_verihubs().await;
    let (app, clock) = app_with_clock(backend, &url).await;
    let user = app.sign_up("081234567408").await;
    assert_eq!(app.post_as(&user, "/api/v1/user/kyc", with_selfie()).await.0, 200);
    decide(&fake, "vh-1", "REJECTED", Some("NIK_NOT_FOUND"));
    assert_eq!(signed_callback(&app, &decision("vh-1", "REJECTED", Some("NIK_NOT_FOUND"))).await, 200);
    let decided = view(&app, &user).await;
    assert_eq!(decided["reason"], "nik_not_found");
    advance(&clock, RECONCILE_AFTER_SECS + 1);
    assert_eq!(reconcile(&app).await, 0);
    assert!(inquiries(&fake).is_empty());
    assert_eq!(view(&app, &user).await["decidedAtMs"], decided["decidedAtMs"]);
});

both_backends!(a_failing_status_inquiry_changes_nothing_and_is_asked_again_later, |backend| async move {
    let (url, fake) = fake_verihubs().await;
    let (app, clock) = app_with_clock(backend, &url).await;
    let user = app.sign_up("081234567409").await;
    assert_eq!(app.post_as(&user, "/api/v1/user/kyc", with_selfie()).await.0, 200);
    decide(&fake, "vh-1", "REJECTED", Some("FACE_MISMATCH"));
    advance(&clock, RECONCILE_AFTER_SECS + 1);
    // Server errors and timeouts are tried again within the pass, then left for a later one.
    let slow = (200, json!({"id": "vh-1", "status": "REJECTED", "reason": "FACE_MISMATCH"}), 1_000);
    script(&fake, [error(503, "SERVICE_UNAVAILABLE"), slow, error(500, "INTERNAL_ERROR")]);
    assert_eq!(reconcile(&app).await, 0);
    assert_eq!(inquiries(&fake).len(), 3);
    assert_eq!(view(&app, &user).await["status"], "PENDING");
    // An error that will not pass by trying again (our keys) is not retried within the pass.
    advance(&clock, RECONCILE_AFTER_SECS + 1);
    script(&fake, [error(401, "UNAUTHORIZED")]);
    assert_eq!(reconcile(&app).await, 0);
    assert_eq!(inquiries(&fake).len(), 4);
    assert_eq!(view(&app, &user).await["status"], "PENDING");
    // A later pass gets the answer and applies it.
    advance(&clock, RECONCILE_AFTER_SECS + 1);
    assert_eq!(reconcile(&app).await, 1);
    let rejected = view(&app, &user).await;
    assert_eq!((rejected["status"].as_str(), rejected["reason"].as_str()), (Some("REJECTED"), Some("face_mismatch")));
    assert_eq!(inquiries(&fake).len(), 5);
});
