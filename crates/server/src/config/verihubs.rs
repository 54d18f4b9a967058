//! Identity verification through Verihubs (`providers.kyc = "verihubs"`): the API, its keys and
//! the callback secret, the reconciliation of missed callbacks (docs/identity.md "Identity verification (Verihubs)").

use secrecy::SecretString;
use serde::{Deserialize, Serialize};

/// The Verihubs connection.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct VerihubsSettings {
    /// API origin, without a trailing slash (tests point it at a fake server).
    pub base_url: String,
    /// The application id, sent in `App-ID`.
    pub app_id: String,
    /// The API key, sent in `API-Key`.
    #[serde(skip_serializing)]
    pub api_key: Option<SecretString>,
    /// The key of the callbacks' `X-Verihubs-Signature` (HMAC-SHA256 of the body).
    #[serde(skip_serializing)]
    pub callback_secret: Option<SecretString>,
    /// Longest wait for one answer.
    pub timeout_ms: u64,
    /// Tries of one submission (the same reference each time) on a timeout, 429 or 5xx.
    pub attempts: u32,
    /// Pause before the second try; doubled before each further one.
    pub retry_backoff_ms: u64,
    /// A verification still awaiting its callback this long after it was sent is asked about
    /// (a missed callback), and again this long after each question left it undecided.
    pub reconcile_after_secs: u64,
}

impl Default for VerihubsSettings {
    fn default() -> Self {
        Self {
            base_url: "https://api.verihubs.com".into(),
            app_id: String::new(),
            api_key: None,
            callback_secret: None,
            timeout_ms: 15_000,
            attempts: 3,
            retry_backoff_ms: 500,
            reconcile_after_secs: 10 * 60,
        }
    }
}
