//! Preferences settings: the Telegram bot and the support site.

use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize};

/// The Telegram bot.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct TelegramSettings {
    /// The bot's username, without `@` (deep links point to `https://t.me/<bot_username>`).
    pub bot_username: String,
    /// The `secret_token` given to Telegram's `setWebhook`; Telegram sends it back in
    /// `X-Telegram-Bot-Api-Secret-Token`. Unset (or shorter than 16 characters) closes the webhook (404).
    #[serde(skip_serializing)]
    pub webhook_secret: Option<SecretString>,
    /// How long a deep link may be used.
    pub link_ttl_secs: u64,
}

impl Default for TelegramSettings {
    fn default() -> Self {
        Self { bot_username: "LumbungSandboxBot".into(), webhook_secret: None, link_ttl_secs: 10 * 60 }
    }
}

impl TelegramSettings {
    /// The webhook secret, when one long enough is configured.
    pub fn webhook_secret(&self) -> Option<&str> {
        self.webhook_secret.as_ref().map(ExposeSecret::expose_secret).filter(|s| s.len() >= 16)
    }
}

/// The support site.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct SupportSettings {
    /// Where a support log-in (`/login?loginSalesforce=true`) sends the browser, with the user's
    /// `salesforceIdentifier` added to the query.
    pub url: String,
}

impl Default for SupportSettings {
    fn default() -> Self {
        Self { url: "https://support.example.co.id/s/login".into() }
    }
}
