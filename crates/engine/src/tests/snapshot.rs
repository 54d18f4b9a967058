use super::*;

#[test]
fn a_restored_book_keeps_time_priority_and_behaves_the_same() {
    let mut b = book();
    place(&mut b, limit(1, A, Side::Sell, 100, 2));
    place(&mut b, limit(2, B, Side::Sell, 100, 2));
    place(&mut b, stop(3, C, Side::Buy, 105, 1));
    place(&mut b, limit(4, C, Side::Buy, 100, 1));
    let mut restored = Book::restore(Config::default(), b.snapshot()).unwrap();
    restored.validate().unwrap();
    assert_eq!(restored.snapshot(), b.snapshot());
    let next = limit(5, C, Side::Buy, 100, 3);
    assert_eq!(place(&mut restored, next), place(&mut b, next));
}

#[test]
fn restore_rejects_a_crossed_set_of_orders() {
    let mut snap = book().snapshot();
    let mut o = OpenOrder {
        id: OrderId(1),
        owner: A,
        side: Side::Buy,
        seq: 1,
        kind: OrderKind::Limit,
        price: Some(101),
        stop_price: None,
        qty: 1,
        filled: 0,
        tif: TimeInForce::Gtc,
        oco_sibling: None,
    };
    snap.orders.push(o);
    o.id = OrderId(2);
    o.seq = 2;
    o.side = Side::Sell;
    o.price = Some(100);
    snap.orders.push(o);
    assert_eq!(Book::restore(Config::default(), snap).unwrap_err(), RestoreError::Crossed);
}

#[test]
fn restore_continues_the_sequence_after_the_highest_seq() {
    let mut b = book();
    place(&mut b, limit(1, A, Side::Sell, 100, 2));
    let mut snap = b.snapshot();
    snap.next_seq = 0;
    let restored = Book::restore(Config::default(), snap).unwrap();
    assert_eq!(restored.next_seq(), 2);
}
