//! `brokerage [serve|migrate|openapi|ledger check]`: serve (the default), only run migrations, print
//! the OpenAPI document, or verify every ledger invariant. Exit codes: 0 done, 1 failed (a ledger
//! break, an unreachable database, bad configuration), 2 a usage error.

use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand};
use server::config::Settings;
use server::startup::{shutdown_signal, state_for, Application};

/// The brokerage server: API, live feeds and the web app in one process. Configuration comes from
/// `config/brokerage.toml` (or `APP_CONFIG_FILE`), `APP_*` variables and `DATABASE_URL`.
#[derive(Parser)]
#[command(name = "brokerage", version)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Apply migrations, then serve the API, live feeds and web app until SIGTERM (the default).
    Serve,
    /// Apply the database migrations and exit.
    Migrate,
    /// Print the OpenAPI document (JSON) to stdout; needs no database.
    Openapi,
    /// Ledger maintenance.
    Ledger {
        #[command(subcommand)]
        command: LedgerCommand,
    },
}

#[derive(Subcommand)]
enum LedgerCommand {
    /// Verify every ledger invariant (balanced entries, balances equal to postings, holds); exit 1 on any break.
    Check,
}

fn main() -> ExitCode {
    // Parsing first: `--help` and usage errors (exit 2) need no configuration.
    let cli = Cli::parse();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("error: starting the async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(cli.command.unwrap_or(Command::Serve))) {
        Ok(code) => code,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run(command: Command) -> anyhow::Result<ExitCode> {
    let settings = Settings::load().context("reading configuration")?;
    match command {
        Command::Serve => {
            let problems = server::config::production::production_problems(&settings);
            if !problems.is_empty() {
                // One line per problem, all at once, so one edit of the configuration fixes them.
                for problem in &problems {
                    eprintln!("production: {problem}");
                }
                eprintln!("refusing to start in production mode: {} problem(s)", problems.len());
                return Ok(ExitCode::from(78));
            }
            server::telemetry::init(&settings.log);
            let app = Application::build(settings).await?;
            app.run_until_stopped(shutdown_signal()).await?;
        }
        Command::Migrate => {
            server::telemetry::init(&settings.log);
            let db = store::Db::connect(&settings.database.url, &store::DbOptions::default()).await?;
            db.migrate().await?;
            println!("migrations applied ({})", db.backend().name());
        }
        Command::Openapi => {
            // The document needs no real database: an in-memory one satisfies the state.
            let db =
                store::Db::connect("sqlite::memory:", &store::DbOptions { max_connections: 1, ..Default::default() })
                    .await?;
            db.migrate().await?;
            // The document describes every route, the sandbox helpers (tag `sandbox`) included.
            let settings = Settings { mode: server::config::Mode::Sandbox, ..settings };
            let state = state_for(settings, db).await?;
            println!("{}", server::router::openapi_document(&state).to_pretty_json()?);
        }
        Command::Ledger { command: LedgerCommand::Check } => {
            let db = store::Db::connect(&settings.database.url, &store::DbOptions::default()).await?;
            db.migrate().await?;
            let problems = store::ledger::check(&db).await?;
            if !problems.is_empty() {
                for problem in &problems {
                    eprintln!("ledger check: {problem}");
                }
                eprintln!("ledger check failed: {} problem(s)", problems.len());
                return Ok(ExitCode::FAILURE);
            }
            println!("ledger check passed ({})", db.backend().name());
        }
    }
    Ok(ExitCode::SUCCESS)
}
