//! The USD-yield tables: enrolments (`usd_yield_enrolments`) and daily interest accruals
//! (`usd_interest_accruals`, unique per user and day).

use sqlx::{Any, Transaction};
use store::{Db, StoreError};

type Tx = Transaction<'static, Any>;

/// A user's enrolment.
#[derive(Debug, sqlx::FromRow)]
pub struct Enrolment {
    /// 1 while the user earns interest.
    pub opted_in: i64,
    /// When the user last opted in, Unix ms.
    pub opted_in_at_ms: i64,
}

/// The enrolment of `user_id`, if the user ever opted in.
pub async fn enrolment(db: &Db, user_id: &str) -> Result<Option<Enrolment>, StoreError> {
    Ok(sqlx::query_as("select opted_in, opted_in_at_ms from usd_yield_enrolments where user_id = $1")
        .bind(user_id)
        .fetch_optional(db.pool())
        .await?)
}

/// Interest credited to `user_id` so far, micro-dollars.
pub async fn total_interest(db: &Db, user_id: &str) -> Result<i64, StoreError> {
    Ok(sqlx::query_scalar(
        "select cast(coalesce(sum(amount), 0) as bigint) as total from usd_interest_accruals where user_id = $1",
    )
    .bind(user_id)
    .fetch_one(db.pool())
    .await?)
}

/// Opts `user_id` in at `now_ms`; a repeated opt-in keeps the first opt-in time, so it cannot move
/// the start of accrual.
pub async fn opt_in(tx: &mut Tx, user_id: &str, now_ms: i64) -> Result<(), StoreError> {
    sqlx::query(
        "insert into usd_yield_enrolments (user_id, opted_in, opted_in_at_ms, opted_out_at_ms, updated_at_ms) \
         values ($1, 1, $2, null, $2) on conflict (user_id) do update set \
         opted_in_at_ms = case when usd_yield_enrolments.opted_in = 1 then usd_yield_enrolments.opted_in_at_ms \
         else excluded.opted_in_at_ms end, opted_in = 1, updated_at_ms = excluded.updated_at_ms",
    )
    .bind(user_id)
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Opts `user_id` out at `now_ms`; whether the user was in.
pub async fn opt_out(tx: &mut Tx, user_id: &str, now_ms: i64) -> Result<bool, StoreError> {
    let changed = sqlx::query(
        "update usd_yield_enrolments set opted_in = 0, opted_out_at_ms = $2, updated_at_ms = $2 \
         where user_id = $1 and opted_in = 1",
    )
    .bind(user_id)
    .bind(now_ms)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(changed > 0)
}

/// Verified users opted in before `day_end_ms` and not yet accrued for `date`, by id.
pub async fn due_users(db: &Db, day_end_ms: i64, date: &str) -> Result<Vec<String>, StoreError> {
    Ok(sqlx::query_scalar(
        "select e.user_id from usd_yield_enrolments e join users u on u.id = e.user_id \
         where e.opted_in = 1 and e.opted_in_at_ms < $1 and u.gss_kyc_status = 'VERIFIED' \
         and not exists (select 1 from usd_interest_accruals a where a.user_id = e.user_id and a.accrual_date = $2) \
         order by e.user_id",
    )
    .bind(day_end_ms)
    .bind(date)
    .fetch_all(db.pool())
    .await?)
}

/// The balance of the ledger account `account_id` from the entries made before `before_ms`.
pub async fn closing_balance(tx: &mut Tx, account_id: &str, before_ms: i64) -> Result<i64, StoreError> {
    Ok(sqlx::query_scalar(
        "select cast(coalesce(sum(p.amount), 0) as bigint) as closing from postings p \
         join journal_entries j on j.id = p.entry_id where p.account_id = $1 and j.created_at_ms < $2",
    )
    .bind(account_id)
    .bind(before_ms)
    .fetch_one(&mut **tx)
    .await?)
}

/// One day's accrual of one user.
pub struct Accrual<'a> {
    /// Id (UUID v7).
    pub id: &'a str,
    /// The user.
    pub user_id: &'a str,
    /// The Jakarta day, `YYYY-MM-DD`.
    pub accrual_date: &'a str,
    /// The paln bucket's closing balance, micro-dollars (never below zero).
    pub closing_balance: i64,
    /// The annual rate, basis points.
    pub rate_bps: i64,
    /// Interest, micro-dollars.
    pub amount: i64,
    /// Made, Unix ms.
    pub created_at_ms: i64,
}

/// Stores an accrual unless the user has one for the day; whether this call stored it.
pub async fn insert_accrual(tx: &mut Tx, accrual: &Accrual<'_>) -> Result<bool, StoreError> {
    let inserted = sqlx::query(
        "insert into usd_interest_accruals (id, user_id, accrual_date, closing_balance, rate_bps, amount, created_at_ms) \
         values ($1, $2, $3, $4, $5, $6, $7) on conflict (user_id, accrual_date) do nothing",
    )
    .bind(accrual.id)
    .bind(accrual.user_id)
    .bind(accrual.accrual_date)
    .bind(accrual.closing_balance)
    .bind(accrual.rate_bps)
    .bind(accrual.amount)
    .bind(accrual.created_at_ms)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(inserted > 0)
}

/// One interest credit, for the history's details.
#[derive(Debug, sqlx::FromRow)]
pub struct InterestCredit {
    /// The accrual id.
    pub id: String,
    /// Micro-dollars.
    pub amount: i64,
    /// Created, Unix ms.
    pub created_at_ms: i64,
}

/// The interest credit `id` of `user_id` (accruals of zero credit nothing).
pub async fn credit(db: &Db, user_id: &str, id: &str) -> Result<Option<InterestCredit>, StoreError> {
    Ok(sqlx::query_as(
        "select id, amount, created_at_ms from usd_interest_accruals where id = $1 and user_id = $2 and amount > 0",
    )
    .bind(id)
    .bind(user_id)
    .fetch_optional(db.pool())
    .await?)
}
