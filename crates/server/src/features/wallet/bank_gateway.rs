//! The bank seam: an account inquiry (who holds this account?) and disbursement (send money to
//! it). A real provider implements `BankGateway`; the sandbox bank below is the embedded default.
//!
//! The sandbox bank is deterministic so tests and people can steer it:
//! - inquiry: numbers ending in `9999` do not exist; numbers ending in `8888` belong to someone
//!   else ([`ANOTHER_HOLDER`]); any other number belongs to the asking user (their verified name,
//!   upper-cased, as banks print it).
//! - disbursement: numbers ending in `0000` are dormant accounts the bank refuses; every other
//!   transfer completes. Each answer is kept under our cash-out id, so a repeated request (after
//!   a crash between asking and recording) gets the first answer and pays once.

use domain::wallet::SandboxTransferState;
use futures::future::BoxFuture;
use std::sync::Arc;

use domain::Clock;
use store::Db;

use super::sandbox_repo;

/// What the bank says about an account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Inquiry {
    /// It exists, held by this name.
    Found {
        /// The holder's name as the bank has it.
        holder_name: String,
    },
    /// No such account.
    NotFound,
    /// The bank cannot be asked about accounts (the provider does not serve it).
    BankNotSupported,
}

/// A transfer to make.
#[derive(Debug, Clone)]
pub struct Disbursement {
    /// Our cash-out id: the bank's idempotency key.
    pub reference: String,
    /// Bank code.
    pub bank_code: String,
    /// Account number.
    pub account_number: String,
    /// The holder's name as the inquiry returned it.
    pub holder_name: String,
    /// Sen to transfer (the fee already taken).
    pub amount_sen: i64,
}

/// How a transfer stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The money arrived.
    Completed,
    /// The bank refused it: its failure code and words. The money never left.
    Failed {
        /// E.g. `BANK_REJECTED`, `INVALID_DESTINATION`.
        code: String,
        /// The bank's words.
        note: String,
    },
    /// Accepted, not ended yet: the bank calls back later or is asked with `status`.
    Pending {
        /// The bank's id of the transfer.
        bank_ref: String,
    },
}

/// A transfer the bank accepted earlier.
#[derive(Debug, Clone)]
pub struct SentDisbursement {
    /// Our cash-out id.
    pub reference: String,
    /// The bank's id of the transfer.
    pub bank_ref: String,
}

/// A bank connection.
pub trait BankGateway: Send + Sync {
    /// Looks up who holds an account. `asking_user` is the verified name of the user asking; a real
    /// bank ignores it, the sandbox answers with it for the user's own accounts.
    fn inquire<'a>(
        &'a self,
        bank_code: &'a str,
        account_number: &'a str,
        asking_user: &'a str,
    ) -> BoxFuture<'a, anyhow::Result<Inquiry>>;

    /// Sends money; an error means "unknown, ask again later" and must not be treated as failure.
    fn disburse(&self, transfer: Disbursement) -> BoxFuture<'_, anyhow::Result<Outcome>>;

    /// Asks how an accepted transfer stands (reconciles a callback that never arrived); an error
    /// means "unknown, ask again later".
    fn status<'a>(&'a self, sent: &'a SentDisbursement) -> BoxFuture<'a, anyhow::Result<Outcome>>;
}

/// The sandbox bank, keeping its transfers in the database.
pub struct SandboxBank {
    db: Db,
    clock: Arc<dyn Clock>,
}

impl SandboxBank {
    /// A sandbox bank over `db`.
    pub fn new(db: Db, clock: Arc<dyn Clock>) -> Self {
        Self { db, clock }
    }
}

/// The holder of the sandbox accounts ending in `8888`: never the asking user.
pub const ANOTHER_HOLDER: &str = "RINA KARTIKA";

/// Why the sandbox bank refuses transfers to accounts ending in `0000`.
pub const DORMANT_ACCOUNT: &str = "rekening tujuan tidak aktif (dormant) / destination account is dormant";

impl BankGateway for SandboxBank {
    fn inquire<'a>(
        &'a self,
        _bank_code: &'a str,
        account_number: &'a str,
        asking_user: &'a str,
    ) -> BoxFuture<'a, anyhow::Result<Inquiry>> {
        Box::pin(async move {
            if account_number.ends_with("9999") {
                return Ok(Inquiry::NotFound);
            }
            let holder_name =
                if account_number.ends_with("8888") { ANOTHER_HOLDER.to_owned() } else { asking_user.to_uppercase() };
            Ok(Inquiry::Found { holder_name })
        })
    }

    fn disburse(&self, transfer: Disbursement) -> BoxFuture<'_, anyhow::Result<Outcome>> {
        Box::pin(async move {
            let (status, note) = if transfer.account_number.ends_with("0000") {
                (SandboxTransferState::Failed, Some(DORMANT_ACCOUNT))
            } else {
                (SandboxTransferState::Completed, None)
            };
            let answer = sandbox_repo::NewTransfer {
                reference: &transfer.reference,
                bank_code: &transfer.bank_code,
                account_number: &transfer.account_number,
                amount: transfer.amount_sen,
                status,
                failure_note: note,
                created_at_ms: self.clock.now_ms(),
            };
            sandbox_repo::insert_transfer(&self.db, &answer).await?;
            self.recorded(&transfer.reference).await
        })
    }

    fn status<'a>(&'a self, sent: &'a SentDisbursement) -> BoxFuture<'a, anyhow::Result<Outcome>> {
        Box::pin(self.recorded(&sent.reference))
    }
}

impl SandboxBank {
    /// The recorded answer for a transfer.
    async fn recorded(&self, reference: &str) -> anyhow::Result<Outcome> {
        let answer = sandbox_repo::transfer(&self.db, reference)
            .await?
            .ok_or_else(|| anyhow::anyhow!("sandbox bank: no transfer {reference}"))?;
        Ok(match answer.status {
            SandboxTransferState::Completed => Outcome::Completed,
            SandboxTransferState::Failed => {
                Outcome::Failed { code: "BANK_REJECTED".into(), note: answer.failure_note.unwrap_or_default() }
            }
        })
    }
}
