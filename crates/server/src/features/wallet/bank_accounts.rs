//! The user's bank accounts for cash-out: add (PIN confirmed, the bank inquiry resolves the
//! holder's name), list, remove. Removed accounts stay in the database, hidden, because past
//! cash-outs name them.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use store::Db;
use utoipa::ToSchema;

use super::bank_accounts_repo::{self, BankAccountRow, NewBankAccount};
use super::bank_gateway::Inquiry;
use super::{banks, messages};
use crate::api::auth::AuthUser;
use crate::api::{ApiError, ApiJson, ApiResult, Data};
use crate::features::identity::{self, verified_identity};
use crate::state::AppState;

/// A saved bank account.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BankAccount {
    /// Id.
    pub id: String,
    /// Bank code.
    pub bank_code: String,
    /// Bank name.
    pub bank_name: String,
    /// The number with all but the last four digits hidden.
    pub account_number_masked: String,
    /// The holder's name as the bank has it.
    pub account_holder_name: String,
    /// Added, Unix ms.
    pub created_at_ms: i64,
}

/// A bank account to add.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AddBankAccount {
    /// A code from `GET /api/v1/wallet/banks`.
    #[schema(format = "bank-code")]
    pub bank_code: String,
    /// Digits only, of the bank's length.
    #[schema(format = "bank-account-number")]
    pub account_number: String,
    /// The user's PIN.
    #[schema(pattern = "^[0-9]{6}$")]
    pub pin: String,
}

/// Hides all but the last four digits.
pub fn mask(number: &str) -> String {
    let keep = number.len().saturating_sub(4);
    format!("{}{}", "*".repeat(keep), &number[keep..])
}

fn view(row: BankAccountRow) -> (BankAccount, String) {
    let account = BankAccount {
        id: row.id,
        bank_name: banks::find(&row.bank_code).map_or_else(|| row.bank_code.clone(), |b| b.name.to_string()),
        bank_code: row.bank_code,
        account_number_masked: mask(&row.account_number),
        account_holder_name: row.holder_name,
        created_at_ms: row.created_at_ms,
    };
    (account, row.account_number)
}

/// A bank account of `user_id` with its full number (removed ones too when `with_removed`).
pub async fn load(db: &Db, user_id: &str, id: &str, with_removed: bool) -> ApiResult<Option<(BankAccount, String)>> {
    Ok(bank_accounts_repo::one(db, user_id, id, with_removed).await?.map(view))
}

/// One of the user's accounts that money may be sent to now: the user's identity is verified and
/// the account is held in the verified name (an account saved before the rule, or before a new
/// verification, is checked again here).
pub async fn payable(state: &AppState, user_id: &str, id: &str) -> ApiResult<BankAccount> {
    let verified_name = verified_identity::verified_name(state, user_id).await?;
    let (account, _) = load(&state.db, user_id, id, false).await?.ok_or_else(messages::unknown_bank_account)?;
    if !verified_identity::holder_is(&account.account_holder_name, &verified_name) {
        return Err(messages::holder_not_the_user(&account.account_holder_name));
    }
    Ok(account)
}

/// The caller's bank accounts, oldest first.
#[utoipa::path(get, path = "/v1/wallet/bank-accounts", tag = "wallet", security(("bearer" = [])),
    responses((status = 200, body = Data<Vec<BankAccount>>), (status = 401, body = crate::api::ErrorBody)))]
pub async fn list(State(state): State<AppState>, caller: AuthUser) -> ApiResult<Data<Vec<BankAccount>>> {
    let rows = bank_accounts_repo::live_of(&state.db, &caller.user_id).await?;
    Ok(Data::new(rows.into_iter().map(|row| view(row).0).collect()))
}

/// Adds a bank account after the PIN and the bank's inquiry.
#[utoipa::path(post, path = "/v1/wallet/bank-accounts", tag = "wallet", security(("bearer" = [])), request_body = AddBankAccount,
    responses((status = 200, body = Data<BankAccount>), (status = 400, body = crate::api::ErrorBody), (status = 401, body = crate::api::ErrorBody)))]
pub async fn add(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<AddBankAccount>,
) -> ApiResult<Data<BankAccount>> {
    let bank = banks::find(body.bank_code.trim()).ok_or_else(messages::unknown_bank)?;
    let number = body.account_number.trim();
    if !bank.accepts(number) {
        return Err(messages::invalid_account_number(bank.digits_min, bank.digits_max));
    }
    let verified_name = verified_identity::verified_name(&state, &caller.user_id).await?;
    identity::confirm_pin(&state, &caller.user_id, &body.pin).await?;
    let holder_name = match state.wallet.bank.inquire(bank.code, number, &verified_name).await {
        Ok(Inquiry::Found { holder_name }) => holder_name,
        Ok(Inquiry::NotFound) => return Err(messages::account_not_found_at_bank()),
        Ok(Inquiry::BankNotSupported) => return Err(messages::bank_cannot_be_checked()),
        Err(e) => {
            // A bank that does not answer (timeouts, its 5xx, our keys refused) is no fault of the
            // user: they are told to try again; operators read the cause in the log.
            tracing::warn!(error = %e, bank = bank.code, "bank account inquiry failed");
            return Err(messages::bank_unavailable());
        }
    };
    if !verified_identity::holder_is(&holder_name, &verified_name) {
        return Err(messages::holder_not_the_user(&holder_name));
    }
    let max = state.settings.cashout.bank_accounts_per_user_max;
    let mut tx = state.db.begin_write().await?;
    if bank_accounts_repo::count_live_locked(&mut tx.tx, &caller.user_id).await? >= max {
        return Err(messages::too_many_bank_accounts(max));
    }
    let id = uuid::Uuid::now_v7().to_string();
    let new = NewBankAccount {
        id: &id,
        user_id: &caller.user_id,
        bank_code: bank.code,
        account_number: number,
        holder_name: &holder_name,
        created_at_ms: state.clock.now_ms(),
    };
    match bank_accounts_repo::insert(&mut tx.tx, &new).await {
        Err(e) if e.is_unique_violation() => return Err(messages::duplicate_bank_account()),
        other => other?,
    }
    tx.commit().await?;
    let (account, _) = load(&state.db, &caller.user_id, &id, false).await?.ok_or_else(ApiError::not_found)?;
    Ok(Data::new(account))
}

/// Removes one of the caller's bank accounts (another user's: 404, nothing changes).
#[utoipa::path(delete, path = "/v1/wallet/bank-accounts/{id}", tag = "wallet", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 204, description = "Removed"), (status = 404, body = crate::api::ErrorBody)))]
pub async fn remove(State(state): State<AppState>, caller: AuthUser, Path(id): Path<String>) -> ApiResult<StatusCode> {
    if !bank_accounts_repo::remove(&state.db, &caller.user_id, &id, state.clock.now_ms()).await? {
        return Err(ApiError::not_found());
    }
    Ok(StatusCode::NO_CONTENT)
}

#[cfg(test)]
mod tests {
    #[test]
    fn masking_keeps_the_last_four_digits() {
        assert_eq!(super::mask("1234567890"), "******7890");
        assert_eq!(super::mask("123"), "123");
    }
}
