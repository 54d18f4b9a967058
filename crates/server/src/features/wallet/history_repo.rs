//! The wallet history's reads: every transaction of a user as one relation (top-ups, cash-outs,
//! vouchers, USD movements and interest), and the postings on the user's IDR accounts.

use domain::ledger::EntryReason;
use domain::wallet::TransactionStatus;
use store::{Db, StoreError};

// Every transaction of a user as one relation, so filters and paging apply to all kinds alike.
const UNION: &str =
    "select id, 'TOPUP' as kind, 'CASH' as wallet, 'IDR' as asset, channel as detail, amount, status, created_at_ms \
       from topups where user_id = $1 \
     union all select c.id, 'CASHOUT', 'CASH', 'IDR', b.bank_code, c.amount, c.status, c.created_at_ms \
       from cashouts c join bank_accounts b on b.id = c.bank_account_id where c.user_id = $1 \
     union all select id, 'VOUCHER', 'VOUCHER', 'IDR', 'VOUCHER', amount, 'COMPLETED', created_at_ms \
       from voucher_grants where user_id = $1 \
     union all select id, 'USD_MOVEMENT', 'USD', 'USD', kind, usd_amount, 'COMPLETED', created_at_ms \
       from usd_movements where user_id = $1 \
     union all select id, 'USD_INTEREST', 'USD', 'USD', 'USD_INTEREST', amount, 'COMPLETED', created_at_ms \
       from usd_interest_accruals where user_id = $1 and amount > 0";
const FILTER: &str = "($2 = '' or kind = $2) and ($3 = '' or wallet = $3) and ($4 = '' or asset = $4)";

/// Which transactions; an empty text matches all.
pub struct HistoryFilter<'a> {
    /// TOPUP, CASHOUT, VOUCHER, USD_MOVEMENT or USD_INTEREST.
    pub kind: &'a str,
    /// CASH, VOUCHER or USD.
    pub wallet: &'a str,
    /// IDR or USD.
    pub asset: &'a str,
}

/// One transaction of the history.
#[derive(Debug, sqlx::FromRow)]
pub struct HistoryRow {
    /// Id.
    pub id: String,
    /// TOPUP, CASHOUT, VOUCHER, USD_MOVEMENT or USD_INTEREST.
    pub kind: String,
    /// CASH, VOUCHER or USD.
    pub wallet: String,
    /// IDR or USD.
    pub asset: String,
    /// The channel, bank code or movement.
    pub detail: String,
    /// Minor units of the asset.
    pub amount: i64,
    /// Current state.
    #[sqlx(try_from = "String")]
    pub status: TransactionStatus,
    /// Created, Unix ms.
    pub created_at_ms: i64,
}

/// How many of `user_id`'s transactions pass `filter`.
pub async fn count(db: &Db, user_id: &str, filter: &HistoryFilter<'_>) -> Result<i64, StoreError> {
    Ok(sqlx::query_scalar(&format!("select count(*) as n from ({UNION}) t where {FILTER}"))
        .bind(user_id)
        .bind(filter.kind)
        .bind(filter.wallet)
        .bind(filter.asset)
        .fetch_one(db.pool())
        .await?)
}

/// A page of `user_id`'s transactions that pass `filter`, newest first.
pub async fn page(
    db: &Db,
    user_id: &str,
    filter: &HistoryFilter<'_>,
    size: i64,
    offset: i64,
) -> Result<Vec<HistoryRow>, StoreError> {
    Ok(sqlx::query_as(&format!(
        "select * from ({UNION}) t where {FILTER} order by created_at_ms desc, id desc limit $5 offset $6"
    ))
    .bind(user_id)
    .bind(filter.kind)
    .bind(filter.wallet)
    .bind(filter.asset)
    .bind(size)
    .bind(offset)
    .fetch_all(db.pool())
    .await?)
}

const MOVEMENT_FROM: &str = "from postings p join ledger_accounts a on a.id = p.account_id \
    join journal_entries j on j.id = p.entry_id where a.owner = $1 and a.kind in ('IDR_CASH', 'IDR_VOUCHER')";

/// One posting on a user's IDR cash or voucher account.
#[derive(Debug, sqlx::FromRow)]
pub struct MovementRow {
    /// The entry's reason.
    #[sqlx(try_from = "String")]
    pub reason: EntryReason,
    /// The entry's event id, `{kind}:{transaction id}`.
    pub event_id: String,
    /// IDR_CASH or IDR_VOUCHER.
    pub kind: String,
    /// Signed sen.
    pub amount: i64,
    /// When, Unix ms.
    pub created_at_ms: i64,
}

/// How many postings `user_id`'s IDR accounts have.
pub async fn movement_count(db: &Db, user_id: &str) -> Result<i64, StoreError> {
    Ok(sqlx::query_scalar(&format!("select count(*) as n {MOVEMENT_FROM}")).bind(user_id).fetch_one(db.pool()).await?)
}

/// A page of the postings on `user_id`'s IDR accounts, newest first.
pub async fn movements(db: &Db, user_id: &str, size: i64, offset: i64) -> Result<Vec<MovementRow>, StoreError> {
    Ok(sqlx::query_as(&format!(
        "select j.reason, j.event_id, a.kind, p.amount, j.created_at_ms {MOVEMENT_FROM} order by p.id desc limit $2 offset $3"
    ))
    .bind(user_id)
    .bind(size)
    .bind(offset)
    .fetch_all(db.pool())
    .await?)
}
