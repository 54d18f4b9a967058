//! Storage of identity submissions and the status columns they drive on `users`.

use domain::identity::KycStatus;
use sqlx::FromRow;
use store::{Db, StoreError};

/// A document stored for a submission: its id and what the database records of it.
pub struct StoredDocument {
    /// Random id (UUID v7), also the file name.
    pub id: String,
    /// `KTP_PHOTO` or `SELFIE`.
    pub kind: &'static str,
    /// `image/jpeg` or `image/png`.
    pub content_type: &'static str,
    /// Size in bytes.
    pub size: i64,
    /// Hex SHA-256 of the bytes.
    pub sha256: String,
}

/// A submission as stored; its photos are documents in the document store, named by id.
#[derive(Debug, Clone, FromRow)]
pub struct KycRow {
    /// 16-digit NIK.
    pub nik: String,
    /// Name as on the KTP.
    pub full_name: String,
    /// Why REJECTED.
    pub reason: Option<String>,
    /// `sandbox` or `operator`.
    pub decided_by: Option<String>,
    /// When submitted.
    pub submitted_at_ms: i64,
    /// When decided.
    pub decided_at_ms: Option<i64>,
    /// The KTP photo's document id.
    #[sqlx(rename = "ktp_photo")]
    pub ktp_photo_id: Option<String>,
    /// The selfie's document id.
    #[sqlx(rename = "selfie")]
    pub selfie_id: Option<String>,
}

/// The user's submission, if any.
pub async fn submission(db: &Db, user_id: &str) -> Result<Option<KycRow>, StoreError> {
    Ok(sqlx::query_as(
        "select nik, full_name, reason, decided_by, submitted_at_ms, decided_at_ms, ktp_photo, selfie \
         from kyc_submissions where user_id = $1",
    )
    .bind(user_id)
    .fetch_optional(db.pool())
    .await?)
}

/// A new submission with the verifier's pending decision.
pub struct NewSubmission<'a> {
    /// The user.
    pub user_id: &'a str,
    /// Checked NIK.
    pub nik: &'a str,
    /// Normalised name.
    pub full_name: &'a str,
    /// YYYY-MM-DD.
    pub birth_date: &'a str,
    /// Place of birth.
    pub birth_place: &'a str,
    /// Address.
    pub address: &'a str,
    /// The photos, already in the document store.
    pub documents: &'a [StoredDocument],
    /// Verified or rejected (pending while a provider decides), applied at `decide_at_ms`.
    pub decision: KycStatus,
    /// Reason of a rejection.
    pub decision_reason: Option<&'a str>,
    /// When the decision takes effect.
    pub decide_at_ms: i64,
    /// The outside provider deciding it and its reference there; `None` for the sandbox.
    pub provider: Option<(&'a str, &'a str)>,
}

/// `decide_at_ms` of a submission awaiting its provider's callback: never due by itself.
pub const AWAITING_PROVIDER: i64 = i64::MAX;

/// Stores a submission and moves the user to PENDING, in one transaction. Returns false (and
/// changes nothing) when the user is already PENDING or VERIFIED: the status guard in the
/// update makes two racing submissions end with exactly one.
pub async fn submit(db: &Db, new: &NewSubmission<'_>, now_ms: i64) -> Result<bool, StoreError> {
    let mut tx = db.begin_write().await?;
    let moved = sqlx::query(
        "update users set kyc_status = 'PENDING' where id = $1 and kyc_status in ('UNVERIFIED', 'REJECTED')",
    )
    .bind(new.user_id)
    .execute(&mut *tx.tx)
    .await?;
    if moved.rows_affected() == 0 {
        return Ok(false);
    }
    sqlx::query("delete from kyc_submissions where user_id = $1").bind(new.user_id).execute(&mut *tx.tx).await?;
    sqlx::query(
        "insert into kyc_submissions (user_id, nik, full_name, birth_date, birth_place, address, ktp_photo, selfie, \
         status, decision, decision_reason, decide_at_ms, submitted_at_ms, provider, provider_ref) \
         values ($1, $2, $3, $4, $5, $6, $7, $8, 'PENDING', $9, $10, $11, $12, $13, $14)",
    )
    .bind(new.user_id)
    .bind(new.nik)
    .bind(new.full_name)
    .bind(new.birth_date)
    .bind(new.birth_place)
    .bind(new.address)
    .bind(document_of(new.documents, KTP_PHOTO))
    .bind(document_of(new.documents, SELFIE))
    .bind(new.decision.as_str())
    .bind(new.decision_reason.map(str::to_string))
    .bind(new.decide_at_ms)
    .bind(now_ms)
    .bind(new.provider.map(|(name, _)| name.to_string()))
    .bind(new.provider.map(|(_, reference)| reference.to_string()))
    .execute(&mut *tx.tx)
    .await?;
    for document in new.documents {
        sqlx::query(
            "insert into kyc_documents (id, user_id, kind, content_type, size_bytes, sha256, created_at_ms) \
             values ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&document.id)
        .bind(new.user_id)
        .bind(document.kind)
        .bind(document.content_type)
        .bind(document.size)
        .bind(&document.sha256)
        .bind(now_ms)
        .execute(&mut *tx.tx)
        .await?;
    }
    tx.commit().await?;
    Ok(true)
}

/// The document kind of a KTP photo.
pub const KTP_PHOTO: &str = "KTP_PHOTO";
/// The document kind of a selfie.
pub const SELFIE: &str = "SELFIE";

fn document_of(documents: &[StoredDocument], kind: &str) -> Option<String> {
    documents.iter().find(|d| d.kind == kind).map(|d| d.id.clone())
}

/// Applies the verifier's decision once it is due; true when this call applied it. Runs whenever the
/// status is read and from the decisions job, so a restart loses nothing and the first one wins.
pub async fn settle_due(db: &Db, user_id: &str, now_ms: i64) -> Result<bool, StoreError> {
    let mut tx = db.begin_write().await?;
    let done = sqlx::query(
        "update kyc_submissions set status = decision, reason = decision_reason, \
         decided_by = coalesce(provider, 'sandbox'), \
         decided_at_ms = $2 where user_id = $1 and status = 'PENDING' and decide_at_ms <= $2",
    )
    .bind(user_id)
    .bind(now_ms)
    .execute(&mut *tx.tx)
    .await?;
    let applied = done.rows_affected() > 0;
    if applied {
        sqlx::query(
            "update users set kyc_status = (select status from kyc_submissions where user_id = $1) where id = $1",
        )
        .bind(user_id)
        .execute(&mut *tx.tx)
        .await?;
    }
    tx.commit().await?;
    Ok(applied)
}

/// Records the decision `provider` called back for its verification `reference`, due at once;
/// returns the user, or `None` when no submission awaits it (unknown, or already decided: a
/// repeated callback changes nothing, and the first decision stands).
pub async fn provider_decision(
    db: &Db,
    provider: &str,
    reference: &str,
    decision: KycStatus,
    reason: Option<&str>,
    now_ms: i64,
) -> Result<Option<String>, StoreError> {
    Ok(sqlx::query_scalar(
        "update kyc_submissions set decision = $3, decision_reason = $4, decide_at_ms = $5 \
         where provider = $1 and provider_ref = $2 and status = 'PENDING' and decision = 'PENDING' \
         returning user_id",
    )
    .bind(provider)
    .bind(reference)
    .bind(decision.as_str())
    .bind(reason.map(str::to_string))
    .bind(now_ms)
    .fetch_optional(db.pool())
    .await?)
}

/// Users whose verification decision has come due and is not applied yet (at most `limit`).
pub async fn due_users(db: &Db, now_ms: i64, limit: i64) -> Result<Vec<String>, StoreError> {
    Ok(sqlx::query_scalar(
        "select user_id from kyc_submissions where status = 'PENDING' and decide_at_ms <= $1 \
         order by decide_at_ms limit $2",
    )
    .bind(now_ms)
    .bind(limit)
    .fetch_all(db.pool())
    .await?)
}

/// Sets the outcome by an operator, whatever the verifier said. A rejection also withdraws the
/// US-stock eligibility, which rests on a verified identity. Returns false without a submission.
pub async fn override_status(
    db: &Db,
    user_id: &str,
    status: KycStatus,
    reason: Option<&str>,
    now_ms: i64,
) -> Result<bool, StoreError> {
    let mut tx = db.begin_write().await?;
    let done = sqlx::query(
        "update kyc_submissions set status = $2, reason = $3, decided_by = 'operator', decided_at_ms = $4 \
         where user_id = $1",
    )
    .bind(user_id)
    .bind(status.as_str())
    .bind(reason.map(str::to_string))
    .bind(now_ms)
    .execute(&mut *tx.tx)
    .await?;
    if done.rows_affected() == 0 {
        return Ok(false);
    }
    let gss = if status == KycStatus::Verified { "gss_kyc_status" } else { "'UNVERIFIED'" };
    sqlx::query(&format!("update users set kyc_status = $2, gss_kyc_status = {gss} where id = $1"))
        .bind(user_id)
        .bind(status.as_str())
        .execute(&mut *tx.tx)
        .await?;
    tx.commit().await?;
    Ok(true)
}

/// Marks the US-stock terms accepted; only a VERIFIED identity qualifies. Returns false when the
/// identity is not verified.
pub async fn accept_gss(db: &Db, user_id: &str) -> Result<bool, StoreError> {
    let done = sqlx::query("update users set gss_kyc_status = 'VERIFIED' where id = $1 and kyc_status = 'VERIFIED'")
        .bind(user_id)
        .execute(db.pool())
        .await?;
    Ok(done.rows_affected() > 0)
}

/// A verification an outside provider took and has not decided yet, as the reconciliation asks about it.
#[derive(Debug, Clone, FromRow)]
pub struct AwaitingCheck {
    /// The user.
    pub user_id: String,
    /// The provider's id of the verification.
    #[sqlx(rename = "provider_ref")]
    pub reference: String,
}

/// Verifications still awaiting `provider`'s decision that were neither sent nor asked about
/// since `before_ms`, the longest unasked first (at most `limit`).
pub async fn awaiting_check(
    db: &Db,
    provider: &str,
    before_ms: i64,
    limit: i64,
) -> Result<Vec<AwaitingCheck>, StoreError> {
    Ok(sqlx::query_as(
        "select user_id, provider_ref from kyc_submissions where provider = $1 and status = 'PENDING' \
         and decision = 'PENDING' and coalesce(provider_checked_at_ms, submitted_at_ms) <= $2 \
         order by coalesce(provider_checked_at_ms, submitted_at_ms) limit $3",
    )
    .bind(provider)
    .bind(before_ms)
    .bind(limit)
    .fetch_all(db.pool())
    .await?)
}

/// Notes that the provider was asked about `reference` at `now_ms`, so it is asked again only later.
pub async fn provider_checked(db: &Db, reference: &str, now_ms: i64) -> Result<(), StoreError> {
    sqlx::query("update kyc_submissions set provider_checked_at_ms = $2 where provider_ref = $1")
        .bind(reference)
        .bind(now_ms)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// What the database records of an identity document, to serve it back.
#[derive(Debug, Clone, FromRow)]
pub struct DocumentRow {
    /// `image/jpeg` or `image/png`.
    pub content_type: String,
    /// Hex SHA-256 of the bytes.
    pub sha256: String,
}

/// `user_id`'s document `document_id`; `None` for another user's.
pub async fn document(db: &Db, document_id: &str, user_id: &str) -> Result<Option<DocumentRow>, StoreError> {
    Ok(sqlx::query_as("select content_type, sha256 from kyc_documents where id = $1 and user_id = $2")
        .bind(document_id)
        .bind(user_id)
        .fetch_optional(db.pool())
        .await?)
}
