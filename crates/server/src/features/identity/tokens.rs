//! Access tokens: short-lived HS256 JWTs naming the user and the session. Only HS256 is accepted
//! (never `none`), with expiry, issuer and audience checked; the session itself is checked in the
//! database on every request, so a revoked session stops working at once.

use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

const ISSUER: &str = "brokerage";
const AUDIENCE: &str = "brokerage-api";
/// Seconds a token stays valid past its expiry (clock skew between nodes).
const LEEWAY_SECS: i64 = 5;

/// What an access token says.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Claims {
    /// The user id.
    pub sub: String,
    /// The session id.
    pub sid: String,
    /// Issuer.
    pub iss: String,
    /// Audience.
    pub aud: String,
    /// Issued at, Unix seconds.
    pub iat: i64,
    /// Expiry, Unix seconds.
    pub exp: i64,
}

/// Signs and checks access tokens.
#[derive(Clone)]
pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    ttl_secs: i64,
}

impl TokenKeys {
    /// Keys from a secret of at least 32 bytes.
    pub fn new(secret: &[u8], ttl_secs: u64) -> Self {
        Self {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            ttl_secs: i64::try_from(ttl_secs).unwrap_or(900),
        }
    }

    /// Lifetime of new tokens in seconds.
    pub fn ttl_secs(&self) -> i64 {
        self.ttl_secs
    }

    /// A token for `user_id`'s session `session_id`, issued at `now_secs`.
    pub fn issue(&self, user_id: &str, session_id: &str, now_secs: i64) -> anyhow::Result<String> {
        let claims = Claims {
            sub: user_id.into(),
            sid: session_id.into(),
            iss: ISSUER.into(),
            aud: AUDIENCE.into(),
            iat: now_secs,
            exp: now_secs + self.ttl_secs,
        };
        Ok(encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)?)
    }

    /// The claims of a valid token of ours, unexpired at `now_secs` (the application's clock, the
    /// one that issued it, so a pinned clock in tests and replays agrees with itself).
    pub fn check(&self, token: &str, now_secs: i64) -> Option<Claims> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_issuer(&[ISSUER]);
        validation.set_audience(&[AUDIENCE]);
        validation.validate_exp = false;
        validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        let claims = decode::<Claims>(token, &self.decoding, &validation).ok()?.claims;
        (claims.exp + LEEWAY_SECS >= now_secs).then_some(claims)
    }
}

#[cfg(test)]
mod tests {
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use base64::Engine;

    use super::*;

    fn keys() -> TokenKeys {
        TokenKeys::new(b"0123456789abcdef0123456789abcdef", 900)
    }

    fn now() -> i64 {
        chrono::Utc::now().timestamp()
    }

    #[test]
    fn a_token_round_trips() {
        let token = keys().issue("user-1", "session-1", now()).unwrap();
        let claims = keys().check(&token, now()).unwrap();
        assert_eq!((claims.sub.as_str(), claims.sid.as_str()), ("user-1", "session-1"));
    }

    #[test]
    fn expired_tokens_are_refused() {
        let token = keys().issue("user-1", "session-1", now() - 3600).unwrap();
        assert!(keys().check(&token, now()).is_none());
    }

    #[test]
    fn tokens_signed_with_another_key_are_refused() {
        let other = TokenKeys::new(b"another-secret-another-secret-xx", 900);
        let token = other.issue("user-1", "session-1", now()).unwrap();
        assert!(keys().check(&token, now()).is_none());
    }

    #[test]
    fn alg_none_tokens_are_refused() {
        let header = URL_SAFE_NO_PAD.encode(r#"{"alg":"none","typ":"JWT"}"#);
        let claims = format!(
            r#"{{"sub":"user-1","sid":"s","iss":"brokerage","aud":"brokerage-api","iat":{0},"exp":{1}}}"#,
            now(),
            now() + 900
        );
        let forged = format!("{header}.{}.", URL_SAFE_NO_PAD.encode(claims));
        assert!(keys().check(&forged, now()).is_none());
    }

    #[test]
    fn tokens_for_another_audience_are_refused() {
        let claims = Claims {
            sub: "u".into(),
            sid: "s".into(),
            iss: ISSUER.into(),
            aud: "someone-else".into(),
            iat: now(),
            exp: now() + 900,
        };
        let token = encode(
            &Header::new(Algorithm::HS256),
            &claims,
            &EncodingKey::from_secret(b"0123456789abcdef0123456789abcdef"),
        )
        .unwrap();
        assert!(keys().check(&token, now()).is_none());
    }
}
