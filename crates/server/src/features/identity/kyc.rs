//! Identity verification (KYC) and the US-stock (GSS) terms: the user submits the KTP details,
//! the verifier decides (UNVERIFIED → PENDING → VERIFIED or REJECTED with a reason), and a
//! verified user may accept the US-stock terms, which makes gssKycStatus VERIFIED (R6.03).

use axum::extract::State;
use axum::http::StatusCode;
use domain::identity::KycStatus;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::kyc_documents;
use super::kyc_form::{self, FormError};
use super::kyc_repo::{self, NewSubmission};
use super::kyc_verifier::{Subject, Verdict, VerifierError};
use crate::api::auth::AuthUser;
use crate::api::{ApiError, ApiJson, ApiResult, Data, Msg};
use crate::features::live;
use crate::state::AppState;

/// The version of the US-stock terms the web app shows.
pub const GSS_TERMS_VERSION: i64 = 1;

/// The KTP details a user submits.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct KycSubmitRequest {
    /// 16-digit NIK (spaces allowed).
    pub nik: String,
    /// Full name as on the KTP.
    pub full_name: String,
    /// Date of birth, YYYY-MM-DD.
    pub birth_date: String,
    /// Place of birth.
    pub birth_place: String,
    /// Address as on the KTP.
    pub address: String,
    /// Optional base64 JPEG or PNG of the KTP (at most 512 KiB).
    pub ktp_photo: Option<String>,
    /// Optional base64 JPEG or PNG selfie (at most 512 KiB).
    pub selfie: Option<String>,
}

/// The caller's verification as the web app shows it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KycView {
    /// UNVERIFIED, PENDING, VERIFIED or REJECTED.
    pub status: KycStatus,
    /// Why REJECTED: a stable code (`nik_not_found`, or the operator's reason).
    pub reason: Option<String>,
    /// The NIK with all but the last four digits hidden.
    pub nik_masked: Option<String>,
    /// Name as submitted.
    pub full_name: Option<String>,
    /// `sandbox` or `operator`.
    pub decided_by: Option<String>,
    /// When submitted, Unix ms.
    pub submitted_at_ms: Option<i64>,
    /// When decided, Unix ms.
    pub decided_at_ms: Option<i64>,
    /// US-stock eligibility.
    pub gss_kyc_status: KycStatus,
    /// The KTP photo's document id (read it at `/v1/user/kyc/documents/{id}`).
    pub ktp_photo_id: Option<String>,
    /// The selfie's document id.
    pub selfie_id: Option<String>,
}

/// Acceptance of the US-stock terms.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GssAcceptRequest {
    /// The version accepted; must be the current one.
    pub version: i64,
}

fn form_error(error: FormError) -> ApiError {
    let (field, id, en) = match error {
        FormError::Nik => ("nik", "NIK harus 16 angka sesuai KTP.", "The NIK must be the 16 digits on your KTP."),
        FormError::NikBirthMismatch => {
            ("nik", "NIK tidak cocok dengan tanggal lahir.", "The NIK does not match the date of birth.")
        }
        FormError::FullName => ("fullName", "Nama lengkap tidak valid.", "The full name is not valid."),
        FormError::BirthDate => (
            "birthDate",
            "Tanggal lahir tidak valid (minimal 17 tahun).",
            "The date of birth is not valid (17 years or older).",
        ),
        FormError::BirthPlace => ("birthPlace", "Tempat lahir wajib diisi.", "The place of birth is required."),
        FormError::Address => ("address", "Alamat wajib diisi.", "The address is required."),
        FormError::Photo => (
            "photo",
            "Foto harus JPEG atau PNG, maksimal 512 KB.",
            "The photo must be a JPEG or PNG of at most 512 KB.",
        ),
    };
    ApiError::new(StatusCode::BAD_REQUEST, "invalid_kyc", Msg::fixed(id, en)).with_detail(field)
}

fn kyc_in_progress() -> ApiError {
    ApiError::new(
        StatusCode::CONFLICT,
        "kyc_in_progress",
        Msg::fixed(
            "Verifikasi identitas sedang diproses atau sudah selesai.",
            "Identity verification is in progress or already done.",
        ),
    )
}

fn verifier_error(error: VerifierError) -> ApiError {
    match error {
        VerifierError::SelfieRequired => ApiError::new(
            StatusCode::BAD_REQUEST,
            "invalid_kyc",
            Msg::fixed("Swafoto wajib diunggah.", "A selfie is required."),
        )
        .with_detail("selfie"),
        VerifierError::Refused(code) => ApiError::new(
            StatusCode::BAD_REQUEST,
            "kyc_refused",
            Msg::fixed(
                "Data identitas atau swafoto tidak dapat diperiksa. Periksa kembali lalu kirim ulang.",
                "The identity data or selfie could not be checked. Please check them and submit again.",
            ),
        )
        .with_detail(code),
        VerifierError::Unavailable(cause) => {
            tracing::warn!(%cause, "the identity verifier is unavailable");
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "kyc_unavailable",
                Msg::fixed(
                    "Layanan verifikasi identitas sedang tidak tersedia. Coba lagi beberapa saat lagi.",
                    "Identity verification is unavailable right now. Please try again shortly.",
                ),
            )
        }
    }
}

fn kyc_not_verified() -> ApiError {
    ApiError::new(
        StatusCode::CONFLICT,
        "kyc_not_verified",
        Msg::fixed("Verifikasi identitas Anda terlebih dahulu.", "Verify your identity first."),
    )
}

fn masked(nik: &str) -> String {
    format!("{}{}", "*".repeat(nik.len().saturating_sub(4)), &nik[nik.len().saturating_sub(4)..])
}

/// The caller's verification, after applying a decision that has come due.
async fn view(state: &AppState, user_id: &str) -> ApiResult<KycView> {
    settle(state, user_id).await?;
    let user = super::repo::user_by_id(&state.db, user_id).await?.ok_or_else(ApiError::unauthorized)?;
    let row = kyc_repo::submission(&state.db, user_id).await?;
    Ok(KycView {
        status: user.kyc_status,
        reason: row.as_ref().and_then(|r| r.reason.clone()),
        nik_masked: row.as_ref().map(|r| masked(&r.nik)),
        full_name: row.as_ref().map(|r| r.full_name.clone()),
        decided_by: row.as_ref().and_then(|r| r.decided_by.clone()),
        submitted_at_ms: row.as_ref().map(|r| r.submitted_at_ms),
        decided_at_ms: row.as_ref().and_then(|r| r.decided_at_ms),
        gss_kyc_status: user.gss_kyc_status,
        ktp_photo_id: row.as_ref().and_then(|r| r.ktp_photo_id.clone()),
        selfie_id: row.as_ref().and_then(|r| r.selfie_id.clone()),
    })
}

/// Decisions the job applies per run, so one run stays short.
const DECISIONS_BATCH_MAX: i64 = 500;

/// Applies a due verification decision before the user's status is read elsewhere, and tells the
/// user's open apps when this call applied it.
pub async fn settle(state: &AppState, user_id: &str) -> Result<(), store::StoreError> {
    if kyc_repo::settle_due(&state.db, user_id, state.clock.now_ms()).await? {
        live::user::nudge_account(&state.hub, user_id, "kyc");
    }
    Ok(())
}

/// The decisions job: applies every verification decision that has come due, so the result is
/// pushed to the user's open apps (`account` channel) even when nobody reads the status; returns
/// how many it applied.
pub async fn settle_all_due(state: &AppState) -> Result<usize, store::StoreError> {
    let now = state.clock.now_ms();
    let mut applied = 0;
    for user_id in kyc_repo::due_users(&state.db, now, DECISIONS_BATCH_MAX).await? {
        if kyc_repo::settle_due(&state.db, &user_id, now).await? {
            live::user::nudge_account(&state.hub, &user_id, "kyc");
            applied += 1;
        }
    }
    Ok(applied)
}

/// The caller's identity verification.
#[utoipa::path(get, path = "/v1/user/kyc", tag = "identity", security(("bearer" = [])),
    responses((status = 200, body = Data<KycView>), (status = 401, body = crate::api::ErrorBody)))]
pub async fn get_kyc(State(state): State<AppState>, caller: AuthUser) -> ApiResult<Data<KycView>> {
    Ok(Data::new(view(&state, &caller.user_id).await?))
}

/// Submits the KTP details for verification (again after a rejection).
#[utoipa::path(post, path = "/v1/user/kyc", tag = "identity", security(("bearer" = [])), request_body = KycSubmitRequest,
    responses((status = 200, body = Data<KycView>), (status = 400, body = crate::api::ErrorBody),
        (status = 409, body = crate::api::ErrorBody)))]
pub async fn submit_kyc(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<KycSubmitRequest>,
) -> ApiResult<Data<KycView>> {
    let now = state.clock.now_ms();
    let today = chrono::DateTime::from_timestamp_millis(now).map(|t| t.date_naive()).unwrap_or_default();
    let born = kyc_form::birth_date(&body.birth_date, today).map_err(form_error)?;
    let nik = kyc_form::nik(&body.nik, born).map_err(form_error)?;
    let full_name = kyc_form::full_name(&body.full_name).map_err(form_error)?;
    let birth_place =
        kyc_form::text(&body.birth_place, kyc_form::PLACE_CHARS_MAX, FormError::BirthPlace).map_err(form_error)?;
    let address = kyc_form::text(&body.address, kyc_form::ADDRESS_CHARS_MAX, FormError::Address).map_err(form_error)?;
    let ktp_photo = kyc_form::photo(body.ktp_photo.as_deref()).map_err(form_error)?;
    let selfie = kyc_form::photo(body.selfie.as_deref()).map_err(form_error)?;
    // An identity already pending or verified is not sent to the verifier again.
    if matches!(super::repo::user_by_id(&state.db, &caller.user_id).await?, Some(u) if u.kyc_status == KycStatus::Pending || u.kyc_status == KycStatus::Verified)
    {
        return Err(kyc_in_progress());
    }
    let birth_date = born.format("%Y-%m-%d").to_string();
    let submission_id = uuid::Uuid::now_v7().to_string();
    let subject = Subject {
        submission_id: &submission_id,
        nik: &nik,
        full_name: &full_name,
        birth_date: &birth_date,
        selfie: selfie.as_ref(),
    };
    let verdict = state.identity.kyc.submit(&subject).await.map_err(verifier_error)?;
    let (decision, decision_reason, decide_at_ms, provider) = match &verdict {
        Verdict::Decided(d) => (d.status, d.reason, now + d.delay_ms, None),
        Verdict::Awaiting { provider, reference } => {
            (KycStatus::Pending, None, kyc_repo::AWAITING_PROVIDER, Some((*provider, reference.as_str())))
        }
    };
    // Photos go to the document store first; the submission's transaction then records them.
    let mut documents = Vec::new();
    for (kind, photo) in [(kyc_repo::KTP_PHOTO, &ktp_photo), (kyc_repo::SELFIE, &selfie)] {
        if let Some(photo) = photo {
            documents.push(kyc_documents::store(&state, kind, photo).await?);
        }
    }
    let new = NewSubmission {
        user_id: &caller.user_id,
        nik: &nik,
        full_name: &full_name,
        birth_date: &birth_date,
        birth_place: &birth_place,
        address: &address,
        documents: &documents,
        decision,
        decision_reason,
        decide_at_ms,
        provider,
    };
    let submitted = kyc_repo::submit(&state.db, &new, now).await;
    if !matches!(submitted, Ok(true)) {
        // Nothing recorded them: they must not stay behind as orphans.
        for document in &documents {
            state.identity.documents.remove(&document.id).await;
        }
    }
    if !submitted? {
        return Err(kyc_in_progress());
    }
    Ok(Data::new(view(&state, &caller.user_id).await?))
}

/// Accepts the US-stock terms; the identity must be VERIFIED (R6.03).
#[utoipa::path(post, path = "/v1/user/gss/accept-terms", tag = "identity", security(("bearer" = [])),
    request_body = GssAcceptRequest,
    responses((status = 200, body = Data<KycView>), (status = 400, body = crate::api::ErrorBody),
        (status = 409, body = crate::api::ErrorBody)))]
pub async fn accept_gss_terms(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<GssAcceptRequest>,
) -> ApiResult<Data<KycView>> {
    if body.version != GSS_TERMS_VERSION {
        return Err(ApiError::invalid(format!("version: {GSS_TERMS_VERSION}")));
    }
    settle(&state, &caller.user_id).await?;
    if !kyc_repo::accept_gss(&state.db, &caller.user_id).await? {
        return Err(kyc_not_verified());
    }
    Ok(Data::new(view(&state, &caller.user_id).await?))
}
