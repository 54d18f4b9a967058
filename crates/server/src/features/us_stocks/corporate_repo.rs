//! The `us_corporate_actions` table: actions the operator announced, and when each was applied.

use domain::corporate::CorporateActionKind;
use store::{Db, StoreError};

/// A corporate action as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ActionRow {
    /// Id.
    pub id: String,
    /// Ticker.
    pub stock_id: String,
    /// A dividend or a split.
    #[sqlx(try_from = "String")]
    pub kind: CorporateActionKind,
    /// Ex-date (New York).
    pub ex_date: String,
    /// Record date: holders of this date receive it.
    pub record_date: String,
    /// Pay date.
    pub pay_date: String,
    /// Micro-dollars per share.
    pub cash_per_share: Option<i64>,
    /// Old shares of a split.
    pub ratio_from: Option<i64>,
    /// New shares of a split.
    pub ratio_to: Option<i64>,
    /// When it was applied.
    pub applied_at_ms: Option<i64>,
}

const COLUMNS: &str =
    "id, stock_id, kind, ex_date, record_date, pay_date, cash_per_share, ratio_from, ratio_to, applied_at_ms";

/// Records an announced action.
pub async fn insert(db: &Db, a: &ActionRow, now_ms: i64) -> Result<(), StoreError> {
    sqlx::query(&format!(
        "insert into us_corporate_actions ({COLUMNS}, created_at_ms) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)"
    ))
    .bind(&a.id)
    .bind(&a.stock_id)
    .bind(a.kind.as_str())
    .bind(&a.ex_date)
    .bind(&a.record_date)
    .bind(&a.pay_date)
    .bind(a.cash_per_share)
    .bind(a.ratio_from)
    .bind(a.ratio_to)
    .bind(a.applied_at_ms)
    .bind(now_ms)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// A stock's actions, newest first.
pub async fn of_stock(db: &Db, stock_id: &str) -> Result<Vec<ActionRow>, StoreError> {
    let sql = format!("select {COLUMNS} from us_corporate_actions where stock_id = $1 order by ex_date desc, id desc");
    Ok(sqlx::query_as(&sql).bind(stock_id).fetch_all(db.pool()).await?)
}

/// Actions not yet applied whose record date is `today` or earlier, oldest first.
pub async fn due(db: &Db, today: &str) -> Result<Vec<ActionRow>, StoreError> {
    let sql = format!(
        "select {COLUMNS} from us_corporate_actions where applied_at_ms is null and record_date <= $1 order by record_date, id"
    );
    Ok(sqlx::query_as(&sql).bind(today).fetch_all(db.pool()).await?)
}

/// Marks the action `id` applied at `now_ms` (once).
pub async fn mark_applied(db: &Db, id: &str, now_ms: i64) -> Result<(), StoreError> {
    sqlx::query("update us_corporate_actions set applied_at_ms = $1 where id = $2 and applied_at_ms is null")
        .bind(now_ms)
        .bind(id)
        .execute(db.pool())
        .await?;
    Ok(())
}
