//! OCO planning: the two legs of a one-cancels-the-other pair, their engine prices and the one hold
//! they share. Pure, like `plan`: the owner only numbers the legs, holds the money and runs the engine.

use domain::orders::{OrderKind, ProtectiveKind};
use engine::{NewOco, OrderId, OwnerId, Side};

use super::plan::Rules;
use super::repo::OrderRow;
use super::requests::OcoRequest;
use crate::features::orders::errors::TradeError;

/// What an OCO pair becomes: its stop leg's engine price and the holds of each leg.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OcoPlan {
    /// The stop leg's limit in the engine: its stop-limit, a stop-market buy's collar, or none.
    pub stop_engine_price: Option<i64>,
    /// What the take-profit leg alone would hold.
    pub take_profit_hold: i64,
    /// What the stop-loss leg alone would hold.
    pub stop_loss_hold: i64,
}

impl OcoPlan {
    /// The one hold of the pair, carried by the take-profit leg: sized for the dearer leg, since
    /// only one of them can fill.
    pub fn hold(&self) -> i64 {
        self.take_profit_hold.max(self.stop_loss_hold)
    }

    /// The two rows as they are stored once, when the pair is placed: (take-profit, stop-loss).
    pub fn rows(&self, request: &OcoRequest, ids: (i64, i64), symbol: &str, now_ms: i64) -> (OrderRow, OrderRow) {
        let (tp_id, sl_id) = ids;
        let side = request.side;
        let q = Some(request.quantity);
        let mut tp = OrderRow::new(tp_id, &request.user_id, symbol, side, OrderKind::Limit, "QUANTITY", now_ms);
        tp.limit_price = Some(request.take_profit);
        tp.engine_price = Some(request.take_profit);
        (tp.quantity, tp.engine_quantity) = (q, q);
        tp.oco_sibling = Some(sl_id);
        tp.oco_leg = Some(ProtectiveKind::TakeProfit);
        tp.hold_total = self.hold();
        tp.request_id.clone_from(&request.request_id);
        let sl_kind = if request.stop_limit.is_some() { OrderKind::StopLimit } else { OrderKind::Stop };
        let mut sl = OrderRow::new(sl_id, &request.user_id, symbol, side, sl_kind, "QUANTITY", now_ms);
        sl.stop_price = Some(request.stop_loss);
        sl.limit_price = request.stop_limit;
        sl.engine_price = self.stop_engine_price;
        (sl.quantity, sl.engine_quantity) = (q, q);
        sl.oco_sibling = Some(tp_id);
        sl.oco_leg = Some(ProtectiveKind::StopLoss);
        sl.hold_total = self.stop_loss_hold;
        (tp, sl)
    }

    /// What the engine is given for the pair numbered `ids` of `owner`.
    pub fn engine(&self, request: &OcoRequest, ids: (i64, i64), owner: OwnerId) -> NewOco {
        NewOco {
            owner,
            side: request.side,
            qty: request.quantity,
            limit_id: OrderId(ids.0 as u64),
            limit_price: request.take_profit,
            stop_id: OrderId(ids.1 as u64),
            stop_price: request.stop_loss,
            stop_limit_price: self.stop_engine_price,
        }
    }
}

/// Plans an OCO pair: a buy holds rupiah for the dearer leg (a stop-market buy at its collar), a
/// sell holds the coins once; the cheaper leg must reach the pair's minimum order value.
pub fn plan_oco(rules: &Rules<'_>, request: &OcoRequest) -> Result<OcoPlan, TradeError> {
    let q = request.quantity;
    let buy = request.side == Side::Buy;
    let stop_engine_price = match (request.stop_limit, buy) {
        (Some(p), _) => Some(p),
        (None, true) => Some(rules.collar(request.stop_loss)?),
        (None, false) => None,
    };
    let (take_profit_hold, stop_loss_hold) = if buy {
        (rules.buy_hold(request.take_profit, q)?, rules.buy_hold(stop_engine_price.unwrap_or(request.stop_loss), q)?)
    } else {
        (rules.spec.ledger_units(q)?, rules.spec.ledger_units(q)?)
    };
    if rules.spec.value_sen(request.take_profit.min(request.stop_loss), q)? < rules.min_order_sen()? {
        return Err(TradeError::BelowMinimum);
    }
    Ok(OcoPlan { stop_engine_price, take_profit_hold, stop_loss_hold })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::TradingSettings;
    use crate::features::trading::pair::PairSpec;

    fn request(side: Side, stop_limit: Option<i64>) -> OcoRequest {
        OcoRequest {
            user_id: "u".into(),
            request_id: Some("r".into()),
            side,
            quantity: 1_000_000,
            take_profit: 900_000_000,
            stop_loss: 1_100_000_000,
            stop_limit,
        }
    }

    #[test]
    fn r4_07_an_oco_buy_holds_once_for_its_dearer_leg_the_stop_market_at_its_collar() {
        let (spec, settings) = (PairSpec::new("BTC-IDR", "BTC", 0, 8, true), TradingSettings::default());
        let rules = Rules { spec: &spec, settings: &settings };
        let planned = plan_oco(&rules, &request(Side::Buy, None)).unwrap();
        let collar = rules.collar(1_100_000_000).unwrap();
        assert_eq!(planned.stop_engine_price, Some(collar));
        assert_eq!(planned.stop_loss_hold, rules.buy_hold(collar, 1_000_000).unwrap());
        assert_eq!(planned.hold(), planned.stop_loss_hold, "the stop leg at its collar is the dearer");
        let (tp, sl) = planned.rows(&request(Side::Buy, None), (7, 8), "BTC-IDR", 5);
        assert_eq!((tp.hold_total, sl.hold_total), (planned.hold(), planned.stop_loss_hold));
        assert_eq!((tp.oco_sibling, sl.oco_sibling, sl.order_type), (Some(8), Some(7), OrderKind::Stop));
        assert_eq!((tp.request_id.as_deref(), sl.request_id), (Some("r"), None), "the pair answers once");
    }

    #[test]
    fn r4_07_an_oco_sell_holds_its_coins_once_and_a_stop_limit_leg_keeps_its_limit() {
        let (spec, settings) = (PairSpec::new("BTC-IDR", "BTC", 0, 8, true), TradingSettings::default());
        let rules = Rules { spec: &spec, settings: &settings };
        let planned = plan_oco(&rules, &request(Side::Sell, Some(1_090_000_000))).unwrap();
        assert_eq!(Ok(planned.hold()), spec.ledger_units(1_000_000));
        assert_eq!(planned.stop_engine_price, Some(1_090_000_000));
        let (_, sl) = planned.rows(&request(Side::Sell, Some(1_090_000_000)), (1, 2), "BTC-IDR", 5);
        assert_eq!((sl.order_type, sl.limit_price), (OrderKind::StopLimit, Some(1_090_000_000)));
    }

    #[test]
    fn an_oco_whose_cheaper_leg_is_below_the_minimum_is_refused() {
        let (spec, settings) = (PairSpec::new("BTC-IDR", "BTC", 0, 8, true), TradingSettings::default());
        let rules = Rules { spec: &spec, settings: &settings };
        let tiny = OcoRequest { quantity: 1, ..request(Side::Sell, None) };
        assert!(matches!(plan_oco(&rules, &tiny), Err(TradeError::BelowMinimum)));
    }
}
