//! Sign-up and log-in: phone → one-time code → verification token (the PIN step follows in
//! `pin_routes`). Also whether a number may log in (`/api/v4/user/login/validate/phone`).

use axum::extract::State;
use domain::identity::AccountStatus;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::messages;
use super::otp::{self, OtpSent, OtpVerified, Purpose};
use super::phone::Phone;
use super::repo;
use crate::api::auth::ClientAddr;
use crate::api::SecretData;
use crate::api::{ApiJson, ApiResult, ClientHeaders, Data};
use crate::state::AppState;

/// A phone number typed by the user.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PhoneRequest {
    /// Any usual form: `0812…`, `+62 812…`; other countries with `+`.
    pub phone: String,
}

/// A code typed by the user.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VerifyOtpRequest {
    /// From the send call.
    pub otp_id: String,
    /// The six digits received.
    pub code: String,
}

/// Whether a number is registered and may log in.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhoneValidation {
    /// The number in E.164.
    pub phone: String,
    /// An account exists for it.
    pub registered: bool,
    /// It may log in now (registered, not locked for review).
    pub can_login: bool,
}

fn parse_phone(text: &str) -> ApiResult<Phone> {
    Phone::parse(text).ok_or_else(messages::invalid_phone)
}

/// Sends a sign-up code to a number that has no account yet.
#[utoipa::path(post, path = "/v1/user/signup/phone", tag = "identity", request_body = PhoneRequest,
    responses((status = 200, body = Data<OtpSent>), (status = 409, body = crate::api::ErrorBody), (status = 429, body = crate::api::ErrorBody)))]
pub async fn signup_phone(
    State(state): State<AppState>,
    headers: ClientHeaders,
    ClientAddr(ip): ClientAddr,
    ApiJson(body): ApiJson<PhoneRequest>,
) -> ApiResult<Data<OtpSent>> {
    let phone = parse_phone(&body.phone)?;
    if repo::user_by_phone(&state.db, phone.as_str()).await?.is_some() {
        return Err(messages::phone_registered());
    }
    Ok(Data::new(otp::send(&state, &phone, Purpose::Signup, ip.as_deref(), headers.device_id.as_deref()).await?))
}

/// Checks a sign-up code; the token it returns creates the account at register-pin.
#[utoipa::path(post, path = "/v1/user/signup/verify-otp", tag = "identity", request_body = VerifyOtpRequest,
    responses((status = 200, body = Data<OtpVerified>), (status = 400, body = crate::api::ErrorBody),
        (status = 429, body = crate::api::ErrorBody)))]
pub async fn signup_verify_otp(
    State(state): State<AppState>,
    headers: ClientHeaders,
    ClientAddr(ip): ClientAddr,
    ApiJson(body): ApiJson<VerifyOtpRequest>,
) -> ApiResult<SecretData<OtpVerified>> {
    let (_, verified) =
        otp::verify(&state, &body.otp_id, &body.code, Purpose::Signup, otp::guesser(&headers, &ip)).await?;
    Ok(SecretData::new(verified))
}

/// Sends a log-in code to a registered number.
#[utoipa::path(post, path = "/v1/user/login/phone", tag = "identity", request_body = PhoneRequest,
    responses((status = 200, body = Data<OtpSent>), (status = 404, body = crate::api::ErrorBody), (status = 429, body = crate::api::ErrorBody)))]
pub async fn login_phone(
    State(state): State<AppState>,
    headers: ClientHeaders,
    ClientAddr(ip): ClientAddr,
    ApiJson(body): ApiJson<PhoneRequest>,
) -> ApiResult<Data<OtpSent>> {
    let phone = parse_phone(&body.phone)?;
    let user = repo::user_by_phone(&state.db, phone.as_str()).await?.ok_or_else(messages::phone_not_registered)?;
    if user.status != AccountStatus::Active {
        return Err(messages::account_locked());
    }
    Ok(Data::new(otp::send(&state, &phone, Purpose::Login, ip.as_deref(), headers.device_id.as_deref()).await?))
}

/// Checks a log-in code; the token it returns opens a session at verify-pin.
#[utoipa::path(post, path = "/v1/user/login/verify-otp", tag = "identity", request_body = VerifyOtpRequest,
    responses((status = 200, body = Data<OtpVerified>), (status = 400, body = crate::api::ErrorBody),
        (status = 429, body = crate::api::ErrorBody)))]
pub async fn login_verify_otp(
    State(state): State<AppState>,
    headers: ClientHeaders,
    ClientAddr(ip): ClientAddr,
    ApiJson(body): ApiJson<VerifyOtpRequest>,
) -> ApiResult<SecretData<OtpVerified>> {
    let (_, verified) =
        otp::verify(&state, &body.otp_id, &body.code, Purpose::Login, otp::guesser(&headers, &ip)).await?;
    Ok(SecretData::new(verified))
}

/// Whether a number is registered and may log in.
#[utoipa::path(post, path = "/v4/user/login/validate/phone", tag = "identity", request_body = PhoneRequest,
    responses((status = 200, body = Data<PhoneValidation>), (status = 400, body = crate::api::ErrorBody)))]
pub async fn validate_phone(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<PhoneRequest>,
) -> ApiResult<Data<PhoneValidation>> {
    let phone = parse_phone(&body.phone)?;
    let user = repo::user_by_phone(&state.db, phone.as_str()).await?;
    Ok(Data::new(PhoneValidation {
        phone: phone.as_str().to_string(),
        registered: user.is_some(),
        can_login: user.is_some_and(|u| u.status == AccountStatus::Active),
    }))
}
