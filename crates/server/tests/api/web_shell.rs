//! The HTML shell rendered per request (R2.07, R2.09, R2.10, R1.14).

use crate::both_backends;
use crate::helpers::{spawn_app, spawn_app_with, spawn_app_with_clock};

const IPHONE: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";

both_backends!(r2_07_the_shell_has_the_canonical_link_and_language_of_the_path, |backend| async move {
    let app = spawn_app(backend).await;
    let id = app.get("/portfolio").send().await.unwrap().text().await.unwrap();
    assert!(id.contains("<html lang=\"id\" data-theme=\"dark\" class=\"theme-dark\">"), "{id}");
    assert!(id.contains("<link rel=\"canonical\" href=\"https://app.example.id/portfolio\""), "{id}");
    let en = app.get("/en/portfolio").send().await.unwrap().text().await.unwrap();
    assert!(en.contains("<html lang=\"en\""), "{en}");
    assert!(en.contains("<link rel=\"canonical\" href=\"https://app.example.id/en/portfolio\""), "{en}");
    assert!(!en.contains("<!--app-head-->"));
});

both_backends!(r2_10_the_theme_cookie_sets_the_class_before_any_script_runs, |backend| async move {
    let app = spawn_app(backend).await;
    let light = app.get("/").header("cookie", "theme=light").send().await.unwrap().text().await.unwrap();
    assert!(light.contains("class=\"theme-light\""), "{light}");
    let blocked = spawn_app_with(backend, |s| s.web.light_theme_allowed = false).await;
    let dark = blocked.get("/").header("cookie", "theme=light").send().await.unwrap().text().await.unwrap();
    assert!(dark.contains("class=\"theme-dark\""), "{dark}");
});

both_backends!(r2_09_mobile_user_agents_get_no_manifest_link, |backend| async move {
    let app = spawn_app(backend).await;
    let desktop = app
        .get("/")
        .header("user-agent", "Mozilla/5.0 (X11; Linux x86_64)")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(desktop.contains("rel=\"manifest\""));
    let phone = app.get("/").header("user-agent", IPHONE).send().await.unwrap().text().await.unwrap();
    assert!(!phone.contains("rel=\"manifest\""));
});

both_backends!(r1_14_the_engagement_script_is_injected_when_configured, |backend| async move {
    let app =
        spawn_app_with(backend, |s| s.web.engagement_script_url = Some("https://cdn.example.id/engage.js".into()))
            .await;
    let html = app.get("/").send().await.unwrap().text().await.unwrap();
    assert!(html.contains("<script async src=\"https://cdn.example.id/engage.js\""), "{html}");
});

both_backends!(english_chosen_in_the_cookie_redirects_bare_paths_to_en, |backend| async move {
    let app = spawn_app(backend).await;
    let response = app.get("/portfolio?tab=spot").header("cookie", "lang=en").send().await.unwrap();
    assert_eq!(response.status(), 303);
    assert_eq!(response.headers()["location"], "/en/portfolio?tab=spot");
});

both_backends!(built_files_are_served_and_missing_ones_are_404, |backend| async move {
    let app = spawn_app(backend).await;
    let asset = app.get("/assets/app-test.js").send().await.unwrap();
    assert_eq!(asset.status(), 200);
    assert!(asset.headers()["cache-control"].to_str().unwrap().contains("immutable"));
    assert_eq!(app.get("/assets/missing.js").send().await.unwrap().status(), 404);
    assert_eq!(app.get("/manifest.webmanifest").send().await.unwrap().status(), 200);
});

both_backends!(built_files_go_out_as_the_precompressed_copy_the_browser_accepts, |backend| async move {
    let app = spawn_app(backend).await;
    let brotli = app.get("/assets/app-test.js").header("accept-encoding", "gzip, br").send().await.unwrap();
    assert_eq!(brotli.headers()["content-encoding"], "br");
    assert_eq!(brotli.headers()["vary"], "accept-encoding");
    let gzip = app.get("/assets/app-test.js").header("accept-encoding", "gzip").send().await.unwrap();
    assert_eq!(gzip.headers()["content-encoding"], "gzip");
    let gzip_bytes = gzip.bytes().await.unwrap();
    assert_eq!(&gzip_bytes[..2], &[0x1f, 0x8b], "a gzip stream");
    let plain = app.get("/assets/app-test.js").send().await.unwrap();
    assert!(plain.headers().get("content-encoding").is_none());
    let source = include_str!("../fixtures/dist/assets/app-test.js");
    assert_eq!(plain.text().await.unwrap(), source);
});

both_backends!(big_api_answers_are_compressed_and_small_ones_are_not, |backend| async move {
    let app = spawn_app(backend).await;
    // The OpenAPI document is hundreds of KiB; the health answer a few bytes.
    let big = app.get("/api/openapi.json").header("accept-encoding", "gzip").send().await.unwrap();
    assert_eq!(big.status(), 200);
    assert_eq!(big.headers()["content-encoding"], "gzip");
    let small = app.get("/api/v9/nothing/here").header("accept-encoding", "gzip").send().await.unwrap();
    assert_eq!(small.status(), 404);
    assert!(small.headers().get("content-encoding").is_none(), "{:?}", small.headers());
});

both_backends!(the_service_worker_is_revalidated_on_every_visit, |backend| async move {
    let app = spawn_app(backend).await;
    let worker = app.get("/sw.js").send().await.unwrap();
    assert_eq!(worker.status(), 200);
    assert_eq!(worker.headers()["cache-control"], "no-cache");
});

both_backends!(every_answer_carries_the_security_headers, |backend| async move {
    // Issue 14: the shell, a built file, an API answer and an API error alike.
    let app = spawn_app(backend).await;
    for path in ["/", "/assets/app-test.js", "/api/v1/app/config", "/api/v9/nothing/here"] {
        let response = app.get(path).send().await.unwrap();
        let headers = response.headers();
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(headers["x-frame-options"], "DENY", "{path}");
        assert_eq!(headers["referrer-policy"], "strict-origin-when-cross-origin", "{path}");
        assert!(headers["permissions-policy"].to_str().unwrap().contains("camera=()"), "{path}");
        assert_eq!(headers["cross-origin-opener-policy"], "same-origin", "{path}");
        // The test server's public address is HTTPS.
        assert!(headers["strict-transport-security"].to_str().unwrap().starts_with("max-age="), "{path}");
    }
    let plain = spawn_app_with(backend, |s| s.http.public_url = "http://localhost:8080".into()).await;
    let response = plain.get("/").send().await.unwrap();
    assert!(response.headers().get("strict-transport-security").is_none(), "no HSTS over plain HTTP");
});

both_backends!(unknown_page_paths_answer_404_with_the_shell_and_known_ones_200, |backend| async move {
    // Issue 14: the shell still renders (the web app shows its not-found page), with the right status.
    let app = spawn_app(backend).await;
    for path in
        ["/", "/en", "/markets", "/en/trade/BTC-IDR", "/pwa/portfolio", "/en/pwa", "/account/privacy/change-pin"]
    {
        let response = app.get(path).send().await.unwrap();
        assert_eq!(response.status(), 200, "{path}");
        assert!(response.text().await.unwrap().contains("<html lang="), "{path}");
    }
    for path in ["/tidak-ada", "/en/nothing-here", "/trade/BTC-IDR/extra", "/pwa/nope", "/index.html"] {
        let response = app.get(path).send().await.unwrap();
        assert_eq!(response.status(), 404, "{path}");
        assert_eq!(response.headers()["content-type"], "text/html; charset=utf-8", "{path}");
        assert!(response.text().await.unwrap().contains("<html lang="), "{path}");
    }
    // Built files and the API keep their own 404s.
    assert_eq!(app.get("/assets/missing.js").send().await.unwrap().text().await.unwrap(), "not found");
    let api = app.get("/api/v9/nothing/here").send().await.unwrap();
    assert_eq!(api.status(), 404);
    assert!(api.headers()["content-type"].to_str().unwrap().starts_with("application/json"));
});

both_backends!(html_answers_carry_a_strict_csp_with_a_fresh_nonce_on_their_tags, |backend| async move {
    // Issue 14: the policy names this origin, the live feed and the answer's own nonce, nothing else.
    let app = spawn_app(backend).await;
    let mut nonces = Vec::new();
    for path in ["/", "/en/markets", "/tidak-ada"] {
        let response = app.get(path).send().await.unwrap();
        let policy = response.headers()["content-security-policy"].to_str().unwrap().to_string();
        let nonce = policy.split("'nonce-").nth(1).and_then(|rest| rest.split('\'').next()).unwrap().to_string();
        assert_eq!(
            policy,
            format!(
                "default-src 'self'; script-src 'self' 'nonce-{nonce}'; style-src 'self' 'nonce-{nonce}'; \
                 img-src 'self' data:; font-src 'self'; connect-src 'self' wss://app.example.id; worker-src 'self'; \
                 manifest-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"
            ),
            "{path}"
        );
        let html = response.text().await.unwrap();
        assert!(html.contains(&format!("src=\"/assets/app-test.js\" nonce=\"{nonce}\"")), "{html}");
        assert!(!html.contains("__CSP_NONCE__"), "{html}");
        nonces.push(nonce);
    }
    nonces.dedup();
    assert_eq!(nonces.len(), 3, "a fresh nonce per answer");
    // Built files and the API answer no HTML, so they need no policy.
    assert!(app.get("/assets/app-test.js").send().await.unwrap().headers().get("content-security-policy").is_none());

    // R1.14: the engagement script's origin only when one is configured.
    let engaged =
        spawn_app_with(backend, |s| s.web.engagement_script_url = Some("https://cdn.example.id/engage.js".into()))
            .await;
    let response = engaged.get("/").send().await.unwrap();
    let policy = response.headers()["content-security-policy"].to_str().unwrap();
    assert!(policy.contains("' https://cdn.example.id; style-src"), "{policy}");
});

both_backends!(issue_12_the_served_html_paints_the_pages_lead_before_any_script, |backend| async move {
    let app = spawn_app(backend).await;
    let response = app.get("/").send().await.unwrap();
    let policy = response.headers()["content-security-policy"].to_str().unwrap().to_string();
    let nonce = policy.split("'nonce-").nth(1).and_then(|rest| rest.split('\'').next()).unwrap().to_string();
    let home = response.text().await.unwrap();
    // The view's style carries the answer's nonce, so the policy lets it apply.
    assert!(home.contains(&format!("<div id=\"root\"><style nonce=\"{nonce}\">")), "{home}");
    assert!(home.contains("<h1 id=\"fp-home-title\">Semua investasi Anda, dalam satu tempat</h1>"), "{home}");
    assert!(home.contains("<a href=\"/\" aria-label=\"Lumbung, ke beranda\">"), "{home}");
    assert!(home.contains("--fp-up:#66bb6a"), "dark by default: {home}");

    let markets = app.get("/en/markets").send().await.unwrap().text().await.unwrap();
    assert!(markets.contains("<h1>Markets</h1></div><p>Prices of every asset, moving live."), "{markets}");
    assert!(markets.contains("<a href=\"/en\" aria-label=\"Lumbung, go to home\">"), "{markets}");
    let light = app.get("/markets").header("cookie", "theme=light").send().await.unwrap().text().await.unwrap();
    assert!(light.contains("class=\"theme-light\"") && light.contains("--fp-up:#2e7d32"), "{light}");
    assert!(light.contains("<h1>Pasar</h1>"), "{light}");
});

both_backends!(issue_12_a_trade_page_paints_the_servers_own_last_price_and_change, |backend| async move {
    // A clock that stands still: the page and the ticker answer read the same second.
    let (app, _clock) = spawn_app_with_clock(backend, |_| {}).await;
    let ticker: serde_json::Value =
        app.get("/api/v1/markets/ticker?symbol=BTC-IDR").send().await.unwrap().json().await.unwrap();
    let last: rust_decimal::Decimal = ticker["data"]["last"].as_str().unwrap().parse().unwrap();
    let change: rust_decimal::Decimal = ticker["data"]["changePct"].as_str().unwrap().parse().unwrap();
    let sign = if change > rust_decimal::Decimal::ZERO { "+" } else { "" };
    for (path, locale, words) in [
        ("/trade/BTC-IDR", domain::Locale::Id, ["Harga terakhir", "Perubahan 24 jam", "Tentang aset"]),
        ("/trade?ticker=btc-idr", domain::Locale::Id, ["Harga terakhir", "Perubahan 24 jam", "Tentang aset"]),
        ("/en/trade/BTC-IDR", domain::Locale::En, ["Last price", "24h change", "About this asset"]),
    ] {
        let html = app.get(path).send().await.unwrap().text().await.unwrap();
        let price = format!("Rp{}", domain::format::locale_number_text(last, locale));
        let change = format!("{sign}{}%", domain::format::locale_number_text(change, locale));
        assert!(html.contains(&format!("<span class=\"fp-last\">{price}</span>")), "{path}: {price} in {html}");
        assert!(html.contains(&format!("\">{change}</span>")), "{path}: {change} in {html}");
        assert!(html.contains("<h1>BTC-IDR</h1><p>Bitcoin · <a href="), "{path}: {html}");
        for word in words {
            assert!(html.contains(word), "{path}: {word} in {html}");
        }
    }
});

both_backends!(issue_12_other_pages_unknown_symbols_and_a_signed_in_home_get_the_empty_root, |backend| async move {
    let app = spawn_app(backend).await;
    for path in ["/portfolio", "/trade/NOPE-IDR", "/trade/%3Cscript%3E", "/tidak-ada", "/pwa/markets", "/login"] {
        let html = app.get(path).send().await.unwrap().text().await.unwrap();
        assert!(html.contains("<div id=\"root\"></div>"), "{path}: {html}");
        assert!(!html.contains("data-first-paint"), "{path}: {html}");
    }
    let signed_in = app.get("/").header("cookie", "token=a-session-token-0123456789").send().await.unwrap();
    assert!(signed_in.text().await.unwrap().contains("<div id=\"root\"></div>"), "the dashboard needs the app");
});
