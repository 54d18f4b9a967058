//! The states of wallet transactions: top-ups, cash-outs and the history that shows them all.

use crate::text_enum::text_enum;

text_enum! {
    /// Where a top-up stands with the payment gateway.
    pub enum TopupStatus {
        /// Waiting for the payer.
        Pending => "PENDING",
        /// Paid; the money reached the wallet.
        Paid => "PAID",
        /// Not paid in time.
        Expired => "EXPIRED",
        /// The gateway refused or failed it.
        Failed => "FAILED",
    }
}

text_enum! {
    /// What a payment gateway reports about a top-up's payment.
    pub enum PaymentOutcome {
        /// The payer paid.
        Paid => "PAID",
        /// The payment failed or was abandoned.
        Failed => "FAILED",
    }
}

text_enum! {
    /// A payment of the sandbox gateway (a real provider's states are its own).
    pub enum SandboxPaymentState {
        /// Issued, waiting for the sandbox payer.
        Issued => "ISSUED",
        /// The sandbox payer paid.
        Paid => "PAID",
        /// The sandbox payer gave up.
        Abandoned => "ABANDONED",
    }
}

text_enum! {
    /// The sandbox bank's answer to a transfer.
    pub enum SandboxTransferState {
        /// The money arrived.
        Completed => "COMPLETED",
        /// The bank refused it (a dormant account).
        Failed => "FAILED",
    }
}

text_enum! {
    /// The states of a cash-out.
    pub enum CashoutStatus {
        /// Held, waiting for an operator.
        PendingReview => "PENDING_REVIEW",
        /// Held, being sent to the bank.
        Processing => "PROCESSING",
        /// Sent; the money left the wallet.
        Completed => "COMPLETED",
        /// The bank refused; the hold was released.
        Failed => "FAILED",
        /// An operator refused; the hold was released.
        Rejected => "REJECTED",
    }
}

text_enum! {
    /// The state of any wallet transaction in the history and its state transitions: a top-up's
    /// or a cash-out's own state, `COMPLETED` for vouchers and USD movements.
    pub enum TransactionStatus {
        /// A top-up waiting for the payer.
        Pending => "PENDING",
        /// A paid top-up.
        Paid => "PAID",
        /// A top-up not paid in time.
        Expired => "EXPIRED",
        /// A failed top-up or cash-out.
        Failed => "FAILED",
        /// A cash-out waiting for an operator.
        PendingReview => "PENDING_REVIEW",
        /// A cash-out being sent to the bank.
        Processing => "PROCESSING",
        /// Done: a sent cash-out, a voucher, a USD movement or interest.
        Completed => "COMPLETED",
        /// A cash-out an operator refused.
        Rejected => "REJECTED",
    }
}

impl From<TopupStatus> for TransactionStatus {
    fn from(status: TopupStatus) -> Self {
        match status {
            TopupStatus::Pending => TransactionStatus::Pending,
            TopupStatus::Paid => TransactionStatus::Paid,
            TopupStatus::Expired => TransactionStatus::Expired,
            TopupStatus::Failed => TransactionStatus::Failed,
        }
    }
}

impl From<CashoutStatus> for TransactionStatus {
    fn from(status: CashoutStatus) -> Self {
        match status {
            CashoutStatus::PendingReview => TransactionStatus::PendingReview,
            CashoutStatus::Processing => TransactionStatus::Processing,
            CashoutStatus::Completed => TransactionStatus::Completed,
            CashoutStatus::Failed => TransactionStatus::Failed,
            CashoutStatus::Rejected => TransactionStatus::Rejected,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_top_up_and_cash_out_state_keeps_its_spelling_in_the_history() {
        for status in TopupStatus::ALL {
            assert_eq!(TransactionStatus::from(*status).as_str(), status.as_str());
        }
        for status in CashoutStatus::ALL {
            assert_eq!(TransactionStatus::from(*status).as_str(), status.as_str());
        }
    }
}
