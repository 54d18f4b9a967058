//! The language of a request (`x-language-code`), kept in a task-local so an error built anywhere
//! in the handler is rendered in the caller's language.

use axum::extract::Request;
use axum::middleware::Next;
use axum::response::Response;
use serde::{Deserialize, Serialize};

/// A supported language: Indonesian (default) or English (R1.01).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// Bahasa Indonesia, the default.
    #[default]
    Id,
    /// English.
    En,
}

impl Lang {
    /// Reads a language code leniently (`en`, `en-US`, `EN`); anything else is Indonesian.
    pub fn parse(code: &str) -> Self {
        let code = code.trim().to_ascii_lowercase();
        if code == "en" || code.starts_with("en-") || code.starts_with("en_") {
            Lang::En
        } else {
            Lang::Id
        }
    }

    /// The code as sent on the wire.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Id => "id",
            Lang::En => "en",
        }
    }

    /// The language of the request being served, Indonesian outside a request.
    pub fn current() -> Self {
        REQUEST_LANG.try_with(|lang| *lang).unwrap_or_default()
    }
}

tokio::task_local! {
    static REQUEST_LANG: Lang;
}

/// Middleware: runs the rest of the request with its language in scope.
pub async fn scope(request: Request, next: Next) -> Response {
    let lang =
        request.headers().get("x-language-code").and_then(|v| v.to_str().ok()).map(Lang::parse).unwrap_or_default();
    REQUEST_LANG.scope(lang, next.run(request)).await
}
