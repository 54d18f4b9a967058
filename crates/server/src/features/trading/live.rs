//! Users' order updates for `/ws`: after each committed command the pair owner publishes the
//! touched orders on the hub channel `user:{userId}:orders` and a balance nudge on
//! `user:{userId}:balances`; the client subscribed to them as `orders` and `balances`
//! (`features::live::user`). The nudge names the symbol that moved; the client re-reads balances.

use serde::Serialize;

use super::pair::PairSpec;
use super::repo::OrderRow;
use super::view::OrderView;
use crate::features::live::{frame, Hub};

/// Publishes user channels; cheap to clone.
#[derive(Clone)]
pub struct UserEvents {
    hub: Hub,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct BalanceNudge<'a> {
    symbol: &'a str,
}

impl UserEvents {
    /// Publishes through `hub`.
    pub fn new(hub: Hub) -> Self {
        Self { hub }
    }

    /// The channel of a user's orders.
    pub fn orders_channel(user_id: &str) -> String {
        format!("user:{user_id}:orders")
    }

    /// The channel of a user's balances.
    pub fn balances_channel(user_id: &str) -> String {
        format!("user:{user_id}:balances")
    }

    /// Publishes each touched order to its owner (only channels someone listens to cost anything).
    pub fn publish_rows(&self, spec: &PairSpec, rows: &[OrderRow]) {
        for row in rows {
            let channel = Self::orders_channel(&row.user_id);
            if self.hub.is_subscribed(&channel) {
                self.hub.publish(&channel, frame("order", "orders", &OrderView::of(row, spec)));
            }
            let balances = Self::balances_channel(&row.user_id);
            if self.hub.is_subscribed(&balances) {
                self.hub.publish(&balances, frame("balance", "balances", &BalanceNudge { symbol: &row.symbol }));
            }
        }
    }
}
