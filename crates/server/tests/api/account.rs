//! Identity verification in the sandbox and the US-stock terms (R3.08, R6.03): the status moves
//! UNVERIFIED → PENDING → VERIFIED or REJECTED with a reason, bad input changes nothing, an
//! operator can override, and only a verified identity may accept the US-stock terms.

use serde_json::{json, Value};

use crate::both_backends;
use domain::FixedClock;

use crate::helpers::{advance, spawn_app, spawn_app_with_clock, TestApp, User, ADMIN_TOKEN};

/// A NIK for a man born 12 May 1990 in Jakarta Pusat, serial 0001 (the sandbox verifies it).
pub const NIK_OK: &str = "3171011205900001";
/// The same with serial 0000 (the sandbox rejects it as not found).
const NIK_UNKNOWN: &str = "3171011205900000";

pub fn form(nik: &str) -> Value {
    json!({"nik": nik, "fullName": "Budi Santoso", "birthDate": "1990-05-12", "birthPlace": "Jakarta",
        "address": "Jl. Merdeka No. 1, Jakarta Pusat"})
}

async fn kyc_status(app: &TestApp, user: &User) -> (String, String) {
    let (_, me) = app.get_as(user, "/api/v3/user/me").await;
    let (_, status) = app.get_as(user, "/api/v4/user/status").await;
    assert_eq!(me["data"]["kycStatus"], status["data"]["kycStatus"]);
    (me["data"]["kycStatus"].as_str().unwrap().into(), me["data"]["gssKycStatus"].as_str().unwrap().into())
}

/// Moves past the sandbox verifier's delay (2 s), without waiting for it.
fn after_decision(clock: &FixedClock) {
    advance(clock, 3);
}

both_backends!(r3_08_kyc_moves_from_pending_to_verified_then_gss_terms_verify_us_stocks, |backend| async move {
    let (app, clock) = spawn_app_with_clock(backend, |_| {}).await;
    let user = app.sign_up("081234560101").await;
    assert_eq!(kyc_status(&app, &user).await, ("UNVERIFIED".into(), "UNVERIFIED".into()));
    // R6.03: the US-stock terms need a verified identity first; nothing changes.
    let (status, body) = app.post_as(&user, "/api/v1/user/gss/accept-terms", json!({"version": 1})).await;
    assert_eq!((status, body["error_code"].as_str()), (409, Some("kyc_not_verified")));
    let (status, body) = app.post_as(&user, "/api/v1/user/kyc", form(NIK_OK)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["status"], "PENDING");
    assert_eq!(body["data"]["nikMasked"], "************0001");
    assert_eq!(body["data"]["fullName"], "BUDI SANTOSO");
    assert_eq!(kyc_status(&app, &user).await.0, "PENDING");
    // A second submission while pending is refused.
    let (status, body) = app.post_as(&user, "/api/v1/user/kyc", form(NIK_OK)).await;
    assert_eq!((status, body["error_code"].as_str()), (409, Some("kyc_in_progress")));
    after_decision(&clock);
    assert_eq!(kyc_status(&app, &user).await, ("VERIFIED".into(), "UNVERIFIED".into()));
    let (_, view) = app.get_as(&user, "/api/v1/user/kyc").await;
    assert_eq!(view["data"]["decidedBy"], "sandbox");
    // R6.03: accepting the current US-stock terms makes gssKycStatus VERIFIED; an old version is refused.
    let (status, _) = app.post_as(&user, "/api/v1/user/gss/accept-terms", json!({"version": 0})).await;
    assert_eq!(status, 400);
    let (status, body) = app.post_as(&user, "/api/v1/user/gss/accept-terms", json!({"version": 1})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(kyc_status(&app, &user).await, ("VERIFIED".into(), "VERIFIED".into()));
    let (status, usd) = app.get_as(&user, "/api/v1/wallet/usd/balance").await;
    assert_eq!((status, usd["data"]["gssKycStatus"].as_str()), (200, Some("VERIFIED")), "{usd}");
});

both_backends!(r3_08_kyc_rejects_an_unknown_nik_with_a_reason_and_allows_a_new_submission, |backend| async move {
    let (app, clock) = spawn_app_with_clock(backend, |_| {}).await;
    let user = app.sign_up("081234560102").await;
    let (status, _) = app.post_as(&user, "/api/v1/user/kyc", form(NIK_UNKNOWN)).await;
    assert_eq!(status, 200);
    after_decision(&clock);
    let (_, view) = app.get_as(&user, "/api/v1/user/kyc").await;
    assert_eq!(
        (view["data"]["status"].as_str(), view["data"]["reason"].as_str()),
        (Some("REJECTED"), Some("nik_not_found"))
    );
    assert_eq!(kyc_status(&app, &user).await.0, "REJECTED");
    let (status, body) = app.post_as(&user, "/api/v1/user/kyc", form(NIK_OK)).await;
    assert_eq!((status, body["data"]["status"].as_str()), (200, Some("PENDING")));
    assert!(body["data"]["reason"].is_null());
});

both_backends!(r3_08_bad_kyc_input_gets_a_localised_error_and_changes_nothing, |backend| async move {
    let app = spawn_app(backend).await;
    let user = app.sign_up("081234560103").await;
    let cases = [
        (json!({"nik": "12345"}), "nik"),
        (json!({"nik": "3171011305900001"}), "nik"),
        (json!({"birthDate": "2020-01-01"}), "birthDate"),
        (json!({"fullName": "B0di"}), "fullName"),
        (json!({"address": " "}), "address"),
        (json!({"ktpPhoto": "R0lGODlh"}), "photo"),
    ];
    for (patch, field) in cases {
        let mut body = form(NIK_OK);
        for (key, value) in patch.as_object().unwrap() {
            body[key] = value.clone();
        }
        let response =
            app.post("/api/v1/user/kyc").bearer_auth(&user.access_token).header("x-language-code", "en").json(&body);
        let response = response.send().await.unwrap();
        assert_eq!(response.status(), 400, "{field}");
        let error: Value = response.json().await.unwrap();
        assert_eq!(error["error_code"], "invalid_kyc", "{field}");
        assert!(error.to_string().contains(field), "{error}");
    }
    // Indonesian by default.
    let mut body = form(NIK_OK);
    body["nik"] = json!("1");
    let (_, error) = app.post_as(&user, "/api/v1/user/kyc", body).await;
    assert!(error["error_message"].as_str().unwrap().starts_with("NIK harus 16 angka sesuai KTP."), "{error}");
    assert_eq!(kyc_status(&app, &user).await.0, "UNVERIFIED");
});

both_backends!(r3_08_an_operator_overrides_the_verifier_and_a_rejection_withdraws_us_stocks, |backend| async move {
    let (app, clock) = spawn_app_with_clock(backend, |_| {}).await;
    let user = app.sign_up("081234560104").await;
    let admin = |path: String, body: Value| {
        let request = app.post(&path).bearer_auth(ADMIN_TOKEN).json(&body);
        async move {
            let response = request.send().await.unwrap();
            (response.status().as_u16(), response.json::<Value>().await.unwrap_or(Value::Null))
        }
    };
    let path = format!("/api/admin/users/{}/kyc", user.user_id);
    // No submission yet: nothing to override.
    assert_eq!(admin(path.clone(), json!({"status": "VERIFIED"})).await.0, 404);
    app.post_as(&user, "/api/v1/user/kyc", form(NIK_UNKNOWN)).await;
    let (status, body) = admin(path.clone(), json!({"status": "VERIFIED"})).await;
    assert_eq!(status, 200, "{body}");
    // The operator's decision stands even after the sandbox's rejection would have come due.
    after_decision(&clock);
    assert_eq!(kyc_status(&app, &user).await.0, "VERIFIED");
    let (status, _) = app.post_as(&user, "/api/v1/user/gss/accept-terms", json!({"version": 1})).await;
    assert_eq!(status, 200);
    assert_eq!(admin(path.clone(), json!({"status": "REJECTED"})).await.0, 400, "a rejection needs a reason");
    let blank = admin(path.clone(), json!({"status": "REJECTED", "reason": " \u{3000}\n"})).await.0;
    assert_eq!(blank, 400, "white space is no reason");
    assert_eq!(kyc_status(&app, &user).await.0, "VERIFIED", "a refused override changes nothing");
    let (status, _) = admin(path.clone(), json!({"status": "REJECTED", "reason": "KTP blurred"})).await;
    assert_eq!(status, 200);
    assert_eq!(kyc_status(&app, &user).await, ("REJECTED".into(), "UNVERIFIED".into()));
    let (_, view) = app.get_as(&user, "/api/v1/user/kyc").await;
    assert_eq!(
        (view["data"]["reason"].as_str(), view["data"]["decidedBy"].as_str()),
        (Some("KTP blurred"), Some("operator"))
    );
    // Without the operator token the override does not exist for users.
    let response = app.post(&path).bearer_auth(&user.access_token).json(&json!({"status": "VERIFIED"})).send().await;
    assert_eq!(response.unwrap().status(), 401);
});

both_backends!(kyc_photos_live_outside_the_database_and_only_their_owner_reads_them, |backend| async move {
    use base64::Engine;
    let app = spawn_app(backend).await;
    let owner = app.sign_up("081234560111").await;
    let other = app.sign_up("081234560112").await;
    // A tiny PNG: the type comes from the bytes.
    let png: Vec<u8> = [&[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A][..], &[7u8; 64][..]].concat();
    let mut body = form(NIK_OK);
    body["ktpPhoto"] = json!(base64::engine::general_purpose::STANDARD.encode(&png));
    let (status, view) = app.post_as(&owner, "/api/v1/user/kyc", body).await;
    assert_eq!(status, 200, "{view}");
    let id = view["data"]["ktpPhotoId"].as_str().expect("a document id").to_string();
    assert!(view["data"]["selfieId"].is_null());
    // The bytes are a file in the document store; the database holds the id, never the image.
    let file = app.state.settings.auth.documents_dir.join(&id);
    assert_eq!(std::fs::read(&file).unwrap(), png);
    let stored: String = sqlx::query_scalar("select ktp_photo from kyc_submissions where user_id = $1")
        .bind(&owner.user_id)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(stored, id);
    let path = format!("/api/v1/user/kyc/documents/{id}");
    let read = app.get(&path).bearer_auth(&owner.access_token).send().await.unwrap();
    assert_eq!(read.status(), 200);
    assert_eq!(read.headers()["content-type"], "image/png");
    assert_eq!(read.headers()["cache-control"], "private, no-store");
    assert_eq!(read.bytes().await.unwrap().to_vec(), png);
    // R6.04: another user's document, an unknown id and no session all reveal nothing.
    let (status, _) = app.get_as(&other, &path).await;
    assert_eq!(status, 404);
    let (status, _) = app.get_as(&owner, "/api/v1/user/kyc/documents/nope").await;
    assert_eq!(status, 404);
    assert_eq!(app.get(&path).send().await.unwrap().status(), 401);
    // A file changed on disk is never served as the user's document.
    std::fs::write(&file, b"\x89PNG tampered").unwrap();
    assert_eq!(app.get(&path).bearer_auth(&owner.access_token).send().await.unwrap().status(), 500);
});

both_backends!(a_kyc_submission_refused_as_in_progress_leaves_no_photo_behind, |backend| async move {
    use base64::Engine;
    let app = spawn_app(backend).await;
    let user = app.sign_up("081234560113").await;
    let (status, _) = app.post_as(&user, "/api/v1/user/kyc", form(NIK_OK)).await;
    assert_eq!(status, 200);
    let mut body = form(NIK_OK);
    body["selfie"] = json!(base64::engine::general_purpose::STANDARD.encode([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]));
    let (status, refused) = app.post_as(&user, "/api/v1/user/kyc", body).await;
    assert_eq!((status, refused["error_code"].as_str()), (409, Some("kyc_in_progress")));
    let dir = &app.state.settings.auth.documents_dir;
    let left = std::fs::read_dir(dir).map_or(0, std::iter::Iterator::count);
    assert_eq!(left, 0, "no orphan file in {dir:?}");
    let count: i64 =
        sqlx::query_scalar("select count(*) from kyc_documents").fetch_one(app.state.db.pool()).await.unwrap();
    assert_eq!(count, 0);
});

both_backends!(two_full_size_kyc_photos_fit_but_other_routes_keep_their_body_limit, |backend| async move {
    use base64::Engine;
    let app = spawn_app(backend).await;
    let user = app.sign_up("081234560114").await;
    // Issue 21: two photos at the largest size each photo may have (512 KiB).
    let photo = |magic: &[u8]| {
        let mut bytes = magic.to_vec();
        bytes.resize(server::features::identity::kyc_form::PHOTO_BYTES_MAX, 7);
        base64::engine::general_purpose::STANDARD.encode(bytes)
    };
    let mut body = form(NIK_OK);
    body["ktpPhoto"] = json!(photo(&[0xFF, 0xD8, 0xFF, 0xE0]));
    body["selfie"] = json!(photo(&[0x89, b'P', b'N', b'G']));
    assert!(body.to_string().len() > app.state.settings.http.body_limit_bytes, "bigger than other routes take");
    let (status, view) = app.post_as(&user, "/api/v1/user/kyc", body.clone()).await;
    assert_eq!(status, 200, "{view}");
    assert!(view["data"]["ktpPhotoId"].is_string() && view["data"]["selfieId"].is_string());
    // The same size anywhere else is still too large.
    let response = app.post("/api/v1/user/signup/phone").json(&body).send().await.unwrap();
    assert_eq!(response.status(), 413);
});
