//! Referral codes: every account has one (eight letters and digits without look-alikes), shown in
//! `/v3/user/me`; a new account may name the code that brought it, which records who referred whom.
//! `signup/verify-referral` checks a code before sign-up, limited per client address so codes cannot
//! be enumerated.

use axum::extract::State;
use domain::clock::ms;
use rand::rngs::OsRng;
use rand::Rng;
use serde::{Deserialize, Serialize};
use store::Db;
use utoipa::ToSchema;

use super::messages;
use super::phone::Phone;
use super::referral_repo;
use super::repo::{self, UserRow};
use crate::api::auth::ClientAddr;
use crate::api::{ApiError, ApiJson, ApiResult, Data};
use crate::state::AppState;

/// Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L).
const ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/// Characters in a code: 31^8 ≈ 8.5 × 10^11 codes.
const CODE_LEN: usize = 8;
/// Attempts at a fresh code before giving up (a clash is already unlikely once).
const GENERATE_TRIES: usize = 5;

/// A fresh random code from the OS CSPRNG.
pub fn generate_code() -> String {
    (0..CODE_LEN).map(|_| ALPHABET[OsRng.gen_range(0..ALPHABET.len())] as char).collect()
}

/// The code as typed, upper-cased and trimmed, if it has the shape of a code.
pub fn normalise(text: &str) -> Option<String> {
    let code = text.trim().to_ascii_uppercase();
    (code.len() == CODE_LEN && code.bytes().all(|b| ALPHABET.contains(&b))).then_some(code)
}

/// `user`'s code, giving one now to an account created before codes existed.
pub async fn ensure_code(db: &Db, user: &mut UserRow) -> ApiResult<()> {
    if user.referral_code.is_some() {
        return Ok(());
    }
    for _ in 0..GENERATE_TRIES {
        match referral_repo::give_code(db, &user.id, &generate_code()).await {
            Ok(code) => {
                user.referral_code = code;
                return Ok(());
            }
            Err(e) if e.is_unique_violation() => continue,
            Err(e) => return Err(e.into()),
        }
    }
    Err(ApiError::internal(anyhow::anyhow!("no free referral code after {GENERATE_TRIES} tries")))
}

/// The referrer named by a code given at sign-up by `phone`: unknown codes and the phone's own
/// account are refused.
pub async fn referrer_for_signup(db: &Db, code: &str, phone: &Phone) -> ApiResult<UserRow> {
    let code = normalise(code).ok_or_else(messages::referral_invalid)?;
    let referrer = repo::user_by_referral_code(db, &code).await?.ok_or_else(messages::referral_invalid)?;
    if referrer.phone_e164 == phone.as_str() {
        return Err(messages::referral_self());
    }
    Ok(referrer)
}

/// A referral code to check before sign-up.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VerifyReferralRequest {
    /// The code, any case.
    pub referral_code: String,
    /// The number signing up, when known: a code of that number's own account is refused.
    #[serde(default)]
    pub phone: Option<String>,
}

/// A valid referral code and whose it is, masked.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReferralValid {
    /// The code, normalised.
    pub referral_code: String,
    /// The referrer's name with all but the first letter of each word hidden, once known.
    pub referrer_name: Option<String>,
    /// The referrer's phone, masked.
    pub referrer_phone: String,
}

/// "BUDI SANTOSO" → "B*** S***".
fn mask_name(name: &str) -> String {
    name.split_whitespace()
        .filter_map(|word| word.chars().next())
        .map(|first| format!("{first}***"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Counts this check against the address's hourly allowance: counted, checked and recorded in one
/// transaction locked per address, so parallel checks cannot all pass the limit.
async fn count_check(state: &AppState, ip: Option<&str>) -> ApiResult<()> {
    let Some(ip) = ip else { return Ok(()) };
    let now = state.clock.now_ms();
    let hour_ago = now - ms::HOUR;
    let mut wtx = state.db.begin_write().await?;
    wtx.lock_key(&format!("referral:from:{ip}")).await?;
    let recent = referral_repo::recent_checks(&mut wtx.tx, ip, hour_ago).await?;
    if recent.checks >= i64::from(state.settings.auth.referral_checks_per_ip_per_hour) {
        let wait_ms = recent.oldest_at_ms.map_or(ms::HOUR, |oldest| oldest + ms::HOUR - now).max(ms::SECOND);
        return Err(messages::referral_rate_limited((wait_ms as u64).div_ceil(1000)));
    }
    referral_repo::record_check(&mut wtx.tx, ip, hour_ago, now).await?;
    wtx.commit().await?;
    Ok(())
}

/// Checks a referral code before sign-up: 200 with the referrer masked, 400 `referral_invalid` or
/// `referral_self`, 429 `referral_rate_limited` after `auth.referral_checks_per_ip_per_hour` checks.
#[utoipa::path(post, path = "/v1/user/signup/verify-referral", tag = "identity", request_body = VerifyReferralRequest,
    responses((status = 200, body = Data<ReferralValid>), (status = 400, body = crate::api::ErrorBody), (status = 429, body = crate::api::ErrorBody)))]
pub async fn verify_referral(
    State(state): State<AppState>,
    ClientAddr(ip): ClientAddr,
    ApiJson(body): ApiJson<VerifyReferralRequest>,
) -> ApiResult<Data<ReferralValid>> {
    count_check(&state, ip.as_deref()).await?;
    let phone = match body.phone.as_deref().map(str::trim).filter(|p| !p.is_empty()) {
        Some(text) => Some(Phone::parse(text).ok_or_else(messages::invalid_phone)?),
        None => None,
    };
    let code = normalise(&body.referral_code).ok_or_else(messages::referral_invalid)?;
    let referrer = repo::user_by_referral_code(&state.db, &code).await?.ok_or_else(messages::referral_invalid)?;
    if phone.is_some_and(|p| p.as_str() == referrer.phone_e164) {
        return Err(messages::referral_self());
    }
    Ok(Data::new(ReferralValid {
        referral_code: code,
        referrer_name: referrer.name.as_deref().map(mask_name),
        referrer_phone: Phone::from_e164(referrer.phone_e164).masked(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_eight_unambiguous_characters() {
        for _ in 0..1000 {
            let code = generate_code();
            assert_eq!(code.len(), CODE_LEN);
            assert!(!code.contains(['0', 'O', '1', 'I', 'L']), "{code}");
            assert_eq!(normalise(&code.to_lowercase()), Some(code));
        }
    }

    #[test]
    fn malformed_codes_are_refused() {
        for text in ["", "ABC", "ABCDEFGHJ", "ABCDEF0O", "ABCD EFG", "ABCDÉFGH"] {
            assert!(normalise(text).is_none(), "{text}");
        }
    }

    #[test]
    fn names_are_masked_to_initials() {
        assert_eq!(mask_name("BUDI  SANTOSO"), "B*** S***");
        assert_eq!(mask_name(""), "");
    }
}
