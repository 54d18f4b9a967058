//! Numbered placeholders for `in (…)` lists and multi-row inserts, which both backends accept.

use std::borrow::Cow;

use crate::Backend;

/// `$first, $first+1, …`: `count` placeholders starting at `first`.
pub fn numbered(first: usize, count: usize) -> String {
    (first..first + count).map(|n| format!("${n}")).collect::<Vec<_>>().join(", ")
}

/// `($1, …, $columns), ($columns+1, …), …`: the value rows of a `count`-row insert.
pub fn rows(count: usize, columns: usize) -> String {
    (0..count).map(|row| format!("({})", numbered(row * columns + 1, columns))).collect::<Vec<_>>().join(", ")
}

/// Repeats the last of `items` until their number is a power of two: a read by an `in (…)` list of
/// any length then has one of a few statement texts, which the connections keep prepared, instead
/// of one for every length.
pub fn pad_to_power_of_two<T: Clone>(items: &mut Vec<T>) {
    if let Some(last) = items.last().cloned() {
        items.resize(items.len().next_power_of_two(), last);
    }
}

/// `sql` as `backend` binds it fastest: see [`for_sqlite`]; PostgreSQL takes it as it is.
pub fn for_backend(backend: Backend, sql: &str) -> Cow<'_, str> {
    if backend == Backend::Sqlite {
        for_sqlite(sql)
    } else {
        Cow::Borrowed(sql)
    }
}

/// `sql` with its placeholders as SQLite's nameless `?` when they run `$1, $2, …` in the text's
/// order, each once (a multi-row insert's, an `in (…)` list's); otherwise `sql` as it is. SQLite
/// keeps `$n` as a name, and sqlx looks each parameter's name up by its position, a walk of the
/// statement's list of names: binding a batch's few hundred values cost more than running the
/// statement (a profile of the order benchmark, issue 12). A nameless `?` has no name to look up.
pub fn for_sqlite(sql: &str) -> Cow<'_, str> {
    let mut out = String::with_capacity(sql.len());
    let mut next = 1usize;
    let mut rest = sql;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        if after[..digits].parse::<usize>().ok() != Some(next) {
            return Cow::Borrowed(sql);
        }
        out.push('?');
        next += 1;
        rest = &after[digits..];
    }
    if next == 1 {
        return Cow::Borrowed(sql);
    }
    out.push_str(rest);
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn numbers_from_the_first() {
        assert_eq!(super::numbered(1, 3), "$1, $2, $3");
        assert_eq!(super::numbered(3, 1), "$3");
        assert_eq!(super::numbered(1, 0), "");
    }

    #[test]
    fn padding_repeats_the_last_up_to_a_power_of_two() {
        let mut items = vec![1, 2, 3];
        super::pad_to_power_of_two(&mut items);
        assert_eq!(items, [1, 2, 3, 3]);
        let mut one = vec![7];
        super::pad_to_power_of_two(&mut one);
        assert_eq!(one, [7]);
        let mut none: Vec<i32> = Vec::new();
        super::pad_to_power_of_two(&mut none);
        assert!(none.is_empty());
    }

    #[test]
    fn placeholders_in_order_lose_their_numbers_for_sqlite() {
        assert_eq!(super::for_sqlite("insert into t values ($1, $2), ($3, $4)"), "insert into t values (?, ?), (?, ?)");
        assert_eq!(super::for_sqlite("select 1 where a in ($1, $2, $3)"), "select 1 where a in (?, ?, ?)");
        assert_eq!(super::for_sqlite("select 1"), "select 1");
    }

    #[test]
    fn placeholders_out_of_order_or_repeated_keep_their_numbers() {
        // `?` would take the values in the text's order, which is not the bound order here.
        assert_eq!(super::for_sqlite("update t set a = $2 where b = $1"), "update t set a = $2 where b = $1");
        assert_eq!(super::for_sqlite("select $1 where a = $1"), "select $1 where a = $1");
        assert_eq!(super::for_sqlite("select $1, $3"), "select $1, $3");
        assert_eq!(super::for_sqlite("select '$' || $1"), "select '$' || $1");
    }

    #[test]
    fn rows_number_on_across_rows() {
        assert_eq!(super::rows(2, 3), "($1, $2, $3), ($4, $5, $6)");
        assert_eq!(super::rows(1, 1), "($1)");
    }
}
