//! libFuzzer target: `parsers::json_body`, the same body `make test` runs on stable (`parser_fuzz`).
#![no_main]

#[path = "../../tests/api/parsers.rs"]
#[allow(dead_code, reason = "each target runs one of the bodies")]
mod parsers;

libfuzzer_sys::fuzz_target!(|data: &[u8]| parsers::json_body(data));
