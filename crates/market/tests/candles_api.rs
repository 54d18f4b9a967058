//! The candle request contract: caps, errors, chart ranges (R4.12), resolutions (R9.07) and price
//! change (R2.12, R9.05).

#![allow(clippy::unwrap_used)] // A test that cannot unwrap has failed, which is what a panic reports.

mod common;

use chrono::{Datelike, Duration};
use common::{at, sim_at};
use market::{AssetClass, ChartRange, MarketError, Resolution, MAX_CANDLES_PER_REQUEST};

const NOW: &str = "2026-11-20T18:37:42Z";

#[test]
fn a_reversed_window_is_an_error() {
    let (sim, _) = sim_at(NOW);
    let e = sim.candles("BTC-IDR", Resolution::M5, at(NOW), at(NOW) - Duration::hours(1), 10).unwrap_err();
    assert!(matches!(e, MarketError::ReversedWindow { .. }));
    assert_eq!(e.code(), "reversed_window");
}

#[test]
fn a_limit_above_the_cap_or_zero_is_an_error() {
    let (sim, _) = sim_at(NOW);
    let from = at(NOW) - Duration::days(1);
    for limit in [0, MAX_CANDLES_PER_REQUEST + 1] {
        let e = sim.candles("BTC-IDR", Resolution::M5, from, at(NOW), limit).unwrap_err();
        assert!(matches!(e, MarketError::BadLimit { .. }), "{limit}");
    }
}

#[test]
fn a_huge_window_is_refused_before_any_work() {
    let (sim, _) = sim_at(NOW);
    let e = sim.candles("BTC-IDR", Resolution::M1, at("2018-01-01T00:00:00Z"), at(NOW), 100).unwrap_err();
    assert!(matches!(e, MarketError::WindowTooLarge { .. }));
}

#[test]
fn a_long_window_returns_its_latest_candles_up_to_the_limit() {
    let (sim, _) = sim_at(NOW);
    let c = sim.candles("BTC-IDR", Resolution::M1, at(NOW) - Duration::days(10), at(NOW), 1500).unwrap();
    assert_eq!(c.len(), 1500);
    assert!(c.windows(2).all(|w| w[1].time - w[0].time == Duration::minutes(1)));
    assert_eq!(c.last().unwrap().time, at("2026-11-20T18:37:00Z"));
    let all =
        sim.candles("AAPL", Resolution::D1, at("2010-01-01T00:00:00Z"), at(NOW), MAX_CANDLES_PER_REQUEST).unwrap();
    assert_eq!(all.len(), MAX_CANDLES_PER_REQUEST);
}

#[test]
fn unknown_instruments_and_resolutions_are_errors() {
    let (sim, _) = sim_at(NOW);
    assert!(matches!(sim.price_at("NOPE", at(NOW)), Err(MarketError::UnknownInstrument(_))));
    assert!("7".parse::<Resolution>().is_err());
    assert!("2Y".parse::<ChartRange>().is_err());
}

#[test]
fn r9_07_resolutions_parse_from_their_chart_texts_and_each_class_lists_its_own() {
    for (text, res) in [
        ("1", Resolution::M1),
        ("240", Resolution::M240),
        ("1D", Resolution::D1),
        ("D", Resolution::D1),
        ("1W", Resolution::W1),
        ("1M", Resolution::Mo1),
    ] {
        assert_eq!(text.parse::<Resolution>().unwrap(), res);
    }
    let texts = |c| Resolution::for_class(c).iter().map(|r| r.as_str()).collect::<Vec<_>>().join(",");
    assert_eq!(texts(AssetClass::Crypto), "1,5,15,60,120,240,1D,1W,1M");
    assert_eq!(texts(AssetClass::Perp), "1,5,15,60,240,1D");
    assert_eq!(texts(AssetClass::UsStock), "5,10,15,60,1D,1W");
    assert_eq!(texts(AssetClass::Idss), "5,60,1D,1W");
}

#[test]
fn r4_12_every_range_maps_to_a_window_and_a_resolution_the_class_offers() {
    let (sim, _) = sim_at(NOW);
    for inst in sim.instruments() {
        for range in ChartRange::ALL {
            let w = range.window(inst, at(NOW));
            assert!(w.from < w.to, "{} {range}", inst.symbol);
            assert!(
                Resolution::for_class(inst.class).contains(&w.resolution),
                "{} {range} {}",
                inst.symbol,
                w.resolution
            );
        }
    }
}

#[test]
fn r4_12_range_windows_have_the_expected_lengths_and_fit_the_cap() {
    let (sim, _) = sim_at(NOW);
    let btc = sim.instrument("BTC-IDR").unwrap();
    assert_eq!(ChartRange::D1.window(btc, at(NOW)).from, at(NOW) - Duration::days(1));
    assert_eq!(ChartRange::W1.window(btc, at(NOW)).from, at(NOW) - Duration::days(7));
    assert_eq!(ChartRange::M3.window(btc, at(NOW)).from, at("2026-08-20T18:37:42Z"));
    assert_eq!(ChartRange::Ytd.window(btc, at(NOW)).from, at("2025-12-31T17:00:00Z"));
    // US 1D on a Friday evening is Friday's session from the 04:00 pre-market.
    let aapl = sim.instrument("AAPL").unwrap();
    assert_eq!(ChartRange::D1.window(aapl, at(NOW)).from, at("2026-11-20T09:00:00Z"));
    // IDSS 1D after Friday's close is Friday's session 1 open.
    let bbca = sim.instrument("BBCA-IDSS").unwrap();
    assert_eq!(ChartRange::D1.window(bbca, at(NOW)).from, at("2026-11-20T02:00:00Z"));
    for symbol in ["BTC-IDR", "BTCUSDT-PERP", "AAPL", "BBCA-IDSS", "SMMF", "GOLD-IDR"] {
        let inst = sim.instrument(symbol).unwrap();
        for range in ChartRange::ALL {
            let w = range.window(inst, at(NOW));
            let c = sim.candles(symbol, w.resolution, w.from, w.to, MAX_CANDLES_PER_REQUEST).unwrap();
            assert!(!c.is_empty() && c.len() <= MAX_CANDLES_PER_REQUEST, "{symbol} {range}: {}", c.len());
        }
    }
}

#[test]
fn r2_12_r9_05_range_change_is_measured_from_the_price_before_the_window_with_two_decimals() {
    let (sim, _) = sim_at(NOW);
    for range in ChartRange::ALL {
        let ch = sim.price_change("BTC-IDR", range, at(NOW)).unwrap();
        assert!(ch.change_pct.scale() <= 2);
        let expected = ((ch.last - ch.base) * rust_decimal::Decimal::ONE_HUNDRED / ch.base).round_dp(2);
        assert_eq!(ch.change_pct, expected, "{range}");
        assert_eq!(ch.last, sim.price_at("BTC-IDR", at(NOW)).unwrap());
    }
    let ytd = sim.price_change("AAPL", ChartRange::Ytd, at(NOW)).unwrap();
    assert_eq!(ytd.base, sim.price_at("AAPL", at("2026-01-01T04:59:59Z")).unwrap());
    assert_eq!(ytd.from.with_timezone(&chrono_tz::America::New_York).ordinal(), 1);
}

#[test]
fn r9_05_tickers_compare_crypto_with_24_hours_ago_and_stocks_with_the_previous_close() {
    let (sim, _) = sim_at(NOW);
    let btc = sim.ticker("BTC-IDR", at(NOW)).unwrap();
    assert_eq!(btc.reference, sim.price_at("BTC-IDR", at(NOW) - Duration::days(1)).unwrap());
    assert!(btc.low <= btc.last && btc.last <= btc.high && btc.change_pct.scale() <= 2);
    assert!(btc.volume > rust_decimal::Decimal::ZERO);
    let aapl = sim.ticker("AAPL", at(NOW)).unwrap();
    assert_eq!(aapl.reference, sim.price_at("AAPL", at("2026-11-20T01:00:00Z")).unwrap());
    let day = sim.candles("AAPL", Resolution::D1, at("2026-11-20T12:00:00Z"), at(NOW), 1).unwrap();
    assert_eq!((aapl.high, aapl.low, aapl.volume), (day[0].high, day[0].low, day[0].volume));
}

#[test]
fn top_movers_are_sorted_and_split_into_gainers_and_losers() {
    let (sim, _) = sim_at(NOW);
    let m = sim.top_movers(AssetClass::Crypto, at(NOW), 5);
    assert!(m.gainers.len() <= 5 && m.losers.len() <= 5);
    assert!(m.gainers.windows(2).all(|w| w[0].change_pct >= w[1].change_pct));
    assert!(m.losers.windows(2).all(|w| w[0].change_pct <= w[1].change_pct));
    assert!(m.gainers.iter().all(|t| t.change_pct > rust_decimal::Decimal::ZERO));
    assert!(m.losers.iter().all(|t| t.change_pct < rust_decimal::Decimal::ZERO));
    assert!(!m.gainers.is_empty() || !m.losers.is_empty());
}

#[test]
fn option_chains_exist_only_for_option_enabled_stocks() {
    let (sim, _) = sim_at(NOW);
    let chain = sim.option_chain("AAPL", at(NOW)).unwrap();
    assert!(!chain.is_empty());
    assert!(matches!(sim.option_chain("XLE", at(NOW)), Err(MarketError::Unsupported { .. })));
    assert!(matches!(sim.option_chain("BTC-IDR", at(NOW)), Err(MarketError::Unsupported { .. })));
}
