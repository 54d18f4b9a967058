//! `spawn_app`: the real application on port 0 over a fresh database, and a client that speaks
//! like the web app.

use std::path::PathBuf;

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
    settings
}

/// Starts the app on `backend` with the default test settings.
pub async fn spawn_app(backend: Backend) -> TestApp {
    spawn_app_with(backend, |_| {}).await
}

/// Starts the app on `backend` after `customise` adjusts the settings.
pub async fn spawn_app_with(backend: Backend, customise: impl FnOnce(&mut Settings)) -> TestApp {
    if std::env::var("TEST_LOG").is_ok() {
        server::telemetry::init(&Default::default());
    }
    let mut settings = test_settings();
    settings.database.url = store::testing::fresh_database_url(backend).await.expect("fresh database");
    customise(&mut settings);
    let app = Application::build(settings).await.expect("app builds");
    let address = format!("http://127.0.0.1:{}", app.port());
    let state = app.state().clone();
    tokio::spawn(app.run_until_stopped(std::future::pending()));
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    TestApp { address, state, client }
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
