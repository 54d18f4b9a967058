//! The ledger accounts of the IDR wallet and what the balance call shows (R3.09).
//!
//! - `freeBalance`: cash the user can spend or withdraw now (IDR cash not held).
//! - `cashBalance`: money reserved by open orders and pending cash-outs (IDR cash held, and the
//!   voucher credit open buys hold: a buy spends voucher credit before cash).
//! - `voucherBalance`: promotional credit an operator granted and no order holds: spendable on
//!   buys, never withdrawable.
//!
//! Their sum is everything the user has in rupiah on the crypto side.

use domain::ledger::{AccountKind, AccountRef};
use domain::money::MinorUnits;
use domain::money::IDR;
use serde::{Deserialize, Serialize};
use sqlx::{Any, Transaction};
use store::ledger::{self, LedgerError};
use store::Db;
use utoipa::ToSchema;

/// The user's IDR cash account.
pub async fn user_cash(tx: &mut Transaction<'static, Any>, user_id: &str) -> Result<String, LedgerError> {
    ledger::open(tx, &AccountRef::user(user_id, AccountKind::IdrCash, IDR)).await
}

/// Money received by the payment gateway and not yet settled to our bank (may be negative:
/// it mirrors what the gateway owes us).
pub async fn gateway_clearing(tx: &mut Transaction<'static, Any>) -> Result<String, LedgerError> {
    ledger::open(tx, &AccountRef::house(AccountKind::PgClearing, IDR)).await
}

/// Fees the broker earned.
pub async fn fee_income(tx: &mut Transaction<'static, Any>) -> Result<String, LedgerError> {
    ledger::open(tx, &AccountRef::house(AccountKind::Fees, IDR)).await
}

/// The IDR wallet balance (R3.09), decimal strings in rupiah.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WalletBalance {
    /// Money reserved by open orders and pending cash-outs (cash and voucher credit).
    pub cash_balance: String,
    /// Promotional credit no order holds: spendable on buys, not withdrawable.
    pub voucher_balance: String,
    /// Cash available to spend or withdraw now.
    pub free_balance: String,
    /// The sum of the three.
    pub total_balance: String,
    /// Always IDR.
    pub currency: String,
}

/// Reads the balance of `user_id` (zero before the first top-up).
pub async fn wallet_balance(db: &Db, user_id: &str) -> Result<WalletBalance, LedgerError> {
    let zero = ledger::Balance { balance: 0, held: 0 };
    let cash = ledger::balance_of(db, &AccountRef::idr_cash(user_id)).await?.unwrap_or(zero);
    let voucher = ledger::balance_of(db, &AccountRef::idr_voucher(user_id)).await?.unwrap_or(zero);
    Ok(WalletBalance {
        cash_balance: MinorUnits::idr(cash.held + voucher.held).to_string(),
        voucher_balance: MinorUnits::idr(voucher.available()).to_string(),
        free_balance: MinorUnits::idr(cash.available()).to_string(),
        total_balance: MinorUnits::idr(cash.balance + voucher.balance).to_string(),
        currency: IDR.into(),
    })
}
