/// The store's small error type: callers match on the cases they can act on.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The row asked for does not exist.
    #[error("not found")]
    NotFound,
    /// A uniqueness or state conflict the caller may report to the user.
    #[error("conflict: {0}")]
    Conflict(String),
    /// The URL names no backend we support.
    #[error("unsupported database url: {0}")]
    UnsupportedUrl(String),
    /// Anything else from the driver or the migrations.
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    /// A migration failed.
    #[error(transparent)]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// The transaction a group of writes shared broke, so this write was not kept either.
    #[error("the shared write transaction failed: {0}")]
    SharedTransaction(String),
    /// The statement a group of reads shared failed, so this read has no answer either.
    #[error("the shared read failed: {0}")]
    SharedRead(String),
}

impl StoreError {
    /// True when the error is a unique-constraint violation (both backends).
    pub fn is_unique_violation(&self) -> bool {
        matches!(self, StoreError::Database(sqlx::Error::Database(e)) if e.is_unique_violation())
    }
}
