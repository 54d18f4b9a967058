//! The brokerage server: one binary serving the API, the WebSocket hub and the web app.

pub mod api;
pub mod config;
pub mod features;
pub mod middleware;
pub mod openapi;
pub mod router;
pub mod startup;
pub mod state;
pub mod telemetry;
