//! One trading day at one-minute resolution: a Brownian bridge from the day's open to its close.
//!
//! The bridge runs in "variance time" (minutes weigh more at the open and close, less in US extended
//! hours), so the day's open and close come from the daily walk and every minute in between is a
//! pure function of (seed, path key, minute). Inside a minute the price follows a piecewise-linear
//! path open → high → low → close (or low first) whose extremes are exactly the minute's high and low,
//! which is what lets a live, half-finished minute be a consistent candle too.

use crate::calendar::{DaySessions, Phase};
use crate::tick::TickRule;

use super::params::Params;
use super::rng::{draw, normals, uniforms, Stream};

/// One simulated minute in integer units (price units of `10^-scale`, quantity units likewise).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MinuteBar {
    /// Unix seconds of the minute's start.
    pub t: i64,
    pub o: i64,
    pub h: i64,
    pub l: i64,
    pub c: i64,
    pub v: i64,
    /// Random bits fixing the order and timing of the in-minute high and low.
    pub shape: u64,
}

impl MinuteBar {
    /// A halted minute: flat at `price`, no volume.
    pub fn flat(t: i64, price: i64) -> Self {
        Self { t, o: price, h: price, l: price, c: price, v: 0, shape: 0 }
    }

    /// The in-minute knots (second, price): the high and the low, in shape order.
    fn knots(&self) -> [(u32, i64); 4] {
        let a = 5 + ((self.shape >> 1) % 25) as u32;
        let b = 31 + ((self.shape >> 9) % 25) as u32;
        let (k1, k2) = if self.shape & 1 == 1 { (self.h, self.l) } else { (self.l, self.h) };
        [(0, self.o), (a, k1), (b, k2), (60, self.c)]
    }

    /// The price `s` seconds into the minute (0 → open, 60 → close).
    pub fn price_at_second(&self, s: u32, tick: TickRule) -> i64 {
        let k = self.knots();
        for w in k.windows(2) {
            let ((s0, p0), (s1, p1)) = (w[0], w[1]);
            if s <= s1 {
                if s == s1 {
                    return p1;
                }
                if s == s0 {
                    return p0;
                }
                let x = p0 as f64 + (p1 - p0) as f64 * f64::from(s - s0) / f64::from(s1 - s0);
                return tick.round_units(x);
            }
        }
        self.c
    }

    /// The candle of this minute as it looked `s` seconds in (a live, unfinished minute).
    pub fn partial(&self, s: u32, tick: TickRule) -> Self {
        if s >= 60 {
            return *self;
        }
        let last = self.price_at_second(s, tick);
        let (mut h, mut l) = (self.o.max(last), self.o.min(last));
        for (ks, kp) in &self.knots()[1..3] {
            if *ks <= s {
                h = h.max(*kp);
                l = l.min(*kp);
            }
        }
        Self { h, l, c: last, v: self.v * i64::from(s) / 60, ..*self }
    }
}

/// What the walk says about one trading day.
#[derive(Debug, Clone, Copy)]
pub(crate) struct DayPlan {
    pub sessions: DaySessions,
    pub minutes: usize,
    pub log_open: f64,
    pub log_close: f64,
    pub open_units: i64,
    pub close_units: i64,
    /// Day-level volume multiplier (busy and quiet days).
    pub volume_factor: f64,
}

/// Relative standard deviation of a minute: U-shaped in the main sessions, quiet in extended hours.
fn sd_weight(phase: Phase, k: usize, len: usize) -> f64 {
    let (k, rest) = (k as f64, (len - 1 - k) as f64);
    match phase {
        Phase::PreMarket | Phase::PostMarket => 0.35,
        Phase::Regular => 1.0 + 0.9 * (-k / 15.0).exp() + 0.4 * (-rest / 15.0).exp(),
        Phase::Session1 | Phase::Session2 => 1.0 + 0.6 * (-k / 15.0).exp() + 0.3 * (-rest / 15.0).exp(),
        Phase::Continuous => 1.0 + 0.25 * (std::f64::consts::TAU * (k / 1440.0 - 0.6)).sin(),
        Phase::Closed => 0.0,
    }
}

/// Per-minute inputs of the bridge, drawn once per day.
struct Draws {
    t: Vec<i64>,
    weight: Vec<f64>,
    z: Vec<f64>,
    zv: Vec<f64>,
    w_total: f64,
    v_total: f64,
}

fn draws(p: &Params, plan: &DayPlan) -> Draws {
    let n = plan.minutes;
    let mut d = Draws {
        t: Vec::with_capacity(n),
        weight: Vec::with_capacity(n),
        z: Vec::with_capacity(n),
        zv: Vec::with_capacity(n),
        w_total: 0.0,
        v_total: 0.0,
    };
    for w in plan.sessions.windows() {
        let len = ((w.end - w.start) / 60) as usize;
        for k in 0..len {
            let t = w.start + 60 * k as i64;
            let s = sd_weight(w.phase, k, len);
            let (z, zv) = normals(draw(p.rng_base, t / 60, Stream::Bridge));
            d.w_total += s * z;
            d.v_total += s * s;
            d.t.push(t);
            d.weight.push(s);
            d.z.push(z);
            d.zv.push(zv);
        }
    }
    d
}

/// Emits the first `upto` minutes of the day, in order.
pub(crate) fn generate(
    p: &Params,
    tick: TickRule,
    daily_notional: f64,
    plan: &DayPlan,
    upto: usize,
    mut emit: impl FnMut(MinuteBar),
) {
    let n = plan.minutes;
    if n == 0 || upto == 0 {
        return;
    }
    let d = draws(p, plan);
    let scale = p.sigma_intraday / d.v_total.sqrt();
    let diff = plan.log_close - plan.log_open;
    let notional_per_weight = daily_notional * plan.volume_factor / d.v_total;
    let (mut v_cum, mut w_cum) = (0.0, 0.0);
    let (mut price_prev, mut o) = (plan.log_open.exp() * p.price_factor, plan.open_units);
    for j in 0..upto.min(n) {
        let s = d.weight[j];
        v_cum += s * s;
        w_cum += s * d.z[j];
        let frac = v_cum / d.v_total;
        let x = plan.log_open + frac * diff + scale * (w_cum - frac * d.w_total);
        let minute = d.t[j] / 60;
        // The maximum of a Brownian bridge over the minute exceeds its endpoints by m with
        // P(M > m) = exp(-2m²/σ²), so M = σ·sqrt(-ln(u)/2) is an exact draw (likewise the minimum).
        let (u_hi, u_lo) = uniforms(draw(p.rng_base, minute, Stream::Range));
        let sigma_minute = scale * s;
        let price = x.exp() * p.price_factor;
        let c = if j + 1 == n { plan.close_units } else { tick.round_units(price) };
        let hi = tick.round_units(price.max(price_prev) * (1.0 + sigma_minute * (-u_hi.ln() / 2.0).sqrt()));
        let lo = tick.round_units(price.min(price_prev) * (1.0 - sigma_minute * (-u_lo.ln() / 2.0).sqrt()));
        let busy = (0.6 * d.zv[j] - 0.18).exp() * (1.0 + 0.6 * d.z[j].abs()) / 1.479;
        let v = notional_per_weight * s * s * busy / price * p.price_factor * p.quantity_factor;
        emit(MinuteBar {
            t: d.t[j],
            o,
            h: hi.max(o).max(c),
            l: lo.min(o).min(c),
            c,
            v: v as i64,
            shape: draw(p.rng_base, minute, Stream::Shape),
        });
        price_prev = price;
        o = c;
    }
}

/// The day's volume multiplier: lognormal around 1.
pub(crate) fn volume_factor(p: &Params, day: i32) -> f64 {
    let (u, _) = uniforms(draw(p.rng_base, i64::from(day), Stream::Volume));
    // A cheap lognormal: exp of a centred uniform spread (±0.5) is enough texture for volumes.
    (u - 0.5).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bar() -> MinuteBar {
        MinuteBar { t: 0, o: 100, h: 110, l: 95, c: 104, v: 600, shape: 0b1 | (3 << 1) | (7 << 9) }
    }

    #[test]
    fn the_in_minute_path_starts_at_open_ends_at_close_and_touches_high_and_low() {
        let b = bar();
        let tick = TickRule::Fixed(1);
        assert_eq!(b.price_at_second(0, tick), 100);
        assert_eq!(b.price_at_second(60, tick), 104);
        let path: Vec<i64> = (0..=60).map(|s| b.price_at_second(s, tick)).collect();
        assert_eq!(*path.iter().max().unwrap(), 110);
        assert_eq!(*path.iter().min().unwrap(), 95);
    }

    #[test]
    fn a_partial_minute_is_the_aggregate_of_the_path_so_far() {
        let b = bar();
        let tick = TickRule::Fixed(1);
        for s in 0..60 {
            let p = b.partial(s, tick);
            let path: Vec<i64> = (0..=s).map(|x| b.price_at_second(x, tick)).collect();
            assert_eq!(p.h, *path.iter().max().unwrap(), "s={s}");
            assert_eq!(p.l, *path.iter().min().unwrap(), "s={s}");
            assert_eq!(p.c, *path.last().unwrap());
            assert_eq!(p.o, 100);
        }
        assert_eq!(b.partial(60, tick), b);
    }
}
