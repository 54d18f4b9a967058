//! The `bank_accounts` table. Removed accounts stay, hidden, because past cash-outs name them.

use sqlx::{Any, Transaction};
use store::{Db, StoreError};

type Tx = Transaction<'static, Any>;

const COLUMNS: &str = "id, bank_code, account_number, holder_name, created_at_ms";

/// A saved bank account with its full number.
#[derive(Debug, sqlx::FromRow)]
pub struct BankAccountRow {
    /// Id.
    pub id: String,
    /// Bank code.
    pub bank_code: String,
    /// The full account number.
    pub account_number: String,
    /// The holder's name as the bank has it.
    pub holder_name: String,
    /// Added, Unix ms.
    pub created_at_ms: i64,
}

/// The account `id` of `user_id` (removed ones too when `with_removed`).
pub async fn one(db: &Db, user_id: &str, id: &str, with_removed: bool) -> Result<Option<BankAccountRow>, StoreError> {
    let removed = if with_removed { "" } else { " and deleted_at_ms is null" };
    Ok(sqlx::query_as(&format!("select {COLUMNS} from bank_accounts where id = $1 and user_id = $2{removed}"))
        .bind(id)
        .bind(user_id)
        .fetch_optional(db.pool())
        .await?)
}

/// The accounts `user_id` has not removed, oldest first.
pub async fn live_of(db: &Db, user_id: &str) -> Result<Vec<BankAccountRow>, StoreError> {
    Ok(sqlx::query_as(&format!(
        "select {COLUMNS} from bank_accounts where user_id = $1 and deleted_at_ms is null order by created_at_ms, id"
    ))
    .bind(user_id)
    .fetch_all(db.pool())
    .await?)
}

/// How many accounts `user_id` has not removed, counted after touching the user's row: that
/// serialises concurrent adds of one user on PostgreSQL too (SQLite has one writer anyway), so the
/// count cannot be raced past a bound before the transaction ends.
pub async fn count_live_locked(tx: &mut Tx, user_id: &str) -> Result<i64, StoreError> {
    sqlx::query("update users set id = id where id = $1").bind(user_id).execute(&mut **tx).await?;
    Ok(sqlx::query_scalar("select count(*) as n from bank_accounts where user_id = $1 and deleted_at_ms is null")
        .bind(user_id)
        .fetch_one(&mut **tx)
        .await?)
}

/// A bank account to save.
pub struct NewBankAccount<'a> {
    /// Id (UUID v7).
    pub id: &'a str,
    /// Owner.
    pub user_id: &'a str,
    /// Bank code.
    pub bank_code: &'a str,
    /// The full account number.
    pub account_number: &'a str,
    /// The holder's name as the bank has it.
    pub holder_name: &'a str,
    /// Added, Unix ms.
    pub created_at_ms: i64,
}

/// Saves an account; a unique violation means the user has it already.
pub async fn insert(tx: &mut Tx, new: &NewBankAccount<'_>) -> Result<(), StoreError> {
    sqlx::query(
        "insert into bank_accounts (id, user_id, bank_code, account_number, holder_name, created_at_ms) \
         values ($1, $2, $3, $4, $5, $6)",
    )
    .bind(new.id)
    .bind(new.user_id)
    .bind(new.bank_code)
    .bind(new.account_number)
    .bind(new.holder_name)
    .bind(new.created_at_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Hides the account `id` of `user_id`; whether there was one to hide.
pub async fn remove(db: &Db, user_id: &str, id: &str, now_ms: i64) -> Result<bool, StoreError> {
    let removed = sqlx::query(
        "update bank_accounts set deleted_at_ms = $1 where id = $2 and user_id = $3 and deleted_at_ms is null",
    )
    .bind(now_ms)
    .bind(id)
    .bind(user_id)
    .execute(db.pool())
    .await?
    .rows_affected();
    Ok(removed > 0)
}
