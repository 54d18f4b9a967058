//! `GET /api/v1/app/config`: what the web app needs to know before it renders.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::Data;
use crate::state::AppState;

/// The web app's start-up configuration.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppConfig {
    /// Whether the light theme may be chosen (R2.10).
    pub light_theme_allowed: bool,
    /// The customer-engagement script, when configured (R1.14).
    pub engagement_script_url: Option<String>,
    /// External links to the marketing site (R2.06).
    pub marketing_links: MarketingLinks,
    /// Sandbox mode: simulated markets, payments and SMS.
    pub sandbox: bool,
    /// `sandbox` or `production`: the web app shows its sandbox badge and helpers only in sandbox.
    pub mode: crate::config::Mode,
    /// Server version.
    pub version: String,
}

/// External marketing-site links; not screens of the app (R2.06).
#[derive(Debug, Serialize, ToSchema)]
pub struct MarketingLinks {
    /// Products page.
    pub products: String,
    /// Fees page.
    pub fees: String,
    /// Blog.
    pub blog: String,
    /// Academy.
    pub academy: String,
    /// Terms and conditions.
    pub terms: String,
    /// Help centre.
    pub support: String,
}

/// Routes of this feature.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(app_config))
}

/// The web app's start-up configuration.
#[utoipa::path(get, path = "/v1/app/config", tag = "app",
    responses((status = 200, body = Data<AppConfig>), (status = 503, body = crate::api::ErrorBody)))]
async fn app_config(State(state): State<AppState>) -> Data<AppConfig> {
    let web = &state.settings.web;
    let site = web.marketing_site_url.trim_end_matches('/');
    let link = |page: &str| format!("{site}/{page}");
    Data::new(AppConfig {
        light_theme_allowed: web.light_theme_allowed,
        engagement_script_url: web.engagement_script_url.clone().filter(|u| !u.is_empty()),
        marketing_links: MarketingLinks {
            products: link("produk"),
            fees: link("biaya"),
            blog: link("blog"),
            academy: link("akademi"),
            terms: link("syarat-dan-ketentuan"),
            support: link("bantuan"),
        },
        sandbox: state.settings.sandbox(),
        mode: state.settings.mode,
        version: env!("CARGO_PKG_VERSION").to_string(),
    })
}
