//! The wallet's outside services, built once at start-up and kept in the application state.

use std::sync::Arc;

use domain::Clock;
use secrecy::{ExposeSecret, SecretString};
use store::Db;

use super::{bank_gateway, gateway, xendit, xendit_bank};
use crate::config::production::{BankProvider, PaymentProvider};
use crate::config::Settings;

const WEBHOOK_SECRET_KEY: &str = "wallet.webhook_secret";

/// The wallet's outside services.
#[derive(Clone)]
pub struct WalletServices {
    /// The payment gateway (the sandbox by default).
    pub gateway: Arc<dyn gateway::PaymentGateway>,
    /// The HMAC key the gateway signs webhooks with.
    pub webhook_secret: Arc<Vec<u8>>,
    /// The bank: account inquiry and disbursement (the sandbox bank by default).
    pub bank: Arc<dyn bank_gateway::BankGateway>,
}

impl WalletServices {
    /// The configured gateway (`providers.payments`) and bank (`providers.bank`), with a webhook secret from configuration, or
    /// one kept in the database.
    pub async fn build(settings: &Settings, db: &Db, clock: &Arc<dyn Clock>) -> anyhow::Result<Self> {
        let configured_secret: Option<&SecretString> = settings.wallet_webhook_secret.as_ref();
        let secret = match configured_secret.map(|s| s.expose_secret().to_owned()).filter(|s| s.len() >= 32) {
            Some(secret) => secret,
            None => {
                let fresh = format!("{}{}", uuid::Uuid::new_v4().simple(), uuid::Uuid::new_v4().simple());
                store::settings::get_or_init_text(db, WEBHOOK_SECRET_KEY, fresh, clock.now_ms()).await?
            }
        };
        Ok(Self {
            gateway: match settings.providers.payments {
                PaymentProvider::Sandbox => Arc::new(gateway::SandboxGateway::new(db.clone(), clock.clone())),
                PaymentProvider::Xendit => xendit::XenditGateway::shared(&settings.providers.xendit)?,
            },
            webhook_secret: Arc::new(secret.into_bytes()),
            bank: match settings.providers.bank {
                BankProvider::Sandbox => Arc::new(bank_gateway::SandboxBank::new(db.clone(), clock.clone())),
                BankProvider::Xendit => Arc::new(xendit_bank::XenditBank::new(&settings.providers.xendit)?),
            },
        })
    }
}
