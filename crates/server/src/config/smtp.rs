//! E-mail over SMTP (`providers.email = "smtp"`): the relay, its credentials and the sender.

use secrecy::SecretString;
use serde::{Deserialize, Serialize};

/// How the connection to the relay is secured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SmtpTls {
    /// TLS from the first byte (submissions port 465).
    Implicit,
    /// Plain text upgraded with STARTTLS, which the relay must offer (port 587).
    Starttls,
    /// No TLS: only for a relay on the same host; refused in production.
    None,
}

/// The language of the e-mails' templates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MailLanguage {
    /// Bahasa Indonesia (the product's default).
    Id,
    /// English.
    En,
}

/// The SMTP relay.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct SmtpSettings {
    /// Relay host name (also the name its TLS certificate must carry).
    pub host: String,
    /// Relay port.
    pub port: u16,
    /// `starttls` (default), `implicit` or `none`.
    pub tls: SmtpTls,
    /// Login user; no authentication when empty.
    pub username: String,
    /// Login password.
    #[serde(skip_serializing)]
    pub password: Option<SecretString>,
    /// The `From` mailbox, e.g. `Lumbung <no-reply@example.co.id>`.
    pub from: String,
    /// Longest wait for each step of the conversation with the relay.
    pub timeout_ms: u64,
    /// The templates' language: `id` (default) or `en`.
    pub language: MailLanguage,
}

impl Default for SmtpSettings {
    fn default() -> Self {
        Self {
            host: String::new(),
            port: 587,
            tls: SmtpTls::Starttls,
            username: String::new(),
            password: None,
            from: String::new(),
            timeout_ms: 10_000,
            language: MailLanguage::Id,
        }
    }
}
