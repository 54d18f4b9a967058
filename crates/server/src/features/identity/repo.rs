//! The identity feature's queries, one text for both backends.

use domain::identity::{AccountStatus, KycStatus};
use sqlx::{Any, Executor, FromRow};
use store::{Db, StoreError};

/// A user as stored.
#[derive(Debug, Clone, FromRow)]
pub struct UserRow {
    /// Id (UUID v7).
    pub id: String,
    /// E.164 phone.
    pub phone_e164: String,
    /// Display name.
    pub name: Option<String>,
    /// E-mail.
    pub email: Option<String>,
    /// argon2id PHC string; none before the PIN is registered.
    pub pin_hash: Option<String>,
    /// Wrong PINs since the last right one.
    pub pin_failed_attempts: i64,
    /// 1 while the PIN is locked, until reset by a code.
    pub pin_locked: i64,
    /// ACTIVE or LOCKED_FOR_REVIEW.
    #[sqlx(try_from = "String")]
    pub status: AccountStatus,
    /// Identity verification status.
    #[sqlx(try_from = "String")]
    pub kyc_status: KycStatus,
    /// US-stock eligibility status (R6.03).
    #[sqlx(try_from = "String")]
    pub gss_kyc_status: KycStatus,
    /// Accepted terms version.
    pub terms_version: i64,
    /// Preferred language.
    pub language: String,
    /// Creation time.
    pub created_at_ms: i64,
    /// The user's own referral code (given on first read for accounts older than codes).
    pub referral_code: Option<String>,
    /// Optional profile data: occupation, income range and investment goal (enum names).
    pub occupation: Option<String>,
    /// Yearly income range.
    pub income_range: Option<String>,
    /// Main investment goal.
    pub investment_goal: Option<String>,
}

const USER_COLUMNS: &str = "id, phone_e164, name, email, pin_hash, pin_failed_attempts, pin_locked, status, \
     kyc_status, gss_kyc_status, terms_version, language, created_at_ms, referral_code, occupation, income_range, \
     investment_goal";

/// The user with this phone.
pub async fn user_by_phone(db: &Db, phone: &str) -> Result<Option<UserRow>, StoreError> {
    Ok(sqlx::query_as(&format!("select {USER_COLUMNS} from users where phone_e164 = $1"))
        .bind(phone)
        .fetch_optional(db.pool())
        .await?)
}

/// The user with this id.
pub async fn user_by_id(db: &Db, id: &str) -> Result<Option<UserRow>, StoreError> {
    Ok(sqlx::query_as(&format!("select {USER_COLUMNS} from users where id = $1"))
        .bind(id)
        .fetch_optional(db.pool())
        .await?)
}

/// A new account's referral: its own code and, when a code was given at sign-up, that code and
/// the referrer's id.
#[derive(Debug, Clone)]
pub struct NewReferral<'a> {
    /// The new account's own code.
    pub own_code: &'a str,
    /// The code typed at sign-up.
    pub used_code: Option<&'a str>,
    /// Whose code it was.
    pub referred_by: Option<&'a str>,
}

/// Creates a user with a PIN (the end of sign-up).
pub async fn insert_user<'c, E: Executor<'c, Database = Any>>(
    executor: E,
    id: &str,
    phone: &str,
    pin_hash: &str,
    referral: &NewReferral<'_>,
    language: &str,
    now_ms: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "insert into users (id, phone_e164, pin_hash, referral_code, signup_referral_code, referred_by, language, \
         created_at_ms, pin_changed_at_ms) values ($1, $2, $3, $4, $5, $6, $7, $8, $8)",
    )
    .bind(id)
    .bind(phone)
    .bind(pin_hash)
    .bind(referral.own_code)
    .bind(referral.used_code.map(str::to_string))
    .bind(referral.referred_by.map(str::to_string))
    .bind(language)
    .bind(now_ms)
    .execute(executor)
    .await?;
    Ok(())
}

/// Sets a new PIN and unlocks it, and the account if failures had locked it for review: whoever
/// sets it has just proved the phone with a code, or the old PIN.
pub async fn set_pin(
    tx: &mut sqlx::Transaction<'static, Any>,
    user_id: &str,
    pin_hash: &str,
    now_ms: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "update users set pin_hash = $1, pin_failed_attempts = 0, pin_locked = 0, failures_in_a_row = 0, \
         status = case when status = 'LOCKED_FOR_REVIEW' then 'ACTIVE' else status end, \
         pin_changed_at_ms = $2 where id = $3",
    )
    .bind(pin_hash)
    .bind(now_ms)
    .bind(user_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Claims one PIN try before the PIN is compared, atomically: the try counts as wrong until the
/// comparison says otherwise, and the try that reaches `pin_max` locks the PIN at once, so however
/// many arrive together at most `pin_max` are ever compared. Returns the try's number, or `None`
/// when the PIN is locked.
pub async fn claim_pin_try(db: &Db, user_id: &str, pin_max: u32) -> Result<Option<i64>, StoreError> {
    Ok(sqlx::query_scalar(
        "update users set pin_failed_attempts = pin_failed_attempts + 1, \
         pin_locked = case when pin_failed_attempts + 1 >= $1 then 1 else 0 end \
         where id = $2 and pin_locked = 0 and pin_failed_attempts < $1 returning pin_failed_attempts",
    )
    .bind(i64::from(pin_max))
    .bind(user_id)
    .fetch_optional(db.pool())
    .await?)
}

/// A claimed try was the right PIN: the counters start again and the lock its own claim may have
/// set is lifted (a try claimed while locked never gets here).
pub async fn pin_was_right(db: &Db, user_id: &str) -> Result<(), StoreError> {
    sqlx::query(
        "update users set pin_failed_attempts = 0, failures_in_a_row = 0, pin_locked = 0 \
         where id = $1 and (pin_failed_attempts <> 0 or failures_in_a_row <> 0 or pin_locked <> 0)",
    )
    .bind(user_id)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// A claimed try was wrong: counts it towards the account's review lock at `review_after`.
pub async fn pin_was_wrong(db: &Db, user_id: &str, review_after: u32) -> Result<(), StoreError> {
    sqlx::query(
        "update users set failures_in_a_row = failures_in_a_row + 1, \
         status = case when failures_in_a_row + 1 >= $1 then 'LOCKED_FOR_REVIEW' else status end where id = $2",
    )
    .bind(i64::from(review_after))
    .bind(user_id)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Lifts a review lock and clears the failure counts (the operator's unlock). False when no such user.
pub async fn unlock_account(db: &Db, user_id: &str) -> Result<bool, StoreError> {
    let done = sqlx::query(
        "update users set failures_in_a_row = 0, pin_failed_attempts = 0, pin_locked = 0, \
         status = case when status = 'LOCKED_FOR_REVIEW' then 'ACTIVE' else status end where id = $1",
    )
    .bind(user_id)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Counts a wrong code against an account by id (codes bound to an account: phone and e-mail
/// changes); locks it for review at `review_after`.
pub async fn record_user_code_failure(db: &Db, user_id: &str, review_after: u32) -> Result<(), StoreError> {
    sqlx::query(
        "update users set failures_in_a_row = failures_in_a_row + 1, \
         status = case when failures_in_a_row + 1 >= $1 then 'LOCKED_FOR_REVIEW' else status end \
         where id = $2",
    )
    .bind(i64::from(review_after))
    .bind(user_id)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// The user with this e-mail address (stored lower-cased).
pub async fn user_by_email(db: &Db, email: &str) -> Result<Option<UserRow>, StoreError> {
    Ok(sqlx::query_as(&format!("select {USER_COLUMNS} from users where email = $1"))
        .bind(email)
        .fetch_optional(db.pool())
        .await?)
}

/// The user whose own referral code this is.
pub async fn user_by_referral_code(db: &Db, code: &str) -> Result<Option<UserRow>, StoreError> {
    Ok(sqlx::query_as(&format!("select {USER_COLUMNS} from users where referral_code = $1"))
        .bind(code)
        .fetch_optional(db.pool())
        .await?)
}

/// Records acceptance of a terms version.
pub async fn accept_terms(db: &Db, user_id: &str, version: i64) -> Result<(), StoreError> {
    sqlx::query("update users set terms_version = $1 where id = $2 and terms_version < $1")
        .bind(version)
        .bind(user_id)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// The tag that makes a user pro (R6.02).
pub const PRO_TAG: &str = "pro";

/// The user's tags (e.g. `pro`).
pub async fn user_tags(db: &Db, user_id: &str) -> Result<Vec<String>, StoreError> {
    Ok(sqlx::query_scalar("select tag from user_tags where user_id = $1 order by tag")
        .bind(user_id)
        .fetch_all(db.pool())
        .await?)
}

/// Adds or removes a tag (operator API).
pub async fn set_tag(db: &Db, user_id: &str, tag: &str, on: bool) -> Result<(), StoreError> {
    let query = if on {
        "insert into user_tags (user_id, tag) values ($1, $2) on conflict (user_id, tag) do nothing"
    } else {
        "delete from user_tags where user_id = $1 and tag = $2"
    };
    sqlx::query(query).bind(user_id).bind(tag).execute(db.pool()).await?;
    Ok(())
}

/// One line of the security log: what happened, to whom, what about, and from where.
#[derive(Debug, Clone, Copy, Default)]
pub struct SecurityEvent<'a> {
    /// What happened (`login`, `logout`, `pin_failed`, ...).
    pub kind: &'a str,
    /// The account it concerns.
    pub user_id: Option<&'a str>,
    /// The phone number it concerns, E.164.
    pub phone: Option<&'a str>,
    /// What about: a session, a masked address, a reason.
    pub detail: Option<&'a str>,
    /// The client's address.
    pub ip: Option<&'a str>,
    /// The client's device id.
    pub device_id: Option<&'a str>,
}

impl<'a> SecurityEvent<'a> {
    /// `kind` happened to `user_id`'s account.
    pub fn of(kind: &'a str, user_id: &'a str) -> Self {
        Self { kind, user_id: Some(user_id), ..Self::default() }
    }

    /// With what it was about.
    #[must_use]
    pub fn about(self, detail: &'a str) -> Self {
        Self { detail: Some(detail), ..self }
    }

    /// With the phone number it concerns.
    #[must_use]
    pub fn phone(self, phone: &'a str) -> Self {
        Self { phone: Some(phone), ..self }
    }

    /// From the client at `ip` on `device_id`.
    #[must_use]
    pub fn from_client(self, ip: Option<&'a str>, device_id: Option<&'a str>) -> Self {
        Self { ip, device_id, ..self }
    }
}

/// Appends `event`, which happened at `now_ms`, to the security log; a failed write is logged, not
/// answered, so it never fails the request it records.
pub async fn log_security(db: &Db, event: SecurityEvent<'_>, now_ms: i64) {
    let SecurityEvent { kind, user_id, phone, detail, ip, device_id } = event;
    let result = sqlx::query(
        "insert into security_log (user_id, phone_e164, kind, detail, ip, device_id, at_ms) values ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(user_id.map(str::to_string))
    .bind(phone.map(str::to_string))
    .bind(kind)
    .bind(detail.map(str::to_string))
    .bind(ip.map(str::to_string))
    .bind(device_id.map(str::to_string))
    .bind(now_ms)
    .execute(db.pool())
    .await;
    if let Err(e) = result {
        tracing::error!(error = %e, kind, "could not write the security log");
    }
}

/// Security-log entries of a kind for a user (tests and operators).
pub async fn security_log_count(db: &Db, user_id: &str, kind: &str) -> Result<i64, StoreError> {
    Ok(sqlx::query_scalar("select count(*) from security_log where user_id = $1 and kind = $2")
        .bind(user_id)
        .bind(kind)
        .fetch_one(db.pool())
        .await?)
}
