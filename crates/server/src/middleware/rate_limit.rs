//! Rate limiting per client address (a GCRA limiter from `governor`), answering 429 in the error
//! shape with `Retry-After`.

use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;

use axum::extract::{ConnectInfo, Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::api::client_address::client_address;
use crate::api::ApiError;
use crate::config::RateLimitSettings;

/// The per-address limiter and how to find the address.
#[derive(Clone)]
pub struct AddressLimiter {
    limiter: Option<Arc<DefaultKeyedRateLimiter<IpAddr>>>,
    trusted_proxies: u8,
}

impl AddressLimiter {
    /// Builds the limiter; `per_second == 0` turns limiting off.
    pub fn new(settings: &RateLimitSettings) -> Self {
        let limiter = NonZeroU32::new(settings.per_second).map(|rate| {
            let burst = NonZeroU32::new(settings.burst.max(settings.per_second)).unwrap_or(rate);
            Arc::new(RateLimiter::keyed(Quota::per_second(rate).allow_burst(burst)))
        });
        Self { limiter, trusted_proxies: settings.trusted_proxy_hops() }
    }

    /// Forgets addresses that have been quiet, so memory stays bounded.
    pub fn forget_idle(&self) {
        if let Some(limiter) = &self.limiter {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
    }

    fn client_address(&self, request: &Request) -> Option<IpAddr> {
        let peer = request.extensions().get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
        client_address(request.headers(), peer, self.trusted_proxies)
    }
}

/// Middleware: 429 once an address exceeds its quota.
pub async fn limit(State(limiter): State<AddressLimiter>, request: Request, next: Next) -> Response {
    if let (Some(rate), Some(address)) = (&limiter.limiter, limiter.client_address(&request)) {
        if let Err(not_until) = rate.check_key(&address) {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
            return ApiError::for_status(axum::http::StatusCode::TOO_MANY_REQUESTS)
                .with_retry_after(secs.max(1))
                .into_response();
        }
    }
    next.run(request).await
}
