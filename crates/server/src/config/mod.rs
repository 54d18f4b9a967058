//! Configuration, layered: built-in defaults, then an optional TOML file (`APP_CONFIG_FILE`, default
//! `config/brokerage.toml` when present), then `APP_…` variables with `__` between levels
//! (`APP_HTTP__ADDR=0.0.0.0:8080`). `DATABASE_URL` overrides `database.url`.

mod database;
mod perps;
mod preferences;
pub mod production;
mod retention;
pub mod smtp;
mod trading;
pub mod twilio;
mod us_stocks;
pub mod verihubs;
pub mod xendit;

use std::path::PathBuf;

use figment::providers::{Env, Format, Serialized, Toml};
use figment::Figment;
use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize};

pub use database::DatabaseSettings;
pub use perps::PerpsSettings;
pub use preferences::{SupportSettings, TelegramSettings};
pub use production::{Mode, ProvidersSettings};
pub use retention::RetentionSettings;
pub use trading::TradingSettings;
pub use us_stocks::{ShareCount, UsStockSettings};

/// Every setting of the server.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The HTTP listener and request limits.
    pub http: HttpSettings,
    /// The database connection.
    pub database: DatabaseSettings,
    /// The web app shell.
    pub web: WebSettings,
    /// The operator API.
    pub admin: AdminSettings,
    /// Maintenance mode at start-up.
    pub maintenance: MaintenanceSettings,
    /// Per-address request rate limits.
    pub rate_limit: RateLimitSettings,
    /// Log output.
    pub log: LogSettings,
    /// Sign-up, log-in, PINs and sessions.
    pub auth: AuthSettings,
    /// Market data: the simulator's seed and the `/ws` limits.
    pub markets: MarketsSettings,
    /// `sandbox` (the default: simulated providers, the development inbox, the sandbox payer) or
    /// `production` (checked at start, see [`production::production_problems`]); `APP_MODE`.
    pub mode: Mode,
    /// Which implementation serves each outside service.
    pub providers: ProvidersSettings,
    /// HMAC key of the payment gateway's webhooks; when unset one is generated and kept in the database.
    #[serde(skip_serializing)]
    pub wallet_webhook_secret: Option<SecretString>,
    /// Cash-out limits, fee, auto-approval and the disbursement job.
    pub cashout: CashoutSettings,
    /// Crypto trading: fees, tax, minimums.
    pub trading: TradingSettings,
    /// US stocks: fees, sessions, leverage, dividends.
    pub us_stocks: UsStockSettings,
    /// Crypto perpetuals: job periods and limits.
    pub perps: PerpsSettings,
    /// USD conversion.
    pub usd: UsdSettings,
    /// The Telegram bot: its name for deep links and the webhook's secret.
    pub telegram: TelegramSettings,
    /// The support site (Salesforce) users are sent to after a support log-in.
    pub support: SupportSettings,
    /// How long the traffic-driven tables keep their rows.
    pub retention: RetentionSettings,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            http: HttpSettings::default(),
            database: DatabaseSettings::default(),
            web: WebSettings::default(),
            admin: AdminSettings::default(),
            maintenance: MaintenanceSettings::default(),
            rate_limit: RateLimitSettings::default(),
            log: LogSettings::default(),
            auth: AuthSettings::default(),
            markets: MarketsSettings::default(),
            mode: Mode::Sandbox,
            providers: ProvidersSettings::default(),
            wallet_webhook_secret: None,
            cashout: CashoutSettings::default(),
            trading: TradingSettings::default(),
            us_stocks: UsStockSettings::default(),
            perps: PerpsSettings::default(),
            usd: UsdSettings::default(),
            telegram: TelegramSettings::default(),
            support: SupportSettings::default(),
            retention: RetentionSettings::default(),
        }
    }
}

/// The HTTP listener and request limits.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct HttpSettings {
    /// Address to listen on; port 0 picks a free port (tests).
    pub addr: String,
    /// The public origin used in canonical links, without a trailing slash.
    pub public_url: String,
    /// Largest request body accepted, in bytes.
    pub body_limit_bytes: usize,
    /// How long a request may take before it is answered with 503 `timeout`.
    pub request_timeout_ms: u64,
    /// How long shutdown waits for in-flight requests.
    pub shutdown_grace_ms: u64,
}

impl Default for HttpSettings {
    fn default() -> Self {
        Self {
            addr: "127.0.0.1:8080".into(),
            public_url: "http://localhost:8080".into(),
            body_limit_bytes: 1024 * 1024,
            request_timeout_ms: 30_000,
            shutdown_grace_ms: 10_000,
        }
    }
}

/// The web app shell.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct WebSettings {
    /// Folder of the built web app (`web/dist`).
    pub dist_dir: PathBuf,
    /// Whether users may choose the light theme (R2.10).
    pub light_theme_allowed: bool,
    /// The customer-engagement script injected into the page head (R1.14); none when empty.
    pub engagement_script_url: Option<String>,
    /// The marketing site the external links point to (R2.06).
    pub marketing_site_url: String,
    /// The product name shown in page titles.
    pub brand_name: String,
}

impl Default for WebSettings {
    fn default() -> Self {
        Self {
            dist_dir: PathBuf::from("web/dist"),
            light_theme_allowed: true,
            engagement_script_url: None,
            marketing_site_url: "https://www.example.co.id".into(),
            brand_name: "Lumbung".into(),
        }
    }
}

/// The operator API.
#[derive(Debug, Clone, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct AdminSettings {
    /// The operator token; the admin API is closed when unset or shorter than 16 characters.
    #[serde(skip_serializing)]
    pub token: Option<SecretString>,
}

/// Maintenance mode at start-up.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct MaintenanceSettings {
    /// Start in maintenance mode.
    pub enabled: bool,
    /// The `Retry-After` clients are told, in seconds.
    pub retry_after_secs: u32,
}

impl Default for MaintenanceSettings {
    fn default() -> Self {
        Self { enabled: false, retry_after_secs: 30 }
    }
}

/// Per-address request rate limits.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct RateLimitSettings {
    /// Sustained API requests per second per client address; 0 turns limiting off.
    pub per_second: u32,
    /// Requests allowed in a burst above the sustained rate.
    pub burst: u32,
    /// Take the client address from `X-Forwarded-For` (only behind a trusted proxy).
    pub trust_forwarded_for: bool,
    /// With `trust_forwarded_for`: how many trusted proxies stand in front of the server; the
    /// client is the entry the outermost of them added, counted from the right.
    pub trusted_proxies: u8,
    /// Browser error reports one caller may send per minute (`POST /api/v1/client-logs`); 0: no limit.
    pub client_log_entries_per_minute: u32,
    /// Analytics events one caller may send per minute (`POST /api/v1/analytics/events`); 0: no limit.
    pub analytics_events_per_minute: u32,
}

impl RateLimitSettings {
    /// Trusted proxy hops in front of the server: 0 unless `X-Forwarded-For` is trusted.
    pub fn trusted_proxy_hops(&self) -> u8 {
        if self.trust_forwarded_for {
            self.trusted_proxies
        } else {
            0
        }
    }
}

impl Default for RateLimitSettings {
    fn default() -> Self {
        Self {
            per_second: 50,
            burst: 100,
            trust_forwarded_for: false,
            trusted_proxies: 1,
            // A page that fails on every render reports a few a second at worst; a person clicks
            // far fewer than this.
            client_log_entries_per_minute: 120,
            analytics_events_per_minute: 600,
        }
    }
}

/// Log output.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct LogSettings {
    /// `human` or `json`.
    pub format: String,
    /// A `tracing` filter such as `info,sqlx=warn`.
    pub filter: String,
}

impl Default for LogSettings {
    fn default() -> Self {
        Self { format: "human".into(), filter: "info,sqlx=warn,tower_http=info".into() }
    }
}

/// Cash-out limits and fee, in whole rupiah, and the disbursement job's pace.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct CashoutSettings {
    /// Smallest cash-out (the fee included).
    pub minimum_rupiah: i64,
    /// Largest single cash-out.
    pub maximum_rupiah: i64,
    /// Transfer fee taken from the amount (BI-FAST costs Rp2.500).
    pub fee_rupiah: i64,
    /// Cash-outs up to this amount go straight to disbursement; larger ones wait for an operator.
    pub auto_approval_limit_rupiah: i64,
    /// How often the disbursement job looks for approved cash-outs.
    pub disburse_interval_ms: u64,
    /// Bank accounts a user may keep at once.
    pub bank_accounts_per_user_max: i64,
}

impl Default for CashoutSettings {
    fn default() -> Self {
        Self {
            minimum_rupiah: 10_000,
            maximum_rupiah: 100_000_000,
            fee_rupiah: 2_500,
            auto_approval_limit_rupiah: 10_000_000,
            disburse_interval_ms: 2_000,
            bank_accounts_per_user_max: 5,
        }
    }
}

/// USD: the conversion spread either side of the simulated USD/IDR mid rate, and the yield rate.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct UsdSettings {
    /// Basis points added to the mid rate when a user buys USD and taken off when they sell.
    pub spread_bps: i64,
    /// USD yield: the annual interest rate in basis points (350 = 3.50% a year), paid daily on the
    /// paln bucket's closing balance of opted-in users.
    pub yield_rate_bps: i64,
}

impl Default for UsdSettings {
    fn default() -> Self {
        Self { spread_bps: 50, yield_rate_bps: 350 }
    }
}

impl Settings {
    /// Loads the layered configuration from the process environment.
    pub fn load() -> Result<Self, Box<figment::Error>> {
        let file = std::env::var("APP_CONFIG_FILE").unwrap_or_else(|_| "config/brokerage.toml".into());
        let mut figment = Figment::from(Serialized::defaults(Settings::default()))
            .merge(Toml::file(file))
            .merge(Env::prefixed("APP_").split("__"));
        if let Ok(url) = std::env::var("DATABASE_URL") {
            figment = figment.merge(Serialized::default("database.url", url));
        }
        figment.extract().map_err(Box::new)
    }

    /// Sandbox mode: the sandbox helpers (development inbox, sandbox payer) exist.
    pub fn sandbox(&self) -> bool {
        self.mode == Mode::Sandbox
    }

    /// The operator token, when one long enough is configured.
    pub fn admin_token(&self) -> Option<&str> {
        self.admin.token.as_ref().map(ExposeSecret::expose_secret).filter(|t| t.len() >= 16)
    }
}

/// Sign-up, log-in, PINs and sessions (DESIGN.md "Auth").
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct AuthSettings {
    /// HMAC key of access tokens; when unset one is generated once and kept in the database.
    #[serde(skip_serializing)]
    pub jwt_secret: Option<SecretString>,
    /// Access-token lifetime.
    pub access_token_ttl_secs: u64,
    /// Refresh-token lifetime.
    pub refresh_token_ttl_days: u64,
    /// One-time code lifetime.
    pub otp_ttl_secs: u64,
    /// Wrong tries a code allows.
    pub otp_attempts_max: u32,
    /// Wait before another code may be sent to the same phone.
    pub otp_resend_cooldown_secs: u64,
    /// Codes per phone per hour.
    pub otp_sends_per_phone_per_hour: u32,
    /// Codes per client address per hour.
    pub otp_sends_per_ip_per_hour: u32,
    /// Wrong codes one client address may send per hour before its checks are refused.
    pub otp_failures_per_ip_per_hour: u32,
    /// Wrong codes one device may send per hour before its checks are refused.
    pub otp_failures_per_device_per_hour: u32,
    /// How long a verified code's token may be used to set or check the PIN.
    pub verification_ttl_secs: u64,
    /// Wrong PINs before the PIN is locked until reset by a code.
    pub pin_attempts_max: u32,
    /// Distinct devices an account may log in from within a day before a further new one is
    /// blocked until the owner unblocks it from another device.
    pub new_devices_per_day_max: u32,
    /// Consecutive failed PINs, and codes of the signed-in owner, before the account is locked for review.
    pub failures_before_review: u32,
    /// argon2id memory in KiB (OWASP: 19456).
    pub argon2_memory_kib: u32,
    /// argon2id passes (OWASP: 2).
    pub argon2_iterations: u32,
    /// argon2id lanes (OWASP: 1).
    pub argon2_parallelism: u32,
    /// PIN hashes computed at once.
    pub hashing_concurrency: usize,
    /// The terms version users must have accepted (older acceptance answers 400 `040`).
    pub terms_version: i64,
    /// Referral-code checks (signup/verify-referral) per client address per hour.
    pub referral_checks_per_ip_per_hour: u32,
    /// Where identity documents (KTP photos, selfies) are stored, outside the database.
    pub documents_dir: std::path::PathBuf,
}

impl Default for AuthSettings {
    fn default() -> Self {
        Self {
            jwt_secret: None,
            access_token_ttl_secs: 15 * 60,
            refresh_token_ttl_days: 30,
            otp_ttl_secs: 5 * 60,
            otp_attempts_max: 5,
            otp_resend_cooldown_secs: 60,
            otp_sends_per_phone_per_hour: 5,
            otp_sends_per_ip_per_hour: 30,
            // Behind a carrier's NAT many honest users share an address; a device is one person.
            otp_failures_per_ip_per_hour: 60,
            otp_failures_per_device_per_hour: 15,
            verification_ttl_secs: 10 * 60,
            pin_attempts_max: 5,
            new_devices_per_day_max: 5,
            failures_before_review: 100,
            argon2_memory_kib: 19_456,
            argon2_iterations: 2,
            argon2_parallelism: 1,
            hashing_concurrency: 2,
            terms_version: 1,
            referral_checks_per_ip_per_hour: 20,
            documents_dir: "data/documents".into(),
        }
    }
}

/// Market data: the sandbox simulator and the `/ws` hub.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct MarketsSettings {
    /// The simulator's seed: the same seed gives the same market on every node.
    pub seed: u64,
    /// Precompute the default instruments' daily candles at start (off in tests to save CPU).
    pub warm_caches: bool,
    /// Open `/ws` connections per server; more are refused with a close frame (1013).
    pub ws_connections_max: usize,
    /// Channels one `/ws` connection may subscribe to.
    pub ws_subscriptions_max: usize,
    /// How often the server pings each `/ws` connection.
    pub ws_ping_interval_secs: u64,
    /// A `/ws` connection silent (no pong, no message) for this long is closed.
    pub ws_idle_timeout_secs: u64,
    /// Open `/ws` connections from one client address; more are refused with a close frame (1013).
    pub ws_connections_per_address_max: usize,
    /// How often a logged-in `/ws` connection checks that its session is still open (logouts on
    /// this node close it at once; this bounds the delay for other nodes and for locks).
    pub ws_session_recheck_secs: u64,
}

impl Default for MarketsSettings {
    fn default() -> Self {
        Self {
            seed: 20_261_101,
            warm_caches: true,
            ws_connections_max: 10_000,
            ws_subscriptions_max: 50,
            ws_ping_interval_secs: 20,
            ws_idle_timeout_secs: 60,
            // A household or an office behind one address opens a few tabs each, not hundreds.
            ws_connections_per_address_max: 40,
            ws_session_recheck_secs: 30,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "s3cret-operator-token-value";

    fn with_secrets() -> Settings {
        let toml = format!(
            "[admin]\ntoken = \"{SECRET}\"\n[auth]\njwt_secret = \"{SECRET}-{SECRET}\"\n[telegram]\nwebhook_secret = \"{SECRET}\"\n[providers.smtp]\npassword = \"{SECRET}\"\n[database]\nurl = \"postgres://app:{SECRET}@db/lumbung\"\n"
        );
        Figment::from(Serialized::defaults(Settings::default())).merge(Toml::string(&toml)).extract().unwrap()
    }

    #[test]
    fn secrets_are_read_from_configuration_and_usable() {
        let settings = with_secrets();
        assert_eq!(settings.admin_token(), Some(SECRET));
        assert_eq!(settings.telegram.webhook_secret(), Some(SECRET));
        assert_eq!(
            settings.providers.smtp.password.as_ref().map(|s| s.expose_secret().to_owned()),
            Some(SECRET.into())
        );
        assert_eq!(settings.auth.jwt_secret.as_ref().map(|s| s.expose_secret().len()), Some(2 * SECRET.len() + 1));
    }

    #[test]
    fn secrets_never_show_in_debug_output_or_serialised_settings() {
        let settings = with_secrets();
        assert!(!format!("{settings:?}").contains(SECRET));
        assert!(!serde_json::to_string(&settings).unwrap().contains(SECRET));
    }
}
