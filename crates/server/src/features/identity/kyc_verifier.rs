//! Who decides an identity submission. Production would call Dukcapil through a vendor; the
//! sandbox decides by a fixed, documented rule (docs/identity.md "Identity verification"):
//! a NIK whose serial (last four digits) is `0000` is rejected as not found in the population
//! register, any other NIK is verified, and either decision lands `SANDBOX_DECISION_DELAY_MS`
//! after the submission so the web app shows PENDING first, as it would in production.

use std::sync::Arc;

/// How long the sandbox "takes" to decide.
pub const SANDBOX_DECISION_DELAY_MS: i64 = 2_000;

/// The reason code of a NIK the sandbox does not know.
pub const REASON_NIK_NOT_FOUND: &str = "nik_not_found";

/// What the verifier concluded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// VERIFIED or REJECTED.
    pub status: &'static str,
    /// Why REJECTED (a stable code the web app translates).
    pub reason: Option<&'static str>,
    /// How long after submission the decision takes effect.
    pub delay_ms: i64,
}

/// The fields a verifier may look at.
pub struct Subject<'a> {
    /// The 16-digit NIK.
    pub nik: &'a str,
    /// The name as on the KTP.
    pub full_name: &'a str,
}

/// Decides identity submissions.
pub trait KycVerifier: Send + Sync {
    /// The decision for `subject`; must be deterministic for the same input.
    fn decide(&self, subject: &Subject<'_>) -> Decision;
}

/// The sandbox rule described in the module comment.
pub struct SandboxVerifier;

impl SandboxVerifier {
    /// A shared instance.
    pub fn shared() -> Arc<dyn KycVerifier> {
        Arc::new(Self)
    }
}

impl KycVerifier for SandboxVerifier {
    fn decide(&self, subject: &Subject<'_>) -> Decision {
        let (status, reason) =
            if subject.nik.ends_with("0000") { ("REJECTED", Some(REASON_NIK_NOT_FOUND)) } else { ("VERIFIED", None) };
        Decision { status, reason, delay_ms: SANDBOX_DECISION_DELAY_MS }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sandbox_rejects_only_a_serial_of_0000() {
        let decide = |nik| SandboxVerifier.decide(&Subject { nik, full_name: "SITI" });
        assert_eq!(decide("3171011205900001").status, "VERIFIED");
        let rejected = decide("3171011205900000");
        assert_eq!((rejected.status, rejected.reason), ("REJECTED", Some(REASON_NIK_NOT_FOUND)));
        assert_eq!(rejected.delay_ms, SANDBOX_DECISION_DELAY_MS);
    }
}
