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

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

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
