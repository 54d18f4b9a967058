//! Every state a wallet transaction passed through, with times (details-with-state-transition).

use domain::wallet::TransactionStatus;
use serde::{Deserialize, Serialize};
use sqlx::{Any, Transaction};
use store::{Db, StoreError};
use utoipa::ToSchema;

/// One state change.
#[derive(Debug, Serialize, Deserialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Transition {
    /// The state entered.
    #[sqlx(try_from = "String")]
    pub status: TransactionStatus,
    /// Why, when there is more to say.
    pub note: Option<String>,
    /// When, Unix ms.
    pub at_ms: i64,
}

/// Records a state change inside the transaction that made it.
pub async fn record_in(
    tx: &mut Transaction<'static, Any>,
    subject_id: &str,
    status: impl Into<TransactionStatus>,
    note: Option<&str>,
    now_ms: i64,
) -> Result<(), StoreError> {
    sqlx::query("insert into wallet_transitions (subject_id, status, note, at_ms) values ($1, $2, $3, $4)")
        .bind(subject_id)
        .bind(status.into().as_str())
        .bind(note.map(str::to_string))
        .bind(now_ms)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The states of a subject, oldest first.
pub async fn of(db: &Db, subject_id: &str) -> Result<Vec<Transition>, StoreError> {
    Ok(sqlx::query_as("select status, note, at_ms from wallet_transitions where subject_id = $1 order by id")
        .bind(subject_id)
        .fetch_all(db.pool())
        .await?)
}
