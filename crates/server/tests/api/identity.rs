//! Identity end to end (R1.13, R3.08, R7.03, R7.04, R6.04) and the attacks that must fail.

use serde_json::json;

use crate::both_backends;
use crate::helpers::{spawn_app, spawn_app_with, PIN};

both_backends!(r1_13_sign_up_by_phone_code_and_pin_then_log_out_and_in_again, |backend| async move {
    let app = spawn_app(backend).await;
    let user = app.sign_up("0812-3456-7001").await;
    // R7.03, R3.08: /api/v3/user/me names the user and the US-stock eligibility.
    let (status, me) = app.get_as(&user, "/api/v3/user/me").await;
    assert_eq!(status, 200);
    assert_eq!(me["data"]["phone"], "+6281234567001");
    assert_eq!(me["data"]["gssKycStatus"], "UNVERIFIED");
    assert_eq!(me["data"]["id"], user.user_id.as_str());
    let (status, _) = app.get_as(&user, "/api/v4/user/status").await;
    assert_eq!(status, 200);
    // R7.03: logout takes an empty body, and the token stops working on the next request.
    let logout = app.post("/api/v3/user/logout").bearer_auth(&user.access_token).send().await.unwrap();
    assert_eq!(logout.status(), 204);
    assert_eq!(app.get_as(&user, "/api/v3/user/me").await.0, 401);
    let again = app.log_in("+6281234567001", PIN, "device-2").await.expect("log in");
    assert_eq!(app.get_as(&again, "/api/v3/user/me").await.0, 200);
});

both_backends!(r7_03_validate_phone_tells_whether_a_number_may_log_in, |backend| async move {
    let app = spawn_app(backend).await;
    app.sign_up("081234567002").await;
    let (status, known) =
        app.post_json("/api/v4/user/login/validate/phone", json!({"phone": "+62 812 3456 7002"})).await;
    assert_eq!(status, 200);
    assert_eq!(known["data"], json!({"phone": "+6281234567002", "registered": true, "canLogin": true}));
    let (_, unknown) = app.post_json("/api/v4/user/login/validate/phone", json!({"phone": "081234567999"})).await;
    assert_eq!(unknown["data"]["registered"], false);
    let (status, bad) = app.post_json("/api/v4/user/login/validate/phone", json!({"phone": "12"})).await;
    assert_eq!((status, bad["error_code"].as_str()), (400, Some("invalid_phone")));
});

both_backends!(signing_up_twice_or_logging_in_unregistered_is_refused, |backend| async move {
    let app = spawn_app(backend).await;
    app.sign_up("081234567003").await;
    let (status, body) = app.post_json("/api/v1/user/signup/phone", json!({"phone": "081234567003"})).await;
    assert_eq!((status, body["error_code"].as_str()), (409, Some("phone_registered")));
    let (status, body) = app.post_json("/api/v1/user/login/phone", json!({"phone": "081234567004"})).await;
    assert_eq!((status, body["error_code"].as_str()), (404, Some("phone_not_registered")));
});

both_backends!(guessing_a_code_past_five_tries_fails_even_with_the_right_code, |backend| async move {
    let app = spawn_app(backend).await;
    let (_, sent) = app.post_json("/api/v1/user/signup/phone", json!({"phone": "081234567005"})).await;
    let otp_id = sent["data"]["otpId"].as_str().unwrap();
    let code = app.latest_code("+6281234567005").await;
    let wrong = if code == "000000" { "000001" } else { "000000" };
    for tries_left in (1..=4).rev() {
        let (status, body) =
            app.post_json("/api/v1/user/signup/verify-otp", json!({"otpId": otp_id, "code": wrong})).await;
        assert_eq!((status, body["error_code"].as_str()), (400, Some("otp_wrong")));
        assert!(body["error_message"].as_str().unwrap().contains(&tries_left.to_string()));
    }
    let (_, fifth) = app.post_json("/api/v1/user/signup/verify-otp", json!({"otpId": otp_id, "code": wrong})).await;
    assert_eq!(fifth["error_code"], "otp_expired");
    let (status, right) = app.post_json("/api/v1/user/signup/verify-otp", json!({"otpId": otp_id, "code": code})).await;
    assert_eq!((status, right["error_code"].as_str()), (400, Some("otp_expired")));
});

both_backends!(a_used_code_cannot_be_replayed_nor_serve_another_purpose, |backend| async move {
    let app = spawn_app(backend).await;
    let (_, sent) = app.post_json("/api/v1/user/signup/phone", json!({"phone": "081234567006"})).await;
    let otp_id = sent["data"]["otpId"].as_str().unwrap();
    let code = app.latest_code("+6281234567006").await;
    // A sign-up code is no log-in code.
    let (status, _) = app.post_json("/api/v1/user/login/verify-otp", json!({"otpId": otp_id, "code": code})).await;
    assert_eq!(status, 400);
    let (status, _) = app.post_json("/api/v1/user/signup/verify-otp", json!({"otpId": otp_id, "code": code})).await;
    assert_eq!(status, 200);
    let (status, replay) =
        app.post_json("/api/v1/user/signup/verify-otp", json!({"otpId": otp_id, "code": code})).await;
    assert_eq!((status, replay["error_code"].as_str()), (400, Some("otp_expired")));
});

both_backends!(a_verification_token_is_single_use, |backend| async move {
    let app = spawn_app(backend).await;
    let token = app.verified("signup", "081234567007").await;
    let (status, _) =
        app.post_json("/api/v1/user/pin/register-pin", json!({"verificationToken": token, "pin": PIN})).await;
    assert_eq!(status, 200);
    let (status, body) =
        app.post_json("/api/v1/user/pin/register-pin", json!({"verificationToken": token, "pin": "135790"})).await;
    assert_eq!(status, 400, "{body}");
    let (status, body) =
        app.post_json("/api/v1/user/pin/register-pin", json!({"verificationToken": "forged", "pin": PIN})).await;
    assert_eq!((status, body["error_code"].as_str()), (400, Some("verification_invalid")));
});

both_backends!(expired_codes_are_refused, |backend| async move {
    let app = spawn_app_with(backend, |s| s.auth.otp_ttl_secs = 0).await;
    let (_, sent) = app.post_json("/api/v1/user/signup/phone", json!({"phone": "081234567008"})).await;
    let code = app.latest_code("+6281234567008").await;
    let (status, body) =
        app.post_json("/api/v1/user/signup/verify-otp", json!({"otpId": sent["data"]["otpId"], "code": code})).await;
    assert_eq!((status, body["error_code"].as_str()), (400, Some("otp_expired")));
});

both_backends!(codes_have_a_resend_cooldown_and_an_hourly_limit, |backend| async move {
    let app = spawn_app_with(backend, |s| s.auth.otp_resend_cooldown_secs = 60).await;
    let (status, _) = app.post_json("/api/v1/user/signup/phone", json!({"phone": "081234567009"})).await;
    assert_eq!(status, 200);
    let response = app.post("/api/v1/user/signup/phone").json(&json!({"phone": "081234567009"})).send().await.unwrap();
    assert_eq!(response.status(), 429);
    assert!(response.headers().contains_key("retry-after"));
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["error_code"], "otp_cooldown");

    let limited = spawn_app_with(backend, |s| s.auth.otp_sends_per_phone_per_hour = 2).await;
    for _ in 0..2 {
        assert_eq!(limited.post_json("/api/v1/user/signup/phone", json!({"phone": "081234567010"})).await.0, 200);
    }
    let (status, body) = limited.post_json("/api/v1/user/signup/phone", json!({"phone": "081234567010"})).await;
    assert_eq!((status, body["error_code"].as_str()), (429, Some("otp_rate_limited")));
});

both_backends!(concurrent_code_requests_for_one_phone_never_pass_the_hourly_limit, |backend| async move {
    let app = spawn_app_with(backend, |s| s.auth.otp_sends_per_phone_per_hour = 3).await;
    let sends = (0..20).map(|_| app.post_json("/api/v1/user/signup/phone", json!({"phone": "081234567019"})));
    let statuses: Vec<u16> = futures::future::join_all(sends).await.into_iter().map(|(status, _)| status).collect();
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 3, "{statuses:?}");
    assert!(statuses.iter().all(|s| *s == 200 || *s == 429), "{statuses:?}");
    let inbox = app.get("/api/dev/otp-inbox?phone=%2B6281234567019").send().await.unwrap();
    let messages: serde_json::Value = inbox.json().await.unwrap();
    assert_eq!(messages["data"].as_array().map(Vec::len), Some(3));
});

both_backends!(new_pins_must_be_six_digits_and_not_trivial, |backend| async move {
    let app = spawn_app(backend).await;
    let token = app.verified("signup", "081234567011").await;
    for (pin, code) in
        [("12345", "pin_format"), ("abcdef", "pin_format"), ("123456", "pin_too_simple"), ("111111", "pin_too_simple")]
    {
        let (status, body) =
            app.post_json("/api/v1/user/pin/register-pin", json!({"verificationToken": token, "pin": pin})).await;
        assert_eq!((status, body["error_code"].as_str()), (400, Some(code)), "{pin}");
    }
    // The refusals did not use the token up.
    let (status, _) =
        app.post_json("/api/v1/user/pin/register-pin", json!({"verificationToken": token, "pin": PIN})).await;
    assert_eq!(status, 200);
});

both_backends!(five_wrong_pins_lock_the_pin_until_it_is_reset_by_code, |backend| async move {
    let app = spawn_app(backend).await;
    let first = app.sign_up("081234567012").await;
    for _ in 0..4 {
        let (status, body) = app.log_in("081234567012", "975310", "device-x").await.err().unwrap();
        assert_eq!((status, body["error_code"].as_str()), (400, Some("pin_wrong")));
    }
    let (_, body) = app.log_in("081234567012", "975310", "device-x").await.err().unwrap();
    assert_eq!(body["error_code"], "pin_locked");
    let (_, body) = app.log_in("081234567012", PIN, "device-x").await.err().unwrap();
    assert_eq!(body["error_code"], "pin_locked", "the right PIN does not unlock it");

    let (_, sent) = app.post_json("/api/v1/user/pin/forgot-pin/send-otp", json!({"phone": "081234567012"})).await;
    let code = app.latest_code("+6281234567012").await;
    let (_, verified) = app
        .post_json("/api/v1/user/pin/forgot-pin/verify-otp", json!({"otpId": sent["data"]["otpId"], "code": code}))
        .await;
    let token = verified["data"]["verificationToken"].as_str().unwrap();
    let (status, _) =
        app.post_json("/api/v1/user/pin/reset", json!({"verificationToken": token, "pin": "135790"})).await;
    assert_eq!(status, 200);
    assert_eq!(app.get_as(&first, "/api/v3/user/me").await.0, 401, "a reset ends the old sessions");
    assert!(app.log_in("081234567012", "135790", "device-y").await.is_ok());
});

both_backends!(consecutive_failures_lock_the_account_for_review, |backend| async move {
    let app = spawn_app_with(backend, |s| s.auth.failures_before_review = 3).await;
    let user = app.sign_up("081234567013").await;
    for _ in 0..3 {
        let _ = app.log_in("081234567013", "975310", "device-x").await;
    }
    let (status, body) = app.post_json("/api/v1/user/login/phone", json!({"phone": "081234567013"})).await;
    assert_eq!((status, body["error_code"].as_str()), (403, Some("account_locked")));
    assert_eq!(app.get_as(&user, "/api/v3/user/me").await.0, 403);
});

both_backends!(refresh_tokens_rotate_and_a_reused_one_ends_the_session, |backend| async move {
    let app = spawn_app(backend).await;
    let user = app.sign_up("081234567014").await;
    let (status, rotated) =
        app.post_json("/api/v1/user/token/refresh", json!({"refreshToken": user.refresh_token})).await;
    assert_eq!(status, 200);
    let new_access = rotated["data"]["accessToken"].as_str().unwrap().to_string();
    let ok = app.get("/api/v3/user/me").bearer_auth(&new_access).send().await.unwrap();
    assert_eq!(ok.status(), 200);
    // The old refresh token again: theft is assumed, the session ends.
    let (status, body) = app.post_json("/api/v1/user/token/refresh", json!({"refreshToken": user.refresh_token})).await;
    assert_eq!((status, body["error_code"].as_str()), (401, Some("refresh_invalid")));
    let after = app.get("/api/v3/user/me").bearer_auth(&new_access).send().await.unwrap();
    assert_eq!(after.status(), 401);
    let next = rotated["data"]["refreshToken"].as_str().unwrap();
    assert_eq!(app.post_json("/api/v1/user/token/refresh", json!({"refreshToken": next})).await.0, 401);
});

both_backends!(forged_and_malformed_tokens_are_refused, |backend| async move {
    let app = spawn_app(backend).await;
    let user = app.sign_up("081234567015").await;
    let mut parts: Vec<String> = user.access_token.split('.').map(str::to_string).collect();
    parts[2] = "AAAA".into();
    for token in [parts.join("."), "not-a-jwt".into(), format!("{}.{}.", "eyJhbGciOiJub25lIn0", parts[1])] {
        let response = app.get("/api/v3/user/me").bearer_auth(&token).send().await.unwrap();
        assert_eq!(response.status(), 401, "{token}");
    }
    assert_eq!(app.get("/api/v3/user/me").send().await.unwrap().status(), 401);
});

both_backends!(r7_04_devices_are_listed_ten_a_page_and_can_be_logged_out, |backend| async move {
    let app = spawn_app(backend).await;
    let here = app.sign_up("081234567016").await;
    let there = app.log_in("081234567016", PIN, "device-phone").await.unwrap();
    let (status, page) = app.get_as(&here, "/api/v1/user/devices?filter=ACTIVE&page=1&size=10").await;
    assert_eq!(status, 200);
    assert_eq!(page["total"], 2);
    assert_eq!(page["size"], 10);
    let current: Vec<_> = page["data"].as_array().unwrap().iter().filter(|d| d["current"] == true).collect();
    assert_eq!(current.len(), 1);
    assert_eq!(current[0]["id"], here.session_id.as_str());
    let (_, inactive) = app.get_as(&here, "/api/v1/user/devices?filter=INACTIVE").await;
    assert_eq!(inactive["total"], 0);
    assert_eq!(app.get_as(&here, "/api/v1/user/devices?size=11").await.0, 400);

    let (status, _) = app.post_as(&here, "/api/v1/user/devices/logout-device", json!({"id": there.session_id})).await;
    assert_eq!(status, 204);
    assert_eq!(app.get_as(&there, "/api/v3/user/me").await.0, 401);
    assert_eq!(app.get_as(&here, "/api/v3/user/me").await.0, 200);
});

both_backends!(r6_04_nobody_reads_or_logs_out_another_users_devices, |backend| async move {
    let app = spawn_app(backend).await;
    let alice = app.sign_up("081234567017").await;
    let mallory = app.sign_up("081234567018").await;
    let (status, _) =
        app.post_as(&mallory, "/api/v1/user/devices/logout-device", json!({"id": alice.session_id})).await;
    assert_eq!(status, 404);
    let (status, _) =
        app.post_as(&mallory, "/api/v1/user/devices/unblock-device", json!({"id": alice.session_id})).await;
    assert_eq!(status, 404);
    assert_eq!(app.get_as(&alice, "/api/v3/user/me").await.0, 200);
    let (_, page) = app.get_as(&mallory, "/api/v1/user/devices").await;
    assert_eq!(page["total"], 1);
});

both_backends!(a_pin_change_ends_every_session_and_opens_a_new_one, |backend| async move {
    let app = spawn_app(backend).await;
    let here = app.sign_up("081234567019").await;
    let there = app.log_in("081234567019", PIN, "device-other").await.unwrap();
    let (status, body) =
        app.post_as(&here, "/api/v1/user/pin/update", json!({"oldPin": "975310", "newPin": "135790"})).await;
    assert_eq!((status, body["error_code"].as_str()), (400, Some("pin_wrong")));
    let (status, body) =
        app.post_as(&here, "/api/v1/user/pin/update", json!({"oldPin": PIN, "newPin": "135790"})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(app.get_as(&here, "/api/v3/user/me").await.0, 401);
    assert_eq!(app.get_as(&there, "/api/v3/user/me").await.0, 401);
    let fresh = body["data"]["accessToken"].as_str().unwrap();
    assert_eq!(app.get("/api/v3/user/me").bearer_auth(fresh).send().await.unwrap().status(), 200);
});

both_backends!(parallel_pin_guesses_are_counted_before_hashing_so_at_most_five_are_evaluated, |backend| async move {
    use server::features::identity::repo::security_log_count;
    let app = spawn_app(backend).await;
    let user = app.sign_up("081234567021").await;
    // 100 wrong PINs at once: only the first five tries are compared, the rest are refused unread.
    let guesses = (0..100).map(|_| app.post_as(&user, "/api/v1/user/pin/verify-pin", json!({"pin": "975310"})));
    let answers: Vec<(u16, serde_json::Value)> = futures::future::join_all(guesses).await;
    let code = |a: &(u16, serde_json::Value)| a.1["error_code"].as_str().unwrap_or_default().to_owned();
    let wrong = answers.iter().filter(|a| code(a) == "pin_wrong").count();
    let locked = answers.iter().filter(|a| code(a) == "pin_locked").count();
    assert_eq!((wrong, locked), (4, 96), "{:?}", answers.iter().map(code).collect::<Vec<_>>());
    assert_eq!(security_log_count(&app.state.db, &user.user_id, "pin_failed").await.unwrap(), 5);
    // Once locked, the right PIN is refused too, until the PIN is reset by code.
    let (status, body) = app.post_as(&user, "/api/v1/user/pin/verify-pin", json!({"pin": PIN})).await;
    assert_eq!((status, body["error_code"].as_str()), (400, Some("pin_locked")));
});

both_backends!(a_right_pin_among_parallel_wrong_ones_counts_only_inside_the_limit, |backend| async move {
    let app = spawn_app(backend).await;
    let user = app.sign_up("081234567022").await;
    // The experiment of the review: 30 at once, the right PIN 12th. However they interleave, at
    // most five are compared before the lock, and a right PIN is accepted only as one of them.
    let pins: Vec<&str> = (0..30).map(|i| if i == 11 { PIN } else { "975310" }).collect();
    let tries = pins.iter().map(|pin| app.post_as(&user, "/api/v1/user/pin/verify-pin", json!({"pin": pin})));
    let answers: Vec<(u16, serde_json::Value)> = futures::future::join_all(tries).await;
    let evaluated = answers.iter().filter(|(status, body)| *status == 200 || body["error_code"] == "pin_wrong").count();
    let accepted = answers.iter().filter(|(status, _)| *status == 200).count();
    let wrong = answers.iter().filter(|(_, body)| body["error_code"] == "pin_wrong").count();
    assert!(accepted <= 1);
    // A right PIN starts a new cycle of five; without it, at most four are answered "wrong".
    assert!(wrong <= 4 + 5 * accepted && evaluated <= 5 + 5 * accepted, "{wrong} wrong, {accepted} accepted");
});

both_backends!(verify_pin_re_confirms_a_session, |backend| async move {
    let app = spawn_app(backend).await;
    let user = app.sign_up("081234567020").await;
    let (status, body) = app.post_as(&user, "/api/v1/user/pin/verify-pin", json!({"pin": PIN})).await;
    assert_eq!(status, 200);
    assert!(body["data"]["verifiedAtMs"].as_i64().unwrap() > 0);
    let (status, _) = app.post_as(&user, "/api/v1/user/pin/verify-pin", json!({"pin": "975310"})).await;
    assert_eq!(status, 400);
    let anonymous = app.post("/api/v1/user/pin/verify-pin").json(&json!({"pin": PIN})).send().await.unwrap();
    assert_eq!(anonymous.status(), 401);
});

both_backends!(terms_are_accepted_once_for_the_current_version, |backend| async move {
    let app = spawn_app(backend).await;
    let user = app.sign_up("081234567021").await;
    let (_, status) = app.get_as(&user, "/api/v4/user/status").await;
    assert_eq!(status["data"]["termsAccepted"], false);
    assert_eq!(app.post_as(&user, "/api/v1/user/bappebti-tnc", json!({"version": 99})).await.0, 400);
    let (code, me) = app.post_as(&user, "/api/v1/user/bappebti-tnc", json!({"version": 1})).await;
    assert_eq!(code, 200);
    assert_eq!(me["data"]["termsAccepted"], true);
});

both_backends!(the_development_inbox_exists_only_in_sandbox_mode, |backend| async move {
    let app = spawn_app_with(backend, |s| s.mode = server::config::Mode::Production).await;
    let response = app.get("/api/dev/otp-inbox?phone=081234567022").send().await.unwrap();
    assert_eq!(response.status(), 404);
});

both_backends!(logins_and_failures_are_in_the_security_log, |backend| async move {
    let app = spawn_app(backend).await;
    let user = app.sign_up("081234567023").await;
    let _ = app.log_in("081234567023", "975310", "d").await;
    app.log_in("081234567023", PIN, "d").await.unwrap();
    let db = &app.state.db;
    use server::features::identity::repo::security_log_count;
    assert_eq!(security_log_count(db, &user.user_id, "signup").await.unwrap(), 1);
    assert_eq!(security_log_count(db, &user.user_id, "pin_failed").await.unwrap(), 1);
    assert_eq!(security_log_count(db, &user.user_id, "login").await.unwrap(), 1);
});
