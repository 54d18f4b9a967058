//! Fresh, migrated databases for tests on both backends.
//!
//! PostgreSQL is reached at `TEST_DATABASE_URL` (default `postgres://postgres@127.0.0.1:5432/postgres`);
//! each call creates its own database named `brk_test_…`, which `make test` drops afterwards.

use crate::{Backend, Db, DbOptions, StoreError};

/// The maintenance URL used to create per-test PostgreSQL databases.
pub fn postgres_admin_url() -> String {
    std::env::var("TEST_DATABASE_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into())
}

/// A URL for a brand-new database of `backend`.
pub async fn fresh_database_url(backend: Backend) -> Result<String, StoreError> {
    let name = format!("brk_test_{}", uuid::Uuid::new_v4().simple());
    match backend {
        Backend::Sqlite => {
            let dir = std::env::temp_dir().join("brokerage-tests");
            std::fs::create_dir_all(&dir).map_err(|e| StoreError::Database(sqlx::Error::Io(e)))?;
            Ok(format!("sqlite://{}/{name}.db", dir.display()))
        }
        Backend::Postgres => {
            let admin = postgres_admin_url();
            sqlx::any::install_default_drivers();
            let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&admin).await?;
            sqlx::query(&format!("create database {name}")).execute(&mut conn).await?;
            let base = admin.rsplit_once('/').map_or(admin.as_str(), |(base, _)| base);
            Ok(format!("{base}/{name}"))
        }
    }
}

/// A fresh, migrated database of `backend`.
pub async fn fresh_db(backend: Backend) -> Result<Db, StoreError> {
    let url = fresh_database_url(backend).await?;
    let db = Db::connect(&url, &DbOptions::default()).await?;
    db.migrate().await?;
    Ok(db)
}
