//! The cash-out rules (R5.x): the smallest and largest amount, the fee and the automatic approval
//! limit, in sen. Pure, so each rule is unit-tested without a database or a request.

use domain::amounts;
use domain::money::{MoneyError, Scale};

use crate::config::CashoutSettings;

/// Limits in sen from the settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Smallest amount as configured.
    pub minimum_sen: i64,
    /// Largest amount.
    pub maximum_sen: i64,
    /// Fee.
    pub fee_sen: i64,
    /// Auto-approval limit.
    pub auto_approval_sen: i64,
}

/// Why an amount is refused before the balance is looked at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutOfLimits {
    /// Below the smallest amount (given).
    Below(i64),
    /// Above the largest amount (given).
    Above(i64),
}

impl Limits {
    /// The limits configured in `settings`; a setting too large to count in sen is an error.
    pub fn of(settings: &CashoutSettings) -> Result<Self, MoneyError> {
        let sen = |rupiah: i64| amounts::from_whole(rupiah, Scale::IDR);
        Ok(Self {
            minimum_sen: sen(settings.minimum_rupiah)?,
            maximum_sen: sen(settings.maximum_rupiah)?,
            fee_sen: sen(settings.fee_rupiah)?,
            auto_approval_sen: sen(settings.auto_approval_limit_rupiah)?,
        })
    }

    /// The smallest amount taken: never below the fee plus one sen, so the net is always positive.
    pub fn minimum(&self) -> i64 {
        self.minimum_sen.max(self.fee_sen + 1)
    }

    /// Whether `amount` lies within the limits.
    pub fn check(&self, amount: i64) -> Result<i64, OutOfLimits> {
        if amount < self.minimum() {
            return Err(OutOfLimits::Below(self.minimum()));
        }
        if amount > self.maximum_sen {
            return Err(OutOfLimits::Above(self.maximum_sen));
        }
        Ok(amount)
    }

    /// Whether a cash-out of `amount` goes to the bank without an operator's review.
    pub fn auto_approves(&self, amount: i64) -> bool {
        amount <= self.auto_approval_sen
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sen in `rupiah` (whole rupiah).
    const fn rp(rupiah: i64) -> i64 {
        rupiah * 100
    }

    fn limits() -> Limits {
        Limits {
            minimum_sen: rp(10_000),
            maximum_sen: rp(100_000_000),
            fee_sen: rp(5_000),
            auto_approval_sen: rp(50_000_000),
        }
    }

    #[test]
    fn an_amount_within_the_limits_passes_and_the_bounds_are_inclusive() {
        let l = limits();
        assert_eq!(l.check(rp(10_000)), Ok(rp(10_000)));
        assert_eq!(l.check(rp(100_000_000)), Ok(rp(100_000_000)));
        assert_eq!(l.check(rp(10_000) - 1), Err(OutOfLimits::Below(rp(10_000))));
        assert_eq!(l.check(rp(100_000_000) + 1), Err(OutOfLimits::Above(rp(100_000_000))));
    }

    #[test]
    fn the_minimum_never_lets_the_fee_take_everything() {
        let l = Limits { minimum_sen: rp(1_000), ..limits() };
        assert_eq!(l.minimum(), rp(5_000) + 1);
        assert_eq!(l.check(rp(5_000)), Err(OutOfLimits::Below(rp(5_000) + 1)));
    }

    #[test]
    fn up_to_the_auto_approval_limit_a_cash_out_needs_no_review() {
        let l = limits();
        assert!(l.auto_approves(rp(50_000_000)));
        assert!(!l.auto_approves(rp(50_000_000) + 1));
    }

    #[test]
    fn a_setting_too_large_for_sen_is_an_error_not_a_cap() {
        let settings = CashoutSettings { maximum_rupiah: i64::MAX, ..CashoutSettings::default() };
        assert_eq!(Limits::of(&settings), Err(MoneyError::Overflow));
    }
}
