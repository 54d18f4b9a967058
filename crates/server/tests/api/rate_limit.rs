//! Rate limiting per client address answers 429 in the error shape.

use crate::both_backends;
use crate::helpers::{error_body, spawn_app_with};

both_backends!(an_address_over_its_quota_gets_429_with_retry_after, |backend| async move {
    let app = spawn_app_with(backend, |s| {
        s.rate_limit.per_second = 1;
        s.rate_limit.burst = 3;
    })
    .await;
    let mut statuses = Vec::new();
    for _ in 0..6 {
        statuses.push(app.get("/api/v1/app/config").send().await.unwrap());
    }
    let limited = statuses.into_iter().find(|r| r.status() == 429).expect("some request is limited");
    assert!(limited.headers().contains_key("retry-after"));
    let (_, code, _) = error_body(limited).await;
    assert_eq!(code, "rate_limited");
    // Probes are never limited.
    assert_eq!(app.get("/healthz").send().await.unwrap().status(), 200);
});
