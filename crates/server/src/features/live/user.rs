//! The caller's own channels on `/ws`: `orders`, `balances`, `account` and `positions`, open only to a connection that
//! authenticated (bearer header, or `?token=` since browsers cannot set headers on a WebSocket).
//! The mapping, never the client, puts the user id into the hub channel (`user:{id}:orders`), so
//! nobody can listen to another user's orders.

use std::sync::Arc;

use serde::Serialize;

use super::{frame, ChannelSource, Frame, Hub};

/// The user channel names a client subscribes to.
pub const USER_CHANNELS: [&str; 4] = ["orders", "balances", "account", "positions"];

/// The hub channel of a user's perpetual positions and margin wallet, marked to market.
pub fn positions_channel(user_id: &str) -> String {
    format!("user:{user_id}:positions")
}

/// The hub channel of a user's orders.
pub fn orders_channel(user_id: &str) -> String {
    format!("user:{user_id}:orders")
}

/// The hub channel of a user's balances.
pub fn balances_channel(user_id: &str) -> String {
    format!("user:{user_id}:balances")
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct BalanceNudge<'a> {
    symbol: &'a str,
}

/// Tells a user's open apps that the balance of `symbol` (an asset, or `IDR`) changed; they read
/// the balances again. Publishers call it after their transaction committed. Only a channel someone
/// listens to costs anything.
pub fn nudge_balances(hub: &Hub, user_id: &str, symbol: &str) {
    let channel = balances_channel(user_id);
    if hub.is_subscribed(&channel) {
        hub.publish(&channel, frame("balance", "balances", &BalanceNudge { symbol }));
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct AccountNudge<'a> {
    change: &'a str,
}

/// Tells a user's open apps that their account changed (`change` names what, e.g. `kyc`); they
/// read the account's status again. Publishers call it after their transaction committed.
pub fn nudge_account(hub: &Hub, user_id: &str, change: &str) {
    let channel = format!("user:{user_id}:account");
    if hub.is_subscribed(&channel) {
        hub.publish(&channel, frame("account", "account", &AccountNudge { change }));
    }
}

/// The hub channel a user's connections watch for ended sessions; never a client's channel.
pub fn sessions_channel(user_id: &str) -> String {
    format!("user:{user_id}:sessions")
}

/// Tells this node's connections of a user that some of its sessions ended (log-out, a device
/// logged out, a PIN reset, a stolen refresh token); each checks its own session and closes if it
/// was one of them. Publishers call it after their transaction committed.
pub fn sessions_ended(hub: &Hub, user_id: &str) {
    let channel = sessions_channel(user_id);
    if hub.is_subscribed(&channel) {
        hub.publish(&channel, frame("sessions", "sessions", &()));
    }
}

/// Market channels plus, when logged in, the caller's own channels.
pub struct UserChannels {
    /// The public channels.
    pub inner: Arc<dyn ChannelSource>,
    /// The authenticated caller, if any.
    pub user_id: Option<String>,
}

impl ChannelSource for UserChannels {
    fn check(&self, channel: &str) -> Result<(), String> {
        match (USER_CHANNELS.contains(&channel), &self.user_id) {
            (true, Some(_)) => Ok(()),
            (true, None) => Err("log in to subscribe to your own channels".into()),
            (false, _) => self.inner.check(channel),
        }
    }

    fn snapshot(&self, channel: &str) -> Option<Frame> {
        if USER_CHANNELS.contains(&channel) {
            return None;
        }
        self.inner.snapshot(channel)
    }

    fn resolve(&self, channel: &str) -> String {
        match (&self.user_id, USER_CHANNELS.contains(&channel)) {
            (Some(user), true) => format!("user:{user}:{channel}"),
            _ => channel.to_owned(),
        }
    }
}
