//! The application a benchmark drives: the real server on port 0 over a throwaway SQLite file,
//! with rate limiting off and quiet logs.

use server::config::Settings;
use server::startup::Application;
use server::state::AppState;

/// Starts the app (after `customise` adjusts its settings); returns its base URL, its state and the
/// folder of its database, which the caller removes when done.
#[allow(dead_code, reason = "each benchmark uses the helpers it needs")]
pub async fn start(
    name: &str,
    customise: impl FnOnce(&mut Settings),
) -> anyhow::Result<(String, AppState, std::path::PathBuf)> {
    start_at(name, std::sync::Arc::new(domain::SystemClock), customise).await
}

/// [`start`] with the clock every part of the app reads (a benchmark pins the market's session).
#[allow(dead_code, reason = "each benchmark uses the helpers it needs")]
pub async fn start_at(
    name: &str,
    clock: std::sync::Arc<dyn domain::Clock>,
    customise: impl FnOnce(&mut Settings),
) -> anyhow::Result<(String, AppState, std::path::PathBuf)> {
    let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    let mut settings = Settings::default();
    settings.http.addr = "127.0.0.1:0".into();
    settings.rate_limit.per_second = 0;
    settings.log.filter = "error".into();
    settings.database.url = format!("sqlite://{}/bench.db", dir.display());
    customise(&mut settings);
    let app = Application::build_with_clock(settings, clock).await?;
    let base = format!("http://127.0.0.1:{}", app.port());
    let state = app.state().clone();
    tokio::spawn(app.run_until_stopped(std::future::pending()));
    Ok((base, state, dir))
}

/// A database a benchmark measures on: its name in the report and, for PostgreSQL, a fresh
/// database's URL (SQLite gets a throwaway file from [`start`]).
#[allow(dead_code, reason = "each benchmark uses the helpers it needs")]
pub struct BenchDatabase {
    /// Which backend.
    pub backend: store::Backend,
    /// `SQLite` or `PostgreSQL`.
    pub name: &'static str,
    /// The database to use instead of the throwaway SQLite file.
    pub url: Option<String>,
}

/// SQLite, then PostgreSQL when a fresh database can be made there; otherwise `not_measured` is
/// told why, for the report's "not measured" row.
#[allow(dead_code, reason = "each benchmark uses the helpers it needs")]
pub async fn databases(not_measured: impl FnOnce(String)) -> Vec<BenchDatabase> {
    let mut databases = vec![BenchDatabase { backend: store::Backend::Sqlite, name: "SQLite", url: None }];
    match store::testing::fresh_database_url(store::Backend::Postgres).await {
        Ok(url) => {
            databases.push(BenchDatabase { backend: store::Backend::Postgres, name: "PostgreSQL", url: Some(url) });
        }
        Err(e) => not_measured(e.to_string()),
    }
    databases
}
