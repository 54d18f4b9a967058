//! An order call's two reads in one statement (issue 12): its caller's session and what its request
//! id already holds. An order route checks both before the order reaches its book; read apart, they
//! were two statements a call (shared with the calls of the same moment, but each kind on its own),
//! and each statement costs the database and the server more than the one-row reads themselves.
//! Calls made at the same moment still share one statement ([`SharedReads`]).

use domain::identity::{AccountStatus, SessionStatus};
use sqlx::FromRow;
use store::idempotency::ClaimRow;
use store::{Db, StoreError};

use super::sessions_repo::SessionState;

/// What one call asks: its session (session id, user id) and its key (the key's caller, request id).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SessionAndKeyAsk {
    /// The session the token names.
    pub session_id: String,
    /// The user the token names.
    pub user_id: String,
    /// Whom the key belongs to (`middleware::idempotency`'s caller).
    pub caller: String,
    /// The request id.
    pub key: String,
}

/// What the statement found: the session with its user's state (none: no such session of that
/// user), and the key's row (none: never used).
#[derive(Debug, Clone)]
pub struct SessionAndKey {
    /// The session, as the session check reads it alone.
    pub session: Option<SessionState>,
    /// The key's row.
    pub key: Option<ClaimRow>,
}

/// One ask's row: its columns, then its session's and its key's (null when there is none).
#[derive(FromRow)]
struct Found {
    session_id: String,
    user_id: String,
    caller: String,
    request_key: String,
    session_status: Option<String>,
    last_seen_at_ms: Option<i64>,
    user_status: Option<String>,
    fraud_flagged: Option<i64>,
    pro: i64,
    us_verified: i64,
    request_hash: Option<String>,
    answer_status: Option<i64>,
    content_type: Option<String>,
    body: Option<Vec<u8>>,
    created_at_ms: Option<i64>,
}

impl Found {
    /// The ask and what was found for it.
    fn split(self) -> Result<(SessionAndKeyAsk, SessionAndKey), StoreError> {
        let undecodable = |e: String| StoreError::Database(sqlx::Error::Decode(e.into()));
        let session = match (self.session_status, self.last_seen_at_ms, self.user_status, self.fraud_flagged) {
            (Some(status), Some(last_seen_at_ms), Some(user_status), Some(fraud_flagged)) => Some(SessionState {
                status: SessionStatus::try_from(status).map_err(|e| undecodable(e.to_string()))?,
                last_seen_at_ms,
                user_status: AccountStatus::try_from(user_status).map_err(|e| undecodable(e.to_string()))?,
                fraud_flagged,
                pro: self.pro,
                us_verified: self.us_verified,
            }),
            _ => None,
        };
        let key = match (self.request_hash, self.created_at_ms) {
            (Some(request_hash), Some(created_at_ms)) => Some(ClaimRow {
                request_hash,
                status: self.answer_status,
                content_type: self.content_type,
                body: self.body,
                created_at_ms,
            }),
            _ => None,
        };
        let ask = SessionAndKeyAsk {
            session_id: self.session_id,
            user_id: self.user_id,
            caller: self.caller,
            key: self.request_key,
        };
        Ok((ask, SessionAndKey { session, key }))
    }
}

/// The sessions and keys `asks` name, in their order, in one statement.
pub async fn read(db: Db, asks: Vec<SessionAndKeyAsk>) -> Result<Vec<Option<SessionAndKey>>, StoreError> {
    let mut named: Vec<&SessionAndKeyAsk> = asks.iter().collect();
    // A few statement texts stay prepared instead of one per number of asks.
    store::placeholders::pad_to_power_of_two(&mut named);
    let values: Vec<String> =
        (0..named.len()).map(|i| format!("(${}, ${}, ${}, ${})", 4 * i + 2, 4 * i + 3, 4 * i + 4, 4 * i + 5)).collect();
    // Each ask is one row of a `values` list (its columns are column1..column4 on both databases),
    // joined to its session, the session's user and its key; a missing one leaves nulls.
    let sql = format!(
        "select a.column1 as session_id, a.column2 as user_id, a.column3 as caller, a.column4 as request_key, \
         s.status as session_status, s.last_seen_at_ms, u.status as user_status, s.fraud_flagged, \
         (select count(*) from user_tags t where t.user_id = u.id and t.tag = $1) as pro, \
         cast(case when u.gss_kyc_status = 'VERIFIED' then 1 else 0 end as bigint) as us_verified, \
         k.request_hash, k.status as answer_status, k.content_type, k.body, k.created_at_ms \
         from (values {}) as a \
         left join sessions s on s.id = a.column1 and s.user_id = a.column2 \
         left join users u on u.id = s.user_id \
         left join idempotency_keys k on k.caller = a.column3 and k.request_key = a.column4",
        values.join(", ")
    );
    let sql = store::placeholders::for_backend(db.backend(), &sql);
    let mut query = sqlx::query_as::<_, Found>(&sql).bind(super::repo::PRO_TAG);
    for ask in named {
        query = query.bind(&ask.session_id).bind(&ask.user_id).bind(&ask.caller).bind(&ask.key);
    }
    let found: std::collections::HashMap<SessionAndKeyAsk, SessionAndKey> =
        query.fetch_all(db.pool()).await?.into_iter().map(Found::split).collect::<Result<_, _>>()?;
    Ok(asks.iter().map(|ask| found.get(ask).cloned()).collect())
}
