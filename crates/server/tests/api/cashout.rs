//! Bank accounts and cash-out (R1.04): review, PIN, the hold, auto-approval and operator review,
//! the sandbox disbursement that completes or fails, vouchers that can never be cashed out, and
//! the ledger check after every scenario.

use serde_json::{json, Value};
use server::config::Settings;

use crate::both_backends;
use crate::helpers::{error_body, spawn_app_with, TestApp, User, ADMIN_TOKEN, PIN};

/// The disbursement job stays out of the way; tests run it when they mean to.
fn manual_disbursement(settings: &mut Settings) {
    settings.cashout.disburse_interval_ms = 3_600_000;
}

pub async fn assert_ledger_sound(app: &TestApp) {
    let problems = store::ledger::check(&app.state.db).await.unwrap();
    assert!(problems.is_empty(), "{problems:?}");
}

/// Tops `user` up by `amount` rupiah through BCA VA and the sandbox payer.
pub async fn top_up(app: &TestApp, user: &User, amount: &str) {
    let (status, body) =
        app.post_as(user, "/api/v1/wallet/topup", json!({"paymentChannel": "BCA_VA", "amount": amount})).await;
    assert_eq!(status, 200, "{body}");
    let reference = body["data"]["instructions"]["gatewayRef"].as_str().unwrap();
    let paid = app.post(&format!("/api/sandbox/payments/{reference}/pay")).send().await.unwrap();
    assert_eq!(paid.status(), 204);
}

/// Verifies `user`'s identity unless it already is (bank accounts and cash-outs need it).
pub async fn ensure_verified(app: &TestApp, user: &User) {
    let (_, me) = app.get_as(user, "/api/v3/user/me").await;
    if me["data"]["kycStatus"] != "VERIFIED" {
        crate::helpers::verify_identity(&app.client, &app.address, &user.access_token).await;
    }
}

/// Adds a bank account (verifying the identity first when needed) and returns its id.
pub async fn add_account(app: &TestApp, user: &User, bank: &str, number: &str) -> String {
    ensure_verified(app, user).await;
    let (status, body) = app
        .post_as(user, "/api/v1/wallet/bank-accounts", json!({"bankCode": bank, "accountNumber": number, "pin": PIN}))
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"]["id"].as_str().unwrap().to_string()
}

async fn balance(app: &TestApp, user: &User) -> Value {
    let (status, body) = app.get_as(user, "/api/v1/wallet/balance").await;
    assert_eq!(status, 200);
    body["data"].clone()
}

async fn cash_out(app: &TestApp, user: &User, account: &str, amount: &str) -> (u16, Value) {
    app.post_as(user, "/api/v1/wallet/cashout", json!({"bankAccountId": account, "amount": amount, "pin": PIN})).await
}

async fn admin_post(app: &TestApp, path: &str, body: Value) -> (u16, Value) {
    let response = app.post(path).bearer_auth(ADMIN_TOKEN).json(&body).send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn states(app: &TestApp, user: &User, id: &str) -> Vec<String> {
    let (status, details) =
        app.get_as(user, &format!("/api/v1/wallet/transactions/{id}/details-with-state-transition")).await;
    assert_eq!(status, 200, "{details}");
    details["data"]["transitions"].as_array().unwrap().iter().map(|t| t["status"].as_str().unwrap().into()).collect()
}

async fn house(app: &TestApp, kind: &str) -> i64 {
    store::ledger::balance(&app.state.db, &format!("house:{kind}:IDR")).await.unwrap().map_or(0, |b| b.balance)
}

both_backends!(r1_04_bank_accounts_are_checked_masked_bounded_and_private, |backend| async move {
    let app = spawn_app_with(backend, |s| s.cashout.bank_accounts_per_user_max = 2).await;
    let user = app.sign_up("081234569001").await;
    let other = app.sign_up("081234569002").await;
    let (_, banks) = app.get_as(&user, "/api/v1/wallet/banks").await;
    let codes: Vec<_> = banks["data"].as_array().unwrap().iter().map(|b| b["code"].as_str().unwrap()).collect();
    for major in ["BCA", "BRI", "BNI", "MANDIRI", "CIMB", "PERMATA", "BSI", "DANAMON"] {
        assert!(codes.contains(&major), "{major} missing from {codes:?}");
    }
    let add = |bank: &'static str, number: &'static str, pin: &'static str| {
        let (app, user) = (&app, &user);
        async move {
            let response = app
                .post("/api/v1/wallet/bank-accounts")
                .bearer_auth(&user.access_token)
                .header("x-language-code", "en")
                .json(&json!({"bankCode": bank, "accountNumber": number, "pin": pin}))
                .send()
                .await
                .unwrap();
            error_body(response).await
        }
    };
    assert_eq!(add("XYZ", "1234567890", PIN).await.1, "unknown_bank");
    let (status, code, message) = add("BCA", "123456789", PIN).await;
    assert_eq!((status, code.as_str()), (400, "invalid_account_number"));
    assert!(message.contains("10 digits"), "{message}");
    assert_eq!(add("BCA", "12345678a0", PIN).await.1, "invalid_account_number");
    // Issue 21: money leaves only to a verified identity, and only to an account in its name.
    let (status, code, message) = add("BCA", "1234567890", PIN).await;
    assert_eq!((status, code.as_str()), (400, "041"), "{message}");
    ensure_verified(&app, &user).await;
    let (status, code, message) = add("BCA", "1234568888", PIN).await;
    assert_eq!((status, code.as_str()), (400, "bank_account_holder_mismatch"));
    assert!(message.contains("RINA KARTIKA"), "{message}");
    assert_eq!(add("BCA", "1234509999", PIN).await.1, "bank_account_not_found");
    assert_eq!(add("BCA", "1234567890", "111111").await.1, "pin_wrong");
    let (_, none) = app.get_as(&user, "/api/v1/wallet/bank-accounts").await;
    assert_eq!(none["data"], json!([]));

    let id = add_account(&app, &user, "BCA", "1234567890").await;
    let (_, list) = app.get_as(&user, "/api/v1/wallet/bank-accounts").await;
    assert_eq!(list["data"][0]["accountNumberMasked"], "******7890");
    assert_eq!(list["data"][0]["bankName"], "Bank Central Asia (BCA)");
    assert_eq!(list["data"][0]["accountHolderName"], "BUDI SANTOSO", "the verified name, as the bank prints it");
    assert!(!list.to_string().contains("1234567890"), "the full number never leaves the server");
    assert_eq!(add("BCA", "1234567890", PIN).await.1, "bank_account_duplicate");
    add_account(&app, &user, "MANDIRI", "1234567890123").await;
    assert_eq!(add("BRI", "123456789012345", PIN).await.1, "bank_accounts_limit");

    // Another user's id: 404, nothing changes.
    let foreign = app
        .client
        .delete(app.url(&format!("/api/v1/wallet/bank-accounts/{id}")))
        .bearer_auth(&other.access_token)
        .header("x-request-id", uuid::Uuid::new_v4().to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(foreign.status(), 404);
    let (_, still) = app.get_as(&user, "/api/v1/wallet/bank-accounts").await;
    assert_eq!(still["data"].as_array().unwrap().len(), 2);
    let removed = app
        .client
        .delete(app.url(&format!("/api/v1/wallet/bank-accounts/{id}")))
        .bearer_auth(&user.access_token)
        .header("x-request-id", uuid::Uuid::new_v4().to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(removed.status(), 204);
    let (_, after) = app.get_as(&user, "/api/v1/wallet/bank-accounts").await;
    assert_eq!(after["data"].as_array().unwrap().len(), 1);
    // Removed, the same account can be added again.
    add_account(&app, &user, "BCA", "1234567890").await;
});

both_backends!(r1_04_an_auto_approved_cash_out_is_held_then_disbursed, |backend| async move {
    let app = spawn_app_with(backend, manual_disbursement).await;
    let user = app.sign_up("081234569011").await;
    top_up(&app, &user, "150000").await;
    let account = add_account(&app, &user, "BNI", "1234567891").await;
    let (_, vars) = app.get_as(&user, "/api/v1/wallet/cashout/input-variables").await;
    assert_eq!(
        vars["data"],
        json!({"minimumAmount": "10000.00", "maximumAmount": "100000000.00",
        "fee": "2500.00", "autoApprovalLimit": "10000000.00"})
    );
    let (_, auto) = app.get_as(&user, "/api/v1/wallet/auto-approval-status?amount=100000").await;
    assert_eq!(auto["data"]["autoApproval"], true);
    let (_, manual) = app.get_as(&user, "/api/v1/wallet/auto-approval-status?amount=10000000.01").await;
    assert_eq!(manual["data"]["autoApproval"], false);

    let (status, review) = app
        .post_as(&user, "/api/v1/wallet/cashout/review", json!({"bankAccountId": account, "amount": "100000"}))
        .await;
    assert_eq!(status, 200, "{review}");
    assert_eq!(review["data"]["fee"], "2500.00");
    assert_eq!(review["data"]["netAmount"], "97500.00");
    assert_eq!(review["data"]["availableBalance"], "150000.00");
    assert_eq!(review["data"]["autoApproval"], true);
    assert_eq!(review["data"]["bankAccount"]["id"], account.as_str());

    let fees_before = house(&app, "FEES").await;
    let (status, cashout) = cash_out(&app, &user, &account, "100000").await;
    assert_eq!(status, 200, "{cashout}");
    assert_eq!(cashout["data"]["status"], "PROCESSING");
    assert_eq!(cashout["data"]["netAmount"], "97500.00");
    // Held at once: no longer free, still the user's (R3.09).
    let held = balance(&app, &user).await;
    assert_eq!((held["freeBalance"].as_str(), held["cashBalance"].as_str()), (Some("50000.00"), Some("100000.00")));
    assert_eq!(held["totalBalance"], "150000.00");
    assert_ledger_sound(&app).await;

    assert_eq!(server::features::wallet::disburse_due(&app.state).await.unwrap(), 1);
    let id = cashout["data"]["id"].as_str().unwrap();
    let (_, done) = app.get_as(&user, &format!("/api/v1/wallet/cashout/{id}")).await;
    assert_eq!(done["data"]["status"], "COMPLETED");
    let after = balance(&app, &user).await;
    assert_eq!((after["freeBalance"].as_str(), after["cashBalance"].as_str()), (Some("50000.00"), Some("0.00")));
    assert_eq!(house(&app, "FEES").await - fees_before, 250_000);
    assert_eq!(states(&app, &user, id).await, ["PROCESSING", "COMPLETED"]);
    // A second run finds nothing to do: paid once.
    assert_eq!(server::features::wallet::disburse_due(&app.state).await.unwrap(), 0);

    let (_, history) = app.get_as(&user, "/api/v1/wallet/transaction-history").await;
    assert_eq!(history["total"], 2);
    assert_eq!(history["data"][0]["kind"], "CASHOUT");
    assert_eq!(history["data"][0]["paymentChannel"], "BNI");
    let (_, only) = app.get_as(&user, "/api/v1/wallet/transaction-history?kind=CASHOUT&wallet=CASH&asset=IDR").await;
    assert_eq!(only["total"], 1);
    let (_, movement) = app.get_as(&user, "/api/v1/wallet/balance-movement").await;
    assert_eq!(movement["data"][0]["amount"], "-100000.00");
    assert_eq!(movement["data"][0]["transactionId"], id);
    let (status, other_user) =
        app.get_as(&app.sign_up("081234569012").await, &format!("/api/v1/wallet/cashout/{id}")).await;
    assert_eq!(status, 404, "{other_user}");
    assert_ledger_sound(&app).await;
});

both_backends!(one_cash_out_that_cannot_be_sent_does_not_hold_up_the_others, |backend| async move {
    let app = spawn_app_with(backend, manual_disbursement).await;
    let (first, second) = (app.sign_up("081234569021").await, app.sign_up("081234569022").await);
    let mut ids = Vec::new();
    for (user, number) in [(&first, "1234567801"), (&second, "1234567802")] {
        top_up(&app, user, "150000").await;
        let account = add_account(&app, user, "BNI", number).await;
        let (status, cashout) = cash_out(&app, user, &account, "100000").await;
        assert_eq!(status, 200, "{cashout}");
        ids.push((account, cashout["data"]["id"].as_str().unwrap().to_owned()));
    }
    // The first cash-out's bank account no longer reads as its owner's: that one cannot be sent.
    sqlx::query("update bank_accounts set user_id = $1 where id = $2")
        .bind(&second.user_id)
        .bind(&ids[0].0)
        .execute(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(server::features::wallet::disburse_due(&app.state).await.unwrap(), 1);
    let (_, sent) = app.get_as(&second, &format!("/api/v1/wallet/cashout/{}", ids[1].1)).await;
    assert_eq!(sent["data"]["status"], "COMPLETED");
    let waiting: String = sqlx::query_scalar("select status from cashouts where id = $1")
        .bind(&ids[0].1)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(waiting, "PROCESSING", "left for the next run, still held");
    assert_ledger_sound(&app).await;
});

both_backends!(r1_04_a_refused_disbursement_releases_the_hold_and_says_why, |backend| async move {
    let app = spawn_app_with(backend, manual_disbursement).await;
    let user = app.sign_up("081234569021").await;
    top_up(&app, &user, "50000").await;
    // The sandbox bank refuses accounts ending in 0000 (dormant).
    let account = add_account(&app, &user, "BCA", "1234560000").await;
    let (status, cashout) = cash_out(&app, &user, &account, "50000").await;
    assert_eq!(status, 200, "{cashout}");
    assert_eq!(balance(&app, &user).await["freeBalance"], "0.00");
    server::features::wallet::disburse_due(&app.state).await.unwrap();
    let id = cashout["data"]["id"].as_str().unwrap();
    let response = app
        .get(&format!("/api/v1/wallet/cashout/{id}"))
        .bearer_auth(&user.access_token)
        .header("x-language-code", "en")
        .send()
        .await
        .unwrap();
    let failed: Value = response.json().await.unwrap();
    assert_eq!(failed["data"]["status"], "FAILED");
    assert!(failed["data"]["failureReason"].as_str().unwrap().contains("dormant"), "{failed}");
    let after = balance(&app, &user).await;
    assert_eq!((after["freeBalance"].as_str(), after["cashBalance"].as_str()), (Some("50000.00"), Some("0.00")));
    assert_eq!(states(&app, &user, id).await, ["PROCESSING", "FAILED"]);
    assert_ledger_sound(&app).await;
});

both_backends!(r1_04_large_cash_outs_wait_for_an_operator_who_approves_or_rejects, |backend| async move {
    let app = spawn_app_with(backend, |s| {
        manual_disbursement(s);
        s.cashout.auto_approval_limit_rupiah = 50_000;
    })
    .await;
    let user = app.sign_up("081234569031").await;
    top_up(&app, &user, "300000").await;
    let account = add_account(&app, &user, "MANDIRI", "1234567890123").await;
    let (_, first) = cash_out(&app, &user, &account, "100000").await;
    let (_, second) = cash_out(&app, &user, &account, "120000").await;
    assert_eq!(first["data"]["status"], "PENDING_REVIEW");
    let (first_id, second_id) = (first["data"]["id"].as_str().unwrap(), second["data"]["id"].as_str().unwrap());
    // Waiting for review, the job leaves them alone.
    assert_eq!(server::features::wallet::disburse_due(&app.state).await.unwrap(), 0);

    let no_token = app.client.get(app.url("/api/admin/wallet/cashouts")).send().await.unwrap();
    assert_eq!(no_token.status(), 401);
    let pending: Value = app
        .client
        .get(app.url("/api/admin/wallet/cashouts?status=PENDING_REVIEW"))
        .bearer_auth(ADMIN_TOKEN)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(pending["total"], 2);
    // R9.06: a page past the document's maximum is refused, never an overflowed offset.
    let far = app.client.get(app.url("/api/admin/wallet/cashouts?page=9223372036854775807")).bearer_auth(ADMIN_TOKEN);
    assert_eq!(far.send().await.unwrap().status(), 400);
    assert_eq!(pending["data"][0]["id"], first_id);
    assert_eq!(pending["data"][0]["userId"], user.user_id.as_str());

    let (status, approved) =
        admin_post(&app, &format!("/api/admin/wallet/cashouts/{first_id}/approve"), json!({})).await;
    assert_eq!((status, approved["data"]["status"].as_str()), (200, Some("PROCESSING")));
    let (status, _) = admin_post(&app, &format!("/api/admin/wallet/cashouts/{first_id}/approve"), json!({})).await;
    assert_eq!(status, 409);
    let (status, _) = admin_post(&app, "/api/admin/wallet/cashouts/nope/approve", json!({})).await;
    assert_eq!(status, 404);
    let (status, _) =
        admin_post(&app, &format!("/api/admin/wallet/cashouts/{second_id}/reject"), json!({"reason": " "})).await;
    assert_eq!(status, 400);
    let (status, rejected) = admin_post(
        &app,
        &format!("/api/admin/wallet/cashouts/{second_id}/reject"),
        json!({"reason": "nama pemilik rekening berbeda"}),
    )
    .await;
    assert_eq!(status, 200, "{rejected}");
    assert_eq!(rejected["data"]["status"], "REJECTED");
    assert!(rejected["data"]["failureReason"].as_str().unwrap().contains("nama pemilik rekening berbeda"));
    let (status, _) = admin_post(&app, &format!("/api/admin/wallet/cashouts/{second_id}/approve"), json!({})).await;
    assert_eq!(status, 409, "a rejected cash-out cannot be approved");

    assert_eq!(server::features::wallet::disburse_due(&app.state).await.unwrap(), 1);
    let after = balance(&app, &user).await;
    assert_eq!((after["freeBalance"].as_str(), after["cashBalance"].as_str()), (Some("200000.00"), Some("0.00")));
    assert_eq!(states(&app, &user, first_id).await, ["PENDING_REVIEW", "PROCESSING", "COMPLETED"]);
    assert_eq!(states(&app, &user, second_id).await, ["PENDING_REVIEW", "REJECTED"]);
    assert_ledger_sound(&app).await;
});

both_backends!(r1_04_bad_cash_outs_are_refused_clearly_and_move_nothing, |backend| async move {
    let app = spawn_app_with(backend, manual_disbursement).await;
    let user = app.sign_up("081234569041").await;
    let other = app.sign_up("081234569042").await;
    top_up(&app, &user, "100000").await;
    let account = add_account(&app, &user, "BCA", "1234567892").await;
    let foreign = add_account(&app, &other, "BCA", "1234567893").await;
    let cases = [
        (account.as_str(), "-5", "invalid_amount"),
        (account.as_str(), "0", "invalid_amount"),
        (account.as_str(), "50000.001", "invalid_amount"),
        (account.as_str(), "abc", "invalid_amount"),
        (account.as_str(), "", "invalid_amount"),
        (account.as_str(), "1e5", "invalid_amount"),
        (account.as_str(), "5000", "amount_below_minimum"),
        (account.as_str(), "100000001", "amount_above_maximum"),
        (account.as_str(), "100000.01", "insufficient_balance"),
        (foreign.as_str(), "50000", "unknown_bank_account"),
        ("no-such-account", "50000", "unknown_bank_account"),
    ];
    for (bank_account, amount, expected) in cases {
        for path in ["/api/v1/wallet/cashout/review", "/api/v1/wallet/cashout"] {
            let response = app
                .post(path)
                .bearer_auth(&user.access_token)
                .header("x-language-code", "en")
                .json(&json!({"bankAccountId": bank_account, "amount": amount, "pin": PIN}).as_object().map(|o| {
                    let mut o = o.clone();
                    if path.ends_with("review") {
                        o.remove("pin");
                    }
                    Value::Object(o)
                }))
                .send()
                .await
                .unwrap();
            let (status, code, message) = error_body(response).await;
            assert_eq!((status, code.as_str()), (400, expected), "{path} {amount}: {message}");
        }
    }
    let (status, body) = app
        .post_as(&user, "/api/v1/wallet/cashout", json!({"bankAccountId": account, "amount": "50000", "pin": "111111"}))
        .await;
    assert_eq!((status, body["error_code"].as_str()), (400, Some("pin_wrong")));
    let (status, body) =
        app.post_as(&user, "/api/v1/wallet/cashout", json!({"bankAccountId": account, "amount": "50000"})).await;
    assert_eq!(status, 422, "a missing PIN is a malformed request: {body}");
    // Indonesian by default.
    let (_, body) =
        app.post_as(&user, "/api/v1/wallet/cashout/review", json!({"bankAccountId": account, "amount": "5000"})).await;
    assert!(body["error_message"].as_str().unwrap().contains("minimal"), "{body}");

    let after = balance(&app, &user).await;
    assert_eq!((after["freeBalance"].as_str(), after["cashBalance"].as_str()), (Some("100000.00"), Some("0.00")));
    let (_, history) = app.get_as(&user, "/api/v1/wallet/transaction-history?kind=CASHOUT").await;
    assert_eq!(history["total"], 0);
    assert_ledger_sound(&app).await;
});

both_backends!(r3_09_vouchers_raise_the_voucher_balance_and_are_never_cashed_out, |backend| async move {
    let app = spawn_app_with(backend, manual_disbursement).await;
    let user = app.sign_up("081234569051").await;
    top_up(&app, &user, "20000").await;
    let (status, grant) = admin_post(
        &app,
        "/api/admin/wallet/vouchers",
        json!({"phone": "081234569051", "amount": "50000", "reason": "Promo Ramadan"}),
    )
    .await;
    assert_eq!(status, 200, "{grant}");
    assert_eq!(grant["data"]["userId"], user.user_id.as_str());
    let (status, _) =
        admin_post(&app, "/api/admin/wallet/vouchers", json!({"userId": user.user_id, "amount": "-1", "reason": "x"}))
            .await;
    assert_eq!(status, 400);
    let (status, _) =
        admin_post(&app, "/api/admin/wallet/vouchers", json!({"phone": "081299999999", "amount": "1", "reason": "x"}))
            .await;
    assert_eq!(status, 404);
    let now = balance(&app, &user).await;
    assert_eq!(now["voucherBalance"], "50000.00");
    assert_eq!(now["freeBalance"], "20000.00");
    assert_eq!(now["totalBalance"], "70000.00");
    assert_eq!(house(&app, "PROMOTIONS").await, -5_000_000);

    // Only freeBalance can leave: 20,000 of cash, the voucher stays.
    let account = add_account(&app, &user, "BCA", "1234567894").await;
    let (status, body) = cash_out(&app, &user, &account, "20000.01").await;
    assert_eq!((status, body["error_code"].as_str()), (400, Some("insufficient_balance")));
    let (status, _) = cash_out(&app, &user, &account, "20000").await;
    assert_eq!(status, 200);
    server::features::wallet::disburse_due(&app.state).await.unwrap();
    let after = balance(&app, &user).await;
    assert_eq!(
        (after["voucherBalance"].as_str(), after["totalBalance"].as_str()),
        (Some("50000.00"), Some("50000.00"))
    );

    let (_, vouchers) = app.get_as(&user, "/api/v1/wallet/transaction-history?wallet=VOUCHER").await;
    assert_eq!(vouchers["total"], 1);
    assert_eq!(vouchers["data"][0]["kind"], "VOUCHER");
    let id = grant["data"]["id"].as_str().unwrap();
    let (_, details) =
        app.get_as(&user, &format!("/api/v1/wallet/transactions/{id}/details-with-state-transition")).await;
    assert_eq!(details["data"]["kind"], "VOUCHER");
    assert_eq!(details["data"]["voucher"]["reason"], "Promo Ramadan");
    let (_, filters) = app.get_as(&user, "/api/v1/wallet/transaction-history/filters").await;
    assert_eq!(filters["data"]["wallets"].as_array().unwrap().len(), 3, "CASH, VOUCHER and USD");
    assert_ledger_sound(&app).await;
});

both_backends!(r1_04_a_thousand_concurrent_cash_outs_of_the_full_balance_pay_once, |backend| async move {
    let app = spawn_app_with(backend, |s| {
        manual_disbursement(s);
        // A thousand PIN checks queue on two loaded cores: wait for connections rather than answer busy.
        s.http.request_timeout_ms = 120_000;
        s.database.acquire_timeout_ms = 120_000;
    })
    .await;
    let user = app.sign_up("081234569061").await;
    top_up(&app, &user, "250000").await;
    let account = add_account(&app, &user, "BRI", "123456789012345").await;
    let attempts = (0..1000).map(|_| cash_out(&app, &user, &account, "250000"));
    let results = futures::future::join_all(attempts).await;
    let succeeded = results.iter().filter(|(status, _)| *status == 200).count();
    let refused =
        results.iter().filter(|(status, body)| *status == 400 && body["error_code"] == "insufficient_balance").count();
    let others: Vec<_> = results.iter().filter(|(status, _)| *status != 200 && *status != 400).take(3).collect();
    assert_eq!((succeeded, refused), (1, 999), "{others:?}");
    let held = balance(&app, &user).await;
    assert_eq!((held["freeBalance"].as_str(), held["cashBalance"].as_str()), (Some("0.00"), Some("250000.00")));
    server::features::wallet::disburse_due(&app.state).await.unwrap();
    let after = balance(&app, &user).await;
    assert_eq!(after["totalBalance"], "0.00");
    let cash = store::ledger::balance(&app.state.db, &format!("{}:IDR_CASH:IDR", user.user_id)).await.unwrap().unwrap();
    assert_eq!((cash.balance, cash.held), (0, 0), "never negative, nothing left held");
    assert_ledger_sound(&app).await;
});

both_backends!(cash_outs_go_only_to_a_verified_identity_and_an_account_in_its_name, |backend| async move {
    let app = spawn_app_with(backend, manual_disbursement).await;
    let user = app.sign_up("081234569071").await;
    top_up(&app, &user, "500000").await;
    let account = add_account(&app, &user, "BCA", "1234567871").await;
    let review = json!({"bankAccountId": account, "amount": "100000"});
    assert_eq!(app.post_as(&user, "/api/v1/wallet/cashout/review", review.clone()).await.0, 200);

    // An account saved before the rule, held by someone else: refused at review and at cash-out.
    sqlx::query("update bank_accounts set holder_name = 'RINA KARTIKA' where id = $1")
        .bind(&account)
        .execute(app.state.db.pool())
        .await
        .unwrap();
    let (status, body) = app.post_as(&user, "/api/v1/wallet/cashout/review", review.clone()).await;
    assert_eq!((status, body["error_code"].as_str()), (400, Some("bank_account_holder_mismatch")), "{body}");
    let (status, body) = cash_out(&app, &user, &account, "100000").await;
    assert_eq!((status, body["error_code"].as_str()), (400, Some("bank_account_holder_mismatch")), "{body}");

    // The operator withdraws the verification: no cash-out at all, and nothing moved.
    sqlx::query("update bank_accounts set holder_name = 'BUDI SANTOSO' where id = $1")
        .bind(&account)
        .execute(app.state.db.pool())
        .await
        .unwrap();
    let decided = admin_post(
        &app,
        &format!("/api/admin/users/{}/kyc", user.user_id),
        json!({"status": "REJECTED", "reason": "KTP blurred"}),
    )
    .await;
    assert_eq!(decided.0, 200, "{}", decided.1);
    let (status, body) = cash_out(&app, &user, &account, "100000").await;
    assert_eq!((status, body["error_code"].as_str()), (400, Some("041")), "{body}");
    assert_eq!(balance(&app, &user).await["freeBalance"], "500000.00");
    assert_ledger_sound(&app).await;
});
