//! libFuzzer target: the bytes drive a book through any sequence of commands; the shared harness
//! (the same one the property tests use) panics on a crossed book, a fill outside an order's
//! limit or a quantity not conserved.
#![no_main]

#[path = "../../tests/common/mod.rs"]
mod common;

libfuzzer_sys::fuzz_target!(|data: &[u8]| common::fuzz_one(data));
