//! Xendit as the bank (`providers.bank = "xendit"`): the Disbursements API
//! (`POST /disbursements` under `X-IDEMPOTENCY-KEY`, answered `PENDING`, ended by a callback:
//! `xendit_disbursement_callback.rs`), the status inquiry by id or external id that reconciles a
//! missed callback, and the bank account validation (`POST /v2/identity/bank_account_data_requests`)
//! that names an account's holder. The HTTP client, its Basic auth, timeout and bounded retries on
//! 429 / 5xx are the payment adapter's (`xendit.rs`).

use anyhow::Context;
use futures::future::BoxFuture;
use serde_json::{json, Value};

use super::bank_gateway::{BankGateway, Disbursement, Inquiry, Outcome, SentDisbursement};
use super::xendit::{rupiah_amount, XenditClient, XenditError};
use crate::config::xendit::XenditSettings;

/// Disbursement errors that mean Xendit did not create the transfer and never will under this
/// key: the cash-out fails and its hold is released.
const REFUSALS: &[&str] = &[
    "API_VALIDATION_ERROR",
    "INVALID_JSON_FORMAT",
    "BANK_CODE_NOT_SUPPORTED_ERROR",
    "RECIPIENT_ACCOUNT_NUMBER_ERROR",
    "RECIPIENT_AMOUNT_ERROR",
    "MAXIMUM_TRANSFER_LIMIT_ERROR",
    "INSUFFICIENT_BALANCE",
];

/// The validation API's path.
const VALIDATION_PATH: &str = "/v2/identity/bank_account_data_requests";

/// The bank over Xendit.
pub struct XenditBank {
    client: XenditClient,
    validation: XenditClient,
}

impl XenditBank {
    /// A bank for `settings`; fails without a secret key.
    pub fn new(settings: &XenditSettings) -> anyhow::Result<Self> {
        let mut validation = settings.clone();
        validation.base_url.clone_from(&settings.validation_base_url);
        if settings.validation_key.is_some() {
            validation.secret_key.clone_from(&settings.validation_key);
        }
        Ok(Self { client: XenditClient::new(settings)?, validation: XenditClient::new(&validation)? })
    }

    /// The disbursement Xendit keeps under our cash-out id (`GET /disbursements?external_id=`).
    async fn by_external_id(&self, reference: &str) -> anyhow::Result<Value> {
        let path = format!("/disbursements?external_id={}", path_safe(reference)?);
        let answer = self.client.send(reqwest::Method::GET, &path, None, None).await?;
        // Xendit answers every disbursement under the external id; we only ever create one.
        answer
            .as_array()
            .and_then(|list| list.first())
            .cloned()
            .context("xendit: no disbursement under this external id")
    }

    /// Polls a validation request still PENDING, a bounded number of times.
    async fn validation_result(&self, mut answer: Value) -> anyhow::Result<Value> {
        let mut pause = self.validation.backoff();
        for _ in 1..self.validation.attempts() {
            if answer.get("status").and_then(Value::as_str) != Some("PENDING") {
                break;
            }
            tokio::time::sleep(pause).await;
            pause *= 2;
            let id = answer.get("id").and_then(Value::as_str).context("validation request without an id")?;
            answer = self.validation.send(reqwest::Method::GET, &format!("{VALIDATION_PATH}/{id}"), None, None).await?;
        }
        Ok(answer)
    }
}

/// An id as it may stand in a URL: cash-out ids are UUIDs and Xendit's ids are alphanumeric, so
/// anything else is refused rather than escaped.
fn path_safe(id: &str) -> anyhow::Result<&str> {
    if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        anyhow::bail!("xendit: {id:?} cannot name a disbursement");
    }
    Ok(id)
}

/// How a disbursement Xendit describes stands; `reference` must be its external id.
pub fn outcome_of(disbursement: &Value, reference: &str) -> anyhow::Result<Outcome> {
    let text = |name: &str| disbursement.get(name).and_then(Value::as_str);
    if text("external_id") != Some(reference) {
        anyhow::bail!("xendit: disbursement {:?} is not cash-out {reference}", text("id"));
    }
    Ok(match text("status").unwrap_or("") {
        "COMPLETED" => Outcome::Completed,
        "FAILED" => {
            let code = text("failure_code").unwrap_or("TRANSFER_ERROR").to_string();
            Outcome::Failed { note: code.clone(), code }
        }
        _ => Outcome::Pending { bank_ref: text("id").context("disbursement without an id")?.to_string() },
    })
}

/// The inquiry a completed validation request stands for.
fn inquiry_of(answer: &Value) -> anyhow::Result<Inquiry> {
    match answer.get("status").and_then(Value::as_str) {
        Some("COMPLETED") => {}
        other => anyhow::bail!("xendit: bank account validation ended {other:?}"),
    }
    let result = answer.get("result").context("validation without a result")?;
    if result.get("is_found").and_then(Value::as_bool) != Some(true) {
        return Ok(Inquiry::NotFound);
    }
    let holder_name =
        result.get("account_holder_name").and_then(Value::as_str).context("found without a holder name")?;
    Ok(Inquiry::Found { holder_name: holder_name.trim().to_string() })
}

impl BankGateway for XenditBank {
    fn inquire<'a>(
        &'a self,
        bank_code: &'a str,
        account_number: &'a str,
        _asking_user: &'a str,
    ) -> BoxFuture<'a, anyhow::Result<Inquiry>> {
        Box::pin(async move {
            let body = json!({ "bank_account_number": account_number, "bank_code": bank_code });
            let answer = match self.validation.send(reqwest::Method::POST, VALIDATION_PATH, None, Some(&body)).await {
                Ok(answer) => answer,
                Err(XenditError::Api { status: 400 | 404, code, .. })
                    if code == "BANK_CODE_NOT_SUPPORTED" || code == "BANK_CODE_NOT_SUPPORTED_ERROR" =>
                {
                    return Ok(Inquiry::BankNotSupported)
                }
                Err(e) => return Err(e.into()),
            };
            inquiry_of(&self.validation_result(answer).await?)
        })
    }

    fn disburse(&self, transfer: Disbursement) -> BoxFuture<'_, anyhow::Result<Outcome>> {
        Box::pin(async move {
            let body = json!({
                "external_id": transfer.reference,
                "bank_code": transfer.bank_code,
                "account_holder_name": transfer.holder_name,
                "account_number": transfer.account_number,
                "description": format!("Lumbung cash-out {}", transfer.reference),
                "amount": rupiah_amount(transfer.amount_sen),
            });
            // Our cash-out id is the key: however often this is tried, Xendit creates one transfer.
            let key = format!("disburse-{}", transfer.reference);
            let created = self
                .client
                .send(reqwest::Method::POST, "/disbursements", Some(("X-IDEMPOTENCY-KEY", &key)), Some(&body))
                .await;
            match created {
                Ok(answer) => outcome_of(&answer, &transfer.reference),
                // The key was used: an earlier try created the transfer and its answer was lost.
                Err(XenditError::Api { code, .. }) if code == "DUPLICATE_TRANSACTION_ERROR" => {
                    outcome_of(&self.by_external_id(&transfer.reference).await?, &transfer.reference)
                }
                Err(XenditError::Api { status: 400, code, message }) if REFUSALS.contains(&code.as_str()) => {
                    Ok(Outcome::Failed { note: if message.is_empty() { code.clone() } else { message }, code })
                }
                Err(e) => Err(e.into()),
            }
        })
    }

    fn status<'a>(&'a self, sent: &'a SentDisbursement) -> BoxFuture<'a, anyhow::Result<Outcome>> {
        Box::pin(async move {
            let answer = if sent.bank_ref.is_empty() {
                self.by_external_id(&sent.reference).await?
            } else {
                let path = format!("/disbursements/{}", path_safe(&sent.bank_ref)?);
                self.client.send(reqwest::Method::GET, &path, None, None).await?
            };
            outcome_of(&answer, &sent.reference)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn disbursements_map_to_outcomes_only_for_their_own_cash_out() {
        let pending = json!({"id": "d-1", "external_id": "c-1", "status": "PENDING", "amount": 90_000});
        assert_eq!(outcome_of(&pending, "c-1").unwrap(), Outcome::Pending { bank_ref: "d-1".into() });
        let failed = json!({"id": "d-1", "external_id": "c-1", "status": "FAILED", "failure_code": "REJECTED_BY_BANK"});
        assert_eq!(
            outcome_of(&failed, "c-1").unwrap(),
            Outcome::Failed { code: "REJECTED_BY_BANK".into(), note: "REJECTED_BY_BANK".into() }
        );
        let done = json!({"id": "d-1", "external_id": "c-1", "status": "COMPLETED"});
        assert_eq!(outcome_of(&done, "c-1").unwrap(), Outcome::Completed);
        assert!(outcome_of(&done, "c-2").is_err());
    }

    #[test]
    fn validations_name_the_holder_or_say_there_is_none() {
        let found =
            json!({"status": "COMPLETED", "result": {"is_found": true, "account_holder_name": " SITI AMINAH "}});
        assert_eq!(inquiry_of(&found).unwrap(), Inquiry::Found { holder_name: "SITI AMINAH".into() });
        let missing = json!({"status": "COMPLETED", "result": {"is_found": false}});
        assert_eq!(inquiry_of(&missing).unwrap(), Inquiry::NotFound);
        assert!(inquiry_of(&json!({"status": "PENDING"})).is_err());
    }
}
