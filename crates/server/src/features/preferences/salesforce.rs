//! Support log-in (R3.16): the support site (Salesforce) knows a user by an opaque identifier made
//! for it, never by the user id, so its records cannot be joined to ours without us.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::repo;
use crate::api::auth::AuthUser;
use crate::api::{ApiResult, Data};
use crate::features::identity::secrets::opaque_token;
use crate::state::AppState;

/// Where the browser goes for support.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SalesforceWebInfo {
    /// The caller's stable opaque identifier at the support site.
    pub salesforce_identifier: String,
    /// The support site's address (configuration `support.url`).
    pub support_url: String,
    /// `supportUrl` with `salesforceIdentifier` added to its query: where the browser goes.
    pub redirect_url: String,
}

/// The caller's support identifier and where to send the browser.
#[utoipa::path(get, path = "/v1/user/salesforce/web-info", tag = "preferences", security(("bearer" = [])),
    responses((status = 200, body = Data<SalesforceWebInfo>), (status = 401, body = crate::api::ErrorBody)))]
pub async fn web_info(State(state): State<AppState>, caller: AuthUser) -> ApiResult<Data<SalesforceWebInfo>> {
    let fresh = format!("sf_{}", opaque_token());
    let identifier = repo::salesforce_identifier(&state.db, &caller.user_id, &fresh, state.clock.now_ms()).await?;
    let support_url = state.settings.support.url.clone();
    let redirect_url = with_identifier(&support_url, &identifier);
    Ok(Data::new(SalesforceWebInfo { salesforce_identifier: identifier, support_url, redirect_url }))
}

/// Adds the identifier to the URL's query (it is URL-safe: `sf_` and base64url), before any fragment.
fn with_identifier(url: &str, identifier: &str) -> String {
    let (base, fragment) = match url.split_once('#') {
        Some((base, fragment)) => (base, Some(fragment)),
        None => (url, None),
    };
    let separator = if base.contains('?') { '&' } else { '?' };
    let mut out = format!("{base}{separator}salesforceIdentifier={identifier}");
    if let Some(fragment) = fragment {
        out.push('#');
        out.push_str(fragment);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r3_16_the_identifier_joins_the_support_query() {
        assert_eq!(with_identifier("https://s.id/login", "sf_x"), "https://s.id/login?salesforceIdentifier=sf_x");
        assert_eq!(with_identifier("https://s.id/?a=1#top", "sf_x"), "https://s.id/?a=1&salesforceIdentifier=sf_x#top");
    }
}
