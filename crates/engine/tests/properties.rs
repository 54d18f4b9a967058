//! Property tests: random command sequences from several owners keep every invariant.

#![allow(clippy::unwrap_used)] // A test that cannot unwrap has failed, which is what a panic reports.

mod common;

use common::{random_op, Harness, Op};
use engine::*;
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn op() -> impl Strategy<Value = Op> {
    let owner = 1u8..=4;
    let price = 95i64..=105;
    let qty = 1i64..=10;
    prop_oneof![
        6 => (owner.clone(), any::<bool>(), price.clone(), qty.clone(), any::<u8>())
            .prop_map(|(owner, buy, price, qty, tif)| Op::Limit { owner, buy, price, qty, tif }),
        2 => (owner.clone(), any::<bool>(), qty.clone()).prop_map(|(owner, buy, qty)| Op::Market { owner, buy, qty }),
        1 => (owner.clone(), 1i64..=2_000).prop_map(|(owner, quote)| Op::MarketQuote { owner, quote }),
        2 => (owner.clone(), any::<bool>(), price.clone(), qty.clone(), proptest::option::of(price.clone()))
            .prop_map(|(owner, buy, stop, qty, limit)| Op::Stop { owner, buy, stop, qty, limit }),
        1 => (owner.clone(), any::<bool>(), price.clone(), price.clone(), qty.clone(), proptest::option::of(price.clone()))
            .prop_map(|(owner, buy, limit, stop, qty, stop_limit)| Op::Oco { owner, buy, limit, stop, qty, stop_limit }),
        3 => (any::<usize>(), proptest::bool::weighted(0.1)).prop_map(|(pick, wrong_owner)| Op::Cancel { pick, wrong_owner }),
        3 => (any::<usize>(), proptest::option::of(0i64..=12), proptest::option::of(price.clone()), proptest::option::of(price.clone()))
            .prop_map(|(pick, qty, price, stop)| Op::Amend { pick, qty, price, stop }),
        1 => (5u8..=6, proptest::collection::vec((any::<bool>(), price, 1i64..=20), 0..6))
            .prop_map(|(owner, quotes)| Op::Replace { owner, quotes }),
    ]
}

fn policy() -> impl Strategy<Value = SelfTradePolicy> {
    prop_oneof![
        Just(SelfTradePolicy::CancelResting),
        Just(SelfTradePolicy::CancelTaker),
        Just(SelfTradePolicy::CancelBoth),
    ]
}

fn config(self_trade: SelfTradePolicy) -> Config {
    Config { orders_max: 40, orders_per_owner_max: 12, self_trade, ..Config::default() }
}

fn run(config: Config, ops: &[Op]) -> Harness {
    let mut h = Harness::new(config);
    for op in ops {
        h.step(op);
    }
    h.check_all();
    h
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_commands_keep_the_book_uncrossed_and_quantities_conserved(
        self_trade in policy(),
        ops in proptest::collection::vec(op(), 1..150),
    ) {
        run(config(self_trade), &ops);
    }

    #[test]
    fn the_same_commands_produce_the_same_events(
        self_trade in policy(),
        ops in proptest::collection::vec(op(), 1..100),
    ) {
        let a = run(config(self_trade), &ops);
        let b = run(config(self_trade), &ops);
        prop_assert_eq!(a.events, b.events);
        prop_assert_eq!(a.book.snapshot(), b.book.snapshot());
    }

    #[test]
    fn a_book_restored_from_a_snapshot_continues_exactly_like_the_original(
        ops in proptest::collection::vec(op(), 2..120),
        cut in any::<prop::sample::Index>(),
    ) {
        let cut = cut.index(ops.len());
        let cfg = config(SelfTradePolicy::CancelResting);
        let mut original = Harness::new(cfg);
        for op in &ops[..cut] {
            original.step(op);
        }
        let mut restored = Harness::new(cfg);
        // Replay the prefix only to align the harness's id counter and model, then swap in the restored book.
        for op in &ops[..cut] {
            restored.step(op);
        }
        restored.book = Book::restore(cfg, original.book.snapshot()).unwrap();
        restored.book.validate().unwrap();
        for op in &ops[cut..] {
            let a = original.step(op);
            let b = restored.step(op);
            prop_assert_eq!(a, b);
        }
    }
}

#[test]
fn a_long_random_sequence_with_a_fixed_seed_keeps_every_invariant() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_2024);
    let cfg = Config { orders_max: 400, orders_per_owner_max: 120, ..Config::default() };
    let mut h = Harness::new(cfg);
    let mut mid = 10_000i64;
    let (mut fills, mut triggers) = (0usize, 0usize);
    for _ in 0..30_000 {
        // A slow random walk makes stops trigger and levels move.
        mid += rand::Rng::gen_range(&mut rng, -1..=1);
        let op = random_op(&mut rng, mid);
        for e in h.step(&op) {
            match e {
                Event::Fill(_) => fills += 1,
                Event::StopTriggered { .. } => triggers += 1,
                _ => {}
            }
        }
    }
    h.check_all();
    assert!(fills > 5_000 && triggers > 100, "the sequence exercised too little: {fills} fills, {triggers} triggers");
}
