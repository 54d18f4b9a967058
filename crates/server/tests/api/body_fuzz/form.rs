//! Hostile form bodies (issue 14) for the document's one form-encoded operation, Twilio's status
//! callback (`POST /v1/sms/twilio-status`): unsigned and forged bodies of any bytes, and bodies
//! signed as Twilio signs them that still carry what no delivery can take (U+0000 in a name or value,
//! a missing or empty message id or status, huge names and values, repeated parameters, unknown
//! messages). No answer is a server error, and the recorded delivery never moves.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use super::{env_number, urlencode};
use crate::both_backends;
use crate::helpers::TestApp;
use crate::sms::{app_on_twilio, deliveries, fake_twilio, send_code, status_params, twilio_signature};
use crate::sms::{AUTH_TOKEN, CALLBACK_URL};

const DEFAULT_CASES: u64 = 40;
const DEFAULT_SEED: u64 = 0xf0_4d14;
const PHONE: &str = "+6281234567341";
/// How many kinds of hostile callback `hostile` makes; the first cases take each kind once.
const KINDS: u64 = 10;

/// A callback to send: its body, content type and `X-Twilio-Signature`.
struct Callback {
    body: Vec<u8>,
    content_type: &'static str,
    signature: Option<String>,
    what: &'static str,
}

const FORM: &str = "application/x-www-form-urlencoded";

/// `params` form-encoded and signed with the real auth token.
fn signed(params: &[(String, String)], what: &'static str) -> Callback {
    let pairs: Vec<(&str, &str)> = params.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let body = pairs.iter().map(|(k, v)| format!("{}={}", urlencode(k), urlencode(v))).collect::<Vec<_>>().join("&");
    let body = body.into_bytes();
    Callback { body, content_type: FORM, signature: Some(twilio_signature(AUTH_TOKEN, CALLBACK_URL, &pairs)), what }
}

/// `text` with U+0000 somewhere in it.
fn with_nul(rng: &mut StdRng, text: &str) -> String {
    let at = rng.gen_range(0..=text.len());
    format!("{}\0{}", &text[..at], &text[at..])
}

/// Hostile callback number `kind % KINDS` about the message `sid`; none of them may move it.
fn hostile(rng: &mut StdRng, kind: u64, sid: &str) -> Callback {
    let mut params: Vec<(String, String)> =
        status_params(sid, "delivered", PHONE).into_iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let set = |params: &mut Vec<(String, String)>, name: &str, value: String| {
        params.iter_mut().filter(|(k, _)| k == name).for_each(|(_, v)| v.clone_from(&value));
    };
    match kind % KINDS {
        0 => {
            let body = (0..rng.gen_range(0..2_000)).map(|_| rng.gen()).collect();
            Callback { body, content_type: FORM, signature: None, what: "unsigned random bytes" }
        }
        1 => Callback { signature: Some("bm90IGEgc2lnbmF0dXJl".into()), ..signed(&params, "") }
            .named("a forged signature"),
        2 => {
            let body = ["%", "%zz=1", "a=%FF%FE", "=&=&&", "MessageSid"].choose(rng).copied().unwrap_or("%");
            Callback { body: body.as_bytes().to_vec(), content_type: FORM, signature: None, what: "broken encoding" }
        }
        3 => {
            let name = ["MessageSid", "MessageStatus"].choose(rng).copied().unwrap_or("MessageSid");
            let value = params.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()).unwrap_or_default();
            set(&mut params, name, with_nul(rng, &value));
            signed(&params, "signed, NUL in the message id or status")
        }
        4 => {
            params.push(("ErrorCode".into(), with_nul(rng, "30003")));
            set(&mut params, "MessageSid", format!("SM{:032}", 999));
            signed(&params, "signed, NUL in the error code of an unknown message")
        }
        5 => {
            params.push((with_nul(rng, "ErrorCode"), "30003".into()));
            set(&mut params, "MessageStatus", String::new());
            signed(&params, "signed, NUL in a name and no status")
        }
        6 => {
            let name = ["MessageSid", "MessageStatus"].choose(rng).copied().unwrap_or("MessageSid");
            params.retain(|(k, _)| k != name);
            signed(&params, "signed, the message id or status missing")
        }
        7 => {
            set(&mut params, "MessageSid", "S".repeat(rng.gen_range(1_000..300_000)));
            params.push(("x".repeat(rng.gen_range(1_000..100_000)), "y".into()));
            signed(&params, "signed, huge names and values")
        }
        8 => {
            set(&mut params, "MessageSid", format!("SM{:032}", 998));
            params.push(("MessageSid".into(), format!("SM{:032}", 997)));
            signed(&params, "signed, repeated message ids of unknown messages")
        }
        _ => Callback { content_type: "application/json", ..signed(&params, "") }.named("signed, sent as JSON"),
    }
}

impl Callback {
    fn named(self, what: &'static str) -> Self {
        Self { what, ..self }
    }
}

async fn send(app: &TestApp, callback: &Callback) -> (u16, String) {
    let mut request = app
        .client
        .post(app.url("/api/v1/sms/twilio-status"))
        .header("content-type", callback.content_type)
        .body(callback.body.clone());
    if let Some(signature) = &callback.signature {
        request = request.header("x-twilio-signature", signature);
    }
    let response = request.send().await.unwrap();
    (response.status().as_u16(), response.text().await.unwrap_or_default())
}

/// The recorded delivery's status and error code.
async fn delivery(app: &TestApp) -> (String, Option<String>) {
    let recorded = deliveries(app, PHONE).await;
    assert_eq!(recorded.len(), 1, "one code sent");
    (recorded[0].status.clone(), recorded[0].error_code.clone())
}

both_backends!(no_hostile_form_body_is_a_server_error_or_moves_a_delivery, |backend| async move {
    let (url, _twilio) = fake_twilio().await;
    let app = app_on_twilio(backend, &url, 3).await;
    let (status, sent) = send_code(&app, PHONE).await;
    assert_eq!(status, 200, "{sent}");
    let sid = deliveries(&app, PHONE).await[0].provider_message_id.clone().expect("Twilio took the message");
    let before = delivery(&app).await;
    let mut rng = StdRng::seed_from_u64(env_number("BODY_FUZZ_SEED", DEFAULT_SEED));
    let cases = KINDS + env_number("FORM_FUZZ_CASES", DEFAULT_CASES);
    let mut failures = Vec::new();
    for n in 0..cases {
        let kind = if n < KINDS { n } else { rng.gen_range(0..KINDS) };
        let callback = hostile(&mut rng, kind, &sid);
        let (status, answer) = send(&app, &callback).await;
        if status >= 500 {
            failures.push(format!("{}: {status} {}", callback.what, answer.chars().take(200).collect::<String>()));
        } else if delivery(&app).await != before {
            failures.push(format!("{}: {status}, and the delivery moved", callback.what));
        }
    }
    assert!(failures.is_empty(), "{} of {cases} callbacks:\n{}", failures.len(), failures.join("\n"));
    // A well-formed signed callback still moves it: the refusals above were the bodies'.
    let (status, _) = send(&app, &signed_delivered(&sid)).await;
    assert_eq!((status, delivery(&app).await.0.as_str()), (204, "delivered"));
});

fn signed_delivered(sid: &str) -> Callback {
    let params: Vec<(String, String)> =
        status_params(sid, "delivered", PHONE).into_iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    signed(&params, "well-formed")
}
