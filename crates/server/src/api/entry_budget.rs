//! Budgets of entries per caller for the write endpoints open without a session (browser reports,
//! analytics): the request rate limit counts requests, not the rows a batch writes, so a caller
//! could otherwise fill the database at twenty or fifty rows a request.

use std::num::NonZeroU32;

use axum::http::StatusCode;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use super::{ApiError, Msg};

/// Entries per minute one caller (its address, else its device) may write to one endpoint.
pub struct EntryBudget {
    limiter: Option<DefaultKeyedRateLimiter<String>>,
}

impl EntryBudget {
    /// A budget of `per_minute` entries, all of which may come at once; 0 turns it off.
    pub fn per_minute(per_minute: u32) -> Self {
        let limiter = NonZeroU32::new(per_minute).map(|n| RateLimiter::keyed(Quota::per_minute(n).allow_burst(n)));
        Self { limiter }
    }

    /// Spends `entries` of `caller`'s budget, or refuses the whole batch (429 with `Retry-After`).
    pub fn spend(&self, caller: &str, entries: usize) -> Result<(), ApiError> {
        let Some(limiter) = &self.limiter else { return Ok(()) };
        let n = NonZeroU32::new(u32::try_from(entries).unwrap_or(u32::MAX)).unwrap_or(NonZeroU32::MIN);
        let wait = match limiter.check_key_n(&caller.to_owned(), n) {
            Ok(Ok(())) => return Ok(()),
            Ok(Err(not_until)) => not_until.wait_time_from(DefaultClock::default().now()).as_secs().max(1),
            // More than a whole minute's budget in one batch.
            Err(_) => 60,
        };
        Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_entries",
            Msg::fixed(
                "Terlalu banyak catatan dikirim. Coba lagi nanti.",
                "Too many entries sent. Please try again later.",
            ),
        )
        .with_retry_after(wait))
    }

    /// Forgets quiet callers, so memory stays bounded.
    pub fn forget_idle(&self) {
        if let Some(limiter) = &self.limiter {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
    }
}

/// The caller a budget is kept for: the client's address, else its device, else everyone unknown.
pub fn caller_key(address: Option<&str>, device_id: Option<&str>) -> String {
    match (address, device_id) {
        (Some(address), _) => format!("ip:{address}"),
        (None, Some(device)) => format!("device:{device}"),
        (None, None) => "unknown".to_owned(),
    }
}

/// The budgets of the open write endpoints.
pub struct EntryBudgets {
    /// `POST /api/v1/client-logs`.
    pub client_logs: EntryBudget,
    /// `POST /api/v1/analytics/events`.
    pub analytics: EntryBudget,
}

impl EntryBudgets {
    /// From the rate-limit settings.
    pub fn new(settings: &crate::config::RateLimitSettings) -> Self {
        Self {
            client_logs: EntryBudget::per_minute(settings.client_log_entries_per_minute),
            analytics: EntryBudget::per_minute(settings.analytics_events_per_minute),
        }
    }

    /// Forgets quiet callers of every budget.
    pub fn forget_idle(&self) {
        self.client_logs.forget_idle();
        self.analytics.forget_idle();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_caller_spends_its_budget_and_others_keep_theirs() {
        let budget = EntryBudget::per_minute(10);
        assert!(budget.spend("ip:1", 6).is_ok());
        assert!(budget.spend("ip:1", 4).is_ok());
        let refused = budget.spend("ip:1", 1).unwrap_err();
        assert_eq!(refused.code, "too_many_entries");
        assert!(budget.spend("ip:2", 10).is_ok(), "another caller has its own budget");
        assert!(budget.spend("ip:3", 11).is_err(), "more than a minute's budget at once");
        assert!(EntryBudget::per_minute(0).spend("ip:1", 1_000).is_ok(), "0 turns it off");
    }
}
