//! Preferences: notification settings, the Telegram link (deep link + webhook), beta feedback,
//! client metadata, the CleverTap profile and the support identifier (R2.16, R3.16, R6.04). Bad
//! input answers 4xx and changes nothing; one user never sees another's data.

use serde_json::{json, Value};

use crate::both_backends;
use crate::helpers::{spawn_app_with, TestApp, User, ADMIN_TOKEN};

const WEBHOOK_SECRET: &str = "telegram-webhook-secret-0123456789";
const SETTINGS: &str = "/api/v1/user/notification-settings";
const WEBHOOK: &str = "/api/v1/telegram/webhook";

async fn app(backend: store::Backend) -> TestApp {
    spawn_app_with(backend, |s| {
        s.telegram.bot_username = "LumbungTestBot".into();
        s.telegram.webhook_secret = Some(WEBHOOK_SECRET.into());
        s.support.url = "https://help.example.id/s/login".into();
    })
    .await
}

async fn put_as(app: &TestApp, user: &User, path: &str, body: Value) -> (u16, Value) {
    let response = app
        .client
        .put(app.url(path))
        .header("x-request-id", uuid::Uuid::new_v4().to_string())
        .bearer_auth(&user.access_token)
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn delete_as(app: &TestApp, user: &User, path: &str) -> u16 {
    app.client
        .delete(app.url(path))
        .header("x-request-id", uuid::Uuid::new_v4().to_string())
        .bearer_auth(&user.access_token)
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

fn cell(settings: &Value, category: &str, channel: &str) -> Value {
    let categories = settings["data"]["categories"].as_array().expect("categories");
    let found = categories.iter().find(|c| c["category"] == category).expect("category");
    found["channels"].as_array().unwrap().iter().find(|c| c["channel"] == channel).expect("channel").clone()
}

fn change(category: &str, channel: &str, enabled: bool) -> Value {
    json!({"settings": [{"category": category, "channel": channel, "enabled": enabled}]})
}

both_backends!(r2_16_notification_settings_have_defaults_and_keep_changes, |backend| async move {
    let app = app(backend).await;
    let user = app.sign_up("081234570001").await;
    let other = app.sign_up("081234570002").await;
    let (status, settings) = app.get_as(&user, SETTINGS).await;
    assert_eq!(status, 200, "{settings}");
    assert_eq!(cell(&settings, "ORDER_FILLS", "PUSH")["enabled"], true);
    assert_eq!(cell(&settings, "PROMOTIONS", "EMAIL")["enabled"], false);
    assert_eq!(
        cell(&settings, "SECURITY", "SMS"),
        json!({"channel": "SMS", "enabled": true, "locked": true, "available": true})
    );
    assert_eq!(cell(&settings, "ORDER_FILLS", "TELEGRAM")["available"], false);
    assert_eq!(settings["data"]["telegramLinked"], false);

    let (status, body) = put_as(
        &app,
        &user,
        SETTINGS,
        json!({"settings": [
            {"category": "PROMOTIONS", "channel": "EMAIL", "enabled": true},
            {"category": "ORDER_FILLS", "channel": "PUSH", "enabled": false},
            {"category": "SECURITY", "channel": "SMS", "enabled": true}
        ]}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(cell(&body, "PROMOTIONS", "EMAIL")["enabled"], true);
    let (_, again) = app.get_as(&user, SETTINGS).await;
    assert_eq!(cell(&again, "PROMOTIONS", "EMAIL")["enabled"], true);
    assert_eq!(cell(&again, "ORDER_FILLS", "PUSH")["enabled"], false);
    // R6.04: another user's settings are their own.
    let (_, theirs) = app.get_as(&other, SETTINGS).await;
    assert_eq!(cell(&theirs, "PROMOTIONS", "EMAIL")["enabled"], false);
    assert_eq!(cell(&theirs, "ORDER_FILLS", "PUSH")["enabled"], true);
});

both_backends!(notification_settings_refuse_bad_changes_and_change_nothing, |backend| async move {
    let app = app(backend).await;
    let user = app.sign_up("081234570003").await;
    let (_, before) = app.get_as(&user, SETTINGS).await;
    // A good change beside a bad one must not be kept either.
    let cases = [
        (
            json!({"settings": [{"category": "NEWS", "channel": "PUSH", "enabled": true},
            {"category": "GOSSIP", "channel": "PUSH", "enabled": true}]}),
            400,
            "invalid_request",
        ),
        (
            json!({"settings": [{"category": "NEWS", "channel": "PUSH", "enabled": true},
            {"category": "NEWS", "channel": "FAX", "enabled": true}]}),
            400,
            "invalid_request",
        ),
        (change("PROMOTIONS", "SMS", true), 400, "invalid_request"),
        (
            json!({"settings": [{"category": "NEWS", "channel": "PUSH", "enabled": true},
            {"category": "SECURITY", "channel": "SMS", "enabled": false}]}),
            400,
            "setting_locked",
        ),
        (change("ORDER_FILLS", "TELEGRAM", false), 409, "telegram_not_linked"),
        (json!({"settings": []}), 400, "invalid_request"),
    ];
    for (body, status, code) in cases {
        let (got, answer) = put_as(&app, &user, SETTINGS, body.clone()).await;
        assert_eq!((got, answer["error_code"].as_str()), (status, Some(code)), "{body} → {answer}");
        assert!(!answer["error_message"].as_str().unwrap().is_empty());
    }
    let (status, _) = put_as(&app, &user, SETTINGS, json!({"settings": [{"category": "NEWS"}]})).await;
    assert_eq!(status, 422);
    let (_, after) = app.get_as(&user, SETTINGS).await;
    assert_eq!(before, after);
});

async fn deep_link_token(app: &TestApp, user: &User) -> String {
    let (status, body) = app.post_as(user, "/api/v1/user/telegram/deep-link", json!({})).await;
    assert_eq!(status, 200, "{body}");
    let url = body["data"]["url"].as_str().unwrap();
    assert!(chrono::DateTime::parse_from_rfc3339(body["data"]["expiresAt"].as_str().unwrap()).is_ok());
    url.strip_prefix("https://t.me/LumbungTestBot?start=").expect("a t.me deep link").to_string()
}

fn start_update(chat_id: i64, text: &str) -> Value {
    json!({"update_id": 1000 + chat_id, "message": {"message_id": 1, "date": 1_700_000_000,
        "from": {"id": chat_id, "is_bot": false, "first_name": "Budi", "language_code": "en"},
        "chat": {"id": chat_id, "type": "private", "username": "budi_s", "first_name": "Budi"}, "text": text}})
}

async fn send_update(app: &TestApp, secret: Option<&str>, update: Value) -> (u16, Value) {
    let mut request = app.client.post(app.url(WEBHOOK)).json(&update);
    if let Some(secret) = secret {
        request = request.header("X-Telegram-Bot-Api-Secret-Token", secret);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

both_backends!(telegram_start_with_a_deep_link_token_links_the_chat_once, |backend| async move {
    let app = app(backend).await;
    let user = app.sign_up("081234570004").await;
    let other = app.sign_up("081234570005").await;
    let token = deep_link_token(&app, &user).await;
    assert!(token.len() >= 32 && token.len() <= 64);

    // The secret header is required and must match; nothing is linked meanwhile.
    let (status, body) = send_update(&app, None, start_update(42, &format!("/start {token}"))).await;
    assert_eq!((status, body["error_code"].as_str()), (401, Some("webhook_unauthorized")));
    let (status, _) =
        send_update(&app, Some("wrong-secret-0123456789"), start_update(42, &format!("/start {token}"))).await;
    assert_eq!(status, 401);
    let (_, settings) = app.get_as(&user, SETTINGS).await;
    assert_eq!(settings["data"]["telegramLinked"], false);

    let (status, reply) = send_update(&app, Some(WEBHOOK_SECRET), start_update(42, &format!("/start {token}"))).await;
    assert_eq!(status, 200, "{reply}");
    assert_eq!((reply["method"].as_str(), reply["chat_id"].as_i64()), (Some("sendMessage"), Some(42)));
    assert!(reply["text"].as_str().unwrap().contains("connected"), "{reply}");
    let (_, settings) = app.get_as(&user, SETTINGS).await;
    assert_eq!(
        (settings["data"]["telegramLinked"].as_bool(), settings["data"]["telegramUsername"].as_str()),
        (Some(true), Some("budi_s"))
    );
    assert_eq!(cell(&settings, "ORDER_FILLS", "TELEGRAM")["available"], true);
    // R6.04: the other user is not linked.
    let (_, theirs) = app.get_as(&other, SETTINGS).await;
    assert_eq!(theirs["data"]["telegramLinked"], false);

    // Single use: the same token from another chat links nothing.
    let (status, reply) = send_update(&app, Some(WEBHOOK_SECRET), start_update(77, &format!("/start {token}"))).await;
    assert_eq!(status, 200);
    assert!(reply["text"].as_str().unwrap().contains("no longer valid"), "{reply}");
    let (_, theirs) = app.get_as(&other, SETTINGS).await;
    assert_eq!(theirs["data"]["telegramLinked"], false);

    // Updates that are not a start command are acknowledged and ignored.
    let (status, reply) = send_update(&app, Some(WEBHOOK_SECRET), start_update(42, "hello")).await;
    assert_eq!((status, reply), (200, json!({})));

    // Telegram cells can change while linked; unlinking resets them and answers 404 the second time.
    let (status, body) = put_as(&app, &user, SETTINGS, change("NEWS", "TELEGRAM", true)).await;
    assert_eq!((status, cell(&body, "NEWS", "TELEGRAM")["enabled"].as_bool()), (200, Some(true)));
    assert_eq!(delete_as(&app, &user, "/api/v1/user/telegram/link").await, 204);
    assert_eq!(delete_as(&app, &user, "/api/v1/user/telegram/link").await, 404);
    let (_, settings) = app.get_as(&user, SETTINGS).await;
    assert_eq!(settings["data"]["telegramLinked"], false);
    assert_eq!(cell(&settings, "NEWS", "TELEGRAM")["enabled"], false);
});

both_backends!(telegram_deep_links_expire_and_a_newer_one_replaces_the_older, |backend| async move {
    let expired_app = spawn_app_with(backend, |s| {
        s.telegram.webhook_secret = Some(WEBHOOK_SECRET.into());
        s.telegram.link_ttl_secs = 0;
    })
    .await;
    let user = expired_app.sign_up("081234570006").await;
    let (_, body) = expired_app.post_as(&user, "/api/v1/user/telegram/deep-link", json!({})).await;
    let token = body["data"]["url"].as_str().unwrap().split("start=").nth(1).unwrap().to_string();
    let (_, reply) = send_update(&expired_app, Some(WEBHOOK_SECRET), start_update(5, &format!("/start {token}"))).await;
    assert!(reply["text"].as_str().unwrap().contains("no longer valid"), "{reply}");
    let (_, settings) = expired_app.get_as(&user, SETTINGS).await;
    assert_eq!(settings["data"]["telegramLinked"], false);

    let app = app(backend).await;
    let user = app.sign_up("081234570007").await;
    let first = deep_link_token(&app, &user).await;
    let second = deep_link_token(&app, &user).await;
    assert_ne!(first, second);
    let (_, reply) = send_update(&app, Some(WEBHOOK_SECRET), start_update(6, &format!("/start {first}"))).await;
    assert!(reply["text"].as_str().unwrap().contains("no longer valid"));
    let (_, reply) =
        send_update(&app, Some(WEBHOOK_SECRET), start_update(6, &format!("/start@LumbungTestBot {second}"))).await;
    assert!(reply["text"].as_str().unwrap().contains("connected"), "{reply}");

    // Without a configured secret the webhook does not exist.
    let closed = spawn_app_with(backend, |_| {}).await;
    let (status, _) = send_update(&closed, Some(WEBHOOK_SECRET), start_update(6, "/start abc")).await;
    assert_eq!(status, 404);
});

both_backends!(beta_feedback_is_stored_validated_and_listed_for_operators, |backend| async move {
    let app = app(backend).await;
    let user = app.sign_up("081234570008").await;
    let good =
        json!({"rating": 4, "message": "Grafiknya bagus", "page": "/account", "context": {"appVersion": "1.2.3"}});
    let (status, body) = app.post_as(&user, "/api/v1/user/beta-feedback", good).await;
    assert_eq!(status, 200, "{body}");
    assert!(body["data"]["id"].as_i64().is_some());
    for bad in [
        json!({"rating": 0, "message": "x"}),
        json!({"rating": 6, "message": "x"}),
        json!({"rating": 3, "message": "x".repeat(2001)}),
        json!({"rating": 3, "message": "x", "context": {"blob": "y".repeat(3000)}}),
    ] {
        let (status, answer) = app.post_as(&user, "/api/v1/user/beta-feedback", bad).await;
        assert_eq!((status, answer["error_code"].as_str()), (400, Some("invalid_request")), "{answer}");
    }
    let (status, _) =
        app.post_as(&user, "/api/v1/user/beta-feedback", json!({"rating": 5, "message": "é".repeat(2000)})).await;
    assert_eq!(status, 200);

    // The operator API needs the operator token; a user's token is not one.
    let response = app.get("/api/admin/feedback").bearer_auth(&user.access_token).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 401);
    let listed: Value =
        app.get("/api/admin/feedback?rating=4").bearer_auth(ADMIN_TOKEN).send().await.unwrap().json().await.unwrap();
    assert_eq!(listed["total"], 1, "{listed}");
    let item = &listed["data"][0];
    assert_eq!((item["userId"].as_str(), item["rating"].as_i64()), (Some(user.user_id.as_str()), Some(4)));
    assert_eq!((item["message"].as_str(), item["page"].as_str()), (Some("Grafiknya bagus"), Some("/account")));
    assert_eq!(item["context"]["appVersion"], "1.2.3");
    let all: Value =
        app.get("/api/admin/feedback").bearer_auth(ADMIN_TOKEN).send().await.unwrap().json().await.unwrap();
    assert_eq!(all["total"], 2);
    // R9.06: sizes and pages outside the document's bounds are refused, never overflowed.
    for bad in ["size=1000", "page=100001", "page=9223372036854775807"] {
        let response = app.get(&format!("/api/admin/feedback?{bad}")).bearer_auth(ADMIN_TOKEN).send().await.unwrap();
        assert_eq!(response.status().as_u16(), 400, "{bad}");
    }
});

both_backends!(metadata_is_a_bounded_map_per_user, |backend| async move {
    let app = app(backend).await;
    let user = app.sign_up("081234570009").await;
    let other = app.sign_up("081234570010").await;
    let path = "/api/v1/user/save-metadata";
    let (status, body) = app
        .post_as(&user, path, json!({"metadata": {"appVersion": "1.0.0", "timezone": "Asia/Jakarta", "theme": "dark"}}))
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = app.post_as(&user, path, json!({"metadata": {"appVersion": "1.0.1", "theme": null}})).await;
    assert_eq!(status, 200);
    let expected = json!({"appVersion": "1.0.1", "timezone": "Asia/Jakarta"});
    assert_eq!(body["data"]["metadata"], expected);
    let (_, read) = app.get_as(&user, path).await;
    assert_eq!(read["data"]["metadata"], expected);

    let too_many: serde_json::Map<String, Value> = (0..31).map(|i| (format!("flag{i}"), json!("1"))).collect();
    for bad in [
        json!({"metadata": {"1bad": "x"}}),
        json!({"metadata": {"ok": "x".repeat(257)}}),
        json!({"metadata": {}}),
        json!({"metadata": too_many}),
    ] {
        let (status, answer) = app.post_as(&user, path, bad).await;
        assert_eq!(status, 400, "{answer}");
    }
    let (_, read) = app.get_as(&user, path).await;
    assert_eq!(read["data"]["metadata"], expected);
    // R6.04: another user's map is empty.
    let (_, theirs) = app.get_as(&other, path).await;
    assert_eq!(theirs["data"]["metadata"], json!({}));
});

both_backends!(clevertap_profile_is_merged_in_our_analytics_store, |backend| async move {
    let app = app(backend).await;
    let user = app.sign_up("081234570011").await;
    let path = "/api/v1/user/clevertap/profile";
    let (status, body) = app.post_as(&user, path, json!({"profile": {"Language": "id", "MSG-push": true}})).await;
    assert_eq!((status, body["data"]["properties"].as_i64()), (200, Some(2)), "{body}");
    let (status, body) = app.post_as(&user, path, json!({"profile": {"Language": "en", "Theme": "dark"}})).await;
    assert_eq!((status, body["data"]["properties"].as_i64()), (200, Some(3)));
    for bad in [
        json!({"profile": {"Nested": {"a": 1}}}),
        json!({"profile": {"Long": "x".repeat(513)}}),
        json!({"profile": {}}),
        json!({"profile": {"Language": "fr", "Gone": null}}),
    ] {
        let (status, _) = app.post_as(&user, path, bad).await;
        assert_eq!(status, 400);
    }
    let stored = store::analytics::profile(&app.state.db, &user.user_id).await.unwrap().unwrap();
    assert_eq!(stored, json!({"Language": "en", "MSG-push": true, "Theme": "dark"}));
});

both_backends!(r3_16_salesforce_web_info_gives_a_stable_opaque_identifier, |backend| async move {
    let app = app(backend).await;
    let user = app.sign_up("081234570012").await;
    let other = app.sign_up("081234570013").await;
    let path = "/api/v1/user/salesforce/web-info";
    let (status, first) = app.get_as(&user, path).await;
    assert_eq!(status, 200, "{first}");
    let id = first["data"]["salesforceIdentifier"].as_str().unwrap().to_string();
    assert!(!id.contains(&user.user_id));
    assert_eq!(first["data"]["supportUrl"], "https://help.example.id/s/login");
    assert_eq!(first["data"]["redirectUrl"], format!("https://help.example.id/s/login?salesforceIdentifier={id}"));
    let (_, again) = app.get_as(&user, path).await;
    assert_eq!(again["data"]["salesforceIdentifier"], id.as_str());
    let (_, theirs) = app.get_as(&other, path).await;
    assert_ne!(theirs["data"]["salesforceIdentifier"], id.as_str());
    let response = app.get(path).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 401);
});
