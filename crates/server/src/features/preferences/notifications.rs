//! Notification settings (R2.16): which kinds of message reach the user on which channel. The
//! catalogue below fixes the cells that exist and their defaults; the database keeps only the
//! cells a user changed, so a new category or a changed default reaches everyone who never chose.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{messages, repo};
use crate::api::auth::AuthUser;
use crate::api::{ApiError, ApiJson, ApiResult, Data};
use crate::state::AppState;

/// Most changes in one request (the whole grid has fewer cells).
pub const CHANGES_MAX: usize = 32;

/// A delivery channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    /// Mobile and browser push.
    Push,
    /// E-mail.
    Email,
    /// The Telegram bot, once linked.
    Telegram,
    /// SMS: only for security messages, which cannot be turned off.
    Sms,
}

impl Channel {
    const ALL: [Channel; 4] = [Channel::Push, Channel::Email, Channel::Telegram, Channel::Sms];

    /// The wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Push => "PUSH",
            Channel::Email => "EMAIL",
            Channel::Telegram => "TELEGRAM",
            Channel::Sms => "SMS",
        }
    }

    fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.as_str() == text)
    }
}

/// One cell of the grid: on by default or not, and whether the user may change it.
#[derive(Debug, Clone, Copy)]
struct Cell {
    channel: Channel,
    default_on: bool,
    locked: bool,
}

const fn cell(channel: Channel, default_on: bool) -> Cell {
    Cell { channel, default_on, locked: false }
}

const fn locked(channel: Channel) -> Cell {
    Cell { channel, default_on: true, locked: true }
}

/// The categories in display order with their cells. Marketing is opt-in (UU PDP consent);
/// Telegram is on for transactional messages but only delivers once a chat is linked.
const CATALOGUE: &[(&str, &[Cell])] = &[
    ("ORDER_FILLS", &[cell(Channel::Push, true), cell(Channel::Email, true), cell(Channel::Telegram, true)]),
    ("PRICE_ALERTS", &[cell(Channel::Push, true), cell(Channel::Email, false), cell(Channel::Telegram, true)]),
    ("WALLET", &[cell(Channel::Push, true), cell(Channel::Email, true), cell(Channel::Telegram, true)]),
    ("NEWS", &[cell(Channel::Push, false), cell(Channel::Email, false), cell(Channel::Telegram, false)]),
    ("PROMOTIONS", &[cell(Channel::Push, false), cell(Channel::Email, false), cell(Channel::Telegram, false)]),
    ("SECURITY", &[locked(Channel::Push), locked(Channel::Email), locked(Channel::Sms)]),
];

fn find_cell(category: &str, channel: Channel) -> Option<Cell> {
    CATALOGUE.iter().find(|(name, _)| *name == category)?.1.iter().copied().find(|c| c.channel == channel)
}

/// The caller's settings.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationSettings {
    /// Every category in display order.
    pub categories: Vec<CategorySettings>,
    /// A Telegram chat is linked (Telegram cells deliver only then).
    pub telegram_linked: bool,
    /// The linked chat's Telegram username, when it has one.
    pub telegram_username: Option<String>,
}

/// One category's channels.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategorySettings {
    /// ORDER_FILLS, PRICE_ALERTS, WALLET (deposits and withdrawals), NEWS, PROMOTIONS or SECURITY.
    pub category: String,
    /// The channels this category can use.
    pub channels: Vec<ChannelSetting>,
}

/// One cell.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChannelSetting {
    /// PUSH, EMAIL, TELEGRAM or SMS.
    pub channel: String,
    /// Messages of this category go to this channel.
    pub enabled: bool,
    /// Cannot be changed (security messages).
    pub locked: bool,
    /// The channel can deliver now (Telegram needs a linked chat).
    pub available: bool,
}

/// Changes to make, all or none.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NotificationSettingsUpdate {
    /// 1 to 32 cells.
    pub settings: Vec<SettingChange>,
}

/// One cell to set.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SettingChange {
    /// A category of the catalogue.
    pub category: String,
    /// A channel that category offers.
    pub channel: String,
    /// On or off.
    pub enabled: bool,
}

/// The caller's notification settings.
#[utoipa::path(get, path = "/v1/user/notification-settings", tag = "preferences", security(("bearer" = [])),
    responses((status = 200, body = Data<NotificationSettings>), (status = 401, body = crate::api::ErrorBody)))]
pub async fn get_settings(State(state): State<AppState>, caller: AuthUser) -> ApiResult<Data<NotificationSettings>> {
    Ok(Data::new(view(&state, &caller.user_id).await?))
}

/// Changes some cells; unknown categories or channels, cells a category does not offer, turning a
/// security cell off, or Telegram cells without a linked chat answer 400/409 and change nothing.
#[utoipa::path(put, path = "/v1/user/notification-settings", tag = "preferences", security(("bearer" = [])),
    request_body = NotificationSettingsUpdate,
    responses((status = 200, body = Data<NotificationSettings>), (status = 400, body = crate::api::ErrorBody),
        (status = 409, body = crate::api::ErrorBody)))]
pub async fn put_settings(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<NotificationSettingsUpdate>,
) -> ApiResult<Data<NotificationSettings>> {
    if body.settings.is_empty() || body.settings.len() > CHANGES_MAX {
        return Err(ApiError::invalid(format!("settings: 1..={CHANGES_MAX} items")));
    }
    let linked = repo::telegram_link(&state.db, &caller.user_id).await?.is_some();
    let mut changes = Vec::with_capacity(body.settings.len());
    for change in &body.settings {
        let channel = Channel::parse(&change.channel)
            .ok_or_else(|| ApiError::invalid(format!("channel: unknown {:?}", change.channel)))?;
        let cell = find_cell(&change.category, channel)
            .ok_or_else(|| ApiError::invalid(format!("{}/{}: no such setting", change.category, change.channel)))?;
        if cell.locked {
            if !change.enabled {
                return Err(messages::setting_locked());
            }
            continue;
        }
        if channel == Channel::Telegram && !linked {
            return Err(messages::telegram_not_linked());
        }
        changes.push((change.category.as_str(), channel.as_str(), change.enabled));
    }
    repo::save_notification_settings(&state.db, &caller.user_id, &changes, state.clock.now_ms()).await?;
    Ok(Data::new(view(&state, &caller.user_id).await?))
}

async fn view(state: &AppState, user_id: &str) -> ApiResult<NotificationSettings> {
    let stored = repo::notification_settings(&state.db, user_id).await?;
    let link = repo::telegram_link(&state.db, user_id).await?;
    let linked = link.is_some();
    let categories = CATALOGUE
        .iter()
        .map(|(category, cells)| CategorySettings {
            category: category.to_string(),
            channels: cells
                .iter()
                .map(|cell| {
                    let chosen = stored
                        .iter()
                        .find(|(c, ch, _)| c == category && ch == cell.channel.as_str())
                        .map(|(_, _, enabled)| *enabled);
                    ChannelSetting {
                        channel: cell.channel.as_str().into(),
                        enabled: if cell.locked { true } else { chosen.unwrap_or(cell.default_on) },
                        locked: cell.locked,
                        available: cell.channel != Channel::Telegram || linked,
                    }
                })
                .collect(),
        })
        .collect();
    Ok(NotificationSettings { categories, telegram_linked: linked, telegram_username: link.and_then(|l| l.username) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sms_is_offered_only_for_security_and_security_is_locked_on() {
        for (category, cells) in CATALOGUE {
            for cell in *cells {
                if cell.channel == Channel::Sms {
                    assert_eq!(*category, "SECURITY");
                }
                if *category == "SECURITY" {
                    assert!(cell.locked && cell.default_on);
                }
            }
        }
    }

    #[test]
    fn promotions_are_opt_in() {
        for channel in Channel::ALL {
            assert!(find_cell("PROMOTIONS", channel).is_none_or(|c| !c.default_on));
        }
    }
}
