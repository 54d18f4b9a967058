//! Amend planning: what a change to a live order asks of the engine and what the order holds after
//! it. Pure, like `plan`: the owner closes the old hold, runs the engine and settles the new one.

use domain::orders::{OrderKind, ProtectiveKind};
use engine::{Amend, OrderId, OwnerId};

use super::plan::Rules;
use super::repo::OrderRow;
use super::requests::AmendRequest;
use crate::features::orders::errors::TradeError;

/// What an amend becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AmendPlan {
    /// The order's hold after the change: its new worst cost (a buy) or its coins (a sell).
    pub hold_total: i64,
    /// The new total quantity, if it changes.
    pub quantity: Option<i64>,
    /// The new engine price, if it changes (a waiting stop-market buy's collar follows its trigger).
    pub engine_price: Option<i64>,
    /// The new trigger, if it changes; a triggered stop has none to change.
    pub stop_price: Option<i64>,
}

impl AmendPlan {
    /// What the engine is given for order `id` of `owner`.
    pub fn engine(&self, id: i64, owner: OwnerId) -> Amend {
        Amend {
            id: OrderId(id as u64),
            owner,
            qty: self.quantity,
            price: self.engine_price,
            stop_price: self.stop_price,
        }
    }
}

/// Plans `request` on the live order `row`. An OCO leg changes its price, never its size (both
/// legs share one hold); a take-profit buy leg keeps the pair's hold if its new cost is lower.
pub fn plan_amend(rules: &Rules<'_>, row: &OrderRow, request: &AmendRequest) -> Result<AmendPlan, TradeError> {
    if row.oco_sibling.is_some() && request.quantity.is_some() {
        return Err(TradeError::Rejected("the quantity of an OCO leg cannot change".into()));
    }
    let buy = row.side == domain::Side::Buy;
    let stop_market_buy = buy && row.order_type == OrderKind::Stop && !row.triggered;
    let quantity = request.quantity.or(row.quantity).unwrap_or(0);
    let limit = if stop_market_buy { None } else { request.limit_price };
    let stop = if row.triggered { None } else { request.stop_price };
    let collared = if stop_market_buy { stop.map(|s| rules.collar(s)).transpose()? } else { None };
    let worst_price = collared.or(limit).or(row.engine_price);
    let new_total =
        if buy { rules.buy_hold(worst_price.unwrap_or(0), quantity)? } else { rules.spec.ledger_units(quantity)? };
    let hold_total =
        if row.oco_leg == Some(ProtectiveKind::TakeProfit) && buy { row.hold_total.max(new_total) } else { new_total };
    Ok(AmendPlan {
        hold_total,
        quantity: request.quantity,
        engine_price: if stop_market_buy { collared } else { limit },
        stop_price: stop,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::TradingSettings;
    use crate::features::trading::pair::PairSpec;

    fn resting(side: domain::Side, kind: OrderKind) -> OrderRow {
        let mut row = OrderRow::new(5, "u", "BTC-IDR", side, kind, "QUANTITY", 0);
        (row.limit_price, row.engine_price, row.quantity) = (Some(900_000_000), Some(900_000_000), Some(1_000_000));
        row
    }

    fn change(quantity: Option<i64>, limit_price: Option<i64>, stop_price: Option<i64>) -> AmendRequest {
        AmendRequest { user_id: "u".into(), order_id: 5, quantity, limit_price, stop_price }
    }

    #[test]
    fn r2_14_a_limit_buy_amended_holds_its_new_cost_and_a_sell_its_new_coins() {
        let (spec, settings) = (PairSpec::new("BTC-IDR", "BTC", 0, 8, true), TradingSettings::default());
        let rules = Rules { spec: &spec, settings: &settings };
        let buy = resting(domain::Side::Buy, OrderKind::Limit);
        let planned = plan_amend(&rules, &buy, &change(Some(2_000_000), Some(800_000_000), None)).unwrap();
        assert_eq!(planned.hold_total, rules.buy_hold(800_000_000, 2_000_000).unwrap());
        assert_eq!(
            (planned.quantity, planned.engine_price, planned.stop_price),
            (Some(2_000_000), Some(800_000_000), None)
        );
        let sell = resting(domain::Side::Sell, OrderKind::Limit);
        let planned = plan_amend(&rules, &sell, &change(Some(500_000), None, None)).unwrap();
        assert_eq!((Ok(planned.hold_total), planned.engine_price), (spec.ledger_units(500_000), None));
    }

    #[test]
    fn a_waiting_stop_market_buy_moves_its_collar_with_its_trigger_and_a_triggered_stop_keeps_it() {
        let (spec, settings) = (PairSpec::new("BTC-IDR", "BTC", 0, 8, true), TradingSettings::default());
        let rules = Rules { spec: &spec, settings: &settings };
        let mut stop = resting(domain::Side::Buy, OrderKind::Stop);
        stop.limit_price = None;
        let planned = plan_amend(&rules, &stop, &change(None, Some(1), Some(1_000_000_000))).unwrap();
        let collar = rules.collar(1_000_000_000).unwrap();
        assert_eq!((planned.engine_price, planned.stop_price), (Some(collar), Some(1_000_000_000)));
        assert_eq!(planned.hold_total, rules.buy_hold(collar, 1_000_000).unwrap());
        stop.triggered = true;
        let planned = plan_amend(&rules, &stop, &change(None, Some(950_000_000), Some(1_000_000_000))).unwrap();
        assert_eq!((planned.engine_price, planned.stop_price), (Some(950_000_000), None));
    }

    #[test]
    fn an_oco_leg_keeps_its_size_and_a_take_profit_buy_keeps_the_pairs_larger_hold() {
        let (spec, settings) = (PairSpec::new("BTC-IDR", "BTC", 0, 8, true), TradingSettings::default());
        let rules = Rules { spec: &spec, settings: &settings };
        let mut leg = resting(domain::Side::Buy, OrderKind::Limit);
        (leg.oco_sibling, leg.oco_leg, leg.hold_total) = (Some(6), Some(ProtectiveKind::TakeProfit), 999_999_999_999);
        let resized = plan_amend(&rules, &leg, &change(Some(2_000_000), None, None));
        assert!(matches!(resized, Err(TradeError::Rejected(_))));
        let repriced = plan_amend(&rules, &leg, &change(None, Some(800_000_000), None)).unwrap();
        assert_eq!(repriced.hold_total, 999_999_999_999, "the stop leg may still need it");
    }
}
