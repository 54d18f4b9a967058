//! A macro for enums whose wire form is a fixed text token, so that `as_str`, `FromStr`,
//! `Display` and serde can never disagree about a spelling.

use thiserror::Error;

/// A text that names no variant of the enum it was parsed as.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("`{text}` is not a valid {type_name}")]
pub struct UnknownVariant {
    /// The enum's Rust name, so the message says what was expected.
    pub type_name: &'static str,
    /// The rejected text, kept for the error message.
    pub text: String,
}

/// Declares a `Copy` enum whose variants map to one canonical text (plus optional aliases that
/// are accepted when parsing but never produced).
macro_rules! text_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident => $text:literal $(| $alias:literal)* ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        $vis enum $name {
            $( $(#[$vmeta])* $variant ),+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The canonical wire spelling.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = $crate::text_enum::UnknownVariant;

            fn from_str(text: &str) -> Result<Self, Self::Err> {
                match text {
                    $($text $(| $alias)* => Ok($name::$variant),)+
                    _ => Err($crate::text_enum::UnknownVariant {
                        type_name: stringify!($name),
                        text: text.to_owned(),
                    }),
                }
            }
        }

        impl ::std::convert::TryFrom<String> for $name {
            type Error = $crate::text_enum::UnknownVariant;

            /// Reads a stored text (a database column read with `#[sqlx(try_from = "String")]`).
            fn try_from(text: String) -> Result<Self, Self::Error> {
                text.parse()
            }
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = <String as ::serde::Deserialize>::deserialize(deserializer)?;
                text.parse().map_err(<D::Error as ::serde::de::Error>::custom)
            }
        }

        #[cfg(feature = "openapi")]
        impl ::utoipa::PartialSchema for $name {
            /// A string schema listing the canonical spellings; aliases are accepted but never
            /// sent, so the document does not list them.
            fn schema() -> ::utoipa::openapi::RefOr<::utoipa::openapi::schema::Schema> {
                $crate::text_enum::string_enum_schema(&[$($text),+])
            }
        }

        #[cfg(feature = "openapi")]
        impl ::utoipa::ToSchema for $name {
            fn name() -> ::std::borrow::Cow<'static, str> {
                ::std::borrow::Cow::Borrowed(stringify!($name))
            }
        }
    };
}

/// The OpenAPI schema of a text enum: a string that is one of `spellings`.
#[cfg(feature = "openapi")]
pub(crate) fn string_enum_schema(spellings: &[&str]) -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
    use utoipa::openapi::schema::{ObjectBuilder, SchemaType, Type};
    ObjectBuilder::new().schema_type(SchemaType::Type(Type::String)).enum_values(Some(spellings.iter().copied())).into()
}

pub(crate) use text_enum;

#[cfg(all(test, feature = "openapi"))]
mod tests {
    use utoipa::{PartialSchema, ToSchema};

    use crate::orders::AmendStatus;

    #[test]
    fn r4_04_the_schema_lists_the_spellings_sent_and_not_the_aliases_accepted() {
        let schema = serde_json::to_value(AmendStatus::schema()).unwrap();
        assert_eq!(schema["type"], "string");
        let sent = ["pending", "accepted", "rejected", "failed", "amend_requested", "success"];
        assert_eq!(schema["enum"], serde_json::json!(sent));
        assert_eq!(AmendStatus::name(), "AmendStatus");
    }
}
