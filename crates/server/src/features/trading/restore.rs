//! Rebuilding a pair's book from its stored open orders after a restart (or a failed command):
//! the orders go back in their time priority (seq), stops still waiting for their trigger.

use domain::orders::OrderKind;
use engine::{Book, Config, OpenOrder, OrderId, OwnerId, Price, Side, Snapshot, TimeInForce};

use super::repo::OrderRow;

/// The engine's view of one stored open order.
pub fn open_order(row: &OrderRow, owner: OwnerId, sibling_open: bool) -> OpenOrder {
    let buy = row.side == domain::Side::Buy;
    // A trailing stop waits as a stop-market sell at its current trigger, which `trails` moves.
    let stop = matches!(row.order_type, OrderKind::Stop | OrderKind::TrailingStop);
    let waiting = !row.triggered && row.order_type.has_trigger();
    let (kind, price, stop_price, tif) = if !waiting {
        (engine::OrderKind::Limit, row.engine_price, None, TimeInForce::Gtc)
    } else if stop && !buy {
        (engine::OrderKind::StopMarket, None, row.stop_price, TimeInForce::Gtc)
    } else {
        // A stop-market buy waits as a stop-limit at its collar, filling what it can at once (IOC).
        let tif = if stop { TimeInForce::Ioc } else { TimeInForce::Gtc };
        (engine::OrderKind::StopLimit, row.engine_price, row.stop_price, tif)
    };
    OpenOrder {
        id: OrderId(row.id as u64),
        owner,
        side: if buy { Side::Buy } else { Side::Sell },
        seq: row.seq as u64,
        kind,
        price,
        stop_price,
        qty: row.engine_quantity.or(row.quantity).unwrap_or(0),
        filled: row.filled_quantity,
        tif,
        oco_sibling: row.oco_sibling.filter(|_| sibling_open).map(|s| OrderId(s as u64)),
    }
}

/// A book holding exactly `rows` (open orders of one pair), owners given in the same order.
pub fn book_from_rows(
    config: Config,
    rows: &[OrderRow],
    owners: &[OwnerId],
    last_price: Option<Price>,
) -> anyhow::Result<Book> {
    let open: std::collections::HashSet<i64> = rows.iter().map(|r| r.id).collect();
    let orders: Vec<OpenOrder> = rows
        .iter()
        .zip(owners)
        .map(|(row, owner)| open_order(row, *owner, row.oco_sibling.is_some_and(|s| open.contains(&s))))
        .collect();
    let next_seq = orders.iter().map(|o| o.seq).max().unwrap_or(0) + 1;
    Ok(Book::restore(config, Snapshot { last_price, next_seq, orders })?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{NewOrder, OrderType};

    fn resting(id: i64, seq: i64, price: i64) -> OrderRow {
        let mut row = OrderRow::new(
            id,
            &format!("user-{id}"),
            "BTC-IDR",
            domain::Side::Buy,
            domain::orders::OrderKind::Limit,
            "QUANTITY",
            0,
        );
        row.limit_price = Some(price);
        row.engine_price = Some(price);
        row.quantity = Some(10);
        row.engine_quantity = Some(10);
        row.seq = seq;
        row
    }

    #[test]
    fn a_rebuilt_book_keeps_time_priority_and_waiting_stops() {
        // Stored out of order: the database hands rows back in any order, the seq decides.
        let mut stop =
            OrderRow::new(4, "user-4", "BTC-IDR", domain::Side::Sell, domain::orders::OrderKind::Stop, "QUANTITY", 0);
        stop.stop_price = Some(50);
        stop.quantity = Some(5);
        stop.engine_quantity = Some(5);
        stop.seq = 7;
        let rows = vec![resting(2, 9, 100), resting(1, 3, 100), resting(3, 5, 99), stop];
        let owners: Vec<OwnerId> = (1..=4).map(OwnerId).collect();
        let mut book = book_from_rows(Config::default(), &rows, &owners, Some(100)).unwrap();
        assert_eq!(book.len(), 4);
        assert!(book.order(OrderId(4)).is_some_and(|o| o.kind == engine::OrderKind::StopMarket));
        let mut out = Vec::new();
        let sell = NewOrder {
            id: OrderId(10),
            owner: OwnerId(9),
            side: Side::Sell,
            order_type: OrderType::Market { qty: 10 },
        };
        book.place(sell, &mut out);
        // Order 1 (seq 3) was first at the best price, so it fills before order 2 (seq 9).
        let makers: Vec<u64> = out
            .iter()
            .filter_map(|e| if let engine::Event::Fill(f) = e { Some(f.maker_order.0) } else { None })
            .collect();
        assert_eq!(makers, vec![1]);
        assert!(book.next_seq() > 9);
    }

    #[test]
    fn r4_10_a_waiting_trailing_stop_rebuilds_as_a_stop_at_its_current_trigger() {
        // The pair is rebuilt after any failed command; an open trailing stop must not stop that.
        let mut trail =
            OrderRow::new(8, "user-8", "BTC-IDR", domain::Side::Sell, OrderKind::TrailingStop, "QUANTITY", 0);
        trail.stop_price = Some(95);
        trail.trail_amount = Some(5);
        trail.trail_watermark = Some(100);
        trail.quantity = Some(5);
        trail.engine_quantity = Some(5);
        trail.seq = 2;
        let rows = vec![resting(1, 1, 100), trail];
        let owners: Vec<OwnerId> = (1..=2).map(OwnerId).collect();
        let book = book_from_rows(Config::default(), &rows, &owners, Some(100)).unwrap();
        let stop = book.order(OrderId(8)).expect("the trailing stop is in the rebuilt book");
        assert_eq!((stop.kind, stop.stop_price, stop.price), (engine::OrderKind::StopMarket, Some(95), None));
    }
}
