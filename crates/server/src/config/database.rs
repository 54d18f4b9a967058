//! The database connection. Its URL may carry a password (`postgres://user:password@host/db`), so
//! it is never printed or serialised whole: `Debug` and serialisation show `***` in its place.

use std::fmt;

use serde::{Deserialize, Serialize, Serializer};

/// The database connection.
#[derive(Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct DatabaseSettings {
    /// `sqlite://…` (embedded default) or `postgres://…`.
    #[serde(serialize_with = "serialize_redacted")]
    pub url: String,
    /// Pool size.
    pub max_connections: u32,
    /// How long a request waits for a free connection before it is answered 503 `busy`.
    pub acquire_timeout_ms: u64,
}

impl Default for DatabaseSettings {
    fn default() -> Self {
        Self { url: "sqlite://data/brokerage.db".into(), max_connections: 10, acquire_timeout_ms: 5_000 }
    }
}

impl fmt::Debug for DatabaseSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DatabaseSettings")
            .field("url", &redacted(&self.url))
            .field("max_connections", &self.max_connections)
            .field("acquire_timeout_ms", &self.acquire_timeout_ms)
            .finish()
    }
}

fn serialize_redacted<S: Serializer>(url: &str, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&redacted(url))
}

/// `url` with the password of its user information, if any, replaced by `***`.
pub fn redacted(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else { return url.to_owned() };
    // The user information ends at the last `@` before the path: a password may itself hold `@`.
    let authority_end = rest.find('/').unwrap_or(rest.len());
    let Some(at) = rest[..authority_end].rfind('@') else { return url.to_owned() };
    match rest[..at].split_once(':') {
        Some((user, _password)) => format!("{scheme}://{user}:***{}", &rest[at..]),
        None => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_in_the_url_is_never_shown() {
        assert_eq!(redacted("postgres://app:pa%40ss@db:5432/lumbung"), "postgres://app:***@db:5432/lumbung");
        assert_eq!(redacted("postgres://app:p@ss@db/lumbung"), "postgres://app:***@db/lumbung");
        assert_eq!(redacted("postgres://app@db/lumbung"), "postgres://app@db/lumbung");
        assert_eq!(redacted("sqlite://data/brokerage.db"), "sqlite://data/brokerage.db");
        let settings = DatabaseSettings { url: "postgres://app:hunter22@db/x".into(), ..DatabaseSettings::default() };
        assert!(!format!("{settings:?}").contains("hunter22"));
        assert!(!serde_json::to_string(&settings).unwrap_or_default().contains("hunter22"));
    }
}
