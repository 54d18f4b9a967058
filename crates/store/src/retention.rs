//! Retention: the tables that grow with traffic rather than with customers (browser reports,
//! analytics, one-time codes, the sandbox inbox, the security log) lose their rows once older than
//! their configured period. Deletes run in bounded batches so no purge holds a long write lock.

use crate::{Db, StoreError};

/// A table with a retention period, and the column that dates its rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kept {
    /// Browser error reports (`client_logs.received_at_ms`).
    ClientLogs,
    /// Analytics events (`analytics_events.received_at_ms`).
    AnalyticsEvents,
    /// One-time codes, dated by the later of the code's and its verification token's expiry.
    OtpChallenges,
    /// The sandbox SMS and e-mail inbox (`dev_inbox.sent_at_ms`).
    DevInbox,
    /// The security log (`security_log.at_ms`).
    SecurityLog,
    /// Real SMS deliveries and their statuses (`sms_deliveries.created_at_ms`); they name phones.
    SmsDeliveries,
}

impl Kept {
    /// Every kept table.
    pub const ALL: [Kept; 6] = [
        Kept::ClientLogs,
        Kept::AnalyticsEvents,
        Kept::OtpChallenges,
        Kept::DevInbox,
        Kept::SecurityLog,
        Kept::SmsDeliveries,
    ];

    /// The table's name, for logs and metrics.
    pub fn table(self) -> &'static str {
        match self {
            Kept::ClientLogs => "client_logs",
            Kept::AnalyticsEvents => "analytics_events",
            Kept::OtpChallenges => "otp_challenges",
            Kept::DevInbox => "dev_inbox",
            Kept::SecurityLog => "security_log",
            Kept::SmsDeliveries => "sms_deliveries",
        }
    }

    /// One batch's delete: at most `$2` rows dated before `$1`. Static text, never built from input.
    fn delete_batch(self) -> &'static str {
        match self {
            Kept::ClientLogs => {
                "delete from client_logs where id in \
                 (select id from client_logs where received_at_ms < $1 limit $2)"
            }
            Kept::AnalyticsEvents => {
                "delete from analytics_events where id in \
                 (select id from analytics_events where received_at_ms < $1 limit $2)"
            }
            Kept::OtpChallenges => {
                "delete from otp_challenges where id in (select id from otp_challenges where expires_at_ms < $1 \
                 and (verification_expires_at_ms is null or verification_expires_at_ms < $1) limit $2)"
            }
            Kept::DevInbox => {
                "delete from dev_inbox where id in (select id from dev_inbox where sent_at_ms < $1 limit $2)"
            }
            Kept::SecurityLog => {
                "delete from security_log where id in (select id from security_log where at_ms < $1 limit $2)"
            }
            Kept::SmsDeliveries => {
                "delete from sms_deliveries where id in \
                 (select id from sms_deliveries where created_at_ms < $1 limit $2)"
            }
        }
    }
}

/// Rows deleted per statement.
pub const BATCH_ROWS: i64 = 5_000;

/// Deletes `kept`'s rows dated before `cutoff_ms`, batch after batch; returns how many.
pub async fn purge(db: &Db, kept: Kept, cutoff_ms: i64) -> Result<u64, StoreError> {
    let mut deleted = 0;
    loop {
        let done = sqlx::query(kept.delete_batch()).bind(cutoff_ms).bind(BATCH_ROWS).execute(db.pool()).await?;
        deleted += done.rows_affected();
        if done.rows_affected() < u64::try_from(BATCH_ROWS).unwrap_or(u64::MAX) {
            return Ok(deleted);
        }
    }
}
