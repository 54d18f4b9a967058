//! Leveraged positions (2x and 4x): the equity against the loan at the bid, a margin call when it
//! falls below the call level, liquidation when it falls below the maintenance margin, and the daily
//! interest on what the broker lends for 2x positions (docs/us-stocks.md "Leverage").

use domain::amounts;
use domain::ledger::{AccountKind, AccountRef, EntryReason};
use domain::money::MoneyError;
use domain::money::USD;
use domain::orders::{Bucket, UsMarginStatus, UsOrderReason};
use market::calendar::Phase;
use rust_decimal::Decimal;
use store::ledger::{self, NewEntry, Posting};

use super::closeout::close_position;
use super::lifecycle::Lifecycle;
use super::repo::{self, PositionRow};
use super::service::{trading_date, user_key};
use super::units::value_down;
use crate::features::live::user::nudge_account;
use crate::features::orders::errors::TradeError;

/// Equity as a percentage of the position's value at `bid` (100 without a loan).
pub fn equity_percentage(position: &PositionRow, bid: i64) -> Result<Decimal, MoneyError> {
    let value = value_down(bid, position.quantity)?;
    if value <= 0 {
        return Ok(Decimal::ZERO);
    }
    Ok(Decimal::from(value - position.borrowed) * Decimal::ONE_HUNDRED / Decimal::from(value))
}

/// Checks every leveraged position; returns how many changed standing or were liquidated.
pub async fn check_margins(lc: &Lifecycle<'_>) -> Result<usize, TradeError> {
    let now = lc.clock.now();
    let settings = &lc.svc.settings;
    let mut changed = 0;
    for bucket in [Bucket::Leverage, Bucket::Intraday] {
        for position in repo::open_positions(lc.db, bucket.as_str()).await? {
            let Some(quote) = lc.svc.venue.quote(&position.stock_id, now) else { continue };
            if quote.phase == Phase::Closed {
                continue;
            }
            let equity = equity_percentage(&position, quote.bid)?;
            // A 4x position opens at 25 % equity: its levels sit below the 2x ones.
            let (call_level, liquidation_level) = if bucket == Bucket::Intraday {
                (settings.intraday_margin_call_percentage, settings.intraday_maintenance_margin_percentage)
            } else {
                (settings.margin_call_percentage, settings.maintenance_margin_percentage)
            };
            if equity < liquidation_level {
                let key = format!("liquidation:{}", position.updated_at_ms);
                if close_position(lc, &position, UsOrderReason::Liquidation, &key).await? {
                    tracing::warn!(user = %position.user_id, stock = %position.stock_id, %equity, "liquidating a position below maintenance margin");
                    changed += 1;
                }
                continue;
            }
            let standing = if equity < call_level { UsMarginStatus::MarginCall } else { UsMarginStatus::Normal };
            if standing != position.margin_status && set_standing(lc, &position, standing).await? {
                tracing::info!(user = %position.user_id, stock = %position.stock_id, %equity, %standing, "margin standing changed");
                nudge_account(lc.hub, &position.user_id, "margin");
                changed += 1;
            }
        }
    }
    Ok(changed)
}

async fn set_standing(
    lc: &Lifecycle<'_>,
    position: &PositionRow,
    standing: UsMarginStatus,
) -> Result<bool, TradeError> {
    let mut w = lc.db.begin_write().await?;
    w.lock_key(&user_key(&position.user_id)).await?;
    let Some(mut current) =
        repo::position_tx(&mut w.tx, &position.user_id, &position.stock_id, &position.bucket).await?
    else {
        return Ok(false);
    };
    if current.margin_status == standing || current.quantity == 0 {
        return Ok(false);
    }
    current.margin_status = standing;
    current.updated_at_ms = lc.clock.now_ms();
    repo::save_position(&mut w.tx, &current).await?;
    w.commit().await?;
    Ok(true)
}

/// Posts one day's interest on every 2x loan, once per New York date; returns how many posted.
pub async fn accrue_interest(lc: &Lifecycle<'_>) -> Result<usize, TradeError> {
    let date = trading_date(lc.svc.market_time(lc.clock.now()));
    let rate = lc.svc.settings.leverage_interest_percentage;
    let mut posted = 0;
    for position in repo::open_positions(lc.db, Bucket::Leverage.as_str()).await? {
        let mut w = lc.db.begin_write().await?;
        w.lock_key(&user_key(&position.user_id)).await?;
        let Some(mut current) =
            repo::position_tx(&mut w.tx, &position.user_id, &position.stock_id, &position.bucket).await?
        else {
            continue;
        };
        let interest = amounts::daily_interest(current.borrowed, rate, amounts::INTEREST_DAYS_PER_YEAR)?;
        if interest <= 0 {
            continue;
        }
        let loans = ledger::open(&mut w.tx, &AccountRef::house(AccountKind::MarginLoans, USD)).await?;
        let income = ledger::open(&mut w.tx, &AccountRef::house(AccountKind::MarginInterest, USD)).await?;
        let entry = NewEntry {
            reason: EntryReason::UsMarginInterest,
            event_id: format!("us-margin-interest:{date}:{}:{}", current.user_id, current.stock_id),
            memo: Some(format!("interest on the {} loan", current.stock_id)),
            at_ms: lc.clock.now_ms(),
            postings: vec![
                Posting { account_id: loans, currency: USD.into(), amount: -interest },
                Posting { account_id: income, currency: USD.into(), amount: interest },
            ],
        };
        if ledger::post(&mut w.tx, &entry).await?.replayed {
            continue;
        }
        // The loan grows by the interest: it is paid from the proceeds when the position is sold.
        current.borrowed += interest;
        current.updated_at_ms = lc.clock.now_ms();
        repo::save_position(&mut w.tx, &current).await?;
        w.commit().await?;
        posted += 1;
    }
    Ok(posted)
}
