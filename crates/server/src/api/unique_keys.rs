//! Reading a JSON text into a `serde_json::Value` while refusing a key repeated within an object.
//! `Value` keeps the last of a repeated key silently, so a body the typed reading refused as
//! ambiguous (serde's "duplicate field") would be accepted when read again through a `Value`.

use serde::de::{Deserialize, Deserializer, Error, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

/// Parses `bytes` as JSON; `None` when it is not JSON or an object repeats a key.
pub fn parse(bytes: &[u8]) -> Option<Value> {
    serde_json::from_slice::<Unique>(bytes).ok().map(|Unique(value)| value)
}

struct Unique(Value);

impl<'de> Deserialize<'de> for Unique {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(UniqueVisitor).map(Unique)
    }
}

struct UniqueVisitor;

impl<'de> Visitor<'de> for UniqueVisitor {
    type Value = Value;

    fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        formatter.write_str("JSON without a repeated key")
    }

    fn visit_bool<E: Error>(self, value: bool) -> Result<Value, E> {
        Ok(Value::Bool(value))
    }

    fn visit_i64<E: Error>(self, value: i64) -> Result<Value, E> {
        Ok(value.into())
    }

    fn visit_u64<E: Error>(self, value: u64) -> Result<Value, E> {
        Ok(value.into())
    }

    fn visit_f64<E: Error>(self, value: f64) -> Result<Value, E> {
        Ok(value.into())
    }

    fn visit_str<E: Error>(self, value: &str) -> Result<Value, E> {
        Ok(Value::String(value.to_owned()))
    }

    fn visit_string<E: Error>(self, value: String) -> Result<Value, E> {
        Ok(Value::String(value))
    }

    fn visit_unit<E: Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut items: A) -> Result<Value, A::Error> {
        let mut list = Vec::new();
        while let Some(Unique(item)) = items.next_element()? {
            list.push(item);
        }
        Ok(Value::Array(list))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut entries: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = entries.next_key::<String>()? {
            if object.contains_key(&key) {
                return Err(A::Error::custom(format!("duplicate field `{key}`")));
            }
            let Unique(value) = entries.next_value()?;
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn a_repeated_key_at_any_depth_is_refused_and_anything_else_reads_as_serde_json_does() {
        assert_eq!(parse(br#"{"a":1,"a":2}"#), None);
        assert_eq!(parse(br#"{"list":[{"b":true,"b":false}]}"#), None);
        assert_eq!(parse(b"{"), None);
        for text in [r#"{"a":1,"b":[1.5,-2,"x",null,{"a":{}}],"c":1e300}"#, "[]", "3", r#""t""#, "null"] {
            assert_eq!(parse(text.as_bytes()), serde_json::from_str(text).ok(), "{text}");
        }
    }
}
