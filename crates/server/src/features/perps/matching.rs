//! Users meet users (docs/perps.md "Matching"): a taking order runs on our matching engine against
//! the other users' resting limit orders of its contract and the liquidity providers' levels, price
//! first, then time, each trade at the resting side's price. The database is the book of record, so
//! the engine's book is built for the one command from the rows the caller read under the
//! contract's lock: nothing in memory can drift from what is stored.

use domain::orders::Side;
use engine::{Book, Config, Event, NewOrder, OrderId, OrderType, OwnerId, Quote, SelfTradePolicy, TimeInForce};

use super::venue::Level;

/// One user's resting order as the engine is offered it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resting {
    /// Its price, ticks.
    pub price: i64,
    /// The lots it offers now (a reduce-only order no more than it can still reduce).
    pub lots: i64,
}

/// What one resting order of a user gave the taker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MakerFill {
    /// Its index in the `resting` slice the caller passed.
    pub index: usize,
    /// Lots.
    pub lots: i64,
    /// At the resting order's price, ticks.
    pub price: i64,
}

/// What the taker got: lots and `Σ lots × price` in all, and the users' part of it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Matched {
    /// Lots filled.
    pub lots: i64,
    /// Σ lots × price, value scale.
    pub value: i64,
    /// The users' resting orders it met, in the order it met them.
    pub makers: Vec<MakerFill>,
}

/// The liquidity providers' owner in the command's book; users are numbered after it.
const PROVIDERS: OwnerId = OwnerId(0);
/// The taker's owner: never one of the resting users (the caller leaves the taker's own out).
const TAKER: OwnerId = OwnerId(u64::MAX);

/// Matches a taker of `side` for `lots` up to `limit` (ticks; none for a market order) against
/// `resting` (the other side's user orders, oldest first, so the engine gives them time priority)
/// and the providers' `levels` of that side. At one price the users' orders come first: they were
/// there before the providers' current quote.
pub fn match_taker(side: Side, lots: i64, limit: Option<i64>, resting: &[Resting], levels: &[Level]) -> Matched {
    let count = resting.len() + levels.len() + 1;
    let room = u32::try_from(count).unwrap_or(u32::MAX);
    let config = Config {
        orders_max: room,
        orders_per_owner_max: room,
        self_trade: SelfTradePolicy::CancelTaker,
        ..Config::default()
    };
    let mut book = Book::new(config);
    let mut events = Vec::with_capacity(count * 2);
    let maker_side = side.opposite();
    for (i, order) in resting.iter().enumerate().filter(|(_, o)| o.lots > 0 && o.price > 0) {
        let id = i as u64 + 1;
        let order_type = OrderType::Limit { price: order.price, qty: order.lots, tif: TimeInForce::Gtc };
        book.place(NewOrder { id: OrderId(id), owner: OwnerId(id), side: maker_side, order_type }, &mut events);
    }
    let first_quote = resting.len() as u64 + 1;
    let quotes: Vec<Quote> = levels
        .iter()
        .filter(|l| l.lots > 0 && l.price > 0)
        .enumerate()
        .map(|(j, l)| Quote { id: OrderId(first_quote + j as u64), side: maker_side, price: l.price, qty: l.lots })
        .collect();
    book.replace_quotes(PROVIDERS, &quotes, &mut events);
    events.clear();
    let order_type = match limit {
        Some(price) => OrderType::Limit { price, qty: lots, tif: TimeInForce::Ioc },
        None => OrderType::Market { qty: lots },
    };
    book.place(NewOrder { id: OrderId(0), owner: TAKER, side, order_type }, &mut events);
    let mut matched = Matched::default();
    for event in &events {
        let Event::Fill(fill) = event else { continue };
        matched.lots += fill.qty;
        matched.value += fill.qty * fill.price;
        if fill.maker_owner != PROVIDERS {
            let index = usize::try_from(fill.maker_order.0 - 1).unwrap_or(usize::MAX);
            matched.makers.push(MakerFill { index, lots: fill.qty, price: fill.price });
        }
    }
    matched
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(price: i64, lots: i64) -> Level {
        Level { price, lots }
    }

    #[test]
    fn a_market_buy_takes_a_user_inside_the_spread_before_the_providers() {
        let resting = [Resting { price: 1_005, lots: 3 }];
        let matched = match_taker(Side::Buy, 5, None, &resting, &[level(1_010, 10)]);
        assert_eq!(matched.lots, 5);
        assert_eq!(matched.value, 3 * 1_005 + 2 * 1_010);
        assert_eq!(matched.makers, vec![MakerFill { index: 0, lots: 3, price: 1_005 }]);
    }

    #[test]
    fn price_then_time_and_users_first_at_one_price() {
        let resting =
            [Resting { price: 1_010, lots: 2 }, Resting { price: 1_008, lots: 1 }, Resting { price: 1_010, lots: 4 }];
        let matched = match_taker(Side::Buy, 6, Some(1_010), &resting, &[level(1_010, 10), level(1_012, 10)]);
        assert_eq!(
            matched.makers,
            vec![
                MakerFill { index: 1, lots: 1, price: 1_008 },
                MakerFill { index: 0, lots: 2, price: 1_010 },
                MakerFill { index: 2, lots: 3, price: 1_010 },
            ]
        );
        assert_eq!((matched.lots, matched.value), (6, 1_008 + 5 * 1_010));
    }

    #[test]
    fn a_sell_limit_stops_at_its_price_and_skips_empty_offers() {
        let resting =
            [Resting { price: 990, lots: 0 }, Resting { price: 995, lots: 2 }, Resting { price: 980, lots: 5 }];
        let matched = match_taker(Side::Sell, 10, Some(990), &resting, &[level(992, 1), level(985, 7)]);
        assert_eq!(
            matched.makers,
            vec![MakerFill { index: 1, lots: 2, price: 995 }],
            "the user at 980 is below the limit"
        );
        assert_eq!((matched.lots, matched.value), (3, 2 * 995 + 992));
    }

    #[test]
    fn nothing_to_meet_fills_nothing() {
        assert_eq!(match_taker(Side::Buy, 5, None, &[], &[]), Matched::default());
    }
}
