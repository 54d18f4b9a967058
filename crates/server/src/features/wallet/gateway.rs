//! The payment gateway seam: a trait a real provider implements, and the sandbox gateway with its
//! own state. The sandbox issues a virtual account number, a QRIS payload or an e-wallet deep link;
//! the payer completes or abandons it through the sandbox calls; the gateway then calls our webhook
//! with an HMAC-SHA256 signature, exactly as a real gateway would.

use domain::wallet::PaymentOutcome;
use domain::wallet::SandboxPaymentState;
use futures::future::BoxFuture;
use hmac::{Hmac, Mac};
use rand::rngs::OsRng;
use rand::Rng;
use serde::{Deserialize, Serialize};
use sha2::Sha256;
use std::sync::Arc;

use domain::Clock;
use store::Db;
use utoipa::ToSchema;

use super::channels::{Channel, ChannelKind};
use super::sandbox_repo;

/// What the payer needs to pay.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Instructions {
    /// The gateway's reference.
    pub gateway_ref: String,
    /// Virtual account number, for VA channels.
    pub va_number: Option<String>,
    /// QRIS payload to render as a QR code.
    pub qr_payload: Option<String>,
    /// Link that opens the e-wallet app.
    pub deeplink: Option<String>,
}

/// A payment to issue.
#[derive(Debug, Clone)]
pub struct PaymentRequest {
    /// Our top-up id.
    pub merchant_ref: String,
    /// The channel.
    pub channel: &'static Channel,
    /// Amount plus fee, sen.
    pub gross_sen: i64,
    /// When it stops being payable.
    pub expires_at_ms: i64,
}

/// The webhook body a gateway sends.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GatewayCallback {
    /// The gateway's reference.
    pub reference: String,
    /// Our top-up id.
    pub merchant_ref: String,
    /// PAID or FAILED (read by the webhook, so another word gets its own error).
    #[schema(value_type = PaymentOutcome)]
    pub status: String,
    /// What the payer paid, sen.
    pub gross_amount: i64,
}

/// How an issued payment stands, as the gateway says when asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaymentStatus {
    /// Not paid yet.
    Pending,
    /// Paid: what the payer paid, sen.
    Paid {
        /// Gross amount, sen.
        gross_sen: i64,
    },
    /// It can no longer be paid (failed, cancelled, abandoned).
    Failed,
}

/// A payment to ask about.
#[derive(Debug, Clone)]
pub struct IssuedPayment {
    /// Our top-up id.
    pub merchant_ref: String,
    /// The gateway's reference.
    pub gateway_ref: String,
}

/// A payment gateway.
pub trait PaymentGateway: Send + Sync {
    /// Issues a payment and returns what the payer needs.
    fn create(&self, request: PaymentRequest) -> BoxFuture<'_, anyhow::Result<Instructions>>;

    /// Asks how an issued payment stands (reconciles a callback that never arrived).
    fn status<'a>(&'a self, payment: &'a IssuedPayment) -> BoxFuture<'a, anyhow::Result<PaymentStatus>>;
}

/// Whether the sandbox gateway plays unavailable for this amount: payments whose gross amount ends
/// in 666 whole rupiah, so people and tests can see a refused issue.
pub fn is_refused_amount(gross_sen: i64) -> bool {
    gross_sen % 100 == 0 && (gross_sen / 100) % 1_000 == 666
}

/// The sandbox gateway over the database.
pub struct SandboxGateway {
    db: Db,
    clock: Arc<dyn Clock>,
}

impl SandboxGateway {
    /// A sandbox gateway keeping its state in `db`.
    pub fn new(db: Db, clock: Arc<dyn Clock>) -> Self {
        Self { db, clock }
    }
}

impl PaymentGateway for SandboxGateway {
    fn create(&self, request: PaymentRequest) -> BoxFuture<'_, anyhow::Result<Instructions>> {
        Box::pin(async move {
            if is_refused_amount(request.gross_sen) {
                anyhow::bail!("sandbox gateway: unavailable for gross amounts ending in 666 rupiah");
            }
            let reference = format!("SBX-{}", uuid::Uuid::now_v7().simple());
            let payment = sandbox_repo::NewPayment {
                reference: &reference,
                merchant_ref: &request.merchant_ref,
                channel: request.channel.code,
                gross_amount: request.gross_sen,
                created_at_ms: self.clock.now_ms(),
                expires_at_ms: request.expires_at_ms,
            };
            sandbox_repo::insert_payment(&self.db, &payment).await?;
            let mut instructions =
                Instructions { gateway_ref: reference.clone(), va_number: None, qr_payload: None, deeplink: None };
            match request.channel.kind {
                ChannelKind::VirtualAccount => {
                    let digits: String = (0..12).map(|_| char::from(b'0' + OsRng.gen_range(0..10u8))).collect();
                    instructions.va_number = Some(format!("8808{digits}"));
                }
                ChannelKind::Qris => {
                    instructions.qr_payload = Some(format!(
                        "00020101021226610016ID.SANDBOX.QRIS0118{reference}5204482953033605405{}5802ID5907LUMBUNG6007JAKARTA6304",
                        request.gross_sen / 100
                    ));
                }
                ChannelKind::Ewallet => {
                    instructions.deeplink =
                        Some(format!("/sandbox/pay/{reference}?channel={}", request.channel.code.to_ascii_lowercase()));
                }
            }
            Ok(instructions)
        })
    }

    fn status<'a>(&'a self, payment: &'a IssuedPayment) -> BoxFuture<'a, anyhow::Result<PaymentStatus>> {
        Box::pin(async move {
            let stored = sandbox_repo::payment(&self.db, &payment.gateway_ref)
                .await?
                .ok_or_else(|| anyhow::anyhow!("sandbox gateway: no payment {}", payment.gateway_ref))?;
            Ok(match stored.status {
                SandboxPaymentState::Paid => PaymentStatus::Paid { gross_sen: stored.gross_amount },
                SandboxPaymentState::Issued => PaymentStatus::Pending,
                SandboxPaymentState::Abandoned => PaymentStatus::Failed,
            })
        })
    }
}

/// Signs a webhook body.
pub fn sign(secret: &[u8], body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes any key length");
    mac.update(body);
    hex::encode(mac.finalize().into_bytes())
}

/// Checks a webhook signature in constant time.
pub fn verify(secret: &[u8], body: &[u8], signature_hex: &str) -> bool {
    let Ok(signature) = hex::decode(signature_hex.trim()) else { return false };
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes any key length");
    mac.update(body);
    mac.verify_slice(&signature).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_verify_only_for_the_same_body_and_secret() {
        let signature = sign(b"secret", b"{\"a\":1}");
        assert!(verify(b"secret", b"{\"a\":1}", &signature));
        assert!(!verify(b"secret", b"{\"a\":2}", &signature));
        assert!(!verify(b"other", b"{\"a\":1}", &signature));
        assert!(!verify(b"secret", b"{\"a\":1}", "zz"));
    }
}
