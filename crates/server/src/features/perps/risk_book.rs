//! What the risk pass keeps between ticks (issue 13: marking 100,000 positions well within a
//! second's tick): every open position and margin balance, in memory. Each perps write marks its
//! user after it commits, and the next pass re-reads only the users marked; everything is read
//! at the first pass and again every `risk_full_read_ms` (writes of another node, or one a write
//! path failed to mark). A stale entry can only delay an action by one tick or one full read,
//! never cause a wrong one: every close and liquidation re-checks its user under the user's lock.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::{Mutex, MutexGuard, PoisonError};

use super::repo::PositionRow;

/// The positions and margin balances the risk pass marks, and who changed since it last read.
#[derive(Default)]
pub struct RiskBook {
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    positions: BTreeMap<String, Vec<PositionRow>>,
    balances: HashMap<String, i64>,
    changed: BTreeSet<String>,
    /// When everything was last read (app clock, ms); `None` until the first read.
    read_all_at_ms: Option<i64>,
}

/// What a pass must read before it marks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refresh {
    /// Every open position and margin balance.
    Everything,
    /// Only these users' positions and balances.
    Users(Vec<String>),
}

impl RiskBook {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Notes that the user's positions or margin wallet changed (call after the commit).
    pub fn touch(&self, user_id: &str) {
        self.lock().changed.insert(user_id.to_owned());
    }

    /// What the pass at `now_ms` reads: everything when never read, when the last full read is
    /// `every_ms` old, or when more than `most_users` changed (one read beats that many); else the
    /// users changed since. Taking the plan clears the marks: a write that commits later marks again.
    pub fn plan(&self, now_ms: i64, every_ms: i64, most_users: usize) -> Refresh {
        let mut inner = self.lock();
        let stale = inner.read_all_at_ms.is_none_or(|at| now_ms - at >= every_ms || now_ms < at);
        let changed = std::mem::take(&mut inner.changed);
        if stale || changed.len() > most_users {
            Refresh::Everything
        } else {
            Refresh::Users(changed.into_iter().collect())
        }
    }

    /// Makes the next pass read everything (after a read failed half-way).
    pub fn read_everything_next(&self) {
        self.lock().read_all_at_ms = None;
    }

    /// Replaces everything with a full read made at `now_ms`.
    pub fn replace(&self, positions: Vec<PositionRow>, balances: HashMap<String, i64>, now_ms: i64) {
        let mut by_user: BTreeMap<String, Vec<PositionRow>> = BTreeMap::new();
        for p in positions {
            by_user.entry(p.user_id.clone()).or_default().push(p);
        }
        let mut inner = self.lock();
        inner.positions = by_user;
        inner.balances = balances;
        inner.read_all_at_ms = Some(now_ms);
    }

    /// Replaces one user's open positions and margin balance.
    pub fn update(&self, user_id: &str, positions: Vec<PositionRow>, balance: i64) {
        let mut inner = self.lock();
        if positions.is_empty() {
            inner.positions.remove(user_id);
        } else {
            inner.positions.insert(user_id.to_owned(), positions);
        }
        inner.balances.insert(user_id.to_owned(), balance);
    }

    /// Runs `f` over every open position (by user, then symbol) and the margin balances.
    pub fn with<R>(&self, f: impl FnOnce(&mut dyn Iterator<Item = &PositionRow>, &HashMap<String, i64>) -> R) -> R {
        let inner = self.lock();
        let mut positions = inner.positions.values().flatten();
        f(&mut positions, &inner.balances)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(user: &str, symbol: &str, lots: i64) -> PositionRow {
        PositionRow { lots, ..PositionRow::flat(user, symbol, 10, 0) }
    }

    fn count(book: &RiskBook) -> usize {
        book.with(|positions, _| positions.count())
    }

    #[test]
    fn the_first_pass_reads_everything_then_only_who_changed() {
        let book = RiskBook::default();
        book.touch("a");
        assert_eq!(book.plan(1_000, 60_000, 100), Refresh::Everything);
        book.replace(vec![position("a", "X", 1), position("b", "X", -2)], HashMap::new(), 1_000);
        assert_eq!(book.plan(2_000, 60_000, 100), Refresh::Users(vec![]));
        book.touch("b");
        book.touch("a");
        assert_eq!(book.plan(3_000, 60_000, 100), Refresh::Users(vec!["a".into(), "b".into()]));
        assert_eq!(book.plan(4_000, 60_000, 100), Refresh::Users(vec![]), "the marks were taken");
    }

    #[test]
    fn everything_is_read_again_when_old_when_many_changed_or_the_clock_went_back() {
        let book = RiskBook::default();
        book.replace(vec![], HashMap::new(), 10_000);
        assert_eq!(book.plan(70_000, 60_000, 100), Refresh::Everything);
        book.replace(vec![], HashMap::new(), 70_000);
        for u in 0..3 {
            book.touch(&format!("u{u}"));
        }
        assert_eq!(book.plan(71_000, 60_000, 2), Refresh::Everything);
        book.replace(vec![], HashMap::new(), 71_000);
        assert_eq!(book.plan(5_000, 60_000, 2), Refresh::Everything);
    }

    #[test]
    fn an_update_replaces_one_user_and_a_flat_user_leaves() {
        let book = RiskBook::default();
        book.replace(vec![position("a", "X", 1), position("a", "Y", 1), position("b", "X", 1)], HashMap::new(), 0);
        assert_eq!(count(&book), 3);
        book.update("a", vec![position("a", "Y", 3)], 7);
        assert_eq!(count(&book), 2);
        book.update("b", vec![], 9);
        assert_eq!(count(&book), 1);
        book.with(|positions, balances| {
            let only: Vec<_> = positions.map(|p| (p.user_id.clone(), p.lots)).collect();
            assert_eq!(only, vec![("a".to_owned(), 3)]);
            assert_eq!((balances["a"], balances["b"]), (7, 9));
        });
    }
}
