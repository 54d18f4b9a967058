//! SMS through Twilio's Messages API (`providers.sms = "twilio"`, docs/operations.md "SMS
//! (Twilio)"): `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded `To`, `From`,
//! `Body` and `StatusCallback`, Basic auth with the account SID and auth token. A timeout per
//! try, retries with doubling backoff on timeouts, 429 and 5xx only (a 4xx such as 21211, an
//! invalid number, would fail the same way again), and a circuit breaker per destination.
//! Every message is recorded in `sms_deliveries`; Twilio's status callbacks move it on
//! (`twilio_callback.rs`).

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use futures::future::BoxFuture;
use secrecy::{ExposeSecret, SecretString};
use serde_json::Value;
use store::Db;

use super::sms::{Sms, SmsSender};
use super::sms_breaker::Breakers;
use super::sms_deliveries_repo;
use crate::config::twilio::TwilioSettings;

/// The provider name recorded with each delivery.
pub const PROVIDER: &str = "twilio";

/// The path of Twilio's status callback under the public URL.
pub const STATUS_CALLBACK_PATH: &str = "/api/v1/sms/twilio-status";

/// A message Twilio did not take.
#[derive(Debug, thiserror::Error)]
pub enum TwilioError {
    /// Twilio answered with an error status and its error code (e.g. 21211, 20003).
    #[error("twilio answered {status} (error {code}): {message}")]
    Api {
        /// HTTP status.
        status: u16,
        /// Twilio's numeric error code, as text.
        code: String,
        /// Twilio's message.
        message: String,
    },
    /// No answer within the timeout, after every try.
    #[error("twilio did not answer in time")]
    Timeout,
    /// The connection failed, or the answer was not what Twilio documents.
    #[error("twilio call failed: {0}")]
    Transport(String),
    /// The destination's circuit is open: recent messages to it all failed.
    #[error("messages to this number are paused after repeated failures")]
    CircuitOpen,
}

impl TwilioError {
    /// Whether the same message may be taken if tried again.
    fn retryable(&self) -> bool {
        match self {
            Self::Api { status, .. } => *status == 429 || *status >= 500,
            Self::Timeout | Self::Transport(_) => true,
            Self::CircuitOpen => false,
        }
    }

    /// The code recorded with the failed delivery.
    fn code(&self) -> String {
        match self {
            Self::Api { code, status, .. } if code.is_empty() => format!("http_{status}"),
            Self::Api { code, .. } => code.clone(),
            Self::Timeout => "timeout".into(),
            Self::Transport(_) => "transport".into(),
            Self::CircuitOpen => "circuit_open".into(),
        }
    }
}

/// Sends SMS through Twilio.
pub struct TwilioSms {
    http: reqwest::Client,
    messages_url: String,
    account_sid: String,
    auth_token: SecretString,
    from: String,
    status_callback: String,
    attempts: u32,
    backoff: Duration,
    breakers: Breakers,
    db: Db,
}

impl TwilioSms {
    /// A sender for `settings`; status callbacks go to `public_url`. Fails without an account.
    pub fn shared(settings: &TwilioSettings, public_url: &str, db: Db) -> anyhow::Result<Arc<dyn SmsSender>> {
        anyhow::ensure!(!settings.account_sid.is_empty(), "providers.twilio.account_sid is not set");
        anyhow::ensure!(!settings.from.is_empty(), "providers.twilio.from is not set");
        let auth_token = settings.auth_token.clone().context("providers.twilio.auth_token is not set")?;
        let http = reqwest::Client::builder().timeout(Duration::from_millis(settings.timeout_ms.max(1))).build()?;
        Ok(Arc::new(Self {
            http,
            messages_url: format!(
                "{}/2010-04-01/Accounts/{}/Messages.json",
                settings.base_url.trim_end_matches('/'),
                settings.account_sid
            ),
            account_sid: settings.account_sid.clone(),
            auth_token,
            from: settings.from.clone(),
            status_callback: status_callback_url(public_url),
            attempts: settings.attempts.max(1),
            backoff: Duration::from_millis(settings.retry_backoff_ms),
            breakers: Breakers::new(settings.breaker_failures, Duration::from_millis(settings.breaker_cooldown_ms)),
            db,
        }))
    }

    /// Posts the message, trying again while the failure may pass; returns Twilio's answer.
    async fn post(&self, sms: &Sms) -> Result<Value, TwilioError> {
        let form = [
            ("To", sms.to.as_str()),
            ("From", self.from.as_str()),
            ("Body", sms.body.as_str()),
            ("StatusCallback", self.status_callback.as_str()),
        ];
        let mut pause = self.backoff;
        let mut attempt = 1;
        loop {
            match self.try_once(&form).await {
                Err(e) if e.retryable() && attempt < self.attempts => {
                    tracing::warn!(error = %e, attempt, "twilio message failed; trying again");
                    tokio::time::sleep(pause).await;
                    pause *= 2;
                    attempt += 1;
                }
                outcome => return outcome,
            }
        }
    }

    async fn try_once(&self, form: &[(&str, &str)]) -> Result<Value, TwilioError> {
        let failed = |e: reqwest::Error| {
            if e.is_timeout() {
                TwilioError::Timeout
            } else {
                TwilioError::Transport(e.to_string())
            }
        };
        let response = self
            .http
            .post(&self.messages_url)
            .basic_auth(&self.account_sid, Some(self.auth_token.expose_secret()))
            .form(form)
            .send()
            .await
            .map_err(failed)?;
        let status = response.status().as_u16();
        let text = response.text().await.map_err(failed)?;
        let value: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        if (200..300).contains(&status) {
            return Ok(value);
        }
        let code = match value.get("code") {
            Some(Value::Number(n)) => n.to_string(),
            Some(Value::String(s)) => s.clone(),
            _ => String::new(),
        };
        let message = value.get("message").and_then(Value::as_str).unwrap_or("").to_string();
        Err(TwilioError::Api { status, code, message })
    }

    /// Sends one message through the destination's breaker; the outcome is recorded either way.
    async fn deliver(&self, sms: &Sms) -> Result<(), TwilioError> {
        let destination = sms.to.as_str();
        let outcome = if self.breakers.allow(destination, Instant::now()) {
            let outcome = self.post(sms).await;
            match &outcome {
                Ok(_) => self.breakers.succeeded(destination),
                Err(_) => self.breakers.failed(destination, Instant::now()),
            }
            outcome
        } else {
            Err(TwilioError::CircuitOpen)
        };
        let now = sms.sent_at_ms;
        let recorded = match &outcome {
            Ok(answer) => {
                let sid = answer.get("sid").and_then(Value::as_str);
                let status = answer.get("status").and_then(Value::as_str).unwrap_or("queued");
                sms_deliveries_repo::record(&self.db, PROVIDER, destination, sid, status, None, now).await
            }
            Err(e) => {
                sms_deliveries_repo::record(&self.db, PROVIDER, destination, None, "failed", Some(&e.code()), now).await
            }
        };
        if let Err(e) = recorded {
            // The message went (or not) whatever the bookkeeping says; the caller needs that outcome.
            tracing::error!(error = %e, "could not record an SMS delivery");
        }
        outcome.map(|_| ())
    }
}

/// The status callback URL Twilio is given, and signs.
pub fn status_callback_url(public_url: &str) -> String {
    format!("{}{STATUS_CALLBACK_PATH}", public_url.trim_end_matches('/'))
}

impl SmsSender for TwilioSms {
    fn send(&self, sms: Sms) -> BoxFuture<'_, anyhow::Result<()>> {
        Box::pin(async move { self.deliver(&sms).await.map_err(anyhow::Error::from) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_only_what_may_be_taken_later() {
        let api = |status| TwilioError::Api { status, code: "1".into(), message: String::new() };
        assert!(api(500).retryable() && api(503).retryable() && api(429).retryable());
        assert!(!api(400).retryable() && !api(401).retryable() && !api(404).retryable());
        assert!(TwilioError::Timeout.retryable() && !TwilioError::CircuitOpen.retryable());
    }

    #[test]
    fn the_callback_url_is_under_the_public_url() {
        assert_eq!(
            status_callback_url("https://app.example.co.id/"),
            "https://app.example.co.id/api/v1/sms/twilio-status"
        );
    }
}
