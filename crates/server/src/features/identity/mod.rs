//! Identity (DESIGN.md "Auth"): sign-up and log-in by phone, one-time code and PIN; sessions per
//! device with short access tokens and rotating refresh tokens; the device list; a security log;
//! phone and e-mail changes, optional profile data and referral codes.
//! In sandbox mode codes (SMS and e-mail) land in the development inbox (`GET /api/dev/otp-inbox`).

mod account;
mod account_unlock;
pub mod bearer;
mod change_status;
mod contact_change;
mod dev_inbox;
mod dev_inbox_repo;
mod devices;
mod devices_repo;
pub mod document_store;
pub mod email;
mod email_change;
pub mod email_templates;
mod kyc;
mod kyc_admin;
pub mod kyc_documents;
pub mod kyc_form;
mod kyc_reconcile;
mod kyc_repo;
pub mod kyc_verifier;
pub mod messages;
mod onboarding;
mod otp;
mod otp_repo;
pub mod phone;
mod phone_change;
pub mod pin;
mod pin_gate;
mod pin_routes;
mod profile_fields;
mod profile_repo;
mod referral;
mod referral_repo;
pub mod repo;
pub mod secrets;
pub mod services;
pub mod session_with_key;
pub mod sessions;
pub mod sessions_repo;
pub mod sms;
mod sms_breaker;
pub mod sms_deliveries;
pub mod sms_deliveries_repo;
pub mod smtp;
pub mod tokens;
mod twilio_callback;
pub mod twilio_sms;
pub mod us_verification;
mod user_details;
pub mod verified_identity;
mod verihubs_callback;
pub mod verihubs_kyc;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use kyc::settle_all_due as apply_due_verifications;
pub use kyc_reconcile::reconcile_awaiting as reconcile_verifications;
pub use messages::terms_not_accepted;
pub use pin_routes::confirm_pin;

use crate::state::AppState;

/// The operator routes of identity (under `/api/admin`): the verification override and account safety.
pub fn admin_router() -> OpenApiRouter<AppState> {
    kyc_admin::router().merge(account_unlock::router())
}

/// Sandbox-mode routes: the development inbox (absent in production, so they answer 404).
pub fn sandbox_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(dev_inbox::inbox))
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
        // Two full-size photos are bigger than the body limit every other route keeps.
        .merge(
            OpenApiRouter::new()
                .routes(routes!(kyc::get_kyc, kyc::submit_kyc))
                .layer(axum::extract::DefaultBodyLimit::max(kyc_form::SUBMISSION_BYTES_MAX)),
        )
        .routes(routes!(kyc::accept_gss_terms))
        .routes(routes!(kyc_documents::get_document))
        .routes(routes!(twilio_callback::status_callback))
        .routes(routes!(verihubs_callback::callback))
}
