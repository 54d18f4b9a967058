//! Perpetuals settings (`[perps]` in the TOML file, `APP_PERPS__…` variables). The contract rules
//! (fees, tiers, funding clamps) are in `domain::perps` and docs/perps.md.

use serde::{Deserialize, Serialize};

/// Perpetuals job periods and limits.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct PerpsSettings {
    /// How often resting and stop orders meet the venue's quotes.
    pub venue_step_ms: u64,
    /// How often every position is marked: take-profit, stop-loss, margin call and liquidation.
    pub risk_check_ms: u64,
    /// How often the risk pass reads every position and margin balance again; in between it
    /// re-reads only the users whose positions or wallet changed (written by this node).
    pub risk_full_read_ms: u64,
    /// How often the funding job looks for an instant to settle.
    pub funding_check_ms: u64,
    /// The leverage of an instrument the user has not chosen one for.
    pub default_leverage: u32,
    /// The most open orders a user may have across every perpetual.
    pub open_orders_per_user_max: u32,
    /// A limit or stop price further than this from the mark is refused (fat-finger band), percent.
    pub price_band_percentage: u32,
    /// How many users' funding payments share one transaction. One by default: batches of 64 were
    /// measured no faster (docs/bench/perps.md), each payment being a dozen statements, not a commit.
    pub funding_users_per_transaction: u32,
}

impl Default for PerpsSettings {
    fn default() -> Self {
        Self {
            venue_step_ms: 1_000,
            risk_check_ms: 1_000,
            risk_full_read_ms: 60_000,
            funding_check_ms: 10_000,
            default_leverage: 10,
            open_orders_per_user_max: 100,
            price_band_percentage: 20,
            funding_users_per_transaction: 1,
        }
    }
}
