//! One error type for the whole API, rendered as `{error_code, error_message}` in the caller's
//! language. 500s are logged with their cause and never show it.

use std::borrow::Cow;

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use super::Lang;

/// The error body of every failed API call.
#[derive(Debug, Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// A stable code clients can branch on, e.g. `not_found`, `040`.
    pub error_code: String,
    /// A message for people, in the language of `x-language-code`.
    pub error_message: String,
}

/// A message in both languages.
#[derive(Debug, Clone)]
pub struct Msg {
    /// Indonesian.
    pub id: Cow<'static, str>,
    /// English.
    pub en: Cow<'static, str>,
}

impl Msg {
    /// A message known at compile time.
    pub const fn fixed(id: &'static str, en: &'static str) -> Self {
        Self { id: Cow::Borrowed(id), en: Cow::Borrowed(en) }
    }

    /// A message built at run time.
    pub fn owned(id: String, en: String) -> Self {
        Self { id: Cow::Owned(id), en: Cow::Owned(en) }
    }

    fn text(&self, lang: Lang) -> &str {
        match lang {
            Lang::Id => &self.id,
            Lang::En => &self.en,
        }
    }
}

/// The platform's own error messages; features keep theirs beside their code.
pub mod messages {
    use super::Msg;

    /// Unknown route.
    pub const NOT_FOUND: Msg = Msg::fixed("Data atau halaman tidak ditemukan.", "Not found.");
    /// Wrong method.
    pub const METHOD_NOT_ALLOWED: Msg =
        Msg::fixed("Metode permintaan ini tidak didukung.", "This request method is not allowed here.");
    /// Body is not JSON.
    pub const INVALID_JSON: Msg =
        Msg::fixed("Isi permintaan bukan JSON yang valid.", "The request body is not valid JSON.");
    /// Body or query has wrong fields.
    pub const INVALID_REQUEST: Msg = Msg::fixed("Permintaan tidak valid.", "The request is not valid.");
    /// Body too large.
    pub const PAYLOAD_TOO_LARGE: Msg = Msg::fixed("Isi permintaan terlalu besar.", "The request body is too large.");
    /// Wrong content type.
    pub const UNSUPPORTED_MEDIA_TYPE: Msg =
        Msg::fixed("Jenis konten harus application/json.", "The content type must be application/json.");
    /// Rate limit hit.
    pub const RATE_LIMITED: Msg = Msg::fixed(
        "Terlalu banyak permintaan. Coba lagi sebentar lagi.",
        "Too many requests. Please try again shortly.",
    );
    /// Maintenance mode.
    pub const MAINTENANCE: Msg = Msg::fixed(
        "Layanan sedang dalam pemeliharaan. Silakan coba lagi nanti.",
        "The service is under maintenance. Please try again later.",
    );
    /// Unexpected failure.
    pub const INTERNAL: Msg =
        Msg::fixed("Terjadi kesalahan. Silakan coba lagi.", "Something went wrong. Please try again.");
    /// Every database connection is busy.
    pub const BUSY: Msg = Msg::fixed(
        "Server sedang sibuk. Silakan coba lagi sebentar lagi.",
        "The server is busy. Please try again in a moment.",
    );
    /// Slow request.
    pub const TIMEOUT: Msg =
        Msg::fixed("Permintaan terlalu lama. Silakan coba lagi.", "The request took too long. Please try again.");
    /// Missing or wrong credentials.
    pub const UNAUTHORIZED: Msg =
        Msg::fixed("Sesi Anda tidak valid. Silakan masuk lagi.", "Your session is not valid. Please log in again.");
    /// Not allowed.
    pub const FORBIDDEN: Msg = Msg::fixed("Anda tidak memiliki akses.", "You do not have access.");
    /// Idempotency key reused for another request.
    pub const IDEMPOTENCY_KEY_REUSED: Msg = Msg::fixed(
        "x-request-id ini sudah dipakai untuk permintaan lain.",
        "This x-request-id was already used for a different request.",
    );
    /// A typed amount or quantity whose value is beyond what the ledger can count.
    pub const AMOUNT_OUT_OF_RANGE: Msg =
        Msg::fixed("Jumlah atau nilai ini terlalu besar.", "This amount or value is too large.");
    /// Same key still running.
    pub const REQUEST_IN_PROGRESS: Msg =
        Msg::fixed("Permintaan yang sama masih diproses.", "The same request is still being processed.");
}

/// An API failure: a status, a stable code and a message in both languages.
#[derive(Debug, Clone)]
pub struct ApiError {
    /// HTTP status.
    pub status: StatusCode,
    /// Stable error code.
    pub code: Cow<'static, str>,
    /// The message for people.
    pub message: Msg,
    /// A detail appended to the message (never for 500s).
    pub detail: Option<String>,
    /// Seconds for a `Retry-After` header.
    pub retry_after_secs: Option<u64>,
}

/// Result of an API handler.
pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    /// An error with a code and message.
    pub fn new(status: StatusCode, code: impl Into<Cow<'static, str>>, message: Msg) -> Self {
        Self { status, code: code.into(), message, detail: None, retry_after_secs: None }
    }

    /// Adds a detail shown after the message.
    pub fn with_detail(mut self, detail: impl Into<String>) -> Self {
        self.detail = Some(detail.into());
        self
    }

    /// Adds a `Retry-After` header.
    pub fn with_retry_after(mut self, secs: u64) -> Self {
        self.retry_after_secs = Some(secs);
        self
    }

    /// 400 `invalid_request` with what is wrong.
    pub fn invalid(detail: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "invalid_request", messages::INVALID_REQUEST).with_detail(detail)
    }

    /// 400 `amount_out_of_range`: a value computed from the caller's own input does not fit the
    /// ledger's counts; what the caller typed is wrong, not the server.
    pub fn amount_out_of_range(cause: domain::MoneyError) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "amount_out_of_range", messages::AMOUNT_OUT_OF_RANGE)
            .with_detail(cause.to_string())
    }

    /// 404 `not_found`.
    pub fn not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", messages::NOT_FOUND)
    }

    /// 401 `unauthorized`.
    pub fn unauthorized() -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "unauthorized", messages::UNAUTHORIZED)
    }

    /// 500 `internal`; the cause is logged, never shown.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        tracing::error!(error = %cause, "internal error");
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", messages::INTERNAL)
    }

    /// The error a bare status stands for, used to reshape responses axum makes itself.
    pub fn for_status(status: StatusCode) -> Self {
        match status {
            StatusCode::NOT_FOUND => Self::not_found(),
            StatusCode::METHOD_NOT_ALLOWED => Self::new(status, "method_not_allowed", messages::METHOD_NOT_ALLOWED),
            StatusCode::PAYLOAD_TOO_LARGE => Self::new(status, "payload_too_large", messages::PAYLOAD_TOO_LARGE),
            StatusCode::UNSUPPORTED_MEDIA_TYPE => {
                Self::new(status, "unsupported_media_type", messages::UNSUPPORTED_MEDIA_TYPE)
            }
            StatusCode::REQUEST_TIMEOUT => Self::new(status, "timeout", messages::TIMEOUT),
            StatusCode::UNAUTHORIZED => Self::unauthorized(),
            StatusCode::FORBIDDEN => Self::new(status, "forbidden", messages::FORBIDDEN),
            StatusCode::TOO_MANY_REQUESTS => Self::new(status, "rate_limited", messages::RATE_LIMITED),
            s if s.is_client_error() => Self::new(s, "invalid_request", messages::INVALID_REQUEST),
            s => Self::new(s, "internal", messages::INTERNAL),
        }
    }

    /// The body in `lang`.
    pub fn body(&self, lang: Lang) -> ErrorBody {
        let base = self.message.text(lang);
        let error_message = match (&self.detail, self.status.is_server_error()) {
            (Some(detail), false) => format!("{base} ({})", shown_detail(detail)),
            _ => base.to_string(),
        };
        ErrorBody { error_code: self.code.to_string(), error_message }
    }
}

/// Longest detail an error message carries; a detail may quote what the client sent.
const DETAIL_CHARS_MAX: usize = 200;

/// A detail fit to show to a person (R7.12): control characters and the marks that reorder text
/// (bidirectional overrides and isolates) become spaces, and a long one is cut short with `…`.
/// The client may have sent them in a field name or value the detail quotes; shown, they would
/// break a log line or disguise what the message says.
fn shown_detail(detail: &str) -> String {
    let reorders = |c: char| matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
    let mut shown: String =
        detail.chars().take(DETAIL_CHARS_MAX).map(|c| if c.is_control() || reorders(c) { ' ' } else { c }).collect();
    if detail.chars().nth(DETAIL_CHARS_MAX).is_some() {
        shown.push('…');
    }
    shown
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = self.body(Lang::current());
        let mut response = (self.status, axum::Json(body)).into_response();
        if let Some(secs) = self.retry_after_secs {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        // Marks the response as already in the API's error shape.
        response.extensions_mut().insert(ShapedError);
        response
    }
}

/// Extension on responses that already carry the error shape.
#[derive(Debug, Clone, Copy)]
pub struct ShapedError;

impl From<store::StoreError> for ApiError {
    fn from(error: store::StoreError) -> Self {
        match error {
            store::StoreError::NotFound => ApiError::not_found(),
            // Every connection stayed busy past the acquire timeout: overload, not a fault; the
            // client may try again shortly (the web app retries 503s only for idempotent calls).
            store::StoreError::Database(sqlx::Error::PoolTimedOut) => {
                tracing::warn!("database pool exhausted");
                ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "busy", messages::BUSY).with_retry_after(1)
            }
            other => ApiError::internal(other),
        }
    }
}

impl From<store::ledger::LedgerError> for ApiError {
    /// A store failure maps as above; any other ledger refusal the caller did not handle is a fault.
    fn from(error: store::ledger::LedgerError) -> Self {
        match error {
            store::ledger::LedgerError::Store(store) => ApiError::from(store),
            other => ApiError::internal(other),
        }
    }
}

/// Money arithmetic on stored or configured amounts that does not fit is a fault, logged as a 500;
/// a handler whose inputs came from the caller maps with [`ApiError::amount_out_of_range`] instead.
impl From<domain::MoneyError> for ApiError {
    fn from(error: domain::MoneyError) -> Self {
        ApiError::internal(error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r7_12_a_detail_that_quotes_the_client_is_shown_without_controls_and_cut_short() {
        let quoted = ApiError::invalid("unknown field `a\u{0}b\u{1b}[31mc\u{202e}d\nfield`").body(Lang::En);
        assert_eq!(quoted.error_message, "The request is not valid. (unknown field `a b [31mc d field`)");
        let long = ApiError::invalid("x".repeat(10_000)).body(Lang::En).error_message;
        assert!(long.ends_with(&format!("{}…)", "x".repeat(DETAIL_CHARS_MAX))), "{long}");
        assert!(long.chars().count() < DETAIL_CHARS_MAX + 40);
        let exact = ApiError::invalid("y".repeat(DETAIL_CHARS_MAX)).body(Lang::En).error_message;
        assert!(!exact.contains('…'), "a detail of the longest length is whole");
    }

    #[test]
    fn an_exhausted_pool_is_busy_not_a_fault() {
        let error = ApiError::from(store::StoreError::Database(sqlx::Error::PoolTimedOut));
        assert_eq!(
            (error.status, error.code.as_ref(), error.retry_after_secs),
            (StatusCode::SERVICE_UNAVAILABLE, "busy", Some(1))
        );
        assert_eq!(error.body(Lang::En).error_message, "The server is busy. Please try again in a moment.");
    }

    #[test]
    fn a_ledger_error_maps_its_store_failure_like_the_store_and_anything_else_as_a_fault() {
        use store::ledger::LedgerError;
        let busy = ApiError::from(LedgerError::Store(store::StoreError::Database(sqlx::Error::PoolTimedOut)));
        assert_eq!(busy.status, StatusCode::SERVICE_UNAVAILABLE);
        let refused = ApiError::from(LedgerError::InsufficientFunds("a".into()));
        assert_eq!((refused.status, refused.code.as_ref()), (StatusCode::INTERNAL_SERVER_ERROR, "internal"));
    }

    #[test]
    fn an_overflow_from_input_is_a_localised_400_and_from_state_a_500() {
        let input = ApiError::amount_out_of_range(domain::MoneyError::Overflow);
        assert_eq!((input.status, input.code.as_ref()), (StatusCode::BAD_REQUEST, "amount_out_of_range"));
        assert_eq!(input.body(Lang::Id).error_message, "Jumlah atau nilai ini terlalu besar. (amount out of range)");
        let state = ApiError::from(domain::MoneyError::Overflow);
        assert_eq!((state.status, state.code.as_ref()), (StatusCode::INTERNAL_SERVER_ERROR, "internal"));
    }
}
