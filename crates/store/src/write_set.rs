//! The rows a transaction writes just before its commit, sent in one round trip on PostgreSQL
//! (issue 12). A batch of orders ends with up to seven multi-row statements (balances, holds,
//! orders, journal entries, postings, trades, kept answers), each a round trip on the owner's one
//! connection while every client of the batch waits. On PostgreSQL they go as one statement, each
//! a data-modifying `with` of it; SQLite has no such `with`, and its statements cost no network
//! round trip, so there they run one after another as before.
//!
//! The parts of one statement cannot see each other's rows and must not change the same row
//! twice; foreign keys are checked at the statement's end, so an entry and its postings may go
//! together. A part that must change a known number of rows (a balance update whose overdraft
//! guard refused a row) says so, and a shortfall fails the whole set.

use sqlx::any::AnyArguments;
use sqlx::query::Query;
use sqlx::{Any, AnyConnection, Row};

use crate::{Backend, StoreError};

/// Bound values of one PostgreSQL statement at most (its protocol's limit is 65,535).
const VALUES_PER_STATEMENT: usize = 30_000;

/// One bound value.
#[derive(Debug, Clone, Copy)]
pub enum Value<'a> {
    /// Text.
    Text(&'a str),
    /// Text or null.
    MaybeText(Option<&'a str>),
    /// An integer.
    Int(i64),
    /// An integer or null.
    MaybeInt(Option<i64>),
    /// Bytes.
    Bytes(&'a [u8]),
}

impl<'a> From<&'a str> for Value<'a> {
    fn from(value: &'a str) -> Self {
        Value::Text(value)
    }
}

impl<'a> From<&'a String> for Value<'a> {
    fn from(value: &'a String) -> Self {
        Value::Text(value)
    }
}

impl<'a> From<Option<&'a str>> for Value<'a> {
    fn from(value: Option<&'a str>) -> Self {
        Value::MaybeText(value)
    }
}

impl From<i64> for Value<'_> {
    fn from(value: i64) -> Self {
        Value::Int(value)
    }
}

impl From<Option<i64>> for Value<'_> {
    fn from(value: Option<i64>) -> Self {
        Value::MaybeInt(value)
    }
}

impl<'a> From<&'a [u8]> for Value<'a> {
    fn from(value: &'a [u8]) -> Self {
        Value::Bytes(value)
    }
}

/// One statement of the set: its text (placeholders `$1`, `$2`, … of its own) and values.
#[derive(Debug)]
pub struct Part<'a> {
    sql: String,
    values: Vec<Value<'a>>,
    /// Rows its `returning` must give, and what a shortfall means.
    returns: Option<(usize, &'static str)>,
}

impl<'a> Part<'a> {
    /// A statement whose values follow with [`Part::bind`].
    pub fn new(sql: String) -> Self {
        Self { sql, values: Vec::new(), returns: None }
    }

    /// The statement (which ends in a `returning` clause) must give `rows` rows, or the set fails
    /// with `refused`.
    pub fn returning(mut self, rows: usize, refused: &'static str) -> Self {
        self.returns = Some((rows, refused));
        self
    }

    /// Adds the next placeholder's value.
    pub fn bind(mut self, value: impl Into<Value<'a>>) -> Self {
        self.values.push(value.into());
        self
    }
}

/// Statements written together before a commit, in the order added. Empty parts are not added.
#[derive(Debug, Default)]
pub struct WriteSet<'a> {
    parts: Vec<Part<'a>>,
}

impl<'a> WriteSet<'a> {
    /// Adds a statement.
    pub fn push(&mut self, part: Part<'a>) {
        self.parts.push(part);
    }

    /// Adds statements.
    pub fn extend(&mut self, parts: impl IntoIterator<Item = Part<'a>>) {
        self.parts.extend(parts);
    }

    /// Runs every statement inside the transaction `conn` is in: on PostgreSQL as few statements as
    /// the values allow (one, for any batch of orders), on SQLite one after another.
    pub async fn run(self, conn: &mut AnyConnection) -> Result<(), StoreError> {
        if Backend::of(conn) != Backend::Postgres {
            for part in self.parts {
                run_alone(conn, part).await?;
            }
            return Ok(());
        }
        let mut group: Vec<Part<'a>> = Vec::new();
        let mut values = 0;
        for part in self.parts {
            if !group.is_empty() && values + part.values.len() > VALUES_PER_STATEMENT {
                run_together(conn, std::mem::take(&mut group)).await?;
                values = 0;
            }
            values += part.values.len();
            group.push(part);
        }
        match group.len() {
            0 => Ok(()),
            1 => run_alone(conn, group.pop().expect("one part")).await,
            _ => run_together(conn, group).await,
        }
    }
}

fn bound<'q>(mut query: Query<'q, Any, AnyArguments<'q>>, values: &[Value<'q>]) -> Query<'q, Any, AnyArguments<'q>> {
    for value in values {
        query = match *value {
            Value::Text(v) => query.bind(v),
            Value::MaybeText(v) => query.bind(v),
            Value::Int(v) => query.bind(v),
            Value::MaybeInt(v) => query.bind(v),
            Value::Bytes(v) => query.bind(v),
        };
    }
    query
}

/// One part in a statement of its own (every part on SQLite).
async fn run_alone(conn: &mut AnyConnection, part: Part<'_>) -> Result<(), StoreError> {
    let sql = crate::placeholders::for_backend(Backend::of(conn), &part.sql);
    let query = bound(sqlx::query(&sql), &part.values);
    match part.returns {
        None => {
            query.execute(conn).await?;
        }
        Some((rows, refused)) => {
            if query.fetch_all(conn).await?.len() != rows {
                return Err(StoreError::SharedTransaction(refused.into()));
            }
        }
    }
    Ok(())
}

/// The parts as one PostgreSQL statement: `with w0 as (…), w1 as (…) select` the row counts of
/// the parts that must return some.
async fn run_together(conn: &mut AnyConnection, parts: Vec<Part<'_>>) -> Result<(), StoreError> {
    let mut offset = 0;
    let mut ctes = Vec::with_capacity(parts.len());
    let mut counts = Vec::new();
    for (index, part) in parts.iter().enumerate() {
        ctes.push(format!("w{index} as ({})", renumbered(&part.sql, offset)));
        if part.returns.is_some() {
            counts.push(format!("(select count(*) from w{index})"));
        }
        offset += part.values.len();
    }
    let counted = if counts.is_empty() { "1".to_owned() } else { counts.join(", ") };
    let sql = format!("with {} select {counted}", ctes.join(", "));
    let values: Vec<Value<'_>> = parts.iter().flat_map(|part| part.values.iter().copied()).collect();
    let row = bound(sqlx::query(&sql), &values).fetch_one(conn).await?;
    let checked = parts.iter().filter_map(|part| part.returns);
    for (column, (rows, refused)) in checked.enumerate() {
        let counted: i64 = row.try_get(column)?;
        if usize::try_from(counted).ok() != Some(rows) {
            return Err(StoreError::SharedTransaction(refused.into()));
        }
    }
    Ok(())
}

/// `sql` with each placeholder `$n` made `$(n + offset)` (the statements' texts hold no other `$`).
fn renumbered(sql: &str, offset: usize) -> String {
    if offset == 0 {
        return sql.to_owned();
    }
    let mut out = String::with_capacity(sql.len() + sql.len() / 8);
    let mut chars = sql.char_indices().peekable();
    while let Some((_, c)) = chars.next() {
        out.push(c);
        if c != '$' {
            continue;
        }
        let mut number = 0usize;
        let mut digits = false;
        while let Some(&(_, d)) = chars.peek() {
            let Some(digit) = d.to_digit(10) else { break };
            number = number * 10 + digit as usize;
            digits = true;
            chars.next();
        }
        if digits {
            out.push_str(&(number + offset).to_string());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::renumbered;

    #[test]
    fn placeholders_move_by_the_offset() {
        assert_eq!(
            renumbered("insert into t values ($1, $2), ($3, $10)", 4),
            "insert into t values ($5, $6), ($7, $14)"
        );
        assert_eq!(renumbered("update t set a = $1 where b = $2", 0), "update t set a = $1 where b = $2");
        assert_eq!(renumbered("case id when $9 then $10 end", 991), "case id when $1000 then $1001 end");
    }
}
