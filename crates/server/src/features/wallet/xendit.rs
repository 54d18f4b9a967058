//! Xendit's Payment Requests API (`providers.payments = "xendit"`): one request shape for virtual
//! accounts, e-wallets and QRIS (`POST /payment_requests`), the status inquiry
//! (`GET /payment_requests/{id}`) that reconciles a missed callback, Basic auth with the secret
//! key, an `idempotency-key` header on every call (the same key on every retry of one call), a
//! timeout per try and retries on timeouts, 429 and 5xx only. Callbacks: `xendit_callback.rs`.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use domain::money::Scale;
use futures::future::BoxFuture;
use secrecy::{ExposeSecret, SecretString};
use serde_json::{json, Value};

use super::channels::ChannelKind;
use super::gateway::{Instructions, IssuedPayment, PaymentGateway, PaymentRequest, PaymentStatus};
use crate::config::xendit::XenditSettings;

/// A failed call, with Xendit's `error_code` when it answered one.
#[derive(Debug, thiserror::Error)]
pub enum XenditError {
    /// Xendit answered with an error status.
    #[error("xendit answered {status} {code}: {message}")]
    Api {
        /// HTTP status.
        status: u16,
        /// `error_code`, e.g. `API_VALIDATION_ERROR`.
        code: String,
        /// `message`.
        message: String,
    },
    /// No answer within the timeout, after every try.
    #[error("xendit did not answer in time")]
    Timeout,
    /// The connection failed, or the answer was not what Xendit documents.
    #[error("xendit call failed: {0}")]
    Transport(String),
}

impl XenditError {
    /// Whether the same call may succeed if tried again.
    fn retryable(&self) -> bool {
        match self {
            Self::Api { status, .. } => *status == 429 || *status >= 500,
            Self::Timeout | Self::Transport(_) => true,
        }
    }
}

/// An HTTP client for Xendit's API.
#[derive(Clone)]
pub struct XenditClient {
    http: reqwest::Client,
    base_url: String,
    secret_key: SecretString,
    attempts: u32,
    backoff: Duration,
}

impl XenditClient {
    /// A client for `settings`; fails without a secret key.
    pub fn new(settings: &XenditSettings) -> anyhow::Result<Self> {
        let secret_key = settings.secret_key.clone().context("providers.xendit.secret_key is not set")?;
        let http = reqwest::Client::builder().timeout(Duration::from_millis(settings.timeout_ms.max(1))).build()?;
        Ok(Self {
            http,
            base_url: settings.base_url.trim_end_matches('/').to_string(),
            secret_key,
            attempts: settings.attempts.max(1),
            backoff: Duration::from_millis(settings.retry_backoff_ms),
        })
    }

    /// Calls `method path` with `body`, under `idempotency_key` on every try.
    pub async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        idempotency_key: &str,
        body: Option<&Value>,
    ) -> Result<Value, XenditError> {
        self.send(method, path, Some(("idempotency-key", idempotency_key)), body).await
    }

    /// Calls `method path` with `body` and, when given, an idempotency header (each Xendit API
    /// names its own: `idempotency-key`, `X-IDEMPOTENCY-KEY`) with the same key on every try.
    pub async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        idempotency: Option<(&str, &str)>,
        body: Option<&Value>,
    ) -> Result<Value, XenditError> {
        let mut pause = self.backoff;
        let mut attempt = 1;
        loop {
            match self.try_once(method.clone(), path, idempotency, body).await {
                Err(e) if e.retryable() && attempt < self.attempts => {
                    tracing::warn!(error = %e, attempt, path, "xendit call failed; trying again");
                    tokio::time::sleep(pause).await;
                    pause *= 2;
                    attempt += 1;
                }
                outcome => return outcome,
            }
        }
    }

    /// The pause before a second try, doubled before each further one.
    pub fn backoff(&self) -> Duration {
        self.backoff
    }

    /// Tries of one call.
    pub fn attempts(&self) -> u32 {
        self.attempts
    }

    async fn try_once(
        &self,
        method: reqwest::Method,
        path: &str,
        idempotency: Option<(&str, &str)>,
        body: Option<&Value>,
    ) -> Result<Value, XenditError> {
        let mut request = self
            .http
            .request(method, format!("{}{path}", self.base_url))
            .basic_auth(self.secret_key.expose_secret(), Some(""));
        if let Some((name, key)) = idempotency {
            request = request.header(name, key);
        }
        if let Some(body) = body {
            request = request.json(body);
        }
        let response = request.send().await.map_err(|e| {
            if e.is_timeout() {
                XenditError::Timeout
            } else {
                XenditError::Transport(e.to_string())
            }
        })?;
        let status = response.status().as_u16();
        let text = response.text().await.map_err(|e| {
            if e.is_timeout() {
                XenditError::Timeout
            } else {
                XenditError::Transport(e.to_string())
            }
        })?;
        let value: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        if (200..300).contains(&status) {
            return Ok(value);
        }
        let field = |name: &str| value.get(name).and_then(Value::as_str).unwrap_or("").to_string();
        Err(XenditError::Api { status, code: field("error_code"), message: field("message") })
    }
}

/// The payment gateway over Xendit.
pub struct XenditGateway {
    client: XenditClient,
    return_url: String,
}

impl XenditGateway {
    /// A gateway for `settings`.
    pub fn shared(settings: &XenditSettings) -> anyhow::Result<Arc<dyn PaymentGateway>> {
        Ok(Arc::new(Self { client: XenditClient::new(settings)?, return_url: settings.return_url.clone() }))
    }
}

/// Xendit takes IDR in whole rupiah; a fee in sen is sent with its decimals.
pub fn rupiah_amount(sen: i64) -> Value {
    if sen % 100 == 0 {
        json!(sen / 100)
    } else {
        // Exact in binary up to far beyond any top-up limit (two decimals of at most 10^12).
        #[expect(clippy::cast_precision_loss, reason = "amounts are far below 2^53 sen")]
        let rupiah = sen as f64 / 100.0;
        json!(rupiah)
    }
}

/// Sen in a Xendit amount (a JSON number of rupiah).
pub fn sen_of(amount: &Value) -> Option<i64> {
    if let Some(whole) = amount.as_i64() {
        return whole.checked_mul(100);
    }
    // The number's shortest decimal text is read exactly, so no binary fraction reaches the sum.
    let Value::Number(number) = amount else { return None };
    let rupiah: rust_decimal::Decimal = number.to_string().parse().ok()?;
    domain::amounts::nearest_units(rupiah, Scale::IDR.decimal_places()).ok()
}

/// The `payment_method` of a request for `request`'s channel.
fn payment_method(request: &PaymentRequest, return_url: &str) -> Value {
    let expires_at = chrono::DateTime::from_timestamp_millis(request.expires_at_ms)
        .unwrap_or_default()
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let channel = request.channel;
    match channel.kind {
        ChannelKind::VirtualAccount => json!({
            "type": "VIRTUAL_ACCOUNT",
            "reusability": "ONE_TIME_USE",
            "virtual_account": {
                "channel_code": channel.code.trim_end_matches("_VA"),
                "channel_properties": { "customer_name": "LUMBUNG", "expires_at": expires_at },
            },
        }),
        ChannelKind::Ewallet => json!({
            "type": "EWALLET",
            "reusability": "ONE_TIME_USE",
            "ewallet": {
                "channel_code": channel.code,
                "channel_properties": {
                    "success_return_url": format!("{return_url}?id={}", request.merchant_ref),
                    "failure_return_url": format!("{return_url}?id={}", request.merchant_ref),
                },
            },
        }),
        ChannelKind::Qris => json!({
            "type": "QR_CODE",
            "reusability": "ONE_TIME_USE",
            "qr_code": { "channel_code": "QRIS", "channel_properties": { "expires_at": expires_at } },
        }),
    }
}

/// What the payer needs, from a created payment request.
fn instructions_of(answer: &Value) -> anyhow::Result<Instructions> {
    let id = answer.get("id").and_then(Value::as_str).context("payment request without an id")?;
    let method = answer.get("payment_method").cloned().unwrap_or(Value::Null);
    let property = |kind: &str, name: &str| {
        method.pointer(&format!("/{kind}/channel_properties/{name}")).and_then(Value::as_str).map(str::to_string)
    };
    // E-wallets answer with actions; the deep link opens the app on a phone, the web page elsewhere.
    let actions = answer.get("actions").and_then(Value::as_array).cloned().unwrap_or_default();
    let link = |url_type: &str| {
        actions
            .iter()
            .find(|a| a.get("url_type").and_then(Value::as_str) == Some(url_type))
            .and_then(|a| a.get("url").and_then(Value::as_str))
            .map(str::to_string)
    };
    Ok(Instructions {
        gateway_ref: id.to_string(),
        va_number: property("virtual_account", "virtual_account_number"),
        qr_payload: property("qr_code", "qr_string"),
        deeplink: link("DEEPLINK").or_else(|| link("MOBILE")).or_else(|| link("WEB")),
    })
}

impl PaymentGateway for XenditGateway {
    fn create(&self, request: PaymentRequest) -> BoxFuture<'_, anyhow::Result<Instructions>> {
        Box::pin(async move {
            let body = json!({
                "reference_id": request.merchant_ref,
                "amount": rupiah_amount(request.gross_sen),
                "currency": "IDR",
                "country": "ID",
                "payment_method": payment_method(&request, &self.return_url),
            });
            // Our top-up id is the idempotency key: a retried create cannot issue two payments.
            let answer = self
                .client
                .call(
                    reqwest::Method::POST,
                    "/payment_requests",
                    &format!("create-{}", request.merchant_ref),
                    Some(&body),
                )
                .await?;
            instructions_of(&answer)
        })
    }

    fn status<'a>(&'a self, payment: &'a IssuedPayment) -> BoxFuture<'a, anyhow::Result<PaymentStatus>> {
        Box::pin(async move {
            let path = format!("/payment_requests/{}", payment.gateway_ref);
            let key = format!("inquiry-{}-{}", payment.merchant_ref, uuid::Uuid::now_v7().simple());
            let answer = self.client.call(reqwest::Method::GET, &path, &key, None).await?;
            if answer.get("reference_id").and_then(Value::as_str) != Some(payment.merchant_ref.as_str()) {
                anyhow::bail!("xendit: payment request {} is not top-up {}", payment.gateway_ref, payment.merchant_ref);
            }
            Ok(match answer.get("status").and_then(Value::as_str).unwrap_or("") {
                "SUCCEEDED" => PaymentStatus::Paid {
                    gross_sen: answer.get("amount").and_then(sen_of).context("succeeded without an amount")?,
                },
                "FAILED" | "CANCELED" | "EXPIRED" => PaymentStatus::Failed,
                _ => PaymentStatus::Pending,
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_whole_rupiah_when_they_can_be() {
        assert_eq!(rupiah_amount(15_400_000), json!(154_000));
        assert_eq!(rupiah_amount(10_150_050), json!(101_500.5));
        assert_eq!(sen_of(&json!(154_000)), Some(15_400_000));
        assert_eq!(sen_of(&json!(101_500.5)), Some(10_150_050));
        assert_eq!(sen_of(&json!("154000")), None);
        // A sum a float would blur (0.1 + 0.2) reads as its decimal text; beyond range is refused.
        assert_eq!(sen_of(&json!(0.1_f64 + 0.2_f64)), Some(30));
        assert_eq!(sen_of(&json!(1e300)), None);
    }

    #[test]
    fn retries_only_what_may_succeed_again() {
        let api = |status| XenditError::Api { status, code: String::new(), message: String::new() };
        assert!(api(500).retryable() && api(503).retryable() && api(429).retryable());
        assert!(!api(400).retryable() && !api(401).retryable() && !api(403).retryable() && !api(409).retryable());
        assert!(XenditError::Timeout.retryable());
    }
}
