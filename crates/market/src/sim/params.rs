//! Per-instrument model parameters derived once from the catalogue entry.

use crate::calendar::Venue;
use crate::catalogue::{price_factor, AssetClass, Instrument};

use super::rng;

/// Model constants of one instrument.
#[derive(Debug, Clone)]
pub(crate) struct Params {
    /// Base of every random draw (seed × path key).
    pub rng_base: u64,
    /// Share of the day's standard deviation realised inside the sessions (the rest is the opening gap).
    pub sigma_intraday: f64,
    /// Standard deviation of the overnight gap at the open (0 for continuous markets).
    pub sigma_gap: f64,
    /// Mean reversion per trading day of the log deviation from trend (keeps history plausible).
    pub kappa: f64,
    /// Trend of the log price per calendar day.
    pub drift_per_day: f64,
    /// Probability of a jump on a trading day.
    pub jump_probability: f64,
    /// Standard deviation of a jump.
    pub sigma_jump: f64,
    /// Units per whole price.
    pub price_factor: f64,
    /// Quantity units per whole unit.
    pub quantity_factor: f64,
    /// Log of the reference price (whole currency).
    pub log_reference: f64,
}

/// Trading days per year by venue, to turn annual volatility into a daily one.
fn trading_days_per_year(venue: Venue) -> f64 {
    match venue {
        Venue::Always => 365.0,
        Venue::Weekdays => 261.0,
        Venue::UsExtended | Venue::UsRegular | Venue::Idss | Venue::FundNav => 252.0,
    }
}

impl Params {
    /// Derives the model of `inst` for a simulator seed.
    pub fn new(seed: u64, inst: &Instrument) -> Self {
        let sigma_day = inst.annual_volatility / trading_days_per_year(inst.venue).sqrt();
        let continuous = matches!(inst.venue, Venue::Always | Venue::Weekdays | Venue::FundNav);
        let (sigma_intraday, sigma_gap) =
            if continuous { (sigma_day, 0.0) } else { (sigma_day * 0.85, sigma_day * 0.5) };
        // Stablecoins and money-market funds hug their level; everything else wanders for years.
        let kappa = if inst.annual_volatility < 0.05 && inst.class == AssetClass::Crypto { 0.05 } else { 1.0 / 750.0 };
        let jump_probability = match inst.class {
            AssetClass::MutualFund | AssetClass::Fx | AssetClass::UsIndex => 0.004,
            _ if inst.annual_volatility < 0.05 => 0.0,
            _ => 0.02,
        };
        let reference = inst.reference_units() as f64 / price_factor(inst);
        Self {
            rng_base: rng::base(seed, &inst.path_key),
            sigma_intraday,
            sigma_gap,
            kappa,
            drift_per_day: inst.annual_drift / 365.25,
            jump_probability,
            sigma_jump: sigma_day * 3.5,
            price_factor: price_factor(inst),
            quantity_factor: 10f64.powi(inst.quantity_scale as i32),
            log_reference: reference.ln(),
        }
    }
}
