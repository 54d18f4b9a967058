//! The `usd_movements` table: conversions between rupiah and dollars and transfers between the
//! USD buckets, each written in the transaction of its ledger entry.

use sqlx::{Any, Transaction};
use store::{Db, StoreError};

/// A USD movement as stored.
#[derive(Debug, sqlx::FromRow)]
pub struct UsdMovementRow {
    /// Id (UUID v7).
    pub id: String,
    /// IDR_TO_USD, USD_TO_IDR, LEVERAGE_DEPOSIT, LEVERAGE_WITHDRAW, INTRADAY_DEPOSIT or INTRADAY_WITHDRAW.
    pub kind: String,
    /// Sen moved (0 for bucket transfers).
    pub idr_amount: i64,
    /// Micro-dollars moved.
    pub usd_amount: i64,
    /// Rupiah per dollar applied (empty for bucket transfers).
    pub rate: String,
    /// Created, Unix ms.
    pub created_at_ms: i64,
}

/// Stores a movement of `user_id` inside the transaction that posts it.
pub async fn insert(
    tx: &mut Transaction<'static, Any>,
    user_id: &str,
    movement: &UsdMovementRow,
) -> Result<(), StoreError> {
    sqlx::query(
        "insert into usd_movements (id, user_id, kind, idr_amount, usd_amount, rate, created_at_ms) \
         values ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(&movement.id)
    .bind(user_id)
    .bind(&movement.kind)
    .bind(movement.idr_amount)
    .bind(movement.usd_amount)
    .bind(&movement.rate)
    .bind(movement.created_at_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The movement `id` of `user_id`.
pub async fn of_user(db: &Db, user_id: &str, id: &str) -> Result<Option<UsdMovementRow>, StoreError> {
    Ok(sqlx::query_as(
        "select id, kind, idr_amount, usd_amount, rate, created_at_ms from usd_movements where id = $1 and user_id = $2",
    )
    .bind(id)
    .bind(user_id)
    .fetch_optional(db.pool())
    .await?)
}
