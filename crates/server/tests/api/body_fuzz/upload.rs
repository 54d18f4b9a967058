//! Hostile uploads (issue 14). The identity form (`POST /v1/user/kyc`, the KTP details with the KTP
//! photo and selfie in base64) is the API's one upload: the served document has no multipart
//! operation, so a multipart body, however well or badly formed, must be refused like any other
//! wrong body. It gets multipart bodies (wrong, missing and mismatched boundaries, truncated,
//! missing and duplicate parts, wrong part types, oversized parts, non-image photos, NUL in text,
//! huge field names) and the same hostility in JSON. Every one is refused with a 4xx and stores
//! nothing: the verification, the document rows and the document store stay as they were, and the
//! ledger stays sound. The well-formed JSON form is then accepted, so the refusals are the body's.

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use server::features::identity::kyc_form::{PHOTO_BYTES_MAX, SUBMISSION_BYTES_MAX};

use super::env_number;
use crate::account::{form, NIK_OK};
use crate::both_backends;
use crate::helpers::{TestApp, User};
use crate::trading::{assert_ledger_sound, fund, trading_app};

const DEFAULT_CASES: u64 = 40;
const DEFAULT_SEED: u64 = 0x0b10_ad14;
const BOUNDARY: &str = "----lumbung-fuzz-7d1f";
/// The required text fields of the form.
const TEXT_FIELDS: [&str; 5] = ["nik", "fullName", "birthDate", "birthPlace", "address"];
/// How many kinds of hostile body `hostile` makes; the first cases take each kind once.
const KINDS: u64 = 22;

/// A body and the content type it is sent with (`None`: no header at all).
struct Upload {
    content_type: Option<String>,
    body: Vec<u8>,
    what: &'static str,
}

/// One part of a multipart body.
struct Part {
    name: String,
    file: Option<&'static str>,
    content_type: Option<&'static str>,
    bytes: Vec<u8>,
}

fn text_part(name: &str, value: &str) -> Part {
    Part { name: name.into(), file: None, content_type: None, bytes: value.as_bytes().to_vec() }
}

fn photo_part(name: &str, content_type: &'static str, bytes: Vec<u8>) -> Part {
    Part { name: name.into(), file: Some("photo.jpg"), content_type: Some(content_type), bytes }
}

fn jpeg(size: usize) -> Vec<u8> {
    let mut bytes = vec![0xFF, 0xD8, 0xFF, 0xE0];
    bytes.resize(size.max(4), 7);
    bytes
}

/// Bytes that are no JPEG or PNG: other formats' signatures, or noise.
fn not_an_image(rng: &mut StdRng) -> Vec<u8> {
    let signatures: [&[u8]; 5] = [b"GIF89a", b"%PDF-1.7", b"MZ\x90\x00", b"\x7fELF", b"<svg onload=alert(1)>"];
    let mut bytes = signatures.choose(rng).copied().unwrap_or(b"GIF89a").to_vec();
    bytes.extend((0..rng.gen_range(0..2_000)).map(|_| rng.gen::<u8>()));
    bytes
}

/// The well-formed form as multipart parts: the text fields, then both photos as files.
fn form_parts() -> Vec<Part> {
    let form = form(NIK_OK);
    let mut parts: Vec<Part> =
        TEXT_FIELDS.iter().map(|name| text_part(name, form[name].as_str().unwrap_or(""))).collect();
    parts.push(photo_part("ktpPhoto", "image/jpeg", jpeg(2_000)));
    parts.push(photo_part("selfie", "image/jpeg", jpeg(2_000)));
    parts
}

fn multipart(boundary: &str, parts: &[Part], closed: bool) -> Vec<u8> {
    let mut body = Vec::new();
    for part in parts {
        body.extend(format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{}\"", part.name).bytes());
        if let Some(file) = part.file {
            body.extend(format!("; filename=\"{file}\"").bytes());
        }
        body.extend(b"\r\n");
        if let Some(content_type) = part.content_type {
            body.extend(format!("Content-Type: {content_type}\r\n").bytes());
        }
        body.extend(b"\r\n");
        body.extend(&part.bytes);
        body.extend(b"\r\n");
    }
    if closed {
        body.extend(format!("--{boundary}--\r\n").bytes());
    }
    body
}

fn as_multipart(parts: &[Part], what: &'static str) -> Upload {
    Upload {
        content_type: Some(format!("multipart/form-data; boundary={BOUNDARY}")),
        body: multipart(BOUNDARY, parts, true),
        what,
    }
}

fn as_json(value: &Value, what: &'static str) -> Upload {
    Upload { content_type: Some("application/json".into()), body: value.to_string().into_bytes(), what }
}

/// The well-formed JSON form with both photos.
fn json_form() -> Value {
    let mut form = form(NIK_OK);
    form["ktpPhoto"] = json!(STANDARD.encode(jpeg(2_000)));
    form["selfie"] = json!(STANDARD.encode(jpeg(2_000)));
    form
}

fn pick<'a>(rng: &mut StdRng, names: &[&'a str]) -> &'a str {
    names.choose(rng).copied().unwrap_or("nik")
}

/// `text` with U+0000 somewhere in it.
fn with_nul(rng: &mut StdRng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    chars.insert(rng.gen_range(0..=chars.len()), '\0');
    chars.into_iter().collect()
}

/// The two photo fields.
const PHOTOS: [&str; 2] = ["ktpPhoto", "selfie"];
/// The kinds of multipart body; the rest of the `KINDS` are JSON.
const MULTIPART_KINDS: u64 = 11;

/// Hostile body number `kind % KINDS`, its details drawn from `rng`; each is refused by design.
fn hostile(rng: &mut StdRng, kind: u64) -> Upload {
    match kind % KINDS {
        kind if kind < MULTIPART_KINDS => hostile_multipart(rng, kind),
        kind => hostile_json(rng, kind - MULTIPART_KINDS),
    }
}

/// Multipart, however it is formed: the upload is JSON.
fn hostile_multipart(rng: &mut StdRng, kind: u64) -> Upload {
    match kind {
        0 => as_multipart(&form_parts(), "the whole form as multipart"),
        1 => Upload { content_type: Some("multipart/form-data".into()), ..as_multipart(&form_parts(), "") }
            .named("multipart without a boundary"),
        2 => Upload {
            content_type: Some("multipart/form-data; boundary=something-else".into()),
            ..as_multipart(&form_parts(), "")
        }
        .named("multipart with another boundary than the body's"),
        3 => {
            let mut body = multipart(BOUNDARY, &form_parts(), rng.gen());
            body.truncate(rng.gen_range(1..body.len()));
            Upload { body, ..as_multipart(&[], "") }.named("a truncated multipart body")
        }
        4 => {
            let mut parts = form_parts();
            parts.retain(|p| p.name != pick(rng, &TEXT_FIELDS));
            as_multipart(&parts, "multipart missing a required part")
        }
        5 => {
            let mut parts = form_parts();
            let name = pick(rng, &["nik", "fullName", "ktpPhoto", "selfie"]);
            parts.push(text_part(name, "3171015205900001"));
            as_multipart(&parts, "multipart with a duplicate part")
        }
        6 => {
            let mut parts = form_parts();
            let types = ["text/plain", "application/x-msdownload", "image/gif", "application/json", ""];
            parts.iter_mut().filter(|p| p.file.is_some()).for_each(|p| p.content_type = types.choose(rng).copied());
            as_multipart(&parts, "multipart photos with wrong content types")
        }
        7 => {
            let mut parts = form_parts();
            parts.push(photo_part(pick(rng, &PHOTOS), "image/jpeg", jpeg(rng.gen_range(1_500_000..2_600_000))));
            as_multipart(&parts, "multipart with an oversized photo part")
        }
        8 => {
            let mut parts = form_parts();
            parts.retain(|p| p.file.is_none());
            parts.push(photo_part(pick(rng, &PHOTOS), "image/jpeg", not_an_image(rng)));
            as_multipart(&parts, "multipart with a photo that is no image")
        }
        9 => {
            let mut parts = form_parts();
            let name = pick(rng, &TEXT_FIELDS);
            let form = form(NIK_OK);
            parts.iter_mut().filter(|p| p.name == name).for_each(|p| {
                p.bytes = with_nul(rng, form[name].as_str().unwrap_or("")).into_bytes();
            });
            as_multipart(&parts, "multipart with NUL in a text part")
        }
        _ => {
            let mut parts = form_parts();
            parts.push(text_part(&"n".repeat(rng.gen_range(1_000..200_000)), "x"));
            as_multipart(&parts, "multipart with a huge field name")
        }
    }
}

/// The same hostility in the JSON the upload really is.
fn hostile_json(rng: &mut StdRng, kind: u64) -> Upload {
    match kind {
        0 => {
            let mut form = json_form();
            let name = pick(rng, &TEXT_FIELDS);
            if let Some(fields) = form.as_object_mut() {
                fields.remove(name);
            }
            as_json(&form, "JSON missing a required field")
        }
        1 => {
            let text = json_form().to_string();
            let duplicate = format!("{{\"{}\":\"3171015205900001\",", pick(rng, &TEXT_FIELDS));
            Upload { body: text.replacen('{', &duplicate, 1).into_bytes(), ..as_json(&Value::Null, "") }
                .named("JSON with a duplicate field")
        }
        2 => {
            let mut form = json_form();
            let wrong = [json!(3171011205900001_u64), json!([1, 2]), json!({"a": 1}), json!(true), Value::Null];
            form[pick(rng, &TEXT_FIELDS)] = wrong.choose(rng).cloned().unwrap_or(Value::Null);
            as_json(&form, "JSON with a field of the wrong type")
        }
        3 => {
            let mut form = json_form();
            form[pick(rng, &PHOTOS)] = json!(STANDARD.encode(not_an_image(rng)));
            as_json(&form, "JSON with a photo that is no image")
        }
        4 => {
            let mut form = json_form();
            let bad = ["not base64!", "////", "data:image/jpeg;base64,/9j/4AAQ", "\u{202e}/9j/"];
            form[pick(rng, &PHOTOS)] = json!(bad.choose(rng).copied().unwrap_or("!"));
            as_json(&form, "JSON with a photo that is no base64")
        }
        5 => {
            let mut form = json_form();
            form[pick(rng, &PHOTOS)] = json!(STANDARD.encode(jpeg(PHOTO_BYTES_MAX + rng.gen_range(1..10_000))));
            as_json(&form, "JSON with a photo over the size limit")
        }
        6 => {
            let mut form = json_form();
            form["address"] = json!("a".repeat(SUBMISSION_BYTES_MAX + rng.gen_range(1..100_000)));
            as_json(&form, "JSON over the upload's body limit")
        }
        7 => {
            let mut form = json_form();
            let name = pick(rng, &TEXT_FIELDS);
            form[name] = json!(with_nul(rng, form[name].as_str().unwrap_or("")));
            as_json(&form, "JSON with NUL in a text field")
        }
        8 => {
            let mut form = json_form();
            form["n".repeat(rng.gen_range(1_000..200_000))] = json!("x");
            as_json(&form, "JSON with a huge field name")
        }
        9 => {
            let mut body = json_form().to_string().into_bytes();
            body.truncate(rng.gen_range(1..body.len()));
            Upload { body, ..as_json(&Value::Null, "") }.named("truncated JSON")
        }
        _ => {
            let types = [None, Some("text/plain"), Some("application/x-www-form-urlencoded"), Some("image/jpeg")];
            let content_type = types.choose(rng).copied().flatten().map(str::to_string);
            Upload { content_type, ..as_json(&json_form(), "") }.named("the JSON form sent as another type")
        }
    }
}

impl Upload {
    fn named(self, what: &'static str) -> Self {
        Self { what, ..self }
    }
}

async fn send(app: &TestApp, user: &User, upload: &Upload) -> (u16, String) {
    let mut request = app.post("/api/v1/user/kyc").bearer_auth(&user.access_token).body(upload.body.clone());
    if let Some(content_type) = &upload.content_type {
        request = request.header("content-type", content_type);
    }
    let response = request.send().await.unwrap();
    (response.status().as_u16(), response.text().await.unwrap_or_default())
}

/// What a submission would change: the caller's verification, the document rows, the stored files.
async fn stored(app: &TestApp, user: &User) -> (Value, i64, usize) {
    let (_, view) = app.get_as(user, "/api/v1/user/kyc").await;
    let rows: i64 =
        sqlx::query_scalar("select count(*) from kyc_documents").fetch_one(app.state.db.pool()).await.unwrap();
    let files = std::fs::read_dir(&app.state.settings.auth.documents_dir).map_or(0, Iterator::count);
    (view["data"].clone(), rows, files)
}

both_backends!(no_hostile_upload_is_a_server_error_or_stores_anything, |backend| async move {
    let app = trading_app(backend).await;
    let user = app.sign_up("081234560141").await;
    fund(&app, &user, 1_000_000).await;
    let before = stored(&app, &user).await;
    assert_eq!(before.0["status"], "UNVERIFIED");
    let mut rng = StdRng::seed_from_u64(env_number("BODY_FUZZ_SEED", DEFAULT_SEED));
    let cases = KINDS + env_number("UPLOAD_FUZZ_CASES", DEFAULT_CASES);
    let mut failures = Vec::new();
    for n in 0..cases {
        let kind = if n < KINDS { n } else { rng.gen_range(0..KINDS) };
        let upload = hostile(&mut rng, kind);
        let (status, answer) = send(&app, &user, &upload).await;
        let answer: String = answer.chars().take(200).collect();
        if !(400..500).contains(&status) {
            failures.push(format!("{}: {status} {answer}", upload.what));
        } else if stored(&app, &user).await != before {
            failures.push(format!("{}: refused ({status}) but something was stored", upload.what));
        }
    }
    assert!(failures.is_empty(), "{} of {cases} uploads:\n{}", failures.len(), failures.join("\n"));
    // The well-formed form goes through: the refusals above were the bodies', not the route's.
    let (status, view) = app.post_as(&user, "/api/v1/user/kyc", json_form()).await;
    assert_eq!((status, view["data"]["status"].as_str()), (200, Some("PENDING")), "{view}");
    assert_eq!(stored(&app, &user).await.1, 2, "both photos recorded");
    assert_ledger_sound(&app).await;
});
