//! The ledger's accounts as types: who holds an account, what it is for and in which currency. The
//! account id the store keeps (`owner:KIND:CURRENCY`) is derived here and nowhere else.

use std::fmt;

use crate::text_enum::text_enum;

/// The owner name of the broker's own (house) accounts.
pub const HOUSE: &str = "house";

/// What an account is for. The text of each kind is stored and must not change.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum AccountKind {
    /// A user's rupiah.
    IdrCash,
    /// A user's voucher credit: spendable on buys, never cashed out.
    IdrVoucher,
    /// A user's coins of one crypto asset (the currency names the coin).
    Crypto,
    /// A user's USD without leverage (R3.10 `paln`).
    UsdPaln,
    /// A user's USD for 2x leverage positions.
    UsdLeverage,
    /// A user's USD for 4x intraday positions.
    UsdIntraday,
    /// A user's USDT margin for perpetuals (R3.11).
    PerpMargin,
    /// A user's US shares held without leverage (the currency names the stock).
    UsSharesPaln,
    /// A user's US shares of 2x leverage positions.
    UsSharesLeverage,
    /// A user's US shares of 4x intraday positions.
    UsSharesIntraday,
    /// The US exchange's side of every US-stock fill: dollars paid out, shares delivered.
    UsExchange,
    /// What the broker lends on leverage and intraday positions.
    MarginLoans,
    /// Interest the broker earns on margin loans.
    MarginInterest,
    /// Losses the broker absorbs when a liquidation cannot cover the loan.
    MarginLosses,
    /// US tax withheld from dividends, owed to the IRS.
    UsWithholdingTax,
    /// The broker's fee income.
    Fees,
    /// Taxes withheld, owed to the tax office.
    TaxPayable,
    /// Money in transit from the payment gateway.
    PgClearing,
    /// The broker's foreign-exchange desk.
    FxDesk,
    /// Vouchers the broker has granted.
    Promotions,
    /// Interest the broker pays on USD yield.
    UsdInterestExpense,
    /// The perpetuals venue's side of every perp fill and funding payment: the liquidity providers'
    /// quotes are the counterparty, so profit users take comes from here and losses go here.
    PerpExchange,
    /// The insurance fund: liquidation fees in, losses beyond a liquidated user's margin out.
    PerpInsuranceFund,
    /// A liquidity provider's inventory, by its code.
    LiquidityProvider(String),
}

impl AccountKind {
    /// The kind's stored text (`IDR_CASH`, `LP:ALPHA`, …).
    pub fn as_text(&self) -> String {
        let fixed = match self {
            AccountKind::IdrCash => "IDR_CASH",
            AccountKind::IdrVoucher => "IDR_VOUCHER",
            AccountKind::Crypto => "CRYPTO",
            AccountKind::UsdPaln => "USD_PALN",
            AccountKind::UsdLeverage => "USD_LEVERAGE",
            AccountKind::UsdIntraday => "USD_INTRADAY",
            AccountKind::PerpMargin => "PERP_MARGIN",
            AccountKind::UsSharesPaln => "US_SHARES_PALN",
            AccountKind::UsSharesLeverage => "US_SHARES_LEVERAGE",
            AccountKind::UsSharesIntraday => "US_SHARES_INTRADAY",
            AccountKind::UsExchange => "US_EXCHANGE",
            AccountKind::MarginLoans => "MARGIN_LOANS",
            AccountKind::MarginInterest => "MARGIN_INTEREST",
            AccountKind::MarginLosses => "MARGIN_LOSSES",
            AccountKind::UsWithholdingTax => "US_WITHHOLDING_TAX",
            AccountKind::Fees => "FEES",
            AccountKind::TaxPayable => "TAX_PAYABLE",
            AccountKind::PgClearing => "PG_CLEARING",
            AccountKind::FxDesk => "FX_DESK",
            AccountKind::Promotions => "PROMOTIONS",
            AccountKind::UsdInterestExpense => "USD_INTEREST_EXPENSE",
            AccountKind::PerpExchange => "PERP_EXCHANGE",
            AccountKind::PerpInsuranceFund => "PERP_INSURANCE_FUND",
            AccountKind::LiquidityProvider(code) => return format!("LP:{code}"),
        };
        fixed.to_owned()
    }
}

/// One ledger account: its owner, kind and currency.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AccountRef {
    owner: String,
    kind: AccountKind,
    currency: String,
}

impl AccountRef {
    /// A user's account; it can never go below zero.
    pub fn user(user_id: &str, kind: AccountKind, currency: &str) -> Self {
        AccountRef { owner: user_id.to_owned(), kind, currency: currency.to_owned() }
    }

    /// A house account; it may go below zero (the broker's side of every movement).
    pub fn house(kind: AccountKind, currency: &str) -> Self {
        AccountRef { owner: HOUSE.to_owned(), kind, currency: currency.to_owned() }
    }

    /// A user's rupiah.
    pub fn idr_cash(user_id: &str) -> Self {
        Self::user(user_id, AccountKind::IdrCash, "IDR")
    }

    /// A user's voucher credit.
    pub fn idr_voucher(user_id: &str) -> Self {
        Self::user(user_id, AccountKind::IdrVoucher, "IDR")
    }

    /// Who holds it: a user id or [`HOUSE`].
    pub fn owner(&self) -> &str {
        &self.owner
    }

    /// What it is for.
    pub fn kind(&self) -> &AccountKind {
        &self.kind
    }

    /// Its currency or asset symbol.
    pub fn currency(&self) -> &str {
        &self.currency
    }

    /// Whether the balance may go below zero: only the house's accounts may.
    pub fn may_go_negative(&self) -> bool {
        self.owner == HOUSE
    }

    /// The stored id, `owner:KIND:CURRENCY`.
    pub fn id(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for AccountRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.owner, self.kind.as_text(), self.currency)
    }
}

text_enum! {
    /// Why money is held: what the reservation waits for (stored on the hold).
    pub enum HoldReason {
        /// A crypto order's rupiah or coins.
        Order => "ORDER",
        /// A US-stock order's dollars.
        UsOrder => "US_ORDER",
        /// A perpetual order's initial margin.
        PerpOrder => "PERP_ORDER",
        /// An open perpetual position's margin.
        PerpPosition => "PERP_POSITION",
        /// A cash-out on its way to the bank.
        Cashout => "CASHOUT",
    }
}

text_enum! {
    /// Why a journal entry was posted: every reason the code posts (the balance movement shows it).
    pub enum EntryReason {
        /// A paid top-up reached the wallet.
        Topup => "TOPUP",
        /// A cash-out left the wallet.
        Cashout => "CASHOUT",
        /// An operator granted voucher credit.
        Voucher => "VOUCHER",
        /// A crypto trade settled.
        TradeFill => "TRADE_FILL",
        /// Rupiah converted to dollars or back.
        Fx => "FX",
        /// Dollars into the 2x bucket.
        LeverageDeposit => "LEVERAGE_DEPOSIT",
        /// Dollars out of the 2x bucket.
        LeverageWithdraw => "LEVERAGE_WITHDRAW",
        /// Dollars into the 4x intraday bucket.
        IntradayDeposit => "INTRADAY_DEPOSIT",
        /// Dollars out of the 4x intraday bucket.
        IntradayWithdraw => "INTRADAY_WITHDRAW",
        /// USD-yield interest credited.
        UsdInterest => "USD_INTEREST",
        /// A US-stock trade settled.
        UsStockFill => "US_STOCK_FILL",
        /// Interest on what the broker lends for leveraged US stocks.
        UsMarginInterest => "US_MARGIN_INTEREST",
        /// A US-stock dividend paid.
        UsDividend => "US_DIVIDEND",
        /// A US-stock split applied to the shares.
        UsSplit => "US_SPLIT",
        /// A perpetual fill settled.
        PerpFill => "PERP_FILL",
        /// A perpetual funding payment.
        PerpFunding => "PERP_FUNDING",
        /// A perpetual position liquidated.
        PerpLiquidation => "PERP_LIQUIDATION",
        /// USDT from spot into the margin wallet.
        PerpMarginDeposit => "PERP_MARGIN_DEPOSIT",
        /// USDT from the margin wallet back to spot.
        PerpMarginWithdrawal => "PERP_MARGIN_WITHDRAWAL",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn account_ids_keep_their_stored_form() {
        assert_eq!(AccountRef::idr_cash("u1").id(), "u1:IDR_CASH:IDR");
        assert_eq!(AccountRef::user("u1", AccountKind::Crypto, "BTC").id(), "u1:CRYPTO:BTC");
        let lp = AccountRef::house(AccountKind::LiquidityProvider("ALPHA".into()), "IDR");
        assert_eq!(lp.id(), "house:LP:ALPHA:IDR");
        assert_eq!(AccountRef::house(AccountKind::UsdInterestExpense, "USD").id(), "house:USD_INTEREST_EXPENSE:USD");
    }

    #[test]
    fn only_house_accounts_may_go_negative() {
        assert!(!AccountRef::idr_voucher("u1").may_go_negative());
        assert!(AccountRef::house(AccountKind::Fees, "IDR").may_go_negative());
    }
}
