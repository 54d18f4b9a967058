//! The caller's own channels on `/ws`: `orders` and `balances`, open only to a connection that
//! authenticated (bearer header, or `?token=` since browsers cannot set headers on a WebSocket).
//! The mapping, never the client, puts the user id into the hub channel (`user:{id}:orders`), so
//! nobody can listen to another user's orders.

use std::sync::Arc;

use super::{ChannelSource, Frame};

/// The user channel names a client subscribes to.
pub const USER_CHANNELS: [&str; 2] = ["orders", "balances"];

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
