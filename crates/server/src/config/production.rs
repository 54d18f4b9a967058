//! The run mode and the outside providers, and the production gate: in production the server
//! refuses to start while any provider is a sandbox one, a secret is unset or weak, or the public
//! URL is not HTTPS (docs/operations.md "Production checklist").

use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize};

use super::smtp::{SmtpSettings, SmtpTls};
use super::twilio::TwilioSettings;
use super::verihubs::VerihubsSettings;
use super::xendit::XenditSettings;
use super::Settings;

/// Shortest secret production accepts, in bytes.
pub const SECRET_MIN_BYTES: usize = 32;

/// Secrets this repository itself ships (tests, the browser suite, examples): public, so weak
/// whatever their length.
const KNOWN_DEFAULTS: &[&str] = &[
    "e2e-admin-token-0123456789",
    "test-operator-token-0123456789",
    "s3cret-operator-token-value",
    "changeme",
    "change-me",
    "secret",
    "password",
];

/// How the server runs: `sandbox` (simulated providers and their helpers, the default) or
/// `production` (real providers only, checked at start).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Simulated providers, the development inbox and the sandbox payer.
    #[default]
    Sandbox,
    /// Real money: no sandbox provider, no sandbox route.
    Production,
}

/// Which implementation serves each outside service.
#[derive(Debug, Clone, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct ProvidersSettings {
    /// E-mail: `sandbox` (the development inbox) or `smtp`.
    pub email: EmailProvider,
    /// The SMTP relay, for `email = "smtp"`.
    pub smtp: SmtpSettings,
    /// SMS: `sandbox` (the development inbox) or `twilio`.
    pub sms: SmsProvider,
    /// Twilio, for `sms = "twilio"`.
    pub twilio: TwilioSettings,
    /// The payment gateway: `sandbox` (the sandbox payer) or `xendit`.
    pub payments: PaymentProvider,
    /// Xendit, for `payments = "xendit"` or `bank = "xendit"`.
    pub xendit: XenditSettings,
    /// Bank account inquiry and disbursement: `sandbox` (the sandbox bank) or `xendit`.
    pub bank: BankProvider,
    /// Identity verification: `sandbox` (the documented NIK rule) or `verihubs`.
    pub kyc: KycProvider,
    /// Verihubs, for `kyc = "verihubs"`.
    pub verihubs: VerihubsSettings,
}

/// The e-mail provider.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum EmailProvider {
    /// The development inbox.
    #[default]
    Sandbox,
    /// An SMTP relay (`providers.smtp`).
    Smtp,
}

/// The SMS provider.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum SmsProvider {
    /// The development inbox.
    #[default]
    Sandbox,
    /// Twilio's Messages API (`providers.twilio`).
    Twilio,
}

/// The payment gateway.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum PaymentProvider {
    /// The sandbox gateway and its payer page.
    #[default]
    Sandbox,
    /// Xendit's Payment Requests API (`providers.xendit`).
    Xendit,
}

/// The bank connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum BankProvider {
    /// The deterministic sandbox bank.
    #[default]
    Sandbox,
    /// Xendit's Disbursements API and bank account validation (`providers.xendit`).
    Xendit,
}

/// The identity verifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum KycProvider {
    /// The documented sandbox rule.
    #[default]
    Sandbox,
    /// Verihubs' NIK and face verification (`providers.verihubs`).
    Verihubs,
}

impl ProvidersSettings {
    /// The configuration keys of the providers still on their sandbox.
    pub fn sandboxed(&self) -> Vec<&'static str> {
        let mut names = Vec::new();
        if self.email == EmailProvider::Sandbox {
            names.push("providers.email");
        }
        if self.sms == SmsProvider::Sandbox {
            names.push("providers.sms");
        }
        if self.payments == PaymentProvider::Sandbox {
            names.push("providers.payments");
        }
        if self.bank == BankProvider::Sandbox {
            names.push("providers.bank");
        }
        if self.kyc == KycProvider::Sandbox {
            names.push("providers.kyc");
        }
        names
    }
}

/// Why a secret is not good enough for production, if it is not.
pub fn secret_weakness(secret: Option<&SecretString>) -> Option<&'static str> {
    let Some(value) = secret.map(ExposeSecret::expose_secret) else {
        return Some("is not set");
    };
    let lowered = value.to_ascii_lowercase();
    if KNOWN_DEFAULTS.iter().any(|known| lowered == *known) {
        return Some("is a value published in this repository");
    }
    if value.len() < SECRET_MIN_BYTES {
        return Some("is shorter than 32 bytes");
    }
    // A long run of one character is as guessable as a short secret.
    if value.chars().collect::<std::collections::HashSet<_>>().len() < 4 {
        return Some("repeats too few characters to be random");
    }
    None
}

/// Every reason the settings are unsafe for production, one line each; empty when they are safe
/// or when the mode is sandbox.
pub fn production_problems(settings: &Settings) -> Vec<String> {
    if settings.mode != Mode::Production {
        return Vec::new();
    }
    let mut problems: Vec<String> = settings
        .providers
        .sandboxed()
        .into_iter()
        .map(|key| format!("{key} is \"sandbox\": choose a real provider in production"))
        .collect();
    let secrets = [
        ("auth.jwt_secret (APP_AUTH__JWT_SECRET)", settings.auth.jwt_secret.as_ref()),
        ("wallet_webhook_secret (APP_WALLET_WEBHOOK_SECRET)", settings.wallet_webhook_secret.as_ref()),
        ("telegram.webhook_secret (APP_TELEGRAM__WEBHOOK_SECRET)", settings.telegram.webhook_secret.as_ref()),
        ("admin.token (APP_ADMIN__TOKEN)", settings.admin.token.as_ref()),
    ];
    for (name, secret) in secrets {
        if let Some(weakness) = secret_weakness(secret) {
            problems.push(format!("{name} {weakness}: set a random secret of at least {SECRET_MIN_BYTES} bytes"));
        }
    }
    problems.extend(provider_setting_problems(&settings.providers));
    if !settings.http.public_url.starts_with("https://") {
        problems.push(format!(
            "http.public_url (APP_HTTP__PUBLIC_URL) is \"{}\": production needs an https:// address",
            settings.http.public_url
        ));
    }
    problems
}

/// Settings a chosen real provider cannot work without.
fn provider_setting_problems(providers: &ProvidersSettings) -> Vec<String> {
    let mut problems = Vec::new();
    if providers.email == EmailProvider::Smtp {
        let smtp: &SmtpSettings = &providers.smtp;
        if smtp.host.trim().is_empty() {
            problems.push("providers.smtp.host is empty: name the SMTP relay".to_string());
        }
        if smtp.from.trim().is_empty() {
            problems.push("providers.smtp.from is empty: name the sender mailbox".to_string());
        }
        if smtp.tls == SmtpTls::None {
            problems.push("providers.smtp.tls is \"none\": use \"starttls\" or \"implicit\" in production".to_string());
        }
    }
    if providers.sms == SmsProvider::Twilio {
        problems.extend(twilio_problems(&providers.twilio));
    }
    if providers.kyc == KycProvider::Verihubs {
        problems.extend(verihubs_problems(&providers.verihubs));
    }
    // One set of Xendit problems, whether it serves payments, the bank or both.
    if providers.payments == PaymentProvider::Xendit || providers.bank == BankProvider::Xendit {
        if let Some(weakness) = secret_weakness(providers.xendit.secret_key.as_ref()) {
            problems.push(format!("providers.xendit.secret_key {weakness}: set the secret API key"));
        }
        if let Some(weakness) = secret_weakness(providers.xendit.callback_token.as_ref()) {
            problems
                .push(format!("providers.xendit.callback_token {weakness}: set the dashboard's verification token"));
        }
        if !providers.xendit.base_url.starts_with("https://") {
            problems.push("providers.xendit.base_url is not https://".to_string());
        }
    }
    if providers.bank == BankProvider::Xendit && !providers.xendit.validation_base_url.starts_with("https://") {
        problems.push("providers.xendit.validation_base_url is not https://".to_string());
    }
    problems
}

/// Settings Verihubs cannot work without.
fn verihubs_problems(verihubs: &VerihubsSettings) -> Vec<String> {
    let mut problems = Vec::new();
    if verihubs.app_id.trim().is_empty() {
        problems.push("providers.verihubs.app_id is empty: set the application id".to_string());
    }
    if let Some(weakness) = secret_weakness(verihubs.api_key.as_ref()) {
        problems.push(format!("providers.verihubs.api_key {weakness}: set the API key"));
    }
    if let Some(weakness) = secret_weakness(verihubs.callback_secret.as_ref()) {
        problems.push(format!("providers.verihubs.callback_secret {weakness}: set the callback signing secret"));
    }
    if !verihubs.base_url.starts_with("https://") {
        problems.push("providers.verihubs.base_url is not https://".to_string());
    }
    problems
}

/// Settings Twilio cannot work without.
fn twilio_problems(twilio: &TwilioSettings) -> Vec<String> {
    let mut problems = Vec::new();
    if !(twilio.account_sid.starts_with("AC") && twilio.account_sid.len() == 34) {
        problems.push("providers.twilio.account_sid is not an account SID (AC and 32 hex digits)".to_string());
    }
    if let Some(weakness) = secret_weakness(twilio.auth_token.as_ref()) {
        problems.push(format!("providers.twilio.auth_token {weakness}: set the account's auth token"));
    }
    if twilio.from.trim().is_empty() {
        problems.push("providers.twilio.from is empty: name the sending number or sender ID".to_string());
    }
    if !twilio.base_url.starts_with("https://") {
        problems.push("providers.twilio.base_url is not https://".to_string());
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    const STRONG: &str = "Zq3v9Lw0pX7sRt2mYb5nKc8dHf1gJa4e";

    /// Production settings that pass every rule; each test breaks exactly one.
    fn safe() -> Settings {
        let mut settings = Settings { mode: Mode::Production, ..Settings::default() };
        settings.http.public_url = "https://app.example.co.id".into();
        settings.auth.jwt_secret = Some(format!("jwt-{STRONG}").into());
        settings.wallet_webhook_secret = Some(format!("wallet-{STRONG}").into());
        settings.telegram.webhook_secret = Some(format!("telegram-{STRONG}").into());
        settings.admin.token = Some(format!("admin-{STRONG}").into());
        settings
    }

    /// The problems of `safe()` apart from its (still sandbox) providers.
    fn problems_besides_providers(settings: &Settings) -> Vec<String> {
        production_problems(settings).into_iter().filter(|p| !p.contains("is \"sandbox\"")).collect()
    }

    #[test]
    fn sandbox_mode_is_the_default_and_never_refused() {
        let settings = Settings::default();
        assert_eq!(settings.mode, Mode::Sandbox);
        assert!(settings.sandbox());
        assert!(production_problems(&settings).is_empty());
    }

    #[test]
    fn production_refuses_every_sandbox_provider_by_name() {
        let problems = production_problems(&safe());
        for key in ["providers.email", "providers.sms", "providers.payments", "providers.bank", "providers.kyc"] {
            assert_eq!(problems.iter().filter(|p| p.starts_with(&format!("{key} "))).count(), 1, "{key}");
        }
        assert!(problems_besides_providers(&safe()).is_empty(), "{problems:?}");
    }

    #[test]
    fn production_refuses_an_unset_jwt_secret() {
        let mut settings = safe();
        settings.auth.jwt_secret = None;
        assert_eq!(problems_besides_providers(&settings).len(), 1);
        assert!(problems_besides_providers(&settings)[0].starts_with("auth.jwt_secret"));
        assert!(problems_besides_providers(&settings)[0].contains("is not set"));
    }

    #[test]
    fn production_refuses_a_short_jwt_secret() {
        let mut settings = safe();
        settings.auth.jwt_secret = Some("x7K2p9Qw4Lm8Zt3R".into());
        let problems = problems_besides_providers(&settings);
        assert_eq!(problems.len(), 1);
        assert!(problems[0].contains("shorter than 32 bytes"));
    }

    #[test]
    fn production_refuses_weak_webhook_secrets() {
        let mut settings = safe();
        settings.wallet_webhook_secret = None;
        settings.telegram.webhook_secret = Some("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".into());
        let problems = problems_besides_providers(&settings);
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(problems[0].starts_with("wallet_webhook_secret") && problems[0].contains("not set"));
        assert!(problems[1].starts_with("telegram.webhook_secret") && problems[1].contains("too few characters"));
    }

    #[test]
    fn production_refuses_a_missing_or_published_operator_token() {
        let mut settings = safe();
        settings.admin.token = None;
        assert!(problems_besides_providers(&settings)[0].starts_with("admin.token"));
        settings.admin.token = Some("e2e-admin-token-0123456789".into());
        let problems = problems_besides_providers(&settings);
        assert_eq!(problems.len(), 1);
        assert!(problems[0].contains("published in this repository"));
    }

    #[test]
    fn production_refuses_a_public_url_without_https() {
        let mut settings = safe();
        settings.http.public_url = "http://app.example.co.id".into();
        let problems = problems_besides_providers(&settings);
        assert_eq!(problems.len(), 1);
        assert!(problems[0].starts_with("http.public_url") && problems[0].contains("https://"));
    }

    #[test]
    fn every_problem_is_reported_at_once_one_line_each() {
        let settings = Settings { mode: Mode::Production, ..Settings::default() };
        let problems = production_problems(&settings);
        // Five providers, four secrets, the public URL.
        assert_eq!(problems.len(), 10, "{problems:?}");
        assert!(problems.iter().all(|p| !p.contains('\n')));
    }

    #[test]
    fn production_refuses_smtp_without_relay_sender_or_tls() {
        let mut settings = safe();
        settings.providers.email = EmailProvider::Smtp;
        settings.providers.smtp.tls = SmtpTls::None;
        let problems = problems_besides_providers(&settings);
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(problems[0].starts_with("providers.smtp.host"));
        assert!(problems[1].starts_with("providers.smtp.from"));
        assert!(problems[2].starts_with("providers.smtp.tls"));
        assert!(!production_problems(&settings).iter().any(|p| p.starts_with("providers.email ")));
        settings.providers.smtp.host = "smtp.example.co.id".into();
        settings.providers.smtp.from = "Lumbung <no-reply@example.co.id>".into();
        settings.providers.smtp.tls = SmtpTls::Starttls;
        assert!(problems_besides_providers(&settings).is_empty());
    }

    #[test]
    fn production_refuses_xendit_without_keys() {
        let mut settings = safe();
        settings.providers.payments = PaymentProvider::Xendit;
        settings.providers.xendit.base_url = "http://127.0.0.1:9".into();
        let problems = problems_besides_providers(&settings);
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(problems[0].starts_with("providers.xendit.secret_key is not set"));
        assert!(problems[1].starts_with("providers.xendit.callback_token is not set"));
        assert!(problems[2].starts_with("providers.xendit.base_url"));
        settings.providers.xendit.base_url = "https://api.xendit.co".into();
        settings.providers.xendit.secret_key = Some(format!("xnd_production_{STRONG}").into());
        settings.providers.xendit.callback_token = Some(format!("cb-{STRONG}").into());
        assert!(problems_besides_providers(&settings).is_empty());
    }

    #[test]
    fn production_takes_the_xendit_bank_once_its_keys_are_set() {
        let mut settings = safe();
        settings.providers.bank = BankProvider::Xendit;
        settings.providers.payments = PaymentProvider::Xendit;
        settings.providers.xendit.validation_base_url = "http://127.0.0.1:9".into();
        let problems = problems_besides_providers(&settings);
        // The shared keys are reported once for both services, the validation origin on its own.
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(problems[0].starts_with("providers.xendit.secret_key is not set"));
        assert!(problems[1].starts_with("providers.xendit.callback_token is not set"));
        assert!(problems[2].starts_with("providers.xendit.validation_base_url"));
        assert!(!production_problems(&settings).iter().any(|p| p.starts_with("providers.bank ")));
        settings.providers.xendit.validation_base_url = "https://api.iluma.ai".into();
        settings.providers.xendit.secret_key = Some(format!("xnd_production_{STRONG}").into());
        settings.providers.xendit.callback_token = Some(format!("cb-{STRONG}").into());
        assert!(problems_besides_providers(&settings).is_empty());
    }

    #[test]
    fn production_refuses_twilio_without_account_token_or_sender() {
        let mut settings = safe();
        settings.providers.sms = SmsProvider::Twilio;
        settings.providers.twilio.base_url = "http://127.0.0.1:9".into();
        let problems = problems_besides_providers(&settings);
        assert_eq!(problems.len(), 4, "{problems:?}");
        assert!(problems[0].starts_with("providers.twilio.account_sid"));
        assert!(problems[1].starts_with("providers.twilio.auth_token is not set"));
        assert!(problems[2].starts_with("providers.twilio.from"));
        assert!(problems[3].starts_with("providers.twilio.base_url"));
        assert!(!production_problems(&settings).iter().any(|p| p.starts_with("providers.sms ")));
        settings.providers.twilio.base_url = "https://api.twilio.com".into();
        settings.providers.twilio.account_sid = format!("AC{}", "0123456789abcdef".repeat(2));
        // Twilio's auth tokens are 32 hex digits.
        settings.providers.twilio.auth_token = Some("9f86d081884c7d659a2feaa0c55ad015".into());
        settings.providers.twilio.from = "LUMBUNG".into();
        assert!(problems_besides_providers(&settings).is_empty(), "{:?}", problems_besides_providers(&settings));
    }

    #[test]
    fn production_refuses_verihubs_without_keys() {
        let mut settings = safe();
        settings.providers.kyc = KycProvider::Verihubs;
        settings.providers.verihubs.base_url = "http://127.0.0.1:9".into();
        let problems = problems_besides_providers(&settings);
        assert_eq!(problems.len(), 4, "{problems:?}");
        assert!(problems[0].starts_with("providers.verihubs.app_id"));
        assert!(problems[1].starts_with("providers.verihubs.api_key is not set"));
        assert!(problems[2].starts_with("providers.verihubs.callback_secret is not set"));
        assert!(problems[3].starts_with("providers.verihubs.base_url"));
        assert!(!production_problems(&settings).iter().any(|p| p.starts_with("providers.kyc ")));
        settings.providers.verihubs.base_url = "https://api.verihubs.com".into();
        settings.providers.verihubs.app_id = "lumbung-app".into();
        settings.providers.verihubs.api_key = Some(format!("key-{STRONG}").into());
        settings.providers.verihubs.callback_secret = Some(format!("cb-{STRONG}").into());
        assert!(problems_besides_providers(&settings).is_empty());
    }

    #[test]
    fn the_mode_is_read_from_app_mode() {
        use figment::providers::{Format, Serialized, Toml};
        let settings: Settings = figment::Figment::from(Serialized::defaults(Settings::default()))
            .merge(Toml::string("mode = \"production\""))
            .extract()
            .unwrap();
        assert_eq!(settings.mode, Mode::Production);
        assert!(!settings.sandbox());
    }
}
