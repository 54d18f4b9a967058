//! One-time codes: six digits from a CSPRNG, bound to one phone and one purpose, single use,
//! five minutes, five tries, a resend cooldown and hourly limits per phone and per address. A right
//! code yields a single-use verification token, which the PIN step consumes.

use serde::{Deserialize, Serialize};
use sqlx::Row;
use store::Db;
use utoipa::ToSchema;

use super::messages;
use super::phone::Phone;
use super::secrets::{digest, digests_equal, opaque_token, otp_code};
use super::sms::Sms;
use crate::api::{ApiError, ApiResult};
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
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Purpose::Signup => "SIGNUP",
            Purpose::Login => "LOGIN",
            Purpose::ForgotPin => "FORGOT_PIN",
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
    let auth = &state.settings.auth;
    let now = store::now_ms();
    let hour_ago = now - 3_600_000;
    let db = &state.db;
    let last = sqlx::query("select max(created_at_ms) as last from otp_challenges where phone_e164 = $1")
        .bind(phone.as_str())
        .fetch_one(db.pool())
        .await
        .map_err(ApiError::internal)?
        .try_get::<Option<i64>, _>("last")
        .map_err(ApiError::internal)?;
    let cooldown_ms = (auth.otp_resend_cooldown_secs * 1000) as i64;
    if let Some(last) = last.filter(|last| now - last < cooldown_ms) {
        return Err(messages::otp_cooldown(((cooldown_ms - (now - last)) as u64).div_ceil(1000)));
    }
    let by_phone = count(db, "phone_e164", phone.as_str(), hour_ago).await?;
    let by_ip = match ip {
        Some(ip) => count(db, "client_ip", ip, hour_ago).await?,
        None => 0,
    };
    if by_phone >= i64::from(auth.otp_sends_per_phone_per_hour) || by_ip >= i64::from(auth.otp_sends_per_ip_per_hour) {
        return Err(messages::otp_rate_limited());
    }

    let code = otp_code();
    let id = uuid::Uuid::now_v7().to_string();
    let expires_at = now + (auth.otp_ttl_secs * 1000) as i64;
    sqlx::query(
        "insert into otp_challenges (id, phone_e164, purpose, code_hash, client_ip, device_id, created_at_ms, expires_at_ms) \
         values ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(&id)
    .bind(phone.as_str())
    .bind(purpose.as_str())
    .bind(digest(&format!("{id}:{code}")))
    .bind(ip.map(str::to_string))
    .bind(device_id.map(str::to_string))
    .bind(now)
    .bind(expires_at)
    .execute(db.pool())
    .await
    .map_err(ApiError::internal)?;
    let minutes = auth.otp_ttl_secs / 60;
    let body = format!(
        "Kode verifikasi Anda: {code}. Berlaku {minutes} menit. JANGAN berikan kode ini kepada siapa pun. / Your code: {code}. Never share it."
    );
    let sms = Sms { to: phone.clone(), body, code: Some(code), purpose: Some(purpose.as_str().into()) };
    state.identity.sms.send(sms).await.map_err(ApiError::internal)?;
    Ok(OtpSent {
        otp_id: id,
        phone: phone.masked(),
        expires_in_secs: auth.otp_ttl_secs,
        resend_after_secs: auth.otp_resend_cooldown_secs,
    })
}

async fn count(db: &Db, column: &str, value: &str, since_ms: i64) -> ApiResult<i64> {
    let query = format!("select count(*) as n from otp_challenges where {column} = $1 and created_at_ms >= $2");
    let row = sqlx::query(&query).bind(value).bind(since_ms).fetch_one(db.pool()).await.map_err(ApiError::internal)?;
    row.try_get("n").map_err(ApiError::internal)
}

/// Checks `code` for challenge `otp_id`, which must be for `purpose`; on success returns a
/// verification token and the phone the code went to.
pub async fn verify(state: &AppState, otp_id: &str, code: &str, purpose: Purpose) -> ApiResult<(Phone, OtpVerified)> {
    let auth = &state.settings.auth;
    let db = &state.db;
    let now = store::now_ms();
    let row = sqlx::query(
        "select phone_e164, purpose, code_hash, attempts, consumed, expires_at_ms from otp_challenges where id = $1",
    )
    .bind(otp_id)
    .fetch_optional(db.pool())
    .await
    .map_err(ApiError::internal)?
    .ok_or_else(messages::otp_expired)?;
    let get_i64 = |name: &str| row.try_get::<i64, _>(name).map_err(ApiError::internal);
    let phone: String = row.try_get("phone_e164").map_err(ApiError::internal)?;
    let stored_purpose: String = row.try_get("purpose").map_err(ApiError::internal)?;
    let code_hash: String = row.try_get("code_hash").map_err(ApiError::internal)?;
    if stored_purpose != purpose.as_str() || get_i64("consumed")? != 0 || get_i64("expires_at_ms")? <= now {
        return Err(messages::otp_expired());
    }
    // Count the try before comparing, atomically, so parallel guesses cannot exceed the limit.
    let max = i64::from(auth.otp_attempts_max);
    let counted = sqlx::query(
        "update otp_challenges set attempts = attempts + 1 where id = $1 and attempts < $2 and consumed = 0",
    )
    .bind(otp_id)
    .bind(max)
    .execute(db.pool())
    .await
    .map_err(ApiError::internal)?
    .rows_affected();
    if counted == 0 {
        return Err(messages::otp_expired());
    }
    let well_formed = code.len() == 6 && code.bytes().all(|b| b.is_ascii_digit());
    if !well_formed || !digests_equal(&digest(&format!("{otp_id}:{code}")), &code_hash) {
        super::repo::record_code_failure(db, &phone, auth.failures_before_review).await?;
        let tries_left = (max - get_i64("attempts")? - 1).max(0) as u32;
        super::repo::log_security(db, "otp_failed", None, Some(&phone), Some(purpose.as_str()), None, None).await;
        return Err(if tries_left == 0 { messages::otp_expired() } else { messages::otp_wrong(tries_left) });
    }
    let token = opaque_token();
    let verification_expires = now + (auth.verification_ttl_secs * 1000) as i64;
    let consumed = sqlx::query(
        "update otp_challenges set consumed = 1, verification_hash = $1, verification_expires_at_ms = $2 \
         where id = $3 and consumed = 0",
    )
    .bind(digest(&token))
    .bind(verification_expires)
    .bind(otp_id)
    .execute(db.pool())
    .await
    .map_err(ApiError::internal)?
    .rows_affected();
    if consumed == 0 {
        return Err(messages::otp_expired());
    }
    Ok((
        Phone::from_e164(phone),
        OtpVerified { verification_token: token, expires_in_secs: auth.verification_ttl_secs },
    ))
}

/// The phone a still-valid, unused verification token of `purpose` stands for.
pub async fn peek_verification(db: &Db, token: &str, purpose: Purpose) -> ApiResult<Phone> {
    let row = sqlx::query(
        "select phone_e164 from otp_challenges where verification_hash = $1 and purpose = $2 \
         and verification_used = 0 and verification_expires_at_ms > $3",
    )
    .bind(digest(token))
    .bind(purpose.as_str())
    .bind(store::now_ms())
    .fetch_optional(db.pool())
    .await
    .map_err(ApiError::internal)?
    .ok_or_else(messages::verification_invalid)?;
    Ok(Phone::from_e164(row.try_get("phone_e164").map_err(ApiError::internal)?))
}

/// Marks a verification token used; fails if someone used it first.
pub async fn finish_verification(db: &Db, token: &str) -> ApiResult<()> {
    let used = sqlx::query(
        "update otp_challenges set verification_used = 1 where verification_hash = $1 and verification_used = 0",
    )
    .bind(digest(token))
    .execute(db.pool())
    .await
    .map_err(ApiError::internal)?
    .rows_affected();
    if used == 1 {
        Ok(())
    } else {
        Err(messages::verification_invalid())
    }
}
