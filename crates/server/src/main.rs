//! `brokerage [serve|migrate|openapi]`: serve (default), only run migrations, or print the OpenAPI
//! document.

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
        other => {
            eprintln!("unknown command `{other}`; use serve, migrate or openapi");
            std::process::exit(2);
        }
    }
}
