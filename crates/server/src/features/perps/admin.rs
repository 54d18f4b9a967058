//! Operator calls of the perpetuals: the sandbox venue's scripted index (drills and tests take a
//! position through margin call to liquidation with it), and one risk or funding pass on demand.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::orders::{instrument, perps};
use crate::api::{ApiJson, ApiResult, Data};
use crate::features::orders::input::sandbox_factor;
use crate::state::AppState;

/// Operator routes of this feature (merged under the operator-token check).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(index_factor)).routes(routes!(run_jobs))
}

/// A scripted move of a contract's index and quotes.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct IndexFactor {
    /// The contract.
    #[schema(min_length = 1, max_length = 24, example = "BTCUSDT-PERP")]
    pub symbol: String,
    /// The factor on the simulated prices from now on (0.9 is a 10 % fall; 1 undoes it), at most 10.
    #[schema(format = "decimal", example = "0.9")]
    pub factor: String,
}

/// Moves a contract's index and quotes on the sandbox venue (mark, margin and liquidation follow).
#[utoipa::path(post, path = "/admin/perps/index-factor", tag = "admin", security(("operator" = [])), request_body = IndexFactor,
    responses((status = 200, body = Data<String>), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
async fn index_factor(State(state): State<AppState>, ApiJson(body): ApiJson<IndexFactor>) -> ApiResult<Data<String>> {
    let inst = instrument(&state, &body.symbol)?;
    let factor = sandbox_factor(&body.factor)?;
    state.perps.venue.set_factor(&inst.symbol, factor);
    Ok(Data::new(factor.normalize().to_string()))
}

/// What one pass of the perpetuals jobs did.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobsRun {
    /// Orders the venue step moved.
    pub steps: usize,
    /// Take-profits and stop-losses that closed a position.
    pub protections: usize,
    /// Users liquidated.
    pub liquidations: usize,
    /// Funding payments made.
    pub funding_payments: usize,
}

/// Runs the venue step, the risk check and the funding job once, now.
#[utoipa::path(post, path = "/admin/perps/run-jobs", tag = "admin", security(("operator" = [])),
    responses((status = 200, body = Data<JobsRun>), (status = 401, body = crate::api::ErrorBody)))]
async fn run_jobs(State(state): State<AppState>) -> ApiResult<Data<JobsRun>> {
    let p = perps(&state);
    let steps = p.drive().await?;
    let risk = p.check_risk().await?;
    let funding_payments = p.settle_funding().await?;
    Ok(Data::new(JobsRun { steps, protections: risk.protections, liquidations: risk.liquidations, funding_payments }))
}
