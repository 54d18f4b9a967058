//! Liquidity-provider quotes: six providers, depth, grid prices, never crossed (R4.11, R5.08).

#![allow(clippy::unwrap_used)] // A test that cannot unwrap has failed, which is what a panic reports.

mod common;

use std::collections::{BTreeSet, HashSet};

use chrono::Duration;
use common::{at, sim_at};
use market::{MarketError, QuoteSide, TickRule};
use proptest::prelude::*;
use rust_decimal::Decimal;

const NOW: &str = "2026-11-20T18:37:42Z";

#[test]
fn r4_11_six_providers_quote_every_crypto_pair_and_perp() {
    let (sim, _) = sim_at(NOW);
    for inst in sim.instruments().filter(|i| matches!(i.class, market::AssetClass::Crypto | market::AssetClass::Perp)) {
        let reference = sim.price_at(&inst.symbol, at(NOW)).unwrap();
        let quotes = sim.quotes(&inst.symbol, reference, at(NOW)).unwrap();
        let providers: HashSet<_> = quotes.iter().map(|q| q.provider.as_str()).collect();
        assert_eq!(providers.len(), 6, "{}", inst.symbol);
    }
}

#[test]
fn r5_08_the_providers_together_give_at_least_ten_price_levels_per_side() {
    let (sim, _) = sim_at(NOW);
    let symbols: Vec<String> = sim
        .instruments()
        .filter(|i| matches!(i.class, market::AssetClass::Crypto | market::AssetClass::Perp))
        .map(|i| i.symbol.clone())
        .collect();
    for symbol in &symbols {
        let symbol = symbol.as_str();
        let reference = sim.price_at(symbol, at(NOW)).unwrap();
        let quotes = sim.quotes(symbol, reference, at(NOW)).unwrap();
        for side in [QuoteSide::Bid, QuoteSide::Ask] {
            let levels: BTreeSet<Decimal> = quotes.iter().filter(|q| q.side == side).map(|q| q.price).collect();
            assert!(levels.len() >= 10, "{symbol} {side:?}: {}", levels.len());
        }
    }
}

#[test]
fn quotes_are_deterministic_within_a_bucket_and_requoted_after() {
    let (sim, _) = sim_at(NOW);
    let r = sim.price_at("ETH-IDR", at(NOW)).unwrap();
    let a = sim.quotes("ETH-IDR", r, at("2026-11-20T18:37:40Z")).unwrap();
    let b = sim.quotes("ETH-IDR", r, at("2026-11-20T18:37:44Z")).unwrap();
    let c = sim.quotes("ETH-IDR", r, at("2026-11-20T18:37:45Z")).unwrap();
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn stocks_have_no_liquidity_provider_quotes() {
    let (sim, _) = sim_at(NOW);
    let e = sim.quotes("AAPL", Decimal::new(27000, 2), at(NOW)).unwrap_err();
    assert!(matches!(e, MarketError::Unsupported { .. }));
}

#[test]
fn quantities_decrease_toward_mid_and_are_positive() {
    let (sim, _) = sim_at(NOW);
    let r = sim.price_at("BTC-IDR", at(NOW)).unwrap();
    let quotes = sim.quotes("BTC-IDR", r, at(NOW)).unwrap();
    assert!(quotes.iter().all(|q| q.quantity > Decimal::ZERO && q.quantity.scale() <= 8));
    // Averaged over providers, the outer level carries more than the first.
    let total = |level| quotes.iter().filter(|q| q.level == level).map(|q| q.quantity).sum::<Decimal>();
    assert!(total(2) > total(0));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn quotes_are_never_crossed_and_sit_on_the_tick_grid(
        symbol_i in 0usize..8,
        reference_units in 1i64..5_000_000_000,
        offset_secs in 0i64..10_000_000,
    ) {
        let (sim, _) = sim_at(NOW);
        let symbols = ["BTC-IDR", "USDT-IDR", "PEPE-IDR", "SHIB-IDR", "DOGE-IDR", "BTCUSDT-PERP", "1000PEPEUSDT-PERP", "XRPUSDT-PERP"];
        let symbol = symbols[symbol_i];
        let inst = sim.instrument(symbol).unwrap();
        let reference = Decimal::new(reference_units, inst.price_scale);
        let t = at(NOW) - Duration::seconds(offset_secs);
        let quotes = sim.quotes(symbol, reference, t).unwrap();
        let best_bid = quotes.iter().filter(|q| q.side == QuoteSide::Bid).map(|q| q.price).max();
        let best_ask = quotes.iter().filter(|q| q.side == QuoteSide::Ask).map(|q| q.price).min();
        if let (Some(bid), Some(ask)) = (best_bid, best_ask) {
            prop_assert!(bid < reference && reference < ask, "{bid} {reference} {ask}");
        }
        for q in &quotes {
            prop_assert!(q.price > Decimal::ZERO && q.price.scale() <= inst.price_scale);
            prop_assert!(TickRule::Fixed(1).is_valid(q.price_units));
            prop_assert_eq!(Decimal::new(q.price_units, inst.price_scale), q.price);
        }
    }
}
