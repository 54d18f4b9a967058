//! Random secrets and their digests: one-time codes, opaque tokens and ids.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use rand::rngs::OsRng;
use rand::{Rng, RngCore};
use sha2::{Digest, Sha256};

/// A 6-digit one-time code from the operating system's CSPRNG.
pub fn otp_code() -> String {
    format!("{:06}", OsRng.gen_range(0..1_000_000u32))
}

/// An opaque 256-bit token, URL-safe.
pub fn opaque_token() -> String {
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The digest stored in place of a code or token (they are high-entropy or short-lived and
/// attempt-limited, so a fast hash is enough; PINs use argon2id).
pub fn digest(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

/// Compares two digests in time independent of where they differ.
pub fn digests_equal(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_six_digits() {
        for _ in 0..1000 {
            let code = otp_code();
            assert_eq!(code.len(), 6);
            assert!(code.chars().all(|c| c.is_ascii_digit()));
        }
    }

    #[test]
    fn tokens_are_long_and_unique() {
        let a = opaque_token();
        assert_eq!(a.len(), 43);
        assert_ne!(a, opaque_token());
        assert!(digests_equal(&digest(&a), &digest(&a)));
        assert!(!digests_equal(&digest(&a), &digest("other")));
    }
}
