//! The US-stock order payload and its normalisation before it is sent or executed
//! (R3.15, R4.15, R4.16, R4.17).

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::orders::{FillMode, Leverage, OrderType, ProtectiveKind, Side, TimeInForce, TradingHours};

/// A US-stock buy or sell as posted to the API (R3.15). Absent fields are omitted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UsStockOrderPayload {
    /// The stock's id.
    pub stock_id: String,
    /// Shares to trade (dropped when filling by amount).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quantity: Option<Decimal>,
    /// Limit price per share.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit_price: Option<Decimal>,
    /// Money to trade (dropped when filling by quantity).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<Decimal>,
    /// How long the order stays open.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_in_force: Option<TimeInForce>,
    /// Market, limit, stop, stop-limit or OCO.
    pub order_type: OrderType,
    /// The protective leg an order stands for, for OCO orders.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order_sub_type: Option<ProtectiveKind>,
    /// Which hours it may execute in (dropped for intraday leverage).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trading_hours: Option<TradingHours>,
    /// Trigger price of a stop or stop-limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stop_price: Option<Decimal>,
    /// Stop-loss price of an OCO.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stop_loss: Option<Decimal>,
    /// Take-profit price of an OCO.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub take_profit: Option<Decimal>,
    /// Leverage multiplier (2 or 4); absent when unleveraged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leverage: Option<Leverage>,
    /// True for 4x intraday leverage (R4.16); derived, never trusted from the caller.
    #[serde(default)]
    pub is_intraday_leverage: bool,
}

/// Which family of endpoints a US-stock order goes to (R4.15).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UsStockEndpoint {
    /// The unleveraged buy/sell endpoints.
    Normal,
    /// The leverage buy/sell endpoints.
    Leverage,
}

impl UsStockEndpoint {
    /// Leveraged orders (2x and 4x) use the leverage endpoints, all others the normal ones.
    pub const fn for_leverage(leverage: Leverage) -> Self {
        if leverage.is_leveraged() {
            UsStockEndpoint::Leverage
        } else {
            UsStockEndpoint::Normal
        }
    }
}

impl UsStockOrderPayload {
    /// The leverage the payload asks for; a missing field means none.
    pub fn effective_leverage(&self) -> Leverage {
        self.leverage.unwrap_or_default()
    }

    /// The endpoint family this order goes to (R4.15).
    pub fn endpoint(&self) -> UsStockEndpoint {
        UsStockEndpoint::for_leverage(self.effective_leverage())
    }

    /// Applies the payload rules; idempotent, so the server can re-apply it to what it receives.
    ///
    /// - Fill by quantity drops the amount; fill by amount drops the quantity (R4.17).
    /// - No leverage is sent as an absent field, not as 1.
    /// - Leverage 4 is intraday (R4.16): `isIntradayLeverage` is set, trading hours are
    ///   dropped (the product has its own hours), and an OCO sell with a take-profit is good
    ///   till market close, because intraday positions cannot be held overnight.
    pub fn normalised(mut self, side: Side, fill_mode: FillMode) -> Self {
        match fill_mode {
            FillMode::FillByQuantity => self.amount = None,
            FillMode::FillByAmount => self.quantity = None,
            FillMode::FillByBoth => {}
        }
        let leverage = self.effective_leverage();
        self.leverage = leverage.is_leveraged().then_some(leverage);
        self.is_intraday_leverage = leverage.is_intraday();
        if self.is_intraday_leverage {
            self.trading_hours = None;
            if self.is_oco_take_profit_sell(side) {
                self.time_in_force = Some(TimeInForce::GoodTillMarketClose);
            }
        }
        self
    }

    fn is_oco_take_profit_sell(&self, side: Side) -> bool {
        self.order_type == OrderType::Oco && side == Side::Sell && self.take_profit.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal_macros::dec;

    fn limit_buy() -> UsStockOrderPayload {
        UsStockOrderPayload {
            stock_id: "AAPL".into(),
            quantity: Some(dec!(2)),
            unit_price: Some(dec!(190.5)),
            amount: Some(dec!(381)),
            time_in_force: Some(TimeInForce::GoodTillCancel),
            order_type: OrderType::Limit,
            order_sub_type: None,
            trading_hours: Some(TradingHours::IncludeExtendedHours),
            stop_price: None,
            stop_loss: None,
            take_profit: None,
            leverage: None,
            is_intraday_leverage: false,
        }
    }

    fn oco_sell(leverage: Leverage) -> UsStockOrderPayload {
        UsStockOrderPayload {
            order_type: OrderType::Oco,
            take_profit: Some(dec!(200)),
            stop_loss: Some(dec!(180)),
            leverage: Some(leverage),
            ..limit_buy()
        }
    }

    #[test]
    fn r4_17_fill_by_quantity_drops_amount() {
        let payload = limit_buy().normalised(Side::Buy, FillMode::FillByQuantity);
        assert_eq!((payload.quantity, payload.amount), (Some(dec!(2)), None));
    }

    #[test]
    fn r4_17_fill_by_amount_drops_quantity() {
        let payload = limit_buy().normalised(Side::Buy, FillMode::FillByAmount);
        assert_eq!((payload.quantity, payload.amount), (None, Some(dec!(381))));
        let both = limit_buy().normalised(Side::Buy, FillMode::FillByBoth);
        assert!(both.quantity.is_some() && both.amount.is_some());
    }

    #[test]
    fn r4_16_leverage_four_is_intraday_and_drops_trading_hours() {
        let payload = UsStockOrderPayload { leverage: Some(Leverage::X4), ..limit_buy() };
        let payload = payload.normalised(Side::Buy, FillMode::FillByQuantity);
        assert!(payload.is_intraday_leverage);
        assert_eq!(payload.trading_hours, None);
        assert_eq!(payload.time_in_force, Some(TimeInForce::GoodTillCancel));
    }

    #[test]
    fn r4_16_intraday_oco_take_profit_sell_is_good_till_market_close() {
        let payload = oco_sell(Leverage::X4).normalised(Side::Sell, FillMode::FillByQuantity);
        assert_eq!(payload.time_in_force, Some(TimeInForce::GoodTillMarketClose));
        let overnight = oco_sell(Leverage::X2).normalised(Side::Sell, FillMode::FillByQuantity);
        assert_eq!(overnight.time_in_force, Some(TimeInForce::GoodTillCancel));
        assert!(!overnight.is_intraday_leverage);
        assert_eq!(overnight.trading_hours, Some(TradingHours::IncludeExtendedHours));
    }

    #[test]
    fn r4_16_caller_cannot_claim_intraday_without_leverage_four() {
        let forged = UsStockOrderPayload { is_intraday_leverage: true, ..limit_buy() };
        assert!(!forged.normalised(Side::Buy, FillMode::FillByBoth).is_intraday_leverage);
    }

    #[test]
    fn r4_15_leveraged_orders_use_the_leverage_endpoints() {
        assert_eq!(limit_buy().endpoint(), UsStockEndpoint::Normal);
        assert_eq!(oco_sell(Leverage::None).endpoint(), UsStockEndpoint::Normal);
        assert_eq!(oco_sell(Leverage::X2).endpoint(), UsStockEndpoint::Leverage);
        assert_eq!(oco_sell(Leverage::X4).endpoint(), UsStockEndpoint::Leverage);
    }

    #[test]
    fn r3_15_payload_uses_the_spec_field_names_and_omits_empty_fields() {
        let payload = oco_sell(Leverage::X4).normalised(Side::Sell, FillMode::FillByQuantity);
        let json = serde_json::to_value(&payload).unwrap();
        for field in ["stockId", "quantity", "unitPrice", "timeInForce", "orderType", "stopLoss", "takeProfit"] {
            assert!(json.get(field).is_some(), "{field}");
        }
        assert_eq!(json["leverage"], 4);
        assert_eq!(json["isIntradayLeverage"], true);
        assert!(json.get("amount").is_none() && json.get("tradingHours").is_none());
        let unleveraged = serde_json::to_value(limit_buy().normalised(Side::Buy, FillMode::FillByBoth)).unwrap();
        assert!(unleveraged.get("leverage").is_none());
        let back: UsStockOrderPayload = serde_json::from_value(json).unwrap();
        assert_eq!(back, payload);
    }
}
