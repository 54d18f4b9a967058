//! The sandbox gateway's payments and the sandbox bank's transfers, kept in the database so every
//! node (and a restart) sees the same answers.

use domain::wallet::{SandboxPaymentState, SandboxTransferState};
use store::{Db, StoreError};

/// A payment the sandbox gateway issued.
pub struct NewPayment<'a> {
    /// The gateway's reference.
    pub reference: &'a str,
    /// Our top-up id.
    pub merchant_ref: &'a str,
    /// paymentChannel code.
    pub channel: &'a str,
    /// Amount plus fee, sen.
    pub gross_amount: i64,
    /// Issued, Unix ms.
    pub created_at_ms: i64,
    /// Payable until, Unix ms.
    pub expires_at_ms: i64,
}

/// Stores an issued payment.
pub async fn insert_payment(db: &Db, new: &NewPayment<'_>) -> Result<(), StoreError> {
    sqlx::query(
        "insert into sandbox_gateway_payments (reference, merchant_ref, channel, gross_amount, status, created_at_ms, expires_at_ms) \
         values ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(new.reference)
    .bind(new.merchant_ref)
    .bind(new.channel)
    .bind(new.gross_amount)
    .bind(SandboxPaymentState::Issued.as_str())
    .bind(new.created_at_ms)
    .bind(new.expires_at_ms)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// How a sandbox payment stands.
#[derive(Debug, sqlx::FromRow)]
pub struct PaymentState {
    /// Where it stands.
    #[sqlx(try_from = "String")]
    pub status: SandboxPaymentState,
    /// Amount plus fee, sen.
    pub gross_amount: i64,
}

/// The payment `reference`.
pub async fn payment(db: &Db, reference: &str) -> Result<Option<PaymentState>, StoreError> {
    Ok(sqlx::query_as("select status, gross_amount from sandbox_gateway_payments where reference = $1")
        .bind(reference)
        .fetch_optional(db.pool())
        .await?)
}

/// A payment the sandbox payer acted on.
#[derive(Debug, sqlx::FromRow)]
pub struct Resolved {
    /// Our top-up id.
    pub merchant_ref: String,
    /// Amount plus fee, sen.
    pub gross_amount: i64,
}

/// Moves an issued payment still payable at `now_ms` to `status`; `None` when there is none.
pub async fn resolve_payment(
    db: &Db,
    reference: &str,
    status: SandboxPaymentState,
    now_ms: i64,
) -> Result<Option<Resolved>, StoreError> {
    Ok(sqlx::query_as(
        "update sandbox_gateway_payments set status = $1 where reference = $2 and status = $3 and expires_at_ms > $4 \
         returning merchant_ref, gross_amount",
    )
    .bind(status.as_str())
    .bind(reference)
    .bind(SandboxPaymentState::Issued.as_str())
    .bind(now_ms)
    .fetch_optional(db.pool())
    .await?)
}

/// A transfer the sandbox bank answered.
pub struct NewTransfer<'a> {
    /// Our cash-out id.
    pub reference: &'a str,
    /// Bank code.
    pub bank_code: &'a str,
    /// Account number.
    pub account_number: &'a str,
    /// Sen transferred.
    pub amount: i64,
    /// The bank's answer.
    pub status: SandboxTransferState,
    /// Why it failed.
    pub failure_note: Option<&'a str>,
    /// Answered, Unix ms.
    pub created_at_ms: i64,
}

/// Stores the answer to a transfer, unless one is stored already (the first answer stands).
pub async fn insert_transfer(db: &Db, new: &NewTransfer<'_>) -> Result<(), StoreError> {
    sqlx::query(
        "insert into sandbox_disbursements (reference, bank_code, account_number, amount, status, failure_note, created_at_ms) \
         values ($1, $2, $3, $4, $5, $6, $7) on conflict (reference) do nothing",
    )
    .bind(new.reference)
    .bind(new.bank_code)
    .bind(new.account_number)
    .bind(new.amount)
    .bind(new.status.as_str())
    .bind(new.failure_note)
    .bind(new.created_at_ms)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// The stored answer to a transfer.
#[derive(Debug, sqlx::FromRow)]
pub struct TransferAnswer {
    /// The bank's answer.
    #[sqlx(try_from = "String")]
    pub status: SandboxTransferState,
    /// Why it failed.
    pub failure_note: Option<String>,
}

/// The answer to the transfer `reference`.
pub async fn transfer(db: &Db, reference: &str) -> Result<Option<TransferAnswer>, StoreError> {
    Ok(sqlx::query_as("select status, failure_note from sandbox_disbursements where reference = $1")
        .bind(reference)
        .fetch_optional(db.pool())
        .await?)
}
