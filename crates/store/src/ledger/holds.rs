//! Holds: parts of a balance reserved for open orders and pending cash-outs, each recorded with the
//! event that opened it (so a repeated event finds its first hold) and closed once, released or
//! captured by the entry that spends it.

use std::collections::BTreeMap;

use sqlx::{Any, Transaction};

use super::{HoldReason, LedgerError};
use crate::placeholders;
use crate::write_set::Part;

/// Reserves `amount` of an account's available balance; the event id makes it idempotent.
///
/// The reservation comes first and the record second (one statement on PostgreSQL, two on
/// SQLite, on the usual path where the event is new); a repeated event finds its first hold and
/// gives the new reservation back.
pub async fn hold(
    tx: &mut Transaction<'static, Any>,
    account_id: &str,
    amount: i64,
    reason: HoldReason,
    event_id: &str,
) -> Result<String, LedgerError> {
    if amount <= 0 {
        return Err(LedgerError::InvalidAmount);
    }
    let id = uuid::Uuid::now_v7().to_string();
    let (reserved, recorded) = if crate::Backend::of(tx) == crate::Backend::Postgres {
        reserve_and_record(tx, &id, account_id, amount, reason, event_id).await?
    } else {
        let reserved = reserve(tx, account_id, amount).await?;
        let recorded = if reserved { record(tx, &id, account_id, amount, reason, event_id).await? } else { None };
        (reserved, recorded)
    };
    if !reserved {
        // Short of money, unless this is a repeat whose first hold already reserved it.
        return match hold_of_event(tx, event_id).await? {
            Some(id) => Ok(id),
            None => Err(LedgerError::InsufficientFunds(account_id.to_string())),
        };
    }
    if recorded.is_some() {
        return Ok(id);
    }
    sqlx::query("update ledger_accounts set held = held - $1 where id = $2")
        .bind(amount)
        .bind(account_id)
        .execute(&mut **tx)
        .await?;
    // The insert met this event's hold, so it is there to read.
    hold_of_event(tx, event_id).await?.ok_or_else(|| LedgerError::HoldNotOpen(event_id.to_owned()))
}

/// The hold's reservation: whether the account had `amount` available and now holds it.
async fn reserve(tx: &mut Transaction<'static, Any>, account_id: &str, amount: i64) -> Result<bool, LedgerError> {
    let reserved = sqlx::query(
        "update ledger_accounts set held = held + $1 where id = $2 and (may_go_negative = 1 or balance - held >= $1)",
    )
    .bind(amount)
    .bind(account_id)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(reserved == 1)
}

/// The hold's record, unless its event has one already (then `None`).
async fn record(
    tx: &mut Transaction<'static, Any>,
    id: &str,
    account_id: &str,
    amount: i64,
    reason: HoldReason,
    event_id: &str,
) -> Result<Option<String>, LedgerError> {
    Ok(sqlx::query_scalar(
        "insert into ledger_holds (id, account_id, amount, status, reason, event_id, created_at_ms) \
         values ($1, $2, $3, 'OPEN', $4, $5, $6) on conflict (event_id) do nothing returning id",
    )
    .bind(id)
    .bind(account_id)
    .bind(amount)
    .bind(reason.as_str())
    .bind(event_id)
    .bind(crate::db::now_ms())
    .fetch_optional(&mut **tx)
    .await?)
}

/// [`reserve`] and [`record`] in one statement (PostgreSQL runs both parts of it whatever the
/// other found): one round trip less for every order that rests (issue 12).
async fn reserve_and_record(
    tx: &mut Transaction<'static, Any>,
    id: &str,
    account_id: &str,
    amount: i64,
    reason: HoldReason,
    event_id: &str,
) -> Result<(bool, Option<String>), LedgerError> {
    let (reserved, recorded): (i64, Option<String>) = sqlx::query_as(
        "with reserved as (update ledger_accounts set held = held + $3 \
             where id = $2 and (may_go_negative = 1 or balance - held >= $3) returning id), \
         recorded as (insert into ledger_holds (id, account_id, amount, status, reason, event_id, created_at_ms) \
             select $1, id, $3, 'OPEN', $4, $5, $6 from reserved on conflict (event_id) do nothing returning id) \
         select (select count(*) from reserved) as reserved, (select id from recorded) as recorded",
    )
    .bind(id)
    .bind(account_id)
    .bind(amount)
    .bind(reason.as_str())
    .bind(event_id)
    .bind(crate::db::now_ms())
    .fetch_one(&mut **tx)
    .await?;
    Ok((reserved == 1, recorded))
}

/// How a [`NewHold`]'s reservation refusal reads in the [`crate::StoreError::SharedTransaction`] of its
/// write set: the account no longer had the amount available.
pub const HOLD_REFUSED: &str = "a hold's reservation was refused";

/// A hold for an event that has none yet (its id new, e.g. a new order's), written with the rest
/// of its transaction's rows in one [`crate::write_set::WriteSet`] instead of a statement of its own (issue 12).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewHold {
    /// The hold's id, known before it is written.
    pub id: String,
    account_id: String,
    amount: i64,
    reason: HoldReason,
    event_id: String,
    at_ms: i64,
}

impl NewHold {
    /// A hold of `amount` (above 0) on the account for `event_id`, which must have none.
    pub fn new(account_id: &str, amount: i64, reason: HoldReason, event_id: &str) -> Result<Self, LedgerError> {
        if amount <= 0 {
            return Err(LedgerError::InvalidAmount);
        }
        Ok(Self {
            id: uuid::Uuid::now_v7().to_string(),
            account_id: account_id.to_owned(),
            amount,
            reason,
            event_id: event_id.to_owned(),
            at_ms: crate::db::now_ms(),
        })
    }

    /// The reservation (refused as [`HOLD_REFUSED`] when the account lacks the amount, or does not
    /// exist) and the record, in that order (SQLite runs them so; PostgreSQL checks both at the
    /// statement's end, so the record is only written beside an account: a missing one is refused,
    /// not a broken reference).
    pub fn parts(&self) -> [Part<'_>; 2] {
        let reserve = Part::new(
            "update ledger_accounts set held = held + $1 where id = $2 \
             and (may_go_negative = 1 or balance - held >= $1) returning id"
                .to_owned(),
        )
        .returning(1, HOLD_REFUSED)
        .bind(self.amount)
        .bind(&self.account_id);
        let record = Part::new(
            "insert into ledger_holds (id, account_id, amount, status, reason, event_id, created_at_ms) \
             select $1, $2, $3, 'OPEN', $4, $5, $6 where exists (select 1 from ledger_accounts where id = $2)"
                .to_owned(),
        )
        .bind(&self.id)
        .bind(&self.account_id)
        .bind(self.amount)
        .bind(self.reason.as_str())
        .bind(&self.event_id)
        .bind(self.at_ms);
        [reserve, record]
    }
}

async fn hold_of_event(tx: &mut Transaction<'static, Any>, event_id: &str) -> Result<Option<String>, LedgerError> {
    Ok(sqlx::query_scalar("select id from ledger_holds where event_id = $1")
        .bind(event_id)
        .fetch_optional(&mut **tx)
        .await?)
}

/// One part of a hold taken from several accounts ([`hold_from_sources`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HoldPart {
    /// The hold.
    pub hold_id: String,
    /// The account it reserves.
    pub account_id: String,
    /// Minor units reserved.
    pub amount: i64,
}

/// Reserves `amount` across `sources` in order of preference: all the first has available, the
/// rest from the next, and so on (a buy takes voucher credit before cash). Each part is an ordinary
/// hold with the event id `{event_id}:{index}`. Fails without taking anything when the sources
/// together have less than `amount`; an account that does not exist counts as empty.
pub async fn hold_from_sources(
    tx: &mut Transaction<'static, Any>,
    sources: &[String],
    amount: i64,
    reason: HoldReason,
    event_id: &str,
) -> Result<Vec<HoldPart>, LedgerError> {
    let plan = split_from_sources(tx, sources, amount).await?;
    let mut parts = Vec::with_capacity(plan.len());
    for (index, (account_id, take)) in plan.into_iter().enumerate() {
        let hold_id = hold(tx, &account_id, take, reason, &format!("{event_id}:{index}")).await?;
        parts.push(HoldPart { hold_id, account_id, amount: take });
    }
    Ok(parts)
}

/// How `amount` would be taken across `sources` in order of preference (as [`hold_from_sources`]
/// takes it), without holding anything: for work that spends within the same transaction, where a
/// hold would be opened and closed again. The accounts read stay as read until the commit: on
/// PostgreSQL they are locked in id order before they are read; SQLite runs one writer at a time.
/// Fails when the sources together have less than `amount`; an account that does not exist counts
/// as empty.
pub async fn split_from_sources(
    tx: &mut Transaction<'static, Any>,
    sources: &[String],
    amount: i64,
) -> Result<Vec<(String, i64)>, LedgerError> {
    if amount <= 0 || sources.is_empty() {
        return Err(LedgerError::InvalidAmount);
    }
    let lock = if crate::Backend::of(tx) == crate::Backend::Postgres { " for update" } else { "" };
    let mut ordered: Vec<&String> = sources.iter().collect();
    ordered.sort();
    ordered.dedup();
    let sql = format!(
        "select id, balance - held as free from ledger_accounts where id in ({}) order by id{lock}",
        placeholders::numbered(1, ordered.len())
    );
    let mut query = sqlx::query_as::<_, (String, i64)>(&sql);
    for id in &ordered {
        query = query.bind(*id);
    }
    let found: BTreeMap<String, i64> = query.fetch_all(&mut **tx).await?.into_iter().collect();
    // An account that does not exist counts as empty.
    plan_split(sources, amount, |id| found.get(id).copied().unwrap_or(0))
}

/// How `amount` is taken across `sources` in order of preference, given what each has available
/// (an account named twice gives once).
pub(super) fn plan_split(
    sources: &[String],
    amount: i64,
    available_of: impl Fn(&str) -> i64,
) -> Result<Vec<(String, i64)>, LedgerError> {
    let mut available: BTreeMap<&str, i64> = sources.iter().map(|id| (id.as_str(), available_of(id).max(0))).collect();
    let mut plan = Vec::new();
    let mut left = amount;
    for source in sources {
        let free = available.get_mut(source.as_str()).expect("every source counted above");
        let take = left.min(*free);
        if take > 0 {
            *free -= take;
            left -= take;
            plan.push((source.clone(), take));
        }
    }
    if left > 0 {
        return Err(LedgerError::InsufficientFunds(sources.last().expect("not empty").clone()));
    }
    Ok(plan)
}

/// Closes an open hold as `RELEASED` (the money is free again) or `CAPTURED` (the caller posts
/// the entry that spends it in the same transaction). Returns the held amount.
pub async fn close_hold(tx: &mut Transaction<'static, Any>, hold_id: &str, captured: bool) -> Result<i64, LedgerError> {
    let status = if captured { "CAPTURED" } else { "RELEASED" };
    let (account_id, amount): (String, i64) = sqlx::query_as(
        "update ledger_holds set status = $1, closed_at_ms = $2 where id = $3 and status = 'OPEN' returning account_id, amount",
    )
    .bind(status)
    .bind(crate::db::now_ms())
    .bind(hold_id)
    .fetch_optional(&mut **tx)
    .await?
    .ok_or_else(|| LedgerError::HoldNotOpen(hold_id.to_string()))?;
    sqlx::query("update ledger_accounts set held = held - $1 where id = $2")
        .bind(amount)
        .bind(&account_id)
        .execute(&mut **tx)
        .await?;
    Ok(amount)
}
