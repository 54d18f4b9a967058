//! The one-time-code queries, run inside the caller's transaction, and the count of wrong codes.

use sqlx::{Any, Executor, Transaction};
use store::{Db, StoreError};

use crate::config::AuthSettings;

/// What was sent lately, for the send limits.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SendHistory {
    /// When the destination was last sent a code.
    pub last_sent_at_ms: Option<i64>,
    /// Codes sent to the destination since the window's start.
    pub sent_to_destination: i64,
    /// Codes asked from the client address since the window's start (0 without an address).
    pub sent_from_address: i64,
}

/// A code to store; only its digest is kept.
pub struct NewChallenge<'a> {
    /// Id (UUID v7), also the client's `otpId`.
    pub id: &'a str,
    /// E.164 phone or e-mail address.
    pub destination: &'a str,
    /// `SMS` or `EMAIL`.
    pub channel: &'a str,
    /// The account it is bound to (phone and e-mail changes).
    pub owner: Option<&'a str>,
    /// What the code is for.
    pub purpose: &'a str,
    /// Digest of id and code.
    pub code_hash: &'a str,
    /// The asking client's address.
    pub client_ip: Option<&'a str>,
    /// The asking device.
    pub device_id: Option<&'a str>,
    /// When it was made.
    pub created_at_ms: i64,
    /// When the code stops working.
    pub expires_at_ms: i64,
}

/// The codes sent to `destination`, and asked from `address`, since `since_ms`.
pub async fn send_history(
    tx: &mut Transaction<'static, Any>,
    destination: &str,
    address: Option<&str>,
    since_ms: i64,
) -> Result<SendHistory, StoreError> {
    let (last_sent_at_ms, sent_to_destination): (Option<i64>, i64) = sqlx::query_as(
        "select max(created_at_ms), count(case when created_at_ms >= $2 then 1 end) \
         from otp_challenges where destination = $1",
    )
    .bind(destination)
    .bind(since_ms)
    .fetch_one(&mut **tx)
    .await?;
    let sent_from_address = match address {
        Some(address) => {
            sqlx::query_scalar("select count(*) from otp_challenges where client_ip = $1 and created_at_ms >= $2")
                .bind(address)
                .bind(since_ms)
                .fetch_one(&mut **tx)
                .await?
        }
        None => 0,
    };
    Ok(SendHistory { last_sent_at_ms, sent_to_destination, sent_from_address })
}

/// Ends `owner`'s live codes and unused verification tokens of `purpose`.
pub async fn expire_owner_codes(
    tx: &mut Transaction<'static, Any>,
    owner: &str,
    purpose: &str,
    now_ms: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "update otp_challenges set expires_at_ms = $1, verification_expires_at_ms = $1 \
         where user_id = $2 and purpose = $3 and verification_used = 0 \
         and (expires_at_ms > $1 or verification_expires_at_ms > $1)",
    )
    .bind(now_ms)
    .bind(owner)
    .bind(purpose)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Stores a new challenge.
pub async fn insert_challenge(tx: &mut Transaction<'static, Any>, new: &NewChallenge<'_>) -> Result<(), StoreError> {
    sqlx::query(
        "insert into otp_challenges (id, destination, channel, user_id, purpose, code_hash, client_ip, device_id, \
         created_at_ms, expires_at_ms) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(new.id)
    .bind(new.destination)
    .bind(new.channel)
    .bind(new.owner.map(str::to_string))
    .bind(new.purpose)
    .bind(new.code_hash)
    .bind(new.client_ip.map(str::to_string))
    .bind(new.device_id.map(str::to_string))
    .bind(new.created_at_ms)
    .bind(new.expires_at_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A stored challenge, as a code check reads it.
#[derive(Debug, sqlx::FromRow)]
pub struct Challenge {
    /// E.164 phone or e-mail address.
    pub destination: String,
    /// The account it is bound to, if any.
    pub user_id: Option<String>,
    /// What it is for.
    pub purpose: String,
    /// Digest of id and code.
    pub code_hash: String,
    /// Tries so far.
    pub attempts: i64,
    /// 1 once a right code was given.
    pub consumed: i64,
    /// When the code stops working.
    pub expires_at_ms: i64,
}

/// The challenge `id`.
pub async fn challenge(db: &Db, id: &str) -> Result<Option<Challenge>, StoreError> {
    Ok(sqlx::query_as(
        "select destination, user_id, purpose, code_hash, attempts, consumed, expires_at_ms from otp_challenges where id = $1",
    )
    .bind(id)
    .fetch_optional(db.pool())
    .await?)
}

/// Counts one try, unless the challenge is used up or consumed; whether it was counted.
pub async fn count_attempt(db: &Db, id: &str, attempts_max: i64) -> Result<bool, StoreError> {
    let counted = sqlx::query(
        "update otp_challenges set attempts = attempts + 1 where id = $1 and attempts < $2 and consumed = 0",
    )
    .bind(id)
    .bind(attempts_max)
    .execute(db.pool())
    .await?
    .rows_affected();
    Ok(counted == 1)
}

/// Marks the challenge consumed with its verification token's digest; whether this call did it.
pub async fn consume(db: &Db, id: &str, verification_hash: &str, expires_at_ms: i64) -> Result<bool, StoreError> {
    let consumed = sqlx::query(
        "update otp_challenges set consumed = 1, verification_hash = $1, verification_expires_at_ms = $2 \
         where id = $3 and consumed = 0",
    )
    .bind(verification_hash)
    .bind(expires_at_ms)
    .bind(id)
    .execute(db.pool())
    .await?
    .rows_affected();
    Ok(consumed == 1)
}

/// The security-log kind of a wrong code.
pub const WRONG_CODE: &str = "otp_failed";

/// Wrong codes sent from one address and one device in the last hour.
#[derive(Debug, Clone, Copy)]
pub struct WrongCodes {
    /// From the client's address.
    pub from_address: i64,
    /// From the client's device.
    pub from_device: i64,
}

impl WrongCodes {
    /// Whether the guesser has spent its hourly allowance of wrong codes.
    pub fn exceeds(self, auth: &AuthSettings) -> bool {
        self.from_address >= i64::from(auth.otp_failures_per_ip_per_hour)
            || self.from_device >= i64::from(auth.otp_failures_per_device_per_hour)
    }
}

/// Counts the wrong codes logged since `since_ms` from `ip` and from `device_id` (0 for an unknown one).
pub async fn wrong_codes_within_hour(
    db: &Db,
    ip: Option<&str>,
    device_id: Option<&str>,
    since_ms: i64,
) -> Result<WrongCodes, StoreError> {
    let count = |column: &'static str, value: Option<&str>| {
        let value = value.map(str::to_string);
        async move {
            let Some(value) = value else { return Ok::<i64, StoreError>(0) };
            let sql = format!("select count(*) from security_log where {column} = $1 and kind = $2 and at_ms >= $3");
            Ok(sqlx::query_scalar(&sql).bind(value).bind(WRONG_CODE).bind(since_ms).fetch_one(db.pool()).await?)
        }
    };
    Ok(WrongCodes { from_address: count("ip", ip).await?, from_device: count("device_id", device_id).await? })
}

/// The destination a still-valid, unused verification token of `purpose` stands for.
pub async fn verified_destination(
    db: &Db,
    verification_hash: &str,
    purpose: &str,
    now_ms: i64,
) -> Result<Option<String>, StoreError> {
    Ok(sqlx::query_scalar(
        "select destination from otp_challenges where verification_hash = $1 and purpose = $2 \
         and verification_used = 0 and verification_expires_at_ms > $3",
    )
    .bind(verification_hash)
    .bind(purpose)
    .bind(now_ms)
    .fetch_optional(db.pool())
    .await?)
}

/// Marks a verification token used; false when it is unknown or was used first.
pub async fn use_verification<'c, E: Executor<'c, Database = Any>>(
    executor: E,
    verification_hash: &str,
    now_ms: i64,
) -> Result<bool, StoreError> {
    let used = sqlx::query(
        "update otp_challenges set verification_used = 1, verification_used_at_ms = $2 \
         where verification_hash = $1 and verification_used = 0",
    )
    .bind(verification_hash)
    .bind(now_ms)
    .execute(executor)
    .await?;
    Ok(used.rows_affected() == 1)
}

/// Uses `owner`'s still-valid token of `purpose` and returns the destination it stands for; `None`
/// when it is unknown, expired, used or another account's.
pub async fn claim_verification(
    tx: &mut Transaction<'static, Any>,
    verification_hash: &str,
    purpose: &str,
    owner: &str,
    now_ms: i64,
) -> Result<Option<String>, StoreError> {
    Ok(sqlx::query_scalar(
        "update otp_challenges set verification_used = 1, verification_used_at_ms = $1 \
         where verification_hash = $2 and purpose = $3 and user_id = $4 and verification_used = 0 \
         and verification_expires_at_ms > $1 returning destination",
    )
    .bind(now_ms)
    .bind(verification_hash)
    .bind(purpose)
    .bind(owner)
    .fetch_optional(&mut **tx)
    .await?)
}

/// Ends a verified but unused token.
pub async fn void_verification(db: &Db, verification_hash: &str, now_ms: i64) -> Result<(), StoreError> {
    sqlx::query(
        "update otp_challenges set verification_expires_at_ms = $1 where verification_hash = $2 and verification_used = 0",
    )
    .bind(now_ms)
    .bind(verification_hash)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// An account's latest challenge of a purpose, as the change status reads it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ChangeChallenge {
    /// `SMS` or `EMAIL`.
    pub channel: String,
    /// E.164 phone or e-mail address.
    pub destination: String,
    /// Tries so far.
    pub attempts: i64,
    /// 1 once a right code was given.
    pub consumed: i64,
    /// When the code stops working.
    pub expires_at_ms: i64,
    /// 1 once its verification token was used.
    pub verification_used: i64,
    /// When the verification token stops working.
    pub verification_expires_at_ms: Option<i64>,
    /// When the verification token was used.
    pub verification_used_at_ms: Option<i64>,
    /// When the code was sent.
    pub created_at_ms: i64,
}

/// `owner`'s latest challenge of `purpose`.
pub async fn latest_of(db: &Db, owner: &str, purpose: &str) -> Result<Option<ChangeChallenge>, StoreError> {
    Ok(sqlx::query_as(
        "select channel, destination, attempts, consumed, expires_at_ms, verification_used, \
         verification_expires_at_ms, verification_used_at_ms, created_at_ms from otp_challenges \
         where user_id = $1 and purpose = $2 order by created_at_ms desc, id desc limit 1",
    )
    .bind(owner)
    .bind(purpose)
    .fetch_optional(db.pool())
    .await?)
}
