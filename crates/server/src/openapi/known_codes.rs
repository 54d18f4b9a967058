//! Fields that take a code from a fixed list in code: a bank (`banks::BANKS`) and a top-up
//! channel (`channels::CHANNELS`), and a bank account number of the lengths those banks issue. A
//! field marks itself with `format = "bank-code"`, `"payment-channel"` or `"bank-account-number"`;
//! [`constrain`] turns the mark into the enumeration or pattern, and drops it, since no schema tool
//! knows those formats.

use utoipa::openapi::schema::{Object, SchemaFormat};

use crate::features::wallet::{banks, channels};

/// States the list or pattern of one schema when it carries one of the marks.
pub fn constrain(object: &mut Object) {
    let Some(SchemaFormat::Custom(mark)) = &object.format else { return };
    match mark.as_str() {
        "bank-code" => object.enum_values = Some(banks::BANKS.iter().map(|b| b.code.into()).collect()),
        "payment-channel" => object.enum_values = Some(channels::CHANNELS.iter().map(|c| c.code.into()).collect()),
        "bank-account-number" => object.pattern = Some(account_number_pattern()),
        _ => return,
    }
    object.format = None;
}

/// Digits, as many as the shortest to the longest number any listed bank issues.
fn account_number_pattern() -> String {
    let shortest = banks::BANKS.iter().map(|b| b.digits_min).min().unwrap_or(1);
    let longest = banks::BANKS.iter().map(|b| b.digits_max).max().unwrap_or(shortest);
    format!("^[0-9]{{{shortest},{longest}}}$")
}

#[cfg(test)]
mod tests {
    use super::*;
    use utoipa::openapi::schema::Type;
    use utoipa::openapi::ObjectBuilder;

    fn marked(mark: &str) -> Object {
        let mut object =
            ObjectBuilder::new().schema_type(Type::String).format(Some(SchemaFormat::Custom(mark.into()))).build();
        constrain(&mut object);
        object
    }

    #[test]
    fn each_mark_becomes_the_list_or_pattern_in_code() {
        let banks = marked("bank-code").enum_values.unwrap();
        assert_eq!(banks.len(), banks::BANKS.len());
        assert!(banks.contains(&"BCA".into()));
        let channels = marked("payment-channel").enum_values.unwrap();
        assert_eq!(channels.len(), channels::CHANNELS.len());
        assert!(channels.contains(&"QRIS".into()));
        let number = marked("bank-account-number");
        assert_eq!(number.pattern.as_deref(), Some("^[0-9]{10,16}$"));
        assert!(number.format.is_none());
        let other = marked("decimal");
        assert!(other.enum_values.is_none() && other.format.is_some(), "another module's mark stays");
    }
}
