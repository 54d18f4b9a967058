//! Reconciliation of a missed verification callback: a submission an outside provider took and
//! has not decided `reconcile_after_secs` after it was sent is asked about through the provider's
//! status inquiry, and again each `reconcile_after_secs` while the provider says it is pending or
//! does not answer. A decision found so goes through the callback's own path
//! (`kyc_repo::provider_decision`, then `kyc::settle`), whose guard lets only the first decision
//! in: a callback arriving after the reconciliation, or twice, changes nothing.

use domain::clock::ms;

use super::kyc;
use super::kyc_repo;
use super::kyc_verifier::Inquiry;
use super::verihubs_kyc::PROVIDER;
use crate::state::AppState;

/// Verifications asked about per pass, so one pass stays short.
const RECONCILE_BATCH_MAX: i64 = 100;

/// Asks the provider about the verifications awaiting it long enough and applies the decisions it
/// gives; returns how many it applied. A provider error leaves the submission as it was, to be
/// asked again on a later pass.
pub async fn reconcile_awaiting(state: &AppState) -> anyhow::Result<u64> {
    let now = state.clock.now_ms();
    let after_ms = ms::from_secs(state.settings.providers.verihubs.reconcile_after_secs);
    let mut applied = 0;
    for awaiting in
        kyc_repo::awaiting_check(&state.db, PROVIDER, now.saturating_sub(after_ms), RECONCILE_BATCH_MAX).await?
    {
        let answer = state.identity.kyc.inquire(&awaiting.reference).await;
        kyc_repo::provider_checked(&state.db, &awaiting.reference, now).await?;
        let (decision, reason) = match answer {
            Ok(Inquiry::Decided { status, reason }) => (status, reason),
            Ok(Inquiry::Pending) => continue,
            Err(e) => {
                tracing::warn!(error = %e, reference = %awaiting.reference, "could not ask how a verification stands");
                continue;
            }
        };
        let decided =
            kyc_repo::provider_decision(&state.db, PROVIDER, &awaiting.reference, decision, reason, now).await?;
        if decided.is_some() {
            kyc::settle(state, &awaiting.user_id).await?;
            applied += 1;
        }
    }
    Ok(applied)
}
