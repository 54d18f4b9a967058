//! `spawn_app`: the real application on port 0 over a fresh database, and a client that speaks
//! like the web app.

use std::path::PathBuf;
use std::sync::Arc;

use domain::{Clock, SystemClock};

use server::config::Settings;
use server::startup::Application;
use server::state::AppState;
use store::Backend;

/// The operator token the tests use.
pub const ADMIN_TOKEN: &str = "test-operator-token-0123456789";

/// A running application.
pub struct TestApp {
    /// `http://127.0.0.1:PORT`.
    pub address: String,
    /// The application's state (database access for assertions).
    pub state: AppState,
    /// A client without cookies or redirects.
    pub client: reqwest::Client,
}

/// Runs `body` against an app on each backend, as two tests named `sqlite` and `postgres`.
#[macro_export]
macro_rules! both_backends {
    ($name:ident, $body:expr) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;
            #[tokio::test]
            async fn sqlite() {
                ($body)(store::Backend::Sqlite).await;
            }
            #[tokio::test]
            async fn postgres() {
                ($body)(store::Backend::Postgres).await;
            }
        }
    };
}

/// Default test settings: port 0, generous rate limit, an operator token, a web shell fixture.
pub fn test_settings() -> Settings {
    let mut settings = Settings::default();
    settings.http.addr = "127.0.0.1:0".into();
    settings.http.public_url = "https://app.example.id".into();
    settings.admin.token = Some(ADMIN_TOKEN.into());
    settings.rate_limit.per_second = 10_000;
    settings.rate_limit.burst = 10_000;
    settings.web.dist_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dist");
    // Cheap hashing and no resend cooldown keep tests fast; the rules are tested with real values.
    settings.auth.argon2_memory_kib = 1024;
    settings.auth.argon2_iterations = 1;
    settings.auth.otp_resend_cooldown_secs = 0;
    settings.auth.otp_sends_per_phone_per_hour = 1000;
    settings.auth.otp_sends_per_ip_per_hour = 1000;
    settings.auth.otp_failures_per_ip_per_hour = 1000;
    settings.auth.otp_failures_per_device_per_hour = 1000;
    settings.auth.new_devices_per_day_max = 1000;
    // Each app its own document store, so tests never see each other's files.
    settings.auth.documents_dir = std::env::temp_dir().join(format!("lumbung-documents-{}", uuid::Uuid::new_v4()));
    settings
}

/// Starts the app on `backend` with the default test settings.
pub async fn spawn_app(backend: Backend) -> TestApp {
    spawn_app_with(backend, |_| {}).await
}

/// Starts the app on `backend` after `customise` adjusts the settings.
pub async fn spawn_app_with(backend: Backend, customise: impl FnOnce(&mut Settings)) -> TestApp {
    let url = store::testing::fresh_database_url(backend).await.expect("fresh database");
    spawn_app_on(url, Arc::new(SystemClock), customise).await.0
}

/// Starts the app on `backend` on a clock the test moves itself (waits without sleeping).
pub async fn spawn_app_with_clock(
    backend: Backend,
    customise: impl FnOnce(&mut Settings),
) -> (TestApp, Arc<domain::FixedClock>) {
    let url = store::testing::fresh_database_url(backend).await.expect("fresh database");
    let clock = Arc::new(domain::FixedClock::new(chrono::Utc::now()));
    (spawn_app_on(url, clock.clone(), customise).await.0, clock)
}

/// Moves `clock` on by `secs` seconds.
pub fn advance(clock: &domain::FixedClock, secs: i64) {
    use domain::Clock;
    clock.set(clock.now() + chrono::Duration::seconds(secs));
}

/// Starts the app on the database at `url`, reading `clock`; sending on the returned sender stops
/// it (the next app on the same database is a restart), dropping it does not.
pub async fn spawn_app_on(
    url: String,
    clock: Arc<dyn Clock>,
    customise: impl FnOnce(&mut Settings),
) -> (TestApp, tokio::sync::oneshot::Sender<()>) {
    if std::env::var("TEST_LOG").is_ok() {
        server::telemetry::init(&server::config::LogSettings::default());
    }
    let mut settings = test_settings();
    settings.database.url = url;
    customise(&mut settings);
    let app = Application::build_with_clock(settings, clock).await.expect("app builds");
    let address = format!("http://127.0.0.1:{}", app.port());
    let state = app.state().clone();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(app.run_until_stopped(async move {
        if stopped.await.is_err() {
            std::future::pending::<()>().await;
        }
    }));
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    (TestApp { address, state, client }, stop)
}

impl TestApp {
    /// A full URL for `path`.
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    /// GET with the web app's headers.
    pub fn get(&self, path: &str) -> reqwest::RequestBuilder {
        self.client.get(self.url(path)).header("x-platform", "desktop-web").header("x-device-id", "device-test-1")
    }

    /// POST with the web app's headers and a fresh request id.
    pub fn post(&self, path: &str) -> reqwest::RequestBuilder {
        self.post_keyed(path, &uuid::Uuid::new_v4().to_string())
    }

    /// POST with the web app's headers and the given request id (idempotency key).
    pub fn post_keyed(&self, path: &str, request_id: &str) -> reqwest::RequestBuilder {
        self.client
            .post(self.url(path))
            .header("x-platform", "desktop-web")
            .header("x-device-id", "device-test-1")
            .header("x-request-id", request_id)
    }

    /// An operator call under `/api/admin/{path}` that must succeed; its answer.
    pub async fn admin(&self, path: &str, body: serde_json::Value) -> serde_json::Value {
        let response = self
            .client
            .post(self.url(&format!("/api/admin/{path}")))
            .bearer_auth(ADMIN_TOKEN)
            .json(&body)
            .send()
            .await
            .unwrap();
        let status = response.status().as_u16();
        let body: serde_json::Value = response.json().await.unwrap();
        assert_eq!(status, 200, "{body}");
        body
    }

    /// An operator call turning maintenance on or off.
    pub async fn set_maintenance(&self, enabled: bool, retry_after_secs: u32) -> reqwest::Response {
        self.client
            .post(self.url("/api/admin/maintenance"))
            .bearer_auth(ADMIN_TOKEN)
            .json(&serde_json::json!({"enabled": enabled, "retryAfterSecs": retry_after_secs}))
            .send()
            .await
            .unwrap()
    }
}

/// Reads an error body and checks its shape.
pub async fn error_body(response: reqwest::Response) -> (u16, String, String) {
    let status = response.status().as_u16();
    let content_type = response.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
    assert!(content_type.starts_with("application/json"), "error content type was {content_type:?}");
    let body: serde_json::Value = response.json().await.expect("error body is JSON");
    let code = body["error_code"].as_str().expect("error_code").to_string();
    let message = body["error_message"].as_str().expect("error_message").to_string();
    assert!(!message.is_empty());
    (status, code, message)
}

/// A PIN that passes the rules.
pub const PIN: &str = "482915";

/// A logged-in user.
pub struct User {
    /// The bearer token.
    pub access_token: String,
    /// The refresh token.
    pub refresh_token: String,
    /// The session id.
    pub session_id: String,
    /// The user id.
    pub user_id: String,
}

impl User {
    fn from_body(body: &serde_json::Value) -> Self {
        let data = &body["data"];
        Self {
            access_token: data["accessToken"].as_str().expect("accessToken").into(),
            refresh_token: data["refreshToken"].as_str().expect("refreshToken").into(),
            session_id: data["sessionId"].as_str().expect("sessionId").into(),
            user_id: data["user"]["id"].as_str().expect("user id").into(),
        }
    }
}

impl TestApp {
    /// POSTs JSON and returns status and body.
    pub async fn post_json(&self, path: &str, body: serde_json::Value) -> (u16, serde_json::Value) {
        let response = self.post(path).json(&body).send().await.unwrap();
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(serde_json::Value::Null))
    }

    /// The newest code the SMS sandbox sent to `phone`.
    pub async fn latest_code(&self, phone: &str) -> String {
        let inbox: serde_json::Value = self
            .get(&format!("/api/dev/otp-inbox?phone={}", phone.replace('+', "%2B")))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        inbox["data"][0]["code"].as_str().expect("a code in the inbox").to_string()
    }

    /// Sends a code for `step` (`signup` or `login`) and verifies it; returns the verification token.
    pub async fn verified(&self, step: &str, phone: &str) -> String {
        let (status, sent) =
            self.post_json(&format!("/api/v1/user/{step}/phone"), serde_json::json!({"phone": phone})).await;
        assert_eq!(status, 200, "{sent}");
        let code = self.latest_code(phone).await;
        let otp_id = sent["data"]["otpId"].as_str().unwrap();
        let (status, verified) = self
            .post_json(&format!("/api/v1/user/{step}/verify-otp"), serde_json::json!({"otpId": otp_id, "code": code}))
            .await;
        assert_eq!(status, 200, "{verified}");
        verified["data"]["verificationToken"].as_str().unwrap().to_string()
    }

    /// Signs a new user up with `PIN`.
    pub async fn sign_up(&self, phone: &str) -> User {
        let token = self.verified("signup", phone).await;
        let (status, body) = self
            .post_json("/api/v1/user/pin/register-pin", serde_json::json!({"verificationToken": token, "pin": PIN}))
            .await;
        assert_eq!(status, 200, "{body}");
        User::from_body(&body)
    }

    /// Logs a user in on `device`.
    pub async fn log_in(&self, phone: &str, pin: &str, device: &str) -> Result<User, (u16, serde_json::Value)> {
        let token = self.verified("login", phone).await;
        let response = self
            .client
            .post(self.url("/api/v1/user/pin/verify-pin"))
            .header("x-platform", "desktop-web")
            .header("x-device-id", device)
            .json(&serde_json::json!({"verificationToken": token, "pin": pin}))
            .send()
            .await
            .unwrap();
        let status = response.status().as_u16();
        let body: serde_json::Value = response.json().await.unwrap();
        if status == 200 {
            Ok(User::from_body(&body))
        } else {
            Err((status, body))
        }
    }

    /// GET as `user`.
    pub async fn get_as(&self, user: &User, path: &str) -> (u16, serde_json::Value) {
        let response = self.get(path).bearer_auth(&user.access_token).send().await.unwrap();
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(serde_json::Value::Null))
    }

    /// A JSON call with `method` as `user`.
    pub async fn send_as(
        &self,
        method: reqwest::Method,
        user: &User,
        path: &str,
        body: serde_json::Value,
    ) -> (u16, serde_json::Value) {
        let response = self
            .client
            .request(method, self.url(path))
            .header("x-platform", "desktop-web")
            .header("x-device-id", "device-test-1")
            .header("x-request-id", uuid::Uuid::new_v4().to_string())
            .bearer_auth(&user.access_token)
            .json(&body)
            .send()
            .await
            .unwrap();
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(serde_json::Value::Null))
    }

    /// POST JSON as `user`.
    pub async fn post_as(&self, user: &User, path: &str, body: serde_json::Value) -> (u16, serde_json::Value) {
        let response = self.post(path).bearer_auth(&user.access_token).json(&body).send().await.unwrap();
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(serde_json::Value::Null))
    }
}

/// Verifies a user's identity the way an operator does (cash-outs and bank accounts need it): the
/// KTP form as "Budi Santoso", then the operator's decision. `base` is `http://127.0.0.1:PORT`.
pub async fn verify_identity(http: &reqwest::Client, base: &str, access_token: &str) {
    let form = serde_json::json!({"nik": "3171011205900001", "fullName": "Budi Santoso", "birthDate": "1990-05-12",
        "birthPlace": "Jakarta", "address": "Jl. Merdeka No. 1, Jakarta Pusat"});
    let sent = http
        .post(format!("{base}/api/v1/user/kyc"))
        .bearer_auth(access_token)
        .header("x-device-id", "device-test-1")
        .json(&form)
        .send()
        .await
        .unwrap();
    assert_eq!(sent.status(), 200, "{:?}", sent.text().await);
    let me: serde_json::Value = http
        .get(format!("{base}/api/v3/user/me"))
        .bearer_auth(access_token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let user_id = me["data"]["id"].as_str().unwrap();
    let decided = http
        .post(format!("{base}/api/admin/users/{user_id}/kyc"))
        .bearer_auth(ADMIN_TOKEN)
        .json(&serde_json::json!({"status": "VERIFIED"}))
        .send()
        .await
        .unwrap();
    assert_eq!(decided.status(), 200);
}
