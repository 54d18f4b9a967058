//! Maintenance mode (R4.19, R8.02): while on, every API call except the operator's answers 503
//! with `Retry-After`, and the web app shows its maintenance screen. The state lives in the
//! database so every node agrees; each node re-reads it every few seconds.

mod admin;

use std::sync::{Arc, RwLock};
use std::time::Duration;

use axum::extract::{OriginalUri, Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use store::Db;
use utoipa::ToSchema;

pub use admin::router as admin_router;

use crate::api::error::messages;
use crate::api::{ApiError, Msg};
use crate::state::AppState;

const SETTINGS_KEY: &str = "maintenance";
/// How often each node re-reads the shared state.
pub const REFRESH_INTERVAL: Duration = Duration::from_secs(5);

/// Whether the service is under maintenance, and what clients are told.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MaintenanceState {
    /// Maintenance is on.
    pub enabled: bool,
    /// The `Retry-After` clients get, in seconds (1..=3600).
    pub retry_after_secs: u32,
    /// An optional operator message shown on the maintenance screen.
    #[serde(default)]
    pub message: Option<String>,
}

/// The shared, refreshable maintenance state.
#[derive(Clone)]
pub struct Maintenance {
    current: Arc<RwLock<MaintenanceState>>,
}

impl Maintenance {
    /// Loads the stored state; `force_on` (from configuration) turns it on at start-up.
    pub async fn load(db: &Db, force_on: bool, retry_after_secs: u32) -> Result<Self, store::StoreError> {
        let stored = read(db).await?;
        let mut state = stored.unwrap_or(MaintenanceState { enabled: false, retry_after_secs, message: None });
        if force_on && !state.enabled {
            state.enabled = true;
            state.retry_after_secs = retry_after_secs;
            write(db, &state).await?;
        }
        Ok(Self { current: Arc::new(RwLock::new(state)) })
    }

    /// The state now.
    pub fn get(&self) -> MaintenanceState {
        self.current.read().map(|s| s.clone()).unwrap_or_else(|p| p.into_inner().clone())
    }

    /// Stores and applies a new state.
    pub async fn set(&self, db: &Db, state: MaintenanceState) -> Result<(), store::StoreError> {
        write(db, &state).await?;
        self.replace(state);
        Ok(())
    }

    /// Re-reads the state another node may have changed.
    pub async fn refresh(&self, db: &Db) -> Result<(), store::StoreError> {
        if let Some(state) = read(db).await? {
            self.replace(state);
        }
        Ok(())
    }

    fn replace(&self, state: MaintenanceState) {
        match self.current.write() {
            Ok(mut guard) => *guard = state,
            Err(poisoned) => *poisoned.into_inner() = state,
        }
    }
}

async fn read(db: &Db) -> Result<Option<MaintenanceState>, store::StoreError> {
    Ok(store::settings::get(db, SETTINGS_KEY).await?.and_then(|v| serde_json::from_value(v).ok()))
}

async fn write(db: &Db, state: &MaintenanceState) -> Result<(), store::StoreError> {
    let value = serde_json::to_value(state).unwrap_or_default();
    store::settings::put(db, SETTINGS_KEY, &value, store::now_ms()).await
}

/// Middleware on `/api`: 503 while maintenance is on, except for the operator API and the API document.
pub async fn gate(State(state): State<AppState>, request: Request, next: Next) -> Response {
    // Under `nest("/api")` the request's own URI has lost the prefix; the original keeps it.
    let path = request.extensions().get::<OriginalUri>().map(|u| u.path()).unwrap_or(request.uri().path());
    let exempt = path.starts_with("/api/admin/") || path == "/api/openapi.json";
    let current = state.maintenance.get();
    if current.enabled && !exempt {
        let message = match current.message {
            Some(text) => Msg::owned(text.clone(), text),
            None => messages::MAINTENANCE,
        };
        return ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "maintenance", message)
            .with_retry_after(u64::from(current.retry_after_secs))
            .into_response();
    }
    next.run(request).await
}
