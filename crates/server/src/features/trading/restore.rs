//! Rebuilding a pair's book from its stored open orders after a restart (or a failed command):
//! the orders go back in their time priority (seq), stops still waiting for their trigger.

use engine::{Book, Config, OpenOrder, OrderId, OrderKind, OwnerId, Price, Side, Snapshot, TimeInForce};

use super::repo::OrderRow;

/// The engine's view of one stored open order.
pub fn open_order(row: &OrderRow, owner: OwnerId, sibling_open: bool) -> OpenOrder {
    let buy = row.side == "BUY";
    let waiting = !row.triggered && matches!(row.order_type.as_str(), "STOP" | "STOP_LIMIT");
    let (kind, price, stop_price, tif) = if !waiting {
        (OrderKind::Limit, row.engine_price, None, TimeInForce::Gtc)
    } else if row.order_type == "STOP" && !buy {
        (OrderKind::StopMarket, None, row.stop_price, TimeInForce::Gtc)
    } else {
        // A stop-market buy waits as a stop-limit at its collar, filling what it can at once (IOC).
        let tif = if row.order_type == "STOP" { TimeInForce::Ioc } else { TimeInForce::Gtc };
        (OrderKind::StopLimit, row.engine_price, row.stop_price, tif)
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
