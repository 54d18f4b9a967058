//! Profile changes end to end: phone change and e-mail change by one-time code, optional profile
//! data, the change status, and referral codes (R1.13 sign-up with a referral, R6.04 for another
//! user's requests).

use serde_json::{json, Value};

use crate::both_backends;
use crate::helpers::{spawn_app, spawn_app_with, TestApp, User, PIN};

impl TestApp {
    /// The newest code the e-mail sandbox sent to `email`.
    async fn latest_email_code(&self, email: &str) -> String {
        let inbox: Value = self
            .get(&format!("/api/dev/otp-inbox?email={}", email.replace('+', "%2B")))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(inbox["data"][0]["channel"], "EMAIL", "{inbox}");
        inbox["data"][0]["code"].as_str().expect("a code in the inbox").to_string()
    }

    /// Asks for a phone-change code as `user`; returns the otp id.
    async fn phone_change_otp(&self, user: &User, new_phone: &str) -> String {
        let (status, body) =
            self.post_as(user, "/api/v1/user/phone-change/get-otp", json!({"newPhone": new_phone, "pin": PIN})).await;
        assert_eq!(status, 200, "{body}");
        body["data"]["otpId"].as_str().unwrap().to_string()
    }

    /// Asks for an e-mail-change code as `user`; returns the otp id.
    async fn email_change_otp(&self, user: &User, email: &str) -> String {
        let (status, body) =
            self.post_as(user, "/api/v1/user/email-change/get-otp", json!({"email": email, "pin": PIN})).await;
        assert_eq!(status, 200, "{body}");
        body["data"]["otpId"].as_str().unwrap().to_string()
    }

    /// Verifies the e-mail code as `user` and applies the address; returns `/v3/user/me`'s data.
    async fn change_email(&self, user: &User, email: &str) -> Value {
        let otp_id = self.email_change_otp(user, email).await;
        let code = self.latest_email_code(email).await;
        let (status, verified) =
            self.post_as(user, "/api/v1/user/email-change/verify-otp", json!({"otpId": otp_id, "otp": code})).await;
        assert_eq!(status, 200, "{verified}");
        let token = verified["data"]["changeToken"].as_str().unwrap();
        let (status, me) =
            self.post_as(user, "/api/v1/user/update-user-data", json!({"email": email, "changeToken": token})).await;
        assert_eq!(status, 200, "{me}");
        me["data"].clone()
    }

    async fn change_status(&self, user: &User) -> Value {
        let (status, body) = self.get_as(user, "/api/v1/user/app-data-change-status").await;
        assert_eq!(status, 200, "{body}");
        body["data"].clone()
    }
}

fn wrong(code: &str) -> &'static str {
    if code == "000000" {
        "000001"
    } else {
        "000000"
    }
}

both_backends!(a_phone_change_moves_the_log_in_to_the_new_number_and_ends_other_sessions, |backend| async move {
    let app = spawn_app(backend).await;
    let user = app.sign_up("081234568001").await;
    let other_device = app.log_in("081234568001", PIN, "device-other").await.unwrap();
    assert_eq!(app.change_status(&user).await["phone"]["status"], "NONE");

    let otp_id = app.phone_change_otp(&user, "0812-3456-8002").await;
    // The code goes to the NEW number, nothing to the old one after the log-in codes.
    let code = app.latest_code("+6281234568002").await;
    let status = app.change_status(&user).await;
    assert_eq!(status["phone"]["status"], "OTP_SENT");
    assert_eq!(status["phone"]["target"], "+62*******8002");

    let (code_status, changed) =
        app.post_as(&user, "/api/v1/user/phone-change/verify-otp", json!({"otpId": otp_id, "otp": code})).await;
    assert_eq!(code_status, 200, "{changed}");
    assert_eq!(changed["data"]["phone"], "+6281234568002");
    assert_eq!(changed["data"]["sessionsEnded"], 1);

    // This session continues; the other device's session ended.
    let (_, me) = app.get_as(&user, "/api/v3/user/me").await;
    assert_eq!(me["data"]["phone"], "+6281234568002");
    assert_eq!(app.get_as(&other_device, "/api/v3/user/me").await.0, 401);
    let status = app.change_status(&user).await;
    assert_eq!(status["phone"]["status"], "COMPLETED");
    assert!(status["phone"]["completedAtMs"].as_i64().is_some());

    // The old number no longer logs in; the new one does.
    let (s, body) = app.post_json("/api/v1/user/login/phone", json!({"phone": "081234568001"})).await;
    assert_eq!((s, body["error_code"].as_str()), (404, Some("phone_not_registered")));
    app.log_in("081234568002", PIN, "device-3").await.expect("log in with the new number");

    // Replaying the used code changes nothing.
    let (s, body) =
        app.post_as(&user, "/api/v1/user/phone-change/verify-otp", json!({"otpId": otp_id, "otp": code})).await;
    assert_eq!((s, body["error_code"].as_str()), (400, Some("otp_expired")));
    use server::features::identity::repo::security_log_count;
    assert_eq!(security_log_count(&app.state.db, &user.user_id, "phone_changed").await.unwrap(), 1);
});

both_backends!(a_phone_change_needs_the_pin_and_a_free_different_valid_number, |backend| async move {
    let app = spawn_app(backend).await;
    let user = app.sign_up("081234568011").await;
    app.sign_up("081234568012").await;
    let path = "/api/v1/user/phone-change/get-otp";
    let cases = [
        (json!({"newPhone": "081234568013", "pin": "111111"}), 400, "pin_wrong"),
        (json!({"newPhone": "12", "pin": PIN}), 400, "invalid_phone"),
        (json!({"newPhone": "+62 812 3456 8011", "pin": PIN}), 400, "phone_same"),
        (json!({"newPhone": "081234568012", "pin": PIN}), 409, "phone_taken"),
    ];
    for (body, status, code) in cases {
        let (s, answer) = app.post_as(&user, path, body.clone()).await;
        assert_eq!((s, answer["error_code"].as_str()), (status, Some(code)), "{body}");
    }
    let (s, _) = app.post_json(path, json!({"newPhone": "081234568013", "pin": PIN})).await;
    assert_eq!(s, 401);
    // Nothing was sent and nothing changed.
    assert_eq!(app.change_status(&user).await["phone"]["status"], "NONE");
    let (_, me) = app.get_as(&user, "/api/v3/user/me").await;
    assert_eq!(me["data"]["phone"], "+6281234568011");
});

both_backends!(an_expired_phone_code_is_refused, |backend| async move {
    let (app, clock) = crate::helpers::spawn_app_with_clock(backend, |s| s.auth.otp_ttl_secs = 1).await;
    let user = app.sign_up("081234568021").await;
    let verify = "/api/v1/user/phone-change/verify-otp";
    let first = app.phone_change_otp(&user, "081234568023").await;
    let first_code = app.latest_code("+6281234568023").await;
    crate::helpers::advance(&clock, 2);
    let (s, body) = app.post_as(&user, verify, json!({"otpId": first, "otp": first_code})).await;
    assert_eq!((s, body["error_code"].as_str()), (400, Some("otp_expired")));
    assert_eq!(app.change_status(&user).await["phone"]["status"], "EXPIRED");
});

both_backends!(codes_are_bound_to_their_request_and_their_account, |backend| async move {
    let app = spawn_app(backend).await;
    let user = app.sign_up("081234568031").await;
    let stranger = app.sign_up("081234568032").await;
    let verify = "/api/v1/user/phone-change/verify-otp";

    let first = app.phone_change_otp(&user, "081234568033").await;
    let first_code = app.latest_code("+6281234568033").await;
    // A newer request ends the older one: its code no longer works.
    let second = app.phone_change_otp(&user, "081234568034").await;
    let second_code = app.latest_code("+6281234568034").await;
    let (s, body) = app.post_as(&user, verify, json!({"otpId": first, "otp": first_code})).await;
    assert_eq!((s, body["error_code"].as_str()), (400, Some("otp_expired")));
    // A code for another request.
    if first_code != second_code {
        let (s, body) = app.post_as(&user, verify, json!({"otpId": second, "otp": first_code})).await;
        assert_eq!((s, body["error_code"].as_str()), (400, Some("otp_wrong")));
    }
    // R6.04: another user cannot use (or learn about) this request, and it stays untouched.
    let (s, body) = app.post_as(&stranger, verify, json!({"otpId": second, "otp": second_code})).await;
    assert_eq!((s, body["error_code"].as_str()), (404, Some("not_found")));
    assert_eq!(app.change_status(&stranger).await["phone"]["status"], "NONE");
    assert_eq!(app.change_status(&user).await["phone"]["status"], "OTP_SENT");
    // A wrong code, then the right one.
    let (s, body) = app.post_as(&user, verify, json!({"otpId": second, "otp": wrong(&second_code)})).await;
    assert_eq!((s, body["error_code"].as_str()), (400, Some("otp_wrong")));
    let (s, body) = app.post_as(&user, verify, json!({"otpId": second, "otp": second_code})).await;
    assert_eq!(s, 200, "{body}");
    let (_, me) = app.get_as(&stranger, "/api/v3/user/me").await;
    assert_eq!(me["data"]["phone"], "+6281234568032");
    // A phone-change code does not serve as a log-in code.
    let (s, _) = app.post_json("/api/v1/user/login/verify-otp", json!({"otpId": second, "code": second_code})).await;
    assert_eq!(s, 400);
});

both_backends!(two_users_racing_for_one_new_number_cannot_both_win, |backend| async move {
    let app = spawn_app(backend).await;
    let alice = app.sign_up("081234568041").await;
    let bob = app.sign_up("081234568042").await;
    let target = "081234568049";
    // Both ask while the number is free (the cooldown is off in tests).
    let alice_otp = app.phone_change_otp(&alice, target).await;
    let alice_code = app.latest_code("+6281234568049").await;
    let bob_otp = app.phone_change_otp(&bob, target).await;
    let bob_code = app.latest_code("+6281234568049").await;
    let verify = "/api/v1/user/phone-change/verify-otp";
    let (a, b) = tokio::join!(
        app.post_as(&alice, verify, json!({"otpId": alice_otp, "otp": alice_code})),
        app.post_as(&bob, verify, json!({"otpId": bob_otp, "otp": bob_code})),
    );
    let mut statuses = [a.0, b.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "{a:?} {b:?}");
    let loser = if a.0 == 409 { &a.1 } else { &b.1 };
    assert_eq!(loser["error_code"], "phone_taken");
    let (_, alice_me) = app.get_as(&alice, "/api/v3/user/me").await;
    let (_, bob_me) = app.get_as(&bob, "/api/v3/user/me").await;
    let phones = [alice_me["data"]["phone"].as_str().unwrap(), bob_me["data"]["phone"].as_str().unwrap()];
    assert_eq!(phones.iter().filter(|p| **p == "+6281234568049").count(), 1, "{phones:?}");
    let loser_user = if a.0 == 409 { &alice } else { &bob };
    assert_eq!(app.change_status(loser_user).await["phone"]["status"], "EXPIRED");
});

both_backends!(an_email_change_applies_a_verified_address_once, |backend| async move {
    let app = spawn_app(backend).await;
    let user = app.sign_up("081234568051").await;
    let (_, me) = app.get_as(&user, "/api/v3/user/me").await;
    assert_eq!(me["data"]["email"], Value::Null);
    assert_eq!(app.change_status(&user).await["email"]["status"], "NONE");

    let otp_id = app.email_change_otp(&user, "Budi.Santoso@Example.co.id").await;
    let status = app.change_status(&user).await;
    assert_eq!(status["email"]["status"], "OTP_SENT");
    assert_eq!(status["email"]["target"], "b***o@example.co.id");
    let code = app.latest_email_code("budi.santoso@example.co.id").await;
    let verify = "/api/v1/user/email-change/verify-otp";
    let (s, body) = app.post_as(&user, verify, json!({"otpId": otp_id, "otp": wrong(&code)})).await;
    assert_eq!((s, body["error_code"].as_str()), (400, Some("otp_wrong")));
    let (s, verified) = app.post_as(&user, verify, json!({"otpId": otp_id, "otp": code})).await;
    assert_eq!(s, 200, "{verified}");
    assert_eq!(app.change_status(&user).await["email"]["status"], "VERIFIED");
    let token = verified["data"]["changeToken"].as_str().unwrap();

    let update = "/api/v1/user/update-user-data";
    // The token serves only the address it verified, and only with the address.
    let (s, body) = app.post_as(&user, update, json!({"email": "other@example.com", "changeToken": token})).await;
    assert_eq!((s, body["error_code"].as_str()), (400, Some("email_not_verified")));
    let (s, body) = app.post_as(&user, update, json!({"email": "budi.santoso@example.co.id"})).await;
    assert_eq!((s, body["error_code"].as_str()), (400, Some("email_not_verified")));
    let (s, me) = app
        .post_as(
            &user,
            update,
            json!({"email": "budi.santoso@example.co.id", "changeToken": token, "occupation": "ENTREPRENEUR"}),
        )
        .await;
    assert_eq!(s, 200, "{me}");
    assert_eq!(me["data"]["email"], "budi.santoso@example.co.id");
    assert_eq!(me["data"]["occupation"], "ENTREPRENEUR");
    let (_, me) = app.get_as(&user, "/api/v3/user/me").await;
    assert_eq!(me["data"]["email"], "budi.santoso@example.co.id");
    assert_eq!(app.change_status(&user).await["email"]["status"], "COMPLETED");
    // Replayed token.
    let (s, body) =
        app.post_as(&user, update, json!({"email": "budi.santoso@example.co.id", "changeToken": token})).await;
    assert_eq!((s, body["error_code"].as_str()), (400, Some("verification_invalid")));
    // The same address again.
    let (s, body) = app
        .post_as(&user, "/api/v1/user/email-change/get-otp", json!({"email": "BUDI.SANTOSO@example.co.id", "pin": PIN}))
        .await;
    assert_eq!((s, body["error_code"].as_str()), (400, Some("email_same")));
});

both_backends!(email_changes_refuse_bad_and_taken_addresses_and_foreign_tokens, |backend| async move {
    let app = spawn_app(backend).await;
    let user = app.sign_up("081234568061").await;
    let stranger = app.sign_up("081234568062").await;
    app.change_email(&stranger, "siti@example.com").await;
    let get = "/api/v1/user/email-change/get-otp";
    for bad in ["siti", "siti@", "siti@example", "si..ti@example.com", "siti@exa_mple.com"] {
        let (s, body) = app.post_as(&user, get, json!({"email": bad, "pin": PIN})).await;
        assert_eq!((s, body["error_code"].as_str()), (400, Some("invalid_email")), "{bad}");
    }
    let (s, body) = app.post_as(&user, get, json!({"email": "Siti@Example.com", "pin": PIN})).await;
    assert_eq!((s, body["error_code"].as_str()), (409, Some("email_taken")));
    // Issue 21: a session alone cannot redirect the account's mail; the PIN is asked, and a wrong
    // one sends nothing.
    let (s, _) = app.post_as(&user, get, json!({"email": "new@example.com"})).await;
    assert_eq!(s, 422, "the PIN is required");
    let (s, body) = app.post_as(&user, get, json!({"email": "new@example.com", "pin": "975310"})).await;
    assert_eq!((s, body["error_code"].as_str()), (400, Some("pin_wrong")));
    let inbox: Value =
        app.get("/api/dev/otp-inbox?email=new%40example.com").send().await.unwrap().json().await.unwrap();
    assert_eq!(inbox["data"].as_array().map(Vec::len), Some(0), "{inbox}");

    // Both verify the same free address; the second to apply it is refused.
    let address = "shared@example.com";
    let mut tokens = Vec::new();
    for who in [&user, &stranger] {
        let otp_id = app.email_change_otp(who, address).await;
        let code = app.latest_email_code(address).await;
        let (s, verified) =
            app.post_as(who, "/api/v1/user/email-change/verify-otp", json!({"otpId": otp_id, "otp": code})).await;
        assert_eq!(s, 200, "{verified}");
        tokens.push(verified["data"]["changeToken"].as_str().unwrap().to_string());
    }
    // R6.04: the stranger cannot use the user's token.
    let update = "/api/v1/user/update-user-data";
    let (s, body) = app.post_as(&stranger, update, json!({"email": address, "changeToken": tokens[0]})).await;
    assert_eq!((s, body["error_code"].as_str()), (400, Some("verification_invalid")));
    let (s, _) = app.post_as(&user, update, json!({"email": address, "changeToken": tokens[0]})).await;
    assert_eq!(s, 200);
    let (s, body) = app.post_as(&stranger, update, json!({"email": address, "changeToken": tokens[1]})).await;
    assert_eq!((s, body["error_code"].as_str()), (409, Some("email_taken")));
    let (_, me) = app.get_as(&stranger, "/api/v3/user/me").await;
    assert_eq!(me["data"]["email"], "siti@example.com");
});

both_backends!(profile_data_is_optional_closed_lists_applied_all_or_nothing, |backend| async move {
    let app = spawn_app(backend).await;
    let user = app.sign_up("081234568071").await;
    let update = "/api/v1/user/update-user-data";
    let (s, body) = app.post_as(&user, update, json!({})).await;
    assert_eq!((s, body["error_code"].as_str()), (400, Some("nothing_to_update")));
    // Outside the closed list: the body does not match its schema (422, as for every call).
    let (s, _) = app.post_as(&user, update, json!({"occupation": "ASTRONAUT"})).await;
    assert_eq!(s, 422);
    let (s, me) =
        app.post_as(&user, update, json!({"incomeRange": "FROM_100M_TO_500M", "investmentGoal": "RETIREMENT"})).await;
    assert_eq!(s, 200, "{me}");
    let (s, me2) = app.post_as(&user, update, json!({"occupation": "STUDENT"})).await;
    assert_eq!(s, 200);
    assert_eq!(me["data"]["incomeRange"], "FROM_100M_TO_500M");
    assert_eq!(me2["data"]["incomeRange"], "FROM_100M_TO_500M");
    assert_eq!(me2["data"]["investmentGoal"], "RETIREMENT");
    assert_eq!(me2["data"]["occupation"], "STUDENT");
    // A bad token with good fields changes nothing.
    let (s, _) = app
        .post_as(&user, update, json!({"email": "x@example.com", "changeToken": "nope", "occupation": "RETIRED"}))
        .await;
    assert_eq!(s, 400);
    let (_, me3) = app.get_as(&user, "/api/v3/user/me").await;
    assert_eq!(me3["data"]["occupation"], "STUDENT");
    assert_eq!(me3["data"]["email"], Value::Null);
});

both_backends!(the_email_inbox_is_separate_and_sandbox_only, |backend| async move {
    let app = spawn_app(backend).await;
    let user = app.sign_up("081234568081").await;
    app.email_change_otp(&user, "inbox@example.com").await;
    let inbox: Value =
        app.get("/api/dev/otp-inbox?email=inbox@example.com").send().await.unwrap().json().await.unwrap();
    let message = &inbox["data"][0];
    assert_eq!(message["channel"], "EMAIL");
    assert_eq!(message["destination"], "inbox@example.com");
    assert_eq!(message["purpose"], "EMAIL_CHANGE");
    assert_eq!(message["phone"], Value::Null);
    let sms: Value = app.get("/api/dev/otp-inbox?phone=081234568081").send().await.unwrap().json().await.unwrap();
    assert_eq!(sms["data"][0]["channel"], "SMS");
    assert_eq!(app.get("/api/dev/otp-inbox").send().await.unwrap().status(), 400);

    let closed = spawn_app_with(backend, |s| s.mode = server::config::Mode::Production).await;
    let response = closed.get("/api/dev/otp-inbox?email=inbox@example.com").send().await.unwrap();
    assert_eq!(response.status(), 404);
});

async fn sign_up_with_referral(app: &TestApp, phone: &str, code: &str) -> (u16, Value) {
    let token = app.verified("signup", phone).await;
    app.post_json(
        "/api/v1/user/pin/register-pin",
        json!({"verificationToken": token, "pin": PIN, "referralCode": code}),
    )
    .await
}

both_backends!(r1_13_every_user_has_a_referral_code_and_sign_up_records_the_referrer, |backend| async move {
    let app = spawn_app(backend).await;
    let referrer = app.sign_up("081234568091").await;
    let (_, me) = app.get_as(&referrer, "/api/v3/user/me").await;
    let code = me["data"]["referralCode"].as_str().unwrap().to_string();
    assert_eq!(code.len(), 8);

    let check = "/api/v1/user/signup/verify-referral";
    let (s, valid) = app.post_json(check, json!({"referralCode": code.to_lowercase()})).await;
    assert_eq!(s, 200, "{valid}");
    assert_eq!(valid["data"]["referralCode"], code.as_str());
    assert_eq!(valid["data"]["referrerPhone"], "+62*******8091");
    let (s, body) = app.post_json(check, json!({"referralCode": "ZZZZZZZZ"})).await;
    assert_eq!((s, body["error_code"].as_str()), (400, Some("referral_invalid")));
    let (s, body) = app.post_json(check, json!({"referralCode": "bad"})).await;
    assert_eq!((s, body["error_code"].as_str()), (400, Some("referral_invalid")));
    // A code checked by its own account's number.
    let (s, body) = app.post_json(check, json!({"referralCode": code, "phone": "081234568091"})).await;
    assert_eq!((s, body["error_code"].as_str()), (400, Some("referral_self")));

    // An unknown code at sign-up is refused and creates no account; the token still works.
    let token = app.verified("signup", "081234568092").await;
    let register = "/api/v1/user/pin/register-pin";
    let (s, body) =
        app.post_json(register, json!({"verificationToken": token, "pin": PIN, "referralCode": "ZZZZZZZZ"})).await;
    assert_eq!((s, body["error_code"].as_str()), (400, Some("referral_invalid")));
    let (_, validation) = app.post_json("/api/v4/user/login/validate/phone", json!({"phone": "081234568092"})).await;
    assert_eq!(validation["data"]["registered"], false);
    let (s, body) =
        app.post_json(register, json!({"verificationToken": token, "pin": PIN, "referralCode": code})).await;
    assert_eq!(s, 200, "{body}");
    let referred_id = body["data"]["user"]["id"].as_str().unwrap();
    assert_ne!(body["data"]["user"]["referralCode"].as_str().unwrap(), code);

    let row = sqlx::query("select referred_by, signup_referral_code from users where id = $1")
        .bind(referred_id)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    use sqlx::Row;
    assert_eq!(row.get::<Option<String>, _>("referred_by").as_deref(), Some(referrer.user_id.as_str()));
    assert_eq!(row.get::<Option<String>, _>("signup_referral_code"), Some(code));

    // Sign-up without a code still works.
    let (s, _) = sign_up_with_referral(&app, "081234568093", "").await;
    assert_eq!(s, 200);
});

both_backends!(referral_checks_are_rate_limited_per_address, |backend| async move {
    let app = spawn_app_with(backend, |s| s.auth.referral_checks_per_ip_per_hour = 3).await;
    let check = "/api/v1/user/signup/verify-referral";
    for _ in 0..3 {
        let (s, _) = app.post_json(check, json!({"referralCode": "ZZZZZZZZ"})).await;
        assert_eq!(s, 400);
    }
    let response = app.post(check).json(&json!({"referralCode": "ZZZZZZZZ"})).send().await.unwrap();
    assert_eq!(response.status(), 429);
    assert!(response.headers().get("retry-after").is_some());
    let (_, code, _) = crate::helpers::error_body(response).await;
    assert_eq!(code, "referral_rate_limited");
});
