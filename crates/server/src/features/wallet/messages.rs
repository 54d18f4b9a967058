//! The wallet's cash-out and bank-account errors, in Indonesian and English. Every one is a 4xx
//! that changes nothing.

use axum::http::StatusCode;
use domain::money::MinorUnits;

use crate::api::{ApiError, Msg};

fn bad(code: &'static str, message: Msg) -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, code, message)
}

/// The amount is not a positive number with at most two decimals.
pub fn invalid_amount() -> ApiError {
    bad(
        "invalid_amount",
        Msg::fixed(
            "Nominal harus berupa angka positif dengan paling banyak 2 angka desimal.",
            "The amount must be a positive number with at most 2 decimals.",
        ),
    )
}

/// Below the smallest cash-out.
pub fn below_minimum(minimum_sen: i64) -> ApiError {
    let rp = MinorUnits::idr(minimum_sen).to_string();
    bad(
        "amount_below_minimum",
        Msg::owned(format!("Nominal minimal penarikan adalah Rp{rp}."), format!("The smallest cash-out is Rp{rp}.")),
    )
}

/// Above the largest cash-out.
pub fn above_maximum(maximum_sen: i64) -> ApiError {
    let rp = MinorUnits::idr(maximum_sen).to_string();
    bad(
        "amount_above_maximum",
        Msg::owned(format!("Nominal maksimal penarikan adalah Rp{rp}."), format!("The largest cash-out is Rp{rp}.")),
    )
}

/// More than the free balance.
pub fn insufficient_balance() -> ApiError {
    bad(
        "insufficient_balance",
        Msg::fixed("Saldo yang dapat ditarik tidak mencukupi.", "Your withdrawable balance is not enough."),
    )
}

/// The bank account is not one of the caller's.
pub fn unknown_bank_account() -> ApiError {
    bad("unknown_bank_account", Msg::fixed("Rekening bank tidak ditemukan.", "This bank account is not one of yours."))
}

/// The bank code is not in the list.
pub fn unknown_bank() -> ApiError {
    bad("unknown_bank", Msg::fixed("Bank tidak dikenal.", "Unknown bank."))
}

/// Wrong account-number format for the bank.
pub fn invalid_account_number(digits_min: usize, digits_max: usize) -> ApiError {
    let digits = if digits_min == digits_max { digits_min.to_string() } else { format!("{digits_min}–{digits_max}") };
    bad(
        "invalid_account_number",
        Msg::owned(
            format!("Nomor rekening bank ini harus {digits} digit angka."),
            format!("This bank's account numbers are {digits} digits."),
        ),
    )
}

/// The bank does not know the account.
pub fn account_not_found_at_bank() -> ApiError {
    bad(
        "bank_account_not_found",
        Msg::fixed(
            "Rekening tidak ditemukan di bank. Periksa kembali nomor rekening.",
            "The bank has no such account. Please check the number.",
        ),
    )
}

/// The bank cannot be asked who holds its accounts.
pub fn bank_cannot_be_checked() -> ApiError {
    bad(
        "bank_not_supported",
        Msg::fixed(
            "Rekening di bank ini belum dapat diperiksa. Gunakan rekening di bank lain.",
            "Accounts at this bank cannot be checked yet. Please use an account at another bank.",
        ),
    )
}

/// The bank did not answer the inquiry.
pub fn bank_unavailable() -> ApiError {
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "bank_unavailable",
        Msg::fixed(
            "Bank sedang tidak dapat dihubungi. Coba lagi sebentar lagi.",
            "The bank cannot be reached right now. Please try again shortly.",
        ),
    )
}

/// The bank's holder is not the user whose identity was verified (no third-party cash-outs).
pub fn holder_not_the_user(holder: &str) -> ApiError {
    bad(
        "bank_account_holder_mismatch",
        Msg::owned(
            format!(
                "Rekening ini atas nama {holder}, bukan nama di KTP Anda. Gunakan rekening atas nama Anda sendiri."
            ),
            format!("This account is held by {holder}, not the name on your KTP. Use an account in your own name."),
        ),
    )
}

/// The same account is already saved.
pub fn duplicate_bank_account() -> ApiError {
    bad("bank_account_duplicate", Msg::fixed("Rekening ini sudah tersimpan.", "This bank account is already saved."))
}

/// Too many saved accounts.
pub fn too_many_bank_accounts(max: i64) -> ApiError {
    bad(
        "bank_accounts_limit",
        Msg::owned(
            format!("Anda dapat menyimpan paling banyak {max} rekening. Hapus salah satu terlebih dahulu."),
            format!("You can keep at most {max} bank accounts. Remove one first."),
        ),
    )
}

/// An operator acted on a cash-out that is no longer waiting for review.
pub fn cashout_not_pending() -> ApiError {
    ApiError::new(
        StatusCode::CONFLICT,
        "cashout_not_pending",
        Msg::fixed("Penarikan ini tidak sedang menunggu peninjauan.", "This cash-out is not waiting for review."),
    )
}

/// The user to credit does not exist.
pub fn unknown_user() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "unknown_user", Msg::fixed("Pengguna tidak ditemukan.", "No such user."))
}
