//! The `voucher_grants` table: promotional credit an operator granted.

use sqlx::{Any, Transaction};
use store::{Db, StoreError};

/// A voucher grant as stored.
#[derive(Debug, sqlx::FromRow)]
pub struct VoucherRow {
    /// Id (UUID v7).
    pub id: String,
    /// The user credited.
    pub user_id: String,
    /// Sen.
    pub amount: i64,
    /// Why.
    pub reason: String,
    /// Granted, Unix ms.
    pub created_at_ms: i64,
}

/// Stores a grant inside the transaction that credits it.
pub async fn insert(tx: &mut Transaction<'static, Any>, grant: &VoucherRow) -> Result<(), StoreError> {
    sqlx::query("insert into voucher_grants (id, user_id, amount, reason, created_at_ms) values ($1, $2, $3, $4, $5)")
        .bind(&grant.id)
        .bind(&grant.user_id)
        .bind(grant.amount)
        .bind(&grant.reason)
        .bind(grant.created_at_ms)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The grant `id` to `user_id`.
pub async fn of_user(db: &Db, user_id: &str, id: &str) -> Result<Option<VoucherRow>, StoreError> {
    Ok(sqlx::query_as(
        "select id, user_id, amount, reason, created_at_ms from voucher_grants where id = $1 and user_id = $2",
    )
    .bind(id)
    .bind(user_id)
    .fetch_optional(db.pool())
    .await?)
}
