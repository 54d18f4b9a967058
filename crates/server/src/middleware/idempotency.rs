//! Idempotency of state-changing calls (DESIGN.md "Idempotency"): the `x-request-id` of a POST, PUT,
//! PATCH or DELETE is its key, per caller. A repeat gets the first response back; the same key with
//! another request answers 409. Responses of 5xx are not kept, so a failed call can be retried.
//!
//! Business operations that move money also record their request id in their own tables inside the
//! same transaction; this layer is what makes a retried HTTP call cheap and exact. Claims and stored
//! responses go through the state's group-commit writer, so concurrent calls share their commits.
//!
//! Routes whose handler keeps its answer in the transaction that does the work (the order
//! placements of every class, `orders::kept_answer`: the answer is stored with the order, and a
//! repeated request id answers the first order) are not claimed: the key is only looked up, and the call commits once instead of three
//! times. A repeat sent while the first is still running then runs too, and is answered with the
//! first order by the handler's own check (issue 12). Their caller's session is read with the key, in
//! one statement: the handler takes the caller from the request (`AuthUser`).

use std::net::SocketAddr;

use axum::body::{to_bytes, Body};
use axum::extract::{ConnectInfo, Request, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use domain::clock::ms;
use sha2::{Digest, Sha256};
use store::idempotency::{Begin, StoredResponse, Unclaimed};

use crate::api::envelope::{AnswerKept, HoldsSecrets};
use crate::api::error::messages;
use crate::api::headers::identifier;
use crate::api::{auth, ApiError};
use crate::state::AppState;

/// A claim nobody completed within this long belongs to a dead process and may be taken over.
const CLAIM_STALE_AFTER_MS: i64 = ms::MINUTE;
/// Largest response body kept for replay.
const STORED_BODY_BYTES_MAX: usize = 1024 * 1024;

/// Paths (inside `/api`) whose handlers keep their answer with [`Unclaimed`] (see the module docs).
pub type KeptByHandler = &'static [&'static str];

/// Middleware: claim, run, store, or replay.
pub async fn idempotent(
    State((state, kept_by_handler)): State<(AppState, KeptByHandler)>,
    request: Request,
    next: Next,
) -> Response {
    let Some(key) = idempotency_key(&request) else {
        return next.run(request).await;
    };
    let caller = caller_of(&request);
    let unclaimed = kept_by_handler.contains(&request.uri().path());
    let (mut parts, body) = request.into_parts();
    // The route's own limit (usually `body_limit_bytes`) still applies when its handler reads the body.
    let Ok(bytes) = to_bytes(body, state.settings.http.body_limit_bytes.max(crate::api::UPLOAD_BYTES_MAX)).await else {
        return ApiError::for_status(StatusCode::PAYLOAD_TOO_LARGE).into_response();
    };
    let hash = request_hash(
        &parts.method,
        parts.uri.path_and_query().map_or("", axum::http::uri::PathAndQuery::as_str),
        &bytes,
    );
    let now = state.clock.now_ms();
    let unclaimed = unclaimed.then(|| Unclaimed {
        caller: caller.clone(),
        key: key.clone(),
        request_hash: hash.clone(),
        at_ms: now,
    });
    let begun = match &unclaimed {
        Some(unclaimed) => match look_up_beside_session(&state, &mut parts, unclaimed).await {
            Ok(begun) => Ok(begun),
            Err(refused) => return refused,
        },
        None => state.idempotency.begin(&caller, &key, &hash, now, CLAIM_STALE_AFTER_MS).await,
    };
    if let Some(answered) = answered_before(begun) {
        return answered;
    }
    if let Some(unclaimed) = &unclaimed {
        parts.extensions.insert(unclaimed.clone());
    }
    let response = next.run(Request::from_parts(parts, Body::from(bytes))).await;
    let (parts, body) = response.into_parts();
    if unclaimed.is_some() && parts.extensions.get::<AnswerKept>().is_some() {
        return Response::from_parts(parts, body);
    }
    // A credential is never stored: a repeat of such a call runs again instead of replaying it.
    let keep = !parts.status.is_server_error()
        && parts.status != StatusCode::REQUEST_TIMEOUT
        && parts.extensions.get::<HoldsSecrets>().is_none();
    let body = match to_bytes(body, STORED_BODY_BYTES_MAX).await {
        Ok(body) => body,
        Err(e) => {
            if unclaimed.is_none() {
                let _ = state.idempotency.abandon(&caller, &key).await;
            }
            return ApiError::internal(format_args!("response body too large to keep: {e}")).into_response();
        }
    };
    let stored = || StoredResponse {
        status: parts.status.as_u16(),
        content_type: parts.headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).map(str::to_string),
        body: body.to_vec(),
    };
    let outcome = match (unclaimed, keep) {
        (Some(unclaimed), true) => state.idempotency.keep(unclaimed, stored()).await,
        (Some(_), false) => Ok(()),
        (None, true) => state.idempotency.complete(&caller, &key, stored()).await,
        (None, false) => state.idempotency.abandon(&caller, &key).await,
    };
    if let Err(e) = outcome {
        tracing::error!(error = %e, "could not record idempotency outcome");
    }
    Response::from_parts(parts, Body::from(body))
}

/// An order route's key and its caller's session, read in one statement (these routes are the
/// caller's own orders). The caller goes into the request for the handler; a closed session is
/// refused even when the key holds an answer.
async fn look_up_beside_session(state: &AppState, parts: &mut Parts, unclaimed: &Unclaimed) -> Result<Begin, Response> {
    let (caller, row) = auth::authenticate_with_key(state, &parts.headers, &unclaimed.caller, &unclaimed.key)
        .await
        .map_err(IntoResponse::into_response)?;
    parts.extensions.insert(caller);
    Ok(unclaimed.meets(row, CLAIM_STALE_AFTER_MS))
}

/// The answer to a call whose key was used before (or could not be read); `None` to go ahead.
fn answered_before(begun: Result<Begin, store::StoreError>) -> Option<Response> {
    Some(match begun {
        Ok(Begin::Started) => return None,
        Ok(Begin::Replay(stored)) => replay(stored),
        Ok(Begin::InProgress) => {
            ApiError::new(StatusCode::CONFLICT, "request_in_progress", messages::REQUEST_IN_PROGRESS).into_response()
        }
        Ok(Begin::Mismatch) => {
            ApiError::new(StatusCode::CONFLICT, "idempotency_key_reused", messages::IDEMPOTENCY_KEY_REUSED)
                .into_response()
        }
        Err(e) => ApiError::internal(e).into_response(),
    })
}

fn idempotency_key(request: &Request) -> Option<String> {
    let mutating = matches!(*request.method(), Method::POST | Method::PUT | Method::PATCH | Method::DELETE);
    if !mutating {
        return None;
    }
    // Only an id the client sent is a key: one the server made up names no retry.
    request.extensions().get::<ClientRequestId>()?;
    request.headers().get("x-request-id").and_then(|v| v.to_str().ok()).and_then(identifier)
}

/// Who a key belongs to: the session token when there is one, else the device, else the address.
fn caller_of(request: &Request) -> String {
    let headers = request.headers();
    if let Some(token) =
        headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer "))
    {
        return format!("token:{}", &hex::encode(Sha256::digest(token.as_bytes()))[..32]);
    }
    if let Some(device) = headers.get("x-device-id").and_then(|v| v.to_str().ok()).and_then(identifier) {
        return format!("device:{device}");
    }
    match request.extensions().get::<ConnectInfo<SocketAddr>>() {
        Some(ConnectInfo(addr)) => format!("ip:{}", addr.ip()),
        None => "anonymous".into(),
    }
}

fn request_hash(method: &Method, path_and_query: &str, body: &[u8]) -> String {
    let mut hasher = Sha256::new();
    hasher.update(method.as_str().as_bytes());
    hasher.update(b" ");
    hasher.update(path_and_query.as_bytes());
    hasher.update(b"\n");
    hasher.update(body);
    hex::encode(hasher.finalize())
}

fn replay(stored: StoredResponse) -> Response {
    let status = StatusCode::from_u16(stored.status).unwrap_or(StatusCode::OK);
    let mut response = (status, stored.body).into_response();
    if let Some(content_type) = stored.content_type.and_then(|c| HeaderValue::from_str(&c).ok()) {
        response.headers_mut().insert(header::CONTENT_TYPE, content_type);
    }
    response.headers_mut().insert("x-idempotent-replay", HeaderValue::from_static("true"));
    response
}

/// Set on requests whose `x-request-id` the client sent (the request-id layer makes one up otherwise).
#[derive(Debug, Clone, Copy)]
pub struct ClientRequestId;

/// Middleware, outside the request-id layer: notes whether the client sent its own request id.
pub async fn note_client_request_id(mut request: Request, next: Next) -> Response {
    if request.headers().contains_key("x-request-id") {
        request.extensions_mut().insert(ClientRequestId);
    }
    next.run(request).await
}
