//! Option chains for option-enabled US stocks: weekly and monthly expiries, strikes around spot,
//! calls and puts priced by Black–Scholes on the simulated volatility (with a mild smile).
//!
//! The model runs in `f64`; every price leaves as a `Decimal` rounded to 0.01 (minimum 0.01).
//! Expiries are Fridays at 16:00 New York; when the Friday is an NYSE holiday (Good Friday) the
//! contracts expire the Thursday before.

use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc, Weekday};
use rust_decimal::prelude::FromPrimitive;
use rust_decimal::{Decimal, RoundingStrategy};
use serde::{Deserialize, Serialize};

use crate::calendar::{us, Venue};
use crate::error::MarketError;
use crate::sim::Simulator;

/// Annual risk-free rate used for pricing.
pub const RISK_FREE_RATE: f64 = 0.04;
/// Weekly expiries listed.
pub const WEEKLY_EXPIRIES: usize = 4;
/// Monthly expiries listed.
pub const MONTHLY_EXPIRIES: usize = 3;
/// Strikes listed on each side of the at-the-money strike.
pub const STRIKES_EACH_SIDE: i64 = 10;

/// Call or put (R4.11): the domain's, so the API shows the one spelling.
pub use domain::OptionSide;

/// Weekly or standard monthly (third Friday) expiry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ExpiryKind {
    /// A weekly.
    Weekly,
    /// A monthly.
    Monthly,
}

/// One listed contract with its model prices.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OptionContract {
    /// OCC-style symbol without padding, e.g. `AAPL261218C00270000`.
    pub symbol: String,
    /// Underlying ticker.
    pub underlying: String,
    /// Call or put.
    pub side: OptionSide,
    /// Strike in USD.
    pub strike: Decimal,
    /// Last trading day.
    pub expiry: NaiveDate,
    /// Weekly or monthly.
    pub expiry_kind: ExpiryKind,
    /// Model (mid) premium per share.
    pub mark: Decimal,
    /// Bid premium.
    pub bid: Decimal,
    /// Ask premium.
    pub ask: Decimal,
    /// Volatility used for this strike.
    pub implied_volatility: f64,
    /// Black–Scholes delta.
    pub delta: f64,
}

/// The standard normal CDF (Zelen & Severo 26.2.17, error < 7.5e-8: far below a cent).
pub fn norm_cdf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.231_641_9 * x.abs());
    let poly =
        t * (0.319_381_530 + t * (-0.356_563_782 + t * (1.781_477_937 + t * (-1.821_255_978 + t * 1.330_274_429))));
    let tail = (-x * x / 2.0).exp() / (2.0 * std::f64::consts::PI).sqrt() * poly;
    if x >= 0.0 {
        1.0 - tail
    } else {
        tail
    }
}

/// Black–Scholes premium and delta of a European option (no dividends).
pub fn black_scholes(side: OptionSide, spot: f64, strike: f64, years: f64, rate: f64, vol: f64) -> (f64, f64) {
    let years = years.max(1e-6);
    let sd = vol * years.sqrt();
    let d1 = ((spot / strike).ln() + (rate + vol * vol / 2.0) * years) / sd;
    let d2 = d1 - sd;
    let discount = (-rate * years).exp();
    match side {
        OptionSide::Call => (spot * norm_cdf(d1) - strike * discount * norm_cdf(d2), norm_cdf(d1)),
        OptionSide::Put => (strike * discount * norm_cdf(-d2) - spot * norm_cdf(-d1), norm_cdf(d1) - 1.0),
    }
}

/// Moves an expiry off an NYSE holiday to the previous trading day.
fn trading_expiry(mut date: NaiveDate) -> NaiveDate {
    while us::is_closed(date) {
        date -= Duration::days(1);
    }
    date
}

/// Whether a Friday is the month's third.
fn is_third_friday(date: NaiveDate) -> bool {
    date.weekday() == Weekday::Fri && (15..=21).contains(&date.day())
}

/// The next `weeklies` weekly and `monthlies` monthly expiries strictly after `today`, in date order.
pub fn expiries(today: NaiveDate, weeklies: usize, monthlies: usize) -> Vec<(NaiveDate, ExpiryKind)> {
    let mut out = Vec::new();
    let (mut w, mut m) = (0, 0);
    let mut friday = today + Duration::days(((11 - i64::from(today.weekday().num_days_from_monday())) % 7).max(1));
    if friday.weekday() != Weekday::Fri {
        friday = today + Duration::days(7);
    }
    // Three years of Fridays is more than enough to find the monthlies.
    for _ in 0..160 {
        if w >= weeklies && m >= monthlies {
            break;
        }
        if is_third_friday(friday) {
            if m < monthlies {
                out.push((trading_expiry(friday), ExpiryKind::Monthly));
                m += 1;
            }
        } else if w < weeklies {
            out.push((trading_expiry(friday), ExpiryKind::Weekly));
            w += 1;
        }
        friday += Duration::days(7);
    }
    out.retain(|(d, _)| *d > today);
    out
}

/// The strike spacing listed for a spot price.
pub fn strike_step(spot: f64) -> f64 {
    match spot {
        s if s < 25.0 => 0.5,
        s if s < 100.0 => 1.0,
        s if s < 250.0 => 2.5,
        s if s < 500.0 => 5.0,
        _ => 10.0,
    }
}

fn cents(x: f64) -> Decimal {
    Decimal::from_f64(x.max(0.01))
        .unwrap_or(Decimal::ONE)
        .round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero)
        .max(Decimal::new(1, 2))
}

/// The chain of `underlying` at spot `spot` (USD) with annual volatility `vol`, priced at `now`.
pub fn option_chain(underlying: &str, spot: f64, vol: f64, now: DateTime<Utc>) -> Vec<OptionContract> {
    let venue = Venue::UsExtended;
    let today = venue.local_date(now);
    let step = strike_step(spot);
    let atm = (spot / step).round() * step;
    let mut out = Vec::new();
    for (expiry, kind) in expiries(today, WEEKLY_EXPIRIES, MONTHLY_EXPIRIES) {
        let expires_at = venue.local_secs(expiry, 16, 0);
        let years = ((expires_at - now.timestamp()) as f64 / (365.0 * 86_400.0)).max(1.0 / (365.0 * 24.0));
        for k in -STRIKES_EACH_SIDE..=STRIKES_EACH_SIDE {
            let strike = atm + k as f64 * step;
            if strike <= 0.0 {
                continue;
            }
            let moneyness = (strike / spot).ln();
            let iv = vol * (1.0 + 0.8 * moneyness * moneyness - 0.15 * moneyness);
            for side in [OptionSide::Call, OptionSide::Put] {
                let (premium, delta) = black_scholes(side, spot, strike, years, RISK_FREE_RATE, iv);
                let half_spread = (premium * 0.015).max(0.01);
                let strike_dec = Decimal::from_f64(strike).unwrap_or_default().round_dp(2);
                let letter = if side == OptionSide::Call { 'C' } else { 'P' };
                out.push(OptionContract {
                    symbol: format!(
                        "{underlying}{}{letter}{:08}",
                        expiry.format("%y%m%d"),
                        (strike * 1000.0).round() as i64
                    ),
                    underlying: underlying.to_owned(),
                    side,
                    strike: strike_dec,
                    expiry,
                    expiry_kind: kind,
                    mark: cents(premium),
                    bid: cents(premium - half_spread),
                    ask: cents(premium + half_spread).max(cents(premium - half_spread) + Decimal::new(1, 2)),
                    implied_volatility: iv,
                    delta,
                });
            }
        }
    }
    out
}

impl Simulator {
    /// The option chain of an option-enabled US stock at `now`, on the simulated spot.
    pub fn option_chain(&self, symbol: &str, now: DateTime<Utc>) -> Result<Vec<OptionContract>, MarketError> {
        let inst = self.instrument(symbol)?;
        if !inst.options_enabled {
            return Err(MarketError::Unsupported { symbol: symbol.to_owned(), what: "options" });
        }
        let spot = self.price_at(symbol, now)?.to_string().parse::<f64>().unwrap_or(0.0);
        Ok(option_chain(symbol, spot, inst.annual_volatility, now.min(self.now())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn black_scholes_matches_a_textbook_value_and_put_call_parity() {
        // Hull: S=42, K=40, r=10%, σ=20%, T=0.5 → call 4.76, put 0.81.
        let (c, _) = black_scholes(OptionSide::Call, 42.0, 40.0, 0.5, 0.1, 0.2);
        let (p, _) = black_scholes(OptionSide::Put, 42.0, 40.0, 0.5, 0.1, 0.2);
        assert!((c - 4.76).abs() < 0.005, "{c}");
        assert!((p - 0.81).abs() < 0.005, "{p}");
        assert!((c - p - (42.0 - 40.0 * (-0.05f64).exp())).abs() < 1e-9);
    }

    #[test]
    fn expiries_are_weekly_fridays_and_third_friday_monthlies() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
        let e = expiries(today, 4, 3);
        assert_eq!(e.iter().filter(|(_, k)| *k == ExpiryKind::Monthly).count(), 3);
        assert_eq!(e.iter().filter(|(_, k)| *k == ExpiryKind::Weekly).count(), 4);
        assert!(e.contains(&(NaiveDate::from_ymd_opt(2026, 12, 18).unwrap(), ExpiryKind::Monthly)));
        assert!(e.contains(&(NaiveDate::from_ymd_opt(2026, 11, 27).unwrap(), ExpiryKind::Weekly)));
    }

    #[test]
    fn a_good_friday_expiry_moves_to_thursday() {
        let today = NaiveDate::from_ymd_opt(2026, 3, 30).unwrap();
        let e = expiries(today, 1, 0);
        assert_eq!(e[0].0, NaiveDate::from_ymd_opt(2026, 4, 2).unwrap());
    }

    #[test]
    fn chains_list_calls_and_puts_around_spot_in_cents() {
        let now = DateTime::parse_from_rfc3339("2026-11-20T15:00:00Z").unwrap().with_timezone(&Utc);
        let chain = option_chain("AAPL", 271.3, 0.27, now);
        assert_eq!(chain.len(), 7 * 21 * 2);
        for c in &chain {
            assert!(c.mark >= Decimal::new(1, 2) && c.mark.scale() <= 2);
            assert!(c.bid < c.ask, "{c:?}");
        }
        assert!(chain.iter().any(|c| c.strike == Decimal::new(270, 0) && c.side == OptionSide::Put));
    }
}
