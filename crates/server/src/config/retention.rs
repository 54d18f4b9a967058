//! How long the traffic-driven tables keep their rows (see `store::retention`).

use serde::{Deserialize, Serialize};

/// Retention periods in days; 0 keeps a table's rows for ever.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct RetentionSettings {
    /// Browser error reports.
    pub client_logs_days: u32,
    /// Analytics events (aggregates outlive them elsewhere).
    pub analytics_events_days: u32,
    /// One-time codes, counted from their expiry (the send limits look back one hour).
    pub otp_challenges_days: u32,
    /// The sandbox inbox.
    pub dev_inbox_days: u32,
    /// The security log: long enough to answer a customer's or a regulator's question about a
    /// log-in or a PIN reset a year and more later.
    pub security_log_days: u32,
    /// Real SMS deliveries: long enough to answer "the code never came" for a quarter.
    pub sms_deliveries_days: u32,
    /// How often the purge runs, in seconds.
    pub interval_secs: u64,
}

impl Default for RetentionSettings {
    fn default() -> Self {
        Self {
            client_logs_days: 30,
            analytics_events_days: 180,
            otp_challenges_days: 30,
            dev_inbox_days: 7,
            security_log_days: 5 * 365,
            sms_deliveries_days: 90,
            interval_secs: 3600,
        }
    }
}

impl RetentionSettings {
    /// The period of `kept` in days (0: kept for ever).
    pub fn days(&self, kept: store::retention::Kept) -> u32 {
        use store::retention::Kept;
        match kept {
            Kept::ClientLogs => self.client_logs_days,
            Kept::AnalyticsEvents => self.analytics_events_days,
            Kept::OtpChallenges => self.otp_challenges_days,
            Kept::DevInbox => self.dev_inbox_days,
            Kept::SecurityLog => self.security_log_days,
            Kept::SmsDeliveries => self.sms_deliveries_days,
        }
    }
}
