use super::*;

fn q(id: u64, side: Side, price: Price, qty: Qty) -> Quote {
    Quote { id: OrderId(id), side, price, qty }
}

fn replace(b: &mut Book, owner: OwnerId, quotes: &[Quote]) -> Vec<Event> {
    let mut out = Vec::new();
    b.replace_quotes(owner, quotes, &mut out);
    b.validate().unwrap();
    out
}

#[test]
fn replace_quotes_cancels_the_old_quotes_and_rests_the_new_ones() {
    let mut b = book();
    replace(&mut b, A, &[q(1, Side::Buy, 99, 5), q(2, Side::Sell, 101, 5)]);
    let ev = replace(&mut b, A, &[q(3, Side::Buy, 98, 5), q(4, Side::Sell, 102, 5)]);
    assert_eq!(cancelled(&ev), vec![(OrderId(1), 5, CancelReason::Replaced), (OrderId(2), 5, CancelReason::Replaced)]);
    assert_eq!((b.best_bid().unwrap().price, b.best_ask().unwrap().price), (98, 102));
}

#[test]
fn replace_quotes_matches_quotes_that_cross_other_owners() {
    let mut b = book();
    place(&mut b, limit(1, B, Side::Buy, 101, 2));
    let ev = replace(&mut b, A, &[q(2, Side::Sell, 100, 5)]);
    assert_eq!(fills(&ev)[0].price, 101);
    assert!(!b.is_crossed());
    assert_eq!(b.best_ask().unwrap(), LevelView { price: 100, qty: 3, orders: 1 });
}

#[test]
fn replace_quotes_is_all_or_nothing() {
    let mut b = book();
    replace(&mut b, A, &[q(1, Side::Buy, 99, 5)]);
    let ev = replace(&mut b, A, &[q(2, Side::Buy, 98, 5), q(3, Side::Sell, 0, 5)]);
    assert_eq!(ev, vec![Event::QuotesRejected { owner: A, reason: RejectReason::InvalidPrice }]);
    assert_eq!(b.best_bid().unwrap().price, 99);
}

#[test]
fn replace_quotes_may_reuse_the_ids_it_replaces_but_not_others() {
    let mut b = book();
    place(&mut b, limit(7, B, Side::Buy, 90, 1));
    replace(&mut b, A, &[q(1, Side::Buy, 99, 5)]);
    let ev = replace(&mut b, A, &[q(1, Side::Buy, 98, 5)]);
    assert!(ev.iter().any(|e| matches!(e, Event::Accepted { order: OrderId(1), .. })));
    let ev = replace(&mut b, A, &[q(7, Side::Buy, 98, 5)]);
    assert_eq!(ev, vec![Event::QuotesRejected { owner: A, reason: RejectReason::DuplicateOrderId }]);
}

#[test]
fn replace_quotes_keeps_the_owners_pending_stops() {
    let mut b = book();
    place(&mut b, stop(1, A, Side::Buy, 150, 1));
    replace(&mut b, A, &[q(2, Side::Buy, 99, 5)]);
    replace(&mut b, A, &[]);
    assert_eq!(b.open_orders(A).iter().map(|o| o.id.0).collect::<Vec<_>>(), vec![1]);
}
