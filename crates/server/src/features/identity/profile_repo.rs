//! Changes to a user's phone, e-mail address and optional profile data, inside the caller's
//! transaction. The unique indexes on `users.phone_e164` and `users.email` refuse a taken one: the
//! caller reads that from `StoreError::is_unique_violation`.

use sqlx::{Any, Transaction};
use store::StoreError;

type Tx = Transaction<'static, Any>;

/// Moves the account to a new phone number.
pub async fn set_phone(tx: &mut Tx, user_id: &str, phone: &str) -> Result<(), StoreError> {
    sqlx::query("update users set phone_e164 = $1 where id = $2").bind(phone).bind(user_id).execute(&mut **tx).await?;
    Ok(())
}

/// Sets the account's e-mail address (lower-cased).
pub async fn set_email(tx: &mut Tx, user_id: &str, email: &str) -> Result<(), StoreError> {
    sqlx::query("update users set email = $1 where id = $2").bind(email).bind(user_id).execute(&mut **tx).await?;
    Ok(())
}

/// Optional profile data to set (stored enum names); an absent field keeps its value.
#[derive(Debug, Clone)]
pub struct ProfileFields {
    /// Occupation.
    pub occupation: Option<String>,
    /// Yearly income range.
    pub income_range: Option<String>,
    /// Main investment goal.
    pub investment_goal: Option<String>,
}

/// Sets the given profile fields.
pub async fn set_profile(tx: &mut Tx, user_id: &str, fields: ProfileFields) -> Result<(), StoreError> {
    sqlx::query(
        "update users set occupation = coalesce($1, occupation), income_range = coalesce($2, income_range), \
         investment_goal = coalesce($3, investment_goal) where id = $4",
    )
    .bind(fields.occupation)
    .bind(fields.income_range)
    .bind(fields.investment_goal)
    .bind(user_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
