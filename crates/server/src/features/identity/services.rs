//! The services identity needs, built once at start-up and kept in the application state.

use std::sync::Arc;

use domain::Clock;
use secrecy::ExposeSecret;
use store::reads::SharedReads;
use store::Db;

use super::pin_gate::PinGates;
use super::session_with_key::{self, SessionAndKey, SessionAndKeyAsk};
use super::sessions_repo::{self, SessionState};
use super::{document_store, email, kyc_verifier, pin, secrets, sms, smtp, tokens, twilio_sms, verihubs_kyc};
use crate::config::production::{EmailProvider, KycProvider, SmsProvider};
use crate::config::Settings;

/// The services identity needs, built once at start-up.
#[derive(Clone)]
pub struct IdentityServices {
    /// Access-token keys.
    pub keys: tokens::TokenKeys,
    /// PIN hashing with bounded concurrency.
    pub hasher: pin::PinHasher,
    /// One PIN check at a time per user on this node.
    pub pin_gates: Arc<PinGates>,
    /// Where codes are sent by SMS.
    pub sms: Arc<dyn sms::SmsSender>,
    /// Where codes are sent by e-mail.
    pub email: Arc<dyn email::EmailSender>,
    /// Who decides identity verifications.
    pub kyc: Arc<dyn kyc_verifier::KycVerifier>,
    /// Where identity documents (KTP photo, selfie) are kept, outside the database.
    pub documents: document_store::DocumentStore,
    /// The session checks of concurrent calls, read together (`bearer`).
    pub sessions: SharedReads<(String, String), SessionState>,
    /// The order calls' session checks with their request ids' answers, read together (`bearer`).
    pub sessions_with_keys: SharedReads<SessionAndKeyAsk, SessionAndKey>,
}

const JWT_SECRET_KEY: &str = "auth.jwt_secret";

impl IdentityServices {
    /// Builds the services; without a configured secret, one is generated once and kept in the
    /// database so sessions survive restarts and every node agrees.
    pub async fn build(settings: &Settings, db: &Db, clock: &dyn Clock) -> anyhow::Result<Self> {
        let configured = settings.auth.jwt_secret.as_ref().map(|s| s.expose_secret().to_owned());
        let secret = match configured.filter(|s| s.len() >= 32) {
            Some(secret) => secret,
            None => stored_secret(db, clock).await?,
        };
        Ok(Self {
            keys: tokens::TokenKeys::new(secret.as_bytes(), settings.auth.access_token_ttl_secs),
            hasher: pin::PinHasher::new(&settings.auth),
            pin_gates: Arc::new(PinGates::default()),
            sms: match settings.providers.sms {
                SmsProvider::Sandbox => sms::SandboxSms::shared(db.clone()),
                SmsProvider::Twilio => {
                    twilio_sms::TwilioSms::shared(&settings.providers.twilio, &settings.http.public_url, db.clone())?
                }
            },
            email: match settings.providers.email {
                EmailProvider::Sandbox => email::SandboxEmail::shared(db.clone()),
                EmailProvider::Smtp => smtp::SmtpEmail::shared(&settings.providers.smtp, settings.auth.otp_ttl_secs)?,
            },
            kyc: match settings.providers.kyc {
                KycProvider::Sandbox => kyc_verifier::SandboxVerifier::shared(),
                KycProvider::Verihubs => {
                    verihubs_kyc::VerihubsVerifier::shared(&settings.providers.verihubs, &settings.http.public_url)?
                }
            },
            documents: document_store::DocumentStore::new(&settings.auth.documents_dir),
            sessions: {
                let db = db.clone();
                SharedReads::spawn(move |keys| sessions_repo::session_states(db.clone(), keys))
            },
            sessions_with_keys: {
                let db = db.clone();
                SharedReads::spawn(move |asks| session_with_key::read(db.clone(), asks))
            },
        })
    }
}

async fn stored_secret(db: &Db, clock: &dyn Clock) -> anyhow::Result<String> {
    let fresh = format!("{}{}", secrets::opaque_token(), secrets::opaque_token());
    Ok(store::settings::get_or_init_text(db, JWT_SECRET_KEY, fresh, clock.now_ms()).await?)
}
