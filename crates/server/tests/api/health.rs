use crate::both_backends;
use crate::helpers::spawn_app;

both_backends!(health_and_readiness_answer, |backend| async move {
    let app = spawn_app(backend).await;
    let health = app.get("/healthz").send().await.unwrap();
    assert_eq!(health.status(), 200);
    let ready = app.get("/readyz").send().await.unwrap();
    assert_eq!(ready.status(), 200);
});

both_backends!(metrics_count_requests_by_route_and_show_the_pool, |backend| async move {
    let app = spawn_app(backend).await;
    app.get("/api/v1/app/config").send().await.unwrap();
    let text = app.get("/metrics").send().await.unwrap().text().await.unwrap();
    assert!(text.contains("http_requests_total"), "{text}");
    assert!(text.contains("route=\"/api/v1/app/config\""), "{text}");
    assert!(text.contains("http_request_duration_seconds_bucket"), "{text}");
    assert!(text.contains("db_pool_connections"), "{text}");
});
