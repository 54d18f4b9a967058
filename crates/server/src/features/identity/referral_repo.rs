//! The queries of referral codes and of the per-address checks of them.

use sqlx::{Any, FromRow, Transaction};
use store::{Db, StoreError};

type Tx = Transaction<'static, Any>;

/// Gives `code` to a user who has none yet and returns the user's code then: this one, or the one
/// another request gave first. A code another user holds already fails as a unique violation.
pub async fn give_code(db: &Db, user_id: &str, code: &str) -> Result<Option<String>, StoreError> {
    sqlx::query("update users set referral_code = $1 where id = $2 and referral_code is null")
        .bind(code)
        .bind(user_id)
        .execute(db.pool())
        .await?;
    Ok(sqlx::query_scalar("select referral_code from users where id = $1").bind(user_id).fetch_one(db.pool()).await?)
}

/// The code checks one address made since a time.
#[derive(Debug, Clone, Copy, FromRow)]
pub struct RecentChecks {
    /// How many.
    pub checks: i64,
    /// When the oldest of them was made.
    pub oldest_at_ms: Option<i64>,
}

/// The checks `ip` made since `since_ms`.
pub async fn recent_checks(tx: &mut Tx, ip: &str, since_ms: i64) -> Result<RecentChecks, StoreError> {
    Ok(sqlx::query_as(
        "select count(*) as checks, min(at_ms) as oldest_at_ms from referral_checks \
         where client_ip = $1 and at_ms >= $2",
    )
    .bind(ip)
    .bind(since_ms)
    .fetch_one(&mut **tx)
    .await?)
}

/// Records a check by `ip` at `now_ms`, dropping its checks from before `since_ms` (only the
/// recent ones count).
pub async fn record_check(tx: &mut Tx, ip: &str, since_ms: i64, now_ms: i64) -> Result<(), StoreError> {
    sqlx::query("delete from referral_checks where client_ip = $1 and at_ms < $2")
        .bind(ip)
        .bind(since_ms)
        .execute(&mut **tx)
        .await?;
    sqlx::query("insert into referral_checks (client_ip, at_ms) values ($1, $2)")
        .bind(ip)
        .bind(now_ms)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
