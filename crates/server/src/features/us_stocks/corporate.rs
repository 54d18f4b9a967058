//! Corporate actions of the sandbox exchange: cash dividends, with US tax withheld at the treaty
//! rate (docs/us-stocks.md "Dividends"), and stock splits and reverse splits that change the
//! shares and so the average price. Each is applied on its record date to the shares held then,
//! once: every holder's change is a ledger entry keyed by action and holder, and the action is
//! marked applied when all holders have it, so a restart in between finishes the rest.

use domain::ledger::{AccountKind, AccountRef};
use domain::orders::Bucket;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;
use sqlx::any::AnyRow;
use sqlx::Row;
use store::ledger::{self, NewEntry, Posting};
use store::{Db, StoreError};

use super::lifecycle::{reasons, Lifecycle};
use super::repo::{self, PositionRow};
use super::service::{trading_date, user_key};
use super::units::pro_rata;
use crate::features::orders::errors::TradeError;

/// A corporate action as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionRow {
    /// Id.
    pub id: String,
    /// Ticker.
    pub stock_id: String,
    /// `DIVIDEND` or `SPLIT`.
    pub kind: String,
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

fn from_row(row: &AnyRow) -> Result<ActionRow, sqlx::Error> {
    Ok(ActionRow {
        id: row.try_get("id")?,
        stock_id: row.try_get("stock_id")?,
        kind: row.try_get("kind")?,
        ex_date: row.try_get("ex_date")?,
        record_date: row.try_get("record_date")?,
        pay_date: row.try_get("pay_date")?,
        cash_per_share: row.try_get("cash_per_share")?,
        ratio_from: row.try_get("ratio_from")?,
        ratio_to: row.try_get("ratio_to")?,
        applied_at_ms: row.try_get("applied_at_ms")?,
    })
}

/// Records an announced action.
pub async fn insert(db: &Db, a: &ActionRow, now_ms: i64) -> Result<(), StoreError> {
    sqlx::query(&format!(
        "insert into us_corporate_actions ({COLUMNS}, created_at_ms) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)"
    ))
    .bind(&a.id)
    .bind(&a.stock_id)
    .bind(&a.kind)
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
    let rows = sqlx::query(&sql).bind(stock_id).fetch_all(db.pool()).await?;
    Ok(rows.iter().map(from_row).collect::<Result<_, _>>()?)
}

async fn due(db: &Db, today: &str) -> Result<Vec<ActionRow>, StoreError> {
    let sql = format!(
        "select {COLUMNS} from us_corporate_actions where applied_at_ms is null and record_date <= $1 order by record_date, id"
    );
    let rows = sqlx::query(&sql).bind(today).fetch_all(db.pool()).await?;
    Ok(rows.iter().map(from_row).collect::<Result<_, _>>()?)
}

/// Applies every action whose record date has come; returns how many holders changed.
pub async fn apply_due(lc: &Lifecycle<'_>) -> Result<usize, TradeError> {
    let today = trading_date(lc.svc.market_time(lc.clock.now())).to_string();
    let mut changed = 0;
    for action in due(lc.db, &today).await? {
        for holder in repo::holders_of(lc.db, &action.stock_id).await? {
            if apply_to(lc, &action, &holder).await? {
                changed += 1;
            }
        }
        sqlx::query("update us_corporate_actions set applied_at_ms = $1 where id = $2 and applied_at_ms is null")
            .bind(lc.clock.now_ms())
            .bind(&action.id)
            .execute(lc.db.pool())
            .await?;
        tracing::info!(action = %action.id, stock = %action.stock_id, kind = %action.kind, "corporate action applied");
    }
    Ok(changed)
}

async fn apply_to(lc: &Lifecycle<'_>, action: &ActionRow, holder: &PositionRow) -> Result<bool, TradeError> {
    let mut w = lc.db.begin_write().await?;
    w.lock_key(&user_key(&holder.user_id)).await?;
    let Some(mut position) = repo::position_tx(&mut w.tx, &holder.user_id, &holder.stock_id, &holder.bucket).await?
    else {
        return Ok(false);
    };
    let bucket: Bucket = position.bucket.parse().unwrap_or(Bucket::Paln);
    let event =
        format!("us-{}:{}:{}:{}", action.kind.to_ascii_lowercase(), action.id, position.user_id, position.bucket);
    let mut touched = Vec::new();
    let postings = if action.kind == "DIVIDEND" {
        let per_share = action.cash_per_share.unwrap_or(0);
        let gross = pro_rata(per_share, position.quantity, super::units::ONE_SHARE);
        let rate = lc.svc.settings.dividend_withholding_percentage;
        let withheld = (Decimal::from(gross) * rate / Decimal::ONE_HUNDRED).ceil().to_i64().unwrap_or(gross).min(gross);
        if gross <= 0 {
            return Ok(false);
        }
        position.dividends += gross - withheld;
        let mut legs = vec![
            posting(&mut w.tx, &AccountRef::house(AccountKind::UsExchange, "USD"), -gross).await?,
            posting(&mut w.tx, &AccountRef::user(&position.user_id, bucket.cash_kind(), "USD"), gross - withheld)
                .await?,
        ];
        if withheld > 0 {
            legs.push(posting(&mut w.tx, &AccountRef::house(AccountKind::UsWithholdingTax, "USD"), withheld).await?);
        }
        legs.retain(|p| p.amount != 0);
        legs
    } else {
        let (from, to) = (action.ratio_from.unwrap_or(1).max(1), action.ratio_to.unwrap_or(1).max(1));
        let after = pro_rata(position.quantity, to, from);
        let delta = after - position.quantity;
        // Open orders of the stock are cancelled: their prices and quantities meant the old shares.
        for mut order in repo::open_of(&mut w.tx, &position.user_id, &position.stock_id, &position.bucket).await? {
            lc.close(&mut w.tx, &mut order, reasons::SPLIT, false).await?;
            touched.push(order);
        }
        position.quantity = after;
        if delta == 0 {
            Vec::new()
        } else {
            vec![
                posting(&mut w.tx, &AccountRef::house(AccountKind::UsExchange, &position.stock_id), -delta).await?,
                posting(
                    &mut w.tx,
                    &AccountRef::user(&position.user_id, bucket.shares_kind(), &position.stock_id),
                    delta,
                )
                .await?,
            ]
        }
    };
    if !postings.is_empty() {
        let entry = NewEntry {
            reason: format!("US_{}", action.kind),
            event_id: event,
            memo: Some(format!("{} {} {}", action.kind, action.stock_id, action.record_date)),
            postings,
        };
        if ledger::post(&mut w.tx, &entry).await?.replayed {
            return Ok(false);
        }
    }
    position.updated_at_ms = lc.clock.now_ms();
    repo::save_position(&mut w.tx, &position).await?;
    w.commit().await?;
    for order in &touched {
        lc.publish(order);
    }
    crate::features::live::user::nudge_balances(lc.hub, &position.user_id, &position.stock_id);
    Ok(true)
}

async fn posting(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    account: &AccountRef,
    amount: i64,
) -> Result<Posting, TradeError> {
    let account_id = ledger::open(tx, account).await?;
    Ok(Posting { account_id, currency: account.currency().to_owned(), amount })
}
