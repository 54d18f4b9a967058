//! Order statuses on the server and the exchange side, and how the UI names them
//! (R4.01–R4.05).

use thiserror::Error;

use crate::text_enum::text_enum;

text_enum! {
    /// An order's status as the server reports it (R4.01).
    pub enum OrderStatus {
        /// Accepted, not yet (fully) executed.
        Pending => "PENDING",
        /// Fully executed.
        Success => "SUCCESS",
        /// Rejected or errored; nothing executed.
        Failed => "FAILED",
        /// Cancelled before full execution.
        Cancelled => "CANCELLED",
        /// Part of the quantity executed.
        PartiallyFilled => "PARTIALLY_FILLED",
    }
}

text_enum! {
    /// The word the order history shows for a status (R4.01); also the i18n key.
    pub enum OrderStatusWord {
        /// A pending order.
        Placed => "placed",
        /// A fully or partly executed order.
        Executed => "executed",
        /// A cancelled order.
        Cancelled => "cancelled",
        /// A failed order.
        Failed => "failed",
    }
}

text_enum! {
    /// The broker-style word US-stock screens show instead (R4.02), note the American `canceled`.
    pub enum UsStockStatusWord {
        /// A pending order.
        Working => "working",
        /// A fully or partly executed order.
        Filled => "filled",
        /// A cancelled order.
        Canceled => "canceled",
        /// A failed order.
        Rejected => "rejected",
    }
}

impl OrderStatus {
    /// The generic display word (R4.01): a partial fill already counts as executed.
    pub const fn word(self) -> OrderStatusWord {
        match self {
            OrderStatus::Pending => OrderStatusWord::Placed,
            OrderStatus::Success | OrderStatus::PartiallyFilled => OrderStatusWord::Executed,
            OrderStatus::Cancelled => OrderStatusWord::Cancelled,
            OrderStatus::Failed => OrderStatusWord::Failed,
        }
    }

    /// The US-stock display word (R4.02).
    pub const fn us_stock_word(self) -> UsStockStatusWord {
        match self {
            OrderStatus::Pending => UsStockStatusWord::Working,
            OrderStatus::Success | OrderStatus::PartiallyFilled => UsStockStatusWord::Filled,
            OrderStatus::Cancelled => UsStockStatusWord::Canceled,
            OrderStatus::Failed => UsStockStatusWord::Rejected,
        }
    }
}

text_enum! {
    /// Where an order or amend request stands with the execution venue (R4.03).
    pub enum ExchangeState {
        /// Created, not yet queued for the venue.
        Pending => "PENDING",
        /// Queued for the venue.
        WaitingToBeSent => "WAITING_TO_BE_SENT",
        /// Sent, no answer yet.
        SentToExchange => "SENT_TO_EXCHANGE",
        /// The venue accepted it.
        AcceptedFromExchange => "ACCEPTED_FROM_EXCHANGE",
        /// The venue rejected it.
        RejectedFromExchange => "REJECTED_FROM_EXCHANGE",
        /// It failed on our side.
        Failed => "FAILED",
        /// An amendment was requested and awaits the venue.
        AmendRequested => "AMEND_REQUESTED",
        /// Completed.
        Success => "SUCCESS",
    }
}

text_enum! {
    /// An amend request's status as the UI groups it (R4.04). Spelled in snake case on the wire;
    /// the SPEC's prose form `amend requested` and the exchange spellings are accepted too.
    pub enum AmendStatus {
        /// Not answered yet: also covers waiting-to-be-sent and sent-to-exchange.
        Pending => "pending" | "PENDING" | "WAITING_TO_BE_SENT" | "SENT_TO_EXCHANGE",
        /// The venue accepted the amendment.
        Accepted => "accepted" | "ACCEPTED_FROM_EXCHANGE",
        /// The venue rejected the amendment.
        Rejected => "rejected" | "REJECTED_FROM_EXCHANGE",
        /// It failed on our side.
        Failed => "failed" | "FAILED",
        /// Requested, awaiting the venue.
        AmendRequested => "amend_requested" | "amend requested" | "AMEND_REQUESTED",
        /// The amendment is in effect.
        Success => "success" | "SUCCESS",
    }
}

impl From<ExchangeState> for AmendStatus {
    /// Groups the exchange-side states so the three "not answered yet" ones read as pending.
    fn from(state: ExchangeState) -> Self {
        match state {
            ExchangeState::Pending | ExchangeState::WaitingToBeSent | ExchangeState::SentToExchange => {
                AmendStatus::Pending
            }
            ExchangeState::AcceptedFromExchange => AmendStatus::Accepted,
            ExchangeState::RejectedFromExchange => AmendStatus::Rejected,
            ExchangeState::Failed => AmendStatus::Failed,
            ExchangeState::AmendRequested => AmendStatus::AmendRequested,
            ExchangeState::Success => AmendStatus::Success,
        }
    }
}

/// A number that is not one of the codes of [`NumericOrderState`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("unknown order state code {0}")]
pub struct UnknownStateCode(pub u8);

/// Order state as a numeric code (R4.05); serialised as the number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(into = "u8", try_from = "u8")]
pub enum NumericOrderState {
    /// Code 1.
    Canceled = 1,
    /// Code 2.
    Filled = 2,
    /// Code 3.
    Inactive = 3,
    /// Code 4.
    Placing = 4,
    /// Code 5.
    Rejected = 5,
    /// Code 6.
    Working = 6,
    /// Code 7.
    Revised = 7,
}

impl NumericOrderState {
    /// Every state, in code order.
    pub const ALL: &'static [NumericOrderState] = &[
        NumericOrderState::Canceled,
        NumericOrderState::Filled,
        NumericOrderState::Inactive,
        NumericOrderState::Placing,
        NumericOrderState::Rejected,
        NumericOrderState::Working,
        NumericOrderState::Revised,
    ];

    /// The numeric code.
    pub const fn code(self) -> u8 {
        self as u8
    }
}

impl From<NumericOrderState> for u8 {
    fn from(state: NumericOrderState) -> u8 {
        state.code()
    }
}

impl TryFrom<u8> for NumericOrderState {
    type Error = UnknownStateCode;

    fn try_from(code: u8) -> Result<Self, Self::Error> {
        NumericOrderState::ALL.iter().copied().find(|state| state.code() == code).ok_or(UnknownStateCode(code))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r4_01_order_statuses_use_the_server_spelling() {
        let spelled: Vec<_> = OrderStatus::ALL.iter().map(|s| s.as_str()).collect();
        assert_eq!(spelled, ["PENDING", "SUCCESS", "FAILED", "CANCELLED", "PARTIALLY_FILLED"]);
        let parsed: OrderStatus = serde_json::from_str("\"PARTIALLY_FILLED\"").unwrap();
        assert_eq!(parsed, OrderStatus::PartiallyFilled);
    }

    #[test]
    fn r4_01_display_words_call_pending_placed_and_partial_executed() {
        assert_eq!(OrderStatus::Pending.word().as_str(), "placed");
        assert_eq!(OrderStatus::Success.word().as_str(), "executed");
        assert_eq!(OrderStatus::PartiallyFilled.word().as_str(), "executed");
        assert_eq!(OrderStatus::Cancelled.word().as_str(), "cancelled");
        assert_eq!(OrderStatus::Failed.word().as_str(), "failed");
    }

    #[test]
    fn r4_02_us_stock_words_are_working_filled_canceled_rejected() {
        assert_eq!(OrderStatus::Pending.us_stock_word().as_str(), "working");
        assert_eq!(OrderStatus::Success.us_stock_word().as_str(), "filled");
        assert_eq!(OrderStatus::PartiallyFilled.us_stock_word().as_str(), "filled");
        assert_eq!(OrderStatus::Cancelled.us_stock_word().as_str(), "canceled");
        assert_eq!(OrderStatus::Failed.us_stock_word().as_str(), "rejected");
    }

    #[test]
    fn r4_03_exchange_states_use_the_server_spelling() {
        let spelled: Vec<_> = ExchangeState::ALL.iter().map(|s| s.as_str()).collect();
        assert_eq!(
            spelled,
            [
                "PENDING",
                "WAITING_TO_BE_SENT",
                "SENT_TO_EXCHANGE",
                "ACCEPTED_FROM_EXCHANGE",
                "REJECTED_FROM_EXCHANGE",
                "FAILED",
                "AMEND_REQUESTED",
                "SUCCESS"
            ]
        );
    }

    #[test]
    fn r4_04_amend_pending_covers_waiting_and_sent() {
        for state in [ExchangeState::Pending, ExchangeState::WaitingToBeSent, ExchangeState::SentToExchange] {
            assert_eq!(AmendStatus::from(state), AmendStatus::Pending);
        }
        assert_eq!(AmendStatus::from(ExchangeState::AcceptedFromExchange), AmendStatus::Accepted);
        assert_eq!(AmendStatus::from(ExchangeState::RejectedFromExchange), AmendStatus::Rejected);
        assert_eq!(AmendStatus::from(ExchangeState::AmendRequested), AmendStatus::AmendRequested);
        assert_eq!("SENT_TO_EXCHANGE".parse(), Ok(AmendStatus::Pending));
        assert_eq!("amend requested".parse(), Ok(AmendStatus::AmendRequested));
    }

    #[test]
    fn r4_05_numeric_states_have_their_codes() {
        use NumericOrderState::*;
        let codes: Vec<_> =
            [Canceled, Filled, Inactive, Placing, Rejected, Working, Revised].iter().map(|s| s.code()).collect();
        assert_eq!(codes, [1, 2, 3, 4, 5, 6, 7]);
        assert_eq!(serde_json::to_string(&Working).unwrap(), "6");
        assert_eq!(serde_json::from_str::<NumericOrderState>("7").unwrap(), Revised);
        assert!(serde_json::from_str::<NumericOrderState>("8").is_err());
        assert_eq!(NumericOrderState::try_from(0), Err(UnknownStateCode(0)));
    }
}
