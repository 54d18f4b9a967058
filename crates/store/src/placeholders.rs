//! Numbered placeholders for `in (…)` lists, which both backends accept.

/// `$first, $first+1, …`: `count` placeholders starting at `first`.
pub fn numbered(first: usize, count: usize) -> String {
    (first..first + count).map(|n| format!("${n}")).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    #[test]
    fn numbers_from_the_first() {
        assert_eq!(super::numbered(1, 3), "$1, $2, $3");
        assert_eq!(super::numbered(3, 1), "$3");
        assert_eq!(super::numbered(1, 0), "");
    }
}
