//! Page numbers of every list: from 1 to [`PAGE_MAX`], so the row offset `(page - 1) × size` is
//! always a small positive number, never an overflow.

use crate::api::{ApiError, ApiResult};

/// Largest page accepted: far beyond any real list, and small enough that no offset overflows.
pub const PAGE_MAX: i64 = 100_000;

/// A checked page of a list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paging {
    /// From 1.
    pub page: i64,
    /// Rows a page.
    pub size: i64,
}

impl Paging {
    /// `page` (default 1) and `size` (default `default_size`), refused outside 1..=PAGE_MAX and
    /// 1..=`size_max`.
    pub fn parse(page: Option<i64>, size: Option<i64>, default_size: i64, size_max: i64) -> ApiResult<Self> {
        let (page, size) = (page.unwrap_or(1), size.unwrap_or(default_size));
        if !(1..=PAGE_MAX).contains(&page) || !(1..=size_max).contains(&size) {
            return Err(ApiError::invalid(format!("page 1..={PAGE_MAX}, size 1..={size_max}")));
        }
        Ok(Paging { page, size })
    }

    /// Rows before this page.
    pub fn offset(self) -> i64 {
        (self.page - 1) * self.size
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r9_06_pages_start_at_one_with_the_default_size() {
        assert_eq!(Paging::parse(None, None, 30, 30).unwrap(), Paging { page: 1, size: 30 });
        assert_eq!(Paging::parse(Some(3), Some(10), 30, 30).unwrap().offset(), 20);
    }

    #[test]
    fn huge_or_non_positive_pages_and_sizes_are_refused_not_overflowed() {
        for (page, size) in [(0, 10), (-1, 10), (i64::MAX, 10), (PAGE_MAX + 1, 10), (1, 0), (1, 31), (1, i64::MAX)] {
            assert!(Paging::parse(Some(page), Some(size), 30, 30).is_err(), "{page} {size}");
        }
        assert_eq!(Paging::parse(Some(PAGE_MAX), Some(30), 30, 30).unwrap().offset(), (PAGE_MAX - 1) * 30);
    }
}
