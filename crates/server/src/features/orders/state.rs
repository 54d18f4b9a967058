//! The state an order shows (R4.01, R4.05), from its stored status and whether it is still open.

use domain::orders::{NumericOrderState, OrderStatus};

/// The R4.05 numeric state of an order: working while open, filled once anything executed and it
/// closed, canceled when cancelled, rejected otherwise.
pub fn numeric_state(status: OrderStatus, is_open: bool) -> NumericOrderState {
    match (status, is_open) {
        (OrderStatus::Pending | OrderStatus::PartiallyFilled, true) => NumericOrderState::Working,
        (OrderStatus::Success | OrderStatus::PartiallyFilled, false) => NumericOrderState::Filled,
        (OrderStatus::Cancelled, _) => NumericOrderState::Canceled,
        _ => NumericOrderState::Rejected,
    }
}

/// The status of an order that is still open, or that closed, after `filled` of `ordered` executed.
pub fn status_after(is_open: bool, filled: i64, ordered: Option<i64>, cancelled: bool) -> OrderStatus {
    let complete = ordered.map_or(filled > 0, |q| filled >= q);
    match (is_open, filled > 0) {
        (true, false) => OrderStatus::Pending,
        (true, true) => OrderStatus::PartiallyFilled,
        (false, _) if complete => OrderStatus::Success,
        (false, true) => OrderStatus::PartiallyFilled,
        (false, false) if cancelled => OrderStatus::Cancelled,
        (false, false) => OrderStatus::Failed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r4_05_open_orders_work_and_closed_ones_show_how_they_ended() {
        assert_eq!(numeric_state(OrderStatus::Pending, true), NumericOrderState::Working);
        assert_eq!(numeric_state(OrderStatus::PartiallyFilled, true), NumericOrderState::Working);
        assert_eq!(numeric_state(OrderStatus::PartiallyFilled, false), NumericOrderState::Filled);
        assert_eq!(numeric_state(OrderStatus::Success, false), NumericOrderState::Filled);
        assert_eq!(numeric_state(OrderStatus::Cancelled, false), NumericOrderState::Canceled);
        assert_eq!(numeric_state(OrderStatus::Failed, false), NumericOrderState::Rejected);
    }

    #[test]
    fn r4_01_a_closed_order_is_success_only_when_complete() {
        assert_eq!(status_after(true, 0, Some(10), false), OrderStatus::Pending);
        assert_eq!(status_after(true, 4, Some(10), false), OrderStatus::PartiallyFilled);
        assert_eq!(status_after(false, 10, Some(10), false), OrderStatus::Success);
        assert_eq!(status_after(false, 4, Some(10), true), OrderStatus::PartiallyFilled);
        assert_eq!(status_after(false, 0, Some(10), true), OrderStatus::Cancelled);
        assert_eq!(status_after(false, 0, Some(10), false), OrderStatus::Failed);
        assert_eq!(status_after(false, 3, None, false), OrderStatus::Success, "a buy by amount ends when it filled");
    }
}
