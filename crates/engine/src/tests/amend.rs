use super::*;

fn amend(b: &mut Book, id: u64, qty: Option<Qty>, price: Option<Price>) -> Vec<Event> {
    let mut out = Vec::new();
    b.amend(Amend { id: OrderId(id), owner: A, qty, price, stop_price: None }, &mut out);
    b.validate().unwrap();
    out
}

fn two_at_100() -> Book {
    let mut b = book();
    place(&mut b, limit(1, A, Side::Sell, 100, 5));
    place(&mut b, limit(2, B, Side::Sell, 100, 5));
    b
}

fn first_maker(b: &mut Book) -> OrderId {
    fills(&place(b, limit(99, C, Side::Buy, 100, 1)))[0].maker_order
}

#[test]
fn a_quantity_decrease_keeps_time_priority() {
    let mut b = two_at_100();
    let ev = amend(&mut b, 1, Some(3), None);
    assert!(matches!(ev[0], Event::Amended { qty: 3, remaining: 3, kept_priority: true, seq: 1, .. }));
    assert_eq!(b.best_ask().unwrap().qty, 8);
    assert_eq!(first_maker(&mut b), OrderId(1));
}

#[test]
fn a_quantity_increase_loses_time_priority() {
    let mut b = two_at_100();
    let ev = amend(&mut b, 1, Some(6), None);
    assert!(matches!(ev[0], Event::Amended { kept_priority: false, seq: 3, .. }));
    assert_eq!(first_maker(&mut b), OrderId(2));
}

#[test]
fn a_price_change_moves_the_order_to_the_back_of_the_new_level() {
    let mut b = two_at_100();
    place(&mut b, limit(3, B, Side::Sell, 101, 5));
    amend(&mut b, 1, None, Some(101));
    assert_eq!(b.depth(Side::Sell, 2)[1], LevelView { price: 101, qty: 10, orders: 2 });
    let ev = place(&mut b, limit(4, C, Side::Buy, 101, 7));
    let makers: Vec<_> = fills(&ev).iter().map(|f| f.maker_order.0).collect();
    assert_eq!(makers, vec![2, 3]);
}

#[test]
fn a_price_change_that_crosses_matches_at_once() {
    let mut b = two_at_100();
    place(&mut b, limit(3, C, Side::Buy, 98, 2));
    let ev = amend(&mut b, 1, None, Some(97));
    assert_eq!(fills(&ev)[0].price, 98);
    assert_eq!(b.order(OrderId(1)).unwrap().remaining(), 3);
    assert_eq!(b.best_ask().unwrap().price, 97);
}

#[test]
fn amending_to_at_most_the_filled_quantity_cancels_the_rest() {
    let mut b = two_at_100();
    place(&mut b, limit(3, C, Side::Buy, 100, 2));
    let ev = amend(&mut b, 1, Some(2), None);
    assert_eq!(cancelled(&ev), vec![(OrderId(1), 3, CancelReason::AmendedToFilled)]);
    assert!(b.order(OrderId(1)).is_none());
}

#[test]
fn a_stop_price_on_a_resting_limit_is_not_applicable() {
    let mut b = two_at_100();
    let mut out = Vec::new();
    b.amend(Amend { id: OrderId(1), owner: A, qty: None, price: None, stop_price: Some(5) }, &mut out);
    assert_eq!(out, vec![Event::AmendRejected { order: OrderId(1), owner: A, reason: RejectReason::NotApplicable }]);
}
