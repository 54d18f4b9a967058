//! An entry posted in one statement on PostgreSQL (issue 12): its accounts locked in id order, its
//! balances changed under their overdraft and currency checks, the entry and its postings written
//! only when every balance changed, one round trip where posting step by step takes three (the
//! entry, the balances, the postings). Anything else (an account refused, a repeated event) takes
//! back what the statement changed and leaves the entry to [`super::post`]'s steps, which name the
//! refusal or replay the event.

use sqlx::{Any, Transaction};

use super::{bind_legs, leg_case, legs_of, undo_legs, LedgerError, NewEntry, Posted, Posting};
use crate::placeholders;

/// Posts `entry` (balanced; `ordered` its postings in account order) as one statement; none when
/// the statement could not post it whole, with nothing of it left changed.
pub(super) async fn post_in_one(
    tx: &mut Transaction<'static, Any>,
    entry: &NewEntry,
    ordered: &[&Posting],
) -> Result<Option<Posted>, LedgerError> {
    let Some(legs) = legs_of(ordered) else { return Ok(None) };
    let n = legs.len();
    let entry_at = 3 * n;
    let postings_at = entry_at + 5;
    let values: Vec<String> = (0..ordered.len())
        .map(|i| {
            let at = postings_at + 3 * i;
            format!("(${}, ${}, cast(${} as bigint))", at + 1, at + 2, at + 3)
        })
        .collect();
    let (amount, currency) = (leg_case(n, n), leg_case(n, 2 * n));
    let sql = format!(
        "with locked as (select id from ledger_accounts where id in ({ids}) order by id for update), \
         changed as (update ledger_accounts set balance = balance + {amount} where id in (select id from locked) \
           and currency = {currency} and (may_go_negative = 1 or balance + {amount} >= held) returning id), \
         entry as (insert into journal_entries (id, reason, event_id, memo, created_at_ms) \
           select ${e1}, ${e2}, ${e3}, ${e4}, ${e5} where (select count(*) from changed) = {n} \
           on conflict (event_id) do nothing returning id), \
         posted as (insert into postings (entry_id, account_id, currency, amount) \
           select entry.id, v.account_id, v.currency, v.amount from entry, (values {values}) as v (account_id, currency, amount)) \
         select id, 0 as entered from changed union all select id, 1 from entry",
        ids = placeholders::numbered(1, n),
        e1 = entry_at + 1,
        e2 = entry_at + 2,
        e3 = entry_at + 3,
        e4 = entry_at + 4,
        e5 = entry_at + 5,
        values = values.join(", "),
    );
    let entry_id = uuid::Uuid::now_v7().to_string();
    let query = bind_legs(sqlx::query_as::<_, (String, i64)>(&sql), &legs)
        .bind(&entry_id)
        .bind(entry.reason.as_str())
        .bind(&entry.event_id)
        .bind(entry.memo.clone())
        .bind(entry.at_ms);
    let query = ordered
        .iter()
        .fold(query, |query, posting| query.bind(&posting.account_id).bind(&posting.currency).bind(posting.amount));
    let rows = query.fetch_all(&mut **tx).await?;
    if rows.iter().any(|(_, entered)| *entered == 1) {
        return Ok(Some(Posted { entry_id, replayed: false }));
    }
    // Refused, or the event was posted before: nothing of the entry is written; take the balances back.
    let changed: Vec<String> = rows.into_iter().map(|(id, _)| id).collect();
    undo_legs(tx, &legs, &changed).await?;
    Ok(None)
}
