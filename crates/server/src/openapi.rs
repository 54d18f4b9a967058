//! The OpenAPI 3.1 document, generated from the handlers' annotations and served at
//! `/api/openapi.json`; the web app's API types are generated from it.

use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

/// The document's fixed parts; paths are added by each feature's router.
#[derive(OpenApi)]
#[openapi(
    info(title = "Brokerage API", description = "The API of the brokerage web app. Successes are `{\"data\": …}`; failures are `{\"error_code\", \"error_message\"}` in the language of `x-language-code`."),
    servers((url = "/api")),
    modifiers(&SecuritySchemes),
    components(schemas(crate::api::ErrorBody))
)]
pub struct ApiDoc;

struct SecuritySchemes;

impl Modify for SecuritySchemes {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
        components.add_security_scheme(
            "operator",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
    }
}
