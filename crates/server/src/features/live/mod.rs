//! The live-data hub behind `/ws` (DESIGN.md "API"): named channels, each holding only its latest
//! frame in a `tokio::sync::watch`, so an update is serialised once, shared by reference count
//! with every subscriber, and a slow client skips to the newest state instead of growing a queue.
//!
//! Channels are named `kind:args`: `ticker:BTC-IDR`, `candles:BTC-IDR:1`, `orderbook:BTC-IDR`,
//! `trades:BTC-IDR`, `flags:BTC-IDR`. Which names exist is decided by a [`ChannelSource`]
//! (markets implements it for the public market channels).
//!
//! The seam for user channels (orders, balances, notifications): add a `ChannelSource` that takes
//! the connection's authenticated user (from an `auth` message carrying the access token, checked
//! like `AuthUser`) and maps a client name such as `orders` to a private hub name such as
//! `user:{userId}:orders`; publishers (the order and ledger features) call [`Hub::publish`] with that
//! name. Nothing in the hub or the connection loop changes, and a client can never name another
//! user's channel because the mapping, not the client, writes the user id. Past one node, a
//! NATS/Redis subscriber per node calls `publish` for the frames it receives.

pub mod user;
pub mod ws;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use serde::Serialize;
use tokio::sync::{watch, OwnedSemaphorePermit, Semaphore};

use crate::config::MarketsSettings;

/// One serialised server message, shared (not copied) between subscribers.
pub type Frame = Utf8Bytes;

/// The bounds of the hub.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Open connections per server; more are refused with a close frame.
    pub connections_max: usize,
    /// Channels one connection may subscribe to.
    pub subscriptions_max: usize,
    /// How often the server pings.
    pub ping_interval: Duration,
    /// A connection that sent nothing (not even a pong) for this long is closed.
    pub idle_timeout: Duration,
    /// Largest client message accepted.
    pub message_bytes_max: usize,
    /// Open connections from one client address.
    pub connections_per_address_max: usize,
    /// How often a logged-in connection re-checks its session.
    pub session_recheck: Duration,
}

impl From<&MarketsSettings> for Limits {
    fn from(s: &MarketsSettings) -> Self {
        Self {
            connections_max: s.ws_connections_max,
            subscriptions_max: s.ws_subscriptions_max,
            ping_interval: Duration::from_secs(s.ws_ping_interval_secs.max(1)),
            idle_timeout: Duration::from_secs(s.ws_idle_timeout_secs.max(2)),
            message_bytes_max: 16 * 1024,
            connections_per_address_max: s.ws_connections_per_address_max.max(1),
            session_recheck: Duration::from_secs(s.ws_session_recheck_secs.max(1)),
        }
    }
}

/// Decides which channel names exist and what their current state is.
pub trait ChannelSource: Send + Sync + 'static {
    /// Accepts a channel name, or says why it is refused.
    fn check(&self, channel: &str) -> Result<(), String>;
    /// The channel's current state for a first subscriber, when it can be computed now.
    fn snapshot(&self, channel: &str) -> Option<Frame>;
    /// The hub channel a client's channel name stands for (user channels add the user id).
    fn resolve(&self, channel: &str) -> String {
        channel.to_owned()
    }
}

/// The channel registry and connection budget; cheap to clone.
#[derive(Clone)]
pub struct Hub {
    inner: Arc<HubInner>,
}

struct HubInner {
    channels: RwLock<HashMap<String, watch::Sender<Option<Frame>>>>,
    permits: Arc<Semaphore>,
    per_address: Mutex<HashMap<String, usize>>,
    limits: Limits,
}

/// One connection's place on the server and under its address; both are given back on drop.
pub struct ConnectionPermit {
    _server: OwnedSemaphorePermit,
    address: Option<String>,
    hub: Hub,
}

impl Drop for ConnectionPermit {
    fn drop(&mut self) {
        let Some(address) = self.address.take() else { return };
        let mut per_address = self.hub.inner.per_address.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(open) = per_address.get_mut(&address) {
            *open -= 1;
            if *open == 0 {
                per_address.remove(&address);
            }
        }
    }
}

#[derive(Serialize)]
struct Envelope<'a, T: Serialize> {
    #[serde(rename = "type")]
    kind: &'a str,
    channel: &'a str,
    data: &'a T,
}

/// Serialises an update once: `{"type": kind, "channel": channel, "data": data}`.
pub fn frame<T: Serialize>(kind: &str, channel: &str, data: &T) -> Frame {
    let text = serde_json::to_string(&Envelope { kind, channel, data }).unwrap_or_default();
    Utf8Bytes::from(text)
}

impl Hub {
    /// An empty hub.
    pub fn new(limits: Limits) -> Self {
        Self {
            inner: Arc::new(HubInner {
                channels: RwLock::new(HashMap::new()),
                permits: Arc::new(Semaphore::new(limits.connections_max)),
                per_address: Mutex::new(HashMap::new()),
                limits,
            }),
        }
    }

    /// The hub's bounds.
    pub fn limits(&self) -> Limits {
        self.inner.limits
    }

    /// A place for one more connection, or `None` when the server is full.
    /// `address` is the client's; an unknown one counts only against the server's limit.
    pub fn connection_permit(&self, address: Option<&str>) -> Option<ConnectionPermit> {
        let server = self.inner.permits.clone().try_acquire_owned().ok()?;
        if let Some(address) = address {
            let mut per_address = self.inner.per_address.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            let open = per_address.entry(address.to_owned()).or_insert(0);
            if *open >= self.inner.limits.connections_per_address_max {
                return None;
            }
            *open += 1;
        }
        Some(ConnectionPermit { _server: server, address: address.map(str::to_owned), hub: self.clone() })
    }

    /// Open connections now.
    pub fn connections(&self) -> usize {
        self.inner.limits.connections_max.saturating_sub(self.inner.permits.available_permits())
    }

    /// A receiver of a channel's latest frame, creating the channel on first use.
    pub fn subscribe(&self, channel: &str) -> watch::Receiver<Option<Frame>> {
        if let Some(sender) = self.read().get(channel) {
            return sender.subscribe();
        }
        let mut channels = self.inner.channels.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        channels.entry(channel.to_owned()).or_insert_with(|| watch::channel(None).0).subscribe()
    }

    /// Replaces a channel's state; dropped when nobody ever subscribed. Returns whether anyone listens.
    pub fn publish(&self, channel: &str, frame: Frame) -> bool {
        match self.read().get(channel) {
            Some(sender) => {
                sender.send_replace(Some(frame));
                sender.receiver_count() > 0
            }
            None => false,
        }
    }

    /// Sets a channel's first state unless a publisher got there first.
    pub fn seed(&self, channel: &str, frame: Frame) {
        if let Some(sender) = self.read().get(channel) {
            sender.send_if_modified(|state| {
                let empty = state.is_none();
                if empty {
                    *state = Some(frame);
                }
                empty
            });
        }
    }

    /// Whether a channel has subscribers.
    pub fn is_subscribed(&self, channel: &str) -> bool {
        self.read().get(channel).is_some_and(|s| s.receiver_count() > 0)
    }

    /// The channels with subscribers now.
    pub fn subscribed(&self) -> Vec<String> {
        self.read().iter().filter(|(_, s)| s.receiver_count() > 0).map(|(name, _)| name.clone()).collect()
    }

    /// Forgets channels nobody listens to; returns how many were dropped.
    pub fn prune(&self) -> usize {
        let mut channels = self.inner.channels.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        let before = channels.len();
        channels.retain(|_, sender| sender.receiver_count() > 0);
        before - channels.len()
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, HashMap<String, watch::Sender<Option<Frame>>>> {
        self.inner.channels.read().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hub() -> Hub {
        Hub::new(Limits {
            connections_max: 2,
            subscriptions_max: 3,
            ping_interval: Duration::from_secs(20),
            idle_timeout: Duration::from_secs(60),
            message_bytes_max: 1024,
            connections_per_address_max: 2,
            session_recheck: Duration::from_secs(30),
        })
    }

    #[test]
    fn a_slow_subscriber_sees_only_the_latest_frame() {
        let hub = hub();
        let mut rx = hub.subscribe("ticker:X");
        for n in 0..100 {
            hub.publish("ticker:X", frame("ticker", "ticker:X", &n));
        }
        assert!(rx.has_changed().unwrap());
        let latest = rx.borrow_and_update().clone().unwrap();
        assert_eq!(latest.as_str(), r#"{"type":"ticker","channel":"ticker:X","data":99}"#);
    }

    #[test]
    fn publishing_to_a_channel_nobody_opened_is_dropped_and_idle_channels_are_pruned() {
        let hub = hub();
        assert!(!hub.publish("ticker:Y", frame("ticker", "ticker:Y", &1)));
        let rx = hub.subscribe("ticker:Y");
        assert_eq!(hub.subscribed(), vec!["ticker:Y".to_string()]);
        drop(rx);
        assert_eq!(hub.prune(), 1);
    }

    #[test]
    fn connections_beyond_the_limit_get_no_permit() {
        let hub = hub();
        let a = hub.connection_permit(None);
        let b = hub.connection_permit(None);
        assert!(a.is_some() && b.is_some());
        assert!(hub.connection_permit(None).is_none());
        assert_eq!(hub.connections(), 2);
        drop(a);
        assert!(hub.connection_permit(None).is_some());
    }

    #[test]
    fn one_address_gets_no_more_than_its_share_of_connections() {
        let hub = Hub::new(Limits { connections_per_address_max: 2, connections_max: 10, ..hub().limits() });
        let a = hub.connection_permit(Some("10.0.0.1"));
        let b = hub.connection_permit(Some("10.0.0.1"));
        assert!(a.is_some() && b.is_some());
        assert!(hub.connection_permit(Some("10.0.0.1")).is_none());
        assert!(hub.connection_permit(Some("10.0.0.2")).is_some(), "another address is not affected");
        drop(a);
        assert!(hub.connection_permit(Some("10.0.0.1")).is_some(), "a closed connection frees its place");
    }
}
