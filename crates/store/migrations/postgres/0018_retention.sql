-- Retention purges find old rows by their date (issue 21).
create index analytics_events_received on analytics_events (received_at_ms);
create index otp_challenges_expires on otp_challenges (expires_at_ms);
create index dev_inbox_sent on dev_inbox (sent_at_ms);
create index security_log_at on security_log (at_ms);
