//! USDT-margined linear perpetuals as integer arithmetic: contract units, notional, margin tiers,
//! profit and loss, liquidation price, mark price and funding (docs/perps.md).
//!
//! Units: a quantity is a count of lots (`10^-quantity_scale` contracts), a price a count of ticks
//! of `10^-price_scale` USDT, and money micro-USDT. A value `lots × price` is exact at scale
//! `quantity_scale + price_scale`; it becomes micro-USDT only when money moves, rounded towards the
//! house (what the user pays up, what the user receives down).

use std::cmp::Ordering;

use crate::money::Scale;

/// Decimal places of micro-USDT, the margin ledger's unit.
const MICRO_PLACES: u32 = Scale::USDT.decimal_places();
/// The highest leverage a user may choose on any instrument: the margin wallet's buying power (R3.11).
pub const USER_LEVERAGE_CEILING: u32 = 20;
/// Parts per million.
pub const PPM: i64 = 1_000_000;
/// Taker fee, ppm of notional (0.05 %).
pub const TAKER_FEE_PPM: i64 = 500;
/// Maker fee, ppm of notional (0.02 %).
pub const MAKER_FEE_PPM: i64 = 200;
/// The liquidation fee the insurance fund takes from what equity is left, ppm of notional (0.5 %).
pub const LIQUIDATION_FEE_PPM: i64 = 5_000;
/// The margin ratio at which a position is in margin call, ppm (80 %).
pub const MARGIN_CALL_PPM: i64 = 800_000;
/// The smallest order notional, micro-USDT (5 USDT).
pub const MIN_NOTIONAL_MICRO: i64 = 5_000_000;
/// Funding's interest component per interval, ppm (0.01 %).
pub const FUNDING_INTEREST_PPM: i64 = 100;
/// How far the premium may move the funding rate away from the interest component, ppm (±0.05 %).
pub const FUNDING_PREMIUM_BAND_PPM: i64 = 500;
/// The funding rate's clamp per interval, ppm (±0.75 %).
pub const FUNDING_CLAMP_PPM: i64 = 7_500;
/// How far the mark may sit from the index, ppm (±0.5 %).
pub const MARK_PREMIUM_CLAMP_PPM: i64 = 5_000;
/// Hours between funding instants (00:00, 08:00 and 16:00 UTC).
pub const FUNDING_INTERVAL_HOURS: i64 = 8;

/// Margin tiers by position notional (USDT): above each bound the maintenance rate doubles and the
/// maximum leverage halves.
const TIER_BOUNDS_USDT: [i64; 3] = [100_000, 1_000_000, 5_000_000];

/// The rules of one perpetual contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Contract {
    /// Decimal places of the price (the tick is `10^-price_scale`).
    pub price_scale: u32,
    /// Decimal places of the quantity (the step is `10^-quantity_scale`).
    pub quantity_scale: u32,
    /// The instrument's highest leverage.
    pub max_leverage: u32,
}

/// Which way rounding goes when a value becomes money.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Round {
    /// Towards positive infinity.
    Up,
    /// Towards negative infinity.
    Down,
}

/// One margin tier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tier {
    /// Maintenance margin rate, ppm of notional.
    pub maintenance_ppm: i64,
    /// The highest leverage a position of this size may use.
    pub max_leverage: u32,
}

/// A position as the margin rules see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exposure {
    /// Signed lots: positive long, negative short.
    pub lots: i64,
    /// What the open lots cost: `Σ lots × price`, at value scale (always positive).
    pub cost: i64,
}

impl Contract {
    /// The scale of `lots × price`.
    pub const fn value_scale(&self) -> u32 {
        self.price_scale + self.quantity_scale
    }

    /// The highest leverage a user may choose here: the instrument's, capped by the wallet's ceiling.
    pub fn leverage_ceiling(&self) -> u32 {
        self.max_leverage.min(USER_LEVERAGE_CEILING)
    }

    /// A value at value scale (`lots × price`) in micro-USDT, rounded `round`.
    pub fn value_to_micro(&self, value: i128, round: Round) -> i64 {
        let scale = self.value_scale();
        let micro = if scale <= MICRO_PLACES {
            value * 10_i128.pow(MICRO_PLACES - scale)
        } else {
            div_round(value, 10_i128.pow(scale - MICRO_PLACES), round)
        };
        clamp_i64(micro)
    }

    /// The notional of `lots` (sign ignored) at `price` ticks, micro-USDT.
    pub fn notional_micro(&self, lots: i64, price: i64, round: Round) -> i64 {
        self.value_to_micro(i128::from(lots.unsigned_abs() as i64) * i128::from(price), round)
    }

    /// The margin tier of a position with this notional (micro-USDT).
    pub fn tier(&self, notional_micro: i64) -> Tier {
        let base = PPM / (2 * i64::from(self.max_leverage.max(1)));
        let level = TIER_BOUNDS_USDT.iter().filter(|bound| notional_micro > *bound * PPM).count();
        Tier { maintenance_ppm: (base << level).min(PPM / 2), max_leverage: (self.max_leverage >> level).max(1) }
    }

    /// Maintenance margin of a position at `mark`, micro-USDT (rounded up).
    pub fn maintenance_micro(&self, lots: i64, mark: i64) -> i64 {
        let notional = self.notional_micro(lots, mark, Round::Up);
        ppm_of(notional, self.tier(notional).maintenance_ppm, Round::Up)
    }

    /// Initial margin of `cost` (value scale) at `leverage`, micro-USDT (rounded up).
    pub fn initial_micro(&self, cost: i64, leverage: u32) -> i64 {
        let notional = self.value_to_micro(i128::from(cost), Round::Up);
        div_round(i128::from(notional), i128::from(leverage.max(1)), Round::Up) as i64
    }

    /// Unrealised profit (negative: loss) of a position at `mark`, micro-USDT, rounded down.
    pub fn unrealised_micro(&self, position: Exposure, mark: i64) -> i64 {
        let at_mark = i128::from(position.lots.abs()) * i128::from(mark);
        let raw = match position.lots.cmp(&0) {
            Ordering::Greater => at_mark - i128::from(position.cost),
            Ordering::Less => i128::from(position.cost) - at_mark,
            Ordering::Equal => 0,
        };
        self.value_to_micro(raw, Round::Down)
    }

    /// The price at which an isolated look at this position would meet maintenance margin, given
    /// the `equity_else` (wallet balance plus every other position's profit, less their maintenance)
    /// that backs it: `None` when nothing can liquidate it. Ticks, rounded against the user.
    pub fn liquidation_price(&self, position: Exposure, equity_else_micro: i64, mark: i64) -> Option<i64> {
        if position.lots == 0 {
            return None;
        }
        let rate = self.tier(self.notional_micro(position.lots, mark, Round::Up)).maintenance_ppm;
        // In value-scale units: equity_else + side × (lots × P − cost) = lots × P × rate.
        let to_value = 10_i128.pow(self.value_scale());
        let equity = i128::from(equity_else_micro) * to_value / 10_i128.pow(MICRO_PLACES);
        let lots = i128::from(position.lots.abs());
        let cost = i128::from(position.cost);
        let ppm = i128::from(PPM);
        let price = if position.lots > 0 {
            // lots × P × (1 − rate) = cost − equity
            let numerator = (cost - equity) * ppm;
            let denominator = lots * (ppm - i128::from(rate));
            if numerator <= 0 {
                return None;
            }
            div_round(numerator, denominator, Round::Up)
        } else {
            // lots × P × (1 + rate) = cost + equity
            let numerator = (cost + equity) * ppm;
            let denominator = lots * (ppm + i128::from(rate));
            div_round(numerator, denominator, Round::Down)
        };
        Some(clamp_i64(price.max(0)))
    }

    /// The fee of a fill of `notional_micro`, rounded up.
    pub fn fee_micro(&self, notional_micro: i64, maker: bool) -> i64 {
        ppm_of(notional_micro, if maker { MAKER_FEE_PPM } else { TAKER_FEE_PPM }, Round::Up)
    }
}

/// The margin ratio (maintenance over equity), ppm; `None` without positions; at least 100 % when
/// equity is gone.
pub fn margin_ratio_ppm(maintenance_micro: i64, equity_micro: i64) -> Option<i64> {
    if maintenance_micro <= 0 {
        return None;
    }
    if equity_micro <= 0 {
        return Some(PPM * 100);
    }
    Some(clamp_i64(i128::from(maintenance_micro) * i128::from(PPM) / i128::from(equity_micro)))
}

/// The mark price: the index moved by the premium, the premium clamped to ±0.5 % of the index.
pub fn mark_price(index: i64, premium_ppm: i64) -> i64 {
    let premium = premium_ppm.clamp(-MARK_PREMIUM_CLAMP_PPM, MARK_PREMIUM_CLAMP_PPM);
    clamp_i64(div_round(i128::from(index) * i128::from(PPM + premium), i128::from(PPM), Round::Down)).max(1)
}

/// The premium of `price` over `index`, ppm.
pub fn premium_ppm(price: i64, index: i64) -> i64 {
    if index <= 0 {
        return 0;
    }
    clamp_i64(i128::from(price - index) * i128::from(PPM) / i128::from(index))
}

/// The median of premiums (the mark's smoothing: one odd quote cannot move it).
pub fn median(values: &mut [i64]) -> i64 {
    if values.is_empty() {
        return 0;
    }
    values.sort_unstable();
    let mid = values.len() / 2;
    if values.len() % 2 == 1 {
        values[mid]
    } else {
        i64::midpoint(values[mid - 1], values[mid])
    }
}

/// The funding rate of an interval from its average premium, ppm: the premium plus the interest
/// component's difference clamped to ±0.05 %, the whole clamped to ±0.75 %.
pub fn funding_rate_ppm(average_premium_ppm: i64) -> i64 {
    let pull = (FUNDING_INTEREST_PPM - average_premium_ppm).clamp(-FUNDING_PREMIUM_BAND_PPM, FUNDING_PREMIUM_BAND_PPM);
    (average_premium_ppm + pull).clamp(-FUNDING_CLAMP_PPM, FUNDING_CLAMP_PPM)
}

/// What a position receives (positive) or pays (negative) in funding, micro-USDT: longs pay shorts
/// when the rate is positive. Payments round up, receipts down.
pub fn funding_micro(lots: i64, notional_micro: i64, rate_ppm: i64) -> i64 {
    let signed = -(lots.signum()) * rate_ppm.signum();
    let amount = ppm_of(notional_micro, rate_ppm.abs(), if signed < 0 { Round::Up } else { Round::Down });
    signed * amount
}

/// The funding instant at or before `epoch_ms` (00:00, 08:00 or 16:00 UTC).
pub fn funding_instant_at_or_before(epoch_ms: i64) -> i64 {
    let interval = FUNDING_INTERVAL_HOURS * 3_600_000;
    epoch_ms.div_euclid(interval) * interval
}

/// `amount × ppm / 10^6`, rounded `round`.
pub fn ppm_of(amount: i64, ppm: i64, round: Round) -> i64 {
    clamp_i64(div_round(i128::from(amount) * i128::from(ppm), i128::from(PPM), round))
}

fn div_round(numerator: i128, denominator: i128, round: Round) -> i128 {
    let quotient = numerator.div_euclid(denominator);
    let exact = numerator.rem_euclid(denominator) == 0;
    match round {
        Round::Down => quotient,
        Round::Up if exact => quotient,
        Round::Up => quotient + 1,
    }
}

fn clamp_i64(value: i128) -> i64 {
    value.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    const BTC: Contract = Contract { price_scale: 1, quantity_scale: 3, max_leverage: 100 };

    #[test]
    fn notional_of_lots_at_a_price_is_exact_in_micro_usdt() {
        // 0.010 BTC at 60,000.0 = 600 USDT.
        assert_eq!(BTC.notional_micro(10, 600_000, Round::Up), 600_000_000);
        assert_eq!(BTC.notional_micro(-10, 600_000, Round::Up), 600_000_000);
    }

    #[test]
    fn a_value_finer_than_micro_rounds_towards_the_house() {
        let pepe = Contract { price_scale: 7, quantity_scale: 0, max_leverage: 50 };
        // 3 × 0.0000001 USDT = 0.0000003 USDT.
        assert_eq!(pepe.value_to_micro(3, Round::Up), 1);
        assert_eq!(pepe.value_to_micro(3, Round::Down), 0);
        assert_eq!(pepe.value_to_micro(-3, Round::Down), -1);
    }

    #[test]
    fn long_and_short_profit_is_exact_to_the_micro() {
        let long = Exposure { lots: 10, cost: 10 * 600_000 };
        assert_eq!(BTC.unrealised_micro(long, 606_000), 6_000_000);
        assert_eq!(BTC.unrealised_micro(long, 594_000), -6_000_000);
        let short = Exposure { lots: -10, cost: 10 * 600_000 };
        assert_eq!(BTC.unrealised_micro(short, 594_000), 6_000_000);
    }

    #[test]
    fn tiers_double_maintenance_and_halve_leverage_as_the_position_grows() {
        assert_eq!(BTC.tier(50_000 * PPM), Tier { maintenance_ppm: 5_000, max_leverage: 100 });
        assert_eq!(BTC.tier(200_000 * PPM), Tier { maintenance_ppm: 10_000, max_leverage: 50 });
        assert_eq!(BTC.tier(6_000_000 * PPM), Tier { maintenance_ppm: 40_000, max_leverage: 12 });
        assert_eq!(BTC.leverage_ceiling(), 20);
    }

    #[test]
    fn initial_margin_is_notional_over_leverage_rounded_up() {
        assert_eq!(BTC.initial_micro(10 * 600_000, 10), 60_000_000);
        assert_eq!(BTC.initial_micro(1, 3), 34); // 0.0001 USDT / 3
    }

    #[test]
    fn a_20x_long_liquidates_about_five_percent_below_entry_less_maintenance() {
        let long = Exposure { lots: 10, cost: 10 * 600_000 };
        // 30 USDT of equity behind a 600 USDT long: liquidation where 30 + 0.01 × (P − 60,000) = 0.01 × P × 0.005.
        let price = BTC.liquidation_price(long, 30_000_000, 600_000).unwrap();
        assert_eq!(price, 572_865); // 57,286.5
        let short = Exposure { lots: -10, cost: 10 * 600_000 };
        let price = BTC.liquidation_price(short, 30_000_000, 600_000).unwrap();
        assert_eq!(price, 626_865); // 62,686.5
    }

    #[test]
    fn the_margin_ratio_reaches_100_percent_when_equity_meets_maintenance() {
        assert_eq!(margin_ratio_ppm(0, 10), None);
        assert_eq!(margin_ratio_ppm(5, 10), Some(500_000));
        assert_eq!(margin_ratio_ppm(10, 10), Some(PPM));
        assert!(margin_ratio_ppm(10, -1).unwrap() >= PPM);
    }

    #[test]
    fn the_mark_is_the_index_plus_a_clamped_premium() {
        assert_eq!(mark_price(600_000, 0), 600_000);
        assert_eq!(mark_price(600_000, 1_000), 600_600);
        assert_eq!(mark_price(600_000, 90_000), 603_000);
        let mut samples = [5, -3, 400_000, 2, 1];
        assert_eq!(median(&mut samples), 2);
    }

    #[test]
    fn funding_is_the_premium_pulled_towards_interest_and_clamped() {
        assert_eq!(funding_rate_ppm(0), 100);
        assert_eq!(funding_rate_ppm(300), 100);
        assert_eq!(funding_rate_ppm(1_000), 500);
        assert_eq!(funding_rate_ppm(-1_000), -500);
        assert_eq!(funding_rate_ppm(20_000), 7_500);
        // A long of 600 USDT pays 0.06 USDT at 0.01 %; the short receives it.
        assert_eq!(funding_micro(10, 600_000_000, 100), -60_000);
        assert_eq!(funding_micro(-10, 600_000_000, 100), 60_000);
        assert_eq!(funding_micro(-10, 600_000_000, -100), -60_000);
    }

    #[test]
    fn funding_instants_are_00_08_and_16_utc() {
        let day = 20_000 * 86_400_000_i64;
        assert_eq!(funding_instant_at_or_before(day + 7 * 3_600_000), day);
        assert_eq!(funding_instant_at_or_before(day + 8 * 3_600_000), day + 8 * 3_600_000);
        assert_eq!(funding_instant_at_or_before(day + 23 * 3_600_000 + 59), day + 16 * 3_600_000);
    }

    #[test]
    fn fees_round_up() {
        assert_eq!(BTC.fee_micro(600_000_000, false), 300_000);
        assert_eq!(BTC.fee_micro(600_000_000, true), 120_000);
        assert_eq!(BTC.fee_micro(1, false), 1);
    }
}
