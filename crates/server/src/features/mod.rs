//! One folder per feature: its routes, handlers and tests.

pub mod admin;
pub mod analytics;
pub mod app_config;
pub mod client_logs;
pub mod health;
pub mod identity;
pub mod live;
pub mod maintenance;
pub mod markets;
pub mod orders;
pub mod perps;
pub mod portfolio;
pub mod preferences;
pub mod retention;
pub mod trading;
pub mod us_stocks;
pub mod wallet;
pub mod web_shell;
