//! The parser fuzz bodies (`parsers`) on stable, in `make test`: edge cases, then seeded mutations
//! of valid inputs (bytes flipped, inserted, deleted, repeated) and random bytes. `PARSER_FUZZ_CASES`
//! (default 20,000 per body) makes the longer run; `crates/server/fuzz` is the coverage-guided one.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::parsers;

const DEFAULT_CASES: usize = 20_000;

fn cases() -> usize {
    std::env::var("PARSER_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(DEFAULT_CASES)
}

/// A valid input changed a little, so the parser's deeper branches are reached.
fn mutate(rng: &mut StdRng, seed: &[u8]) -> Vec<u8> {
    let mut data = seed.to_vec();
    for _ in 0..rng.gen_range(1..5) {
        let at = rng.gen_range(0..=data.len());
        match rng.gen_range(0..5) {
            0 if at < data.len() => data[at] = rng.gen(),
            1 => data.insert(at, *b"0123456789.,-+ |\x00\xff".get(rng.gen_range(0..18)).unwrap_or(&b'0')),
            2 if at < data.len() => {
                data.remove(at);
            }
            3 => {
                let tail = data[at..].to_vec();
                data.extend_from_slice(&tail);
            }
            _ => data.insert(at, rng.gen()),
        }
    }
    data
}

fn run(body: fn(&[u8]), seeds: &[&[u8]], salt: u64) {
    for seed in seeds {
        body(seed);
    }
    let mut rng = StdRng::seed_from_u64(0x5eed_0014 ^ salt);
    for n in 0..cases() {
        let data = if n % 4 == 3 {
            (0..rng.gen_range(0..64)).map(|_| rng.gen()).collect()
        } else {
            let seed = seeds[rng.gen_range(0..seeds.len())];
            mutate(&mut rng, seed)
        };
        body(&data);
    }
}

#[test]
fn amounts_and_prices_never_panic_and_read_back_what_they_accept() {
    run(
        parsers::amounts,
        &[
            b"\x020.5",
            b"\x08150000.12345678",
            b"\x00 7 ",
            b"\x12999999999999999999",
            b"\x06.5",
            b"\x0612.",
            b"\x02Rp 1.234,56",
            b"\x021,234.56",
            b"\x06-1",
            b"\x021e9",
            b"\x02",
            b"\x12",
        ],
        1,
    );
}

#[test]
fn phone_numbers_never_panic_and_what_they_accept_is_e164() {
    run(
        parsers::phone,
        &[
            b"081234567890",
            b"+6281234567890",
            b"0812-3456-7890",
            b"+62 812 3456 7890",
            b"+6591234567",
            b"+1 202 555 0143",
            b"",
            b"+",
        ],
        2,
    );
}

#[test]
fn the_ktp_form_pin_and_email_never_panic_and_keep_their_shape() {
    run(
        parsers::identity_form,
        &[
            b"3171011205900001|Budi Santoso|1990-05-12|/9j/4AAQSkZJRg==|482915|budi@example.co.id",
            b"3171015205900001|Siti Rahayu|1990-05-12|iVBORw0KGgo=|123456|siti.rahayu@mail.id",
            b"|||||",
            b"1111111111111111|A|2099-01-01|x|000000|@",
        ],
        3,
    );
}

#[test]
fn json_bodies_never_panic_and_read_as_serde_json_does_unless_a_key_repeats() {
    run(
        parsers::json_body,
        &[
            br#"{"nik":"3171011205900001","fullName":"Budi","ktpPhoto":null,"leverage":3.0}"#,
            br#"{"a":{"b":[1,-2.5e3,"\u0000",true,{"c":{}}]},"a2":[]}"#,
            br#"{"nik":"1","nik":"2"}"#,
            br#"[{"k":1},{"k":1}]"#,
            b"\"text\"",
            b"",
        ],
        4,
    );
}
