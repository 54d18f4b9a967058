//! The operator's US-stock controls: announcing corporate actions of the sandbox exchange and
//! moving a stock's sandbox price (drills of margin calls and liquidations).

use axum::extract::State;
use domain::corporate::CorporateActionKind;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::corporate_repo::{self, ActionRow};
use super::errors::unknown_stock;
use super::units::usd_text;
use crate::api::{ApiJson, ApiResult, Data};
use crate::features::orders::errors::invalid_order;
use crate::features::orders::input::{sandbox_factor, units};
use crate::state::AppState;

/// Operator routes of this feature (merged under the operator-token check).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(announce)).routes(routes!(price_factor))
}

/// A dividend or split to announce.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Announce {
    /// Ticker.
    #[schema(example = "AAPL")]
    pub stock_id: String,
    /// `DIVIDEND` or `SPLIT` (read here, so a wrong kind gets the order error that names both).
    #[schema(value_type = CorporateActionKind)]
    pub kind: String,
    /// Ex-date, `YYYY-MM-DD`.
    pub ex_date: chrono::NaiveDate,
    /// Record date: holders of this New York date receive it.
    pub record_date: chrono::NaiveDate,
    /// Pay date.
    pub pay_date: chrono::NaiveDate,
    /// Dividend per share, dollars (up to 6 decimals): a dividend's only, and required for one.
    #[schema(format = "decimal")]
    pub cash_per_share: Option<String>,
    /// New shares of a split (4 for 4-for-1): a split's only, and required for one.
    #[schema(minimum = 1, maximum = 1000)]
    pub ratio_to: Option<i64>,
    /// Old shares of a split (10 for a 1-for-10 reverse split), not the same as `ratioTo`.
    #[schema(minimum = 1, maximum = 1000)]
    pub ratio_from: Option<i64>,
}

/// The announced action.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Announced {
    /// Id.
    pub id: String,
    /// Dividend per share, dollars.
    pub cash_per_share: Option<String>,
}

/// Announces a corporate action; it is applied on its record date.
#[utoipa::path(post, path = "/admin/us-stocks/corporate-actions", tag = "admin", security(("operator" = [])), request_body = Announce,
    responses((status = 200, body = Data<Announced>), (status = 400, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
async fn announce(State(state): State<AppState>, ApiJson(body): ApiJson<Announce>) -> ApiResult<Data<Announced>> {
    let stock_id = body.stock_id.trim().to_ascii_uppercase();
    state.us_stocks.stock(&stock_id).ok_or_else(|| unknown_stock(&stock_id))?;
    if !(body.ex_date <= body.record_date && body.record_date <= body.pay_date) {
        return Err(invalid_order("dates: exDate ≤ recordDate ≤ payDate"));
    }
    let kind: CorporateActionKind = body.kind.parse().map_err(|_| invalid_order("kind: DIVIDEND or SPLIT"))?;
    // A field of the other kind is refused, not ignored: the operator meant something else.
    let (cash, from, to) = match kind {
        CorporateActionKind::Dividend => {
            if body.ratio_from.is_some() || body.ratio_to.is_some() {
                return Err(invalid_order("ratioFrom and ratioTo: a split's only"));
            }
            let text = body.cash_per_share.as_deref().ok_or_else(|| invalid_order("cashPerShare: required"))?;
            (Some(units("cashPerShare", text, 6)?), None, None)
        }
        CorporateActionKind::Split => match (body.cash_per_share.as_ref(), body.ratio_from, body.ratio_to) {
            (Some(_), _, _) => return Err(invalid_order("cashPerShare: a dividend's only")),
            (None, Some(f), Some(t)) if f >= 1 && t >= 1 && f != t && f <= 1000 && t <= 1000 => {
                (None, Some(f), Some(t))
            }
            _ => return Err(invalid_order("ratioFrom and ratioTo: 1 to 1000, different")),
        },
    };
    let action = ActionRow {
        id: uuid::Uuid::now_v7().to_string(),
        stock_id,
        kind,
        ex_date: body.ex_date.to_string(),
        record_date: body.record_date.to_string(),
        pay_date: body.pay_date.to_string(),
        cash_per_share: cash,
        ratio_from: from,
        ratio_to: to,
        applied_at_ms: None,
    };
    corporate_repo::insert(&state.db, &action, state.clock.now_ms()).await?;
    Ok(Data::new(Announced { id: action.id, cash_per_share: cash.map(usd_text) }))
}

/// A scripted move of a stock's sandbox price.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PriceFactor {
    /// Ticker.
    #[schema(example = "AAPL")]
    pub stock_id: String,
    /// The factor on the simulated price from now on (0.4 is a 60 % fall; 1 undoes it), at most 10.
    #[schema(format = "decimal", example = "0.4")]
    pub factor: String,
}

/// Moves a stock's price on the sandbox exchange (quotes, fills and margin follow it).
#[utoipa::path(post, path = "/admin/us-stocks/price-factor", tag = "admin", security(("operator" = [])), request_body = PriceFactor,
    responses((status = 200, body = Data<String>), (status = 400, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
async fn price_factor(State(state): State<AppState>, ApiJson(body): ApiJson<PriceFactor>) -> ApiResult<Data<String>> {
    let stock_id = body.stock_id.trim().to_ascii_uppercase();
    state.us_stocks.stock(&stock_id).ok_or_else(|| unknown_stock(&stock_id))?;
    let factor = sandbox_factor(&body.factor)?;
    state.us_stocks.sandbox.set_price_factor(&stock_id, factor);
    Ok(Data::new(factor.normalize().to_string()))
}
