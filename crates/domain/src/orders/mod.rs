//! Order enumerations of SPEC.md section 4: statuses, sides, types, execution options, leverage.

pub mod bucket;
pub mod leverage;
pub mod side;
pub mod status;
pub mod trailing;
pub mod types;

pub use bucket::Bucket;
pub use leverage::Leverage;
pub use side::Side;
pub use status::{AmendStatus, ExchangeState, NumericOrderState, OrderStatus, OrderStatusWord, UsStockStatusWord};
pub use trailing::{next_watermark, Trail};
pub use types::{FillMode, OrderType, ProtectiveKind, Session, TimeInForce, TradingHours};
