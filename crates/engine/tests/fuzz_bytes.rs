//! The fuzz target's body (`common::fuzz_one`) run on stable over many random and edge-case byte
//! strings: any input is a valid command sequence, and every invariant holds after each command.
//! The coverage-guided run of the same body is `crates/engine/fuzz` (cargo fuzz).

#![allow(clippy::unwrap_used)] // A test that cannot unwrap has failed, which is what a panic reports.

mod common;

use rand::{Rng, SeedableRng};

#[test]
fn edge_case_inputs_keep_every_invariant() {
    for data in [&[][..], &[0], &[0xff; 64], &[0; 512], &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]] {
        common::fuzz_one(data);
    }
}

#[test]
fn thousands_of_random_byte_strings_keep_every_invariant() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x5eed_f022);
    for _ in 0..3_000 {
        let len = rng.gen_range(1..2_048);
        let data: Vec<u8> = (0..len).map(|_| rng.gen()).collect();
        common::fuzz_one(&data);
    }
}
