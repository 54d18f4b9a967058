//! Numbered placeholders for `in (…)` lists and multi-row inserts, which both backends accept.

/// `$first, $first+1, …`: `count` placeholders starting at `first`.
pub fn numbered(first: usize, count: usize) -> String {
    (first..first + count).map(|n| format!("${n}")).collect::<Vec<_>>().join(", ")
}

/// `($1, …, $columns), ($columns+1, …), …`: the value rows of a `count`-row insert.
pub fn rows(count: usize, columns: usize) -> String {
    (0..count).map(|row| format!("({})", numbered(row * columns + 1, columns))).collect::<Vec<_>>().join(", ")
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
    fn rows_number_on_across_rows() {
        assert_eq!(super::rows(2, 3), "($1, $2, $3), ($4, $5, $6)");
        assert_eq!(super::rows(1, 1), "($1)");
    }
}
