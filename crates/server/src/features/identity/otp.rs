//! One-time codes: six digits from a CSPRNG, bound to one destination (a phone by SMS or an
//! e-mail address) and one purpose, single use, five minutes, five tries, a resend cooldown and
//! hourly limits per destination and per address. Codes for a phone or e-mail change are also bound
//! to the account that asked. A right code yields a single-use verification token, which the next
//! step (the PIN, or applying the change) consumes.
//!
//! Wrong codes are kept apart by who sends them. A code bound to a signed-in account (a change)
//! counts towards that account's review lock. A code anyone can ask for (sign-up, log-in, forgot PIN)
//! never does: anyone can ask one for any number, so counting its failures would let a stranger lock
//! the owner out. Those guesses are bounded instead by the tries per code, the codes per number and
//! hour, and the wrong codes per address and per device and hour.

use domain::clock::ms;
use serde::{Deserialize, Serialize};
use sqlx::{Any, Executor, Transaction};
use store::Db;
use utoipa::ToSchema;

use super::email::{Email, EmailAddress};
use super::messages;
use super::otp_repo::{self, SendHistory};
use super::phone::Phone;
use super::repo::SecurityEvent;
use super::secrets::{digest, digests_equal, opaque_token, otp_code};
use super::sms::Sms;
use crate::api::{ApiError, ApiResult};
use crate::config::AuthSettings;
use crate::state::AppState;

/// What a code is for; a code for one purpose never serves another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Purpose {
    /// Creating an account.
    Signup,
    /// Logging in.
    Login,
    /// Resetting a forgotten or locked PIN.
    ForgotPin,
    /// Moving an account to a new phone number (the code goes to the new number).
    PhoneChange,
    /// Setting or changing the account's e-mail address (the code goes to the new address).
    EmailChange,
}

impl Purpose {
    /// The stored text.
    pub fn as_str(self) -> &'static str {
        match self {
            Purpose::Signup => "SIGNUP",
            Purpose::Login => "LOGIN",
            Purpose::ForgotPin => "FORGOT_PIN",
            Purpose::PhoneChange => "PHONE_CHANGE",
            Purpose::EmailChange => "EMAIL_CHANGE",
        }
    }
}

/// Where a code goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destination {
    /// By SMS to a phone.
    Sms(Phone),
    /// By e-mail to an address.
    Email(EmailAddress),
}

impl Destination {
    /// `SMS` or `EMAIL`, as stored.
    pub fn channel(&self) -> &'static str {
        match self {
            Destination::Sms(_) => "SMS",
            Destination::Email(_) => "EMAIL",
        }
    }

    /// The stored text: E.164 phone or lower-cased address.
    pub fn as_str(&self) -> &str {
        match self {
            Destination::Sms(phone) => phone.as_str(),
            Destination::Email(email) => email.as_str(),
        }
    }

    /// Hidden but recognisable, for answers and the change status.
    pub fn masked(&self) -> String {
        match self {
            Destination::Sms(phone) => phone.masked(),
            Destination::Email(email) => email.masked(),
        }
    }

    /// Rebuilds a stored destination.
    pub fn from_stored(channel: &str, text: String) -> Self {
        if channel == "EMAIL" {
            Destination::Email(EmailAddress::from_stored(text))
        } else {
            Destination::Sms(Phone::from_e164(text))
        }
    }
}

/// A code was sent.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OtpSent {
    /// The challenge to verify against.
    pub otp_id: String,
    /// The phone it went to, masked.
    pub phone: String,
    /// Seconds until the code expires.
    pub expires_in_secs: u64,
    /// Seconds until another code may be asked for.
    pub resend_after_secs: u64,
}

/// A code was right: use this token for the PIN step.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OtpVerified {
    /// Single-use token for register-pin, verify-pin or pin reset.
    pub verification_token: String,
    /// Seconds it stays valid.
    pub expires_in_secs: u64,
}

/// Sends a code for `purpose` to `phone`, after the cooldown and hourly limits.
pub async fn send(
    state: &AppState,
    phone: &Phone,
    purpose: Purpose,
    ip: Option<&str>,
    device_id: Option<&str>,
) -> ApiResult<OtpSent> {
    send_to(state, &Destination::Sms(phone.clone()), purpose, None, ip, device_id).await
}

/// Sends a code for `purpose` to `destination` under the same rules as [`send`]; `owner` binds it
/// to the account that asked (phone and e-mail changes). A new code for an owner and purpose ends
/// that owner's earlier codes and unused tokens of the purpose, so only the latest request counts.
/// The answer's `phone` field holds the masked destination.
pub async fn send_to(
    state: &AppState,
    destination: &Destination,
    purpose: Purpose,
    owner: Option<&str>,
    ip: Option<&str>,
    device_id: Option<&str>,
) -> ApiResult<OtpSent> {
    let auth = &state.settings.auth;
    let now = state.clock.now_ms();
    let code = otp_code();
    let id = uuid::Uuid::now_v7().to_string();
    // The limits are counted and the code stored in one transaction, serialised per destination and
    // per address, so concurrent requests cannot all pass a limit that only one of them should.
    let mut wtx = state.db.begin_write().await?;
    wtx.lock_key(&format!("otp:to:{}", destination.as_str())).await?;
    if let Some(ip) = ip {
        wtx.lock_key(&format!("otp:from:{ip}")).await?;
    }
    let history = otp_repo::send_history(&mut wtx.tx, destination.as_str(), ip, now - ms::HOUR).await?;
    check_send_limits(&history, now, auth)?;
    if let Some(owner) = owner {
        otp_repo::expire_owner_codes(&mut wtx.tx, owner, purpose.as_str(), now).await?;
    }
    let code_hash = digest(&format!("{id}:{code}"));
    let challenge = otp_repo::NewChallenge {
        id: &id,
        destination: destination.as_str(),
        channel: destination.channel(),
        owner,
        purpose: purpose.as_str(),
        code_hash: &code_hash,
        client_ip: ip,
        device_id,
        created_at_ms: now,
        expires_at_ms: now + ms::from_secs(auth.otp_ttl_secs),
    };
    otp_repo::insert_challenge(&mut wtx.tx, &challenge).await?;
    wtx.commit().await?;
    let minutes = auth.otp_ttl_secs / 60;
    let body = format!(
        "Kode verifikasi Anda: {code}. Berlaku {minutes} menit. JANGAN berikan kode ini kepada siapa pun. / Your code: {code}. Never share it."
    );
    let purpose_text = Some(purpose.as_str().to_string());
    match destination {
        Destination::Sms(phone) => {
            let sms = Sms { to: phone.clone(), body, code: Some(code), purpose: purpose_text, sent_at_ms: now };
            if let Err(e) = state.identity.sms.send(sms).await {
                tracing::warn!(error = %e, "an SMS code was not sent");
                return Err(messages::sms_not_sent());
            }
        }
        Destination::Email(address) => {
            let email = Email {
                to: address.clone(),
                subject: "Kode verifikasi Lumbung / Lumbung verification code".into(),
                body,
                code: Some(code),
                purpose: purpose_text,
                sent_at_ms: now,
            };
            state.identity.email.send(email).await.map_err(ApiError::internal)?;
        }
    }
    Ok(OtpSent {
        otp_id: id,
        phone: destination.masked(),
        expires_in_secs: auth.otp_ttl_secs,
        resend_after_secs: auth.otp_resend_cooldown_secs,
    })
}

/// Whether one more code may be sent now: the resend cooldown per destination, then the hourly
/// limits per destination and per client address.
fn check_send_limits(history: &SendHistory, now_ms: i64, auth: &AuthSettings) -> ApiResult<()> {
    let cooldown_ms = ms::from_secs(auth.otp_resend_cooldown_secs);
    if let Some(since_last) = history.last_sent_at_ms.map(|last| now_ms - last).filter(|since| *since < cooldown_ms) {
        let wait_ms = u64::try_from(cooldown_ms - since_last).unwrap_or(0);
        return Err(messages::otp_cooldown(wait_ms.div_ceil(1_000)));
    }
    if history.sent_to_destination >= i64::from(auth.otp_sends_per_phone_per_hour)
        || history.sent_from_address >= i64::from(auth.otp_sends_per_ip_per_hour)
    {
        return Err(messages::otp_rate_limited());
    }
    Ok(())
}

/// Who is guessing: the address and device of the request that sends a code to be checked.
#[derive(Debug, Clone, Copy, Default)]
pub struct Guesser<'a> {
    /// The client's address, as the rate limit sees it.
    pub ip: Option<&'a str>,
    /// `x-device-id`.
    pub device_id: Option<&'a str>,
}

/// The guesser of a request, from its headers and address.
pub fn guesser<'a>(headers: &'a crate::api::headers::ClientHeaders, ip: &'a Option<String>) -> Guesser<'a> {
    Guesser { ip: ip.as_deref(), device_id: headers.device_id.as_deref() }
}

/// Checks `code` for challenge `otp_id`, which must be for `purpose`; on success returns a
/// verification token and the phone the code went to.
pub async fn verify(
    state: &AppState,
    otp_id: &str,
    code: &str,
    purpose: Purpose,
    guesser: Guesser<'_>,
) -> ApiResult<(Phone, OtpVerified)> {
    let (destination, verified) = verify_for(state, otp_id, code, purpose, None, guesser).await?;
    Ok((Phone::from_e164(destination), verified))
}

/// Like [`verify`] for a code bound to `owner` (phone and e-mail changes): a challenge of another
/// account answers 404 (R6.04). Returns the stored destination.
pub async fn verify_for(
    state: &AppState,
    otp_id: &str,
    code: &str,
    purpose: Purpose,
    owner: Option<&str>,
    guesser: Guesser<'_>,
) -> ApiResult<(String, OtpVerified)> {
    let auth = &state.settings.auth;
    let db = &state.db;
    let now = state.clock.now_ms();
    if otp_repo::wrong_codes_within_hour(db, guesser.ip, guesser.device_id, now - ms::HOUR).await?.exceeds(auth) {
        return Err(messages::otp_guesses_limited());
    }
    let challenge = otp_repo::challenge(db, otp_id).await?.ok_or_else(|| {
        if owner.is_some() {
            ApiError::not_found()
        } else {
            messages::otp_expired()
        }
    })?;
    if owner.is_some() && challenge.user_id.as_deref() != owner {
        return Err(ApiError::not_found());
    }
    if challenge.purpose != purpose.as_str() || challenge.consumed != 0 || challenge.expires_at_ms <= now {
        return Err(messages::otp_expired());
    }
    // Count the try before comparing, atomically, so parallel guesses cannot exceed the limit.
    let max = i64::from(auth.otp_attempts_max);
    if !otp_repo::count_attempt(db, otp_id, max).await? {
        return Err(messages::otp_expired());
    }
    let destination = challenge.destination;
    let well_formed = code.len() == 6 && code.bytes().all(|b| b.is_ascii_digit());
    if !well_formed || !digests_equal(&digest(&format!("{otp_id}:{code}")), &challenge.code_hash) {
        // Only the signed-in owner's wrong codes count towards the review lock (see the module note).
        if let Some(owner) = owner {
            super::repo::record_user_code_failure(db, owner, auth.failures_before_review).await?;
        }
        let tries_left = u32::try_from((max - challenge.attempts - 1).max(0)).unwrap_or(0);
        let phone = owner.is_none().then_some(destination.as_str());
        let event = SecurityEvent {
            kind: otp_repo::WRONG_CODE,
            user_id: owner,
            phone,
            detail: Some(purpose.as_str()),
            ip: guesser.ip,
            device_id: guesser.device_id,
        };
        super::repo::log_security(db, event, state.clock.now_ms()).await;
        return Err(if tries_left == 0 { messages::otp_expired() } else { messages::otp_wrong(tries_left) });
    }
    let token = opaque_token();
    let verification_expires = now + ms::from_secs(auth.verification_ttl_secs);
    let consumed = otp_repo::consume(db, otp_id, &digest(&token), verification_expires).await?;
    if !consumed {
        return Err(messages::otp_expired());
    }
    Ok((destination, OtpVerified { verification_token: token, expires_in_secs: auth.verification_ttl_secs }))
}

/// The phone a still-valid, unused verification token of `purpose` stands for.
pub async fn peek_verification(db: &Db, token: &str, purpose: Purpose, now_ms: i64) -> ApiResult<Phone> {
    let destination = otp_repo::verified_destination(db, &digest(token), purpose.as_str(), now_ms)
        .await?
        .ok_or_else(messages::verification_invalid)?;
    Ok(Phone::from_e164(destination))
}

/// Marks a verification token used, on the pool or inside the caller's transaction; fails if
/// someone used it first.
pub async fn finish_verification<'c, E: Executor<'c, Database = Any>>(
    executor: E,
    token: &str,
    now_ms: i64,
) -> ApiResult<()> {
    if otp_repo::use_verification(executor, &digest(token), now_ms).await? {
        Ok(())
    } else {
        Err(messages::verification_invalid())
    }
}

/// Uses `owner`'s still-valid token of `purpose` inside `tx` and returns the destination it stands
/// for; fails when it is unknown, expired, used or another account's.
pub async fn claim_verification(
    tx: &mut Transaction<'static, Any>,
    token: &str,
    purpose: Purpose,
    owner: &str,
    now_ms: i64,
) -> ApiResult<String> {
    otp_repo::claim_verification(tx, &digest(token), purpose.as_str(), owner, now_ms)
        .await?
        .ok_or_else(messages::verification_invalid)
}

/// Ends a verified but unused token (its change could not be applied).
pub async fn void_verification(db: &Db, token: &str, now_ms: i64) -> ApiResult<()> {
    Ok(otp_repo::void_verification(db, &digest(token), now_ms).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn auth() -> AuthSettings {
        AuthSettings {
            otp_resend_cooldown_secs: 60,
            otp_sends_per_phone_per_hour: 5,
            otp_sends_per_ip_per_hour: 30,
            ..AuthSettings::default()
        }
    }

    fn code_of(result: ApiResult<()>) -> Option<String> {
        result.err().map(|e| e.code.to_string())
    }

    #[test]
    fn a_first_code_may_always_be_sent() {
        assert!(check_send_limits(&SendHistory::default(), 1_000_000, &auth()).is_ok());
    }

    #[test]
    fn a_resend_within_the_cooldown_is_refused_with_the_seconds_left() {
        let history = SendHistory { last_sent_at_ms: Some(1_000_000), sent_to_destination: 1, sent_from_address: 1 };
        let early = check_send_limits(&history, 1_000_000 + 59_001, &auth());
        assert_eq!(code_of(early), Some("otp_cooldown".into()));
        assert!(check_send_limits(&history, 1_000_000 + 60_000, &auth()).is_ok());
    }

    #[test]
    fn the_hourly_limits_per_destination_and_per_address_hold() {
        let per_phone = SendHistory { last_sent_at_ms: Some(0), sent_to_destination: 5, sent_from_address: 5 };
        assert_eq!(code_of(check_send_limits(&per_phone, ms::HOUR, &auth())), Some("otp_rate_limited".into()));
        let per_address = SendHistory { last_sent_at_ms: None, sent_to_destination: 0, sent_from_address: 30 };
        assert_eq!(code_of(check_send_limits(&per_address, ms::HOUR, &auth())), Some("otp_rate_limited".into()));
        let under = SendHistory { last_sent_at_ms: Some(0), sent_to_destination: 4, sent_from_address: 29 };
        assert!(check_send_limits(&under, ms::HOUR, &auth()).is_ok());
    }
}
