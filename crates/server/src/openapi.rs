//! The OpenAPI 3.1 document, generated from the handlers' annotations and served at
//! `/api/openapi.json`; the web app's API types are generated from it.

use utoipa::openapi::path::Operation;
use utoipa::openapi::schema::{AdditionalProperties, ArrayItems, Object, SchemaType, Type};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{ContentBuilder, Ref, RefOr, Response, ResponseBuilder, Schema};
use utoipa::{Modify, OpenApi};

pub mod decimal_text;
pub mod known_codes;

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

/// Adds to every operation the answers the shared layers give, which no handler annotation lists:
/// the session check (401), the parameter and body extractors (400, 413, 415, 422), idempotency (409), the rate
/// limit (429) and maintenance (503). A status an operation already documents keeps its description.
pub fn add_shared_answers(document: &mut utoipa::openapi::OpenApi) {
    for (path, item) in &mut document.paths.paths {
        let operations = [
            (&mut item.get, false),
            (&mut item.head, false),
            (&mut item.options, false),
            (&mut item.post, true),
            (&mut item.put, true),
            (&mut item.patch, true),
            (&mut item.delete, true),
        ];
        for (operation, changes_state) in operations {
            if let Some(operation) = operation.as_mut() {
                for (status, why) in shared_answers(path, operation, changes_state) {
                    operation.responses.responses.entry(status.to_owned()).or_insert_with(|| error_answer(why));
                }
            }
        }
    }
}

/// States the constraints of the parameters every feature reads with the same shared parser, which
/// the handlers' annotations leave as a bare string or integer: `symbol` (`parse_symbol`), `class`
/// (`parse_class`) and `page` (`Paging`).
pub fn constrain_shared_parameters(document: &mut utoipa::openapi::OpenApi) {
    for item in document.paths.paths.values_mut() {
        let operations = [&mut item.get, &mut item.post, &mut item.put, &mut item.patch, &mut item.delete];
        for operation in operations.into_iter().flatten() {
            for parameter in operation.parameters.iter_mut().flatten() {
                let Some(RefOr::T(Schema::Object(schema))) = parameter.schema.as_mut() else { continue };
                match parameter.name.as_str() {
                    "symbol" => schema.pattern = Some(crate::features::markets::SYMBOL_PATTERN.to_owned()),
                    "class" => schema.pattern = Some(crate::features::markets::CLASS_PATTERN.to_owned()),
                    "page" => {
                        schema.minimum = Some(utoipa::Number::Int(1));
                        schema.maximum = Some(utoipa::Number::Int(PAGE_MAX_PARAMETER));
                    }
                    _ => {}
                }
            }
        }
    }
}

/// Text without the NUL character. The server refuses U+0000 in every text it reads (no database
/// text column can hold it: `ApiJson` and the `nul_text` layer), so the document says so for every
/// free-text field and parameter that no pattern, enumeration or format narrows already.
pub const NO_NUL_PATTERN: &str = "^[^\\u0000]*$";

/// States [`NO_NUL_PATTERN`] on every free text of the document's schemas, parameters and bodies.
pub fn forbid_nul_in_text(document: &mut utoipa::openapi::OpenApi) {
    // Error messages too: a detail that quotes the client has its control characters replaced (R7.12).
    for_each_object(document, &mut |object| {
        let text = match &object.schema_type {
            SchemaType::Type(kind) => *kind == Type::String,
            SchemaType::Array(kinds) => kinds.contains(&Type::String),
            SchemaType::AnyValue => false,
        };
        if text && object.pattern.is_none() && object.enum_values.is_none() && object.format.is_none() {
            object.pattern = Some(NO_NUL_PATTERN.to_owned());
        }
    });
}

/// Turns the marks request fields leave as a custom `format` into the rules they stand for: decimal
/// text ([`decimal_text`]), codes from fixed lists ([`known_codes`]), texts that must say something
/// ([`crate::api::filled_text`]: operators' reasons, halt texts) and symbols in bodies.
pub fn apply_field_marks(document: &mut utoipa::openapi::OpenApi) {
    for_each_object(document, &mut |object| {
        decimal_text::constrain(object);
        known_codes::constrain(object);
        crate::api::filled_text::constrain(object);
        crate::features::markets::constrain_symbol_field(object);
    });
}

/// Calls `visit` on every object schema of the document: the components', and the operations'
/// parameters and bodies, nested properties, items and choices included.
fn for_each_object(document: &mut utoipa::openapi::OpenApi, visit: &mut impl FnMut(&mut Object)) {
    if let Some(components) = document.components.as_mut() {
        for schema in components.schemas.values_mut() {
            walk(schema, visit);
        }
    }
    for item in document.paths.paths.values_mut() {
        let operations = [&mut item.get, &mut item.post, &mut item.put, &mut item.patch, &mut item.delete];
        for operation in operations.into_iter().flatten() {
            for schema in operation.parameters.iter_mut().flatten().filter_map(|p| p.schema.as_mut()) {
                walk(schema, visit);
            }
            if let Some(body) = operation.request_body.as_mut() {
                body.content.values_mut().filter_map(|c| c.schema.as_mut()).for_each(|s| walk(s, visit));
            }
        }
    }
}

fn walk(schema: &mut RefOr<Schema>, visit: &mut impl FnMut(&mut Object)) {
    let RefOr::T(schema) = schema else { return };
    match schema {
        Schema::Object(object) => {
            visit(object);
            object.properties.values_mut().for_each(|s| walk(s, visit));
            if let Some(AdditionalProperties::RefOr(values)) = object.additional_properties.as_deref_mut() {
                walk(values, visit);
            }
        }
        Schema::Array(array) => {
            if let ArrayItems::RefOrSchema(items) = &mut array.items {
                walk(items, visit);
            }
        }
        Schema::OneOf(one_of) => one_of.items.iter_mut().for_each(|s| walk(s, visit)),
        Schema::AllOf(all_of) => all_of.items.iter_mut().for_each(|s| walk(s, visit)),
        Schema::AnyOf(any_of) => any_of.items.iter_mut().for_each(|s| walk(s, visit)),
        _ => {}
    }
}

/// [`crate::api::paging::PAGE_MAX`] as the document's number type.
const PAGE_MAX_PARAMETER: isize = crate::api::paging::PAGE_MAX as isize;

fn shared_answers(path: &str, operation: &Operation, changes_state: bool) -> Vec<(&'static str, &'static str)> {
    let mut answers = vec![("429", "Too many requests from this address; `Retry-After` says when to try again.")];
    if !path.starts_with("/admin/") {
        answers.push(("503", "Under maintenance; `Retry-After` says when to check again."));
    }
    if needs_session(operation) {
        answers.push(("401", "No session, or the session has ended (logged out, revoked, expired)."));
    }
    if changes_state {
        answers.push(("409", "The `x-request-id` was used for another body, or its first call is still running."));
    }
    let has_parameters = operation.parameters.as_ref().is_some_and(|parameters| !parameters.is_empty());
    if operation.request_body.is_some() || has_parameters {
        answers.push(("400", "The body or a parameter is not valid; `error_message` says which."));
    }
    if let Some(body) = &operation.request_body {
        answers.push(("413", "The body is larger than the server accepts."));
        if body.content.keys().any(|media| media.contains("json")) {
            answers.push(("415", "The body is not sent as `application/json`."));
            answers.push(("422", "The JSON body lacks a field or has one of the wrong type."));
        }
    }
    answers
}

/// Whether the operation names a bearer scheme (users' sessions or the operator token).
fn needs_session(operation: &Operation) -> bool {
    operation.security.iter().flatten().any(|requirement| {
        serde_json::to_value(requirement)
            .ok()
            .and_then(|value| {
                value.as_object().map(|schemes| schemes.contains_key("bearer") || schemes.contains_key("operator"))
            })
            .unwrap_or(false)
    })
}

fn error_answer(description: &str) -> RefOr<Response> {
    let content = ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorBody"))).build();
    RefOr::T(ResponseBuilder::new().description(description).content("application/json", content).build())
}
