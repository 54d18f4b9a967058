//! Sandbox only: the SMS and e-mails the sandbox "sent", so developers and tests can read their codes.

use axum::extract::{Query, State};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::dev_inbox_repo;
use super::email::EmailAddress;
use super::messages;
use super::phone::Phone;
use crate::api::{ApiError, ApiResult, Data};
use crate::state::AppState;

/// Messages kept per answer.
const INBOX_MESSAGES_MAX: i64 = 20;

/// Whose inbox: a phone or an e-mail address.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct InboxQuery {
    /// The phone number, any usual form.
    pub phone: Option<String>,
    /// The e-mail address.
    pub email: Option<String>,
}

/// One message the sandbox sent.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InboxMessage {
    /// `SMS` or `EMAIL`.
    pub channel: String,
    /// Recipient: E.164 phone or e-mail address.
    pub destination: String,
    /// Recipient phone, E.164 (SMS only).
    pub phone: Option<String>,
    /// The text.
    pub body: String,
    /// The code it carried.
    pub code: Option<String>,
    /// SIGNUP, LOGIN, FORGOT_PIN, PHONE_CHANGE or EMAIL_CHANGE.
    pub purpose: Option<String>,
    /// When, Unix ms.
    pub sent_at_ms: i64,
}

/// The latest messages to a phone (`?phone=`) or an e-mail address (`?email=`), newest first
/// (sandbox mode only).
#[utoipa::path(get, path = "/dev/otp-inbox", tag = "sandbox", params(InboxQuery),
    responses((status = 200, body = Data<Vec<InboxMessage>>), (status = 400, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
pub async fn inbox(
    State(state): State<AppState>,
    Query(query): Query<InboxQuery>,
) -> ApiResult<Data<Vec<InboxMessage>>> {
    if !state.settings.sandbox() {
        return Err(ApiError::not_found());
    }
    let (channel, destination) = match (&query.phone, &query.email) {
        (Some(phone), None) => ("SMS", Phone::parse(phone).ok_or_else(messages::invalid_phone)?.as_str().to_string()),
        (None, Some(email)) => {
            ("EMAIL", EmailAddress::parse(email).ok_or_else(messages::invalid_email)?.as_str().to_string())
        }
        _ => return Err(ApiError::invalid("phone or email")),
    };
    let rows = dev_inbox_repo::latest(&state.db, channel, &destination, INBOX_MESSAGES_MAX).await?;
    let messages = rows
        .into_iter()
        .map(|row| InboxMessage {
            phone: (row.channel == "SMS").then(|| row.destination.clone()),
            channel: row.channel,
            destination: row.destination,
            body: row.body,
            code: row.code,
            purpose: row.purpose,
            sent_at_ms: row.sent_at_ms,
        })
        .collect();
    Ok(Data::new(messages))
}
