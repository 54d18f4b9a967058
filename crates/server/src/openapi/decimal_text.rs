//! The decimal text requests carry (amounts, prices, quantities, percentages), stated in the document
//! as what the server's readers accept (`orders::input::units`, `MinorUnits::parse_positive`): plain
//! digits with at most one point, above zero. A field marks itself with `format = "decimal"`, or
//! `"decimal-or-empty"` when it is optional and empty text means "not given" (R5.11, `input::given`);
//! [`constrain`] turns the mark into the pattern and the length limit, and drops it, since no schema
//! tool knows those formats. Per-asset decimal places, balances and limits are the server's to check.

use utoipa::openapi::schema::{Object, SchemaFormat};

use crate::features::orders::input::NUMBER_CHARS_MAX;

/// A positive decimal: a non-zero digit before or after the optional point (`150000`, `0.5`, `12.`, `.5`).
pub const POSITIVE_DECIMAL_PATTERN: &str = "^(?:[0-9]*[1-9][0-9]*(?:\\.[0-9]*)?|[0-9]*\\.[0-9]*[1-9][0-9]*)$";

/// The same or empty: an optional field's empty text means "not given" (R5.11).
pub const OPTIONAL_DECIMAL_PATTERN: &str = "^(?:[0-9]*[1-9][0-9]*(?:\\.[0-9]*)?|[0-9]*\\.[0-9]*[1-9][0-9]*)?$";

/// States the pattern and length of one schema when it carries one of the marks.
pub fn constrain(object: &mut Object) {
    let pattern = match &object.format {
        Some(SchemaFormat::Custom(mark)) if mark == "decimal" => POSITIVE_DECIMAL_PATTERN,
        Some(SchemaFormat::Custom(mark)) if mark == "decimal-or-empty" => OPTIONAL_DECIMAL_PATTERN,
        _ => return,
    };
    object.format = None;
    object.pattern = Some(pattern.to_owned());
    object.max_length = Some(NUMBER_CHARS_MAX);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::features::orders::input::units;
    use domain::{MinorUnits, Scale};
    use utoipa::openapi::schema::Type;
    use utoipa::openapi::ObjectBuilder;

    const TEXTS: [&str; 17] = [
        "150000", "0.5", "12.", ".5", "007.50", "0", "0.0", "00", ".", "", " 5", "-1", "1e3", "1,5", "1.2.3", "+1",
        "Rp5",
    ];

    #[test]
    fn the_pattern_is_exactly_what_the_readers_accept_without_surrounding_space() {
        let positive = regex::Regex::new(POSITIVE_DECIMAL_PATTERN).unwrap();
        for text in TEXTS {
            let read = units("amount", text, 8).is_ok();
            assert_eq!(positive.is_match(text), read && text.trim() == text, "{text:?}");
            if MinorUnits::parse_positive(text, Scale::USDT).is_ok() {
                assert!(positive.is_match(text.trim()), "{text:?}");
            }
        }
        let optional = regex::Regex::new(OPTIONAL_DECIMAL_PATTERN).unwrap();
        assert!(optional.is_match("") && optional.is_match("0.5") && !optional.is_match("0"));
    }

    #[test]
    fn only_a_marked_schema_is_constrained_and_loses_its_mark() {
        let marked = |mark: &str| {
            let mut object =
                ObjectBuilder::new().schema_type(Type::String).format(Some(SchemaFormat::Custom(mark.into()))).build();
            constrain(&mut object);
            object
        };
        let required = marked("decimal");
        assert_eq!((required.pattern.as_deref(), required.max_length), (Some(POSITIVE_DECIMAL_PATTERN), Some(40)));
        let optional = marked("decimal-or-empty");
        assert_eq!(optional.pattern.as_deref(), Some(OPTIONAL_DECIMAL_PATTERN));
        assert!(optional.format.is_none());
        let other = marked("bank-code");
        assert!(other.pattern.is_none() && other.max_length.is_none() && other.format.is_some());
    }
}
