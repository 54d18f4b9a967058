//! SMS through Twilio's Messages API (issue 20), against a fake Twilio started by each test on
//! 127.0.0.1 that answers as Twilio documents: a queued message, each documented error (21211
//! invalid number, 21610 unsubscribed, 20003 authentication), 429 and 5xx, slow answers; then
//! status callbacks signed as Twilio signs them, forged, repeated and out of order.

use std::time::Duration;

use base64::Engine;
use hmac::{Hmac, Mac};
use serde_json::{json, Value};
use server::config::production::SmsProvider;
use server::features::identity::sms_deliveries_repo::{self as sms_deliveries, Delivery};

use crate::both_backends;
use crate::fake_provider::{Call, FakeProvider, Scripted};
use crate::helpers::{spawn_app_with, TestApp};

const ACCOUNT_SID: &str = "AC0123456789abcdef0123456789abcdef";
/// The auth token Twilio signs callbacks with in these tests.
pub const AUTH_TOKEN: &str = "9f86d081884c7d659a2feaa0c55ad015";
const SENDER: &str = "LUMBUNG";
/// Where Twilio is told to send status callbacks (the test settings' public URL).
pub const CALLBACK_URL: &str = "https://app.example.id/api/v1/sms/twilio-status";

/// A fake Twilio (it keeps no state of its own).
pub type Fake = FakeProvider<()>;

/// The account a Messages request names in its path (`/2010-04-01/Accounts/{account}/Messages.json`).
fn account(call: &Call) -> &str {
    call.path.trim_start_matches("/2010-04-01/Accounts/").trim_end_matches("/Messages.json")
}

/// What Twilio answers when nothing is scripted: a queued message, on the Messages resource only.
fn documented(_twilio: &mut (), call: &Call, number: usize) -> Scripted {
    let messages = call.path.starts_with("/2010-04-01/Accounts/") && call.path.ends_with("/Messages.json");
    if call.method == "POST" && messages {
        queued(call, number)
    } else {
        twilio_error(404, 20404, "The requested resource was not found")
    }
}

/// Twilio's 201 for a message it took.
fn queued(call: &Call, number: usize) -> Scripted {
    let sid = format!("SM{number:032}");
    (
        201,
        json!({"sid": sid, "account_sid": account(call), "to": call.field("To"), "from": call.field("From"),
            "body": call.field("Body"), "status": "queued", "num_segments": "1", "direction": "outbound-api",
            "api_version": "2010-04-01", "price": null, "error_code": null, "error_message": null,
            "uri": format!("/2010-04-01/Accounts/{}/Messages/{sid}.json", account(call))}),
        0,
    )
}

/// Twilio's documented error body.
fn twilio_error(status: u16, code: u32, message: &str) -> Scripted {
    (
        status,
        json!({"code": code, "message": message, "more_info": format!("https://www.twilio.com/docs/errors/{code}"),
            "status": status}),
        0,
    )
}

/// Starts a fake Twilio that queues every message it is sent.
pub async fn fake_twilio() -> (String, Fake) {
    let fake = FakeProvider::start((), documented).await;
    (fake.url.clone(), fake)
}

/// The app sending its SMS through the Twilio at `base_url`.
pub async fn app_on_twilio(backend: store::Backend, base_url: &str, breaker_failures: u32) -> TestApp {
    let base_url = base_url.to_string();
    spawn_app_with(backend, move |s| {
        s.providers.sms = SmsProvider::Twilio;
        s.providers.twilio.base_url = base_url;
        s.providers.twilio.account_sid = ACCOUNT_SID.into();
        s.providers.twilio.auth_token = Some(AUTH_TOKEN.into());
        s.providers.twilio.from = SENDER.into();
        s.providers.twilio.timeout_ms = 300;
        s.providers.twilio.attempts = 3;
        s.providers.twilio.retry_backoff_ms = 10;
        s.providers.twilio.breaker_failures = breaker_failures;
        s.providers.twilio.breaker_cooldown_ms = 400;
        // Several codes to one number within seconds: the product's resend limits are not under test.
        s.auth.otp_resend_cooldown_secs = 0;
        s.auth.otp_sends_per_phone_per_hour = 100;
    })
    .await
}

/// Asks for a sign-up code, which goes out by SMS.
pub async fn send_code(app: &TestApp, phone: &str) -> (u16, Value) {
    app.post_json("/api/v1/user/signup/phone", json!({"phone": phone})).await
}

fn calls(fake: &Fake) -> Vec<Call> {
    fake.calls()
}

fn script(fake: &Fake, answers: impl IntoIterator<Item = Scripted>) {
    fake.script(answers);
}

/// The SMS deliveries recorded for `phone`.
pub async fn deliveries(app: &TestApp, phone: &str) -> Vec<Delivery> {
    sms_deliveries::to_destination(&app.state.db, phone).await.unwrap()
}

/// Signs a callback as Twilio does, independently of the server's code: base64 HMAC-SHA1 keyed by
/// the auth token over the URL and each parameter's name and value, sorted by name.
pub fn twilio_signature(token: &str, url: &str, params: &[(&str, &str)]) -> String {
    let mut sorted = params.to_vec();
    sorted.sort_unstable();
    let mut data = url.to_string();
    for (name, value) in sorted {
        data.push_str(name);
        data.push_str(value);
    }
    let mut mac = Hmac::<sha1::Sha1>::new_from_slice(token.as_bytes()).unwrap();
    mac.update(data.as_bytes());
    base64::engine::general_purpose::STANDARD.encode(mac.finalize().into_bytes())
}

/// A status callback's parameters as Twilio sends them.
pub fn status_params<'a>(sid: &'a str, status: &'a str, phone: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("AccountSid", ACCOUNT_SID),
        ("ApiVersion", "2010-04-01"),
        ("From", SENDER),
        ("MessageSid", sid),
        ("MessageStatus", status),
        ("SmsSid", sid),
        ("SmsStatus", status),
        ("To", phone),
    ]
}

async fn callback(app: &TestApp, signature: Option<&str>, params: &[(&str, &str)]) -> u16 {
    let mut request = app.client.post(app.url("/api/v1/sms/twilio-status")).form(params);
    if let Some(signature) = signature {
        request = request.header("x-twilio-signature", signature);
    }
    request.send().await.unwrap().status().as_u16()
}

async fn signed_callback(app: &TestApp, params: &[(&str, &str)]) -> u16 {
    callback(app, Some(&twilio_signature(AUTH_TOKEN, CALLBACK_URL, params)), params).await
}

both_backends!(a_code_goes_to_twilio_and_its_delivery_is_recorded, |backend| async move {
    let (url, fake) = fake_twilio().await;
    let app = app_on_twilio(backend, &url, 3).await;
    let phone = "+6281234567301";
    let (status, sent) = send_code(&app, phone).await;
    assert_eq!(status, 200, "{sent}");
    let calls = calls(&fake);
    assert_eq!(calls.len(), 1);
    let call = &calls[0];
    assert_eq!(account(call), ACCOUNT_SID);
    let basic = base64::engine::general_purpose::STANDARD.encode(format!("{ACCOUNT_SID}:{AUTH_TOKEN}"));
    assert_eq!(call.header("authorization"), format!("Basic {basic}"));
    assert_eq!((call.field("To"), call.field("From")), (phone, SENDER));
    assert!(call.field("Body").contains("Kode verifikasi Anda: "), "{}", call.field("Body"));
    assert_eq!(call.field("StatusCallback"), CALLBACK_URL);
    let sid = format!("SM{:032}", 1);
    assert_eq!(
        deliveries(&app, phone).await,
        vec![Delivery {
            provider_message_id: Some(sid.clone()),
            destination: phone.into(),
            status: "queued".into(),
            error_code: None
        }]
    );
    // The code went to Twilio, not to the sandbox inbox.
    let inbox: Value = app
        .get(&format!("/api/dev/otp-inbox?phone={}", phone.replace('+', "%2B")))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(inbox["data"], json!([]), "{inbox}");
});

both_backends!(status_callbacks_move_the_delivery_forward_once, |backend| async move {
    let (url, _fake) = fake_twilio().await;
    let app = app_on_twilio(backend, &url, 3).await;
    let phone = "+6281234567302";
    assert_eq!(send_code(&app, phone).await.0, 200);
    let sid = format!("SM{:032}", 1);
    assert_eq!(signed_callback(&app, &status_params(&sid, "sent", phone)).await, 204);
    assert_eq!(deliveries(&app, phone).await[0].status, "sent");
    assert_eq!(signed_callback(&app, &status_params(&sid, "delivered", phone)).await, 204);
    // Twilio repeats callbacks and may deliver them late: both are accepted and change nothing.
    assert_eq!(signed_callback(&app, &status_params(&sid, "delivered", phone)).await, 204);
    assert_eq!(signed_callback(&app, &status_params(&sid, "sent", phone)).await, 204);
    assert_eq!(deliveries(&app, phone).await[0].status, "delivered");
    // An unknown message is acknowledged (Twilio would retry otherwise) and recorded nowhere.
    assert_eq!(signed_callback(&app, &status_params("SMunknown", "delivered", phone)).await, 204);
    assert_eq!(deliveries(&app, phone).await.len(), 1);
});

both_backends!(an_undelivered_status_keeps_its_error_code, |backend| async move {
    let (url, _fake) = fake_twilio().await;
    let app = app_on_twilio(backend, &url, 3).await;
    let phone = "+6281234567303";
    assert_eq!(send_code(&app, phone).await.0, 200);
    let sid = format!("SM{:032}", 1);
    let mut params = status_params(&sid, "undelivered", phone);
    params.push(("ErrorCode", "30003"));
    assert_eq!(signed_callback(&app, &params).await, 204);
    let delivery = &deliveries(&app, phone).await[0];
    assert_eq!((delivery.status.as_str(), delivery.error_code.as_deref()), ("undelivered", Some("30003")));
});

both_backends!(forged_callbacks_are_refused_and_change_nothing, |backend| async move {
    let (url, _fake) = fake_twilio().await;
    let app = app_on_twilio(backend, &url, 3).await;
    let phone = "+6281234567304";
    assert_eq!(send_code(&app, phone).await.0, 200);
    let sid = format!("SM{:032}", 1);
    let params = status_params(&sid, "failed", phone);
    // No signature, one keyed by another token, one over another URL, one over other parameters.
    assert_eq!(callback(&app, None, &params).await, 403);
    let wrong_key = twilio_signature("0000000000000000000000000000000a", CALLBACK_URL, &params);
    assert_eq!(callback(&app, Some(&wrong_key), &params).await, 403);
    let wrong_url = twilio_signature(AUTH_TOKEN, "https://evil.example/api/v1/sms/twilio-status", &params);
    assert_eq!(callback(&app, Some(&wrong_url), &params).await, 403);
    let delivered = twilio_signature(AUTH_TOKEN, CALLBACK_URL, &status_params(&sid, "delivered", phone));
    assert_eq!(callback(&app, Some(&delivered), &params).await, 403);
    assert_eq!(callback(&app, Some("not base64 at all"), &params).await, 403);
    assert_eq!(deliveries(&app, phone).await[0].status, "queued");
});

both_backends!(each_documented_error_fails_once_without_retry, |backend| async move {
    let (url, fake) = fake_twilio().await;
    let app = app_on_twilio(backend, &url, 10).await;
    let errors = [
        (
            "+6281234567311",
            twilio_error(400, 21211, "The 'To' number +6281234567311 is not a valid phone number."),
            "21211",
        ),
        ("+6281234567312", twilio_error(400, 21610, "Attempt to send to unsubscribed recipient"), "21610"),
        ("+6281234567313", twilio_error(401, 20003, "Authenticate"), "20003"),
        ("+6281234567314", twilio_error(404, 20404, "The requested resource was not found"), "20404"),
    ];
    for (done, (phone, answer, code)) in errors.into_iter().enumerate() {
        script(&fake, [answer]);
        let (status, body) = send_code(&app, phone).await;
        assert_eq!(status, 503, "{body}");
        assert_eq!(body["error_code"], "sms_not_sent", "{body}");
        assert!(body["error_message"].as_str().unwrap().contains("SMS"), "{body}");
        assert_eq!(calls(&fake).len(), done + 1, "a 4xx is not tried again");
        let delivery = &deliveries(&app, phone).await[0];
        assert_eq!((delivery.status.as_str(), delivery.error_code.as_deref()), ("failed", Some(code)));
        assert_eq!(delivery.provider_message_id, None);
    }
});

both_backends!(server_errors_and_timeouts_are_retried_with_backoff, |backend| async move {
    let (url, fake) = fake_twilio().await;
    let app = app_on_twilio(backend, &url, 10).await;
    let phone = "+6281234567321";
    // A 500, then an answer slower than the 300 ms timeout, then Twilio takes it.
    let slow = (201, json!({"sid": format!("SM{:032}", 99), "account_sid": ACCOUNT_SID, "status": "queued"}), 1_000);
    script(&fake, [twilio_error(500, 20500, "Internal Server Error"), slow]);
    let (status, body) = send_code(&app, phone).await;
    assert_eq!(status, 200, "{body}");
    let calls = calls(&fake);
    assert_eq!(calls.len(), 3);
    assert!(calls.iter().all(|c| c.field("To") == phone));
    let recorded = deliveries(&app, phone).await;
    assert_eq!(recorded.len(), 1, "one message, however many tries");
    assert_eq!(recorded[0].provider_message_id.as_deref(), Some(format!("SM{:032}", 3).as_str()));

    // 429 and 503 on every try: three tries, then a clear error.
    let phone = "+6281234567322";
    script(
        &fake,
        [
            twilio_error(429, 20429, "Too Many Requests"),
            twilio_error(503, 20503, "Service Unavailable"),
            twilio_error(503, 20503, "Service Unavailable"),
        ],
    );
    let (status, body) = send_code(&app, phone).await;
    assert_eq!((status, body["error_code"].as_str()), (503, Some("sms_not_sent")), "{body}");
    assert_eq!(self::calls(&fake).len(), 6);
    assert_eq!(deliveries(&app, phone).await[0].error_code.as_deref(), Some("20503"));
});

both_backends!(the_breaker_opens_per_number_and_recovers_after_the_cooldown, |backend| async move {
    let (url, fake) = fake_twilio().await;
    let app = app_on_twilio(backend, &url, 2).await;
    let phone = "+6281234567331";
    // Two failed messages (each a 4xx, tried once) open this number's circuit.
    for _ in 0..2 {
        script(&fake, [twilio_error(400, 30006, "Landline or unreachable carrier")]);
        assert_eq!(send_code(&app, phone).await.0, 503);
    }
    assert_eq!(calls(&fake).len(), 2);
    let (status, body) = send_code(&app, phone).await;
    assert_eq!((status, body["error_code"].as_str()), (503, Some("sms_not_sent")), "{body}");
    assert_eq!(calls(&fake).len(), 2, "an open circuit does not call Twilio");
    assert_eq!(deliveries(&app, phone).await[2].error_code.as_deref(), Some("circuit_open"));
    // Another number is unaffected.
    assert_eq!(send_code(&app, "+6281234567332").await.0, 200);
    assert_eq!(calls(&fake).len(), 3);
    // After the cool-down one trial goes through; it succeeds and the circuit closes.
    tokio::time::sleep(Duration::from_millis(450)).await;
    assert_eq!(send_code(&app, phone).await.0, 200);
    assert_eq!(send_code(&app, phone).await.0, 200);
    assert_eq!(calls(&fake).len(), 5);
    let statuses: Vec<String> = deliveries(&app, phone).await.into_iter().map(|d| d.status).collect();
    assert_eq!(statuses, ["failed", "failed", "failed", "queued", "queued"]);
});

both_backends!(a_failed_trial_reopens_the_circuit, |backend| async move {
    let (url, fake) = fake_twilio().await;
    let app = app_on_twilio(backend, &url, 1).await;
    let phone = "+6281234567341";
    script(&fake, [twilio_error(400, 21211, "The 'To' number is not a valid phone number.")]);
    assert_eq!(send_code(&app, phone).await.0, 503);
    tokio::time::sleep(Duration::from_millis(450)).await;
    script(&fake, [twilio_error(400, 21211, "The 'To' number is not a valid phone number.")]);
    assert_eq!(send_code(&app, phone).await.0, 503);
    assert_eq!(calls(&fake).len(), 2);
    assert_eq!(send_code(&app, phone).await.0, 503);
    assert_eq!(calls(&fake).len(), 2, "reopened: no call until the next cool-down");
});

both_backends!(the_callback_route_is_absent_without_twilio, |backend| async move {
    let app = crate::helpers::spawn_app(backend).await;
    let params = status_params("SM1", "delivered", "+6281234567351");
    assert_eq!(signed_callback(&app, &params).await, 404);
});
