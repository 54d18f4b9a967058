//! Identity verification through Verihubs (`providers.kyc = "verihubs"`, docs/identity.md
//! "Identity verification (Verihubs)"): the NIK, name, date of birth and selfie go to
//! `POST /v1/identity-verification` with the `App-ID` and `API-Key` headers; Verihubs checks them
//! against Dukcapil's register and face photo and answers 202 with its id, then posts the decision
//! to our callback (`verihubs_callback.rs`). A timeout per try; retries with doubling backoff on
//! timeouts, 429 and 5xx only, always under our submission id as `reference_id`, so a retried
//! request is recognised as the same verification. A callback that never came is made up for by
//! the status inquiry `GET /v1/identity-verification/{id}` (`kyc_reconcile.rs`), which answers the
//! callback's fields.

use std::sync::Arc;
use std::time::Duration;

use base64::Engine;
use domain::identity::KycStatus;
use futures::future::BoxFuture;
use secrecy::{ExposeSecret, SecretString};
use serde_json::{json, Value};

use super::kyc_verifier::{Inquiry, KycVerifier, Subject, Verdict, VerifierError, REASON_NIK_NOT_FOUND};
use crate::config::verihubs::VerihubsSettings;

/// The provider name recorded with each submission it decides.
pub const PROVIDER: &str = "verihubs";

/// Where Verihubs posts its decisions, under the public URL.
pub const CALLBACK_PATH: &str = "/api/v1/user/kyc/verihubs-callback";

/// One failed try.
enum Failure {
    /// Verihubs answered an error status with its `error_code`.
    Api { status: u16, code: String },
    /// No answer in time, or no connection.
    Transport(String),
}

impl Failure {
    fn retryable(&self) -> bool {
        match self {
            Self::Api { status, .. } => *status == 429 || *status >= 500,
            Self::Transport(_) => true,
        }
    }

    /// The failure as the verifier reports it when it is not the user's data that was refused.
    fn unavailable(self) -> VerifierError {
        match self {
            Self::Api { status, code } => VerifierError::Unavailable(format!("{status} {code}")),
            Self::Transport(e) => VerifierError::Unavailable(e),
        }
    }
}

/// The verifier over Verihubs.
pub struct VerihubsVerifier {
    http: reqwest::Client,
    url: String,
    app_id: String,
    api_key: SecretString,
    callback_url: String,
    attempts: u32,
    backoff: Duration,
}

impl VerihubsVerifier {
    /// A verifier for `settings`; decisions are called back under `public_url`.
    pub fn shared(settings: &VerihubsSettings, public_url: &str) -> anyhow::Result<Arc<dyn KycVerifier>> {
        anyhow::ensure!(!settings.app_id.is_empty(), "providers.verihubs.app_id is not set");
        let api_key =
            settings.api_key.clone().ok_or_else(|| anyhow::anyhow!("providers.verihubs.api_key is not set"))?;
        let http = reqwest::Client::builder().timeout(Duration::from_millis(settings.timeout_ms.max(1))).build()?;
        Ok(Arc::new(Self {
            http,
            url: format!("{}/v1/identity-verification", settings.base_url.trim_end_matches('/')),
            app_id: settings.app_id.clone(),
            api_key,
            callback_url: format!("{}{CALLBACK_PATH}", public_url.trim_end_matches('/')),
            attempts: settings.attempts.max(1),
            backoff: Duration::from_millis(settings.retry_backoff_ms),
        }))
    }

    /// One try of the request `build` makes, with the credentials' headers.
    async fn try_once(&self, build: &impl Fn() -> reqwest::RequestBuilder) -> Result<Value, Failure> {
        let response = build()
            .header("App-ID", &self.app_id)
            .header("API-Key", self.api_key.expose_secret())
            .send()
            .await
            .map_err(|e| Failure::Transport(e.to_string()))?;
        let status = response.status().as_u16();
        let text = response.text().await.map_err(|e| Failure::Transport(e.to_string()))?;
        let value: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        if (200..300).contains(&status) {
            return Ok(value);
        }
        let code = value.get("error_code").and_then(Value::as_str).unwrap_or("").to_string();
        Err(Failure::Api { status, code })
    }

    /// The request `build` makes, tried again with doubling pauses while the failure may pass.
    async fn with_retries(&self, what: &str, build: impl Fn() -> reqwest::RequestBuilder) -> Result<Value, Failure> {
        let mut pause = self.backoff;
        let mut attempt = 1;
        loop {
            match self.try_once(&build).await {
                Err(e) if e.retryable() && attempt < self.attempts => {
                    tracing::warn!(attempt, what, "verihubs call failed; trying again");
                    tokio::time::sleep(pause).await;
                    pause *= 2;
                    attempt += 1;
                }
                answer => return answer,
            }
        }
    }
}

/// Verihubs takes dates as DD-MM-YYYY.
fn provider_date(iso: &str) -> String {
    let mut parts = iso.splitn(3, '-');
    match (parts.next(), parts.next(), parts.next()) {
        (Some(y), Some(m), Some(d)) => format!("{d}-{m}-{y}"),
        _ => iso.to_string(),
    }
}

impl KycVerifier for VerihubsVerifier {
    fn submit<'a>(&'a self, subject: &'a Subject<'a>) -> BoxFuture<'a, Result<Verdict, VerifierError>> {
        Box::pin(async move {
            let selfie = subject.selfie.ok_or(VerifierError::SelfieRequired)?;
            let body = json!({
                "reference_id": subject.submission_id,
                "nik": subject.nik,
                "name": subject.full_name,
                "birth_date": provider_date(subject.birth_date),
                "selfie_photo": base64::engine::general_purpose::STANDARD.encode(&selfie.bytes),
                "callback_url": self.callback_url,
            });
            let answer = match self.with_retries("submission", || self.http.post(&self.url).json(&body)).await {
                Ok(answer) => answer,
                // The submission's data itself was refused; any other error is ours or theirs, not the user's.
                Err(Failure::Api { status, code }) if status == 400 || status == 422 => {
                    return Err(VerifierError::Refused(if code.is_empty() { format!("http_{status}") } else { code }));
                }
                Err(failure) => return Err(failure.unavailable()),
            };
            let reference = answer
                .get("id")
                .and_then(Value::as_str)
                .ok_or_else(|| VerifierError::Unavailable("an answer without an id".into()))?;
            Ok(Verdict::Awaiting { provider: PROVIDER, reference: reference.to_string() })
        })
    }

    fn inquire<'a>(&'a self, reference: &'a str) -> BoxFuture<'a, Result<Inquiry, VerifierError>> {
        Box::pin(async move {
            // The id is Verihubs' own, but it is still one path segment, escaped, never a path.
            let mut url = reqwest::Url::parse(&self.url).map_err(|e| VerifierError::Unavailable(e.to_string()))?;
            url.path_segments_mut()
                .map_err(|()| VerifierError::Unavailable(format!("{} takes no path", self.url)))?
                .push(reference);
            let answer = self
                .with_retries("status inquiry", || self.http.get(url.clone()))
                .await
                .map_err(Failure::unavailable)?;
            let status = answer
                .get("status")
                .and_then(Value::as_str)
                .ok_or_else(|| VerifierError::Unavailable("a status answer without a status".into()))?;
            let reason = answer.get("reason").and_then(Value::as_str);
            Ok(match decision_of(status, reason) {
                Some((status, reason)) => Inquiry::Decided { status, reason },
                None => Inquiry::Pending,
            })
        })
    }
}

/// The reason code of a selfie that is not the face Dukcapil holds.
pub const REASON_FACE_MISMATCH: &str = "face_mismatch";
/// The reason code of a name or birth date that does not match the NIK's record.
pub const REASON_DATA_MISMATCH: &str = "data_mismatch";

/// Our decision and reason code for Verihubs' `status` and `reason`; `None` for a status that is
/// no decision (still processing).
pub(super) fn decision_of(status: &str, reason: Option<&str>) -> Option<(KycStatus, Option<&'static str>)> {
    match status {
        "VERIFIED" => Some((KycStatus::Verified, None)),
        "REJECTED" => Some((
            KycStatus::Rejected,
            Some(match reason {
                Some("NIK_NOT_FOUND") => REASON_NIK_NOT_FOUND,
                Some("FACE_MISMATCH") => REASON_FACE_MISMATCH,
                _ => REASON_DATA_MISMATCH,
            }),
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_go_day_first() {
        assert_eq!(provider_date("1990-05-12"), "12-05-1990");
    }

    #[test]
    fn retries_only_what_may_pass() {
        let api = |status| Failure::Api { status, code: String::new() };
        assert!(api(500).retryable() && api(503).retryable() && api(429).retryable());
        assert!(!api(400).retryable() && !api(401).retryable() && !api(422).retryable());
        assert!(Failure::Transport(String::new()).retryable());
    }

    #[test]
    fn provider_statuses_map_to_decisions() {
        assert_eq!(decision_of("VERIFIED", None), Some((KycStatus::Verified, None)));
        assert_eq!(
            decision_of("REJECTED", Some("NIK_NOT_FOUND")),
            Some((KycStatus::Rejected, Some(REASON_NIK_NOT_FOUND)))
        );
        assert_eq!(
            decision_of("REJECTED", Some("FACE_MISMATCH")),
            Some((KycStatus::Rejected, Some(REASON_FACE_MISMATCH)))
        );
        assert_eq!(decision_of("REJECTED", None), Some((KycStatus::Rejected, Some(REASON_DATA_MISMATCH))));
        assert_eq!(decision_of("PROCESSING", None), None);
    }
}
