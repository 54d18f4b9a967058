//! The identity feature's error messages, in both languages.

use axum::http::StatusCode;

use crate::api::{ApiError, Msg};

fn error(status: StatusCode, code: &'static str, id: &'static str, en: &'static str) -> ApiError {
    ApiError::new(status, code, Msg::fixed(id, en))
}

/// The phone number did not parse.
pub fn invalid_phone() -> ApiError {
    error(StatusCode::BAD_REQUEST, "invalid_phone", "Nomor telepon tidak valid.", "The phone number is not valid.")
}

/// Sign-up with a registered number.
pub fn phone_registered() -> ApiError {
    error(
        StatusCode::CONFLICT,
        "phone_registered",
        "Nomor telepon sudah terdaftar. Silakan masuk.",
        "This phone number is already registered. Please log in.",
    )
}

/// Log-in with an unknown number.
pub fn phone_not_registered() -> ApiError {
    error(
        StatusCode::NOT_FOUND,
        "phone_not_registered",
        "Nomor telepon belum terdaftar. Silakan daftar.",
        "This phone number is not registered. Please sign up.",
    )
}

/// A new code was asked for too soon.
pub fn otp_cooldown(wait_secs: u64) -> ApiError {
    ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        "otp_cooldown",
        Msg::owned(
            format!("Tunggu {wait_secs} detik sebelum meminta kode baru."),
            format!("Wait {wait_secs} seconds before asking for a new code."),
        ),
    )
    .with_retry_after(wait_secs)
}

/// The SMS provider did not take the code's message (after its retries, or the number's circuit is open).
pub fn sms_not_sent() -> ApiError {
    error(
        StatusCode::SERVICE_UNAVAILABLE,
        "sms_not_sent",
        "SMS kode verifikasi tidak dapat dikirim. Coba lagi beberapa saat lagi.",
        "The verification code could not be sent by SMS. Please try again shortly.",
    )
}

/// Too many codes for this phone or address.
pub fn otp_rate_limited() -> ApiError {
    error(
        StatusCode::TOO_MANY_REQUESTS,
        "otp_rate_limited",
        "Terlalu banyak kode diminta. Coba lagi dalam satu jam.",
        "Too many codes requested. Please try again in an hour.",
    )
    .with_retry_after(3600)
}

/// Too many wrong codes from this address or device within the hour.
pub fn otp_guesses_limited() -> ApiError {
    error(
        StatusCode::TOO_MANY_REQUESTS,
        "otp_guesses_limited",
        "Terlalu banyak kode salah dari perangkat ini. Coba lagi dalam satu jam.",
        "Too many wrong codes from this device. Please try again in an hour.",
    )
    .with_retry_after(3600)
}

/// A wrong code.
pub fn otp_wrong(tries_left: u32) -> ApiError {
    ApiError::new(
        StatusCode::BAD_REQUEST,
        "otp_wrong",
        Msg::owned(
            format!("Kode salah. Sisa percobaan: {tries_left}."),
            format!("Wrong code. Tries left: {tries_left}."),
        ),
    )
}

/// The code expired, was used, or ran out of tries.
pub fn otp_expired() -> ApiError {
    error(
        StatusCode::BAD_REQUEST,
        "otp_expired",
        "Kode sudah tidak berlaku. Minta kode baru.",
        "This code is no longer valid. Please ask for a new one.",
    )
}

/// The verification step has to be done again.
pub fn verification_invalid() -> ApiError {
    error(
        StatusCode::BAD_REQUEST,
        "verification_invalid",
        "Verifikasi sudah tidak berlaku. Silakan ulangi dari awal.",
        "This verification is no longer valid. Please start again.",
    )
}

/// The PIN is not six digits.
pub fn pin_format() -> ApiError {
    error(StatusCode::BAD_REQUEST, "pin_format", "PIN harus 6 angka.", "The PIN must be 6 digits.")
}

/// The new PIN is guessable.
pub fn pin_too_simple() -> ApiError {
    error(
        StatusCode::BAD_REQUEST,
        "pin_too_simple",
        "PIN terlalu mudah ditebak. Hindari angka yang sama atau berurutan.",
        "This PIN is too easy to guess. Avoid repeated or consecutive digits.",
    )
}

/// A wrong PIN.
pub fn pin_wrong(tries_left: u32) -> ApiError {
    ApiError::new(
        StatusCode::BAD_REQUEST,
        "pin_wrong",
        Msg::owned(
            format!("PIN salah. Sisa percobaan: {tries_left}."),
            format!("Wrong PIN. Tries left: {tries_left}."),
        ),
    )
}

/// The PIN is locked until reset by a code.
pub fn pin_locked() -> ApiError {
    error(
        StatusCode::BAD_REQUEST,
        "pin_locked",
        "PIN terkunci karena terlalu banyak percobaan. Atur ulang PIN dengan kode SMS.",
        "Your PIN is locked after too many tries. Reset it with an SMS code.",
    )
}

/// The PIN was set before.
pub fn pin_already_registered() -> ApiError {
    error(StatusCode::CONFLICT, "pin_already_registered", "PIN sudah dibuat.", "A PIN was already created.")
}

/// Fraud rules hold this device's session until the user unblocks it from another device.
pub fn device_blocked() -> ApiError {
    error(
        StatusCode::FORBIDDEN,
        "device_blocked",
        "Perangkat ini diblokir sementara demi keamanan akun Anda. Buka blokirnya dari perangkat lain Anda \
         (Akun → Sesi perangkat), lalu masuk lagi.",
        "This device is blocked for now to keep your account safe. Unblock it from another of your devices \
         (Account → Device sessions), then log in again.",
    )
}

/// The account is locked for review.
pub fn account_locked() -> ApiError {
    error(
        StatusCode::FORBIDDEN,
        "account_locked",
        "Akun dikunci untuk ditinjau. Hubungi layanan pelanggan.",
        "This account is locked for review. Please contact support.",
    )
}

/// A refresh token that is unknown, expired or already used.
pub fn refresh_invalid() -> ApiError {
    error(
        StatusCode::UNAUTHORIZED,
        "refresh_invalid",
        "Sesi berakhir. Silakan masuk lagi.",
        "Your session has ended. Please log in again.",
    )
}

/// Terms of the current version not accepted yet (400 `040`: fetch the user status again).
pub fn terms_not_accepted() -> ApiError {
    error(
        StatusCode::BAD_REQUEST,
        "040",
        "Silakan setujui syarat dan ketentuan terbaru.",
        "Please accept the latest terms and conditions.",
    )
}

/// The e-mail address did not parse.
pub fn invalid_email() -> ApiError {
    error(StatusCode::BAD_REQUEST, "invalid_email", "Alamat email tidak valid.", "The e-mail address is not valid.")
}

/// A phone change to the number the account already has.
pub fn phone_same() -> ApiError {
    error(
        StatusCode::BAD_REQUEST,
        "phone_same",
        "Nomor baru sama dengan nomor Anda saat ini.",
        "The new number is the one you already use.",
    )
}

/// A phone change to a number another account has.
pub fn phone_taken() -> ApiError {
    error(
        StatusCode::CONFLICT,
        "phone_taken",
        "Nomor telepon ini sudah dipakai akun lain.",
        "This phone number is already used by another account.",
    )
}

/// An e-mail change to the address the account already has.
pub fn email_same() -> ApiError {
    error(
        StatusCode::BAD_REQUEST,
        "email_same",
        "Email baru sama dengan email Anda saat ini.",
        "The new e-mail address is the one you already use.",
    )
}

/// An e-mail change to an address another account has.
pub fn email_taken() -> ApiError {
    error(
        StatusCode::CONFLICT,
        "email_taken",
        "Alamat email ini sudah dipakai akun lain.",
        "This e-mail address is already used by another account.",
    )
}

/// update-user-data with an e-mail but no matching change token.
pub fn email_not_verified() -> ApiError {
    error(
        StatusCode::BAD_REQUEST,
        "email_not_verified",
        "Verifikasi email baru dengan kode terlebih dahulu.",
        "Verify the new e-mail address with a code first.",
    )
}

/// update-user-data with nothing to change.
pub fn nothing_to_update() -> ApiError {
    error(StatusCode::BAD_REQUEST, "nothing_to_update", "Tidak ada data yang diubah.", "There is nothing to change.")
}

/// An unknown or malformed referral code.
pub fn referral_invalid() -> ApiError {
    error(
        StatusCode::BAD_REQUEST,
        "referral_invalid",
        "Kode referal tidak ditemukan. Periksa kembali kodenya.",
        "This referral code does not exist. Please check it.",
    )
}

/// A referral code of the account being created or checked.
pub fn referral_self() -> ApiError {
    error(
        StatusCode::BAD_REQUEST,
        "referral_self",
        "Anda tidak dapat memakai kode referal Anda sendiri.",
        "You cannot use your own referral code.",
    )
}

/// Too many referral checks from this address.
pub fn referral_rate_limited(wait_secs: u64) -> ApiError {
    error(
        StatusCode::TOO_MANY_REQUESTS,
        "referral_rate_limited",
        "Terlalu banyak pemeriksaan kode referal. Coba lagi nanti.",
        "Too many referral code checks. Please try again later.",
    )
    .with_retry_after(wait_secs)
}
