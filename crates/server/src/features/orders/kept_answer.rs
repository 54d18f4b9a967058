//! A placement's idempotency answer kept in the order's own transaction (issue 12), for every asset
//! class: the idempotency layer only looks the call's key up, the class stores its answer beside
//! the new order (`store::idempotency::keep_in`, or a batch's `WriteSet`), and the call commits
//! once instead of three times (claim, order, answer). A repeat that meets the order by its request
//! id before that commit answers as the class decides (crypto's owner sees the batch's orders; a
//! perpetual's insert meets the first's row).

use axum::response::{IntoResponse, Response};
use axum::Extension;
use serde::Serialize;
use store::idempotency::{StoredResponse, Unclaimed};

use crate::api::envelope::AnswerKept;
use crate::api::Data;

/// The placement calls whose handlers keep their answer with the order (paths inside `/api`).
pub const ANSWER_KEPT_WITH_THE_ORDER: &[&str] = &[
    "/v1/crypto/buy",
    "/v1/crypto/sell",
    "/v1/crypto/advanced-order/buy",
    "/v1/crypto/advanced-order/sell",
    "/v1/perps/buy",
    "/v1/perps/sell",
    "/v1/us-stocks/buy",
    "/v1/us-stocks/sell",
    "/v1/us-stocks/leverage/buy",
    "/v1/us-stocks/leverage/sell",
];

/// The call's idempotency key and how its answer is made from the placed order `R`, for a class
/// whose placement writes the answer itself (in the same statement as the order where it can).
pub struct KeepAnswer<'a, R> {
    /// The call's key.
    pub key: &'a Unclaimed,
    /// The answer the call gives for the order (an error says why it could not be made).
    pub answer: &'a (dyn Fn(&R) -> Result<StoredResponse, String> + Send + Sync),
}

impl<R> Clone for KeepAnswer<'_, R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R> Copy for KeepAnswer<'_, R> {}

/// How a class's refused insert of a new order reads in its write set's error: the user already
/// placed an order under its request id (a repeat that ran beside the first; every class's order
/// table has its request id unique per user).
pub const ORDER_REPEATED: &str = "an order under this request id exists";

/// The content type axum's `Json` answers with.
const JSON: &str = "application/json";

/// `data` stored as the handler will send it: status 200, JSON, the same bytes.
pub fn stored<T: Serialize>(data: &Data<T>) -> Result<StoredResponse, serde_json::Error> {
    Ok(StoredResponse { status: 200, content_type: Some(JSON.into()), body: serde_json::to_vec(data)? })
}

/// The handler's answer, marked kept when the order's transaction stored it (the idempotency layer
/// then stores nothing more).
pub fn answer<T: Serialize>(data: Data<T>, kept: bool) -> Response {
    if kept {
        (Extension(AnswerKept), data).into_response()
    } else {
        data.into_response()
    }
}
