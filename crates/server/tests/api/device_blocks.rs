//! The device fraud flag, enforced (R7.04, issue 21): a flagged session gets no tokens and no
//! answers until the owner unblocks it from another device; the new-device rule and the operator
//! both flag.

use serde_json::json;

use crate::both_backends;
use crate::helpers::{spawn_app_with, ADMIN_TOKEN, PIN};

both_backends!(r7_04_a_burst_of_new_devices_is_blocked_until_the_owner_unblocks_it, |backend| async move {
    let app = spawn_app_with(backend, |s| s.auth.new_devices_per_day_max = 2).await;
    let home = app.sign_up("081234569401").await;
    app.log_in("081234569401", PIN, "device-2").await.expect("a second device is fine");
    // A third device within the day: the session exists, flagged, and the device gets no tokens.
    let (status, body) = app.log_in("081234569401", PIN, "device-3").await.err().expect("blocked");
    assert_eq!((status, body["error_code"].as_str()), (403, Some("device_blocked")), "{body}");
    let (_, inactive) = app.get_as(&home, "/api/v1/user/devices?filter=INACTIVE").await;
    assert_eq!(inactive["total"], 1, "{inactive}");
    let flagged = inactive["data"][0]["id"].as_str().unwrap().to_string();
    // Logging in again from it changes nothing while it stays blocked.
    assert_eq!(app.log_in("081234569401", PIN, "device-3").await.err().unwrap().0, 403);

    // The owner unblocks it from a trusted device; the device logs in again and is known now.
    let (_, inactive) = app.get_as(&home, "/api/v1/user/devices?filter=INACTIVE").await;
    let flagged_now = inactive["data"][0]["id"].as_str().unwrap();
    assert_ne!(flagged_now, flagged, "the second try replaced the first flagged session");
    let (status, _) = app.post_as(&home, "/api/v1/user/devices/unblock-device", json!({"id": flagged_now})).await;
    assert_eq!(status, 204);
    let device_3 = app.log_in("081234569401", PIN, "device-3").await.expect("unblocked device logs in");
    assert_eq!(app.get_as(&device_3, "/api/v3/user/me").await.0, 200);
});

both_backends!(a_session_the_operator_flags_stops_answering_and_cannot_refresh, |backend| async move {
    let app = spawn_app_with(backend, |_| {}).await;
    let home = app.sign_up("081234569402").await;
    let phone = app.log_in("081234569402", PIN, "device-phone").await.unwrap();
    let flag = |session: String, reason: &'static str| {
        let request = app.client.post(app.url(&format!("/api/admin/sessions/{session}/flag"))).bearer_auth(ADMIN_TOKEN);
        async move { request.json(&json!({"reason": reason})).send().await.unwrap().status().as_u16() }
    };
    assert_eq!(flag("no-such-session".into(), "fraud report").await, 404);
    assert_eq!(flag(phone.session_id.clone(), " ").await, 400, "a reason is required");
    assert_eq!(flag(phone.session_id.clone(), "fraud report 123").await, 204);
    let (status, body) = app.get_as(&phone, "/api/v3/user/me").await;
    assert_eq!((status, body["error_code"].as_str()), (403, Some("device_blocked")));
    let (status, body) =
        app.post_json("/api/v1/user/token/refresh", json!({"refreshToken": phone.refresh_token})).await;
    assert_eq!((status, body["error_code"].as_str()), (403, Some("device_blocked")));
    // The flagged session cannot unblock itself; the other device can.
    let (status, _) = app.post_as(&phone, "/api/v1/user/devices/unblock-device", json!({"id": phone.session_id})).await;
    assert_eq!(status, 403);
    let (status, _) = app.post_as(&home, "/api/v1/user/devices/unblock-device", json!({"id": phone.session_id})).await;
    assert_eq!(status, 204);
    assert_eq!(app.get_as(&phone, "/api/v3/user/me").await.0, 200);
});
