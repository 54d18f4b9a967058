//! Persistence: one connection pool over SQLite (embedded default) or PostgreSQL, the migrations of
//! both, and the repositories of platform features. Queries are written once in the dialect both
//! backends accept (`$1` placeholders, `on conflict`), with per-backend code only where they differ.

mod db;
mod error;
mod flag;
mod text;

pub mod analytics;
pub mod chain;
pub mod client_logs;
pub mod group;
pub mod idempotency;
pub mod ledger;
pub mod placeholders;
pub mod reads;
pub mod retention;
pub mod savepoint;
pub mod settings;
pub mod testing;
pub mod write_set;

pub use db::{lock_key, lock_keys_in_turn, lock_then_try, try_lock_key, Backend, Db, DbOptions, WriteTx};
pub use error::StoreError;
pub use flag::Flag;
pub use text::OptionalText;
