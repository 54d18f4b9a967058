//! Verification for US stocks (gssKycStatus): calls that need it answer 400 `041` otherwise, so
//! the web app fetches the user's status again (R8.03, docs/identity.md).

use crate::api::auth::AuthUser;
use crate::api::{ApiError, ApiResult, Msg};

/// The caller is not verified for US stocks (gssKycStatus): 400 `041`, the account's status blocks
/// this call, so the web app fetches the user's status again (R8.03, docs/identity.md).
pub fn not_verified() -> ApiError {
    ApiError::new(
        axum::http::StatusCode::BAD_REQUEST,
        "041",
        Msg::fixed(
            "Aktifkan dulu akun saham AS Anda (verifikasi GSS).",
            "Verify your account for US stocks first (GSS verification).",
        ),
    )
}

/// Refuses a caller whose gssKycStatus is not VERIFIED (read with the caller's session, so the
/// check costs no query of its own).
pub fn require_verified(caller: &AuthUser) -> ApiResult<()> {
    if !caller.us_verified {
        return Err(not_verified());
    }
    Ok(())
}
