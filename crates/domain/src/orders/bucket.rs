//! The USD buckets a US-stock order spends from (R3.10): paln without leverage, leverage for 2x
//! positions held overnight, intraday for 4x positions closed the same day (R4.16).

use crate::ledger::AccountKind;
use crate::orders::Leverage;
use crate::text_enum::text_enum;

text_enum! {
    /// Which USD bucket, and so which kind of position, an order belongs to.
    pub enum Bucket {
        /// No leverage.
        Paln => "PALN",
        /// 2x leverage.
        Leverage => "LEVERAGE",
        /// 4x intraday leverage.
        Intraday => "INTRADAY",
    }
}

impl Bucket {
    /// The bucket of a leverage option.
    pub const fn of(leverage: Leverage) -> Bucket {
        match leverage {
            Leverage::None => Bucket::Paln,
            Leverage::X2 => Bucket::Leverage,
            Leverage::X4 => Bucket::Intraday,
        }
    }

    /// The leverage option of the bucket.
    pub const fn leverage(self) -> Leverage {
        match self {
            Bucket::Paln => Leverage::None,
            Bucket::Leverage => Leverage::X2,
            Bucket::Intraday => Leverage::X4,
        }
    }

    /// Position value per dollar of the user's own money.
    pub const fn multiplier(self) -> i64 {
        self.leverage().multiplier() as i64
    }

    /// The user's USD account of the bucket.
    pub const fn cash_kind(self) -> AccountKind {
        match self {
            Bucket::Paln => AccountKind::UsdPaln,
            Bucket::Leverage => AccountKind::UsdLeverage,
            Bucket::Intraday => AccountKind::UsdIntraday,
        }
    }

    /// The user's share account of the bucket (the currency names the stock).
    pub const fn shares_kind(self) -> AccountKind {
        match self {
            Bucket::Paln => AccountKind::UsSharesPaln,
            Bucket::Leverage => AccountKind::UsSharesLeverage,
            Bucket::Intraday => AccountKind::UsSharesIntraday,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r3_10_each_leverage_spends_from_its_own_bucket() {
        assert_eq!(Bucket::of(Leverage::None), Bucket::Paln);
        assert_eq!(Bucket::of(Leverage::X2).cash_kind(), AccountKind::UsdLeverage);
        assert_eq!(Bucket::of(Leverage::X4).cash_kind(), AccountKind::UsdIntraday);
        assert_eq!(Bucket::Intraday.multiplier(), 4);
        assert_eq!(Bucket::ALL.iter().map(|b| b.as_str()).collect::<Vec<_>>(), ["PALN", "LEVERAGE", "INTRADAY"]);
    }
}
