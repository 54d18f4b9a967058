//! E-mail over SMTP (`providers.email = "smtp"`) with `lettre`: STARTTLS or implicit TLS through
//! rustls and the system's root certificates, a login when configured, the templates of
//! `email_templates` in the configured language, and one deadline for the whole conversation.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use futures::future::BoxFuture;
use lettre::message::header::ContentType;
use lettre::message::Mailbox;
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use secrecy::ExposeSecret;

use super::email::{Email, EmailSender};
use super::email_templates;
use crate::config::smtp::{MailLanguage, SmtpSettings, SmtpTls};

/// Sends e-mail through one SMTP relay.
pub struct SmtpEmail {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    language: MailLanguage,
    deadline: Duration,
    ttl_minutes: u64,
}

impl SmtpEmail {
    /// A sender for `settings`; `otp_ttl_secs` is told to the reader of a code.
    pub fn shared(settings: &SmtpSettings, otp_ttl_secs: u64) -> anyhow::Result<Arc<dyn EmailSender>> {
        let from: Mailbox = settings.from.parse().context("providers.smtp.from is not a mailbox")?;
        let step = Duration::from_millis(settings.timeout_ms.max(1));
        let builder = match settings.tls {
            SmtpTls::Implicit => AsyncSmtpTransport::<Tokio1Executor>::relay(&settings.host)?,
            SmtpTls::Starttls => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(&settings.host)?,
            SmtpTls::None => AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&settings.host),
        };
        let mut builder = builder.port(settings.port).timeout(Some(step));
        if !settings.username.is_empty() {
            let password = settings.password.as_ref().map(|p| p.expose_secret().to_owned()).unwrap_or_default();
            builder = builder.credentials(Credentials::new(settings.username.clone(), password));
        }
        Ok(Arc::new(Self {
            transport: builder.build(),
            from,
            language: settings.language,
            // Greeting, EHLO, TLS, login, envelope, data, quit: a few steps, one deadline over all.
            deadline: step * 4,
            ttl_minutes: otp_ttl_secs / 60,
        }))
    }
}

impl EmailSender for SmtpEmail {
    fn send(&self, email: Email) -> BoxFuture<'_, anyhow::Result<()>> {
        Box::pin(async move {
            let rendered = email_templates::render(self.language, &email, self.ttl_minutes);
            let to: Mailbox = email.to.as_str().parse().context("recipient is not a mailbox")?;
            let message = Message::builder()
                .from(self.from.clone())
                .to(to)
                .subject(rendered.subject)
                .header(ContentType::TEXT_PLAIN)
                .body(rendered.body)?;
            match tokio::time::timeout(self.deadline, self.transport.send(message)).await {
                Ok(Ok(_)) => Ok(()),
                Ok(Err(e)) if e.is_permanent() => Err(anyhow::anyhow!("SMTP relay refused the e-mail: {e}")),
                Ok(Err(e)) => Err(anyhow::anyhow!("SMTP relay failed: {e}")),
                Err(_) => Err(anyhow::anyhow!("SMTP relay did not answer within {:?}", self.deadline)),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    //! Against a fake relay on 127.0.0.1 that speaks just enough SMTP (RFC 5321) to take a message.

    use std::sync::Mutex;

    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    use tokio::net::TcpListener;

    use super::*;
    use crate::features::identity::email::EmailAddress;

    /// How the fake relay behaves.
    #[derive(Clone, Copy)]
    enum Relay {
        /// Takes every message.
        Accepting,
        /// Refuses the recipient with 550.
        RefusingRecipient,
        /// Accepts the connection and never says a word.
        Silent,
    }

    /// Starts the fake relay; returns its port and what it received after `DATA`.
    async fn fake_relay(behaviour: Relay) -> (u16, Arc<Mutex<Vec<String>>>) {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let received = Arc::new(Mutex::new(Vec::new()));
        let store = received.clone();
        tokio::spawn(async move {
            let (socket, _) = listener.accept().await.unwrap();
            let (read, mut write) = socket.into_split();
            if matches!(behaviour, Relay::Silent) {
                // Hold the connection open without a greeting until the client gives up.
                tokio::time::sleep(Duration::from_secs(30)).await;
                return;
            }
            write.write_all(b"220 fake.relay ESMTP\r\n").await.unwrap();
            let mut lines = BufReader::new(read).lines();
            let mut in_data = false;
            let mut data = String::new();
            while let Ok(Some(line)) = lines.next_line().await {
                if in_data {
                    if line == "." {
                        in_data = false;
                        store.lock().unwrap().push(std::mem::take(&mut data));
                        write.write_all(b"250 2.0.0 queued\r\n").await.unwrap();
                    } else {
                        data.push_str(&line);
                        data.push('\n');
                    }
                    continue;
                }
                let verb = line.split_whitespace().next().unwrap_or("").to_ascii_uppercase();
                let answer: &[u8] = match verb.as_str() {
                    "EHLO" | "HELO" => b"250-fake.relay\r\n250 8BITMIME\r\n",
                    "MAIL" => b"250 2.1.0 ok\r\n",
                    "RCPT" if matches!(behaviour, Relay::RefusingRecipient) => b"550 5.1.1 no such mailbox\r\n",
                    "RCPT" => b"250 2.1.5 ok\r\n",
                    "DATA" => {
                        in_data = true;
                        b"354 go ahead\r\n"
                    }
                    "QUIT" => {
                        write.write_all(b"221 2.0.0 bye\r\n").await.unwrap();
                        return;
                    }
                    "RSET" | "NOOP" => b"250 ok\r\n",
                    _ => b"502 5.5.2 not implemented\r\n",
                };
                write.write_all(answer).await.unwrap();
            }
        });
        (port, received)
    }

    fn settings(port: u16, language: MailLanguage, timeout_ms: u64) -> SmtpSettings {
        SmtpSettings {
            host: "127.0.0.1".into(),
            port,
            // The fake relay speaks no TLS; production refuses `none` (config::production).
            tls: SmtpTls::None,
            from: "Lumbung <no-reply@example.co.id>".into(),
            timeout_ms,
            language,
            ..SmtpSettings::default()
        }
    }

    fn code_email() -> Email {
        Email {
            to: EmailAddress::parse("budi@example.co.id").unwrap(),
            subject: "Kode verifikasi".into(),
            body: "…".into(),
            code: Some("482913".into()),
            purpose: Some("EMAIL_CHANGE".into()),
            sent_at_ms: 0,
        }
    }

    #[tokio::test]
    async fn the_relay_receives_the_templated_email_in_the_configured_language() {
        for (language, subject) in [
            (MailLanguage::Id, "Subject: 482913 adalah kode verifikasi Lumbung Anda"),
            (MailLanguage::En, "Subject: 482913 is your Lumbung verification code"),
        ] {
            let (port, received) = fake_relay(Relay::Accepting).await;
            let sender = SmtpEmail::shared(&settings(port, language, 2_000), 300).unwrap();
            sender.send(code_email()).await.unwrap();
            let messages = received.lock().unwrap().clone();
            assert_eq!(messages.len(), 1);
            let message = &messages[0];
            assert!(message.contains(subject), "{message}");
            assert!(message.contains("To: budi@example.co.id"), "{message}");
            assert!(message.contains("From: Lumbung <no-reply@example.co.id>"), "{message}");
            assert!(message.contains("482913"), "{message}");
        }
    }

    #[tokio::test]
    async fn a_refused_recipient_is_an_error_that_says_so() {
        let (port, received) = fake_relay(Relay::RefusingRecipient).await;
        let sender = SmtpEmail::shared(&settings(port, MailLanguage::Id, 2_000), 300).unwrap();
        let error = sender.send(code_email()).await.unwrap_err().to_string();
        assert!(error.contains("refused") && error.contains("no such mailbox"), "{error}");
        assert!(received.lock().unwrap().is_empty());
    }

    #[tokio::test]
    async fn a_silent_relay_times_out() {
        let (port, _) = fake_relay(Relay::Silent).await;
        let sender = SmtpEmail::shared(&settings(port, MailLanguage::Id, 200), 300).unwrap();
        let started = std::time::Instant::now();
        let error = sender.send(code_email()).await.unwrap_err().to_string();
        assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
        assert!(error.contains("did not answer") || error.contains("timed out") || error.contains("failed"), "{error}");
    }

    #[test]
    fn a_sender_that_is_not_a_mailbox_is_refused_at_start() {
        let mut bad = settings(25, MailLanguage::Id, 200);
        bad.from = "not a mailbox".into();
        assert!(SmtpEmail::shared(&bad, 300).is_err());
    }
}
