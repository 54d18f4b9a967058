//! Fresh, migrated databases for tests on both backends.
//!
//! PostgreSQL is reached at `TEST_DATABASE_URL` (default `postgres://postgres@127.0.0.1:5432/postgres`);
//! each call creates its own database named `brk_test_…`, which `make test` drops afterwards.

use crate::{Backend, Db, DbOptions, StoreError};

/// The maintenance URL used to create per-test PostgreSQL databases.
pub fn postgres_admin_url() -> String {
    std::env::var("TEST_DATABASE_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into())
}

/// A URL for a brand-new database of `backend`, already migrated: a copy of a template database
/// migrated once per set of migrations (running every migration for each test took most of a
/// PostgreSQL test's setup). Migrating it again finds nothing to do.
pub async fn fresh_database_url(backend: Backend) -> Result<String, StoreError> {
    let name = format!("brk_test_{}", uuid::Uuid::new_v4().simple());
    match backend {
        Backend::Sqlite => {
            let dir = sqlite_dir()?;
            let template = sqlite_template(&dir).await?;
            let path = dir.join(format!("{name}.db"));
            std::fs::copy(&template, &path).map_err(io)?;
            Ok(format!("sqlite://{}", path.display()))
        }
        Backend::Postgres => {
            let admin = postgres_admin_url();
            let template = postgres_template(&admin).await?;
            let mut conn = admin_connection(&admin).await?;
            sqlx::query(&format!("create database {name} template {template}")).execute(&mut conn).await?;
            Ok(database_url(&admin, &name))
        }
    }
}

/// A URL for a brand-new, empty database of `backend` (for a test of migrating itself).
pub async fn empty_database_url(backend: Backend) -> Result<String, StoreError> {
    let name = format!("brk_test_{}", uuid::Uuid::new_v4().simple());
    match backend {
        Backend::Sqlite => Ok(format!("sqlite://{}/{name}.db", sqlite_dir()?.display())),
        Backend::Postgres => {
            let admin = postgres_admin_url();
            let mut conn = admin_connection(&admin).await?;
            sqlx::query(&format!("create database {name}")).execute(&mut conn).await?;
            Ok(database_url(&admin, &name))
        }
    }
}

/// A digest of `backend`'s migrations (versions and checksums): a template made from other
/// migrations is never used. Only a cache key on this machine, so the standard hasher does.
fn migrations_key(backend: Backend) -> String {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for migration in crate::db::migrator(backend).iter() {
        migration.version.hash(&mut hasher);
        migration.checksum.hash(&mut hasher);
    }
    format!("{:016x}", hasher.finish())
}

fn io(error: std::io::Error) -> StoreError {
    StoreError::Database(sqlx::Error::Io(error))
}

fn sqlite_dir() -> Result<std::path::PathBuf, StoreError> {
    let dir = std::env::temp_dir().join("brokerage-tests");
    std::fs::create_dir_all(&dir).map_err(io)?;
    Ok(dir)
}

/// The SQLite template's path, migrating it first if this machine has none for these migrations.
/// It is built under a name of its own and renamed into place, so a reader never sees it half made.
async fn sqlite_template(dir: &std::path::Path) -> Result<std::path::PathBuf, StoreError> {
    let template = dir.join(format!("template-{}.db", migrations_key(Backend::Sqlite)));
    if template.exists() {
        return Ok(template);
    }
    let building = dir.join(format!("template-{}.building.db", uuid::Uuid::new_v4().simple()));
    let db = Db::connect(&format!("sqlite://{}", building.display()), &DbOptions::default()).await?;
    db.migrate().await?;
    // Everything into the main file, which alone is copied.
    sqlx::query("pragma wal_checkpoint(truncate)").execute(db.pool()).await?;
    db.close().await;
    for leftover in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{leftover}", building.display()));
    }
    std::fs::rename(&building, &template).map_err(io)?;
    Ok(template)
}

/// The PostgreSQL template's name, migrating it first if the server has none for these migrations
/// (one process at a time, under an advisory lock; built under another name and renamed when done).
async fn postgres_template(admin: &str) -> Result<String, StoreError> {
    static READY: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();
    READY
        .get_or_try_init(|| async {
            let name = format!("brk_template_{}", migrations_key(Backend::Postgres));
            let building = format!("{name}_building");
            let mut conn = admin_connection(admin).await?;
            sqlx::query("select pg_advisory_lock(7010420)").execute(&mut conn).await?;
            let found: Option<i32> = sqlx::query_scalar("select 1 from pg_database where datname = $1")
                .bind(&name)
                .fetch_optional(&mut conn)
                .await?;
            if found.is_none() {
                sqlx::query(&format!("drop database if exists {building}")).execute(&mut conn).await?;
                sqlx::query(&format!("create database {building}")).execute(&mut conn).await?;
                let db = Db::connect(&database_url(admin, &building), &DbOptions::default()).await?;
                db.migrate().await?;
                db.close().await;
                // A database with a backend on it cannot be renamed, and a closed pool's backend
                // can stay: the release benchmark met the migration's connection still idle on it
                // ten seconds after `close`. Nobody else uses the database being built.
                end_backends_on(&mut conn, &building).await?;
                sqlx::query(&format!("alter database {building} rename to {name}")).execute(&mut conn).await?;
            }
            sqlx::query("select pg_advisory_unlock(7010420)").execute(&mut conn).await?;
            Ok::<_, StoreError>(name)
        })
        .await
        .cloned()
}

/// Ends every backend connected to `database`, then waits (up to ten seconds) until they are gone.
async fn end_backends_on(conn: &mut sqlx::AnyConnection, database: &str) -> Result<(), StoreError> {
    sqlx::query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1")
        .bind(database)
        .fetch_all(&mut *conn)
        .await?;
    for _ in 0..200 {
        let connected: i64 = sqlx::query_scalar("select count(*) from pg_stat_activity where datname = $1")
            .bind(database)
            .fetch_one(&mut *conn)
            .await?;
        if connected == 0 {
            return Ok(());
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    Err(StoreError::Conflict(format!("database {database} still has connections after ten seconds")))
}

async fn admin_connection(admin: &str) -> Result<sqlx::AnyConnection, StoreError> {
    sqlx::any::install_default_drivers();
    Ok(<sqlx::AnyConnection as sqlx::Connection>::connect(admin).await?)
}

/// The URL of database `name` on the server of `admin`.
fn database_url(admin: &str, name: &str) -> String {
    let base = admin.rsplit_once('/').map_or(admin, |(base, _)| base);
    format!("{base}/{name}")
}

/// A fresh, migrated database of `backend`.
pub async fn fresh_db(backend: Backend) -> Result<Db, StoreError> {
    let url = fresh_database_url(backend).await?;
    let db = Db::connect(&url, &DbOptions::default()).await?;
    db.migrate().await?;
    Ok(db)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fresh databases are copies of one migrated template: every migration applied, and what one
    /// test writes is not in another's database.
    #[tokio::test]
    async fn fresh_databases_are_migrated_and_share_nothing() {
        for backend in [Backend::Sqlite, Backend::Postgres] {
            let (first, second) = (fresh_db(backend).await.unwrap(), fresh_db(backend).await.unwrap());
            let applied: i64 =
                sqlx::query_scalar("select count(*) from _sqlx_migrations").fetch_one(first.pool()).await.unwrap();
            assert_eq!(applied as usize, crate::db::migrator(backend).iter().count(), "{backend:?}");
            sqlx::query(
                "insert into ledger_accounts (id, owner, kind, currency, balance, created_at_ms) \
                 values ('only-here', 'someone', 'IDR_CASH', 'IDR', 0, 0)",
            )
            .execute(first.pool())
            .await
            .unwrap();
            let elsewhere: i64 = sqlx::query_scalar("select count(*) from ledger_accounts where id = 'only-here'")
                .fetch_one(second.pool())
                .await
                .unwrap();
            assert_eq!(elsewhere, 0, "{backend:?}");
        }
    }
}
