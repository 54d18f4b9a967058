//! Setting or changing the e-mail address: the PIN, then a code to the new address, which yields a short-lived
//! single-use change token; `update-user-data` applies the address with that token (and any
//! optional profile fields). The unique index on `users.email` keeps one account per address.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::contact_change::send_code;
use super::email::EmailAddress;
use super::messages;
use super::otp::{self, Destination, Purpose};
use super::profile_fields::{IncomeRange, InvestmentGoal, Occupation, StoredEnum};
use super::repo::SecurityEvent;
use super::user_details::UserDetails;
use super::{profile_repo, repo};
use crate::api::auth::{AuthUser, ClientAddr};
use crate::api::SecretData;
use crate::api::{ApiJson, ApiResult, ClientHeaders, Data};
use crate::state::AppState;

/// The address to verify, confirmed by the PIN: the address receives statements and can reset
/// nothing, but a stolen session must not be able to redirect the account's mail.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EmailChangeRequest {
    /// The new address.
    pub email: String,
    /// The account's PIN.
    #[schema(pattern = "^[0-9]{6}$")]
    pub pin: String,
}

/// A code was e-mailed.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailOtpSent {
    /// The challenge to verify against.
    pub otp_id: String,
    /// The address it went to, masked.
    pub email: String,
    /// Seconds until the code expires.
    pub expires_in_secs: u64,
    /// Seconds until another code may be asked for.
    pub resend_after_secs: u64,
}

/// The code e-mailed to the new address.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EmailChangeVerifyRequest {
    /// From email-change/get-otp.
    pub otp_id: String,
    /// The six digits received.
    pub otp: String,
}

/// The address is verified: apply it with this token at update-user-data.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailVerified {
    /// Single-use token for update-user-data.
    pub change_token: String,
    /// Seconds it stays valid.
    pub expires_in_secs: u64,
}

/// What to change; every field is optional but at least one must be given.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UpdateUserDataRequest {
    /// A new e-mail address, with the change token its code gave.
    #[serde(default)]
    pub email: Option<String>,
    /// From email-change/verify-otp; needed with `email`.
    #[serde(default)]
    pub change_token: Option<String>,
    /// Occupation.
    #[serde(default)]
    pub occupation: Option<Occupation>,
    /// Yearly income range.
    #[serde(default)]
    pub income_range: Option<IncomeRange>,
    /// Main investment goal.
    #[serde(default)]
    pub investment_goal: Option<InvestmentGoal>,
}

fn parse_email(text: &str) -> ApiResult<EmailAddress> {
    EmailAddress::parse(text).ok_or_else(messages::invalid_email)
}

/// E-mails a code to the new address after checking the PIN; refuses the current address (400
/// `email_same`) and one another account has (409 `email_taken`).
#[utoipa::path(post, path = "/v1/user/email-change/get-otp", tag = "identity", security(("bearer" = [])),
    request_body = EmailChangeRequest,
    responses((status = 200, body = Data<EmailOtpSent>), (status = 400, body = crate::api::ErrorBody),
        (status = 409, body = crate::api::ErrorBody), (status = 429, body = crate::api::ErrorBody)))]
pub async fn get_otp(
    State(state): State<AppState>,
    caller: AuthUser,
    headers: ClientHeaders,
    addr: ClientAddr,
    ApiJson(body): ApiJson<EmailChangeRequest>,
) -> ApiResult<Data<EmailOtpSent>> {
    let email = parse_email(&body.email)?;
    let sent =
        send_code(&state, &caller, &body.pin, Destination::Email(email), Purpose::EmailChange, &headers, &addr).await?;
    Ok(Data::new(EmailOtpSent {
        otp_id: sent.otp_id,
        email: sent.phone,
        expires_in_secs: sent.expires_in_secs,
        resend_after_secs: sent.resend_after_secs,
    }))
}

/// Checks the e-mailed code; the change token it returns applies the address at update-user-data.
#[utoipa::path(post, path = "/v1/user/email-change/verify-otp", tag = "identity", security(("bearer" = [])),
    request_body = EmailChangeVerifyRequest,
    responses((status = 200, body = Data<EmailVerified>), (status = 400, body = crate::api::ErrorBody),
        (status = 404, body = crate::api::ErrorBody)))]
pub async fn verify_otp(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<EmailChangeVerifyRequest>,
) -> ApiResult<SecretData<EmailVerified>> {
    let (_, verified) = otp::verify_for(
        &state,
        &body.otp_id,
        &body.otp,
        Purpose::EmailChange,
        Some(&caller.user_id),
        otp::Guesser::default(),
    )
    .await?;
    Ok(SecretData::new(EmailVerified {
        change_token: verified.verification_token,
        expires_in_secs: verified.expires_in_secs,
    }))
}

/// Applies a verified e-mail address and optional profile data, all or nothing.
#[utoipa::path(post, path = "/v1/user/update-user-data", tag = "identity", security(("bearer" = [])),
    request_body = UpdateUserDataRequest,
    responses((status = 200, body = Data<UserDetails>), (status = 400, body = crate::api::ErrorBody),
        (status = 409, body = crate::api::ErrorBody)))]
pub async fn update_user_data(
    State(state): State<AppState>,
    caller: AuthUser,
    headers: ClientHeaders,
    ClientAddr(ip): ClientAddr,
    ApiJson(body): ApiJson<UpdateUserDataRequest>,
) -> ApiResult<Data<UserDetails>> {
    let email = body.email.as_deref().map(parse_email).transpose()?;
    if email.is_some() != body.change_token.is_some() {
        return Err(messages::email_not_verified());
    }
    if email.is_none() && body.occupation.is_none() && body.income_range.is_none() && body.investment_goal.is_none() {
        return Err(messages::nothing_to_update());
    }
    let mut tx = state.db.begin_write().await?;
    if let (Some(email), Some(token)) = (&email, &body.change_token) {
        let verified =
            otp::claim_verification(&mut tx.tx, token, Purpose::EmailChange, &caller.user_id, state.clock.now_ms())
                .await?;
        if verified != email.as_str() {
            return Err(messages::email_not_verified());
        }
        match profile_repo::set_email(&mut tx.tx, &caller.user_id, email.as_str()).await {
            Err(e) if e.is_unique_violation() => return Err(messages::email_taken()),
            other => other?,
        };
    }
    let fields = profile_repo::ProfileFields {
        occupation: body.occupation.map(StoredEnum::as_str),
        income_range: body.income_range.map(StoredEnum::as_str),
        investment_goal: body.investment_goal.map(StoredEnum::as_str),
    };
    profile_repo::set_profile(&mut tx.tx, &caller.user_id, fields).await?;
    tx.commit().await?;
    if let Some(email) = &email {
        let masked = email.masked();
        let event = SecurityEvent::of("email_changed", &caller.user_id).about(&masked);
        repo::log_security(
            &state.db,
            event.from_client(ip.as_deref(), headers.device_id.as_deref()),
            state.clock.now_ms(),
        )
        .await;
    }
    super::account::me(State(state), caller).await
}
