use super::*;

#[test]
fn a_market_order_never_rests_and_cancels_its_remainder() {
    let mut b = book();
    place(&mut b, limit(1, A, Side::Sell, 100, 2));
    let ev = place(&mut b, market(2, B, Side::Buy, 5));
    assert_eq!(fills(&ev)[0].qty, 2);
    assert_eq!(cancelled(&ev), vec![(OrderId(2), 3, CancelReason::MarketRemainder)]);
    assert!(b.is_empty());
}

#[test]
fn a_market_order_into_an_empty_book_is_cancelled_whole() {
    let mut b = book();
    let ev = place(&mut b, market(1, A, Side::Sell, 5));
    assert_eq!(cancelled(&ev), vec![(OrderId(1), 5, CancelReason::MarketRemainder)]);
}

#[test]
fn a_market_buy_by_amount_spends_no_more_than_the_amount_and_returns_dust() {
    let mut b = book();
    place(&mut b, limit(1, A, Side::Sell, 100, 3));
    place(&mut b, limit(2, A, Side::Sell, 300, 10));
    let order =
        NewOrder { id: OrderId(3), owner: B, side: Side::Buy, order_type: OrderType::MarketQuote { quote: 1_000 } };
    let ev = place(&mut b, order);
    let f = fills(&ev);
    assert_eq!(f.iter().map(|f| (f.price, f.qty)).collect::<Vec<_>>(), vec![(100, 3), (300, 2)]);
    let spent: i128 = f.iter().map(|f| i128::from(f.price) * i128::from(f.qty)).sum();
    assert_eq!(spent, 900);
    assert!(ev.contains(&Event::Cancelled {
        order: OrderId(3),
        owner: B,
        qty: 0,
        quote: 100,
        reason: CancelReason::MarketRemainder
    }));
}

#[test]
fn a_market_buy_by_amount_that_spends_exactly_emits_no_cancel() {
    let mut b = book();
    place(&mut b, limit(1, A, Side::Sell, 100, 3));
    let order =
        NewOrder { id: OrderId(2), owner: B, side: Side::Buy, order_type: OrderType::MarketQuote { quote: 200 } };
    let ev = place(&mut b, order);
    assert!(cancelled(&ev).is_empty());
    assert_eq!(b.best_ask().unwrap().qty, 1);
}

#[test]
fn a_market_sell_by_amount_is_rejected() {
    let mut b = book();
    let order =
        NewOrder { id: OrderId(1), owner: B, side: Side::Sell, order_type: OrderType::MarketQuote { quote: 200 } };
    let ev = place(&mut b, order);
    assert_eq!(
        ev,
        vec![Event::Rejected { order: OrderId(1), owner: B, reason: RejectReason::QuoteAmountSellUnsupported }]
    );
}
