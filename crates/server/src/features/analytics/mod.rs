//! Analytics click events from the web app (R1.15), batched by the client and stored for reports;
//! and the CleverTap profile properties the app reports (`profile`).

mod profile;

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::auth::ClientAddr;
use crate::api::entry_budget::caller_key;
use crate::api::{ApiError, ApiJson, ApiResult, ClientHeaders, Data};
use crate::state::AppState;

/// Most events in one batch.
pub const BATCH_EVENTS_MAX: usize = 50;
/// Largest properties object, serialised, in bytes.
const PROPERTIES_BYTES_MAX: usize = 4096;
/// Longest page path kept.
const PATH_CHARS_MAX: usize = 512;

/// A batch of click events.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AnalyticsBatch {
    /// 1 to 50 events.
    #[schema(min_items = 1, max_items = 50)]
    pub events: Vec<AnalyticsEvent>,
}

/// One click event.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AnalyticsEvent {
    /// Snake-case event name, e.g. `create_alert_clicked`.
    #[schema(pattern = "^[a-z][a-z0-9_]{0,63}$")]
    pub name: String,
    /// Free-form properties (a JSON object of at most 4 KiB).
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub properties: Option<serde_json::Map<String, serde_json::Value>>,
    /// The page path.
    #[serde(default)]
    pub path: Option<String>,
    /// When it happened, RFC 3339.
    #[schema(format = DateTime)]
    pub occurred_at: String,
}

/// How many items were stored.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Accepted {
    /// Items stored.
    pub accepted: usize,
}

/// Routes of this feature.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(record_events)).routes(routes!(profile::save_profile))
}

/// Stores a batch of analytics click events.
#[utoipa::path(post, path = "/v1/analytics/events", tag = "analytics", request_body = AnalyticsBatch,
    responses((status = 200, body = Data<Accepted>), (status = 400, body = crate::api::ErrorBody),
        (status = 429, body = crate::api::ErrorBody)))]
async fn record_events(
    State(state): State<AppState>,
    headers: ClientHeaders,
    ClientAddr(address): ClientAddr,
    ApiJson(batch): ApiJson<AnalyticsBatch>,
) -> ApiResult<Data<Accepted>> {
    let events = parse_batch(batch)?;
    let caller = caller_key(address.as_deref(), headers.device_id.as_deref());
    state.entry_budgets.analytics.spend(&caller, events.len())?;
    let sender = store::analytics::Sender { device_id: headers.device_id, platform: headers.platform };
    let accepted = store::analytics::insert_batch(&state.db, &sender, &events, state.clock.now_ms()).await?;
    Ok(Data::new(Accepted { accepted }))
}

fn parse_batch(batch: AnalyticsBatch) -> ApiResult<Vec<store::analytics::NewEvent>> {
    if batch.events.is_empty() || batch.events.len() > BATCH_EVENTS_MAX {
        return Err(ApiError::invalid(format!("events: 1..={BATCH_EVENTS_MAX}")));
    }
    batch.events.into_iter().map(parse_event).collect()
}

fn parse_event(event: AnalyticsEvent) -> ApiResult<store::analytics::NewEvent> {
    if !is_event_name(&event.name) {
        return Err(ApiError::invalid("name: ^[a-z][a-z0-9_]{0,63}$"));
    }
    let properties = serde_json::Value::Object(event.properties.unwrap_or_default()).to_string();
    if properties.len() > PROPERTIES_BYTES_MAX {
        return Err(ApiError::invalid(format!("properties: at most {PROPERTIES_BYTES_MAX} bytes")));
    }
    Ok(store::analytics::NewEvent {
        name: event.name,
        properties,
        path: event.path.map(|p| p.chars().take(PATH_CHARS_MAX).collect()),
        occurred_at_ms: parse_instant_ms(&event.occurred_at)
            .ok_or_else(|| ApiError::invalid("occurredAt: RFC 3339"))?,
    })
}

/// Parses an RFC 3339 instant into Unix milliseconds.
pub fn parse_instant_ms(text: &str) -> Option<i64> {
    chrono::DateTime::parse_from_rfc3339(text).ok().map(|t| t.timestamp_millis())
}

fn is_event_name(name: &str) -> bool {
    let mut chars = name.chars();
    matches!(chars.next(), Some('a'..='z'))
        && name.len() <= 64
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r1_15_event_names_are_snake_case() {
        for name in ["create_alert_clicked", "load_chart_layout_clicked", "buy_review", "sell_review"] {
            assert!(is_event_name(name), "{name}");
        }
        for name in ["", "BuyReview", "1abc", "a-b", "a b", &"a".repeat(65)] {
            assert!(!is_event_name(name), "{name}");
        }
    }
}
