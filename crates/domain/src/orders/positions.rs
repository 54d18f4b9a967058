//! Who placed a perpetual order, and how a position stands: its side and its margin.

use crate::text_enum::text_enum;

text_enum! {
    /// Who placed a perpetual order.
    pub enum PerpOrigin {
        /// The user's own order.
        User => "USER",
        /// The user's close-position call.
        Close => "CLOSE",
        /// The position's take-profit.
        TakeProfit => "TAKE_PROFIT",
        /// The position's stop-loss.
        StopLoss => "STOP_LOSS",
        /// The liquidation engine.
        Liquidation => "LIQUIDATION",
    }
}

text_enum! {
    /// Which way a perpetual position points.
    pub enum PositionSide {
        /// More contracts bought than sold.
        Long => "LONG",
        /// More contracts sold than bought.
        Short => "SHORT",
        /// None held.
        Flat => "FLAT",
    }
}

impl PositionSide {
    /// The side of a signed position size.
    pub const fn of_size(size: i64) -> Self {
        match size.signum() {
            1 => PositionSide::Long,
            -1 => PositionSide::Short,
            _ => PositionSide::Flat,
        }
    }
}

text_enum! {
    /// Whether a perpetual wallet's margin ratio has reached the margin-call level.
    pub enum PerpMarginStatus {
        /// Below the margin-call level.
        Ok => "OK",
        /// At or above it.
        MarginCall => "MARGIN_CALL",
    }
}

text_enum! {
    /// Whether a leveraged US-stock position's equity has fallen below its maintenance level.
    pub enum UsMarginStatus {
        /// Above the maintenance level.
        Normal => "NORMAL",
        /// Below it: the user is asked to add money before a liquidation.
        MarginCall => "MARGIN_CALL",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_side_follows_the_sign_of_its_size() {
        assert_eq!(PositionSide::of_size(3), PositionSide::Long);
        assert_eq!(PositionSide::of_size(-1), PositionSide::Short);
        assert_eq!(PositionSide::of_size(0).as_str(), "FLAT");
    }
}
