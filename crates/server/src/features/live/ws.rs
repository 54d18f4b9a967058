//! One `/ws` connection: subscribe/unsubscribe messages in, channel updates and heartbeats out.
//!
//! The loop is written over any `Stream + Sink` of messages (axum's socket in production) and owns
//! all per-connection state, so nothing is shared between connections except the hub's channels.
//! Each subscription is a stream over the channel's watch receiver: it yields the newest frame when
//! the loop gets round to it, so a client that reads slowly skips states instead of queueing them.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Query, State};
use axum::http::header::AUTHORIZATION;
use axum::http::{HeaderMap, HeaderValue};
use axum::response::Response;
use futures::future::{BoxFuture, FutureExt};
use futures::stream::{AbortHandle, Abortable, BoxStream, SelectAll};
use futures::{Sink, SinkExt, Stream, StreamExt};
use serde::Deserialize;
use serde_json::json;
use tokio::sync::watch;

use super::user::UserChannels;
use super::{ChannelSource, Frame, Hub};
use crate::api::auth::{authenticate, AuthUser, ClientAddr};
use crate::api::{ClientHeaders, Lang};
use crate::state::AppState;

/// Close code sent when the server is full ("try again later").
pub const CLOSE_TRY_AGAIN_LATER: u16 = 1013;
/// Close code sent to an idle connection ("going away").
pub const CLOSE_IDLE: u16 = 1001;
/// Close code sent when the connection's session ended ("policy violation": it may not stay).
pub const CLOSE_SESSION_ENDED: u16 = 1008;
/// Longest channel name accepted.
const CHANNEL_CHARS_MAX: usize = 64;

/// `GET /ws`: upgrades to a WebSocket; refused with a close frame when the server, or the client's
/// address, has no room for another connection.
pub async fn upgrade(
    State(state): State<AppState>,
    headers: ClientHeaders,
    ClientAddr(address): ClientAddr,
    raw_headers: HeaderMap,
    Query(query): Query<WsQuery>,
    ws: WebSocketUpgrade,
) -> Response {
    let hub = state.hub.clone();
    let user = caller(&state, raw_headers, query.token).await;
    let markets: Arc<dyn ChannelSource> = Arc::new(state.markets.clone());
    let user_id = user.as_ref().map(|u| u.user_id.clone());
    let source: Arc<dyn ChannelSource> = Arc::new(UserChannels { inner: markets, user_id });
    let session = user.map(|user| SessionWatch::new(&state, user));
    let permit = hub.connection_permit(address.as_deref());
    let limits = hub.limits();
    ws.max_message_size(limits.message_bytes_max).read_buffer_size(4 * 1024).write_buffer_size(0).on_upgrade(
        move |socket: WebSocket| async move {
            let Some(_permit) = permit else {
                refuse(socket).await;
                return;
            };
            serve(socket, hub, source, headers.lang, session).await;
        },
    )
}

/// A logged-in connection's session, checked again when this node ends one of the user's sessions
/// and on a period (other nodes' log-outs, account locks), so a connection never outlives it.
pub struct SessionWatch {
    ended: watch::Receiver<Option<Frame>>,
    period: tokio::time::Interval,
    still_open: Box<dyn Fn() -> BoxFuture<'static, bool> + Send + Sync>,
    check_due: bool,
}

impl SessionWatch {
    fn new(state: &AppState, user: AuthUser) -> Self {
        let ended = state.hub.subscribe(&super::user::sessions_channel(&user.user_id));
        let identity = state.identity.clone();
        let still_open = move || {
            let (identity, user) = (identity.clone(), user.clone());
            async move { identity.session_is_open(&user.session_id, &user.user_id).await }.boxed()
        };
        Self::with_check(ended, state.hub.limits().session_recheck, still_open)
    }

    /// A watch over `ended` that asks `still_open` every `period` and after each change.
    pub fn with_check(
        ended: watch::Receiver<Option<Frame>>,
        period: Duration,
        still_open: impl Fn() -> BoxFuture<'static, bool> + Send + Sync + 'static,
    ) -> Self {
        let mut period = tokio::time::interval_at(tokio::time::Instant::now() + period, period);
        period.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        Self { ended, period, still_open: Box::new(still_open), check_due: false }
    }

    /// Returns once the session is found closed. Safe to cancel: a check cut short is run again.
    async fn closed(&mut self) {
        loop {
            if !self.check_due {
                tokio::select! {
                    changed = self.ended.changed() => {
                        if changed.is_err() {
                            // The hub dropped the channel; the period alone remains.
                            self.period.tick().await;
                        }
                    }
                    _ = self.period.tick() => {}
                }
                self.check_due = true;
            }
            let open = (self.still_open)().await;
            self.check_due = false;
            if !open {
                return;
            }
        }
    }
}

/// Waits for the end of `session`; a guest connection has none to wait for.
async fn session_closed(session: &mut Option<SessionWatch>) {
    match session {
        Some(session) => session.closed().await,
        None => std::future::pending().await,
    }
}

/// `/ws` query: an access token for the user channels (browsers cannot set headers on a WebSocket).
#[derive(Debug, Default, Deserialize)]
pub struct WsQuery {
    /// The bearer token.
    pub token: Option<String>,
}

/// The logged-in caller, from the bearer header or the `token` query; `None` for guests.
async fn caller(state: &AppState, mut headers: HeaderMap, token: Option<String>) -> Option<AuthUser> {
    if let Some(value) = token.and_then(|t| HeaderValue::from_str(&format!("Bearer {t}")).ok()) {
        headers.insert(AUTHORIZATION, value);
    }
    if !headers.contains_key(AUTHORIZATION) {
        return None;
    }
    authenticate(state, &headers).await.ok()
}

async fn refuse(mut socket: WebSocket) {
    let close = CloseFrame { code: CLOSE_TRY_AGAIN_LATER, reason: Utf8Bytes::from_static("server full") };
    let _ = socket.send(Message::Close(Some(close))).await;
}

/// A client message.
#[derive(Debug, Deserialize)]
#[serde(tag = "op", rename_all = "lowercase")]
enum ClientMessage {
    Subscribe { channels: Vec<String> },
    Unsubscribe { channels: Vec<String> },
    Ping,
}

/// The updates of one subscription: the channel's current frame first (if any), then each newer one.
fn updates(mut rx: watch::Receiver<Option<Frame>>) -> BoxStream<'static, Frame> {
    rx.mark_changed();
    futures::stream::unfold(rx, |mut rx| async move {
        loop {
            rx.changed().await.ok()?;
            let latest = rx.borrow_and_update().clone();
            if let Some(frame) = latest {
                return Some((frame, rx));
            }
        }
    })
    .boxed()
}

struct Connection {
    hub: Hub,
    source: Arc<dyn ChannelSource>,
    lang: Lang,
    subscriptions: HashMap<String, AbortHandle>,
    updates: SelectAll<Abortable<BoxStream<'static, Frame>>>,
}

fn error_frame(code: &str, message: &str, channel: Option<&str>) -> Message {
    let mut body = json!({"type": "error", "code": code, "message": message});
    if let Some(channel) = channel {
        body["channel"] = json!(channel);
    }
    Message::Text(Utf8Bytes::from(body.to_string()))
}

impl Connection {
    fn text(&self, id: &'static str, en: &'static str) -> &'static str {
        match self.lang {
            Lang::Id => id,
            Lang::En => en,
        }
    }

    /// Answers one text message with the frames to send back.
    fn handle(&mut self, text: &str) -> Vec<Message> {
        let message: ClientMessage = match serde_json::from_str(text) {
            Ok(m) => m,
            Err(e) => {
                let base = self.text("Pesan tidak valid", "Invalid message");
                return vec![error_frame("invalid_message", &format!("{base}: {e}"), None)];
            }
        };
        match message {
            ClientMessage::Ping => vec![Message::Text(Utf8Bytes::from_static(r#"{"type":"pong"}"#))],
            ClientMessage::Subscribe { channels } => self.subscribe(channels),
            ClientMessage::Unsubscribe { channels } => self.unsubscribe(channels),
        }
    }

    fn subscribe(&mut self, channels: Vec<String>) -> Vec<Message> {
        let max = self.hub.limits().subscriptions_max;
        if channels.len() > max {
            let base = self.text("Terlalu banyak kanal dalam satu pesan", "Too many channels in one message");
            return vec![error_frame("too_many_subscriptions", &format!("{base} (max {max})"), None)];
        }
        let mut out = Vec::new();
        let mut accepted = Vec::new();
        for channel in channels {
            if self.subscriptions.contains_key(&channel) {
                accepted.push(channel);
                continue;
            }
            if channel.chars().count() > CHANNEL_CHARS_MAX {
                out.push(error_frame("unknown_channel", self.text("Kanal tidak dikenal", "Unknown channel"), None));
                continue;
            }
            if let Err(reason) = self.source.check(&channel) {
                let base = self.text("Kanal tidak dikenal", "Unknown channel");
                out.push(error_frame("unknown_channel", &format!("{base}: {reason}"), Some(&channel)));
                continue;
            }
            if self.subscriptions.len() >= max {
                let base = self.text("Terlalu banyak langganan", "Too many subscriptions");
                out.push(error_frame("too_many_subscriptions", &format!("{base} (max {max})"), Some(&channel)));
                continue;
            }
            let hub_channel = self.source.resolve(&channel);
            let rx = self.hub.subscribe(&hub_channel);
            if rx.borrow().is_none() {
                if let Some(frame) = self.source.snapshot(&channel) {
                    self.hub.seed(&hub_channel, frame);
                }
            }
            let (stream, handle) = futures::stream::abortable(updates(rx));
            self.updates.push(stream);
            self.subscriptions.insert(channel.clone(), handle);
            accepted.push(channel);
        }
        if !accepted.is_empty() || out.is_empty() {
            out.insert(
                0,
                Message::Text(Utf8Bytes::from(json!({"type": "subscribed", "channels": accepted}).to_string())),
            );
        }
        out
    }

    fn unsubscribe(&mut self, channels: Vec<String>) -> Vec<Message> {
        let mut removed = Vec::new();
        for channel in channels {
            if let Some(handle) = self.subscriptions.remove(&channel) {
                handle.abort();
                removed.push(channel);
            }
        }
        vec![Message::Text(Utf8Bytes::from(json!({"type": "unsubscribed", "channels": removed}).to_string()))]
    }
}

/// Serves one connection until the client leaves, errs, or goes idle.
pub async fn serve<S>(
    socket: S,
    hub: Hub,
    source: Arc<dyn ChannelSource>,
    lang: Lang,
    mut session: Option<SessionWatch>,
) where
    S: Stream<Item = Result<Message, axum::Error>> + Sink<Message, Error = axum::Error> + Send + Unpin,
{
    let limits = hub.limits();
    let (mut sink, mut incoming) = socket.split();
    let mut conn = Connection { hub, source, lang, subscriptions: HashMap::new(), updates: SelectAll::new() };
    let mut ping = tokio::time::interval(limits.ping_interval);
    ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    ping.tick().await;
    let mut last_seen = Instant::now();
    loop {
        tokio::select! {
            message = incoming.next() => {
                let Some(Ok(message)) = message else { break };
                last_seen = Instant::now();
                let replies = match message {
                    Message::Text(text) => conn.handle(text.as_str()),
                    Message::Binary(_) => vec![error_frame("invalid_message", conn.text("Kirim pesan teks JSON", "Send JSON text messages"), None)],
                    Message::Close(_) => break,
                    Message::Ping(_) | Message::Pong(_) => Vec::new(),
                };
                for reply in replies {
                    if sink.send(reply).await.is_err() {
                        return;
                    }
                }
            }
            Some(frame) = conn.updates.next(), if !conn.updates.is_empty() => {
                if sink.send(Message::Text(frame)).await.is_err() {
                    break;
                }
            }
            () = session_closed(&mut session) => {
                let close = CloseFrame { code: CLOSE_SESSION_ENDED, reason: Utf8Bytes::from_static("session ended") };
                let _ = sink.send(Message::Close(Some(close))).await;
                break;
            }
            _ = ping.tick() => {
                if last_seen.elapsed() >= limits.idle_timeout {
                    let close = CloseFrame { code: CLOSE_IDLE, reason: Utf8Bytes::from_static("idle") };
                    let _ = sink.send(Message::Close(Some(close))).await;
                    break;
                }
                if sink.send(Message::Ping(axum::body::Bytes::new())).await.is_err() {
                    break;
                }
            }
        }
    }
}
