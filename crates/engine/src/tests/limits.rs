use super::*;

#[test]
fn a_full_book_rejects_resting_orders_but_still_takes_market_orders() {
    let mut b = Book::new(Config { orders_max: 2, ..Config::default() });
    place(&mut b, limit(1, A, Side::Sell, 100, 1));
    place(&mut b, limit(2, B, Side::Sell, 101, 1));
    let ev = place(&mut b, limit(3, C, Side::Sell, 102, 1));
    assert_eq!(ev, vec![Event::Rejected { order: OrderId(3), owner: C, reason: RejectReason::BookFull }]);
    let ev = place(&mut b, market(4, C, Side::Buy, 1));
    assert_eq!(fills(&ev).len(), 1);
}

#[test]
fn an_owner_at_its_limit_is_rejected() {
    let mut b = Book::new(Config { orders_per_owner_max: 1, ..Config::default() });
    place(&mut b, limit(1, A, Side::Sell, 100, 1));
    let ev = place(&mut b, stop(2, A, Side::Sell, 90, 1));
    assert_eq!(ev, vec![Event::Rejected { order: OrderId(2), owner: A, reason: RejectReason::OwnerLimitReached }]);
    assert_eq!(place(&mut b, limit(3, B, Side::Sell, 100, 1)).len(), 1);
}

#[test]
fn a_live_id_cannot_be_reused() {
    let mut b = book();
    place(&mut b, limit(1, A, Side::Sell, 100, 1));
    let ev = place(&mut b, limit(1, B, Side::Sell, 100, 1));
    assert_eq!(ev, vec![Event::Rejected { order: OrderId(1), owner: B, reason: RejectReason::DuplicateOrderId }]);
}

#[test]
fn out_of_range_quantities_and_prices_are_rejected() {
    let mut b = Book::new(Config { price_ticks_max: 1_000, qty_units_max: 10, ..Config::default() });
    let reasons: Vec<_> =
        [limit(1, A, Side::Buy, 100, 0), limit(2, A, Side::Buy, 100, 11), limit(3, A, Side::Buy, 1_001, 1)]
            .into_iter()
            .map(|o| match place(&mut b, o)[0] {
                Event::Rejected { reason, .. } => reason,
                other => panic!("unexpected {other:?}"),
            })
            .collect();
    assert_eq!(reasons, vec![RejectReason::InvalidQuantity, RejectReason::InvalidQuantity, RejectReason::InvalidPrice]);
}
