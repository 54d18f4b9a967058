//! Moving an account to a new phone number: the PIN, then a code sent to the NEW number (so the
//! customer proves they hold it), then the switch. The switch is one statement under the unique
//! index on `users.phone_e164`, so two accounts racing for one number cannot both win. The phone is
//! the log-in name, so every other session of the account ends; the one that made the change stays.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::contact_change::send_code;
use super::messages;
use super::otp::{self, Destination, OtpSent, Purpose};
use super::phone::Phone;
use super::repo::SecurityEvent;
use super::{profile_repo, repo, sessions_repo};
use crate::api::auth::{AuthUser, ClientAddr};
use crate::api::{ApiError, ApiJson, ApiResult, ClientHeaders, Data};
use crate::state::AppState;

/// The number to move to, confirmed by the PIN.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PhoneChangeRequest {
    /// Any usual form: `0812…`, `+62 812…`; other countries with `+`.
    pub new_phone: String,
    /// The account's PIN.
    #[schema(pattern = "^[0-9]{6}$")]
    pub pin: String,
}

/// The code sent to the new number.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PhoneChangeVerifyRequest {
    /// From phone-change/get-otp.
    pub otp_id: String,
    /// The six digits received on the new number.
    pub otp: String,
}

/// The phone was changed.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhoneChanged {
    /// The new number, E.164.
    pub phone: String,
    /// Other sessions of the account that were ended.
    pub sessions_ended: u64,
}

/// Sends a code to the new number after checking the PIN; refuses the current number (400
/// `phone_same`) and one another account has (409 `phone_taken`).
#[utoipa::path(post, path = "/v1/user/phone-change/get-otp", tag = "identity", security(("bearer" = [])),
    request_body = PhoneChangeRequest,
    responses((status = 200, body = Data<OtpSent>), (status = 400, body = crate::api::ErrorBody),
        (status = 409, body = crate::api::ErrorBody), (status = 429, body = crate::api::ErrorBody)))]
pub async fn get_otp(
    State(state): State<AppState>,
    caller: AuthUser,
    headers: ClientHeaders,
    addr: ClientAddr,
    ApiJson(body): ApiJson<PhoneChangeRequest>,
) -> ApiResult<Data<OtpSent>> {
    let phone = Phone::parse(&body.new_phone).ok_or_else(messages::invalid_phone)?;
    let sent =
        send_code(&state, &caller, &body.pin, Destination::Sms(phone), Purpose::PhoneChange, &headers, &addr).await?;
    Ok(Data::new(sent))
}

/// Checks the code and moves the account to the new number; other sessions end.
#[utoipa::path(post, path = "/v1/user/phone-change/verify-otp", tag = "identity", security(("bearer" = [])),
    request_body = PhoneChangeVerifyRequest,
    responses((status = 200, body = Data<PhoneChanged>), (status = 400, body = crate::api::ErrorBody),
        (status = 404, body = crate::api::ErrorBody), (status = 409, body = crate::api::ErrorBody)))]
pub async fn verify_otp(
    State(state): State<AppState>,
    caller: AuthUser,
    headers: ClientHeaders,
    ClientAddr(ip): ClientAddr,
    ApiJson(body): ApiJson<PhoneChangeVerifyRequest>,
) -> ApiResult<Data<PhoneChanged>> {
    let (_, verified) = otp::verify_for(
        &state,
        &body.otp_id,
        &body.otp,
        Purpose::PhoneChange,
        Some(&caller.user_id),
        otp::Guesser::default(),
    )
    .await?;
    let token = verified.verification_token;
    let old = repo::user_by_id(&state.db, &caller.user_id).await?.ok_or_else(ApiError::unauthorized)?;
    let now = state.clock.now_ms();
    // The switch and the end of the other sessions are one write.
    let mut tx = state.db.begin_write().await?;
    let new_phone = otp::claim_verification(&mut tx.tx, &token, Purpose::PhoneChange, &caller.user_id, now).await?;
    if let Err(e) = profile_repo::set_phone(&mut tx.tx, &caller.user_id, &new_phone).await {
        drop(tx);
        otp::void_verification(&state.db, &token, now).await?;
        return Err(if e.is_unique_violation() { messages::phone_taken() } else { e.into() });
    }
    let sessions_ended =
        sessions_repo::revoke_others(&mut tx.tx, &caller.user_id, &caller.session_id, "phone_changed", now).await?;
    tx.commit().await?;
    crate::features::live::user::sessions_ended(&state.hub, &caller.user_id);
    let detail =
        format!("{} -> {}", Phone::from_e164(old.phone_e164).masked(), Phone::from_e164(new_phone.clone()).masked());
    let event = SecurityEvent::of("phone_changed", &caller.user_id).phone(&new_phone).about(&detail);
    repo::log_security(&state.db, event.from_client(ip.as_deref(), headers.device_id.as_deref()), state.clock.now_ms())
        .await;
    Ok(Data::new(PhoneChanged { phone: new_phone, sessions_ended }))
}
