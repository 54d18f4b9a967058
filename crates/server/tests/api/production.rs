//! Production mode (issue 20): the sandbox helpers do not exist (404, not 403), and the binary
//! refuses to start on an unsafe configuration, naming every problem.

use std::process::Command;

use serde_json::Value;
use server::config::production::{EmailProvider, KycProvider, PaymentProvider, SmsProvider};
use server::config::Mode;

use crate::both_backends;
use crate::helpers::{spawn_app, spawn_app_with, TestApp};

/// Every sandbox helper: the development inbox, the sandbox payer's API and its page.
async fn sandbox_route_statuses(app: &TestApp) -> Vec<(String, u16)> {
    let mut statuses = Vec::new();
    for path in ["/api/dev/otp-inbox?phone=081234567890", "/sandbox/pay/GW-1?channel=gopay", "/en/sandbox/pay/GW-1"] {
        statuses.push((path.to_string(), app.get(path).send().await.unwrap().status().as_u16()));
    }
    for path in ["/api/sandbox/payments/GW-1/pay", "/api/sandbox/payments/GW-1/abandon"] {
        statuses.push((path.to_string(), app.post(path).send().await.unwrap().status().as_u16()));
    }
    statuses
}

both_backends!(in_production_the_sandbox_routes_do_not_exist, |backend| async move {
    // Production settings, with the real providers built so far (they are never called here).
    let app = spawn_app_with(backend, |s| {
        s.mode = Mode::Production;
        s.auth.jwt_secret = Some("jwt-Zq3v9Lw0pX7sRt2mYb5nKc8dHf1gJa4e".into());
        s.wallet_webhook_secret = Some("wallet-Zq3v9Lw0pX7sRt2mYb5nKc8dHf1gJa4e".into());
        s.providers.email = EmailProvider::Smtp;
        s.providers.smtp.host = "smtp.example.co.id".into();
        s.providers.smtp.from = "Lumbung <no-reply@example.co.id>".into();
        s.providers.payments = PaymentProvider::Xendit;
        s.providers.xendit.secret_key = Some("xnd_production_Zq3v9Lw0pX7sRt2mYb5nKc8dHf1gJa4e".into());
        s.providers.xendit.callback_token = Some("cb-Zq3v9Lw0pX7sRt2mYb5nKc8dHf1gJa4e".into());
        s.providers.sms = SmsProvider::Twilio;
        s.providers.twilio.account_sid = "AC0123456789abcdef0123456789abcdef".into();
        s.providers.twilio.auth_token = Some("9f86d081884c7d659a2feaa0c55ad015".into());
        s.providers.twilio.from = "LUMBUNG".into();
        s.providers.kyc = KycProvider::Verihubs;
        s.providers.verihubs.app_id = "lumbung".into();
        s.providers.verihubs.api_key = Some("vh-key-Zq3v9Lw0pX7sRt2mYb5nKc8dHf1gJa4e".into());
        s.providers.verihubs.callback_secret = Some("vh-cb-Zq3v9Lw0pX7sRt2mYb5nKc8dHf1gJa4e".into());
    })
    .await;
    for (path, status) in sandbox_route_statuses(&app).await {
        assert_eq!(status, 404, "{path}");
    }
    assert_eq!(app.get("/api/sandbox/payments/GW-1/pay").send().await.unwrap().status(), 404);
    let config: Value = app.get("/api/v1/app/config").send().await.unwrap().json().await.unwrap();
    assert_eq!(config["data"]["mode"], "production");
    assert_eq!(config["data"]["sandbox"], false);
    // The API document served in production does not describe them either.
    let document = app.get("/api/openapi.json").send().await.unwrap().text().await.unwrap();
    assert!(!document.contains("/dev/otp-inbox") && !document.contains("/sandbox/payments"));
    // The rest of the app is there.
    assert_eq!(app.get("/portfolio").send().await.unwrap().status(), 200);
});

both_backends!(in_sandbox_mode_the_sandbox_routes_exist, |backend| async move {
    let app = spawn_app(backend).await;
    let statuses = sandbox_route_statuses(&app).await;
    assert_eq!(statuses[0].1, 200, "the inbox answers");
    assert_eq!(statuses[1].1, 200, "the payer's page renders");
    assert_eq!(statuses[2].1, 200, "the payer's page renders in English");
    // The payer's API is there: a GET is the wrong method (405), where production has no route (404).
    assert_eq!(app.get("/api/sandbox/payments/GW-1/pay").send().await.unwrap().status(), 405);
    let config: Value = app.get("/api/v1/app/config").send().await.unwrap().json().await.unwrap();
    assert_eq!(config["data"]["mode"], "sandbox");
    assert_eq!(config["data"]["sandbox"], true);
});

/// Runs `brokerage serve` with only `env` configured and returns its exit code and stderr.
fn serve_with(env: &[(&str, &str)]) -> (Option<i32>, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_brokerage"));
    command.arg("serve");
    for (key, _) in std::env::vars() {
        if key.starts_with("APP_") || key == "DATABASE_URL" {
            command.env_remove(key);
        }
    }
    // No configuration file, a database that is never opened (the check comes first).
    command.env("APP_CONFIG_FILE", "/nonexistent/brokerage.toml");
    command.env("DATABASE_URL", "sqlite::memory:");
    command.env("APP_HTTP__ADDR", "127.0.0.1:0");
    command.envs(env.iter().copied());
    let output = command.output().unwrap();
    (output.status.code(), String::from_utf8_lossy(&output.stderr).into_owned())
}

#[test]
fn production_refuses_to_start_naming_every_problem_on_its_own_line() {
    let (code, stderr) = serve_with(&[("APP_MODE", "production")]);
    assert_eq!(code, Some(78), "{stderr}");
    let lines: Vec<&str> = stderr.lines().filter(|l| l.starts_with("production: ")).collect();
    for key in [
        "providers.email",
        "providers.sms",
        "providers.payments",
        "providers.bank",
        "providers.kyc",
        "auth.jwt_secret",
        "wallet_webhook_secret",
        "telegram.webhook_secret",
        "admin.token",
        "http.public_url",
    ] {
        assert_eq!(
            lines.iter().filter(|l| l.starts_with(&format!("production: {key} "))).count(),
            1,
            "{key}: {stderr}"
        );
    }
    assert_eq!(lines.len(), 10, "{stderr}");
}

#[test]
fn production_names_only_what_is_wrong() {
    let strong = "Zq3v9Lw0pX7sRt2mYb5nKc8dHf1gJa4e";
    let (code, stderr) = serve_with(&[
        ("APP_MODE", "production"),
        ("APP_HTTP__PUBLIC_URL", "https://app.example.co.id"),
        ("APP_AUTH__JWT_SECRET", strong),
        ("APP_WALLET_WEBHOOK_SECRET", strong),
        ("APP_TELEGRAM__WEBHOOK_SECRET", strong),
        ("APP_ADMIN__TOKEN", "e2e-admin-token-0123456789"),
    ]);
    assert_eq!(code, Some(78), "{stderr}");
    assert!(stderr.contains("production: admin.token (APP_ADMIN__TOKEN) is a value published"), "{stderr}");
    assert!(!stderr.contains("jwt_secret") && !stderr.contains("public_url"), "{stderr}");
}

#[test]
fn production_takes_the_xendit_bank_and_refuses_only_the_sandbox_one() {
    let strong = "Zq3v9Lw0pX7sRt2mYb5nKc8dHf1gJa4e";
    let base = [("APP_MODE", "production"), ("APP_HTTP__PUBLIC_URL", "https://app.example.co.id")];
    let (_, sandboxed) = serve_with(&base);
    assert_eq!(sandboxed.lines().filter(|l| l.starts_with("production: providers.bank ")).count(), 1, "{sandboxed}");
    let mut env = base.to_vec();
    env.extend([
        ("APP_PROVIDERS__BANK", "xendit"),
        ("APP_PROVIDERS__XENDIT__SECRET_KEY", strong),
        ("APP_PROVIDERS__XENDIT__CALLBACK_TOKEN", strong),
    ]);
    let (code, stderr) = serve_with(&env);
    assert_eq!(code, Some(78), "other providers are still sandboxes: {stderr}");
    assert!(!stderr.contains("providers.bank") && !stderr.contains("providers.xendit"), "{stderr}");
}

#[test]
fn production_with_twilio_names_its_missing_settings_instead_of_the_sandbox() {
    let (code, stderr) = serve_with(&[("APP_MODE", "production"), ("APP_PROVIDERS__SMS", "twilio")]);
    assert_eq!(code, Some(78), "{stderr}");
    assert!(!stderr.contains("production: providers.sms "), "{stderr}");
    for key in ["providers.twilio.account_sid", "providers.twilio.auth_token", "providers.twilio.from"] {
        assert!(stderr.lines().any(|l| l.starts_with(&format!("production: {key} "))), "{key}: {stderr}");
    }
}

#[test]
fn production_with_verihubs_names_its_missing_settings_instead_of_the_sandbox() {
    let (code, stderr) = serve_with(&[("APP_MODE", "production"), ("APP_PROVIDERS__KYC", "verihubs")]);
    assert_eq!(code, Some(78), "{stderr}");
    assert!(!stderr.contains("production: providers.kyc "), "{stderr}");
    for key in ["providers.verihubs.app_id", "providers.verihubs.api_key", "providers.verihubs.callback_secret"] {
        assert!(stderr.lines().any(|l| l.starts_with(&format!("production: {key} "))), "{key}: {stderr}");
    }
}
