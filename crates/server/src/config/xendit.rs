//! Xendit (`providers.payments = "xendit"`, `providers.bank = "xendit"`): the API, its keys and
//! the reconciliation of missed callbacks (docs/wallet.md "Xendit").

use secrecy::SecretString;
use serde::{Deserialize, Serialize};

/// The Xendit connection.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct XenditSettings {
    /// API origin, without a trailing slash (tests point it at a fake server).
    pub base_url: String,
    /// The secret API key (Basic auth user name, empty password).
    #[serde(skip_serializing)]
    pub secret_key: Option<SecretString>,
    /// The callback verification token of the dashboard, sent back in `x-callback-token`.
    #[serde(skip_serializing)]
    pub callback_token: Option<SecretString>,
    /// Longest wait for one answer.
    pub timeout_ms: u64,
    /// Tries of one call (the same idempotency key each time) on a timeout, 429 or 5xx.
    pub attempts: u32,
    /// Pause before the second try; doubled before each further one.
    pub retry_backoff_ms: u64,
    /// A payment or disbursement still pending this long after it was issued is asked about (a
    /// missed callback).
    pub reconcile_after_secs: u64,
    /// Origin of the bank account validation API (Xendit's name validator, served by its
    /// identity arm), used when a user adds a bank account.
    pub validation_base_url: String,
    /// The key of the validation API when it is not the secret key.
    #[serde(skip_serializing)]
    pub validation_key: Option<SecretString>,
    /// Where the e-wallet app sends the payer back to.
    pub return_url: String,
}

impl Default for XenditSettings {
    fn default() -> Self {
        Self {
            base_url: "https://api.xendit.co".into(),
            secret_key: None,
            callback_token: None,
            timeout_ms: 10_000,
            attempts: 3,
            retry_backoff_ms: 500,
            reconcile_after_secs: 5 * 60,
            validation_base_url: "https://api.iluma.ai".into(),
            validation_key: None,
            return_url: "https://app.example.co.id/balance/topup".into(),
        }
    }
}
