//! The venue pass: every open perpetual order meets its instrument's quote once (stops their
//! trigger on the mark, resting limits the book).

use std::collections::HashMap;

use super::errors::PerpError;
use super::lifecycle::Perps;
use super::repo;
use super::venue::PerpQuote;

impl Perps<'_> {
    /// One venue pass; returns the orders that moved.
    pub async fn drive(&self) -> Result<usize, PerpError> {
        let _gate = self.svc.gate.lock().await;
        let now = self.clock.now();
        let mut quotes: HashMap<String, Option<PerpQuote>> = HashMap::new();
        let mut moved = 0;
        for order in repo::all_open_orders(self.db).await? {
            let quote = quotes
                .entry(order.symbol.clone())
                .or_insert_with(|| self.svc.instrument(&order.symbol).and_then(|inst| self.svc.venue.quote(inst, now)));
            let Some(quote) = quote.as_ref() else { continue };
            match self.step(&order.user_id, &order.id, quote).await {
                Ok(true) => moved += 1,
                Ok(false) => {}
                Err(e) => tracing::warn!(order = %order.id, error = %e, "perp order step failed"),
            }
        }
        Ok(moved)
    }
}
