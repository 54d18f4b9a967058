//! Linking a Telegram chat: the app asks for a deep link `https://t.me/<bot>?start=<token>`; the
//! user presses Start in Telegram, which sends `/start <token>` to the bot; Telegram delivers that
//! message to our webhook, which uses the token up and links the chat to the token's user.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use domain::clock::ms;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{messages, repo};
use crate::api::auth::AuthUser;
use crate::api::SecretData;
use crate::api::{ApiError, ApiResult, Data};
use crate::features::identity::secrets::{digest, opaque_token};
use crate::state::AppState;

/// The header Telegram puts the webhook's `secret_token` in.
pub const SECRET_HEADER: &str = "x-telegram-bot-api-secret-token";
/// Longest message text looked at.
const TEXT_CHARS_MAX: usize = 256;

/// A deep link to the bot.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeepLink {
    /// `https://t.me/<bot>?start=<token>`; single use.
    pub url: String,
    /// When the link stops working, RFC 3339.
    pub expires_at: String,
}

/// A new single-use deep link to the bot (older unused ones stop working).
#[utoipa::path(post, path = "/v1/user/telegram/deep-link", tag = "preferences", security(("bearer" = [])),
    responses((status = 200, body = Data<DeepLink>), (status = 401, body = crate::api::ErrorBody)))]
pub async fn deep_link(State(state): State<AppState>, caller: AuthUser) -> ApiResult<SecretData<DeepLink>> {
    let settings = &state.settings.telegram;
    // 43 URL-safe characters: inside Telegram's start-parameter alphabet and 64-character limit.
    let token = opaque_token();
    let now = state.clock.now_ms();
    let expires_at_ms = now + ms::from_secs(settings.link_ttl_secs);
    repo::new_link_token(&state.db, &caller.user_id, &digest(&token), now, expires_at_ms).await?;
    let expires_at = chrono::DateTime::from_timestamp_millis(expires_at_ms)
        .ok_or_else(|| ApiError::internal("expiry out of range"))?
        .to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    Ok(SecretData::new(DeepLink { url: format!("https://t.me/{}?start={token}", settings.bot_username), expires_at }))
}

/// Unlinks the caller's Telegram chat (204; 404 when none is linked).
#[utoipa::path(delete, path = "/v1/user/telegram/link", tag = "preferences", security(("bearer" = [])),
    responses((status = 204, description = "Unlinked"), (status = 404, body = crate::api::ErrorBody)))]
pub async fn unlink(State(state): State<AppState>, caller: AuthUser) -> ApiResult<StatusCode> {
    if !repo::unlink_telegram(&state.db, &caller.user_id).await? {
        return Err(ApiError::not_found());
    }
    Ok(StatusCode::NO_CONTENT)
}

/// The part of a Telegram `Update` the bot reads; other fields are ignored.
#[derive(Debug, Deserialize, ToSchema)]
pub struct TelegramUpdate {
    /// Telegram's update id.
    pub update_id: i64,
    /// A new message, when the update is one.
    pub message: Option<TelegramMessage>,
}

/// A Telegram message.
#[derive(Debug, Deserialize, ToSchema)]
pub struct TelegramMessage {
    /// The chat it was sent in.
    pub chat: TelegramChat,
    /// The sender.
    pub from: Option<TelegramUser>,
    /// The text, e.g. `/start <token>`.
    pub text: Option<String>,
}

/// A Telegram chat.
#[derive(Debug, Deserialize, ToSchema)]
pub struct TelegramChat {
    /// Chat id.
    pub id: i64,
    /// `private`, `group`, `supergroup` or `channel`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The chat's username.
    pub username: Option<String>,
}

/// A Telegram user.
#[derive(Debug, Deserialize, ToSchema)]
pub struct TelegramUser {
    /// IETF language tag of the user's Telegram client.
    pub language_code: Option<String>,
}

/// The webhook's answer: Telegram runs a method given in the response, here a reply to the chat.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct TelegramReply {
    /// `sendMessage`, or absent when there is nothing to say.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    /// The chat to answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chat_id: Option<i64>,
    /// The reply.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// Telegram's webhook. Needs `X-Telegram-Bot-Api-Secret-Token` equal to the configured secret
/// (401 otherwise; 404 when no secret is configured). `/start <token>` in a private chat links the
/// chat to the token's user; every other update is acknowledged and ignored so Telegram does not
/// redeliver it.
#[utoipa::path(post, path = "/v1/telegram/webhook", tag = "preferences", request_body = TelegramUpdate,
    params(("X-Telegram-Bot-Api-Secret-Token" = String, Header, description = "The webhook's secret token")),
    responses((status = 200, body = TelegramReply), (status = 401, body = crate::api::ErrorBody),
        (status = 404, body = crate::api::ErrorBody)))]
pub async fn webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> ApiResult<axum::Json<TelegramReply>> {
    let Some(expected) = state.settings.telegram.webhook_secret() else {
        return Err(ApiError::not_found());
    };
    let given = headers.get(SECRET_HEADER).and_then(|v| v.to_str().ok()).unwrap_or("");
    if !crate::features::identity::secrets::digests_equal(&digest(given), &digest(expected)) {
        return Err(messages::webhook_unauthorized());
    }
    // Parsed after the secret check so strangers learn nothing from parse errors.
    let update: TelegramUpdate =
        serde_json::from_slice(&body).map_err(|e| ApiError::invalid(format!("update: {e}")))?;
    let Some(message) = update.message else { return Ok(axum::Json(nothing())) };
    let Some(token) = message.text.as_deref().and_then(start_token) else { return Ok(axum::Json(nothing())) };
    if message.chat.kind != "private" {
        return Ok(axum::Json(nothing()));
    }
    let indonesian = message.from.as_ref().and_then(|f| f.language_code.as_deref()).is_none_or(|l| l.starts_with("id"));
    let username = message.chat.username.as_deref().map(|u| u.chars().take(64).collect::<String>());
    let linked = repo::consume_link_token(
        &state.db,
        &digest(token),
        &message.chat.id.to_string(),
        username.as_deref(),
        state.clock.now_ms(),
    )
    .await?;
    tracing::info!(update_id = update.update_id, linked = linked.is_some(), "telegram start");
    let text = match (linked.is_some(), indonesian) {
        (true, true) => "Telegram terhubung. Notifikasi akan dikirim ke sini.",
        (true, false) => "Telegram is connected. Notifications will arrive here.",
        (false, true) => "Tautan sudah tidak berlaku. Buat tautan baru di aplikasi.",
        (false, false) => "This link is no longer valid. Create a new one in the app.",
    };
    Ok(axum::Json(TelegramReply {
        method: Some("sendMessage".into()),
        chat_id: Some(message.chat.id),
        text: Some(text.into()),
    }))
}

fn nothing() -> TelegramReply {
    TelegramReply { method: None, chat_id: None, text: None }
}

/// The token of `/start <token>` (also `/start@Bot <token>`), if the text is one.
fn start_token(text: &str) -> Option<&str> {
    if text.chars().count() > TEXT_CHARS_MAX {
        return None;
    }
    let mut words = text.split_whitespace();
    let command = words.next()?;
    if command != "/start" && !command.starts_with("/start@") {
        return None;
    }
    let token = words.next()?;
    let ok = words.next().is_none()
        && (1..=64).contains(&token.len())
        && token.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    ok.then_some(token)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_commands_carry_their_token() {
        assert_eq!(start_token("/start abc-_1"), Some("abc-_1"));
        assert_eq!(start_token("/start@LumbungBot abc"), Some("abc"));
        assert_eq!(start_token("/start"), None);
        assert_eq!(start_token("/stop abc"), None);
        assert_eq!(start_token("/start a b"), None);
        assert_eq!(start_token("/start a<b"), None);
    }
}
