//! Sending SMS: a trait so a real provider can replace the sandbox, which "sends" into a
//! development inbox that developers and tests read at `GET /api/dev/otp-inbox`.

use std::sync::Arc;

use futures::future::BoxFuture;
use store::Db;

use super::dev_inbox_repo::{self, InboxRow};
use super::phone::Phone;

/// One message to send.
#[derive(Debug, Clone)]
pub struct Sms {
    /// Recipient.
    pub to: Phone,
    /// Text.
    pub body: String,
    /// The one-time code it carries (kept by the sandbox inbox only).
    pub code: Option<String>,
    /// What the code is for.
    pub purpose: Option<String>,
    /// When it is sent, Unix ms, from the application's clock.
    pub sent_at_ms: i64,
}

/// Something that delivers SMS.
pub trait SmsSender: Send + Sync {
    /// Sends one message.
    fn send(&self, sms: Sms) -> BoxFuture<'_, anyhow::Result<()>>;
}

/// The sandbox: every message lands in the development inbox (`dev_inbox`, channel `SMS`).
pub struct SandboxSms {
    db: Db,
}

impl SandboxSms {
    /// A sender writing into the database's inbox.
    pub fn shared(db: Db) -> Arc<dyn SmsSender> {
        Arc::new(Self { db })
    }
}

impl SmsSender for SandboxSms {
    fn send(&self, sms: Sms) -> BoxFuture<'_, anyhow::Result<()>> {
        Box::pin(async move {
            let message = InboxRow {
                channel: "SMS".into(),
                destination: sms.to.as_str().to_string(),
                body: sms.body,
                code: sms.code,
                purpose: sms.purpose,
                sent_at_ms: sms.sent_at_ms,
            };
            dev_inbox_repo::deliver(&self.db, message).await?;
            Ok(())
        })
    }
}
