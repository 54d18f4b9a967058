//! Optional text columns read straight into an optional domain enum:
//! `#[sqlx(try_from = "store::OptionalText")]` on an `Option<E>` field, where `E` is one of
//! `domain`'s text enums (a required column uses `#[sqlx(try_from = "String")]`).

use std::str::FromStr;

/// A stored text that may be NULL.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::Type)]
#[sqlx(transparent)]
pub struct OptionalText(pub Option<String>);

impl<E: FromStr<Err = domain::UnknownVariant>> TryFrom<OptionalText> for Option<E> {
    type Error = domain::UnknownVariant;

    fn try_from(text: OptionalText) -> Result<Self, Self::Error> {
        text.0.map(|text| text.parse()).transpose()
    }
}
