//! One fake HTTP provider for the adapters' tests (Twilio, Xendit payments and disbursements,
//! Verihubs), started by each test on 127.0.0.1: it records every request, answers first from a
//! script the test queues (errors, slow answers), then as the provider documents, by a function of
//! the test's own provider state (the payments, transfers or verifications it holds).

use std::collections::VecDeque;
use std::ops::{Deref, DerefMut};
use std::sync::{Arc, LockResult, Mutex, MutexGuard};
use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Router;
use serde_json::Value;

/// An answer: status, JSON body, and how long to wait before answering (milliseconds).
pub type Scripted = (u16, Value, u64);

/// One request the fake received.
#[derive(Debug, Clone)]
pub struct Call {
    /// GET, POST…
    pub method: String,
    /// The path, without the query.
    pub path: String,
    /// The query string, without `?`.
    pub query: String,
    /// Every header.
    pub headers: HeaderMap,
    /// The body as JSON; `Null` when it is none.
    pub body: Value,
    /// The body as form fields; empty when it is none.
    pub form: Vec<(String, String)>,
}

impl Call {
    /// The header `name`, empty when absent.
    pub fn header(&self, name: &str) -> String {
        self.headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or("").to_string()
    }

    /// The form field `name`, empty when absent.
    pub fn field(&self, name: &str) -> &str {
        self.form.iter().find(|(k, _)| k == name).map_or("", |(_, v)| v.as_str())
    }
}

/// What the provider documents for a request nothing was scripted for: its state, the request,
/// and the request's number (1 for the first the fake received, scripted ones included).
pub type Documented<S> = fn(&mut S, &Call, usize) -> Scripted;

/// The fake's record: the requests, the queued answers and the provider's state (reached
/// directly through `Deref`, as `fake.lock().unwrap().payments`).
pub struct Record<S> {
    /// Every request, in order.
    pub calls: Vec<Call>,
    /// Answers given before any documented one, first in first out.
    pub script: VecDeque<Scripted>,
    /// What the provider holds.
    pub state: S,
    documented: Documented<S>,
}

impl<S> Deref for Record<S> {
    type Target = S;
    fn deref(&self) -> &S {
        &self.state
    }
}

impl<S> DerefMut for Record<S> {
    fn deref_mut(&mut self) -> &mut S {
        &mut self.state
    }
}

/// A running fake provider.
pub struct FakeProvider<S> {
    /// Its origin, `http://127.0.0.1:port`.
    pub url: String,
    record: Arc<Mutex<Record<S>>>,
}

impl<S: Send + 'static> FakeProvider<S> {
    /// Starts a fake holding `state` that answers unscripted requests by `documented`.
    pub async fn start(state: S, documented: Documented<S>) -> Self {
        let record = Arc::new(Mutex::new(Record { calls: Vec::new(), script: VecDeque::new(), state, documented }));
        let app = Router::new().fallback(answer::<S>).with_state(record.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        Self { url, record }
    }

    /// The record, to read the calls or change the provider's state.
    pub fn lock(&self) -> LockResult<MutexGuard<'_, Record<S>>> {
        self.record.lock()
    }

    /// Every request so far.
    pub fn calls(&self) -> Vec<Call> {
        self.lock().unwrap().calls.clone()
    }

    /// Queues `answers` before any documented one.
    pub fn script(&self, answers: impl IntoIterator<Item = Scripted>) {
        self.lock().unwrap().script.extend(answers);
    }
}

async fn answer<S: Send + 'static>(State(record): State<Arc<Mutex<Record<S>>>>, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    let bytes = axum::body::to_bytes(body, 1 << 20).await.unwrap();
    let form = if parts
        .headers
        .get("content-type")
        .is_some_and(|t| t.as_bytes().starts_with(b"application/x-www-form-urlencoded"))
    {
        form_fields(&bytes)
    } else {
        Vec::new()
    };
    let call = Call {
        method: parts.method.to_string(),
        path: parts.uri.path().to_string(),
        query: parts.uri.query().unwrap_or("").to_string(),
        headers: parts.headers,
        body: serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        form,
    };
    let (status, body, delay) = {
        let mut record = record.lock().unwrap();
        record.calls.push(call.clone());
        let number = record.calls.len();
        match record.script.pop_front() {
            Some(scripted) => scripted,
            None => {
                let documented = record.documented;
                documented(&mut record.state, &call, number)
            }
        }
    };
    tokio::time::sleep(Duration::from_millis(delay)).await;
    (StatusCode::from_u16(status).unwrap(), axum::Json(body)).into_response()
}

/// The fields of a form-encoded body, decoded.
fn form_fields(bytes: &[u8]) -> Vec<(String, String)> {
    let query = format!("http://form.invalid/?{}", String::from_utf8_lossy(bytes));
    reqwest::Url::parse(&query).unwrap().query_pairs().map(|(k, v)| (k.into_owned(), v.into_owned())).collect()
}
