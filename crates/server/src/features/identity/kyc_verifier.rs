//! Who decides an identity submission. Production calls a vendor that checks Dukcapil's register
//! and answers later by callback (`verihubs_kyc.rs`); the sandbox decides by a fixed, documented rule (docs/identity.md "Identity verification"):
//! a NIK whose serial (last four digits) is `0000` is rejected as not found in the population
//! register, any other NIK is verified, and either decision lands `SANDBOX_DECISION_DELAY_MS`
//! after the submission so the web app shows PENDING first, as it would in production.

use std::sync::Arc;

use domain::identity::KycStatus;
use futures::future::BoxFuture;

use super::kyc_form::Photo;

/// How long the sandbox "takes" to decide.
pub const SANDBOX_DECISION_DELAY_MS: i64 = 2_000;

/// The reason code of a NIK the sandbox does not know.
pub const REASON_NIK_NOT_FOUND: &str = "nik_not_found";

/// What the verifier concluded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// Verified or rejected.
    pub status: KycStatus,
    /// Why REJECTED (a stable code the web app translates).
    pub reason: Option<&'static str>,
    /// How long after submission the decision takes effect.
    pub delay_ms: i64,
}

/// What a verifier answers to a submission.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Decided at once, effective `delay_ms` after submission (the sandbox).
    Decided(Decision),
    /// Taken by `provider`, which will answer by a signed callback naming `reference`.
    Awaiting {
        /// The provider's name, recorded as who decided.
        provider: &'static str,
        /// The provider's id of this verification.
        reference: String,
    },
}

/// What a provider says of a verification it took, when asked (a callback may have been lost).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Inquiry {
    /// Not decided yet.
    Pending,
    /// Decided: VERIFIED, or REJECTED with a reason code, as its callback would have said.
    Decided {
        /// Verified or rejected.
        status: KycStatus,
        /// Why REJECTED (a stable code the web app translates).
        reason: Option<&'static str>,
    },
}

/// Why a submission could not be handed to the verifier.
#[derive(Debug, thiserror::Error)]
pub enum VerifierError {
    /// The provider compares the face with Dukcapil's photo and needs a selfie.
    #[error("a selfie is required")]
    SelfieRequired,
    /// The provider refused the submission's data (its error code).
    #[error("the verifier refused the submission: {0}")]
    Refused(String),
    /// The provider could not be reached or failed, after every try.
    #[error("the verifier is unavailable: {0}")]
    Unavailable(String),
}

/// The fields a verifier may look at.
pub struct Subject<'a> {
    /// Our id of this submission (sent to a provider as its reference).
    pub submission_id: &'a str,
    /// The 16-digit NIK.
    pub nik: &'a str,
    /// The name as on the KTP.
    pub full_name: &'a str,
    /// Date of birth, YYYY-MM-DD.
    pub birth_date: &'a str,
    /// The selfie, when one was given.
    pub selfie: Option<&'a Photo>,
}

/// Decides identity submissions.
pub trait KycVerifier: Send + Sync {
    /// Hands `subject` over: a decision now, or a reference to a decision to come.
    fn submit<'a>(&'a self, subject: &'a Subject<'a>) -> BoxFuture<'a, Result<Verdict, VerifierError>>;

    /// Asks how the verification the provider knows as `reference` stands (its status inquiry).
    fn inquire<'a>(&'a self, reference: &'a str) -> BoxFuture<'a, Result<Inquiry, VerifierError>>;
}

/// The sandbox rule described in the module comment.
pub struct SandboxVerifier;

impl SandboxVerifier {
    /// A shared instance.
    pub fn shared() -> Arc<dyn KycVerifier> {
        Arc::new(Self)
    }
}

impl SandboxVerifier {
    /// The sandbox rule; deterministic for the same NIK.
    fn decide(nik: &str) -> Decision {
        let (status, reason) = if nik.ends_with("0000") {
            (KycStatus::Rejected, Some(REASON_NIK_NOT_FOUND))
        } else {
            (KycStatus::Verified, None)
        };
        Decision { status, reason, delay_ms: SANDBOX_DECISION_DELAY_MS }
    }
}

impl KycVerifier for SandboxVerifier {
    fn submit<'a>(&'a self, subject: &'a Subject<'a>) -> BoxFuture<'a, Result<Verdict, VerifierError>> {
        Box::pin(async move { Ok(Verdict::Decided(Self::decide(subject.nik))) })
    }

    /// The sandbox decides at once and hands out no reference, so none can be asked about.
    fn inquire<'a>(&'a self, reference: &'a str) -> BoxFuture<'a, Result<Inquiry, VerifierError>> {
        Box::pin(
            async move { Err(VerifierError::Unavailable(format!("the sandbox took no verification {reference}"))) },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sandbox_rejects_only_a_serial_of_0000() {
        let decide = SandboxVerifier::decide;
        assert_eq!(decide("3171011205900001").status, KycStatus::Verified);
        let rejected = decide("3171011205900000");
        assert_eq!((rejected.status, rejected.reason), (KycStatus::Rejected, Some(REASON_NIK_NOT_FOUND)));
        assert_eq!(rejected.delay_ms, SANDBOX_DECISION_DELAY_MS);
    }
}
