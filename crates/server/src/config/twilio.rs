//! SMS through Twilio's Messages API (`providers.sms = "twilio"`): the account, the sender, the
//! retries and the per-destination circuit breaker (docs/operations.md "SMS (Twilio)").

use secrecy::SecretString;
use serde::{Deserialize, Serialize};

/// The Twilio connection.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct TwilioSettings {
    /// API origin, without a trailing slash (tests point it at a fake server).
    pub base_url: String,
    /// The account SID (`AC…`), the Basic auth user name.
    pub account_sid: String,
    /// The auth token: the Basic auth password and the key of `X-Twilio-Signature`.
    #[serde(skip_serializing)]
    pub auth_token: Option<SecretString>,
    /// The sender: a Twilio number in E.164 or an alphanumeric sender ID registered for Indonesia.
    pub from: String,
    /// Longest wait for one answer.
    pub timeout_ms: u64,
    /// Tries of one message on a timeout, 429 or 5xx (never on another 4xx).
    pub attempts: u32,
    /// Pause before the second try; doubled before each further one.
    pub retry_backoff_ms: u64,
    /// Consecutive failed messages to one number that open its circuit.
    pub breaker_failures: u32,
    /// How long an open circuit refuses messages before one trial message is let through.
    pub breaker_cooldown_ms: u64,
}

impl Default for TwilioSettings {
    fn default() -> Self {
        Self {
            base_url: "https://api.twilio.com".into(),
            account_sid: String::new(),
            auth_token: None,
            from: String::new(),
            timeout_ms: 10_000,
            attempts: 3,
            retry_backoff_ms: 500,
            breaker_failures: 3,
            breaker_cooldown_ms: 5 * 60 * 1000,
        }
    }
}
