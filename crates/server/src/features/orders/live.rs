//! An order's changes on the owner's `/ws` channels: the order itself on `user:{id}:orders` and a
//! balance nudge on `user:{id}:balances`. Publishers call it after their transaction committed.

use serde::Serialize;

use crate::features::live::{frame, user, Hub};

/// Sends `view` (the class's API view of the order) to its owner and nudges their balances of
/// `symbol`. Only channels someone listens to cost anything.
pub fn publish_order<T: Serialize>(hub: &Hub, user_id: &str, symbol: &str, view: &T) {
    let channel = user::orders_channel(user_id);
    if hub.is_subscribed(&channel) {
        hub.publish(&channel, frame("order", "orders", view));
    }
    user::nudge_balances(hub, user_id, symbol);
}
