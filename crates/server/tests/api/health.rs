use crate::both_backends;
use crate::helpers::spawn_app;
use crate::helpers::ADMIN_TOKEN;

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
    // Only the operator reads them.
    assert_eq!(app.get("/metrics").send().await.unwrap().status(), 401);
    assert_eq!(app.get("/metrics").bearer_auth("not-the-operator-token").send().await.unwrap().status(), 401);
    let text = app.get("/metrics").bearer_auth(ADMIN_TOKEN).send().await.unwrap().text().await.unwrap();
    assert!(text.contains("http_requests_total"), "{text}");
    assert!(text.contains("route=\"/api/v1/app/config\""), "{text}");
    assert!(text.contains("http_request_duration_seconds_bucket"), "{text}");
    assert!(text.contains("db_pool_connections"), "{text}");
});

both_backends!(shutdown_stops_serving_and_returns, |backend| async move {
    let mut settings = crate::helpers::test_settings();
    settings.database.url = store::testing::fresh_database_url(backend).await.unwrap();
    let app = server::startup::Application::build(settings).await.unwrap();
    let address = format!("http://127.0.0.1:{}/healthz", app.port());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(app.run_until_stopped(async move {
        let _ = stopped.await;
    }));
    assert_eq!(reqwest::get(&address).await.unwrap().status(), 200);
    stop.send(()).unwrap();
    let finished = tokio::time::timeout(std::time::Duration::from_secs(15), server).await;
    assert!(matches!(finished, Ok(Ok(Ok(())))), "the server returns after the shutdown signal");
    assert!(reqwest::get(&address).await.is_err(), "nothing listens any more");
});
