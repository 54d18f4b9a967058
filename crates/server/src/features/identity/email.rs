//! E-mail: addresses checked against the usual rules and kept lower-cased, and sending through a
//! trait so a real provider can replace the sandbox, which "sends" into the development inbox
//! (`GET /api/dev/otp-inbox?email=…`).

use std::sync::Arc;

use futures::future::BoxFuture;
use store::Db;

use super::dev_inbox_repo::{self, InboxRow};

/// Longest address (RFC 5321 path limit less the angle brackets).
const ADDRESS_MAX: usize = 254;
/// Longest local part (RFC 5321).
const LOCAL_MAX: usize = 64;
/// Longest domain label (RFC 1035).
const LABEL_MAX: usize = 63;

/// A plausible e-mail address, lower-cased, e.g. `budi.santoso@example.co.id`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmailAddress(String);

impl EmailAddress {
    /// Parses and normalises; `None` unless it is `local@domain` with a dot-atom local part and a
    /// domain of at least two labels ending in an alphabetic top-level label. Quoted local parts
    /// and address literals are refused: no mailbox a retail customer uses needs them.
    pub fn parse(text: &str) -> Option<Self> {
        let text = text.trim().to_ascii_lowercase();
        if text.is_empty() || text.len() > ADDRESS_MAX || !text.is_ascii() {
            return None;
        }
        let (local, domain) = text.rsplit_once('@')?;
        if !valid_local(local) || !valid_domain(domain) {
            return None;
        }
        Some(Self(text))
    }

    /// Wraps an address stored by this module.
    pub fn from_stored(stored: String) -> Self {
        Self(stored)
    }

    /// The address.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The first and last letter of the local part and the whole domain: `b***o@example.co.id`.
    pub fn masked(&self) -> String {
        let (local, domain) = self.0.rsplit_once('@').unwrap_or((&self.0, ""));
        let chars: Vec<char> = local.chars().collect();
        let shown = match chars.as_slice() {
            [] => String::new(),
            [only] => format!("{only}***"),
            [first, .., last] => format!("{first}***{last}"),
        };
        format!("{shown}@{domain}")
    }
}

fn valid_local(local: &str) -> bool {
    const SPECIALS: &str = "!#$%&'*+/=?^_`{|}~-";
    !local.is_empty()
        && local.len() <= LOCAL_MAX
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && local.chars().all(|c| c.is_ascii_alphanumeric() || c == '.' || SPECIALS.contains(c))
}

fn valid_domain(domain: &str) -> bool {
    let labels: Vec<&str> = domain.split('.').collect();
    let label_ok = |label: &&str| {
        !label.is_empty()
            && label.len() <= LABEL_MAX
            && !label.starts_with('-')
            && !label.ends_with('-')
            && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    };
    let top = labels.last().copied().unwrap_or("");
    labels.len() >= 2 && labels.iter().all(label_ok) && top.len() >= 2 && top.chars().all(|c| c.is_ascii_alphabetic())
}

/// One e-mail to send.
#[derive(Debug, Clone)]
pub struct Email {
    /// Recipient.
    pub to: EmailAddress,
    /// Subject line.
    pub subject: String,
    /// Plain-text body.
    pub body: String,
    /// The one-time code it carries (kept by the sandbox inbox only).
    pub code: Option<String>,
    /// What the code is for.
    pub purpose: Option<String>,
    /// When it is sent, Unix ms, from the application's clock.
    pub sent_at_ms: i64,
}

/// Something that delivers e-mail.
pub trait EmailSender: Send + Sync {
    /// Sends one e-mail.
    fn send(&self, email: Email) -> BoxFuture<'_, anyhow::Result<()>>;
}

/// The sandbox: every e-mail lands in the development inbox (`dev_inbox`, channel `EMAIL`).
pub struct SandboxEmail {
    db: Db,
}

impl SandboxEmail {
    /// A sender writing into the database's inbox.
    pub fn shared(db: Db) -> Arc<dyn EmailSender> {
        Arc::new(Self { db })
    }
}

impl EmailSender for SandboxEmail {
    fn send(&self, email: Email) -> BoxFuture<'_, anyhow::Result<()>> {
        Box::pin(async move {
            let message = InboxRow {
                channel: "EMAIL".into(),
                destination: email.to.as_str().to_string(),
                body: format!("{}\n\n{}", email.subject, email.body),
                code: email.code,
                purpose: email.purpose,
                sent_at_ms: email.sent_at_ms,
            };
            dev_inbox_repo::deliver(&self.db, message).await?;
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usual_addresses_are_accepted_and_lower_cased() {
        for (text, stored) in [
            ("Budi.Santoso@Example.co.id", "budi.santoso@example.co.id"),
            ("  siti+invest@mail.example.com ", "siti+invest@mail.example.com"),
            ("a_b-c@sub-domain.example.id", "a_b-c@sub-domain.example.id"),
        ] {
            assert_eq!(EmailAddress::parse(text).map(|e| e.0), Some(stored.to_string()), "{text}");
        }
    }

    #[test]
    fn malformed_addresses_are_refused() {
        let long_local = format!("{}@example.com", "a".repeat(65));
        let long_address = format!("a@{}.com", "b".repeat(250));
        for text in [
            "",
            "plain",
            "@example.com",
            "budi@",
            "budi@example",
            "budi@@example.com",
            "budi@exa mple.com",
            ".budi@example.com",
            "budi.@example.com",
            "bu..di@example.com",
            "budi@-example.com",
            "budi@example-.com",
            "budi@example..com",
            "budi@example.c",
            "budi@example.123",
            "bùdi@example.com",
            "\"budi\"@example.com",
            "budi@[127.0.0.1]",
            &long_local,
            &long_address,
        ] {
            assert!(EmailAddress::parse(text).is_none(), "{text}");
        }
    }

    #[test]
    fn masking_keeps_the_ends_of_the_local_part_and_the_domain() {
        assert_eq!(EmailAddress::parse("budi.santoso@example.com").unwrap().masked(), "b***o@example.com");
        assert_eq!(EmailAddress::parse("b@example.com").unwrap().masked(), "b***@example.com");
    }
}
