//! Integration tests: each starts the real application on port 0 against a fresh database, on
//! SQLite and on PostgreSQL (`both_backends!`).

#![allow(clippy::unwrap_used)] // A test that cannot unwrap has failed, which is what a panic reports.

mod fake_provider;
mod helpers;

mod account;
mod analytics;
mod api_conventions;
mod body_fuzz;
mod book_supervision;
mod cashout;
mod client_logs;
mod code_guessing;
mod crash;
mod device_blocks;
mod group_commit;
mod health;
mod idempotency;
mod identity;
mod kyc_provider;
mod live;
mod maintenance;
mod markets;
mod openapi_enums;
mod parser_fuzz;
mod parsers;
mod perps;
mod perps_matching;
mod perps_trading;
mod preferences;
mod production;
mod profile;
mod rate_limit;
mod retention;
mod sms;
mod trading;
mod trading_restart;
mod us_stocks;
mod usd;
mod vouchers;
mod wallet;
mod web_shell;
mod xendit;
mod xendit_disburse;
