//! PINs: six digits, not trivially guessable, hashed with argon2id. Hashing is memory-hard on
//! purpose, so it runs on the blocking pool behind a semaphore: a flood of logins queues instead
//! of starving the server of memory and cores.

use std::sync::Arc;

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use rand::rngs::OsRng;
use tokio::sync::Semaphore;

use crate::config::AuthSettings;

/// Why a PIN was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PinRuleError {
    /// Not exactly six ASCII digits.
    NotSixDigits,
    /// All the same digit, or a run up or down (111111, 123456, 654321).
    TooSimple,
}

/// A PIN that passed the rules.
#[derive(Clone)]
pub struct Pin(String);

impl std::fmt::Debug for Pin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Pin(******)")
    }
}

impl Pin {
    /// Any six digits, for checking an existing PIN.
    pub fn parse(text: &str) -> Result<Self, PinRuleError> {
        if text.len() == 6 && text.bytes().all(|b| b.is_ascii_digit()) {
            Ok(Self(text.to_string()))
        } else {
            Err(PinRuleError::NotSixDigits)
        }
    }

    /// Six digits that are not trivially guessable, for choosing a new PIN.
    pub fn parse_new(text: &str) -> Result<Self, PinRuleError> {
        let pin = Self::parse(text)?;
        let digits: Vec<i16> = pin.0.bytes().map(|b| i16::from(b - b'0')).collect();
        let steps: Vec<i16> = digits.windows(2).map(|w| w[1] - w[0]).collect();
        let same_step = steps.iter().all(|s| *s == steps[0]);
        if same_step && matches!(steps[0], -1..=1) {
            return Err(PinRuleError::TooSimple);
        }
        Ok(pin)
    }
}

/// Hashes and checks PINs with bounded concurrency.
#[derive(Clone)]
pub struct PinHasher {
    params: Params,
    permits: Arc<Semaphore>,
}

impl PinHasher {
    /// Uses the configured argon2id parameters (OWASP: 19 MiB, 2 passes, 1 lane).
    pub fn new(settings: &AuthSettings) -> Self {
        let params =
            Params::new(settings.argon2_memory_kib, settings.argon2_iterations, settings.argon2_parallelism, None)
                .unwrap_or_default();
        Self { params, permits: Arc::new(Semaphore::new(settings.hashing_concurrency.max(1))) }
    }

    fn argon2(&self) -> Argon2<'static> {
        Argon2::new(Algorithm::Argon2id, Version::V0x13, self.params.clone())
    }

    /// The PHC string to store.
    pub async fn hash(&self, pin: &Pin) -> anyhow::Result<String> {
        let _permit = self.permits.acquire().await?;
        let (argon2, pin) = (self.argon2(), pin.0.clone());
        let hash = tokio::task::spawn_blocking(move || {
            let salt = SaltString::generate(&mut OsRng);
            argon2.hash_password(pin.as_bytes(), &salt).map(|h| h.to_string())
        })
        .await?
        .map_err(|e| anyhow::anyhow!("argon2: {e}"))?;
        Ok(hash)
    }

    /// Whether `pin` matches the stored PHC string.
    pub async fn verify(&self, pin: &Pin, stored: &str) -> anyhow::Result<bool> {
        let _permit = self.permits.acquire().await?;
        let (argon2, pin, stored) = (self.argon2(), pin.0.clone(), stored.to_string());
        let matches = tokio::task::spawn_blocking(move || {
            PasswordHash::new(&stored).map(|parsed| argon2.verify_password(pin.as_bytes(), &parsed).is_ok())
        })
        .await?
        .map_err(|e| anyhow::anyhow!("stored PIN hash unreadable: {e}"))?;
        Ok(matches)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pin_is_exactly_six_digits() {
        assert!(Pin::parse("482915").is_ok());
        for bad in ["", "12345", "1234567", "12a456", "１２３４５６", " 48291"] {
            assert_eq!(Pin::parse(bad).unwrap_err(), PinRuleError::NotSixDigits, "{bad}");
        }
    }

    #[test]
    fn new_pins_may_not_be_repeats_or_runs() {
        for simple in ["111111", "123456", "654321", "000000", "456789"] {
            assert_eq!(Pin::parse_new(simple).unwrap_err(), PinRuleError::TooSimple, "{simple}");
        }
        assert!(Pin::parse_new("135790").is_ok());
        assert!(Pin::parse_new("482915").is_ok());
    }

    #[test]
    fn pins_never_show_in_debug_output() {
        assert_eq!(format!("{:?}", Pin::parse("482915").unwrap()), "Pin(******)");
    }

    #[tokio::test]
    async fn a_hash_verifies_its_pin_only() {
        let settings = AuthSettings { argon2_memory_kib: 1024, argon2_iterations: 1, ..AuthSettings::default() };
        let hasher = PinHasher::new(&settings);
        let pin = Pin::parse("482915").unwrap();
        let hash = hasher.hash(&pin).await.unwrap();
        assert!(hash.starts_with("$argon2id$"));
        assert!(hasher.verify(&pin, &hash).await.unwrap());
        assert!(!hasher.verify(&Pin::parse("482916").unwrap(), &hash).await.unwrap());
    }
}
