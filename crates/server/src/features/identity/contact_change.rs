//! What a phone change and an e-mail change share before their code is sent: the PIN first, then a
//! new contact that differs from the account's and that no other account holds. A stolen session
//! must not be able to move the account's log-in or its mail, and a code to a taken contact would
//! only fail later at the unique index.

use super::otp::{self, Destination, OtpSent, Purpose};
use super::{messages, repo};
use crate::api::auth::{AuthUser, ClientAddr};
use crate::api::{ApiError, ApiResult, ClientHeaders};
use crate::state::AppState;

/// Checks `pin` and the new contact `to`, then sends the code that confirms it for `purpose` (its
/// limits count per client address and per device).
pub async fn send_code(
    state: &AppState,
    caller: &AuthUser,
    pin: &str,
    to: Destination,
    purpose: Purpose,
    headers: &ClientHeaders,
    ClientAddr(ip): &ClientAddr,
) -> ApiResult<OtpSent> {
    super::confirm_pin(state, &caller.user_id, pin).await?;
    let user = repo::user_by_id(&state.db, &caller.user_id).await?.ok_or_else(ApiError::unauthorized)?;
    match &to {
        Destination::Sms(phone) => {
            if user.phone_e164 == phone.as_str() {
                return Err(messages::phone_same());
            }
            if repo::user_by_phone(&state.db, phone.as_str()).await?.is_some() {
                return Err(messages::phone_taken());
            }
        }
        Destination::Email(email) => {
            if user.email.as_deref() == Some(email.as_str()) {
                return Err(messages::email_same());
            }
            if repo::user_by_email(&state.db, email.as_str()).await?.is_some() {
                return Err(messages::email_taken());
            }
        }
    }
    otp::send_to(state, &to, purpose, Some(&caller.user_id), ip.as_deref(), headers.device_id.as_deref()).await
}
