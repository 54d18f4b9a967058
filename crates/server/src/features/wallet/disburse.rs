//! Moving a held cash-out to its end: an operator approves or rejects one waiting for review, and
//! the disbursement job sends approved ones to the bank. Each end is one database transaction that
//! changes the state only from the state it expects (so two nodes, or a repeat, settle it once)
//! together with the ledger:
//! - COMPLETED: the hold is captured; user cash −amount, `PG_CLEARING` +net (the money left
//!   through the gateway), `FEES` +fee.
//! - FAILED / REJECTED: the hold is released; nothing else moves.
//!
//! A bank that answers later (Xendit: PENDING) leaves the cash-out PROCESSING with its reference;
//! its callback ends it, and the job asks about it once it has waited `reconcile_after_secs`
//! (a missed callback) instead of sending it again.

use sqlx::Row;
use store::ledger::{self, NewEntry, Posting};

use super::bank_gateway::{Disbursement, Outcome, SentDisbursement};
use super::{accounts, bank_accounts, messages, transitions};
use crate::api::{ApiError, ApiResult};
use crate::features::live;
use crate::state::AppState;

/// Cash-outs the job sends per run, so one run stays short.
pub const DISBURSE_BATCH_MAX: i64 = 100;

/// An operator approves a cash-out waiting for review; the job then disburses it.
pub async fn approve(state: &AppState, id: &str) -> ApiResult<()> {
    let mut tx = state.db.begin_write().await?;
    let changed = sqlx::query(
        "update cashouts set status = 'PROCESSING', updated_at_ms = $1 where id = $2 and status = 'PENDING_REVIEW'",
    )
    .bind(state.clock.now_ms())
    .bind(id)
    .execute(&mut *tx.tx)
    .await
    .map_err(ApiError::internal)?
    .rows_affected();
    if changed == 0 {
        return Err(not_pending(state, id).await);
    }
    transitions::record_in(&mut tx.tx, id, "PROCESSING", Some("approved by operator"), state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

/// An operator rejects a cash-out waiting for review; its hold is released.
pub async fn reject(state: &AppState, id: &str, reason: &str) -> ApiResult<()> {
    let mut tx = state.db.begin_write().await?;
    let row = sqlx::query(
        "update cashouts set status = 'REJECTED', failure_code = 'REJECTED_BY_OPERATOR', failure_note = $1, updated_at_ms = $2 \
         where id = $3 and status = 'PENDING_REVIEW' returning hold_id, user_id",
    )
    .bind(reason)
    .bind(state.clock.now_ms())
    .bind(id)
    .fetch_optional(&mut *tx.tx)
    .await
    .map_err(ApiError::internal)?;
    let Some(row) = row else { return Err(not_pending(state, id).await) };
    let hold_id: String = row.try_get("hold_id").map_err(ApiError::internal)?;
    ledger::close_hold(&mut tx.tx, &hold_id, false).await.map_err(ApiError::internal)?;
    transitions::record_in(&mut tx.tx, id, "REJECTED", Some(reason), state.clock.now_ms()).await?;
    tx.commit().await?;
    let user_id: String = row.try_get("user_id").map_err(ApiError::internal)?;
    live::user::nudge_balances(&state.hub, &user_id, "IDR");
    Ok(())
}

/// 404 for an unknown cash-out, 409 for one in another state.
async fn not_pending(state: &AppState, id: &str) -> ApiError {
    match sqlx::query("select 1 as one from cashouts where id = $1").bind(id).fetch_optional(state.db.pool()).await {
        Ok(Some(_)) => messages::cashout_not_pending(),
        Ok(None) => ApiError::not_found(),
        Err(e) => ApiError::internal(e),
    }
}

/// Sends approved cash-outs to the bank and records how each ended; returns how many ended.
/// A bank error leaves the cash-out PROCESSING for the next run (the bank answers a repeated
/// reference with its first answer, so nothing is paid twice).
pub async fn disburse_due(state: &AppState) -> ApiResult<u64> {
    let due: Vec<DueCashout> = sqlx::query_as(
        "select id, user_id, bank_account_id, amount, fee, disbursement_ref from cashouts where status = 'PROCESSING' \
         and (disbursed_at_ms is null or disbursed_at_ms <= $1) order by created_at_ms, id limit $2",
    )
    .bind(state.clock.now_ms().saturating_sub(reconcile_after_ms(state)))
    .bind(DISBURSE_BATCH_MAX)
    .fetch_all(state.db.pool())
    .await
    .map_err(ApiError::internal)?;
    let mut ended = 0;
    for cashout in &due {
        // One cash-out that cannot be sent must not hold up the others: it is logged, counted and
        // tried again on the next run.
        match disburse_one(state, cashout).await {
            Ok(true) => ended += 1,
            Ok(false) => {}
            Err(e) => {
                metrics::counter!("cashout_disbursement_errors_total").increment(1);
                tracing::error!(cashout = %cashout.id, error = %e.code, "could not disburse; trying again on the next run");
            }
        }
    }
    Ok(ended)
}

/// A cash-out waiting to be sent to the bank.
#[derive(Debug, sqlx::FromRow)]
struct DueCashout {
    id: String,
    user_id: String,
    bank_account_id: String,
    amount: i64,
    fee: i64,
    disbursement_ref: Option<String>,
}

/// How long an accepted transfer waits for its callback before the job asks about it.
fn reconcile_after_ms(state: &AppState) -> i64 {
    i64::try_from(state.settings.providers.xendit.reconcile_after_secs.saturating_mul(1000)).unwrap_or(i64::MAX)
}

/// Sends one cash-out to the bank and records the answer; false when the bank did not answer or
/// another run recorded it first.
async fn disburse_one(state: &AppState, cashout: &DueCashout) -> ApiResult<bool> {
    if let Some(bank_ref) = &cashout.disbursement_ref {
        let sent = SentDisbursement { reference: cashout.id.clone(), bank_ref: bank_ref.clone() };
        return match state.wallet.bank.status(&sent).await {
            Ok(outcome) => finish(state, &cashout.id, &outcome).await,
            Err(e) => {
                tracing::warn!(cashout = %cashout.id, error = %e, "bank did not say how a transfer stands; asking again on the next run");
                Ok(false)
            }
        };
    }
    let (account, number) = bank_accounts::load(&state.db, &cashout.user_id, &cashout.bank_account_id, true)
        .await?
        .ok_or_else(|| ApiError::internal("cash-out names a missing bank account"))?;
    let transfer = Disbursement {
        reference: cashout.id.clone(),
        bank_code: account.bank_code,
        account_number: number,
        holder_name: account.account_holder_name,
        amount_sen: cashout.amount - cashout.fee,
    };
    match state.wallet.bank.disburse(transfer).await {
        Ok(outcome) => finish(state, &cashout.id, &outcome).await,
        Err(e) => {
            tracing::warn!(cashout = %cashout.id, error = %e, "bank did not answer; retrying on the next run");
            Ok(false)
        }
    }
}

/// Keeps the bank's reference of an accepted transfer, so the job asks about it later instead of
/// sending it again.
async fn accepted(state: &AppState, id: &str, bank_ref: &str) -> ApiResult<bool> {
    sqlx::query(
        "update cashouts set disbursement_ref = $1, disbursed_at_ms = $2 where id = $3 and status = 'PROCESSING'",
    )
    .bind(bank_ref)
    .bind(state.clock.now_ms())
    .bind(id)
    .execute(state.db.pool())
    .await
    .map_err(ApiError::internal)?;
    Ok(false)
}

/// Records the bank's answer (once: a repeated answer, from a callback or an inquiry, changes
/// nothing); false when the transfer has not ended or another run recorded it first.
pub(super) async fn finish(state: &AppState, id: &str, outcome: &Outcome) -> ApiResult<bool> {
    let (status, code, note) = match outcome {
        Outcome::Completed => ("COMPLETED", None, None),
        Outcome::Failed { code, note } => ("FAILED", Some(code.as_str()), Some(note.as_str())),
        Outcome::Pending { bank_ref } => return accepted(state, id, bank_ref).await,
    };
    let mut tx = state.db.begin_write().await?;
    let row = sqlx::query(
        "update cashouts set status = $1, failure_code = $2, failure_note = $3, updated_at_ms = $4 \
         where id = $5 and status = 'PROCESSING' returning user_id, amount, fee, hold_id",
    )
    .bind(status)
    .bind(code)
    .bind(note)
    .bind(state.clock.now_ms())
    .bind(id)
    .fetch_optional(&mut *tx.tx)
    .await
    .map_err(ApiError::internal)?;
    let Some(row) = row else { return Ok(false) };
    let hold_id: String = row.try_get("hold_id").map_err(ApiError::internal)?;
    if *outcome == Outcome::Completed {
        let user_id: String = row.try_get("user_id").map_err(ApiError::internal)?;
        let amount: i64 = row.try_get("amount").map_err(ApiError::internal)?;
        let fee: i64 = row.try_get("fee").map_err(ApiError::internal)?;
        ledger::close_hold(&mut tx.tx, &hold_id, true).await.map_err(ApiError::internal)?;
        let cash = accounts::user_cash(&mut tx.tx, &user_id).await.map_err(ApiError::internal)?;
        let clearing = accounts::gateway_clearing(&mut tx.tx).await.map_err(ApiError::internal)?;
        let fees = accounts::fee_income(&mut tx.tx).await.map_err(ApiError::internal)?;
        let idr = |account_id: String, amount: i64| Posting { account_id, currency: "IDR".into(), amount };
        let mut postings = vec![idr(cash, -amount), idr(clearing, amount - fee)];
        if fee > 0 {
            postings.push(idr(fees, fee));
        }
        let entry = NewEntry { reason: "CASHOUT".into(), event_id: format!("cashout:{id}"), memo: None, postings };
        ledger::post(&mut tx.tx, &entry).await.map_err(ApiError::internal)?;
    } else {
        ledger::close_hold(&mut tx.tx, &hold_id, false).await.map_err(ApiError::internal)?;
    }
    transitions::record_in(&mut tx.tx, id, status, note, state.clock.now_ms()).await?;
    tx.commit().await?;
    let user_id: String = row.try_get("user_id").map_err(ApiError::internal)?;
    live::user::nudge_balances(&state.hub, &user_id, "IDR");
    Ok(true)
}
