//! The delivery record of every SMS sent through a real provider (`sms_deliveries`): created when
//! the message is handed over (`sms_deliveries_repo::record`), then moved forward by the provider's
//! status callbacks. Callbacks may repeat or arrive out of order; a status never moves back (a late
//! `sent` after `delivered` changes nothing).

use store::{Db, StoreError};

use super::sms_deliveries_repo;

/// How far along a status is; final statuses share the highest rank and never change.
fn rank(status: &str) -> u8 {
    match status {
        "accepted" | "scheduled" | "queued" => 1,
        "sending" => 2,
        "sent" => 3,
        "delivered" | "undelivered" | "failed" | "canceled" | "read" => 4,
        _ => 0,
    }
}

/// Applies a status callback; true when it moved the delivery forward, false for a repeat, a
/// status older than the stored one, or an unknown message.
pub async fn advance(
    db: &Db,
    message_id: &str,
    status: &str,
    error_code: Option<&str>,
    now_ms: i64,
) -> Result<bool, StoreError> {
    let Some(current) = sms_deliveries_repo::by_message_id(db, message_id).await? else {
        return Ok(false);
    };
    if rank(status) <= rank(&current.status) {
        return Ok(false);
    }
    // Guarded by the status read: of two racing callbacks only one moves it.
    sms_deliveries_repo::move_status(db, message_id, &current.status, status, error_code, now_ms).await
}

#[cfg(test)]
mod tests {
    use super::rank;

    #[test]
    fn statuses_only_move_forward() {
        assert!(rank("queued") < rank("sending") && rank("sending") < rank("sent") && rank("sent") < rank("delivered"));
        assert_eq!(rank("delivered"), rank("undelivered"));
        assert_eq!(rank("no-such-status"), 0);
    }
}
