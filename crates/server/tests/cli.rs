//! The `brokerage` command line (issue 14): help, usage errors (exit 2), the OpenAPI document, and
//! `ledger check` exiting 0 on a sound ledger and 1 on a broken one, on both databases.
#![allow(clippy::unwrap_used)] // A test that cannot unwrap has failed, which is what a panic reports.

use std::process::{Command, Output};

use store::Backend;

fn brokerage(args: &[&str], database_url: Option<&str>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_brokerage"));
    command.args(args).env("APP_CONFIG_FILE", "/nonexistent/brokerage.toml").env_remove("DATABASE_URL");
    if let Some(url) = database_url {
        command.env("DATABASE_URL", url);
    }
    command.output().expect("the brokerage binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn help_lists_every_command_and_each_command_has_its_own_help() {
    let help = brokerage(&["--help"], None);
    assert_eq!(help.status.code(), Some(0));
    let text = stdout(&help);
    for command in ["serve", "migrate", "openapi", "ledger"] {
        assert!(text.contains(command), "{command} in {text}");
    }
    for args in
        [&["serve", "--help"][..], &["migrate", "--help"], &["openapi", "--help"], &["ledger", "check", "--help"]]
    {
        let output = brokerage(args, None);
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert!(stdout(&output).contains("Usage: brokerage"), "{args:?}");
    }
}

#[test]
fn an_unknown_command_or_option_is_a_usage_error_with_exit_code_2() {
    for args in [&["launch"][..], &["serve", "--nope"], &["ledger"], &["ledger", "fix"]] {
        let output = brokerage(args, None);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&output.stderr).contains("Usage:"), "{args:?}");
    }
}

#[test]
fn openapi_prints_the_api_document_as_json() {
    let output = brokerage(&["openapi"], None);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let document: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert!(document["openapi"].as_str().is_some_and(|v| v.starts_with("3.")));
    assert!(document["paths"].as_object().is_some_and(|paths| !paths.is_empty()));
}

/// Migrates a fresh database with the binary, checks the sound ledger, breaks it, checks again.
async fn ledger_check_exit_codes(backend: Backend) {
    let url = store::testing::empty_database_url(backend).await.expect("empty database");
    let migrated = brokerage(&["migrate"], Some(&url));
    assert_eq!(migrated.status.code(), Some(0), "{}", String::from_utf8_lossy(&migrated.stderr));
    let sound = brokerage(&["ledger", "check"], Some(&url));
    assert_eq!(sound.status.code(), Some(0), "{}", String::from_utf8_lossy(&sound.stderr));
    assert!(stdout(&sound).contains("ledger check passed"));

    // A balance no posting explains.
    let db = store::Db::connect(&url, &store::DbOptions::default()).await.unwrap();
    sqlx::query(
        "insert into ledger_accounts (id, owner, kind, currency, balance, created_at_ms) \
         values ('broken', 'someone', 'IDR_CASH', 'IDR', 100, 0)",
    )
    .execute(db.pool())
    .await
    .unwrap();
    let broken = brokerage(&["ledger", "check"], Some(&url));
    assert_eq!(broken.status.code(), Some(1));
    let reason = String::from_utf8_lossy(&broken.stderr);
    assert!(reason.contains("account broken balance 100 differs from the sum of its postings"), "{reason}");
    assert!(reason.contains("ledger check failed: 1 problem(s)"), "{reason}");
}

#[tokio::test]
async fn ledger_check_exits_0_when_sound_and_1_when_broken_sqlite() {
    ledger_check_exit_codes(Backend::Sqlite).await;
}

#[tokio::test]
async fn ledger_check_exits_0_when_sound_and_1_when_broken_postgres() {
    ledger_check_exit_codes(Backend::Postgres).await;
}

#[test]
fn an_unreachable_database_fails_with_exit_code_1() {
    let output = brokerage(&["migrate"], Some("postgres://nobody:nothing@127.0.0.1:1/none"));
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).starts_with("error:"));
}
