use super::*;

#[test]
fn a_limit_buy_rests_when_nothing_crosses() {
    let mut b = book();
    let ev = place(&mut b, limit(1, A, Side::Buy, 100, 5));
    assert_eq!(ev, vec![Event::Accepted { order: OrderId(1), owner: A, side: Side::Buy, seq: 1 }]);
    assert_eq!(b.best_bid(), Some(LevelView { price: 100, qty: 5, orders: 1 }));
    assert_eq!(b.best_ask(), None);
}

#[test]
fn a_crossing_limit_trades_at_the_resting_price() {
    let mut b = book();
    place(&mut b, limit(1, A, Side::Sell, 100, 5));
    let ev = place(&mut b, limit(2, B, Side::Buy, 105, 3));
    let f = fills(&ev);
    assert_eq!(f.len(), 1);
    assert_eq!((f[0].price, f[0].qty, f[0].maker_remaining), (100, 3, 2));
    assert_eq!((f[0].taker_owner, f[0].maker_owner, f[0].taker_side), (B, A, Side::Buy));
    assert_eq!(b.best_ask().unwrap().qty, 2);
    assert_eq!(b.last_price(), Some(100));
}

#[test]
fn orders_at_one_price_fill_in_time_priority() {
    let mut b = book();
    place(&mut b, limit(1, A, Side::Sell, 100, 2));
    place(&mut b, limit(2, B, Side::Sell, 100, 2));
    let ev = place(&mut b, limit(3, C, Side::Buy, 100, 3));
    let makers: Vec<_> = fills(&ev).iter().map(|f| (f.maker_order.0, f.qty)).collect();
    assert_eq!(makers, vec![(1, 2), (2, 1)]);
}

#[test]
fn a_taker_sweeps_better_prices_first_and_rests_its_remainder() {
    let mut b = book();
    place(&mut b, limit(1, A, Side::Sell, 102, 1));
    place(&mut b, limit(2, A, Side::Sell, 101, 1));
    let ev = place(&mut b, limit(3, B, Side::Buy, 102, 5));
    let prices: Vec<_> = fills(&ev).iter().map(|f| f.price).collect();
    assert_eq!(prices, vec![101, 102]);
    assert_eq!(b.best_bid(), Some(LevelView { price: 102, qty: 3, orders: 1 }));
    assert_eq!(b.order(OrderId(3)).unwrap().filled, 2);
}

#[test]
fn an_ioc_remainder_is_cancelled_not_rested() {
    let mut b = book();
    place(&mut b, limit(1, A, Side::Sell, 100, 1));
    let ev = place(&mut b, with_tif(limit(2, B, Side::Buy, 100, 3), TimeInForce::Ioc));
    assert_eq!(cancelled(&ev), vec![(OrderId(2), 2, CancelReason::IocRemainder)]);
    assert!(b.best_bid().is_none());
}

#[test]
fn a_fok_that_cannot_fill_completely_trades_nothing() {
    let mut b = book();
    place(&mut b, limit(1, A, Side::Sell, 100, 2));
    let ev = place(&mut b, with_tif(limit(2, B, Side::Buy, 100, 3), TimeInForce::Fok));
    assert!(fills(&ev).is_empty());
    assert_eq!(cancelled(&ev), vec![(OrderId(2), 3, CancelReason::FokUnfillable)]);
    let ev = place(&mut b, with_tif(limit(3, B, Side::Buy, 100, 2), TimeInForce::Fok));
    assert_eq!(fills(&ev).len(), 1);
}

#[test]
fn self_trade_cancels_the_resting_order_and_keeps_matching_by_default() {
    let mut b = book();
    place(&mut b, limit(1, A, Side::Sell, 100, 2));
    place(&mut b, limit(2, B, Side::Sell, 101, 2));
    let ev = place(&mut b, limit(3, A, Side::Buy, 101, 2));
    assert_eq!(cancelled(&ev), vec![(OrderId(1), 2, CancelReason::SelfTrade)]);
    assert_eq!(fills(&ev)[0].maker_order, OrderId(2));
}

#[test]
fn self_trade_can_cancel_the_taker_instead() {
    let mut b = Book::new(Config { self_trade: SelfTradePolicy::CancelTaker, ..Config::default() });
    place(&mut b, limit(1, A, Side::Sell, 100, 2));
    let ev = place(&mut b, limit(2, A, Side::Buy, 100, 2));
    assert_eq!(cancelled(&ev), vec![(OrderId(2), 2, CancelReason::SelfTrade)]);
    assert!(b.order(OrderId(1)).is_some());
}

#[test]
fn self_trade_can_cancel_both_orders() {
    let mut b = Book::new(Config { self_trade: SelfTradePolicy::CancelBoth, ..Config::default() });
    place(&mut b, limit(1, A, Side::Sell, 100, 2));
    let ev = place(&mut b, limit(2, A, Side::Buy, 100, 2));
    assert_eq!(
        cancelled(&ev),
        vec![(OrderId(1), 2, CancelReason::SelfTrade), (OrderId(2), 2, CancelReason::SelfTrade)]
    );
    assert!(b.is_empty());
}

#[test]
fn a_fok_ignores_own_liquidity_that_self_trade_prevention_would_cancel() {
    let mut b = book();
    place(&mut b, limit(1, A, Side::Sell, 100, 5));
    place(&mut b, limit(2, B, Side::Sell, 100, 1));
    let ev = place(&mut b, with_tif(limit(3, A, Side::Buy, 100, 2), TimeInForce::Fok));
    assert!(fills(&ev).is_empty());
    assert!(b.order(OrderId(1)).is_some(), "a killed FOK changes nothing");
}

#[test]
fn cancel_removes_the_order_and_reports_its_remaining_quantity() {
    let mut b = book();
    place(&mut b, limit(1, A, Side::Buy, 100, 5));
    let mut out = Vec::new();
    b.cancel(OrderId(1), A, &mut out);
    assert_eq!(cancelled(&out), vec![(OrderId(1), 5, CancelReason::Requested)]);
    assert!(b.is_empty() && b.best_bid().is_none());
}

#[test]
fn cancel_by_another_owner_or_of_an_unknown_order_is_rejected() {
    let mut b = book();
    place(&mut b, limit(1, A, Side::Buy, 100, 5));
    let mut out = Vec::new();
    b.cancel(OrderId(1), B, &mut out);
    b.cancel(OrderId(9), A, &mut out);
    assert_eq!(
        out,
        vec![
            Event::CancelRejected { order: OrderId(1), owner: B, reason: RejectReason::NotOwner },
            Event::CancelRejected { order: OrderId(9), owner: A, reason: RejectReason::UnknownOrder },
        ]
    );
}

#[test]
fn depth_aggregates_levels_best_first() {
    let mut b = book();
    place(&mut b, limit(1, A, Side::Buy, 99, 1));
    place(&mut b, limit(2, B, Side::Buy, 100, 2));
    place(&mut b, limit(3, C, Side::Buy, 100, 3));
    place(&mut b, limit(4, A, Side::Sell, 103, 4));
    place(&mut b, limit(5, A, Side::Sell, 102, 5));
    assert_eq!(
        b.depth(Side::Buy, 10),
        vec![LevelView { price: 100, qty: 5, orders: 2 }, LevelView { price: 99, qty: 1, orders: 1 }]
    );
    assert_eq!(b.depth(Side::Sell, 1), vec![LevelView { price: 102, qty: 5, orders: 1 }]);
}

#[test]
fn open_orders_lists_an_owners_orders_in_time_priority() {
    let mut b = book();
    place(&mut b, limit(1, A, Side::Buy, 99, 1));
    place(&mut b, limit(2, B, Side::Buy, 100, 2));
    place(&mut b, stop(3, A, Side::Buy, 120, 2));
    let ids: Vec<_> = b.open_orders(A).iter().map(|o| o.id.0).collect();
    assert_eq!(ids, vec![1, 3]);
    assert!(b.open_orders(C).is_empty());
}
