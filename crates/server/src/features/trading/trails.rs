//! Trailing stops of a crypto pair (R4.10): after each re-quote the owner raises the trigger of
//! every waiting trailing stop to its trail below the highest bid seen, through the engine's amend,
//! in one transaction with the order's new watermark. A trigger never moves down.

use domain::orders::{next_watermark, Side as DomainSide, Trail};
use engine::{Amend, Event, OrderId};

use super::owner::PairOwner;
use super::repo;

impl PairOwner {
    /// Follows the best bid with every waiting trailing stop of the pair.
    pub(super) async fn follow_trails(&mut self) {
        let Some(bid) = self.book.best_bid().map(|level| level.price) else { return };
        let rows = match repo::waiting_trailing_stops(&self.deps.db, &self.spec.symbol).await {
            Ok(rows) => rows,
            Err(e) => {
                tracing::warn!(symbol = %self.spec.symbol, error = %e, "could not read trailing stops");
                return;
            }
        };
        for mut row in rows {
            let percent = row.trail_percent.as_deref().and_then(|p| p.parse().ok());
            let Some(trail) = Trail::of(row.trail_amount, percent) else { continue };
            let mark = next_watermark(DomainSide::Sell, row.trail_watermark, bid);
            if Some(mark) == row.trail_watermark {
                continue;
            }
            let stop = trail.stop_price(DomainSide::Sell, mark);
            let owner = self.owner_of(&row.user_id);
            let Ok(mut wtx) = self.deps.db.begin_write().await else { return };
            row.trail_watermark = Some(mark);
            if let Err(e) = repo::save(&mut wtx.tx, &mut row, self.now_ms()).await {
                tracing::warn!(order = row.id, error = %e, "could not store a trailing stop's watermark");
                continue;
            }
            let mut out = Vec::new();
            if row.stop_price.is_none_or(|current| stop > current) {
                let amend = Amend { id: OrderId(row.id as u64), owner, qty: None, price: None, stop_price: Some(stop) };
                self.book.amend(amend, &mut out);
                if let Some(Event::AmendRejected { reason, .. }) =
                    out.iter().find(|e| matches!(e, Event::AmendRejected { .. }))
                {
                    tracing::warn!(order = row.id, %reason, "the engine refused to move a trailing stop");
                    continue;
                }
            }
            if let Err(e) = self.finish(wtx, &out, row.id).await {
                tracing::warn!(order = row.id, error = %e, "could not move a trailing stop");
            }
        }
    }
}
