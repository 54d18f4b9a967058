//! The PIN step: register-pin (ends sign-up), verify-pin (ends log-in, or re-confirms a session
//! after inactivity), forgot-pin by code, reset and update.

use axum::extract::State;
use axum::http::HeaderMap;
use domain::identity::AccountStatus;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::messages;
use super::otp::{self, OtpSent, OtpVerified, Purpose};
use super::pin::{Pin, PinRuleError};
use super::repo::SecurityEvent;
use super::repo::{self, UserRow};
use super::sessions::{self};
use super::sessions_repo;
use super::user_details::{LoggedIn, UserDetails};
use crate::api::auth::{authenticate, AuthUser, ClientAddr};
use crate::api::SecretData;
use crate::api::{ApiError, ApiJson, ApiResult, ClientHeaders, Data};
use crate::state::AppState;

/// Sets the PIN with a verified code's token.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RegisterPinRequest {
    /// From signup/verify-otp.
    pub verification_token: String,
    /// Six digits, not repeated or consecutive.
    #[schema(pattern = "^[0-9]{6}$")]
    pub pin: String,
    /// The referral code of the account that brought this one (see signup/verify-referral); an
    /// unknown code is refused and creates no account.
    #[serde(default)]
    pub referral_code: Option<String>,
}

/// Checks the PIN: with a verification token to log in, or with a session to re-confirm.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VerifyPinRequest {
    /// From login/verify-otp; absent when re-confirming a session.
    #[serde(default)]
    pub verification_token: Option<String>,
    /// Six digits.
    #[schema(pattern = "^[0-9]{6}$")]
    pub pin: String,
}

/// A session re-confirmed its PIN.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PinConfirmed {
    /// When, Unix ms (the web app's PIN timestamp).
    pub verified_at_ms: i64,
}

/// Sets a new PIN with a forgot-pin token.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ResetPinRequest {
    /// From forgot-pin/verify-otp.
    pub verification_token: String,
    /// The new PIN.
    #[schema(pattern = "^[0-9]{6}$")]
    pub pin: String,
}

/// Changes the PIN of the logged-in user.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UpdatePinRequest {
    /// The current PIN.
    #[schema(pattern = "^[0-9]{6}$")]
    pub old_pin: String,
    /// The new PIN.
    #[schema(pattern = "^[0-9]{6}$")]
    pub new_pin: String,
}

fn new_pin(text: &str) -> ApiResult<Pin> {
    Pin::parse_new(text).map_err(|e| match e {
        PinRuleError::NotSixDigits => messages::pin_format(),
        PinRuleError::TooSimple => messages::pin_too_simple(),
    })
}

/// Checks `pin` against `user`'s, counting failures and locking at the limits.
async fn check_pin(state: &AppState, user: &UserRow, pin: &str) -> ApiResult<()> {
    if user.status != AccountStatus::Active {
        return Err(messages::account_locked());
    }
    if user.pin_locked != 0 {
        return Err(messages::pin_locked());
    }
    let pin = Pin::parse(pin).map_err(|_| messages::pin_format())?;
    let stored = user.pin_hash.as_deref().ok_or_else(messages::verification_invalid)?;
    let auth = &state.settings.auth;
    let _one_at_a_time = state.identity.pin_gates.enter(&user.id).await;
    // The try is counted before the slow hash, so parallel guesses cannot outrun the limit.
    let try_number =
        repo::claim_pin_try(&state.db, &user.id, auth.pin_attempts_max).await?.ok_or_else(messages::pin_locked)?;
    if state.identity.hasher.verify(&pin, stored).await.map_err(ApiError::internal)? {
        repo::pin_was_right(&state.db, &user.id).await?;
        return Ok(());
    }
    repo::pin_was_wrong(&state.db, &user.id, auth.failures_before_review).await?;
    repo::log_security(&state.db, SecurityEvent::of("pin_failed", &user.id), state.clock.now_ms()).await;
    let left = u32::try_from(i64::from(auth.pin_attempts_max) - try_number).unwrap_or(0);
    Err(if left == 0 { messages::pin_locked() } else { messages::pin_wrong(left) })
}

/// Confirms `user_id`'s PIN for a money movement (cash-out, bank accounts) under the same failure
/// counting and lockout as verify-pin.
pub async fn confirm_pin(state: &AppState, user_id: &str, pin: &str) -> ApiResult<()> {
    let user = repo::user_by_id(&state.db, user_id).await?.ok_or_else(ApiError::unauthorized)?;
    check_pin(state, &user, pin).await
}

/// Stores a new PIN and ends every session of the user in one transaction (a reset or change
/// never leaves the old sessions alive beside the new PIN), with the reset's verification token
/// used in the same one, then opens this device's session.
async fn replace_pin(
    state: &AppState,
    user_id: &str,
    pin_hash: &str,
    reset_token: Option<&str>,
    reason: &'static str,
    headers: &ClientHeaders,
    ip: Option<&str>,
) -> ApiResult<SecretData<LoggedIn>> {
    let now = state.clock.now_ms();
    let mut wtx = state.db.begin_write().await?;
    if let Some(token) = reset_token {
        otp::finish_verification(&mut *wtx.tx, token, now).await?;
    }
    repo::set_pin(&mut wtx.tx, user_id, pin_hash, now).await?;
    sessions_repo::revoke_all(&mut wtx.tx, user_id, reason, now).await?;
    wtx.commit().await?;
    crate::features::live::user::sessions_ended(&state.hub, user_id);
    repo::log_security(
        &state.db,
        SecurityEvent::of(reason, user_id).from_client(ip, headers.device_id.as_deref()),
        now,
    )
    .await;
    Ok(SecretData::new(logged_in(state, user_id, headers, ip).await?))
}

async fn logged_in(state: &AppState, user_id: &str, headers: &ClientHeaders, ip: Option<&str>) -> ApiResult<LoggedIn> {
    let tokens = sessions::open(state, user_id, headers, ip).await?;
    let mut user = repo::user_by_id(&state.db, user_id).await?.ok_or_else(ApiError::not_found)?;
    super::referral::ensure_code(&state.db, &mut user).await?;
    let tags = repo::user_tags(&state.db, user_id).await?;
    Ok(LoggedIn { tokens, user: UserDetails::from_row(user, tags, state.settings.auth.terms_version) })
}

/// Ends sign-up: creates the account with its PIN and opens the first session.
#[utoipa::path(post, path = "/v1/user/pin/register-pin", tag = "identity", request_body = RegisterPinRequest,
    responses((status = 200, body = Data<LoggedIn>), (status = 400, body = crate::api::ErrorBody), (status = 409, body = crate::api::ErrorBody)))]
pub async fn register_pin(
    State(state): State<AppState>,
    headers: ClientHeaders,
    ClientAddr(ip): ClientAddr,
    ApiJson(body): ApiJson<RegisterPinRequest>,
) -> ApiResult<SecretData<LoggedIn>> {
    let pin = new_pin(&body.pin)?;
    let referral_text = body.referral_code.as_deref().map(str::trim).filter(|c| !c.is_empty());
    let phone =
        otp::peek_verification(&state.db, &body.verification_token, Purpose::Signup, state.clock.now_ms()).await?;
    if repo::user_by_phone(&state.db, phone.as_str()).await?.is_some() {
        return Err(messages::pin_already_registered());
    }
    // Checked before the token is used, so a wrong code can be corrected and creates nothing.
    let referrer = match referral_text {
        Some(code) => Some(super::referral::referrer_for_signup(&state.db, code, &phone).await?),
        None => None,
    };
    let hash = state.identity.hasher.hash(&pin).await.map_err(ApiError::internal)?;
    let user_id = uuid::Uuid::now_v7().to_string();
    let own_code = super::referral::generate_code();
    let referral = repo::NewReferral {
        own_code: &own_code,
        used_code: referrer.as_ref().and_then(|r| r.referral_code.as_deref()),
        referred_by: referrer.as_ref().map(|r| r.id.as_str()),
    };
    // The token is used and the account created in one transaction: a failed insert uses nothing.
    let mut wtx = state.db.begin_write().await?;
    otp::finish_verification(&mut *wtx.tx, &body.verification_token, state.clock.now_ms()).await?;
    let inserted = repo::insert_user(
        &mut *wtx.tx,
        &user_id,
        phone.as_str(),
        &hash,
        &referral,
        headers.lang.code(),
        state.clock.now_ms(),
    )
    .await;
    match inserted {
        // The phone was registered meanwhile (a clash of fresh referral codes is too unlikely to retry).
        Err(e) if e.is_unique_violation() => return Err(messages::pin_already_registered()),
        other => other?,
    }
    wtx.commit().await?;
    let event =
        SecurityEvent { detail: referral.referred_by, ..SecurityEvent::of("signup", &user_id).phone(phone.as_str()) };
    repo::log_security(&state.db, event.from_client(ip.as_deref(), headers.device_id.as_deref()), state.clock.now_ms())
        .await;
    Ok(SecretData::new(logged_in(&state, &user_id, &headers, ip.as_deref()).await?))
}

/// Ends log-in with a verification token, or re-confirms the current session's PIN.
#[utoipa::path(post, path = "/v1/user/pin/verify-pin", tag = "identity", request_body = VerifyPinRequest,
    responses((status = 200, description = "`LoggedIn` when a verification token was given, else `PinConfirmed`", body = Data<LoggedIn>),
        (status = 400, body = crate::api::ErrorBody)))]
pub async fn verify_pin(
    State(state): State<AppState>,
    headers: ClientHeaders,
    raw_headers: HeaderMap,
    ClientAddr(ip): ClientAddr,
    ApiJson(body): ApiJson<VerifyPinRequest>,
) -> ApiResult<axum::response::Response> {
    use axum::response::IntoResponse;
    match body.verification_token {
        Some(token) => {
            let phone = otp::peek_verification(&state.db, &token, Purpose::Login, state.clock.now_ms()).await?;
            let user =
                repo::user_by_phone(&state.db, phone.as_str()).await?.ok_or_else(messages::verification_invalid)?;
            check_pin(&state, &user, &body.pin).await?;
            otp::finish_verification(state.db.pool(), &token, state.clock.now_ms()).await?;
            let event = SecurityEvent::of("login", &user.id).from_client(ip.as_deref(), headers.device_id.as_deref());
            repo::log_security(&state.db, event, state.clock.now_ms()).await;
            Ok(SecretData::new(logged_in(&state, &user.id, &headers, ip.as_deref()).await?).into_response())
        }
        None => {
            let caller = authenticate(&state, &raw_headers).await?;
            let user = repo::user_by_id(&state.db, &caller.user_id).await?.ok_or_else(ApiError::unauthorized)?;
            check_pin(&state, &user, &body.pin).await?;
            Ok(Data::new(PinConfirmed { verified_at_ms: state.clock.now_ms() }).into_response())
        }
    }
}

/// A locked PIN, and an account locked by failures, are both unlocked by proving the phone again.
fn may_reset_pin(user: &UserRow) -> bool {
    matches!(user.status, AccountStatus::Active | AccountStatus::LockedForReview)
}

/// Sends a code to reset a forgotten or locked PIN, or to unlock an account failures locked.
#[utoipa::path(post, path = "/v1/user/pin/forgot-pin/send-otp", tag = "identity", request_body = super::onboarding::PhoneRequest,
    responses((status = 200, body = Data<OtpSent>), (status = 404, body = crate::api::ErrorBody)))]
pub async fn forgot_pin_send_otp(
    State(state): State<AppState>,
    headers: ClientHeaders,
    ClientAddr(ip): ClientAddr,
    ApiJson(body): ApiJson<super::onboarding::PhoneRequest>,
) -> ApiResult<Data<OtpSent>> {
    let phone = super::phone::Phone::parse(&body.phone).ok_or_else(messages::invalid_phone)?;
    let user = repo::user_by_phone(&state.db, phone.as_str()).await?.ok_or_else(messages::phone_not_registered)?;
    if !may_reset_pin(&user) {
        return Err(messages::account_locked());
    }
    Ok(Data::new(otp::send(&state, &phone, Purpose::ForgotPin, ip.as_deref(), headers.device_id.as_deref()).await?))
}

/// Checks a forgot-pin code.
#[utoipa::path(post, path = "/v1/user/pin/forgot-pin/verify-otp", tag = "identity", request_body = super::onboarding::VerifyOtpRequest,
    responses((status = 200, body = Data<OtpVerified>), (status = 400, body = crate::api::ErrorBody),
        (status = 429, body = crate::api::ErrorBody)))]
pub async fn forgot_pin_verify_otp(
    State(state): State<AppState>,
    headers: ClientHeaders,
    ClientAddr(ip): ClientAddr,
    ApiJson(body): ApiJson<super::onboarding::VerifyOtpRequest>,
) -> ApiResult<SecretData<OtpVerified>> {
    let (_, verified) =
        otp::verify(&state, &body.otp_id, &body.code, Purpose::ForgotPin, otp::guesser(&headers, &ip)).await?;
    Ok(SecretData::new(verified))
}

/// Sets a new PIN after a forgot-pin code, ends every session and opens a new one here.
#[utoipa::path(post, path = "/v1/user/pin/reset", tag = "identity", request_body = ResetPinRequest,
    responses((status = 200, body = Data<LoggedIn>), (status = 400, body = crate::api::ErrorBody)))]
pub async fn reset_pin(
    State(state): State<AppState>,
    headers: ClientHeaders,
    ClientAddr(ip): ClientAddr,
    ApiJson(body): ApiJson<ResetPinRequest>,
) -> ApiResult<SecretData<LoggedIn>> {
    let pin = new_pin(&body.pin)?;
    let phone =
        otp::peek_verification(&state.db, &body.verification_token, Purpose::ForgotPin, state.clock.now_ms()).await?;
    let user = repo::user_by_phone(&state.db, phone.as_str()).await?.ok_or_else(messages::verification_invalid)?;
    if !may_reset_pin(&user) {
        return Err(messages::account_locked());
    }
    let hash = state.identity.hasher.hash(&pin).await.map_err(ApiError::internal)?;
    let token = Some(body.verification_token.as_str());
    replace_pin(&state, &user.id, &hash, token, "pin_reset", &headers, ip.as_deref()).await
}

/// Changes the PIN; every session ends and this device gets a new one.
#[utoipa::path(post, path = "/v1/user/pin/update", tag = "identity", request_body = UpdatePinRequest, security(("bearer" = [])),
    responses((status = 200, body = Data<LoggedIn>), (status = 400, body = crate::api::ErrorBody), (status = 401, body = crate::api::ErrorBody)))]
pub async fn update_pin(
    State(state): State<AppState>,
    caller: AuthUser,
    headers: ClientHeaders,
    ClientAddr(ip): ClientAddr,
    ApiJson(body): ApiJson<UpdatePinRequest>,
) -> ApiResult<SecretData<LoggedIn>> {
    let pin = new_pin(&body.new_pin)?;
    let user = repo::user_by_id(&state.db, &caller.user_id).await?.ok_or_else(ApiError::unauthorized)?;
    check_pin(&state, &user, &body.old_pin).await?;
    let hash = state.identity.hasher.hash(&pin).await.map_err(ApiError::internal)?;
    replace_pin(&state, &user.id, &hash, None, "pin_changed", &headers, ip.as_deref()).await
}
