//! The `topups` table: creation, the gateway's answer, settlement and expiry.

use domain::wallet::TopupStatus;
use sqlx::{Any, Transaction};
use store::{Db, StoreError};

type Tx = Transaction<'static, Any>;

/// A top-up to store, PENDING.
pub struct NewTopup<'a> {
    /// Id (UUID v7), also the gateway's merchant reference.
    pub id: &'a str,
    /// Owner.
    pub user_id: &'a str,
    /// paymentChannel code.
    pub channel: &'a str,
    /// Sen that reach the wallet.
    pub amount: i64,
    /// Channel fee, sen.
    pub fee: i64,
    /// The gateway's reference (a placeholder until it answers).
    pub gateway_ref: &'a str,
    /// The payment instructions, JSON.
    pub instructions: &'a str,
    /// Created, Unix ms.
    pub created_at_ms: i64,
    /// Payable until, Unix ms.
    pub expires_at_ms: i64,
}

/// Stores a new PENDING top-up.
pub async fn insert(tx: &mut Tx, new: &NewTopup<'_>) -> Result<(), StoreError> {
    sqlx::query(
        "insert into topups (id, user_id, channel, amount, fee, status, gateway_ref, instructions, created_at_ms, expires_at_ms) \
         values ($1, $2, $3, $4, $5, 'PENDING', $6, $7, $8, $9)",
    )
    .bind(new.id)
    .bind(new.user_id)
    .bind(new.channel)
    .bind(new.amount)
    .bind(new.fee)
    .bind(new.gateway_ref)
    .bind(new.instructions)
    .bind(new.created_at_ms)
    .bind(new.expires_at_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Keeps the reference and instructions the gateway issued.
pub async fn set_issued(db: &Db, id: &str, gateway_ref: &str, instructions: &str) -> Result<(), StoreError> {
    sqlx::query("update topups set gateway_ref = $1, instructions = $2 where id = $3")
        .bind(gateway_ref)
        .bind(instructions)
        .bind(id)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Marks a PENDING top-up FAILED; whether it was pending.
pub async fn fail_pending(tx: &mut Tx, id: &str) -> Result<bool, StoreError> {
    let closed = sqlx::query("update topups set status = 'FAILED' where id = $1 and status = 'PENDING'")
        .bind(id)
        .execute(&mut **tx)
        .await?
        .rows_affected();
    Ok(closed == 1)
}

/// A top-up as its owner sees it.
#[derive(Debug, sqlx::FromRow)]
pub struct TopupRow {
    /// Id.
    pub id: String,
    /// paymentChannel code.
    pub channel: String,
    /// Sen that reach the wallet.
    pub amount: i64,
    /// Channel fee, sen.
    pub fee: i64,
    /// PENDING, PAID, EXPIRED or FAILED.
    #[sqlx(try_from = "String")]
    pub status: TopupStatus,
    /// The payment instructions, JSON.
    pub instructions: String,
    /// Created, Unix ms.
    pub created_at_ms: i64,
    /// Payable until, Unix ms.
    pub expires_at_ms: i64,
    /// Paid, Unix ms.
    pub paid_at_ms: Option<i64>,
}

/// The top-up `id` of `user_id`.
pub async fn of_user(db: &Db, user_id: &str, id: &str) -> Result<Option<TopupRow>, StoreError> {
    Ok(sqlx::query_as(
        "select id, channel, amount, fee, status, instructions, created_at_ms, expires_at_ms, paid_at_ms from topups \
         where id = $1 and user_id = $2",
    )
    .bind(id)
    .bind(user_id)
    .fetch_optional(db.pool())
    .await?)
}

/// What a gateway callback settles.
#[derive(Debug, sqlx::FromRow)]
pub struct Payable {
    /// Owner.
    pub user_id: String,
    /// Sen that reach the wallet.
    pub amount: i64,
    /// Channel fee, sen.
    pub fee: i64,
}

/// The top-up `id` when it carries the gateway's `reference` or its `placeholder`; the placeholder
/// is then replaced by the reference.
pub async fn for_callback(
    tx: &mut Tx,
    id: &str,
    reference: &str,
    placeholder: &str,
) -> Result<Option<Payable>, StoreError> {
    let found: Option<Payable> = sqlx::query_as(
        "select user_id, amount, fee from topups where id = $2 and (gateway_ref = $1 or gateway_ref = $3)",
    )
    .bind(reference)
    .bind(id)
    .bind(placeholder)
    .fetch_optional(&mut **tx)
    .await?;
    if found.is_some() {
        sqlx::query("update topups set gateway_ref = $1 where id = $2 and gateway_ref = $3")
            .bind(reference)
            .bind(id)
            .bind(placeholder)
            .execute(&mut **tx)
            .await?;
    }
    Ok(found)
}

/// Marks a PENDING or EXPIRED top-up PAID; whether this call did (a repeat does not).
pub async fn mark_paid(tx: &mut Tx, id: &str, now_ms: i64) -> Result<bool, StoreError> {
    let claimed = sqlx::query(
        "update topups set status = 'PAID', paid_at_ms = $1 where id = $2 and status in ('PENDING', 'EXPIRED')",
    )
    .bind(now_ms)
    .bind(id)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(claimed == 1)
}

/// Marks PENDING top-ups payable no longer at `now_ms` EXPIRED; their ids.
pub async fn expire_due(tx: &mut Tx, now_ms: i64) -> Result<Vec<String>, StoreError> {
    Ok(sqlx::query_scalar(
        "update topups set status = 'EXPIRED' where status = 'PENDING' and expires_at_ms <= $1 returning id",
    )
    .bind(now_ms)
    .fetch_all(&mut **tx)
    .await?)
}

/// An issued top-up to ask the gateway about.
#[derive(Debug, sqlx::FromRow)]
pub struct Issued {
    /// Id.
    pub id: String,
    /// The gateway's reference.
    pub gateway_ref: String,
}

/// Unpaid issued top-ups created between `since_ms` and `until_ms`, oldest first, at most `limit`.
pub async fn unpaid_issued(db: &Db, until_ms: i64, since_ms: i64, limit: i64) -> Result<Vec<Issued>, StoreError> {
    Ok(sqlx::query_as(
        "select id, gateway_ref from topups where status in ('PENDING', 'EXPIRED') and gateway_ref not like 'unissued:%' \
         and created_at_ms <= $1 and created_at_ms >= $2 order by created_at_ms limit $3",
    )
    .bind(until_ms)
    .bind(since_ms)
    .bind(limit)
    .fetch_all(db.pool())
    .await?)
}

/// The gross amount (amount + fee) of the top-up `id`, sen.
pub async fn gross_of(db: &Db, id: &str) -> Result<i64, StoreError> {
    let (amount, fee): (i64, i64) =
        sqlx::query_as("select amount, fee from topups where id = $1").bind(id).fetch_one(db.pool()).await?;
    Ok(amount + fee)
}
