//! The `cashouts` table: creation with its hold, the operator's review, and disbursement to its end.

use domain::wallet::CashoutStatus;
use sqlx::{Any, Transaction};
use store::{Db, StoreError};

type Tx = Transaction<'static, Any>;

/// A cash-out to store, its amount already held.
pub struct NewCashout<'a> {
    /// Id (UUID v7).
    pub id: &'a str,
    /// Owner.
    pub user_id: &'a str,
    /// Where the money goes.
    pub bank_account_id: &'a str,
    /// Sen leaving the wallet, fee included.
    pub amount: i64,
    /// Transfer fee, sen.
    pub fee: i64,
    /// Pending review or processing.
    pub status: CashoutStatus,
    /// The ledger hold on the amount.
    pub hold_id: &'a str,
    /// Approved without an operator.
    pub auto_approved: bool,
    /// Created, Unix ms.
    pub created_at_ms: i64,
}

/// Stores a new cash-out.
pub async fn insert(tx: &mut Tx, new: &NewCashout<'_>) -> Result<(), StoreError> {
    sqlx::query(
        "insert into cashouts (id, user_id, bank_account_id, amount, fee, status, hold_id, auto_approved, created_at_ms, updated_at_ms) \
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)",
    )
    .bind(new.id)
    .bind(new.user_id)
    .bind(new.bank_account_id)
    .bind(new.amount)
    .bind(new.fee)
    .bind(new.status.as_str())
    .bind(new.hold_id)
    .bind(i64::from(new.auto_approved))
    .bind(new.created_at_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

const COLUMNS: &str = "id, user_id, bank_account_id, amount, fee, status, failure_code, failure_note, created_at_ms";

/// A cash-out as shown to its owner and operators.
#[derive(Debug, sqlx::FromRow)]
pub struct CashoutRow {
    /// Id.
    pub id: String,
    /// Owner.
    pub user_id: String,
    /// Where the money goes.
    pub bank_account_id: String,
    /// Sen leaving the wallet.
    pub amount: i64,
    /// Transfer fee, sen.
    pub fee: i64,
    /// Stored state.
    #[sqlx(try_from = "String")]
    pub status: CashoutStatus,
    /// Why it failed or was rejected (a code).
    pub failure_code: Option<String>,
    /// The bank's or operator's words.
    pub failure_note: Option<String>,
    /// Created, Unix ms.
    pub created_at_ms: i64,
}

/// The cash-out `id` (of `user_id` when given).
pub async fn one(db: &Db, id: &str, user_id: Option<&str>) -> Result<Option<CashoutRow>, StoreError> {
    Ok(sqlx::query_as(&format!("select {COLUMNS} from cashouts where id = $1 and ($2 = '' or user_id = $2)"))
        .bind(id)
        .bind(user_id.unwrap_or(""))
        .fetch_optional(db.pool())
        .await?)
}

/// How many cash-outs are in `status`.
pub async fn count_in(db: &Db, status: &str) -> Result<i64, StoreError> {
    Ok(sqlx::query_scalar("select count(*) as n from cashouts where status = $1")
        .bind(status)
        .fetch_one(db.pool())
        .await?)
}

/// A page of the cash-outs in `status`, oldest first.
pub async fn page_in(db: &Db, status: &str, size: i64, offset: i64) -> Result<Vec<CashoutRow>, StoreError> {
    Ok(sqlx::query_as(&format!(
        "select {COLUMNS} from cashouts where status = $1 order by created_at_ms, id limit $2 offset $3"
    ))
    .bind(status)
    .bind(size)
    .bind(offset)
    .fetch_all(db.pool())
    .await?)
}

/// Whether the cash-out `id` exists.
pub async fn exists(db: &Db, id: &str) -> Result<bool, StoreError> {
    let found = sqlx::query("select 1 as one from cashouts where id = $1").bind(id).fetch_optional(db.pool()).await?;
    Ok(found.is_some())
}

/// Moves a cash-out waiting for review to PROCESSING; whether it was waiting.
pub async fn approve(tx: &mut Tx, id: &str, now_ms: i64) -> Result<bool, StoreError> {
    let changed = sqlx::query(
        "update cashouts set status = 'PROCESSING', updated_at_ms = $1 where id = $2 and status = 'PENDING_REVIEW'",
    )
    .bind(now_ms)
    .bind(id)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(changed == 1)
}

/// A cash-out that just ended, with what settling it needs.
#[derive(Debug, sqlx::FromRow)]
pub struct Ended {
    /// Owner.
    pub user_id: String,
    /// Sen leaving the wallet.
    pub amount: i64,
    /// Transfer fee, sen.
    pub fee: i64,
    /// The ledger hold on the amount.
    pub hold_id: String,
}

/// Rejects a cash-out waiting for review with the operator's `reason`; `None` when it was not waiting.
pub async fn reject(tx: &mut Tx, id: &str, reason: &str, now_ms: i64) -> Result<Option<Ended>, StoreError> {
    Ok(sqlx::query_as(
        "update cashouts set status = 'REJECTED', failure_code = 'REJECTED_BY_OPERATOR', failure_note = $1, updated_at_ms = $2 \
         where id = $3 and status = 'PENDING_REVIEW' returning user_id, amount, fee, hold_id",
    )
    .bind(reason)
    .bind(now_ms)
    .bind(id)
    .fetch_optional(&mut **tx)
    .await?)
}

/// How a transfer ended.
pub struct Ending<'a> {
    /// Completed or failed.
    pub status: CashoutStatus,
    /// The failure code.
    pub failure_code: Option<&'a str>,
    /// The bank's words.
    pub failure_note: Option<&'a str>,
}

/// Ends a PROCESSING cash-out; `None` when it was not processing (ended already).
pub async fn end(tx: &mut Tx, id: &str, ending: &Ending<'_>, now_ms: i64) -> Result<Option<Ended>, StoreError> {
    Ok(sqlx::query_as(
        "update cashouts set status = $1, failure_code = $2, failure_note = $3, updated_at_ms = $4 \
         where id = $5 and status = 'PROCESSING' returning user_id, amount, fee, hold_id",
    )
    .bind(ending.status.as_str())
    .bind(ending.failure_code)
    .bind(ending.failure_note)
    .bind(now_ms)
    .bind(id)
    .fetch_optional(&mut **tx)
    .await?)
}

/// A cash-out waiting to be sent to the bank.
#[derive(Debug, sqlx::FromRow)]
pub struct DueCashout {
    /// Id.
    pub id: String,
    /// Owner.
    pub user_id: String,
    /// Where the money goes.
    pub bank_account_id: String,
    /// Sen leaving the wallet.
    pub amount: i64,
    /// Transfer fee, sen.
    pub fee: i64,
    /// The bank's id of an accepted transfer.
    pub disbursement_ref: Option<String>,
}

/// PROCESSING cash-outs not sent yet, or sent at `asked_before_ms` or earlier; oldest first, at most `limit`.
pub async fn due(db: &Db, asked_before_ms: i64, limit: i64) -> Result<Vec<DueCashout>, StoreError> {
    Ok(sqlx::query_as(
        "select id, user_id, bank_account_id, amount, fee, disbursement_ref from cashouts where status = 'PROCESSING' \
         and (disbursed_at_ms is null or disbursed_at_ms <= $1) order by created_at_ms, id limit $2",
    )
    .bind(asked_before_ms)
    .bind(limit)
    .fetch_all(db.pool())
    .await?)
}

/// Keeps the bank's reference of an accepted transfer of a PROCESSING cash-out.
pub async fn set_accepted(db: &Db, id: &str, bank_ref: &str, now_ms: i64) -> Result<(), StoreError> {
    sqlx::query(
        "update cashouts set disbursement_ref = $1, disbursed_at_ms = $2 where id = $3 and status = 'PROCESSING'",
    )
    .bind(bank_ref)
    .bind(now_ms)
    .bind(id)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// The transfer a bank callback must match.
#[derive(Debug, sqlx::FromRow)]
pub struct SentTransfer {
    /// Sen leaving the wallet.
    pub amount: i64,
    /// Transfer fee, sen.
    pub fee: i64,
    /// The bank's id, once known.
    pub disbursement_ref: Option<String>,
}

/// The transfer of the cash-out `id`.
pub async fn sent_transfer(db: &Db, id: &str) -> Result<Option<SentTransfer>, StoreError> {
    Ok(sqlx::query_as("select amount, fee, disbursement_ref from cashouts where id = $1")
        .bind(id)
        .fetch_optional(db.pool())
        .await?)
}
