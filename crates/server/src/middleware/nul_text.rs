//! Refuses a path or query that holds U+0000 (`%00`): no resource is named with it and no database
//! text column can store it, so it is a bad request here rather than a failed query deep inside.
//! JSON bodies get the same check in `api::json`.

use axum::extract::Request;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::api::ApiError;

/// Middleware: 400 `invalid_request` for `%00` in the path or the query.
pub async fn refuse(request: Request, next: Next) -> Response {
    let uri = request.uri();
    if holds_nul(uri.path()) || uri.query().is_some_and(holds_nul) {
        return ApiError::invalid("a path or query parameter holds the NUL character").into_response();
    }
    next.run(request).await
}

fn holds_nul(text: &str) -> bool {
    text.contains("%00")
}

#[cfg(test)]
mod tests {
    use super::holds_nul;

    #[test]
    fn only_an_encoded_nul_is_refused() {
        assert!(holds_nul("/v1/wallet/transactions/abc%00/details"));
        assert!(holds_nul("id=1%00"));
        assert!(!holds_nul("/v1/wallet/transactions/abc%2500"));
        assert!(!holds_nul("id=100"));
    }
}
