//! The states of a user's account and identity verification.

use crate::text_enum::text_enum;

text_enum! {
    /// Identity verification (KYC), and the US-stock eligibility that follows it.
    pub enum KycStatus {
        /// Nothing submitted, or a rejection reset.
        Unverified => "UNVERIFIED",
        /// Submitted, waiting for a decision.
        Pending => "PENDING",
        /// Verified.
        Verified => "VERIFIED",
        /// Refused; the user may submit again.
        Rejected => "REJECTED",
    }
}

text_enum! {
    /// Whether a signed-in session still works.
    pub enum SessionStatus {
        /// Open: its tokens are accepted.
        Active => "ACTIVE",
        /// Ended (logged out, replaced, revoked for reuse or by the user); the reason is kept beside it.
        Revoked => "REVOKED",
    }
}

text_enum! {
    /// Whether a user may use the account.
    pub enum AccountStatus {
        /// In use.
        Active => "ACTIVE",
        /// Locked after too many wrong PINs or codes until support unlocks it.
        LockedForReview => "LOCKED_FOR_REVIEW",
    }
}
