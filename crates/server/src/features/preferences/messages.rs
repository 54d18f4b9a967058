//! Error messages of preferences, in both languages.

use axum::http::StatusCode;

use crate::api::{ApiError, Msg};

fn error(status: StatusCode, code: &'static str, id: &'static str, en: &'static str) -> ApiError {
    ApiError::new(status, code, Msg::fixed(id, en))
}

/// Security notifications cannot be turned off.
pub fn setting_locked() -> ApiError {
    error(
        StatusCode::BAD_REQUEST,
        "setting_locked",
        "Notifikasi keamanan tidak dapat dimatikan.",
        "Security notifications cannot be turned off.",
    )
}

/// Telegram cells need a linked chat.
pub fn telegram_not_linked() -> ApiError {
    error(StatusCode::CONFLICT, "telegram_not_linked", "Hubungkan Telegram terlebih dahulu.", "Connect Telegram first.")
}

/// The webhook's secret header is missing or wrong.
pub fn webhook_unauthorized() -> ApiError {
    error(
        StatusCode::UNAUTHORIZED,
        "webhook_unauthorized",
        "Token rahasia webhook tidak valid.",
        "The webhook secret token is not valid.",
    )
}

/// Too much feedback from one user.
pub fn feedback_rate_limited() -> ApiError {
    error(
        StatusCode::TOO_MANY_REQUESTS,
        "feedback_rate_limited",
        "Terima kasih! Anda sudah mengirim banyak masukan hari ini. Coba lagi besok.",
        "Thank you! You have sent a lot of feedback today. Please try again tomorrow.",
    )
    .with_retry_after(3600)
}

/// Too many metadata keys.
pub fn metadata_full(keys_max: i64) -> ApiError {
    ApiError::new(
        StatusCode::BAD_REQUEST,
        "metadata_full",
        Msg::owned(
            format!("Metadata paling banyak {keys_max} kunci."),
            format!("Metadata may hold at most {keys_max} keys."),
        ),
    )
}
