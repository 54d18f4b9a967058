//! Pure domain types and rules of the brokerage: money, assets, orders, fees and precision.
//!
//! No I/O and no async: every function here is a deterministic computation, so the engine,
//! the store, the server and the tests can all rely on the same rules. Rule ids (R5.01 ...)
//! refer to `RULES.md`; grep for them to find the code and the test that proves each rule.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod text_enum;

pub mod amounts;
pub mod assets;
pub mod chart;
pub mod clock;
pub mod corporate;
pub mod depth;
pub mod fees;
pub mod format;
pub mod identity;
pub mod ledger;
pub mod money;
pub mod orders;
pub mod perps;
pub mod precision;
pub mod preferences;
pub mod price_text;
pub mod quantities;
pub mod slider;
pub mod stepper;
pub mod trading_flags;
pub mod us_stock_order;
pub mod wallet;

pub use assets::{AssetType, BuySellAvailability, OptionSide, QuoteCurrency};
pub use clock::{Clock, FixedClock, SystemClock};
pub use fees::{BuyCost, CalcError, FeeRates};
pub use money::{AmountError, Currency, MinorUnits, MoneyError, Scale};
pub use orders::{OrderStatus, OrderType, Side};
pub use precision::{InputError, Rounding};
pub use preferences::Locale;
pub use text_enum::UnknownVariant;
