//! Sandbox only: the SMS the sandbox "sent", so developers and tests can read their codes.

use axum::extract::{Query, State};
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::{IntoParams, ToSchema};

use super::messages;
use super::phone::Phone;
use crate::api::{ApiError, ApiResult, Data};
use crate::state::AppState;

/// Messages kept per answer.
const INBOX_MESSAGES_MAX: i64 = 20;

/// Whose inbox.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct InboxQuery {
    /// The phone number, any usual form.
    pub phone: String,
}

/// One message the sandbox sent.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InboxMessage {
    /// Recipient, E.164.
    pub phone: String,
    /// The text.
    pub body: String,
    /// The code it carried.
    pub code: Option<String>,
    /// SIGNUP, LOGIN or FORGOT_PIN.
    pub purpose: Option<String>,
    /// When, Unix ms.
    pub sent_at_ms: i64,
}

/// The latest messages to a phone, newest first (sandbox mode only).
#[utoipa::path(get, path = "/dev/otp-inbox", tag = "sandbox", params(InboxQuery),
    responses((status = 200, body = Data<Vec<InboxMessage>>), (status = 404, body = crate::api::ErrorBody)))]
pub async fn inbox(
    State(state): State<AppState>,
    Query(query): Query<InboxQuery>,
) -> ApiResult<Data<Vec<InboxMessage>>> {
    if !state.settings.sandbox {
        return Err(ApiError::not_found());
    }
    let phone = Phone::parse(&query.phone).ok_or_else(messages::invalid_phone)?;
    let rows = sqlx::query(
        "select phone_e164, body, code, purpose, sent_at_ms from dev_sms_inbox where phone_e164 = $1 \
         order by id desc limit $2",
    )
    .bind(phone.as_str())
    .bind(INBOX_MESSAGES_MAX)
    .fetch_all(state.db.pool())
    .await
    .map_err(ApiError::internal)?;
    let messages = rows
        .iter()
        .map(|row| {
            Ok(InboxMessage {
                phone: row.try_get("phone_e164")?,
                body: row.try_get("body")?,
                code: row.try_get("code")?,
                purpose: row.try_get("purpose")?,
                sent_at_ms: row.try_get("sent_at_ms")?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()
        .map_err(ApiError::internal)?;
    Ok(Data::new(messages))
}
