//! `brokerage [serve|migrate|openapi|ledger check]`: serve (default), only run migrations, print the
//! OpenAPI document, or verify every ledger invariant (exits 1 on any break).

use anyhow::Context;
use server::config::Settings;
use server::startup::{shutdown_signal, state_for, Application};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let command = std::env::args().nth(1).unwrap_or_else(|| "serve".into());
    let settings = Settings::load().context("reading configuration")?;
    match command.as_str() {
        "serve" => {
            server::telemetry::init(&settings.log);
            let app = Application::build(settings).await?;
            app.run_until_stopped(shutdown_signal()).await
        }
        "migrate" => {
            server::telemetry::init(&settings.log);
            let db = store::Db::connect(&settings.database.url, &store::DbOptions::default()).await?;
            db.migrate().await?;
            println!("migrations applied ({})", db.backend().name());
            Ok(())
        }
        "openapi" => {
            // The document needs no real database: an in-memory one satisfies the state.
            let db =
                store::Db::connect("sqlite::memory:", &store::DbOptions { max_connections: 1, ..Default::default() })
                    .await?;
            db.migrate().await?;
            let state = state_for(settings, db).await?;
            println!("{}", server::router::openapi_document(&state).to_pretty_json()?);
            Ok(())
        }
        "ledger" if std::env::args().nth(2).as_deref() == Some("check") => {
            let db = store::Db::connect(&settings.database.url, &store::DbOptions::default()).await?;
            db.migrate().await?;
            let problems = store::ledger::check(&db).await?;
            if problems.is_empty() {
                println!("ledger check passed ({})", db.backend().name());
                Ok(())
            } else {
                for problem in &problems {
                    eprintln!("ledger check: {problem}");
                }
                eprintln!("ledger check failed: {} problem(s)", problems.len());
                std::process::exit(1);
            }
        }
        other => {
            eprintln!("unknown command `{other}`; use serve, migrate, openapi or ledger check");
            std::process::exit(2);
        }
    }
}
