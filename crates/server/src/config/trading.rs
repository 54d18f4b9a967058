//! Trading configuration (`[trading]` in the TOML file, `APP_TRADING__…` variables).
//!
//! Tax defaults follow PMK 50/2025 (in force 1 August 2025), which replaced the crypto rules of
//! PMK 68/PMK.03/2022; docs/trading.md gives the rates, their source and what changed.

use domain::fees::FeeSchedule;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// Crypto trading settings.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct TradingSettings {
    /// Fees and taxes.
    pub fees: FeeSchedule,
    /// Smallest order value in rupiah.
    pub min_order_idr: Decimal,
    /// A stop-market buy executes as a limit this many basis points above its trigger, so its hold
    /// bounds what it can spend.
    pub stop_buy_collar_bps: u32,
    /// How often the liquidity providers re-quote each book.
    pub requote_interval_ms: u64,
    /// Live orders one user may have per pair.
    pub open_orders_per_user_max: u32,
    /// How often each pair's owner checks its book against the database's open orders.
    pub book_check_interval_ms: u64,
}

impl Default for TradingSettings {
    fn default() -> Self {
        Self {
            fees: FeeSchedule {
                transaction_fee_percentage: Decimal::new(15, 2),
                buy_tax_percentage: Decimal::ZERO,
                sell_tax_percentage: Decimal::new(21, 2),
            },
            min_order_idr: Decimal::from(10_000),
            stop_buy_collar_bps: 500,
            requote_interval_ms: 1_000,
            open_orders_per_user_max: 200,
            book_check_interval_ms: 60_000,
        }
    }
}
