//! Identity (DESIGN.md "Auth"): sign-up and log-in by phone, one-time code and PIN; sessions per
//! device with short access tokens and rotating refresh tokens; the device list; a security log;
//! phone and e-mail changes, optional profile data and referral codes.
//! In sandbox mode codes (SMS and e-mail) land in the development inbox (`GET /api/dev/otp-inbox`).

mod account;
mod change_status;
mod dev_inbox;
mod devices;
pub mod email;
mod email_change;
mod kyc;
mod kyc_admin;
pub mod kyc_documents;
mod kyc_form;
mod kyc_repo;
pub mod kyc_verifier;
mod messages;
mod onboarding;
mod otp;
pub mod phone;
mod phone_change;
pub mod pin;
mod pin_routes;
mod profile_fields;
mod referral;
pub mod repo;
pub mod secrets;
pub mod sessions;
pub mod sms;
pub mod tokens;
mod user_details;

use std::sync::Arc;

use store::Db;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use kyc::settle_all_due as apply_due_verifications;
pub use kyc_admin::router as admin_router;
pub use messages::terms_not_accepted;
pub use pin_routes::confirm_pin;
pub use sessions::{AuthUser, ClientAddr};

use crate::config::Settings;
use crate::state::AppState;

/// The services identity needs, built once at start-up.
#[derive(Clone)]
pub struct IdentityServices {
    /// Access-token keys.
    pub keys: tokens::TokenKeys,
    /// PIN hashing with bounded concurrency.
    pub hasher: pin::PinHasher,
    /// Where codes are sent by SMS.
    pub sms: Arc<dyn sms::SmsSender>,
    /// Where codes are sent by e-mail.
    pub email: Arc<dyn email::EmailSender>,
    /// Who decides identity verifications.
    pub kyc: Arc<dyn kyc_verifier::KycVerifier>,
    /// Where identity documents (KTP photo, selfie) are kept, outside the database.
    pub documents: kyc_documents::DocumentStore,
}

const JWT_SECRET_KEY: &str = "auth.jwt_secret";

impl IdentityServices {
    /// Builds the services; without a configured secret, one is generated once and kept in the
    /// database so sessions survive restarts and every node agrees.
    pub async fn build(settings: &Settings, db: &Db) -> anyhow::Result<Self> {
        let secret = match settings.auth.jwt_secret.clone().filter(|s| s.len() >= 32) {
            Some(secret) => secret,
            None => stored_secret(db).await?,
        };
        Ok(Self {
            keys: tokens::TokenKeys::new(secret.as_bytes(), settings.auth.access_token_ttl_secs),
            hasher: pin::PinHasher::new(&settings.auth),
            sms: sms::SandboxSms::shared(db.clone()),
            email: email::SandboxEmail::shared(db.clone()),
            kyc: kyc_verifier::SandboxVerifier::shared(),
            documents: kyc_documents::DocumentStore::new(&settings.auth.documents_dir),
        })
    }
}

async fn stored_secret(db: &Db) -> anyhow::Result<String> {
    let fresh = format!("{}{}", secrets::opaque_token(), secrets::opaque_token());
    Ok(store::settings::get_or_init_text(db, JWT_SECRET_KEY, fresh, store::now_ms()).await?)
}

/// Routes of this feature.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(onboarding::signup_phone))
        .routes(routes!(onboarding::signup_verify_otp))
        .routes(routes!(onboarding::login_phone))
        .routes(routes!(onboarding::login_verify_otp))
        .routes(routes!(onboarding::validate_phone))
        .routes(routes!(referral::verify_referral))
        .routes(routes!(phone_change::get_otp))
        .routes(routes!(phone_change::verify_otp))
        .routes(routes!(email_change::get_otp))
        .routes(routes!(email_change::verify_otp))
        .routes(routes!(email_change::update_user_data))
        .routes(routes!(change_status::app_data_change_status))
        .routes(routes!(pin_routes::register_pin))
        .routes(routes!(pin_routes::verify_pin))
        .routes(routes!(pin_routes::forgot_pin_send_otp))
        .routes(routes!(pin_routes::forgot_pin_verify_otp))
        .routes(routes!(pin_routes::reset_pin))
        .routes(routes!(pin_routes::update_pin))
        .routes(routes!(account::me))
        .routes(routes!(account::status))
        .routes(routes!(account::tags))
        .routes(routes!(account::accept_terms))
        .routes(routes!(account::refresh))
        .routes(routes!(account::logout))
        .routes(routes!(devices::list))
        .routes(routes!(devices::logout_device))
        .routes(routes!(devices::unblock_device))
        .routes(routes!(dev_inbox::inbox))
        .routes(routes!(kyc::get_kyc, kyc::submit_kyc))
        .routes(routes!(kyc::accept_gss_terms))
        .routes(routes!(kyc_documents::get_document))
}
