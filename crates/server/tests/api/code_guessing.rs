//! Wrong codes and locked accounts (issue 21): a stranger's wrong log-in codes never lock the owner
//! out; guesses are limited per device and per address instead; a locked account is unlocked by the
//! operator or by the owner's PIN reset.

use serde_json::{json, Value};

use crate::both_backends;
use crate::helpers::{spawn_app_with, TestApp, ADMIN_TOKEN, PIN};

/// Asks a log-in code for `phone` and sends `code` for it from `device`.
async fn guess(app: &TestApp, otp_id: &str, code: &str, device: &str) -> (u16, Value) {
    let response = app
        .client
        .post(app.url("/api/v1/user/login/verify-otp"))
        .header("x-device-id", device)
        .json(&json!({"otpId": otp_id, "code": code}))
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

/// A log-in code for `phone`: its id and a code that is surely wrong.
async fn code_to_guess(app: &TestApp, phone: &str) -> (String, String) {
    let (status, sent) = app.post_json("/api/v1/user/login/phone", json!({"phone": phone})).await;
    assert_eq!(status, 200, "{sent}");
    let code = app.latest_code(phone).await;
    let wrong = if code == "000000" { "000001" } else { "000000" };
    (sent["data"]["otpId"].as_str().unwrap().to_string(), wrong.to_string())
}

both_backends!(a_strangers_wrong_log_in_codes_never_lock_the_owner_out, |backend| async move {
    let app = spawn_app_with(backend, |s| s.auth.failures_before_review = 3).await;
    app.sign_up("081234567101").await;
    // Ten wrong codes, from ten devices, on two codes the stranger asked for the owner's number.
    for round in 0..2 {
        let (otp_id, wrong) = code_to_guess(&app, "+6281234567101").await;
        for attempt in 0..5 {
            let (status, _) = guess(&app, &otp_id, &wrong, &format!("stranger-{round}-{attempt}")).await;
            assert_eq!(status, 400);
        }
    }
    let (status, body) = app.post_json("/api/v1/user/login/phone", json!({"phone": "081234567101"})).await;
    assert_eq!(status, 200, "the owner can still ask a code: {body}");
    assert!(app.log_in("081234567101", PIN, "owner-phone").await.is_ok());
});

both_backends!(wrong_codes_are_limited_per_device_even_with_the_right_code_after, |backend| async move {
    let app = spawn_app_with(backend, |s| s.auth.otp_failures_per_device_per_hour = 3).await;
    app.sign_up("081234567102").await;
    let (otp_id, wrong) = code_to_guess(&app, "+6281234567102").await;
    for _ in 0..3 {
        assert_eq!(guess(&app, &otp_id, &wrong, "guesser").await.0, 400);
    }
    let (otp_id, _) = code_to_guess(&app, "+6281234567102").await;
    let right = app.latest_code("+6281234567102").await;
    let (status, body) = guess(&app, &otp_id, &right, "guesser").await;
    assert_eq!((status, body["error_code"].as_str()), (429, Some("otp_guesses_limited")));
    // The refusal spent none of the code's tries: another device may still use it.
    let (status, body) = guess(&app, &otp_id, &right, "the-owners-phone").await;
    assert_eq!(status, 200, "{body}");
});

both_backends!(wrong_codes_are_limited_per_address_across_devices, |backend| async move {
    let app = spawn_app_with(backend, |s| s.auth.otp_failures_per_ip_per_hour = 4).await;
    app.sign_up("081234567103").await;
    let (otp_id, wrong) = code_to_guess(&app, "+6281234567103").await;
    for device in 0..4 {
        assert_eq!(guess(&app, &otp_id, &wrong, &format!("rotating-{device}")).await.0, 400);
    }
    let (otp_id, wrong) = code_to_guess(&app, "+6281234567103").await;
    let (status, body) = guess(&app, &otp_id, &wrong, "rotating-5").await;
    assert_eq!((status, body["error_code"].as_str()), (429, Some("otp_guesses_limited")));
    assert!(body["error_message"].as_str().unwrap().contains("satu jam"), "{body}");
});

both_backends!(a_locked_account_is_unlocked_by_the_operator_or_by_a_pin_reset, |backend| async move {
    let app = spawn_app_with(backend, |s| s.auth.failures_before_review = 3).await;
    let user = app.sign_up("081234567104").await;
    let lock = || async {
        for _ in 0..3 {
            let _ = app.log_in("081234567104", "975310", "device-x").await;
        }
        let (status, body) = app.post_json("/api/v1/user/login/phone", json!({"phone": "081234567104"})).await;
        assert_eq!((status, body["error_code"].as_str()), (403, Some("account_locked")));
    };
    lock().await;
    let unlock = |user_id: String| {
        let request = app.client.post(app.url(&format!("/api/admin/users/{user_id}/unlock"))).bearer_auth(ADMIN_TOKEN);
        async move {
            let response = request.send().await.unwrap();
            (response.status().as_u16(), response.json::<Value>().await.unwrap())
        }
    };
    assert_eq!(unlock("no-such-user".into()).await.0, 404);
    let (status, body) = unlock(user.user_id.clone()).await;
    assert_eq!((status, body["data"]["status"].as_str()), (200, Some("ACTIVE")), "{body}");
    assert!(app.log_in("081234567104", PIN, "device-y").await.is_ok());

    // Locked again, the owner unlocks it alone by proving the phone and setting a new PIN.
    lock().await;
    let (status, sent) = app.post_json("/api/v1/user/pin/forgot-pin/send-otp", json!({"phone": "081234567104"})).await;
    assert_eq!(status, 200, "{sent}");
    let code = app.latest_code("+6281234567104").await;
    let (_, verified) = app
        .post_json("/api/v1/user/pin/forgot-pin/verify-otp", json!({"otpId": sent["data"]["otpId"], "code": code}))
        .await;
    let token = verified["data"]["verificationToken"].as_str().unwrap();
    let (status, body) =
        app.post_json("/api/v1/user/pin/reset", json!({"verificationToken": token, "pin": "135790"})).await;
    assert_eq!(status, 200, "{body}");
    assert!(app.log_in("081234567104", "135790", "device-z").await.is_ok());
});
