//! Maintenance mode: one state shared by every node through the database, re-read periodically.

use std::sync::{Arc, RwLock};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use store::Db;
use utoipa::ToSchema;

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
    pub async fn load(db: &Db, force_on: bool, retry_after_secs: u32, now_ms: i64) -> Result<Self, store::StoreError> {
        let stored = read(db).await?;
        let mut state = stored.unwrap_or(MaintenanceState { enabled: false, retry_after_secs, message: None });
        if force_on && !state.enabled {
            state.enabled = true;
            state.retry_after_secs = retry_after_secs;
            write(db, &state, now_ms).await?;
        }
        Ok(Self { current: Arc::new(RwLock::new(state)) })
    }

    /// The state now.
    pub fn get(&self) -> MaintenanceState {
        self.current.read().map_or_else(|p| p.into_inner().clone(), |s| s.clone())
    }

    /// Stores and applies a new state, stamped `now_ms`.
    pub async fn set(&self, db: &Db, state: MaintenanceState, now_ms: i64) -> Result<(), store::StoreError> {
        write(db, &state, now_ms).await?;
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

async fn write(db: &Db, state: &MaintenanceState, now_ms: i64) -> Result<(), store::StoreError> {
    let value = serde_json::to_value(state).unwrap_or_default();
    store::settings::put(db, SETTINGS_KEY, &value, now_ms).await
}
