//! Beta feedback: a rating and a message from a user, read by operators.

use axum::extract::{Query, State};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{messages, repo};
use crate::api::auth::AuthUser;
use crate::api::paging::Paging;
use crate::api::{ApiError, ApiJson, ApiResult, ClientHeaders, Data};
use crate::state::AppState;

/// Longest message, in characters.
pub const MESSAGE_CHARS_MAX: usize = 2000;
/// Longest page path, in characters.
const PAGE_CHARS_MAX: usize = 512;
/// Largest context object, serialised, in bytes.
const CONTEXT_BYTES_MAX: usize = 2048;
/// Feedback a user may send in 24 hours.
const PER_DAY_MAX: i64 = 20;
/// Largest operator page.
const PAGE_SIZE_MAX: i64 = 100;

/// Feedback from the app.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FeedbackRequest {
    /// 1 (poor) to 5 (great).
    #[schema(minimum = 1, maximum = 5)]
    pub rating: i64,
    /// What the user wrote, at most 2000 characters (may be empty).
    #[serde(default)]
    #[schema(max_length = 2000)]
    pub message: String,
    /// The page it was sent from, e.g. `/account`: at most 512 characters, none of them a control
    /// character.
    #[schema(max_length = 512, pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$")]
    pub page: Option<String>,
    /// Anything else the app knows (app version, screen size), a JSON object of at most 2 KiB.
    #[schema(value_type = Option<Object>)]
    pub context: Option<serde_json::Map<String, serde_json::Value>>,
}

/// Stored feedback.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedbackReceipt {
    /// The feedback's id.
    pub id: i64,
}

/// Stores the caller's feedback (at most 20 a day).
#[utoipa::path(post, path = "/v1/user/beta-feedback", tag = "preferences", security(("bearer" = [])),
    request_body = FeedbackRequest,
    responses((status = 200, body = Data<FeedbackReceipt>), (status = 400, body = crate::api::ErrorBody),
        (status = 429, body = crate::api::ErrorBody)))]
pub async fn submit(
    State(state): State<AppState>,
    caller: AuthUser,
    headers: ClientHeaders,
    ApiJson(body): ApiJson<FeedbackRequest>,
) -> ApiResult<Data<FeedbackReceipt>> {
    if !(1..=5).contains(&body.rating) {
        return Err(ApiError::invalid("rating: 1..=5"));
    }
    let message = body.message.trim();
    if message.chars().count() > MESSAGE_CHARS_MAX {
        return Err(ApiError::invalid(format!("message: at most {MESSAGE_CHARS_MAX} characters")));
    }
    let page = body.page.as_deref().map(str::trim).filter(|p| !p.is_empty());
    if page.is_some_and(|p| p.chars().count() > PAGE_CHARS_MAX || p.chars().any(char::is_control)) {
        return Err(ApiError::invalid(format!("page: at most {PAGE_CHARS_MAX} printable characters")));
    }
    let context = serde_json::Value::Object(body.context.unwrap_or_default()).to_string();
    if context.len() > CONTEXT_BYTES_MAX {
        return Err(ApiError::invalid(format!("context: at most {CONTEXT_BYTES_MAX} bytes")));
    }
    let new = repo::NewFeedback {
        user_id: &caller.user_id,
        rating: body.rating,
        message,
        page,
        context: &context,
        platform: headers.platform.as_deref(),
        user_agent: headers.user_agent.as_deref(),
    };
    let id = repo::insert_feedback(&state.db, &new, PER_DAY_MAX, state.clock.now_ms())
        .await?
        .ok_or_else(messages::feedback_rate_limited)?;
    Ok(Data::new(FeedbackReceipt { id }))
}

/// Which feedback an operator lists.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FeedbackFilter {
    /// Only this rating (1 to 5).
    #[param(minimum = 1, maximum = 5)]
    pub rating: Option<i64>,
    /// Page from 1.
    pub page: Option<i64>,
    /// Page size, at most 100 (default 50).
    #[param(minimum = 1, maximum = 100)]
    pub size: Option<i64>,
}

/// Feedback as an operator sees it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminFeedback {
    /// The feedback's id.
    pub id: i64,
    /// The author.
    pub user_id: String,
    /// 1 to 5.
    pub rating: i64,
    /// The text.
    pub message: String,
    /// The page it was sent from.
    pub page: Option<String>,
    /// What the app added.
    #[schema(value_type = Object)]
    pub context: serde_json::Value,
    /// `x-platform`.
    pub platform: Option<String>,
    /// When sent, Unix ms.
    pub created_at_ms: i64,
}

/// A page of feedback, newest first.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct AdminFeedbackPage {
    /// The feedback.
    pub data: Vec<AdminFeedback>,
    /// Page from 1.
    pub page: i64,
    /// Page size.
    pub size: i64,
    /// Feedback in all pages.
    pub total: i64,
}

/// Lists feedback, newest first.
#[utoipa::path(get, path = "/admin/feedback", tag = "admin", security(("operator" = [])), params(FeedbackFilter),
    responses((status = 200, body = AdminFeedbackPage), (status = 400, body = crate::api::ErrorBody)))]
pub async fn admin_list(
    State(state): State<AppState>,
    Query(filter): Query<FeedbackFilter>,
) -> ApiResult<axum::Json<AdminFeedbackPage>> {
    let Paging { page, size } = Paging::parse(filter.page, filter.size, 50, PAGE_SIZE_MAX)?;
    if filter.rating.is_some_and(|r| !(1..=5).contains(&r)) {
        return Err(ApiError::invalid("rating: 1..=5"));
    }
    let (rows, total) = repo::list_feedback(&state.db, filter.rating, page, size).await?;
    let data = rows
        .into_iter()
        .map(|row| AdminFeedback {
            id: row.id,
            user_id: row.user_id,
            rating: row.rating,
            message: row.message,
            page: row.page,
            context: serde_json::from_str(&row.context).unwrap_or_default(),
            platform: row.platform,
            created_at_ms: row.created_at_ms,
        })
        .collect();
    Ok(axum::Json(AdminFeedbackPage { data, page, size, total }))
}
