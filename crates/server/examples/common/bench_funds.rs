//! Money for a benchmark's users: a balanced ledger entry from a house account, as a paid top-up or
//! a dollar conversion would post it, so the ledger check still passes after the run.

use domain::ledger::EntryReason;
use domain::ledger::{AccountKind, AccountRef};
use store::ledger::{self, NewEntry, Posting};

/// The write transaction the helpers post in.
pub type Tx = sqlx::Transaction<'static, sqlx::Any>;

/// Moves `amount` minor units of `currency` from the `house` account to the user's `account`.
#[allow(dead_code, reason = "each benchmark uses the helpers it needs")]
pub async fn credit(
    tx: &mut Tx,
    user_id: &str,
    (house, account): (AccountKind, AccountKind),
    currency: &str,
    amount: i64,
) -> anyhow::Result<()> {
    let event = format!("bench-fund:{user_id}:{currency}:{}", account.as_text());
    let from = ledger::open(tx, &AccountRef::house(house, currency)).await?;
    let to = ledger::open(tx, &AccountRef::user(user_id, account, currency)).await?;
    let postings = vec![
        Posting { account_id: from, currency: currency.into(), amount: -amount },
        Posting { account_id: to, currency: currency.into(), amount },
    ];
    ledger::post(
        tx,
        &NewEntry {
            reason: EntryReason::Topup,
            event_id: event,
            memo: None,
            postings,
            at_ms: chrono::Utc::now().timestamp_millis(),
        },
    )
    .await?;
    Ok(())
}

/// A large rupiah balance (10^14 sen), as a paid top-up would credit it.
#[allow(dead_code, reason = "each benchmark uses the helpers it needs")]
pub async fn credit_rupiah(tx: &mut Tx, user_id: &str) -> anyhow::Result<()> {
    credit(tx, user_id, (AccountKind::PgClearing, AccountKind::IdrCash), "IDR", 100_000_000_000_000).await
}
