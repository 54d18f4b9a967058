//! The venue job: one pass over every pending amend request and every open order, each moved one
//! step of its lifecycle (docs/us-stocks.md "Lifecycle").

use super::amend;
use super::lifecycle::Lifecycle;
use super::repo;
use crate::features::orders::errors::TradeError;

/// One pass of the venue over every open order and pending amend; returns the steps taken.
pub async fn drive(lc: &Lifecycle<'_>) -> Result<usize, TradeError> {
    let _gate = lc.svc.driver_gate.lock().await;
    let mut steps = 0;
    for request in repo::pending_amends(lc.db).await? {
        if amend::advance(lc, &request).await? {
            steps += 1;
        }
    }
    for order in repo::open_orders(lc.db).await? {
        match lc.advance(&order.user_id, &order.id).await {
            Ok(true) => steps += 1,
            Ok(false) => {}
            Err(TradeError::InsufficientBalance) => {
                lc.fail_unpaid(&order.user_id, &order.id).await?;
                steps += 1;
            }
            Err(e) => tracing::warn!(order = %order.id, error = %e, "US order step failed"),
        }
    }
    Ok(steps)
}
