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

use domain::clock::ms;
use domain::ledger::EntryReason;
use domain::money::IDR;
use domain::wallet::CashoutStatus;
use store::ledger::{self, NewEntry, Posting};

use super::bank_gateway::{Disbursement, Outcome, SentDisbursement};
use super::cashout_repo::{self, DueCashout, Ending};
use super::{accounts, bank_accounts, messages, transitions_repo};
use crate::api::{ApiError, ApiResult};
use crate::features::live;
use crate::state::AppState;

/// Cash-outs the job sends per run, so one run stays short.
pub const DISBURSE_BATCH_MAX: i64 = 100;

/// An operator approves a cash-out waiting for review; the job then disburses it.
pub async fn approve(state: &AppState, id: &str) -> ApiResult<()> {
    let mut tx = state.db.begin_write().await?;
    if !cashout_repo::approve(&mut tx.tx, id, state.clock.now_ms()).await? {
        return Err(not_pending(state, id).await);
    }
    transitions_repo::record_in(
        &mut tx.tx,
        id,
        CashoutStatus::Processing,
        Some("approved by operator"),
        state.clock.now_ms(),
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// An operator rejects a cash-out waiting for review; its hold is released.
pub async fn reject(state: &AppState, id: &str, reason: &str) -> ApiResult<()> {
    let mut tx = state.db.begin_write().await?;
    let Some(rejected) = cashout_repo::reject(&mut tx.tx, id, reason, state.clock.now_ms()).await? else {
        return Err(not_pending(state, id).await);
    };
    ledger::close_hold(&mut tx.tx, &rejected.hold_id, false).await?;
    transitions_repo::record_in(&mut tx.tx, id, CashoutStatus::Rejected, Some(reason), state.clock.now_ms()).await?;
    tx.commit().await?;
    live::user::nudge_balances(&state.hub, &rejected.user_id, IDR);
    Ok(())
}

/// 404 for an unknown cash-out, 409 for one in another state.
async fn not_pending(state: &AppState, id: &str) -> ApiError {
    match cashout_repo::exists(&state.db, id).await {
        Ok(true) => messages::cashout_not_pending(),
        Ok(false) => ApiError::not_found(),
        Err(e) => e.into(),
    }
}

/// Sends approved cash-outs to the bank and records how each ended; returns how many ended.
/// A bank error leaves the cash-out PROCESSING for the next run (the bank answers a repeated
/// reference with its first answer, so nothing is paid twice).
pub async fn disburse_due(state: &AppState) -> ApiResult<u64> {
    let asked_before = state.clock.now_ms().saturating_sub(reconcile_after_ms(state));
    let due = cashout_repo::due(&state.db, asked_before, DISBURSE_BATCH_MAX).await?;
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

/// How long an accepted transfer waits for its callback before the job asks about it.
fn reconcile_after_ms(state: &AppState) -> i64 {
    ms::from_secs(state.settings.providers.xendit.reconcile_after_secs)
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
    cashout_repo::set_accepted(&state.db, id, bank_ref, state.clock.now_ms()).await?;
    Ok(false)
}

/// Records the bank's answer (once: a repeated answer, from a callback or an inquiry, changes
/// nothing); false when the transfer has not ended or another run recorded it first.
pub(super) async fn finish(state: &AppState, id: &str, outcome: &Outcome) -> ApiResult<bool> {
    let (status, code, note) = match outcome {
        Outcome::Completed => (CashoutStatus::Completed, None, None),
        Outcome::Failed { code, note } => (CashoutStatus::Failed, Some(code.as_str()), Some(note.as_str())),
        Outcome::Pending { bank_ref } => return accepted(state, id, bank_ref).await,
    };
    let mut tx = state.db.begin_write().await?;
    let ending = Ending { status, failure_code: code, failure_note: note };
    let Some(ended) = cashout_repo::end(&mut tx.tx, id, &ending, state.clock.now_ms()).await? else {
        return Ok(false);
    };
    if *outcome == Outcome::Completed {
        let (amount, fee) = (ended.amount, ended.fee);
        ledger::close_hold(&mut tx.tx, &ended.hold_id, true).await?;
        let cash = accounts::user_cash(&mut tx.tx, &ended.user_id).await?;
        let clearing = accounts::gateway_clearing(&mut tx.tx).await?;
        let fees = accounts::fee_income(&mut tx.tx).await?;
        let idr = |account_id: String, amount: i64| Posting { account_id, currency: IDR.into(), amount };
        let mut postings = vec![idr(cash, -amount), idr(clearing, amount - fee)];
        if fee > 0 {
            postings.push(idr(fees, fee));
        }
        let (event_id, at_ms) = (format!("cashout:{id}"), state.clock.now_ms());
        let entry = NewEntry { reason: EntryReason::Cashout, event_id, memo: None, postings, at_ms };
        ledger::post(&mut tx.tx, &entry).await?;
    } else {
        ledger::close_hold(&mut tx.tx, &ended.hold_id, false).await?;
    }
    transitions_repo::record_in(&mut tx.tx, id, status, note, state.clock.now_ms()).await?;
    tx.commit().await?;
    live::user::nudge_balances(&state.hub, &ended.user_id, IDR);
    Ok(true)
}
