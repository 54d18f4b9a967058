//! The state every handler can reach.

use std::sync::Arc;

use metrics_exporter_prometheus::PrometheusHandle;
use store::Db;

use crate::config::Settings;
use crate::features::identity::IdentityServices;
use crate::features::maintenance::Maintenance;
use crate::features::markets::Markets;
use crate::features::trading::TradingService;
use crate::features::wallet::WalletServices;
use crate::features::web_shell::Shell;
use crate::middleware::rate_limit::AddressLimiter;

/// Shared application state; cheap to clone.
#[derive(Clone)]
pub struct AppState {
    /// The database.
    pub db: Db,
    /// The configuration the server started with.
    pub settings: Arc<Settings>,
    /// Maintenance mode, shared by every node through the database.
    pub maintenance: Maintenance,
    /// Renders the Prometheus exposition.
    pub metrics: PrometheusHandle,
    /// The web app's HTML shell.
    pub shell: Arc<Shell>,
    /// Per-address rate limiter.
    pub limiter: AddressLimiter,
    /// Token keys, PIN hashing and SMS.
    pub identity: IdentityServices,
    /// The payment gateway and its webhook secret.
    pub wallet: WalletServices,
    /// Catalogue, trading flags, the simulated market and the `/ws` hub.
    pub markets: Markets,
    /// Crypto trading: one book owner per pair.
    pub trading: TradingService,
}

impl axum::extract::FromRef<AppState> for AddressLimiter {
    fn from_ref(state: &AppState) -> Self {
        state.limiter.clone()
    }
}
