//! Cash-outs through Xendit's Disbursements API and bank accounts checked by its account
//! validation (issue 20, R1.04), against a fake Xendit started by each test on 127.0.0.1 that
//! answers as Xendit documents: PENDING then a callback, each documented error, timeouts and
//! retries under one `X-IDEMPOTENCY-KEY`, forged and repeated callbacks, and a missed callback
//! reconciled by the status inquiry. Money moves once: journal entries counted, ledger checked.

use std::collections::{HashMap, HashSet};

use serde_json::{json, Value};
use server::config::production::BankProvider;

use crate::both_backends;
use crate::cashout::{add_account, assert_ledger_sound, ensure_verified, top_up};
use crate::fake_provider::{Call, FakeProvider, Scripted};
use crate::helpers::{spawn_app_with, TestApp, User, PIN};

const SECRET_KEY: &str = "xnd_development_Zq3v9Lw0pX7sRt2mYb5nKc8dHf1gJa4e";
const CALLBACK_TOKEN: &str = "cb-token-Zq3v9Lw0pX7sRt2mYb5nKc8dHf1gJa4e";
/// The name `helpers::verify_identity` verifies, as banks print it.
const HOLDER: &str = "BUDI SANTOSO";

/// A disbursement the fake holds.
#[derive(Debug, Clone)]
struct Transfer {
    id: String,
    external_id: String,
    amount: i64,
    status: String,
    failure_code: Option<String>,
}

impl Transfer {
    fn json(&self) -> Value {
        json!({"id": self.id, "user_id": "biz-1", "external_id": self.external_id, "amount": self.amount,
            "bank_code": "BCA", "account_holder_name": HOLDER, "disbursement_description": "cash-out",
            "status": self.status, "failure_code": self.failure_code, "is_instant": false})
    }
}

/// What the fake Xendit holds.
#[derive(Default)]
struct Xendit {
    /// Delay of the next documented answer, after the fake has acted on the request.
    delay_next: u64,
    keys: HashSet<String>,
    transfers: HashMap<String, Transfer>,
}

type Fake = FakeProvider<Xendit>;

/// What Xendit answers when nothing is scripted, after `delay_next`.
fn documented_answer(fake: &mut Xendit, call: &Call, _number: usize) -> Scripted {
    let (status, body, _) = documented_transfer(fake, call);
    (status, body, std::mem::take(&mut fake.delay_next))
}

fn documented_transfer(fake: &mut Xendit, call: &Call) -> Scripted {
    match (call.method.as_str(), call.path.as_str()) {
        ("POST", "/v2/identity/bank_account_data_requests") => {
            let number = call.body["bank_account_number"].as_str().unwrap();
            let result = if number.ends_with("9999") {
                json!({"is_found": false, "account_holder_name": null, "is_virtual_account": false})
            } else {
                json!({"is_found": true, "account_holder_name": HOLDER, "is_virtual_account": false})
            };
            let answer = json!({"id": "bknv-1", "status": "COMPLETED", "bank_account_number": number,
                "bank_code": call.body["bank_code"], "result": result});
            (201, answer, 0)
        }
        ("POST", "/disbursements") => {
            if !fake.keys.insert(call.header("x-idempotency-key")) {
                let message = "Idempotency key has been used before. Use a unique idempotency key and try again";
                return (409, json!({"error_code": "DUPLICATE_TRANSACTION_ERROR", "message": message}), 0);
            }
            let transfer = Transfer {
                id: format!("disb-{}", fake.transfers.len() + 1),
                external_id: call.body["external_id"].as_str().unwrap().to_string(),
                amount: call.body["amount"].as_i64().unwrap(),
                status: "PENDING".into(),
                failure_code: None,
            };
            fake.transfers.insert(transfer.external_id.clone(), transfer.clone());
            (200, transfer.json(), 0)
        }
        ("GET", "/disbursements") => {
            let external_id = call.query.strip_prefix("external_id=").unwrap_or("");
            match fake.transfers.get(external_id) {
                Some(transfer) => (200, json!([transfer.json()]), 0),
                None => (404, json!({"error_code": "DIRECT_DISBURSEMENT_NOT_FOUND_ERROR", "message": "not found"}), 0),
            }
        }
        ("GET", path) if path.starts_with("/disbursements/") => {
            let id = path.trim_start_matches("/disbursements/");
            match fake.transfers.values().find(|t| t.id == id) {
                Some(transfer) => (200, transfer.json(), 0),
                None => (404, json!({"error_code": "DIRECT_DISBURSEMENT_NOT_FOUND_ERROR", "message": "not found"}), 0),
            }
        }
        _ => (404, json!({"error_code": "NOT_FOUND", "message": "no such endpoint"}), 0),
    }
}

async fn fake_xendit() -> (String, Fake) {
    let fake = FakeProvider::start(Xendit::default(), documented_answer).await;
    (fake.url.clone(), fake)
}

/// An app whose bank is the fake Xendit (payments stay on the sandbox, to fund the wallets);
/// the disbursement job runs only when a test runs it.
async fn app_on_xendit_bank(backend: store::Backend, base_url: &str, reconcile_after_secs: u64) -> TestApp {
    let base_url = base_url.to_string();
    spawn_app_with(backend, move |s| {
        s.providers.bank = BankProvider::Xendit;
        s.providers.xendit.base_url.clone_from(&base_url);
        s.providers.xendit.validation_base_url = base_url;
        s.providers.xendit.secret_key = Some(SECRET_KEY.into());
        s.providers.xendit.callback_token = Some(CALLBACK_TOKEN.into());
        s.providers.xendit.timeout_ms = 500;
        s.providers.xendit.attempts = 3;
        s.providers.xendit.retry_backoff_ms = 10;
        s.providers.xendit.reconcile_after_secs = reconcile_after_secs;
        s.cashout.disburse_interval_ms = 3_600_000;
    })
    .await
}

/// A funded, verified user with a bank account: the user and the account id.
async fn funded(app: &TestApp, phone: &str) -> (User, String) {
    let user = app.sign_up(phone).await;
    top_up(app, &user, "300000").await;
    let account = add_account(app, &user, "BCA", "1234567890").await;
    (user, account)
}

/// Cashes out Rp100.000 (fee Rp2.500: Rp97.500 reaches the bank) and returns the cash-out id.
async fn cash_out(app: &TestApp, user: &User, account: &str) -> String {
    let (status, body) = app
        .post_as(user, "/api/v1/wallet/cashout", json!({"bankAccountId": account, "amount": "100000", "pin": PIN}))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["status"], "PROCESSING");
    body["data"]["id"].as_str().unwrap().to_string()
}

async fn disburse(app: &TestApp) -> u64 {
    server::features::wallet::disburse_due(&app.state).await.unwrap()
}

async fn cashout_of(app: &TestApp, user: &User, id: &str) -> Value {
    let (status, body) = app.get_as(user, &format!("/api/v1/wallet/cashout/{id}")).await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

async fn free_balance(app: &TestApp, user: &User) -> String {
    let (_, balance) = app.get_as(user, "/api/v1/wallet/balance").await;
    balance["data"]["freeBalance"].as_str().unwrap().to_string()
}

async fn callback(app: &TestApp, token: Option<&str>, event: &Value) -> u16 {
    let mut request = app.client.post(app.url("/api/v1/wallet/cashout/xendit-callback")).json(event);
    if let Some(token) = token {
        request = request.header("x-callback-token", token);
    }
    request.send().await.unwrap().status().as_u16()
}

/// The callback Xendit sends when a transfer ends.
fn ended(fake: &Fake, id: &str, status: &str, failure_code: Option<&str>) -> Value {
    let mut transfer = fake.lock().unwrap().transfers[id].clone();
    transfer.status = status.into();
    transfer.failure_code = failure_code.map(str::to_string);
    transfer.json()
}

/// Journal entries of a cash-out: one once the money left, never two; none when it failed.
async fn debits_of(app: &TestApp, id: &str) -> i64 {
    use sqlx::Row;
    let row = sqlx::query("select count(*) as n from journal_entries where event_id = $1")
        .bind(format!("cashout:{id}"))
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    row.try_get::<i64, _>("n").unwrap()
}

fn disbursement_calls(fake: &Fake) -> Vec<Call> {
    fake.lock().unwrap().calls.iter().filter(|c| c.path.starts_with("/disbursements")).cloned().collect()
}

both_backends!(r1_04_xendit_validates_a_new_bank_account_and_maps_its_errors, |backend| async move {
    let (url, fake) = fake_xendit().await;
    let app = app_on_xendit_bank(backend, &url, 3_600).await;
    let user = app.sign_up("081234569201").await;
    ensure_verified(&app, &user).await;
    let add = |number: &'static str| {
        let app = &app;
        let user = &user;
        async move {
            app.post_as(
                user,
                "/api/v1/wallet/bank-accounts",
                json!({"bankCode": "BCA", "accountNumber": number, "pin": PIN}),
            )
            .await
        }
    };
    let (status, body) = add("1234567890").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["accountHolderName"], HOLDER);
    {
        let fake = fake.lock().unwrap();
        let call = &fake.calls[0];
        assert_eq!((call.method.as_str(), call.path.as_str()), ("POST", "/v2/identity/bank_account_data_requests"));
        assert_eq!(call.body, json!({"bank_account_number": "1234567890", "bank_code": "BCA"}));
    }
    // Unknown to the bank: a clear 400.
    let (status, body) = add("1234569999").await;
    assert_eq!((status, body["error_code"].as_str()), (400, Some("bank_account_not_found")), "{body}");
    // The validation does not serve this bank: a clear 400, nothing saved.
    fake.lock().unwrap().script.push_back((
        400,
        json!({"error_code": "BANK_CODE_NOT_SUPPORTED", "message": "bank_code is not supported"}),
        0,
    ));
    let (status, body) = add("1234561111").await;
    assert_eq!((status, body["error_code"].as_str()), (400, Some("bank_not_supported")), "{body}");
    // Server-side trouble is tried three times, then the user is told to try again (503).
    let before = {
        let mut fake = fake.lock().unwrap();
        for _ in 0..3 {
            fake.script.push_back((503, json!({"error_code": "SERVER_ERROR", "message": "unavailable"}), 0));
        }
        fake.calls.len()
    };
    let (status, body) = add("1234562222").await;
    assert_eq!((status, body["error_code"].as_str()), (503, Some("bank_unavailable")), "{body}");
    assert_eq!(fake.lock().unwrap().calls.len() - before, 3);
    // A validation still PENDING is asked about again until it completes.
    {
        let mut fake = fake.lock().unwrap();
        fake.script.push_back((201, json!({"id": "bknv-9", "status": "PENDING", "result": null}), 0));
        fake.script.push_back((
            200,
            json!({"id": "bknv-9", "status": "COMPLETED", "result": {"is_found": true, "account_holder_name": HOLDER}}),
            0,
        ));
    }
    let (status, body) = add("1234563333").await;
    assert_eq!(status, 200, "{body}");
    let last = fake.lock().unwrap().calls.last().unwrap().clone();
    assert_eq!((last.method.as_str(), last.path.as_str()), ("GET", "/v2/identity/bank_account_data_requests/bknv-9"));
    let (_, accounts) = app.get_as(&user, "/api/v1/wallet/bank-accounts").await;
    assert_eq!(accounts["data"].as_array().unwrap().len(), 2);
});

both_backends!(a_xendit_disbursement_completes_once_by_its_callback, |backend| async move {
    let (url, fake) = fake_xendit().await;
    let app = app_on_xendit_bank(backend, &url, 3_600).await;
    let (user, account) = funded(&app, "081234569202").await;
    let id = cash_out(&app, &user, &account).await;
    // Sent, accepted (PENDING): still processing, still held.
    assert_eq!(disburse(&app).await, 0);
    let calls = disbursement_calls(&fake);
    assert_eq!(calls.len(), 1);
    assert_eq!((calls[0].method.as_str(), calls[0].path.as_str()), ("POST", "/disbursements"));
    assert_eq!(calls[0].header("x-idempotency-key"), format!("disburse-{id}"));
    assert_eq!(calls[0].body["external_id"], id.as_str());
    assert_eq!(calls[0].body["amount"], 97_500);
    assert_eq!(calls[0].body["bank_code"], "BCA");
    assert_eq!(calls[0].body["account_number"], "1234567890");
    assert_eq!(calls[0].body["account_holder_name"], HOLDER);
    assert_eq!(cashout_of(&app, &user, &id).await["status"], "PROCESSING");
    assert_eq!(free_balance(&app, &user).await, "200000.00");
    // The next run waits for the callback: nothing sent again, nothing asked yet.
    assert_eq!(disburse(&app).await, 0);
    assert_eq!(disbursement_calls(&fake).len(), 1);

    let event = ended(&fake, &id, "COMPLETED", None);
    // Forged: no token, a wrong token. Nothing moves.
    assert_eq!(callback(&app, None, &event).await, 401);
    assert_eq!(callback(&app, Some("cb-token-guessed-Zq3v9Lw0pX7sRt2mYb5nKc8dHf1g"), &event).await, 401);
    // A genuine token on a transfer that is not ours, or not of this amount: refused.
    let mut other = event.clone();
    other["id"] = json!("disb-elsewhere");
    assert_eq!(callback(&app, Some(CALLBACK_TOKEN), &other).await, 400);
    other = event.clone();
    other["amount"] = json!(100_000);
    assert_eq!(callback(&app, Some(CALLBACK_TOKEN), &other).await, 400);
    assert_eq!(cashout_of(&app, &user, &id).await["status"], "PROCESSING");
    assert_eq!(debits_of(&app, &id).await, 0);
    // Genuine, then repeated, some at once: the money leaves once.
    for _ in 0..3 {
        assert_eq!(callback(&app, Some(CALLBACK_TOKEN), &event).await, 200);
    }
    let repeats = (0..8).map(|_| callback(&app, Some(CALLBACK_TOKEN), &event));
    assert!(futures::future::join_all(repeats).await.iter().all(|s| *s == 200));
    assert_eq!(cashout_of(&app, &user, &id).await["status"], "COMPLETED");
    assert_eq!(debits_of(&app, &id).await, 1);
    let (_, balance) = app.get_as(&user, "/api/v1/wallet/balance").await;
    assert_eq!(
        (balance["data"]["freeBalance"].as_str(), balance["data"]["totalBalance"].as_str()),
        (Some("200000.00"), Some("200000.00"))
    );
    // A late FAILED for the same transfer cannot refund money that left.
    assert_eq!(callback(&app, Some(CALLBACK_TOKEN), &ended(&fake, &id, "FAILED", Some("REJECTED_BY_BANK"))).await, 200);
    assert_eq!(cashout_of(&app, &user, &id).await["status"], "COMPLETED");
    assert_eq!(free_balance(&app, &user).await, "200000.00");
    assert_eq!(disburse(&app).await, 0);
    assert_eq!(disbursement_calls(&fake).len(), 1);
    assert_ledger_sound(&app).await;
});

both_backends!(each_documented_xendit_failure_code_refunds_the_cash_out_once, |backend| async move {
    let (url, fake) = fake_xendit().await;
    let app = app_on_xendit_bank(backend, &url, 3_600).await;
    let (user, account) = funded(&app, "081234569203").await;
    let codes = [
        ("INSUFFICIENT_BALANCE", "Transfer gagal diproses.", "The transfer could not be processed."),
        ("INVALID_DESTINATION", "Rekening tujuan tidak valid", "The destination account is invalid or closed."),
        ("REJECTED_BY_BANK", "Bank tujuan menolak transfer.", "The receiving bank refused the transfer."),
        ("TEMPORARY_BANK_NETWORK_ERROR", "Transfer gagal diproses.", "The transfer could not be processed."),
    ];
    for (code, reason_id, reason_en) in codes {
        let id = cash_out(&app, &user, &account).await;
        disburse(&app).await;
        assert_eq!(free_balance(&app, &user).await, "200000.00", "{code}");
        let event = ended(&fake, &id, "FAILED", Some(code));
        for _ in 0..3 {
            assert_eq!(callback(&app, Some(CALLBACK_TOKEN), &event).await, 200, "{code}");
        }
        // The user reads why in their language (Indonesian by default).
        let cashout = cashout_of(&app, &user, &id).await;
        assert_eq!(cashout["status"], "FAILED", "{code}");
        assert!(cashout["failureReason"].as_str().unwrap().starts_with(reason_id), "{code}: {cashout}");
        let english: Value = app
            .get(&format!("/api/v1/wallet/cashout/{id}"))
            .bearer_auth(&user.access_token)
            .header("x-language-code", "en")
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert!(english["data"]["failureReason"].as_str().unwrap().starts_with(reason_en), "{code}: {english}");
        // Refunded once: the hold released, nothing debited; a late COMPLETED changes nothing.
        assert_eq!(free_balance(&app, &user).await, "300000.00", "{code}");
        assert_eq!(callback(&app, Some(CALLBACK_TOKEN), &ended(&fake, &id, "COMPLETED", None)).await, 200);
        assert_eq!(cashout_of(&app, &user, &id).await["status"], "FAILED", "{code}");
        assert_eq!(debits_of(&app, &id).await, 0, "{code}");
    }
    assert_ledger_sound(&app).await;
});

both_backends!(documented_xendit_create_errors_refund_or_wait_as_they_mean, |backend| async move {
    let (url, fake) = fake_xendit().await;
    let app = app_on_xendit_bank(backend, &url, 3_600).await;
    let (user, account) = funded(&app, "081234569204").await;
    // Refusals: Xendit created nothing; the cash-out fails at once, refunded, after one call.
    for code in [
        "API_VALIDATION_ERROR",
        "RECIPIENT_ACCOUNT_NUMBER_ERROR",
        "MAXIMUM_TRANSFER_LIMIT_ERROR",
        "INSUFFICIENT_BALANCE",
    ] {
        let id = cash_out(&app, &user, &account).await;
        let before = disbursement_calls(&fake).len();
        fake.lock().unwrap().script.push_back((400, json!({"error_code": code, "message": "documented error"}), 0));
        assert_eq!(disburse(&app).await, 1, "{code}");
        assert_eq!(disbursement_calls(&fake).len() - before, 1, "{code}");
        let cashout = cashout_of(&app, &user, &id).await;
        assert_eq!(cashout["status"], "FAILED", "{code}");
        assert!(!cashout["failureReason"].as_str().unwrap().contains(code), "localised, not the raw code: {cashout}");
        assert_eq!(free_balance(&app, &user).await, "300000.00", "{code}");
    }
    // Our keys refused (401, 403): not the user's fault; the cash-out waits, held, for the next run.
    let id = cash_out(&app, &user, &account).await;
    for (status, code) in [(401, "INVALID_API_KEY"), (403, "REQUEST_FORBIDDEN_ERROR")] {
        let before = disbursement_calls(&fake).len();
        fake.lock().unwrap().script.push_back((status, json!({"error_code": code, "message": "documented error"}), 0));
        assert_eq!(disburse(&app).await, 0, "{code}");
        assert_eq!(disbursement_calls(&fake).len() - before, 1, "{code}");
        assert_eq!(cashout_of(&app, &user, &id).await["status"], "PROCESSING", "{code}");
    }
    // Server errors are tried three times under one key, then the next run sends it again.
    {
        let mut fake = fake.lock().unwrap();
        for _ in 0..3 {
            fake.script.push_back((500, json!({"error_code": "SERVER_ERROR", "message": "documented error"}), 0));
        }
    }
    let before = disbursement_calls(&fake).len();
    assert_eq!(disburse(&app).await, 0);
    let calls = disbursement_calls(&fake);
    assert_eq!(calls.len() - before, 3);
    assert!(calls[before..].iter().all(|c| c.header("x-idempotency-key") == format!("disburse-{id}")));
    assert_eq!(free_balance(&app, &user).await, "200000.00");
    assert_eq!(disburse(&app).await, 0);
    assert_eq!(fake.lock().unwrap().transfers.len(), 1);
    assert_eq!(callback(&app, Some(CALLBACK_TOKEN), &ended(&fake, &id, "COMPLETED", None)).await, 200);
    assert_eq!(cashout_of(&app, &user, &id).await["status"], "COMPLETED");
    assert_eq!(debits_of(&app, &id).await, 1);
    assert_ledger_sound(&app).await;
});

both_backends!(a_xendit_timeout_is_retried_and_the_duplicate_key_finds_the_first_transfer, |backend| async move {
    let (url, fake) = fake_xendit().await;
    let app = app_on_xendit_bank(backend, &url, 3_600).await;
    let (user, account) = funded(&app, "081234569205").await;
    let id = cash_out(&app, &user, &account).await;
    // Xendit creates the transfer but answers after the 500 ms timeout; the retry under the same
    // key is told the key was used, and the adapter finds the first transfer by our external id.
    fake.lock().unwrap().delay_next = 1_500;
    assert_eq!(disburse(&app).await, 0);
    let calls = disbursement_calls(&fake);
    let shape: Vec<(&str, &str)> = calls.iter().map(|c| (c.method.as_str(), c.path.as_str())).collect();
    assert_eq!(shape, [("POST", "/disbursements"), ("POST", "/disbursements"), ("GET", "/disbursements")]);
    assert_eq!(calls[2].query, format!("external_id={id}"));
    assert_eq!(calls[0].header("x-idempotency-key"), calls[1].header("x-idempotency-key"));
    assert_eq!(fake.lock().unwrap().transfers.len(), 1);
    // The transfer is known by its id now: its callback ends the cash-out once.
    assert_eq!(callback(&app, Some(CALLBACK_TOKEN), &ended(&fake, &id, "COMPLETED", None)).await, 200);
    assert_eq!(cashout_of(&app, &user, &id).await["status"], "COMPLETED");
    assert_eq!(debits_of(&app, &id).await, 1);
    assert_ledger_sound(&app).await;
});

both_backends!(a_missed_xendit_disbursement_callback_is_reconciled_by_the_status_inquiry, |backend| async move {
    let (url, fake) = fake_xendit().await;
    // Asked about as soon as accepted.
    let app = app_on_xendit_bank(backend, &url, 0).await;
    let (user, account) = funded(&app, "081234569206").await;
    let paid = cash_out(&app, &user, &account).await;
    let failed = cash_out(&app, &user, &account).await;
    let waiting = cash_out(&app, &user, &account).await;
    assert_eq!(disburse(&app).await, 0);
    {
        // Completed and failed at Xendit; both callbacks lost.
        let mut fake = fake.lock().unwrap();
        fake.transfers.get_mut(&paid).unwrap().status = "COMPLETED".into();
        let transfer = fake.transfers.get_mut(&failed).unwrap();
        transfer.status = "FAILED".into();
        transfer.failure_code = Some("INVALID_DESTINATION".into());
    }
    let before = disbursement_calls(&fake).len();
    assert_eq!(disburse(&app).await, 2);
    let inquiries: Vec<Call> = disbursement_calls(&fake)[before..].to_vec();
    assert_eq!(inquiries.len(), 3);
    assert!(inquiries.iter().all(|c| c.method == "GET" && c.path.starts_with("/disbursements/disb-")));
    assert_eq!(cashout_of(&app, &user, &paid).await["status"], "COMPLETED");
    assert_eq!(cashout_of(&app, &user, &failed).await["status"], "FAILED");
    assert_eq!(cashout_of(&app, &user, &waiting).await["status"], "PROCESSING");
    // Rp300.000 − the paid Rp100.000 − the waiting Rp100.000 still held.
    assert_eq!(free_balance(&app, &user).await, "100000.00");
    // The late callbacks change nothing; nothing was sent twice.
    assert_eq!(callback(&app, Some(CALLBACK_TOKEN), &ended(&fake, &paid, "COMPLETED", None)).await, 200);
    assert_eq!(
        callback(&app, Some(CALLBACK_TOKEN), &ended(&fake, &failed, "FAILED", Some("INVALID_DESTINATION"))).await,
        200
    );
    assert_eq!(debits_of(&app, &paid).await, 1);
    assert_eq!(debits_of(&app, &failed).await, 0);
    assert_eq!(fake.lock().unwrap().transfers.len(), 3);
    assert_eq!(free_balance(&app, &user).await, "100000.00");
    assert_ledger_sound(&app).await;
});

both_backends!(the_xendit_disbursement_callback_does_not_exist_without_the_xendit_bank, |backend| async move {
    let app = spawn_app_with(backend, |s| s.providers.xendit.callback_token = Some(CALLBACK_TOKEN.into())).await;
    let event = json!({"id": "disb-1", "external_id": "c-1", "status": "COMPLETED", "amount": 1});
    assert_eq!(callback(&app, Some(CALLBACK_TOKEN), &event).await, 404);
});
