//! Trading configuration (`[trading]` in the TOML file, `APP_TRADING__…` variables).
//!
//! Tax defaults follow PMK 50/2025 (in force 1 August 2025), which replaced the crypto rules of
//! PMK 68/PMK.03/2022; docs/trading.md gives the rates, their source and what changed.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// Fees and taxes in percent of the traded value (`0.21` means 0.21 %).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FeeSchedule {
    /// The broker's transaction fee on every buy and sell.
    pub transaction_fee_percentage: Decimal,
    /// Tax on a buy: none since PMK 50/2025 (VAT on the delivery of crypto assets was dropped).
    pub buy_tax_percentage: Decimal,
    /// Final income tax (PPh 22) on a sale through a domestic exchange: 0.21 % under PMK 50/2025.
    pub sell_tax_percentage: Decimal,
}

impl FeeSchedule {
    /// The fee and tax percentages that apply to a side.
    pub fn for_side(&self, buy: bool) -> (Decimal, Decimal) {
        let tax = if buy { self.buy_tax_percentage } else { self.sell_tax_percentage };
        (self.transaction_fee_percentage, tax)
    }
}

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
        }
    }
}
