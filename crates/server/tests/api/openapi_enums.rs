//! Closed sets are enums in the API contract (issue 22): a property or parameter whose name says it
//! is a status, state, side, kind, type or reason lists its values, so the web app's generated
//! types are unions and a client cannot be sent a spelling the document does not name.

use serde_json::Value;

use crate::both_backends;
use crate::helpers::spawn_app;

/// The words that name a closed set when they are a word of a field's name (`status`,
/// `orderType`, `gssKycStatus`, `status_word`), not merely letters in it (`equityPercentage`).
const CLOSED_SET_WORDS: [&str; 6] = ["status", "state", "side", "kind", "type", "reason"];

/// Fields named like a closed set that really are free text, as `Schema.property` (a parameter as
/// `parameter:name`).
const FREE_TEXT: &[&str] = &[
    // What an operator writes: shown to the user or kept for the security log.
    "RejectCashout.reason",
    "FlagSession.reason",
    "GrantVoucher.reason",
    "VoucherGrant.reason",
    "KycOverrideRequest.reason",
    // A stable code from the identity provider, or the operator's own words for a rejection.
    "KycView.reason",
    // A message in the caller's language, from the bank gateway's answer or the operator.
    "Cashout.failureReason",
    // Telegram's value, passed through; Telegram may add kinds of chat.
    "TelegramChat.type",
];

/// The words of a camelCase or snake_case name, lower-cased.
fn words(name: &str) -> Vec<String> {
    let mut words = vec![String::new()];
    for c in name.chars() {
        if c == '_' || c == '-' {
            words.push(String::new());
        } else if c.is_ascii_uppercase() {
            words.push(c.to_ascii_lowercase().to_string());
        } else if let Some(word) = words.last_mut() {
            word.push(c);
        }
    }
    words.retain(|w| !w.is_empty());
    words
}

fn names_a_closed_set(name: &str) -> bool {
    words(name).iter().any(|w| CLOSED_SET_WORDS.contains(&w.as_str()))
}

/// Follows a `$ref` into the document's components.
fn resolve<'a>(document: &'a Value, schema: &'a Value) -> &'a Value {
    match schema["$ref"].as_str().and_then(|r| r.strip_prefix("#/components/schemas/")) {
        Some(name) => &document["components"]["schemas"][name],
        None => schema,
    }
}

/// True if the schema (or a branch of a `oneOf`/`anyOf` that is not `null`) is text that lists no
/// values.
fn is_bare_text(document: &Value, schema: &Value) -> bool {
    let schema = resolve(document, schema);
    let branches = schema["oneOf"].as_array().or_else(|| schema["anyOf"].as_array());
    if let Some(branches) = branches {
        return branches.iter().any(|branch| is_bare_text(document, branch));
    }
    let text = match &schema["type"] {
        Value::String(kind) => kind == "string",
        Value::Array(kinds) => kinds.iter().any(|k| k == "string"),
        _ => false,
    };
    text && schema.get("enum").is_none()
}

/// The component a schema is a copy of: generic wrappers (`Data_KycView`) inline their content.
fn component_named<'a>(document: &'a Value, schema: &Value) -> Option<&'a str> {
    let components = document["components"]["schemas"].as_object()?;
    components.iter().find(|(_, component)| *component == schema).map(|(name, _)| name.as_str())
}

/// Every `(where, name, schema)` of the properties of `schema`, nested objects and items included;
/// a property is named after the component its object is (so an inlined copy is the same field).
fn properties<'a>(document: &Value, owner: &str, schema: &'a Value, found: &mut Vec<(String, String, &'a Value)>) {
    if let Some(all) = schema["properties"].as_object() {
        let owner = component_named(document, schema).unwrap_or(owner);
        for (name, property) in all {
            found.push((owner.to_owned(), name.clone(), property));
            properties(document, owner, property, found);
        }
    }
    if schema["items"].is_object() {
        properties(document, owner, &schema["items"], found);
    }
    for combined in ["oneOf", "anyOf", "allOf"] {
        for branch in schema[combined].as_array().into_iter().flatten() {
            properties(document, owner, branch, found);
        }
    }
}

fn bare_closed_sets(document: &Value) -> Vec<String> {
    let mut found = Vec::new();
    for (name, schema) in document["components"]["schemas"].as_object().unwrap() {
        properties(document, name, schema, &mut found);
    }
    for item in document["paths"].as_object().unwrap().values() {
        for operation in item.as_object().unwrap().values() {
            for parameter in operation["parameters"].as_array().into_iter().flatten() {
                found.push((
                    "parameter".to_owned(),
                    parameter["name"].as_str().unwrap().to_owned(),
                    &parameter["schema"],
                ));
            }
        }
    }
    let mut bare: Vec<String> = found
        .into_iter()
        .filter(|(_, name, schema)| names_a_closed_set(name) && is_bare_text(document, schema))
        .map(
            |(owner, name, _)| {
                if owner == "parameter" {
                    format!("parameter:{name}")
                } else {
                    format!("{owner}.{name}")
                }
            },
        )
        .filter(|field| !FREE_TEXT.contains(&field.as_str()))
        .collect();
    bare.sort();
    bare.dedup();
    bare
}

#[test]
fn field_names_are_split_into_words() {
    assert_eq!(words("gssKycStatus"), ["gss", "kyc", "status"]);
    assert_eq!(words("status_word"), ["status", "word"]);
    assert!(names_a_closed_set("orderSubType"));
    assert!(!names_a_closed_set("equityPercentage"));
}

both_backends!(closed_sets_in_the_document_list_their_values, |backend| async move {
    let app = spawn_app(backend).await;
    let document: Value = app.get("/api/openapi.json").send().await.unwrap().json().await.unwrap();
    let bare = bare_closed_sets(&document);
    assert!(bare.is_empty(), "closed sets served as bare strings (give them an enum): {bare:#?}");
    // The check sees enums where they are: a domain enum is a referenced component with its values.
    let side = &document["components"]["schemas"]["Side"];
    assert_eq!(side["enum"], serde_json::json!(["BUY", "SELL"]));
    let order = &document["components"]["schemas"]["OrderView"]["properties"]["side"];
    assert!(!is_bare_text(&document, order), "{order}");
});
