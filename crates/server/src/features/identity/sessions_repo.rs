//! The queries of sessions and their refresh tokens, one text for both backends.

use domain::identity::{AccountStatus, SessionStatus};
use sqlx::{Any, Executor, FromRow, Transaction};
use store::{Db, StoreError};

type Tx = Transaction<'static, Any>;

/// A session to open, ACTIVE and seen now.
#[derive(Debug, Clone)]
pub struct NewSession<'a> {
    /// Id (UUID v7), also the access token's `sid`.
    pub id: &'a str,
    /// The user.
    pub user_id: &'a str,
    /// The client's device id.
    pub device_id: &'a str,
    /// "Chrome on Windows".
    pub device_name: &'a str,
    /// `x-platform` at log-in.
    pub platform: Option<&'a str>,
    /// The client's address.
    pub ip: Option<&'a str>,
    /// When it opens.
    pub now_ms: i64,
}

/// Stores a new session.
pub async fn insert_session(tx: &mut Tx, new: &NewSession<'_>) -> Result<(), StoreError> {
    sqlx::query(
        "insert into sessions (id, user_id, device_id, device_name, platform, ip, status, created_at_ms, last_seen_at_ms) \
         values ($1, $2, $3, $4, $5, $6, 'ACTIVE', $7, $7)",
    )
    .bind(new.id)
    .bind(new.user_id)
    .bind(new.device_id)
    .bind(new.device_name)
    .bind(new.platform.map(str::to_string))
    .bind(new.ip.map(str::to_string))
    .bind(new.now_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Ends the user's other active sessions on `device_id` (one session per device); returns how many.
pub async fn replace_on_device(
    tx: &mut Tx,
    user_id: &str,
    device_id: &str,
    keep: &str,
    now_ms: i64,
) -> Result<u64, StoreError> {
    let replaced = sqlx::query(
        "update sessions set status = 'REVOKED', revoked_at_ms = $1, revoked_reason = 'replaced' \
         where user_id = $2 and device_id = $3 and id <> $4 and status = 'ACTIVE'",
    )
    .bind(now_ms)
    .bind(user_id)
    .bind(device_id)
    .bind(keep)
    .execute(&mut **tx)
    .await?;
    Ok(replaced.rows_affected())
}

/// The user's sessions on `device_id` other than `except` that fraud rules never flagged.
pub async fn unflagged_on_device(tx: &mut Tx, user_id: &str, device_id: &str, except: &str) -> Result<i64, StoreError> {
    Ok(sqlx::query_scalar(
        "select count(*) from sessions where user_id = $1 and device_id = $2 and id <> $3 and fraud_flagged = 0",
    )
    .bind(user_id)
    .bind(device_id)
    .bind(except)
    .fetch_one(&mut **tx)
    .await?)
}

/// The distinct devices the user opened sessions on after `since_ms`.
pub async fn devices_since(tx: &mut Tx, user_id: &str, since_ms: i64) -> Result<i64, StoreError> {
    Ok(sqlx::query_scalar("select count(distinct device_id) from sessions where user_id = $1 and created_at_ms > $2")
        .bind(user_id)
        .bind(since_ms)
        .fetch_one(&mut **tx)
        .await?)
}

/// Flags a session as the fraud rules do: it gets no tokens until unblocked.
pub async fn flag(tx: &mut Tx, session_id: &str) -> Result<(), StoreError> {
    sqlx::query("update sessions set fraud_flagged = 1 where id = $1").bind(session_id).execute(&mut **tx).await?;
    Ok(())
}

/// Stores the digest of a session's new refresh token.
pub async fn insert_refresh_token(
    tx: &mut Tx,
    token_hash: &str,
    session_id: &str,
    expires_at_ms: i64,
    now_ms: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "insert into refresh_tokens (token_hash, session_id, expires_at_ms, created_at_ms) values ($1, $2, $3, $4)",
    )
    .bind(token_hash)
    .bind(session_id)
    .bind(expires_at_ms)
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A refresh token as stored, with its session.
#[derive(Debug, Clone, FromRow)]
pub struct RefreshTokenRow {
    /// The session it refreshes.
    pub session_id: String,
    /// 1 once rotated.
    pub used: i64,
    /// When it stops working.
    pub expires_at_ms: i64,
    /// Whether the session is still open.
    #[sqlx(try_from = "String")]
    pub status: SessionStatus,
    /// The session's user.
    pub user_id: String,
    /// 1 while fraud rules hold the session blocked.
    pub fraud_flagged: i64,
}

/// The refresh token with this digest.
pub async fn refresh_token(db: &Db, token_hash: &str) -> Result<Option<RefreshTokenRow>, StoreError> {
    Ok(sqlx::query_as(
        "select r.session_id, r.used, r.expires_at_ms, s.status, s.user_id, s.fraud_flagged from refresh_tokens r \
         join sessions s on s.id = r.session_id where r.token_hash = $1",
    )
    .bind(token_hash)
    .fetch_optional(db.pool())
    .await?)
}

/// Marks a refresh token rotated; false when another request rotated it first.
pub async fn claim_refresh_token(tx: &mut Tx, token_hash: &str) -> Result<bool, StoreError> {
    let claimed = sqlx::query("update refresh_tokens set used = 1 where token_hash = $1 and used = 0")
        .bind(token_hash)
        .execute(&mut **tx)
        .await?;
    Ok(claimed.rows_affected() == 1)
}

/// Ends one session, if still active.
pub async fn revoke<'c, E: Executor<'c, Database = Any>>(
    executor: E,
    session_id: &str,
    reason: &str,
    now_ms: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "update sessions set status = 'REVOKED', revoked_at_ms = $1, revoked_reason = $2 where id = $3 and status = 'ACTIVE'",
    )
    .bind(now_ms)
    .bind(reason)
    .bind(session_id)
    .execute(executor)
    .await?;
    Ok(())
}

/// Ends every session of a user (a PIN change or reset).
pub async fn revoke_all(tx: &mut Tx, user_id: &str, reason: &str, now_ms: i64) -> Result<(), StoreError> {
    sqlx::query(
        "update sessions set status = 'REVOKED', revoked_at_ms = $1, revoked_reason = $2 where user_id = $3 and status = 'ACTIVE'",
    )
    .bind(now_ms)
    .bind(reason)
    .bind(user_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Ends every session of a user but `keep` (a phone change made from `keep`); returns how many ended.
pub async fn revoke_others(
    tx: &mut Tx,
    user_id: &str,
    keep: &str,
    reason: &str,
    now_ms: i64,
) -> Result<u64, StoreError> {
    let ended = sqlx::query(
        "update sessions set status = 'REVOKED', revoked_at_ms = $1, revoked_reason = $2 \
         where user_id = $3 and id <> $4 and status = 'ACTIVE'",
    )
    .bind(now_ms)
    .bind(reason)
    .bind(user_id)
    .bind(keep)
    .execute(&mut **tx)
    .await?;
    Ok(ended.rows_affected())
}

/// What an authenticated request needs to know of its session and user.
#[derive(Debug, Clone, FromRow)]
pub struct SessionState {
    /// Whether the session is still open.
    #[sqlx(try_from = "String")]
    pub status: SessionStatus,
    /// When the session was last seen.
    pub last_seen_at_ms: i64,
    /// Whether the user may use the account.
    #[sqlx(try_from = "String")]
    pub user_status: AccountStatus,
    /// 1 while fraud rules hold the session blocked (until the user unblocks it from another device).
    pub fraud_flagged: i64,
    /// 1 when the user is tagged pro (R6.02): read here, so an order costs no query of its own for it.
    pub pro: i64,
    /// 1 when the user is verified for US stocks (gssKycStatus): read here for the same reason.
    pub us_verified: i64,
}

/// The sessions `keys` (session id, user id) name with their users' state, in the keys' order:
/// the session checks of calls made at the same moment, in one statement (issue 12).
pub async fn session_states(db: Db, keys: Vec<(String, String)>) -> Result<Vec<Option<SessionState>>, StoreError> {
    #[derive(FromRow)]
    struct Found {
        id: String,
        user_id: String,
        #[sqlx(flatten)]
        state: SessionState,
    }
    let mut ids: Vec<&str> = keys.iter().map(|(session, _)| session.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    store::placeholders::pad_to_power_of_two(&mut ids);
    let sql = format!(
        "select s.id, s.user_id, s.status, s.last_seen_at_ms, u.status as user_status, s.fraud_flagged, \
         (select count(*) from user_tags t where t.user_id = u.id and t.tag = $1) as pro, \
         cast(case when u.gss_kyc_status = 'VERIFIED' then 1 else 0 end as bigint) as us_verified \
         from sessions s join users u on u.id = s.user_id where s.id in ({})",
        store::placeholders::numbered(2, ids.len())
    );
    let sql = store::placeholders::for_backend(db.backend(), &sql);
    let mut query = sqlx::query_as::<_, Found>(&sql).bind(super::repo::PRO_TAG);
    for id in ids {
        query = query.bind(id);
    }
    let found: std::collections::HashMap<(String, String), SessionState> =
        query.fetch_all(db.pool()).await?.into_iter().map(|f| ((f.id, f.user_id), f.state)).collect();
    Ok(keys.iter().map(|key| found.get(key).cloned()).collect())
}

/// Records that a session was seen at `now_ms`.
pub async fn touch_session(db: &Db, session_id: &str, now_ms: i64) -> Result<(), StoreError> {
    sqlx::query("update sessions set last_seen_at_ms = $1 where id = $2")
        .bind(now_ms)
        .bind(session_id)
        .execute(db.pool())
        .await?;
    Ok(())
}
