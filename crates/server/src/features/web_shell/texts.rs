//! The web app's own texts (`web/src/i18n/{id,en}.json`, read at compile time) for the words the
//! server writes into the page itself (the first paint): the same source the app renders from, so
//! the server's copy cannot drift from it. A key the app renamed or removed reads as `None`, never as
//! a stale word; the tests name every key the server uses.

use std::sync::LazyLock;

use serde_json::Value;

use crate::api::Lang;

/// `web/src/i18n/id.json` and `en.json`.
const ID_JSON: &str = include_str!("../../../../../web/src/i18n/id.json");
const EN_JSON: &str = include_str!("../../../../../web/src/i18n/en.json");

static ID: LazyLock<Value> = LazyLock::new(|| serde_json::from_str(ID_JSON).unwrap_or(Value::Null));
static EN: LazyLock<Value> = LazyLock::new(|| serde_json::from_str(EN_JSON).unwrap_or(Value::Null));

/// The text at `key` (`home.title`: sections separated by dots, as i18next reads them) in `lang`.
pub fn text(lang: Lang, key: &str) -> Option<&'static str> {
    let root: &'static Value = match lang {
        Lang::Id => &ID,
        Lang::En => &EN,
    };
    key.split('.').try_fold(root, |node, part| node.get(part))?.as_str()
}

/// `text` with its `{{name}}` placeholders filled (i18next's interpolation; the values are not
/// escaped here, the caller escapes the whole text).
pub fn fill(text: &str, values: &[(&str, &str)]) -> String {
    values.iter().fold(text.to_string(), |text, (name, value)| text.replace(&format!("{{{{{name}}}}}"), value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_languages_parse_and_answer_by_dotted_key() {
        assert_eq!(text(Lang::Id, "markets.title"), Some("Pasar"));
        assert_eq!(text(Lang::En, "markets.title"), Some("Markets"));
        assert_eq!(text(Lang::Id, "markets"), None, "a section is no text");
        assert_eq!(text(Lang::Id, "markets.no-such-key"), None);
    }

    #[test]
    fn placeholders_are_filled_by_name() {
        assert_eq!(fill("{{symbol}} market summary", &[("symbol", "BTC-IDR")]), "BTC-IDR market summary");
        assert_eq!(fill("no placeholder", &[("symbol", "x")]), "no placeholder");
    }
}
