//! libFuzzer target: `parsers::phone`, the same body `make test` runs on stable (`parser_fuzz`).
#![no_main]

#[path = "../../tests/api/parsers.rs"]
mod parsers;

libfuzzer_sys::fuzz_target!(|data: &[u8]| parsers::phone(data));
