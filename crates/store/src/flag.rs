//! Yes/no columns: both backends store them as integers 0/1 (the `Any` driver has no boolean that
//! SQLite and PostgreSQL share), read into `bool` fields with `#[sqlx(try_from = "store::Flag")]`.

/// A stored 0/1 column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::Type)]
#[sqlx(transparent)]
pub struct Flag(pub i64);

impl From<Flag> for bool {
    fn from(flag: Flag) -> Self {
        flag.0 != 0
    }
}
