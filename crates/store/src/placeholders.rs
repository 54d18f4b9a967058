//! Numbered placeholders for `in (…)` lists and multi-row inserts, which both backends accept.

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
    fn rows_number_on_across_rows() {
        assert_eq!(super::rows(2, 3), "($1, $2, $3), ($4, $5, $6)");
        assert_eq!(super::rows(1, 1), "($1)");
    }
}
