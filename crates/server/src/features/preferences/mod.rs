//! A user's preferences and the small calls around them: notification settings per category and
//! channel, the Telegram link (deep link + the bot's webhook), beta feedback, client metadata and
//! the support site's (Salesforce) identifier. See `docs/identity.md` "Preferences".

mod feedback;
mod messages;
mod metadata;
mod notifications;
mod repo;
mod salesforce;
mod telegram;

use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

/// The Telegram bot.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct TelegramSettings {
    /// The bot's username, without `@` (deep links point to `https://t.me/<bot_username>`).
    pub bot_username: String,
    /// The `secret_token` given to Telegram's `setWebhook`; Telegram sends it back in
    /// `X-Telegram-Bot-Api-Secret-Token`. Unset (or shorter than 16 characters) closes the webhook (404).
    pub webhook_secret: Option<String>,
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
        self.webhook_secret.as_deref().filter(|s| s.len() >= 16)
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

/// Routes of this feature.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(notifications::get_settings, notifications::put_settings))
        .routes(routes!(telegram::deep_link))
        .routes(routes!(telegram::unlink))
        .routes(routes!(telegram::webhook))
        .routes(routes!(feedback::submit))
        .routes(routes!(metadata::read, metadata::save))
        .routes(routes!(salesforce::web_info))
}

/// Operator routes of this feature (under `/api/admin`).
pub fn admin_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(feedback::admin_list))
}
