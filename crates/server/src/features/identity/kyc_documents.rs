//! Identity documents (KTP photo, selfie): the image bytes live in a document store outside the
//! database, under a random id; the database keeps only the id, owner, kind, type, size and a
//! SHA-256 of the bytes, checked again on every read. Only the owner can read a document back
//! (`GET /api/v1/user/kyc/documents/{documentId}`); another user's id answers 404 (R6.04).

use axum::extract::{Path as UrlPath, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

use super::kyc_form::Photo;
use super::kyc_repo;
use crate::api::auth::AuthUser;
use crate::api::{ApiError, ApiResult};
use crate::state::AppState;

pub use super::kyc_repo::StoredDocument;

/// Writes a checked photo to the store; the caller records it in the database.
pub async fn store(state: &AppState, kind: &'static str, photo: &Photo) -> ApiResult<StoredDocument> {
    let id = uuid::Uuid::now_v7().to_string();
    state.identity.documents.put(&id, &photo.bytes).await.map_err(ApiError::internal)?;
    Ok(StoredDocument {
        id,
        kind,
        content_type: photo.content_type,
        size: photo.bytes.len() as i64,
        sha256: hex::encode(Sha256::digest(&photo.bytes)),
    })
}

/// One of the caller's identity documents, as the image it is.
#[utoipa::path(get, path = "/v1/user/kyc/documents/{documentId}", tag = "identity", security(("bearer" = [])),
    params(("documentId" = String, Path, description = "The document's id from GET /v1/user/kyc")),
    responses((status = 200, description = "The image (image/jpeg or image/png)", content_type = "application/octet-stream"),
        (status = 404, body = crate::api::ErrorBody)))]
pub async fn get_document(
    State(state): State<AppState>,
    caller: AuthUser,
    UrlPath(document_id): UrlPath<String>,
) -> ApiResult<Response> {
    let stored = kyc_repo::document(&state.db, &document_id, &caller.user_id).await?.ok_or_else(ApiError::not_found)?;
    let bytes = state.identity.documents.get(&document_id).await.map_err(ApiError::internal)?;
    // A file changed or damaged on disk is an incident, never served as the user's document.
    if hex::encode(Sha256::digest(&bytes)) != stored.sha256 {
        return Err(ApiError::internal(format!("identity document {document_id} does not match its digest")));
    }
    Ok((
        [
            (header::CONTENT_TYPE, stored.content_type),
            (header::CACHE_CONTROL, "private, no-store".to_string()),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_string()),
        ],
        bytes,
    )
        .into_response())
}
