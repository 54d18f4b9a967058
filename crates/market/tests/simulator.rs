//! The simulator's contract: determinism, cross-resolution consistency, no jump at the live edge,
//! the anchor, sessions and halts.

#![allow(clippy::unwrap_used)] // A test that cannot unwrap has failed, which is what a panic reports.

mod common;

use chrono::Duration;
use common::{aggregate, at, sim_at, sim_with_seed};
use market::{AssetClass, HaltWindow, Resolution, TickRule};
use rust_decimal::Decimal;

const NOW: &str = "2026-11-20T18:37:42Z";

#[test]
fn the_same_seed_gives_the_same_market_and_another_seed_a_different_one() {
    let (a, _) = sim_with_seed(11, NOW);
    let (b, _) = sim_with_seed(11, NOW);
    let (c, _) = sim_with_seed(12, NOW);
    for symbol in ["BTC-IDR", "AAPL", "BBCA-IDSS", "GOLD-IDR", "SMMF"] {
        let from = at("2026-09-01T00:00:00Z");
        let ca = a.candles(symbol, Resolution::D1, from, at(NOW), 500).unwrap();
        let cb = b.candles(symbol, Resolution::D1, from, at(NOW), 500).unwrap();
        let cc = c.candles(symbol, Resolution::D1, from, at(NOW), 500).unwrap();
        assert_eq!(ca, cb, "{symbol}");
        assert_ne!(ca, cc, "{symbol}");
    }
}

#[test]
fn history_does_not_depend_on_the_order_or_history_of_requests() {
    let (a, _) = sim_at(NOW);
    let (b, _) = sim_at(NOW);
    let from = at("2026-11-18T00:00:00Z");
    let _warm = a.candles("ETH-IDR", Resolution::D1, at("2019-01-01T00:00:00Z"), at(NOW), 2000).unwrap();
    let _warm = a.price_at("ETH-IDR", at("2026-11-19T03:00:00Z")).unwrap();
    assert_eq!(
        a.candles("ETH-IDR", Resolution::M15, from, at(NOW), 2000).unwrap(),
        b.candles("ETH-IDR", Resolution::M15, from, at(NOW), 2000).unwrap()
    );
}

#[test]
fn r9_07_every_resolution_is_exactly_the_aggregate_of_its_one_minute_candles() {
    let (sim, _) = sim_at(NOW);
    for symbol in ["BTC-IDR", "BTCUSDT-PERP", "AAPL", "SPX", "BBCA-IDSS", "GOTO-IDSS", "GOLD-IDR", "SMMF", "USD-IDR"] {
        let from = at("2026-11-16T00:00:00Z");
        let minutes = sim.minute_history(symbol, from - Duration::days(1), at(NOW)).unwrap();
        for res in [
            Resolution::M5,
            Resolution::M10,
            Resolution::M15,
            Resolution::M60,
            Resolution::M120,
            Resolution::M240,
            Resolution::D1,
        ] {
            let got = sim.candles(symbol, res, from, at(NOW), 2000).unwrap();
            let want = aggregate(&sim, symbol, &minutes, res);
            let want: Vec<_> = want.into_iter().filter(|c| c.time >= got[0].time).collect();
            assert_eq!(got, want, "{symbol} at {res}");
        }
        let one = sim.candles(symbol, Resolution::M1, from, at(NOW), 2000).unwrap();
        assert_eq!(&minutes[minutes.len() - one.len()..], &one[..], "{symbol} at 1");
    }
}

#[test]
fn weekly_and_monthly_candles_aggregate_their_daily_candles() {
    let (sim, _) = sim_at(NOW);
    for symbol in ["ETH-IDR", "MSFT", "TLKM-IDSS"] {
        // Midday UTC is 1 June in New York and Jakarta alike, a Monday and a month start.
        let from = at("2026-06-01T12:00:00Z");
        let days = sim.candles(symbol, Resolution::D1, from, at(NOW), 2000).unwrap();
        for (res, key) in [(Resolution::W1, "%G-%V"), (Resolution::Mo1, "%Y-%m")] {
            let tz = sim.instrument(symbol).unwrap().venue.tz();
            let got = sim.candles(symbol, res, from, at(NOW), 2000).unwrap();
            let mut want: Vec<(String, market::Candle)> = Vec::new();
            for d in &days {
                let k = d.time.with_timezone(&tz).format(key).to_string();
                match want.last_mut() {
                    Some((wk, c)) if *wk == k => {
                        c.high = c.high.max(d.high);
                        c.low = c.low.min(d.low);
                        c.close = d.close;
                        c.volume += d.volume;
                    }
                    _ => want.push((k, d.clone())),
                }
            }
            assert_eq!(want.len(), got.len(), "{symbol} {res}");
            for (g, (_, w)) in got.iter().zip(&want) {
                assert_eq!(
                    (g.open, g.high, g.low, g.close, g.volume),
                    (w.open, w.high, w.low, w.close, w.volume),
                    "{symbol} {res}"
                );
            }
        }
    }
}

#[test]
fn the_live_price_equals_the_close_of_the_last_candle_so_far_at_every_resolution() {
    let (sim, clock) = sim_at(NOW);
    for symbol in ["BTC-IDR", "SOL-IDR", "AAPL", "BBRI-IDSS", "GOLD-IDR"] {
        let mut now = at("2026-11-20T02:10:00Z");
        for _ in 0..40 {
            now += Duration::seconds(7);
            clock.set(now);
            let price = sim.price_at(symbol, now).unwrap();
            for res in [Resolution::M1, Resolution::M5, Resolution::M60, Resolution::D1] {
                let candles = sim.candles(symbol, res, now - Duration::days(3), now, 10).unwrap();
                let last = candles.last().unwrap();
                assert_eq!(last.close, price, "{symbol} {res} at {now}");
                assert!(last.low <= price && price <= last.high);
            }
        }
    }
}

#[test]
fn consecutive_seconds_move_the_price_without_jumps() {
    let (sim, clock) = sim_at(NOW);
    let mut now = at("2026-11-20T12:00:00Z");
    let mut prev = sim.price_at("BTC-IDR", now).unwrap();
    let mut changes = 0;
    for _ in 0..600 {
        now += Duration::seconds(1);
        clock.set(now);
        let p = sim.price_at("BTC-IDR", now).unwrap();
        let step = ((p - prev) / prev).abs();
        assert!(step < Decimal::new(2, 3), "a {step} jump at {now}");
        changes += usize::from(p != prev);
        prev = p;
    }
    assert!(changes > 300, "the price should tick most seconds, changed {changes} times");
}

#[test]
fn the_close_on_the_anchor_date_is_the_catalogue_reference_price() {
    let (sim, _) = sim_at(NOW);
    for (symbol, close_instant) in [
        ("BTC-IDR", "2026-11-01T17:00:00Z"),
        ("BTCUSDT-PERP", "2026-11-01T17:00:00Z"),
        ("AAPL", "2026-10-31T03:00:00Z"),
        ("BBCA-IDSS", "2026-11-01T03:00:00Z"),
        ("SMMF", "2026-11-01T03:00:00Z"),
    ] {
        let inst = sim.instrument(symbol).unwrap();
        assert_eq!(sim.price_at(symbol, at(close_instant)).unwrap(), inst.reference_price, "{symbol}");
    }
}

#[test]
fn today_is_plausibly_close_to_the_reference_price() {
    let (sim, _) = sim_at(NOW);
    for inst in sim.instruments() {
        let p = sim.price_at(&inst.symbol, at(NOW)).unwrap();
        let ratio = p / inst.reference_price;
        assert!(
            ratio > Decimal::new(5, 1) && ratio < Decimal::TWO,
            "{} moved to {p} from {}",
            inst.symbol,
            inst.reference_price
        );
    }
}

#[test]
fn a_perp_follows_its_idr_pair() {
    let (sim, _) = sim_at(NOW);
    let ratio = |t: &str| sim.price_at("BTC-IDR", at(t)).unwrap() / sim.price_at("BTCUSDT-PERP", at(t)).unwrap();
    let (r1, r2) = (ratio("2024-03-01T10:00:00Z"), ratio("2026-11-20T10:00:00Z"));
    assert!(((r1 - r2) / r2).abs() < Decimal::new(1, 4), "{r1} vs {r2}");
}

#[test]
fn r9_08_us_prices_do_not_move_on_thanksgiving_or_good_friday_2026() {
    let (sim, _) = sim_at("2026-12-01T00:00:00Z");
    for (day_before, during) in [
        ("2026-11-26T01:00:00Z", ["2026-11-26T09:30:00Z", "2026-11-26T15:00:00Z", "2026-11-26T21:30:00Z"]),
        ("2026-04-03T00:00:00Z", ["2026-04-03T09:00:00Z", "2026-04-03T14:00:00Z", "2026-04-03T19:45:00Z"]),
    ] {
        let close = sim.price_at("AAPL", at(day_before)).unwrap();
        for t in during {
            assert_eq!(sim.price_at("AAPL", at(t)).unwrap(), close, "{t}");
        }
    }
    let days = sim.candles("AAPL", Resolution::D1, at("2026-11-24T12:00:00Z"), at("2026-11-28T00:00:00Z"), 10);
    let dates: Vec<String> = days.unwrap().iter().map(|c| c.time.format("%m-%d").to_string()).collect();
    assert_eq!(dates, ["11-24", "11-25", "11-27"]);
}

#[test]
fn r3_14_idss_prices_stay_flat_over_the_lunch_break_and_move_in_both_sessions() {
    let (sim, _) = sim_at(NOW);
    // Friday 2026-11-20: session 1 ends 11:30 WIB (04:30Z), session 2 starts 14:00 WIB (07:00Z).
    let lunch: Vec<Decimal> = ["04:30:00", "05:15:00", "06:59:59"]
        .iter()
        .map(|t| sim.price_at("BBRI-IDSS", at(&format!("2026-11-20T{t}Z"))).unwrap())
        .collect();
    assert!(lunch.windows(2).all(|w| w[0] == w[1]));
    let minutes = sim.minute_history("BBRI-IDSS", at("2026-11-20T00:00:00Z"), at("2026-11-20T12:00:00Z")).unwrap();
    assert_eq!(minutes.len(), 150 + 110);
    assert_eq!(minutes[150].time, at("2026-11-20T07:00:00Z"));
    let thursday = sim.minute_history("BBRI-IDSS", at("2026-11-19T00:00:00Z"), at("2026-11-19T12:00:00Z")).unwrap();
    assert_eq!(thursday.len(), 180 + 140);
}

#[test]
fn crypto_trades_every_minute_of_the_day_and_funds_once() {
    let (sim, _) = sim_at(NOW);
    let day = |s| sim.minute_history(s, at("2026-11-17T17:00:00Z"), at("2026-11-18T16:59:59Z")).unwrap().len();
    assert_eq!(day("DOGE-IDR"), 1440);
    assert_eq!(day("SMMF"), 1);
    let week = sim.candles("SMMF", Resolution::D1, at("2026-11-09T00:00:00Z"), at(NOW), 100).unwrap();
    assert_eq!(week.len(), 10, "one NAV per business day");
}

#[test]
fn idss_prices_always_sit_on_the_idx_tick_grid() {
    let (sim, _) = sim_at(NOW);
    for inst in sim.instruments().filter(|i| i.class == AssetClass::Idss) {
        let candles = sim.candles(&inst.symbol, Resolution::M5, at("2026-11-18T00:00:00Z"), at(NOW), 2000).unwrap();
        for c in &candles {
            for p in [c.open, c.high, c.low, c.close] {
                let units = i64::try_from(p.mantissa()).unwrap();
                assert!(p.scale() == 0 && TickRule::IdxFraksi.is_valid(units), "{} {p}", inst.symbol);
            }
        }
    }
}

#[test]
fn prices_never_carry_more_decimals_than_the_instrument_precision() {
    let (sim, _) = sim_at(NOW);
    for inst in sim.instruments() {
        let candles = sim.candles(&inst.symbol, Resolution::D1, at("2026-10-01T00:00:00Z"), at(NOW), 100).unwrap();
        for c in &candles {
            assert!(c.close.scale() <= inst.price_scale && c.close > Decimal::ZERO, "{} {}", inst.symbol, c.close);
            assert!(c.low <= c.open.min(c.close) && c.high >= c.open.max(c.close));
            assert!(c.volume >= Decimal::ZERO);
        }
    }
}

#[test]
fn volatility_is_realistic_per_class() {
    let (sim, _) = sim_at(NOW);
    let annual_vol = |symbol: &str, per_year: f64| {
        let c = sim.candles(symbol, Resolution::D1, at("2023-11-01T00:00:00Z"), at(NOW), 2000).unwrap();
        let r: Vec<f64> =
            c.windows(2).map(|w| (w[1].close / w[0].close).to_string().parse::<f64>().unwrap().ln()).collect();
        let mean = r.iter().sum::<f64>() / r.len() as f64;
        (r.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / r.len() as f64 * per_year).sqrt()
    };
    let btc = annual_vol("BTC-IDR", 365.0);
    let aapl = annual_vol("AAPL", 252.0);
    let gold = annual_vol("GOLD-IDR", 261.0);
    let usd = annual_vol("USD-IDR", 261.0);
    let mm = annual_vol("SMMF", 252.0);
    assert!(btc > 0.35 && btc < 0.9, "btc {btc}");
    assert!(aapl > 0.15 && aapl < 0.45, "aapl {aapl}");
    assert!(gold > 0.08 && gold < 0.25, "gold {gold}");
    assert!(usd > 0.02 && usd < 0.10, "usd {usd}");
    assert!(mm < 0.02, "money market {mm}");
    assert!(btc > aapl && aapl > gold && gold > usd);
}

#[test]
fn a_halted_instrument_stays_flat_with_no_volume_and_rejoins_its_path_after() {
    let (sim, _) = sim_at(NOW);
    let (from, to) = (at("2026-11-20T10:00:30Z"), at("2026-11-20T11:00:00Z"));
    let before = sim.price_at("ETH-IDR", at("2026-11-20T10:01:00Z")).unwrap();
    let after = sim.price_at("ETH-IDR", at("2026-11-20T11:30:00Z")).unwrap();
    sim.set_halts("ETH-IDR", &[HaltWindow { from, to: Some(to) }]).unwrap();
    assert!(sim.is_halted("ETH-IDR", at("2026-11-20T10:30:00Z")).unwrap());
    for t in ["2026-11-20T10:01:00Z", "2026-11-20T10:30:10Z", "2026-11-20T10:59:59Z"] {
        assert_eq!(sim.price_at("ETH-IDR", at(t)).unwrap(), before, "{t}");
    }
    let halted = sim.minute_history("ETH-IDR", at("2026-11-20T10:01:00Z"), at("2026-11-20T10:59:00Z")).unwrap();
    assert!(halted.iter().all(|c| c.open == before && c.high == before && c.low == before && c.volume.is_zero()));
    assert_eq!(sim.price_at("ETH-IDR", at("2026-11-20T11:30:00Z")).unwrap(), after);
    let day = sim.candles("ETH-IDR", Resolution::D1, at("2026-11-20T00:00:00Z"), at(NOW), 5).unwrap();
    let minutes = sim.minute_history("ETH-IDR", at("2026-11-19T17:00:00Z"), at(NOW)).unwrap();
    assert_eq!(day.last().unwrap(), aggregate(&sim, "ETH-IDR", &minutes, Resolution::D1).last().unwrap());
}

#[test]
fn halt_and_resume_flags_keep_the_live_price_flat_until_resumed() {
    let (sim, clock) = sim_at("2026-11-20T09:00:10Z");
    sim.halt("SOL-IDR", at("2026-11-20T09:00:10Z")).unwrap();
    clock.set(at("2026-11-20T09:01:00Z"));
    let frozen = sim.price_at("SOL-IDR", at("2026-11-20T09:01:00Z")).unwrap();
    clock.set(at("2026-11-20T09:20:00Z"));
    assert_eq!(sim.price_at("SOL-IDR", at("2026-11-20T09:20:00Z")).unwrap(), frozen);
    assert!(sim.ticker("SOL-IDR", at("2026-11-20T09:20:00Z")).unwrap().halted);
    sim.resume("SOL-IDR", at("2026-11-20T09:20:00Z")).unwrap();
    clock.set(at("2026-11-20T09:40:00Z"));
    assert!(!sim.is_halted("SOL-IDR", at("2026-11-20T09:40:00Z")).unwrap());
    assert_ne!(sim.price_at("SOL-IDR", at("2026-11-20T09:40:00Z")).unwrap(), frozen);
}

#[test]
fn the_future_is_never_revealed() {
    let (sim, _) = sim_at(NOW);
    let later = at(NOW) + Duration::days(3);
    assert_eq!(sim.price_at("BTC-IDR", later).unwrap(), sim.price_at("BTC-IDR", at(NOW)).unwrap());
    let c = sim.candles("BTC-IDR", Resolution::M1, at(NOW) - Duration::hours(1), later, 2000).unwrap();
    assert!(c.last().unwrap().time <= at(NOW));
}

#[test]
fn before_the_listing_there_is_no_price_and_no_candles() {
    let (sim, _) = sim_at(NOW);
    assert!(sim.price_at("BTC-IDR", at("2015-01-01T00:00:00Z")).is_err());
    let c =
        sim.candles("BTC-IDR", Resolution::W1, at("2014-01-01T00:00:00Z"), at("2016-01-01T00:00:00Z"), 100).unwrap();
    assert!(c.is_empty());
}

#[test]
fn live_polls_report_only_changed_prices() {
    let (sim, clock) = sim_at("2026-11-22T03:00:00Z");
    let mut poller = market::LivePoller::new();
    let first = poller.poll(&sim, at("2026-11-22T03:00:00Z"));
    assert_eq!(first.len(), sim.instruments().count());
    clock.set(at("2026-11-22T03:00:05Z"));
    let second = poller.poll(&sim, at("2026-11-22T03:00:05Z"));
    // Sunday: only the 24/7 markets move.
    assert!(!second.is_empty());
    let classes: std::collections::HashSet<_> =
        second.iter().map(|t| sim.instrument(&t.symbol).unwrap().class).collect();
    assert!(classes.iter().all(|c| matches!(c, AssetClass::Crypto | AssetClass::Perp)), "{classes:?}");
}
