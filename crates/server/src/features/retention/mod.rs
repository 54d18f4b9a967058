//! The retention job: each traffic-driven table loses the rows older than its configured period
//! (`retention.*_days`), so the database grows with customers, not with time.

use domain::clock::ms;

use crate::state::AppState;

/// Purges every kept table once; returns the rows deleted per table (tables with none left out).
pub async fn purge_expired(state: &AppState) -> Result<Vec<(&'static str, u64)>, store::StoreError> {
    let now = state.clock.now_ms();
    let mut purged = Vec::new();
    for kept in store::retention::Kept::ALL {
        let days = state.settings.retention.days(kept);
        if days == 0 {
            continue;
        }
        let deleted = store::retention::purge(&state.db, kept, now - i64::from(days) * ms::DAY).await?;
        if deleted > 0 {
            metrics::counter!("retention_rows_deleted_total", "table" => kept.table()).increment(deleted);
            purged.push((kept.table(), deleted));
        }
    }
    Ok(purged)
}
