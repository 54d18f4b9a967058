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

/// Every binary built on the server (the brokerage, its tests and benchmarks) allocates with
/// mimalloc: under load glibc's malloc and free took a sixth of the process's CPU.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
