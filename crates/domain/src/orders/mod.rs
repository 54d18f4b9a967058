//! Order enumerations of SPEC.md section 4: statuses, sides, types, execution options, leverage.

pub mod bucket;
pub mod kinds;
pub mod leverage;
pub mod positions;
pub mod reasons;
pub mod side;
pub mod status;
pub mod trailing;
pub mod types;

pub use bucket::Bucket;
pub use kinds::{OrderFormType, OrderKind, PerpOrderType};
pub use leverage::Leverage;
pub use positions::{PerpMarginStatus, PerpOrigin, PositionSide, UsMarginStatus};
pub use reasons::{AmendRejection, CryptoCancelReason, PerpOrderReason, UsOrderReason};
pub use side::Side;
pub use status::{AmendStatus, ExchangeState, NumericOrderState, OrderStatus, OrderStatusWord, UsStockStatusWord};
pub use trailing::{next_watermark, Trail};
pub use types::{FillMode, OrderType, ProtectiveKind, Session, TimeInForce, TradingHours};
