//! Text a person writes that must say something: an operator's reason (a rejected cash-out or
//! identity, a blocked device, a voucher's campaign), a halt's title and text. At most a given number
//! of characters, white space included, with one that is not white space; kept without the white
//! space around it. A field marks itself with `format = "reason"` (at most [`REASON_CHARS_MAX`]) or
//! `format = "filled-text"` beside its own `max_length`; [`constrain`] states the rule in the OpenAPI
//! document, so what the document calls valid is what the server takes.

use utoipa::openapi::schema::{Object, SchemaFormat};

use super::{ApiError, ApiResult};

/// Longest reason, in characters, white space included.
pub const REASON_CHARS_MAX: usize = 200;

/// The characters `char::is_whitespace` (Unicode's White_Space) names, which `str::trim` removes.
const WHITE_SPACE: [(char, char); 10] = [
    ('\u{9}', '\u{d}'),
    (' ', ' '),
    ('\u{85}', '\u{85}'),
    ('\u{a0}', '\u{a0}'),
    ('\u{1680}', '\u{1680}'),
    ('\u{2000}', '\u{200a}'),
    ('\u{2028}', '\u{2029}'),
    ('\u{202f}', '\u{202f}'),
    ('\u{205f}', '\u{205f}'),
    ('\u{3000}', '\u{3000}'),
];

/// The text without the white space around it, if it holds at most `max` characters and one that
/// is not white space.
pub fn filled(text: &str, max: usize) -> Option<&str> {
    let trimmed = text.trim();
    (!trimmed.is_empty() && text.chars().count() <= max).then_some(trimmed)
}

/// An operator's reason without the white space around it, or the error that says what it must be.
pub fn reason(text: &str) -> ApiResult<&str> {
    filled(text, REASON_CHARS_MAX)
        .ok_or_else(|| ApiError::invalid(format!("reason: at most {REASON_CHARS_MAX} characters, not only spaces")))
}

/// States the rule on one schema when it carries one of the marks, and drops the mark.
pub fn constrain(object: &mut Object) {
    let Some(SchemaFormat::Custom(mark)) = &object.format else { return };
    match mark.as_str() {
        "reason" => object.max_length = Some(REASON_CHARS_MAX),
        "filled-text" => {}
        _ => return,
    }
    object.format = None;
    object.min_length = Some(1);
    object.pattern = Some(pattern());
}

/// Any text without NUL (as every text the server reads) that holds one character not white space.
fn pattern() -> String {
    let escape = |c: char| format!("\\u{:04x}", u32::from(c));
    let blank: String = WHITE_SPACE
        .iter()
        .map(|&(from, to)| if from == to { escape(from) } else { format!("{}-{}", escape(from), escape(to)) })
        .collect();
    format!("^[^\\u0000]*[^\\u0000{blank}][^\\u0000]*$")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pattern_names_exactly_the_white_space_that_trim_removes() {
        for c in (0..=0x10ffff).filter_map(char::from_u32) {
            let listed = WHITE_SPACE.iter().any(|&(from, to)| (from..=to).contains(&c));
            assert_eq!(listed, c.is_whitespace(), "U+{:04X}", u32::from(c));
        }
    }

    #[test]
    fn the_document_and_the_server_take_the_same_reasons() {
        // NUL is refused before any handler reads the body (`ApiJson`), so it is left out here.
        let matches = regex::Regex::new(&pattern()).unwrap();
        let texts = ["fraud", "  fraud  ", " ", "", "\u{3000}\u{a0}", "\u{85}", "\u{feff}", "\t\nx", "\u{1c}"];
        for text in texts {
            assert_eq!(matches.is_match(text), reason(text).is_ok(), "{text:?}");
        }
        assert!(!matches.is_match("a\u{0}b"));
        assert!(reason(&"x".repeat(REASON_CHARS_MAX)).is_ok());
        assert!(reason(&format!(" {}", "x".repeat(REASON_CHARS_MAX))).is_err(), "white space counts");
        assert_eq!(reason("  spam campaign \n").unwrap(), "spam campaign");
    }
}
