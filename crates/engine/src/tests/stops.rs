use super::*;

fn trade_at(b: &mut Book, id: u64, price: Price) -> Vec<Event> {
    place(b, limit(id, C, Side::Sell, price, 1));
    place(b, limit(id + 1, B, Side::Buy, price, 1))
}

#[test]
fn a_buy_stop_waits_until_the_last_price_reaches_it_then_buys_at_market() {
    let mut b = book();
    trade_at(&mut b, 10, 100);
    place(&mut b, stop(1, A, Side::Buy, 105, 2));
    place(&mut b, limit(2, C, Side::Sell, 110, 5));
    assert!(b.order(OrderId(1)).is_some());
    let ev = trade_at(&mut b, 20, 105);
    let triggered = ev.iter().any(|e| matches!(e, Event::StopTriggered { order: OrderId(1), last_price: 105, .. }));
    assert!(triggered);
    let f: Vec<_> = fills(&ev).into_iter().filter(|f| f.taker_order == OrderId(1)).collect();
    assert_eq!((f[0].price, f[0].qty), (110, 2));
    assert!(b.order(OrderId(1)).is_none());
}

#[test]
fn a_sell_stop_triggers_when_the_last_price_falls_to_it() {
    let mut b = book();
    trade_at(&mut b, 10, 100);
    place(&mut b, stop(1, A, Side::Sell, 95, 1));
    place(&mut b, limit(2, B, Side::Buy, 90, 5));
    let ev = trade_at(&mut b, 20, 96);
    assert!(!ev.iter().any(|e| matches!(e, Event::StopTriggered { .. })));
    let ev = trade_at(&mut b, 30, 95);
    assert!(fills(&ev).iter().any(|f| f.taker_order == OrderId(1) && f.price == 90));
}

#[test]
fn a_stop_already_due_at_placement_triggers_at_once() {
    let mut b = book();
    trade_at(&mut b, 10, 100);
    place(&mut b, limit(2, C, Side::Sell, 101, 5));
    let ev = place(&mut b, stop(1, A, Side::Buy, 90, 1));
    assert!(matches!(ev[1], Event::StopTriggered { order: OrderId(1), .. }));
    assert_eq!(fills(&ev)[0].price, 101);
}

#[test]
fn a_stop_limit_rests_as_a_limit_order_after_triggering() {
    let mut b = book();
    trade_at(&mut b, 10, 100);
    let order = NewOrder {
        id: OrderId(1),
        owner: A,
        side: Side::Buy,
        order_type: OrderType::StopLimit { stop_price: 102, price: 103, qty: 4, tif: TimeInForce::Gtc },
    };
    place(&mut b, order);
    place(&mut b, limit(2, C, Side::Sell, 103, 1));
    place(&mut b, limit(3, C, Side::Sell, 104, 9));
    trade_at(&mut b, 20, 102);
    let o = b.order(OrderId(1)).unwrap();
    assert_eq!((o.kind, o.price, o.filled, o.stop_price), (OrderKind::Limit, Some(103), 1, None));
    assert_eq!(b.best_bid().unwrap().price, 103);
}

#[test]
fn triggered_stops_cascade_in_a_deterministic_order() {
    let mut b = book();
    trade_at(&mut b, 10, 100);
    // Two buy stops; the first one's market buy lifts the price through the second's trigger.
    place(&mut b, stop(1, A, Side::Buy, 102, 1));
    place(&mut b, stop(2, B, Side::Buy, 104, 1));
    place(&mut b, limit(3, C, Side::Sell, 104, 1));
    place(&mut b, limit(4, C, Side::Sell, 106, 1));
    let ev = trade_at(&mut b, 20, 102);
    let order: Vec<_> = ev
        .iter()
        .filter_map(|e| {
            if let Event::StopTriggered { order, last_price, .. } = e {
                Some((order.0, *last_price))
            } else {
                None
            }
        })
        .collect();
    assert_eq!(order, vec![(1, 102), (2, 104)]);
    assert_eq!(b.last_price(), Some(106));
}

#[test]
fn a_stop_amend_moves_its_trigger() {
    let mut b = book();
    trade_at(&mut b, 10, 100);
    place(&mut b, stop(1, A, Side::Buy, 110, 1));
    let mut out = Vec::new();
    b.amend(Amend { id: OrderId(1), owner: A, qty: None, price: None, stop_price: Some(101) }, &mut out);
    assert!(matches!(out[0], Event::Amended { stop_price: Some(101), kept_priority: false, .. }));
    let ev = trade_at(&mut b, 20, 101);
    assert!(ev.iter().any(|e| matches!(e, Event::StopTriggered { order: OrderId(1), .. })));
}
