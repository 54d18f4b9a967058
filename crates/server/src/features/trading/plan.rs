//! Order planning: what a new order becomes in the engine, what it holds and what is stored of it.
//! Pure: it reads the pair's rules and its book and writes nothing, so every order type's rules are
//! unit-tested here without a database or an owner task.

use domain::fees::buy_total;
use domain::fees::net_for_gross;
use domain::money::{MinorUnits, Scale};
use domain::orders::{OrderKind, Trail};
use domain::precision::Rounding;
use domain::MoneyError;
use engine::{Book, OrderType, Side, TimeInForce};

use super::pair::PairSpec;
use super::repo::OrderRow;
use super::requests::{PlaceKind, PlaceRequest};
use crate::config::TradingSettings;
use crate::features::orders::errors::TradeError;

/// Basis points in one.
const BPS: i128 = 10_000;

/// The pricing rules of one pair: its scales and the trading settings.
#[derive(Clone, Copy)]
pub struct Rules<'a> {
    /// The pair's scales.
    pub spec: &'a PairSpec,
    /// Fees, minimums and collars.
    pub settings: &'a TradingSettings,
}

impl Rules<'_> {
    /// What a buy of `quantity` at worst `price` may cost, fees and tax included.
    pub fn buy_hold(&self, price: i64, quantity: i64) -> Result<i64, TradeError> {
        Ok(buy_total(self.spec.value_sen(price, quantity)?, &self.settings.fees)?)
    }

    /// The limit a stop-market buy executes at once triggered: its trigger plus the collar, rounded
    /// up, so its hold bounds what it can spend.
    pub fn collar(&self, stop: i64) -> Result<i64, TradeError> {
        let bps = i128::from(self.settings.stop_buy_collar_bps);
        let up = (i128::from(stop) * (BPS + bps) + (BPS - 1)) / BPS;
        Ok(i64::try_from(up).map_err(|_| MoneyError::Overflow)?)
    }

    /// The smallest order value, in sen.
    pub fn min_order_sen(&self) -> Result<i64, TradeError> {
        Ok(MinorUnits::from_decimal(self.settings.min_order_idr, Scale::IDR, Rounding::Truncate)?.count())
    }

    fn check_min(&self, price: i64, quantity: i64) -> Result<(), TradeError> {
        if self.spec.value_sen(price, quantity)? < self.min_order_sen()? {
            return Err(TradeError::BelowMinimum);
        }
        Ok(())
    }

    /// What an order holds: rupiah with fees for a buy at `price`, the coins for a sell.
    fn hold(&self, side: Side, price: i64, quantity: i64) -> Result<i64, TradeError> {
        match side {
            Side::Buy => self.buy_hold(price, quantity),
            Side::Sell => Ok(self.spec.ledger_units(quantity)?),
        }
    }
}

/// The plan of a new order: the engine's order type, the hold and the stored fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// What the engine is given.
    pub engine: OrderType,
    /// Sen (buys) or coin ledger units (sells) reserved until the order ends.
    pub hold: i64,
    order_type: OrderKind,
    input_type: &'static str,
    limit_price: Option<i64>,
    stop_price: Option<i64>,
    quantity: Option<i64>,
    amount: Option<i64>,
    engine_price: Option<i64>,
    trail: Option<Trail>,
    trail_watermark: Option<i64>,
}

impl Plan {
    fn new(order_type: OrderKind, engine: OrderType, hold: i64) -> Self {
        Plan {
            engine,
            hold,
            order_type,
            input_type: "QUANTITY",
            limit_price: None,
            stop_price: None,
            quantity: None,
            amount: None,
            engine_price: None,
            trail: None,
            trail_watermark: None,
        }
    }

    /// The order's row as it is stored, once, when the order is placed.
    pub fn row(&self, id: i64, symbol: &str, request: &PlaceRequest, now_ms: i64) -> OrderRow {
        let side = request.side;
        let mut row = OrderRow::new(id, &request.user_id, symbol, side, self.order_type, self.input_type, now_ms);
        row.limit_price = self.limit_price;
        row.stop_price = self.stop_price;
        row.quantity = self.quantity;
        row.amount = self.amount;
        row.engine_price = self.engine_price;
        row.engine_quantity = self.quantity;
        row.hold_total = self.hold;
        row.request_id.clone_from(&request.request_id);
        match self.trail {
            Some(Trail::Amount(a)) => row.trail_amount = Some(a),
            Some(Trail::Percent(p)) => row.trail_percent = Some(p.to_string()),
            None => {}
        }
        row.trail_watermark = self.trail_watermark;
        row
    }
}

/// Plans `request` against the pair's `rules` and its `book` as it stands.
pub fn plan(rules: &Rules<'_>, book: &Book, request: &PlaceRequest) -> Result<Plan, TradeError> {
    let side = request.side;
    match request.kind {
        PlaceKind::MarketAmount { amount } => market_buy_by_amount(rules, book, side, amount),
        PlaceKind::Market { quantity } if side == Side::Buy => market_buy(rules, book, quantity),
        PlaceKind::Market { quantity } => market_sell(rules, book, quantity),
        PlaceKind::Limit { price, quantity } => {
            rules.check_min(price, quantity)?;
            let engine = OrderType::Limit { price, qty: quantity, tif: TimeInForce::Gtc };
            let mut plan = Plan::new(OrderKind::Limit, engine, rules.hold(side, price, quantity)?);
            plan.limit_price = Some(price);
            plan.engine_price = Some(price);
            plan.quantity = Some(quantity);
            Ok(plan)
        }
        PlaceKind::Stop { stop, quantity } => stop_market(rules, side, stop, quantity),
        PlaceKind::TrailingStop { trail, quantity } => trailing_stop(rules, book, side, trail, quantity),
        PlaceKind::StopLimit { stop, price, quantity } => {
            rules.check_min(price, quantity)?;
            let engine = OrderType::StopLimit { stop_price: stop, price, qty: quantity, tif: TimeInForce::Gtc };
            let mut plan = Plan::new(OrderKind::StopLimit, engine, rules.hold(side, price, quantity)?);
            plan.stop_price = Some(stop);
            plan.limit_price = Some(price);
            plan.engine_price = Some(price);
            plan.quantity = Some(quantity);
            Ok(plan)
        }
    }
}

/// A market buy spending at most `amount` sen, fees included: the engine spends the net.
fn market_buy_by_amount(rules: &Rules<'_>, book: &Book, side: Side, amount: i64) -> Result<Plan, TradeError> {
    if side != Side::Buy {
        return Err(TradeError::Rejected("only a buy can be sized by amount".into()));
    }
    if amount < rules.min_order_sen()? {
        return Err(TradeError::BelowMinimum);
    }
    if book.best_ask().is_none() {
        return Err(TradeError::NoLiquidity);
    }
    let quote = rules.spec.quote_from_sen(net_for_gross(amount, &rules.settings.fees)?)?;
    let mut plan = Plan::new(OrderKind::Market, OrderType::MarketQuote { quote }, amount);
    plan.input_type = "AMOUNT";
    plan.amount = Some(amount);
    Ok(plan)
}

/// A market buy of a quantity is sent as an IOC limit at the worst ask it needs now, so the hold
/// bounds its cost.
fn market_buy(rules: &Rules<'_>, book: &Book, quantity: i64) -> Result<Plan, TradeError> {
    let worst = worst_ask_for(book, quantity).ok_or(TradeError::NoLiquidity)?;
    let best = book.best_ask().map_or(worst, |l| l.price);
    rules.check_min(best, quantity)?;
    let engine = OrderType::Limit { price: worst, qty: quantity, tif: TimeInForce::Ioc };
    let mut plan = Plan::new(OrderKind::Market, engine, rules.buy_hold(worst, quantity)?);
    plan.quantity = Some(quantity);
    plan.engine_price = Some(worst);
    Ok(plan)
}

fn market_sell(rules: &Rules<'_>, book: &Book, quantity: i64) -> Result<Plan, TradeError> {
    let best = book.best_bid().ok_or(TradeError::NoLiquidity)?.price;
    rules.check_min(best, quantity)?;
    let mut plan =
        Plan::new(OrderKind::Market, OrderType::Market { qty: quantity }, rules.spec.ledger_units(quantity)?);
    plan.quantity = Some(quantity);
    Ok(plan)
}

/// A stop-market buy is a stop-limit at a collar above its trigger, so its hold bounds it.
fn stop_market(rules: &Rules<'_>, side: Side, stop: i64, quantity: i64) -> Result<Plan, TradeError> {
    rules.check_min(stop, quantity)?;
    let (engine, hold, engine_price) = if side == Side::Buy {
        let collar = rules.collar(stop)?;
        let engine = OrderType::StopLimit { stop_price: stop, price: collar, qty: quantity, tif: TimeInForce::Ioc };
        (engine, rules.buy_hold(collar, quantity)?, Some(collar))
    } else {
        (OrderType::Stop { stop_price: stop, qty: quantity }, rules.spec.ledger_units(quantity)?, None)
    };
    let mut plan = Plan::new(OrderKind::Stop, engine, hold);
    plan.stop_price = Some(stop);
    plan.quantity = Some(quantity);
    plan.engine_price = engine_price;
    Ok(plan)
}

/// A trailing stop sells once the price falls its trail below the highest bid since it was placed
/// (R4.10): a stop-market sell whose trigger the owner raises as the bid rises.
fn trailing_stop(rules: &Rules<'_>, book: &Book, side: Side, trail: Trail, quantity: i64) -> Result<Plan, TradeError> {
    if side == Side::Buy {
        return Err(TradeError::Rejected("a trailing stop protects a holding: it is a sell".into()));
    }
    let bid = book.best_bid().ok_or(TradeError::NoLiquidity)?.price;
    let stop = trail.stop_price(domain::orders::Side::Sell, bid);
    if stop <= 0 || stop >= bid {
        return Err(TradeError::Rejected("the trail must be above zero and below the price".into()));
    }
    let mut plan = stop_market(rules, Side::Sell, stop, quantity)?;
    plan.order_type = OrderKind::TrailingStop;
    plan.trail = Some(trail);
    plan.trail_watermark = Some(bid);
    Ok(plan)
}

/// The worst ask a market buy of `quantity` reaches now, or `None` without enough asks.
fn worst_ask_for(book: &Book, quantity: i64) -> Option<i64> {
    let mut left = quantity;
    for level in book.depth(Side::Sell, usize::MAX) {
        left -= level.qty;
        if left <= 0 {
            return Some(level.price);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use engine::{NewOrder, OrderId, OwnerId};

    use super::*;
    use crate::features::trading::owner::book_config;

    /// BTC-IDR: prices in whole rupiah, quantities in 10^-8 BTC.
    fn spec() -> PairSpec {
        PairSpec::new("BTC-IDR", "BTC", 0, 8, true)
    }

    /// A book with asks of 0.01 BTC at Rp1,000,000,000 and Rp1,000,100,000, and a bid below.
    fn book(settings: &TradingSettings) -> Book {
        let mut book = Book::new(book_config(settings));
        let mut out = Vec::new();
        let rest = |id: u64, side: Side, price: i64| NewOrder {
            id: OrderId(id),
            owner: OwnerId(1),
            side,
            order_type: OrderType::Limit { price, qty: 1_000_000, tif: TimeInForce::Gtc },
        };
        book.place(rest(1, Side::Sell, 1_000_000_000), &mut out);
        book.place(rest(2, Side::Sell, 1_000_100_000), &mut out);
        book.place(rest(3, Side::Buy, 999_000_000), &mut out);
        book
    }

    fn request(side: Side, kind: PlaceKind) -> PlaceRequest {
        PlaceRequest { user_id: "u".into(), request_id: None, side, kind }
    }

    #[test]
    fn r5_06_a_limit_buy_holds_its_value_with_fee_and_a_sell_holds_its_coins() {
        let (spec, settings) = (spec(), TradingSettings::default());
        let rules = Rules { spec: &spec, settings: &settings };
        let kind = PlaceKind::Limit { price: 900_000_000, quantity: 1_000_000 };
        let buy = plan(&rules, &book(&settings), &request(Side::Buy, kind)).unwrap();
        // 0.01 BTC at Rp900,000,000 = Rp9,000,000 plus 0.15 % fee = Rp9,013,500.
        assert_eq!(buy.hold, 901_350_000);
        let sell = plan(&rules, &book(&settings), &request(Side::Sell, kind)).unwrap();
        assert_eq!(Ok(sell.hold), spec.ledger_units(1_000_000));
    }

    #[test]
    fn a_market_buy_of_a_quantity_is_an_ioc_limit_at_the_worst_ask_it_reaches() {
        let (spec, settings) = (spec(), TradingSettings::default());
        let rules = Rules { spec: &spec, settings: &settings };
        let planned = plan(&rules, &book(&settings), &request(Side::Buy, PlaceKind::Market { quantity: 1_500_000 }));
        let planned = planned.unwrap();
        let worst = 1_000_100_000;
        assert_eq!(planned.engine, OrderType::Limit { price: worst, qty: 1_500_000, tif: TimeInForce::Ioc });
        assert_eq!(planned.hold, rules.buy_hold(worst, 1_500_000).unwrap());
        let too_much = plan(&rules, &book(&settings), &request(Side::Buy, PlaceKind::Market { quantity: 3_000_000 }));
        assert!(matches!(too_much, Err(TradeError::NoLiquidity)));
    }

    #[test]
    fn a_buy_by_amount_holds_the_amount_and_only_buys_are_sized_by_amount() {
        let (spec, settings) = (spec(), TradingSettings::default());
        let rules = Rules { spec: &spec, settings: &settings };
        let planned =
            plan(&rules, &book(&settings), &request(Side::Buy, PlaceKind::MarketAmount { amount: 5_000_000 }));
        assert_eq!(planned.unwrap().hold, 5_000_000);
        let sell = plan(&rules, &book(&settings), &request(Side::Sell, PlaceKind::MarketAmount { amount: 5_000_000 }));
        assert!(matches!(sell, Err(TradeError::Rejected(_))));
        let small = plan(&rules, &book(&settings), &request(Side::Buy, PlaceKind::MarketAmount { amount: 999_999 }));
        assert!(matches!(small, Err(TradeError::BelowMinimum)));
    }

    #[test]
    fn a_stop_market_buy_holds_at_its_collar_above_the_trigger() {
        let (spec, settings) = (spec(), TradingSettings::default());
        let rules = Rules { spec: &spec, settings: &settings };
        let kind = PlaceKind::Stop { stop: 1_000_000_001, quantity: 1_000_000 };
        let planned = plan(&rules, &book(&settings), &request(Side::Buy, kind)).unwrap();
        // 5 % (500 bps) above the trigger, rounded up to the tick.
        let collar = 1_050_000_002;
        assert_eq!(rules.collar(1_000_000_001).unwrap(), collar);
        assert_eq!(planned.hold, rules.buy_hold(collar, 1_000_000).unwrap());
        let sell = plan(&rules, &book(&settings), &request(Side::Sell, kind)).unwrap();
        assert_eq!(sell.engine, OrderType::Stop { stop_price: 1_000_000_001, qty: 1_000_000 });
    }

    #[test]
    fn orders_below_the_minimum_value_and_values_beyond_counting_are_refused() {
        let (spec, settings) = (spec(), TradingSettings::default());
        let rules = Rules { spec: &spec, settings: &settings };
        // 0.00000100 BTC at Rp900,000,000 is Rp900, below the Rp10,000 minimum.
        let small =
            plan(&rules, &book(&settings), &request(Side::Buy, PlaceKind::Limit { price: 900_000_000, quantity: 100 }));
        assert!(matches!(small, Err(TradeError::BelowMinimum)));
        let huge = PlaceKind::Limit { price: i64::MAX / 2, quantity: i64::MAX / 2 };
        assert!(plan(&rules, &book(&settings), &request(Side::Buy, huge)).is_err());
        assert!(rules.collar(i64::MAX).is_err());
    }
}
