//! The verified identity money leaving the platform needs: a cash-out, or a bank account to send it
//! to, only for a user whose KTP was verified, and only to an account held in the verified name
//! (Indonesian AML practice: no third-party disbursements). Refusals are 400 `041`, so the web app
//! fetches the user's status again and shows the verification step (R8.03).

use axum::http::StatusCode;
use domain::identity::KycStatus;

use super::{kyc, kyc_repo, repo};
use crate::api::{ApiError, ApiResult, Msg};
use crate::state::AppState;

/// Titles and honorifics banks put before or after a name; they say nothing about who holds it.
/// Single letters (initials, the parts of "S.T." or "H.") are dropped as well.
const TITLES: [&str; 12] = ["BPK", "BAPAK", "IBU", "SDR", "SDRI", "TN", "NY", "NN", "HJ", "IR", "DR", "DRS"];

/// Names shorter than this are not trusted as a bank's truncation of a longer one.
const TRUNCATED_CHARS_MIN: usize = 12;

/// The user has no verified identity: 400 `041`.
pub fn identity_required() -> ApiError {
    ApiError::new(
        StatusCode::BAD_REQUEST,
        "041",
        Msg::fixed(
            "Verifikasi identitas (KTP) Anda sebelum menambah rekening bank atau menarik saldo.",
            "Verify your identity (KTP) before adding a bank account or cashing out.",
        ),
    )
}

/// The name on the verified KTP, or 400 `041` when the identity is not verified (a decision that
/// has come due is applied first).
pub async fn verified_name(state: &AppState, user_id: &str) -> ApiResult<String> {
    kyc::settle(state, user_id).await?;
    let user = repo::user_by_id(&state.db, user_id).await?.ok_or_else(ApiError::unauthorized)?;
    if user.kyc_status != KycStatus::Verified {
        return Err(identity_required());
    }
    let submission = kyc_repo::submission(&state.db, user_id).await?.ok_or_else(identity_required)?;
    Ok(submission.full_name)
}

/// The words of a name as a bank and a KTP would both spell them: upper case, letters only, no titles.
fn words(name: &str) -> Vec<String> {
    name.to_uppercase()
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| w.chars().count() > 1 && !TITLES.contains(w))
        .map(str::to_owned)
        .collect()
}

/// Whether a bank's holder name is the verified name: the same words in the same order, or the
/// verified name cut short (banks keep 20 to 40 characters), never merely a shared first name.
pub fn holder_is(bank_holder: &str, verified: &str) -> bool {
    let (bank, ktp) = (words(bank_holder), words(verified));
    if bank.is_empty() {
        return false;
    }
    if bank == ktp {
        return true;
    }
    let bank_text = bank.join(" ");
    let ktp_text = ktp.join(" ");
    bank_text.chars().count() >= TRUNCATED_CHARS_MIN && ktp_text.starts_with(&bank_text)
}

#[cfg(test)]
mod tests {
    use super::holder_is;

    #[test]
    fn the_same_name_matches_whatever_the_case_titles_and_punctuation() {
        assert!(holder_is("BUDI SANTOSO", "Budi Santoso"));
        assert!(holder_is("BPK. BUDI SANTOSO", "BUDI SANTOSO"));
        assert!(holder_is("Ir. H. Budi  Santoso, S.T.", "BUDI SANTOSO"));
    }

    #[test]
    fn a_bank_truncation_of_a_long_name_matches_but_a_short_prefix_does_not() {
        assert!(holder_is("MUHAMMAD RIZKY PRATAMA", "MUHAMMAD RIZKY PRATAMA WIJAYAKUSUMA"));
        assert!(!holder_is("BUDI", "BUDI SANTOSO"), "a first name alone is someone else");
        assert!(!holder_is("BUDI SANTOSO", "BUDI SANTOSA"));
        assert!(!holder_is("RINA KARTIKA", "BUDI SANTOSO"));
        assert!(!holder_is("", "BUDI SANTOSO"));
    }
}
