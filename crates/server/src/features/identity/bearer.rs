//! Which open session a bearer token names: the check every authenticated request and every live
//! connection runs, so logout, logout-device, a PIN change, a locked account and a fraud block end
//! a session's tokens on the very next request.

use domain::clock::ms;
use domain::identity::{AccountStatus, SessionStatus};
use store::idempotency::ClaimRow;
use store::Db;

use super::messages::{account_locked, device_blocked};
use super::services::IdentityServices;
use super::session_with_key::SessionAndKeyAsk;
use super::sessions_repo::{self, SessionState};
use super::tokens::Claims;
use crate::api::error::{ApiError, ApiResult};

/// "Last seen" is written at most this often per session, not on every request.
const LAST_SEEN_WRITE_INTERVAL_MS: i64 = ms::MINUTE;

/// The user and session an access token names.
#[derive(Debug, Clone)]
pub struct BearerSession {
    /// User id.
    pub user_id: String,
    /// Session id.
    pub session_id: String,
    /// Whether the user is tagged pro (R6.02).
    pub pro: bool,
    /// Whether the user is verified for US stocks (gssKycStatus).
    pub us_verified: bool,
}

/// Why a stored session no longer answers for its tokens; `None` while it is open.
fn refusal(session: &SessionState) -> Option<ApiError> {
    if session.status != SessionStatus::Active {
        Some(ApiError::unauthorized())
    } else if session.user_status != AccountStatus::Active {
        Some(account_locked())
    } else if session.fraud_flagged != 0 {
        Some(device_blocked())
    } else {
        None
    }
}

impl IdentityServices {
    /// The open session `token` names at `now_ms`; its "last seen" is refreshed at most once a minute.
    pub async fn bearer_session(&self, db: &Db, token: &str, now_ms: i64) -> ApiResult<BearerSession> {
        let claims = self.claims(token, now_ms)?;
        let session = self.sessions.get((claims.sid.clone(), claims.sub.clone())).await?;
        admit(db, claims, session, now_ms).await
    }

    /// The same for an order call, with what its request id `key` (of `caller`) holds, both read in
    /// one statement (`session_with_key`). A refused session refuses the call, whatever the key holds.
    pub async fn bearer_session_with_key(
        &self,
        db: &Db,
        token: &str,
        caller: &str,
        key: &str,
        now_ms: i64,
    ) -> ApiResult<(BearerSession, Option<ClaimRow>)> {
        let claims = self.claims(token, now_ms)?;
        let ask = SessionAndKeyAsk {
            session_id: claims.sid.clone(),
            user_id: claims.sub.clone(),
            caller: caller.to_owned(),
            key: key.to_owned(),
        };
        let found = self.sessions_with_keys.get(ask).await?;
        let (session, key) = found.map_or((None, None), |found| (found.session, found.key));
        Ok((admit(db, claims, session, now_ms).await?, key))
    }

    /// The claims of a valid, unexpired token of ours.
    fn claims(&self, token: &str, now_ms: i64) -> ApiResult<Claims> {
        self.keys.check(token, now_ms.div_euclid(ms::SECOND)).ok_or_else(ApiError::unauthorized)
    }

    /// Whether a session is still open (a live connection's re-check). A database hiccup counts as
    /// open, so it does not drop every live connection; the next check decides.
    pub async fn session_is_open(&self, session_id: &str, user_id: &str) -> bool {
        match self.sessions.get((session_id.to_owned(), user_id.to_owned())).await {
            Ok(Some(session)) => refusal(&session).is_none(),
            Ok(None) => false,
            Err(_) => true,
        }
    }
}

/// The caller, if the session its token names is open; its "last seen" is refreshed at most once a
/// minute.
async fn admit(db: &Db, claims: Claims, session: Option<SessionState>, now_ms: i64) -> ApiResult<BearerSession> {
    let session = session.ok_or_else(ApiError::unauthorized)?;
    if let Some(refused) = refusal(&session) {
        return Err(refused);
    }
    if now_ms - session.last_seen_at_ms > LAST_SEEN_WRITE_INTERVAL_MS {
        // A missed "last seen" write must not fail the request it rides on.
        let _ = sessions_repo::touch_session(db, &claims.sid, now_ms).await;
    }
    Ok(BearerSession {
        user_id: claims.sub,
        session_id: claims.sid,
        pro: session.pro > 0,
        us_verified: session.us_verified > 0,
    })
}
