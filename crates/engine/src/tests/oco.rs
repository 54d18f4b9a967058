use super::*;

fn oco(side: Side, limit_price: Price, stop_price: Price) -> NewOco {
    NewOco {
        owner: A,
        side,
        qty: 2,
        limit_id: OrderId(1),
        limit_price,
        stop_id: OrderId(2),
        stop_price,
        stop_limit_price: None,
    }
}

fn place_oco(b: &mut Book, o: NewOco) -> Vec<Event> {
    let mut out = Vec::new();
    b.place_oco(o, &mut out);
    b.validate().unwrap();
    out
}

fn setup() -> Book {
    let mut b = book();
    place(&mut b, limit(10, C, Side::Sell, 100, 1));
    place(&mut b, limit(11, B, Side::Buy, 100, 1));
    place_oco(&mut b, oco(Side::Sell, 110, 90));
    b
}

#[test]
fn an_oco_rests_a_limit_leg_and_a_stop_leg_linked_to_each_other() {
    let b = setup();
    assert_eq!(b.order(OrderId(1)).unwrap().oco_sibling, Some(OrderId(2)));
    assert_eq!(b.order(OrderId(2)).unwrap().oco_sibling, Some(OrderId(1)));
    assert_eq!(b.best_ask().unwrap().price, 110);
}

#[test]
fn a_partial_fill_of_the_limit_leg_cancels_the_stop_leg() {
    let mut b = setup();
    let ev = place(&mut b, limit(20, B, Side::Buy, 110, 1));
    assert_eq!(cancelled(&ev), vec![(OrderId(2), 2, CancelReason::OcoSiblingFilled)]);
    let leg = b.order(OrderId(1)).unwrap();
    assert_eq!((leg.remaining(), leg.oco_sibling), (1, None));
}

#[test]
fn the_stop_leg_triggering_cancels_the_limit_leg() {
    let mut b = setup();
    place(&mut b, limit(20, B, Side::Buy, 80, 5));
    place(&mut b, limit(21, C, Side::Sell, 90, 1));
    let ev = place(&mut b, limit(22, B, Side::Buy, 90, 1));
    assert!(cancelled(&ev).contains(&(OrderId(1), 2, CancelReason::OcoSiblingTriggered)));
    assert!(fills(&ev).iter().any(|f| f.taker_order == OrderId(2) && f.price == 80 && f.qty == 2));
    assert!(b.open_orders(A).is_empty());
}

#[test]
fn cancelling_either_leg_cancels_both() {
    let mut b = setup();
    let mut out = Vec::new();
    b.cancel(OrderId(2), A, &mut out);
    assert_eq!(
        cancelled(&out),
        vec![(OrderId(2), 2, CancelReason::Requested), (OrderId(1), 2, CancelReason::OcoSiblingCancelled)]
    );
    assert!(b.is_empty() || b.open_orders(A).is_empty());
}

#[test]
fn an_oco_whose_limit_leg_crosses_fills_and_drops_the_stop_leg() {
    let mut b = book();
    place(&mut b, limit(10, B, Side::Buy, 120, 5));
    let ev = place_oco(&mut b, oco(Side::Sell, 110, 90));
    assert_eq!(fills(&ev)[0].price, 120);
    assert_eq!(cancelled(&ev), vec![(OrderId(2), 2, CancelReason::OcoSiblingFilled)]);
    assert!(b.open_orders(A).is_empty());
}

#[test]
fn an_oco_needs_room_for_both_legs() {
    let mut b = Book::new(Config { orders_per_owner_max: 1, ..Config::default() });
    let ev = place_oco(&mut b, oco(Side::Sell, 110, 90));
    assert!(matches!(ev[0], Event::Rejected { reason: RejectReason::OwnerLimitReached, .. }));
    assert!(b.is_empty());
}
