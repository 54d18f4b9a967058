//! Price grids: fixed ticks (crypto, US stocks) and the IDX price fractions (fraksi harga).
//!
//! Prices travel as integer `units` of `10^-scale` of the quote currency so the simulator never
//! touches `Decimal` in its inner loops; `Decimal::new(units, scale)` is the exact edge conversion.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// How an instrument's prices are quantised, in units of `10^-scale`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE", tag = "kind", content = "units")]
pub enum TickRule {
    /// One tick of this many units at every price level.
    Fixed(i64),
    /// IDX fraksi harga (scale 0, rupiah): <200 → 1, 200–<500 → 2, 500–<2000 → 5, 2000–<5000 → 10, ≥5000 → 25.
    IdxFraksi,
}

/// The IDX tick size (rupiah) for a price in rupiah.
pub fn idx_tick(price_idr: i64) -> i64 {
    match price_idr {
        i64::MIN..=199 => 1,
        200..=499 => 2,
        500..=1999 => 5,
        2000..=4999 => 10,
        _ => 25,
    }
}

impl TickRule {
    /// The tick size at a price given in units.
    pub fn tick_at(self, units: i64) -> i64 {
        match self {
            Self::Fixed(t) => t,
            Self::IdxFraksi => idx_tick(units),
        }
    }

    /// Whether `units` lies on the grid (and is positive).
    pub fn is_valid(self, units: i64) -> bool {
        units > 0 && units % self.tick_at(units) == 0
    }

    /// The nearest grid price to a real number of units, never below one tick.
    pub fn round_units(self, units: f64) -> i64 {
        let tick = self.tick_at(units as i64);
        let rounded = ((units / tick as f64).round() as i64) * tick;
        rounded.max(self.tick_at(1))
    }

    /// The highest grid price at or below `units` (at least one tick).
    pub fn floor_units(self, units: i64) -> i64 {
        let tick = self.tick_at(units);
        (units.div_euclid(tick) * tick).max(self.tick_at(1))
    }

    /// The lowest grid price at or above `units`.
    pub fn ceil_units(self, units: i64) -> i64 {
        let tick = self.tick_at(units);
        let up = -((-units).div_euclid(tick)) * tick;
        // Crossing a band edge can land on a value the upper band rejects; one more step fixes it.
        if self.is_valid(up) {
            up
        } else {
            self.ceil_units(up + 1)
        }
    }
}

/// Converts a decimal price to integer units at `scale`, rounding half away from zero.
pub fn to_units(price: Decimal, scale: u32) -> i64 {
    let mut p = price.round_dp(scale);
    p.rescale(scale);
    i64::try_from(p.mantissa()).unwrap_or(i64::MAX)
}

/// Converts integer units back to a decimal price.
pub fn from_units(units: i64, scale: u32) -> Decimal {
    Decimal::new(units, scale)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn idx_tick_sizes_follow_the_fraksi_harga_bands() {
        assert_eq!(idx_tick(50), 1);
        assert_eq!(idx_tick(199), 1);
        assert_eq!(idx_tick(200), 2);
        assert_eq!(idx_tick(498), 2);
        assert_eq!(idx_tick(500), 5);
        assert_eq!(idx_tick(1995), 5);
        assert_eq!(idx_tick(2000), 10);
        assert_eq!(idx_tick(4990), 10);
        assert_eq!(idx_tick(5000), 25);
        assert_eq!(idx_tick(8750), 25);
    }

    #[test]
    fn rounding_to_the_idx_grid_always_lands_on_a_valid_price() {
        let rule = TickRule::IdxFraksi;
        for tenth in 10..200_000 {
            let units = rule.round_units(f64::from(tenth) / 10.0);
            assert!(rule.is_valid(units), "{} rounded to {units}", f64::from(tenth) / 10.0);
        }
    }

    #[test]
    fn floor_and_ceil_bracket_the_price_on_the_grid() {
        let rule = TickRule::IdxFraksi;
        for units in 1..20_000 {
            let (lo, hi) = (rule.floor_units(units), rule.ceil_units(units));
            assert!(rule.is_valid(lo) && rule.is_valid(hi));
            assert!(lo <= units && units <= hi, "{lo} {units} {hi}");
        }
        assert_eq!(TickRule::Fixed(5).ceil_units(11), 15);
        assert_eq!(TickRule::Fixed(5).floor_units(14), 10);
    }

    #[test]
    fn units_round_trip_through_decimal() {
        let d = Decimal::new(123_456, 2);
        assert_eq!(to_units(d, 2), 123_456);
        assert_eq!(to_units(d, 4), 12_345_600);
        assert_eq!(from_units(123_456, 2), d);
    }
}
