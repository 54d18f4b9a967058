//! The e-mails a real provider sends, in Indonesian or English (`providers.smtp.language`): a code
//! e-mail gets the template of its purpose; any other e-mail goes out with its own subject and body.

use super::email::Email;
use crate::config::smtp::MailLanguage;

/// A rendered e-mail: subject and plain-text body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    /// Subject line.
    pub subject: String,
    /// Plain-text body.
    pub body: String,
}

/// What the code is for, in a sentence of `language`.
fn purpose_line(language: MailLanguage, purpose: Option<&str>) -> &'static str {
    match (language, purpose) {
        (MailLanguage::Id, Some("EMAIL_CHANGE")) => "Anda meminta untuk mengubah alamat e-mail akun Lumbung Anda.",
        (MailLanguage::Id, Some("FORGOT_PIN")) => "Anda meminta untuk mengatur ulang PIN akun Lumbung Anda.",
        (MailLanguage::Id, Some("PHONE_CHANGE")) => "Anda meminta untuk mengubah nomor HP akun Lumbung Anda.",
        (MailLanguage::Id, _) => "Seseorang meminta kode verifikasi untuk akun Lumbung Anda.",
        (MailLanguage::En, Some("EMAIL_CHANGE")) => "You asked to change the e-mail address of your Lumbung account.",
        (MailLanguage::En, Some("FORGOT_PIN")) => "You asked to reset the PIN of your Lumbung account.",
        (MailLanguage::En, Some("PHONE_CHANGE")) => "You asked to change the phone number of your Lumbung account.",
        (MailLanguage::En, _) => "Someone asked for a verification code for your Lumbung account.",
    }
}

/// The e-mail as the provider sends it.
pub fn render(language: MailLanguage, email: &Email, ttl_minutes: u64) -> Rendered {
    let Some(code) = &email.code else {
        return Rendered { subject: email.subject.clone(), body: email.body.clone() };
    };
    let purpose = purpose_line(language, email.purpose.as_deref());
    match language {
        MailLanguage::Id => Rendered {
            subject: format!("{code} adalah kode verifikasi Lumbung Anda"),
            body: format!(
                "{purpose}\n\nKode verifikasi: {code}\nBerlaku {ttl_minutes} menit.\n\n\
                 JANGAN berikan kode ini kepada siapa pun, termasuk yang mengaku petugas Lumbung.\n\
                 Jika Anda tidak memintanya, abaikan e-mail ini; akun Anda tetap aman.\n"
            ),
        },
        MailLanguage::En => Rendered {
            subject: format!("{code} is your Lumbung verification code"),
            body: format!(
                "{purpose}\n\nVerification code: {code}\nValid for {ttl_minutes} minutes.\n\n\
                 NEVER share this code with anyone, including people claiming to be Lumbung staff.\n\
                 If you did not ask for it, ignore this e-mail; your account is safe.\n"
            ),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::features::identity::email::EmailAddress;

    fn code_email(purpose: &str) -> Email {
        Email {
            to: EmailAddress::parse("budi@example.co.id").unwrap(),
            subject: "ignored".into(),
            body: "ignored".into(),
            code: Some("482913".into()),
            purpose: Some(purpose.into()),
            sent_at_ms: 0,
        }
    }

    #[test]
    fn a_code_email_has_its_template_in_each_language() {
        let id = render(MailLanguage::Id, &code_email("EMAIL_CHANGE"), 5);
        assert_eq!(id.subject, "482913 adalah kode verifikasi Lumbung Anda");
        assert!(id.body.contains("mengubah alamat e-mail") && id.body.contains("Berlaku 5 menit"));
        let en = render(MailLanguage::En, &code_email("FORGOT_PIN"), 5);
        assert_eq!(en.subject, "482913 is your Lumbung verification code");
        assert!(en.body.contains("reset the PIN") && en.body.contains("Valid for 5 minutes"));
        assert!(!en.body.contains("ignored"));
    }

    #[test]
    fn an_email_without_a_code_goes_out_as_written() {
        let mut email = code_email("EMAIL_CHANGE");
        email.code = None;
        let rendered = render(MailLanguage::En, &email, 5);
        assert_eq!(rendered, Rendered { subject: "ignored".into(), body: "ignored".into() });
    }
}
