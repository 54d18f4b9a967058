//! Users' order updates for `/ws`: after each committed command the pair owner publishes the
//! touched orders on the hub channel `user:{userId}:orders` and a balance nudge on
//! `user:{userId}:balances`; the client subscribed to them as `orders` and `balances`
//! (`features::live::user`). The nudge names the symbol that moved; the client re-reads balances.

use super::pair::PairSpec;
use super::repo::OrderRow;
use super::view::OrderView;
use crate::features::live::Hub;
use crate::features::orders::live::publish_order;

/// Publishes user channels; cheap to clone.
#[derive(Clone)]
pub struct UserEvents {
    hub: Hub,
}

impl UserEvents {
    /// Publishes through `hub`.
    pub fn new(hub: Hub) -> Self {
        Self { hub }
    }

    /// Publishes each touched order to its owner (only channels someone listens to cost anything).
    pub fn publish_rows(&self, spec: &PairSpec, rows: &[OrderRow]) {
        for row in rows {
            publish_order(&self.hub, &row.user_id, &row.symbol, &OrderView::of(row, spec));
        }
    }
}
