//! Sandbox liquidity-provider quotes for crypto pairs and perps (R4.11; depth for R5.08).
//!
//! Each of the six providers quotes a few levels per side around the reference price: its own
//! spread, levels spaced further apart and sizes growing away from mid, with a little jitter that is
//! fixed per (seed, instrument, provider, 5-second bucket). Prices are on the instrument's tick grid,
//! bids rounded down and asks up, so every bid is strictly below the reference and every ask
//! strictly above it: the ladder can never cross, and the matching engine can rest the quotes as
//! orders in integer ticks.

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::catalogue::{AssetClass, Instrument, LiquidityProvider};
use crate::error::MarketError;
use crate::sim::rng::{draw, mix, uniforms, Stream};
use crate::sim::Simulator;
use crate::tick::{from_units, to_units};

/// Seconds during which a provider's quote sizes stay fixed before it re-quotes.
pub const QUOTE_BUCKET_SECS: i64 = 5;

/// Which side of the book a quote rests on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum QuoteSide {
    /// A buy order.
    Bid,
    /// A sell order.
    Ask,
}

/// One resting order of a liquidity provider.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Quote {
    /// Provider code, e.g. `lp-alpha`.
    pub provider: String,
    /// Bid or ask.
    pub side: QuoteSide,
    /// Depth level within the provider's ladder (0 is nearest to mid).
    pub level: u32,
    /// Price on the tick grid.
    pub price: Decimal,
    /// Quantity on the quantity grid.
    pub quantity: Decimal,
    /// Price in units of `10^-price_scale` (integer ticks times tick size).
    pub price_units: i64,
    /// Quantity in units of `10^-quantity_scale`.
    pub quantity_units: i64,
}

/// The quotes of every provider around `reference_units` at time `t`.
///
/// `notional_per_idr` converts the providers' IDR notionals to the quote currency (1 for IDR pairs,
/// 1/USDT-IDR for perps).
pub fn quote_ladder(
    inst: &Instrument,
    providers: &[LiquidityProvider],
    rng_base: u64,
    notional_per_idr: f64,
    reference_units: i64,
    t: DateTime<Utc>,
) -> Vec<Quote> {
    let bucket = t.timestamp().div_euclid(QUOTE_BUCKET_SECS);
    let reference = reference_units as f64;
    let price_factor = 10f64.powi(inst.price_scale as i32);
    let quantity_factor = 10f64.powi(inst.quantity_scale as i32);
    let mut out = Vec::new();
    for (p_i, p) in providers.iter().enumerate() {
        let base = mix(rng_base ^ (p_i as u64 + 1).wrapping_mul(0x2545_f491_4f6c_dd1d));
        let (spread_jitter, _) = uniforms(draw(base, bucket, Stream::Quote));
        let half_spread_bps = f64::from(p.spread_bps) * (0.8 + 0.4 * spread_jitter) / 2.0;
        let notional0 = p.base_notional_idr.to_string().parse::<f64>().unwrap_or(0.0) * notional_per_idr;
        for side in [QuoteSide::Bid, QuoteSide::Ask] {
            let mut previous: Option<i64> = None;
            for level in 0..p.levels {
                let offset = (half_spread_bps + f64::from(level * p.level_step_bps)) / 10_000.0;
                let mut price = match side {
                    QuoteSide::Bid => inst.tick.floor_units((reference * (1.0 - offset)).floor() as i64),
                    QuoteSide::Ask => inst.tick.ceil_units((reference * (1.0 + offset)).ceil() as i64),
                };
                // Keep each provider's levels distinct when the tick is coarse relative to the step.
                if let Some(prev) = previous {
                    price = match side {
                        QuoteSide::Bid if price >= prev => inst.tick.floor_units(prev - 1),
                        QuoteSide::Ask if price <= prev => inst.tick.ceil_units(prev + 1),
                        _ => price,
                    };
                }
                if side == QuoteSide::Bid && (price <= 0 || price as f64 >= reference) {
                    break;
                }
                previous = Some(price);
                let counter = bucket.wrapping_mul(64) + i64::from(level) * 2 + i64::from(side == QuoteSide::Ask);
                let (size_jitter, _) = uniforms(draw(base, counter, Stream::Volume));
                let notional = notional0 * (1.0 + 0.5 * f64::from(level)) * (0.7 + 0.6 * size_jitter);
                let quantity_units =
                    ((notional / (price as f64 / price_factor)) * quantity_factor).floor().max(1.0) as i64;
                out.push(Quote {
                    provider: p.code.clone(),
                    side,
                    level,
                    price: from_units(price, inst.price_scale),
                    quantity: Decimal::new(quantity_units, inst.quantity_scale),
                    price_units: price,
                    quantity_units,
                });
            }
        }
    }
    out
}

impl Simulator {
    /// The six providers' quotes for a crypto pair or perp around `reference_price` at `t`.
    pub fn quotes(&self, symbol: &str, reference_price: Decimal, t: DateTime<Utc>) -> Result<Vec<Quote>, MarketError> {
        let idx = self.index(symbol)?;
        let slot = &self.slots[idx];
        let per_idr = match slot.inst.class {
            AssetClass::Crypto => 1.0,
            AssetClass::Perp => 1.0 / self.usdt_idr,
            _ => return Err(MarketError::Unsupported { symbol: symbol.to_owned(), what: "liquidity-provider quotes" }),
        };
        let reference = to_units(reference_price, slot.inst.price_scale);
        if reference <= 0 {
            return Ok(Vec::new());
        }
        Ok(quote_ladder(&slot.inst, &self.providers, slot.params.rng_base, per_idr, reference, t))
    }
}
