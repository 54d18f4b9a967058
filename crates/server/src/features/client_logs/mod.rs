//! Browser error reports (R8.10): uncaught exceptions and unhandled rejections, stored and logged.

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::auth::ClientAddr;
use crate::api::entry_budget::caller_key;
use crate::api::{ApiError, ApiJson, ApiResult, ClientHeaders, Data};
use crate::features::analytics::{parse_instant_ms, Accepted};
use crate::state::AppState;

/// Most entries in one batch.
pub const BATCH_ENTRIES_MAX: usize = 20;
const MESSAGE_CHARS_MAX: usize = 2_000;
const STACK_CHARS_MAX: usize = 8_000;
const URL_CHARS_MAX: usize = 2_048;

/// A batch of browser error reports.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ClientLogBatch {
    /// 1 to 20 entries.
    #[schema(min_items = 1, max_items = 20)]
    pub entries: Vec<ClientLogEntry>,
}

/// The kind of browser failure.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ClientLogKind {
    /// `window.onerror`.
    Error,
    /// `unhandledrejection`.
    Unhandledrejection,
}

/// One browser error report.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ClientLogEntry {
    /// What failed.
    pub kind: ClientLogKind,
    /// The error message (cut to 2,000 characters).
    pub message: String,
    /// The stack trace (cut to 8,000 characters).
    #[serde(default)]
    pub stack: Option<String>,
    /// The page URL.
    pub url: String,
    /// When it happened, RFC 3339.
    #[schema(format = DateTime)]
    pub occurred_at: String,
}

/// Routes of this feature.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(record_client_logs))
}

/// Stores browser error reports.
#[utoipa::path(post, path = "/v1/client-logs", tag = "client-logs", request_body = ClientLogBatch,
    responses((status = 200, body = Data<Accepted>), (status = 400, body = crate::api::ErrorBody),
        (status = 429, body = crate::api::ErrorBody)))]
async fn record_client_logs(
    State(state): State<AppState>,
    headers: ClientHeaders,
    ClientAddr(address): ClientAddr,
    ApiJson(batch): ApiJson<ClientLogBatch>,
) -> ApiResult<Data<Accepted>> {
    if batch.entries.is_empty() || batch.entries.len() > BATCH_ENTRIES_MAX {
        return Err(ApiError::invalid(format!("entries: 1..={BATCH_ENTRIES_MAX}")));
    }
    let entries = batch.entries.into_iter().map(parse_entry).collect::<ApiResult<Vec<_>>>()?;
    let caller = caller_key(address.as_deref(), headers.device_id.as_deref());
    state.entry_budgets.client_logs.spend(&caller, entries.len())?;
    for entry in &entries {
        tracing::warn!(target: "client", kind = %entry.kind, url = %entry.url, device = ?headers.device_id, "{}", entry.message);
    }
    let accepted = store::client_logs::insert_batch(
        &state.db,
        headers.device_id.as_deref(),
        headers.user_agent.as_deref(),
        &entries,
        state.clock.now_ms(),
    )
    .await?;
    Ok(Data::new(Accepted { accepted }))
}

fn parse_entry(entry: ClientLogEntry) -> ApiResult<store::client_logs::NewEntry> {
    let kind = match entry.kind {
        ClientLogKind::Error => "error",
        ClientLogKind::Unhandledrejection => "unhandledrejection",
    };
    Ok(store::client_logs::NewEntry {
        kind: kind.to_string(),
        message: entry.message.chars().take(MESSAGE_CHARS_MAX).collect(),
        stack: entry.stack.map(|s| s.chars().take(STACK_CHARS_MAX).collect()),
        url: entry.url.chars().take(URL_CHARS_MAX).collect(),
        occurred_at_ms: parse_instant_ms(&entry.occurred_at)
            .ok_or_else(|| ApiError::invalid("occurredAt: RFC 3339"))?,
    })
}
