//! Verification for US stocks (gssKycStatus): calls that need it answer 400 `041` otherwise, so
//! the web app fetches the user's status again (R8.03, docs/identity.md).

use crate::api::{ApiError, ApiResult, Msg};
use crate::state::AppState;
use domain::identity::KycStatus;

use super::repo;

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

/// Refuses a caller whose gssKycStatus is not VERIFIED.
pub async fn require_verified(state: &AppState, user_id: &str) -> ApiResult<()> {
    let user = repo::user_by_id(&state.db, user_id).await?.ok_or_else(ApiError::unauthorized)?;
    if user.gss_kyc_status != KycStatus::Verified {
        return Err(not_verified());
    }
    Ok(())
}
