//! What an open US-stock order holds: a buy reserves the user's own share of its value (value ÷ the
//! bucket's leverage) plus fee and tax from the bucket's USD; a sell reserves the shares.

use domain::fees::{margin_buy_total, FeeSchedule};
use domain::money::MoneyError;
use domain::orders::{Bucket, OrderKind, Side};

use super::repo::UsOrderRow;
use super::units::value_up;

/// A market or stop buy reserves for a price this far above the market (basis points): the price
/// can move between placing and filling.
pub const MARKET_BUY_COLLAR_BPS: i64 = 200;

/// The user's own money in a position of `value` micro-dollars (the rest is lent), rounded up.
pub fn own_part(value: i64, bucket: Bucket) -> i64 {
    let m = bucket.multiplier();
    value / m + i64::from(value % m != 0)
}

/// What a buy of `value` costs the user from the bucket: own part, fee and tax.
pub fn buy_cost(value: i64, bucket: Bucket, fees: &FeeSchedule) -> Result<i64, MoneyError> {
    margin_buy_total(value, own_part(value, bucket), fees)
}

/// The price a buy's hold is computed at: its limit, or the trigger or market plus the collar.
pub fn hold_price(kind: OrderKind, limit: Option<i64>, stop: Option<i64>, ask: i64) -> i64 {
    let collar = |p: i64| p + p * MARKET_BUY_COLLAR_BPS / 10_000;
    match kind {
        OrderKind::Limit | OrderKind::StopLimit => limit.unwrap_or(ask),
        OrderKind::Stop => collar(stop.unwrap_or(ask)),
        OrderKind::Market | OrderKind::TrailingStop => collar(ask),
    }
}

/// What the order must still hold: micro-dollars for a buy, quantity units for a sell.
pub fn remaining(order: &UsOrderRow, ask: i64, fees: &FeeSchedule) -> Result<i64, MoneyError> {
    let side = order.side;
    if side == Side::Sell {
        return Ok(order.quantity.unwrap_or(0) - order.filled_quantity);
    }
    let bucket: Bucket = order.bucket.parse().unwrap_or(Bucket::Paln);
    let value = match (order.quantity, order.amount) {
        (Some(q), _) => {
            value_up(hold_price(order.order_type, order.limit_price, order.stop_price, ask), q - order.filled_quantity)?
        }
        (None, Some(a)) => a - order.filled_value,
        (None, None) => 0,
    };
    if value <= 0 {
        Ok(0)
    } else {
        buy_cost(value, bucket, fees)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal::Decimal;

    const FEES: FeeSchedule = FeeSchedule {
        transaction_fee_percentage: Decimal::from_parts(10, 0, 0, false, 2),
        buy_tax_percentage: Decimal::ZERO,
        sell_tax_percentage: Decimal::ZERO,
    };

    #[test]
    fn r3_10_a_leveraged_buy_holds_its_own_part_and_the_whole_fee() {
        // $1,000 of stock: 0.10 % fee = $1
        assert_eq!(buy_cost(1_000_000_000, Bucket::Paln, &FEES), Ok(1_001_000_000));
        assert_eq!(buy_cost(1_000_000_000, Bucket::Leverage, &FEES), Ok(501_000_000));
        assert_eq!(buy_cost(1_000_000_000, Bucket::Intraday, &FEES), Ok(251_000_000));
        assert_eq!(own_part(5, Bucket::Intraday), 2, "the own part rounds up");
    }

    #[test]
    fn market_and_stop_buys_hold_for_a_collar_above_the_price() {
        assert_eq!(hold_price(OrderKind::Market, None, None, 1_000_000), 1_020_000);
        assert_eq!(hold_price(OrderKind::Stop, None, Some(1_100_000), 1_000_000), 1_122_000);
        assert_eq!(hold_price(OrderKind::Limit, Some(990_000), None, 1_000_000), 990_000);
    }
}
