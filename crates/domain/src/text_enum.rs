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
    };
}

pub(crate) use text_enum;
