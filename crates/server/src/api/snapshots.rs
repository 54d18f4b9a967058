//! Answers serialised once and served many times (issue 12's read path): a market view changes at
//! most once per simulator second or book change, while every client polls it, so the `{"data": …}`
//! bytes are kept per key beside the stamp of the state they were made from.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::RwLock;

use axum::body::Bytes;
use axum::http::header::CONTENT_TYPE;
use axum::http::HeaderValue;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use super::{ApiError, Data};

/// A `{"data": …}` answer already serialised; cloning it shares the bytes.
#[derive(Debug, Clone)]
pub struct JsonBytes(Bytes);

impl JsonBytes {
    /// Serialises `data` inside the success envelope.
    pub fn of<T: Serialize>(data: &T) -> Result<Self, ApiError> {
        serde_json::to_vec(&Data { data }).map(|bytes| Self(Bytes::from(bytes))).map_err(ApiError::internal)
    }
}

impl IntoResponse for JsonBytes {
    fn into_response(self) -> Response {
        let mut response = self.0.into_response();
        response.headers_mut().insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
        response
    }
}

/// Answers (serialised, or shared parts of them) per key, each valid while the state's stamp is unchanged.
///
/// Bounded: when `capacity` keys are held, the next new key empties the table (keys are symbols
/// and query shapes, so a full table means clients are asking for many distinct views and the
/// cache starts over rather than growing).
pub struct Snapshots<K, S, V = JsonBytes> {
    entries: RwLock<HashMap<K, (S, V)>>,
    capacity: usize,
}

impl<K: Eq + Hash, S: Eq + Copy, V: Clone> Snapshots<K, S, V> {
    /// An empty table holding at most `capacity` keys.
    pub fn new(capacity: usize) -> Self {
        Self { entries: RwLock::new(HashMap::new()), capacity }
    }

    /// The answer held for `key` if it was made at `stamp`.
    pub fn get(&self, key: &K, stamp: S) -> Option<V> {
        let entries = self.entries.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        entries.get(key).filter(|(made_at, _)| *made_at == stamp).map(|(_, bytes)| bytes.clone())
    }

    /// Keeps `bytes` as the answer for `key` at `stamp` and gives it back.
    pub fn put(&self, key: K, stamp: S, bytes: V) -> V {
        let mut entries = self.entries.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        if entries.len() >= self.capacity && !entries.contains_key(&key) {
            entries.clear();
        }
        entries.insert(key, (stamp, bytes.clone()));
        bytes
    }

    /// The answer for `key` at `stamp`, made by `make` when none is held.
    pub fn get_or_make(&self, key: K, stamp: S, make: impl FnOnce() -> Result<V, ApiError>) -> Result<V, ApiError> {
        match self.get(&key, stamp) {
            Some(bytes) => Ok(bytes),
            None => Ok(self.put(key, stamp, make()?)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(bytes: &JsonBytes) -> String {
        String::from_utf8(bytes.0.to_vec()).unwrap_or_default()
    }

    #[test]
    fn an_answer_is_served_only_at_the_stamp_it_was_made_at() {
        let table: Snapshots<&str, u64> = Snapshots::new(4);
        let first = table.get_or_make("BTC-IDR", 1, || JsonBytes::of(&1)).ok();
        assert_eq!(first.as_ref().map(text).as_deref(), Some(r#"{"data":1}"#));
        let again = table.get_or_make("BTC-IDR", 1, || JsonBytes::of(&2)).ok();
        assert_eq!(again.as_ref().map(text).as_deref(), Some(r#"{"data":1}"#), "same stamp: kept");
        let moved = table.get_or_make("BTC-IDR", 2, || JsonBytes::of(&3)).ok();
        assert_eq!(moved.as_ref().map(text).as_deref(), Some(r#"{"data":3}"#), "new stamp: made again");
    }

    #[test]
    fn a_full_table_starts_over_instead_of_growing() {
        let table: Snapshots<u32, u8> = Snapshots::new(2);
        for key in 0..5 {
            table.put(key, 0, JsonBytes::of(&key).unwrap_or_else(|_| JsonBytes(Bytes::new())));
        }
        let held = table.entries.read().map_or(usize::MAX, |e| e.len());
        assert!(held <= 2, "held {held}");
        assert!(table.get(&4, 0).is_some(), "the newest key is kept");
    }
}
