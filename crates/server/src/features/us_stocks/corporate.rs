//! Corporate actions of the sandbox exchange: cash dividends, with US tax withheld at the treaty
//! rate (docs/us-stocks.md "Dividends"), and stock splits and reverse splits that change the
//! shares and so the average price. Each is applied on its record date to the shares held then,
//! once: every holder's change is a ledger entry keyed by action and holder, and the action is
//! marked applied when all holders have it, so a restart in between finishes the rest.

use domain::corporate::CorporateActionKind;
use domain::ledger::{AccountKind, AccountRef, EntryReason};
use domain::money::USD;
use domain::orders::{Bucket, UsOrderReason};
use rust_decimal::Decimal;
use store::ledger::{self, NewEntry, Posting};

use super::corporate_repo::{self, ActionRow};
use super::lifecycle::Lifecycle;
use super::repo::{self, PositionRow};
use super::service::{trading_date, user_key};
use crate::features::orders::errors::TradeError;
use domain::amounts::pro_rata;
use domain::fees;

/// Applies every action whose record date has come; returns how many holders changed.
pub async fn apply_due(lc: &Lifecycle<'_>) -> Result<usize, TradeError> {
    let today = trading_date(lc.svc.market_time(lc.clock.now())).to_string();
    let mut changed = 0;
    for action in corporate_repo::due(lc.db, &today).await? {
        for holder in repo::holders_of(lc.db, &action.stock_id).await? {
            if apply_to(lc, &action, &holder).await? {
                changed += 1;
            }
        }
        corporate_repo::mark_applied(lc.db, &action.id, lc.clock.now_ms()).await?;
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
    let event = format!(
        "us-{}:{}:{}:{}",
        action.kind.as_str().to_ascii_lowercase(),
        action.id,
        position.user_id,
        position.bucket
    );
    let mut touched = Vec::new();
    let postings = if action.kind == CorporateActionKind::Dividend {
        let withholding = lc.svc.settings.dividend_withholding_percentage;
        dividend_legs(&mut w.tx, action, &mut position, bucket, withholding).await?
    } else {
        // Open orders of the stock are cancelled: their prices and quantities meant the old shares.
        for mut order in repo::open_of(&mut w.tx, &position.user_id, &position.stock_id, &position.bucket).await? {
            lc.close(&mut w.tx, &mut order, UsOrderReason::StockSplit, false).await?;
            touched.push(order);
        }
        split_legs(&mut w.tx, action, &mut position, bucket).await?
    };
    if postings.is_empty() && action.kind == CorporateActionKind::Dividend {
        return Ok(false);
    }
    if !postings.is_empty() {
        let entry = NewEntry {
            reason: match action.kind {
                CorporateActionKind::Dividend => EntryReason::UsDividend,
                CorporateActionKind::Split => EntryReason::UsSplit,
            },
            event_id: event,
            memo: Some(format!("{} {} {}", action.kind, action.stock_id, action.record_date)),
            postings,
            at_ms: lc.clock.now_ms(),
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

type Tx = sqlx::Transaction<'static, sqlx::Any>;

/// A dividend's legs: the gross from the exchange, the withheld US tax, the rest to the bucket.
async fn dividend_legs(
    tx: &mut Tx,
    action: &ActionRow,
    position: &mut PositionRow,
    bucket: Bucket,
    withholding: Decimal,
) -> Result<Vec<Posting>, TradeError> {
    let gross = pro_rata(action.cash_per_share.unwrap_or(0), position.quantity, super::units::ONE_SHARE)?;
    if gross <= 0 {
        return Ok(Vec::new());
    }
    let withheld = fees::withholding(gross, withholding)?;
    position.dividends += gross - withheld;
    let mut legs = vec![
        posting(tx, &AccountRef::house(AccountKind::UsExchange, USD), -gross).await?,
        posting(tx, &AccountRef::user(&position.user_id, bucket.cash_kind(), USD), gross - withheld).await?,
    ];
    if withheld > 0 {
        legs.push(posting(tx, &AccountRef::house(AccountKind::UsWithholdingTax, USD), withheld).await?);
    }
    legs.retain(|p| p.amount != 0);
    Ok(legs)
}

/// A split's legs: the new shares from the exchange (or the old ones back for a reverse split).
async fn split_legs(
    tx: &mut Tx,
    action: &ActionRow,
    position: &mut PositionRow,
    bucket: Bucket,
) -> Result<Vec<Posting>, TradeError> {
    let (from, to) = (action.ratio_from.unwrap_or(1).max(1), action.ratio_to.unwrap_or(1).max(1));
    let after = pro_rata(position.quantity, to, from)?;
    let delta = after - position.quantity;
    position.quantity = after;
    if delta == 0 {
        return Ok(Vec::new());
    }
    let held = AccountRef::user(&position.user_id, bucket.shares_kind(), &position.stock_id);
    Ok(vec![
        posting(tx, &AccountRef::house(AccountKind::UsExchange, &position.stock_id), -delta).await?,
        posting(tx, &held, delta).await?,
    ])
}

async fn posting(tx: &mut Tx, account: &AccountRef, amount: i64) -> Result<Posting, TradeError> {
    let account_id = ledger::open(tx, account).await?;
    Ok(Posting { account_id, currency: account.currency().to_owned(), amount })
}
