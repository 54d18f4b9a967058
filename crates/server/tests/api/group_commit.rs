//! Group commit on the crypto order path (issue 12): commands queued behind each other share one
//! write transaction, each behind its own savepoint. A command that fails (insufficient balance,
//! below the minimum, an order not open) leaves the others of its batch untouched, every command is
//! answered as if it had run alone, the book matches the database's open orders, and the ledger
//! check passes.
//!
//! The test's runtime has one thread: every command below is queued before the owner runs, so one
//! batch carries them all (the pair's `largest_batch` shows it).

use std::collections::BTreeMap;

use engine::Side;
use futures::future::join_all;
use server::features::orders::errors::TradeError;
use server::features::trading::owner::{Ask, PlaceKind, PlaceRequest};

use crate::book_supervision::far_below;
use crate::both_backends;
use crate::helpers::{TestApp, User};
use crate::trading::{account, assert_ledger_sound, cash_of, fund, trading_app};

const SYMBOL: &str = "BTC-IDR";

/// A limit buy of `quantity` units at `price` units.
pub fn limit_buy(user: &User, price: i64, quantity: i64, request_id: Option<&str>) -> Ask {
    Ask::Place(PlaceRequest {
        user_id: user.user_id.clone(),
        request_id: request_id.map(str::to_owned),
        side: Side::Buy,
        kind: PlaceKind::Limit { price, quantity },
    })
}

/// The engine units of `rupiah` and of 0.0001 coin on the pair.
pub fn units(app: &TestApp, rupiah: i64) -> (i64, i64) {
    let spec = &app.state.trading.pair(SYMBOL).unwrap().spec;
    (rupiah * 10_i64.pow(spec.price_scale), 10_i64.pow(spec.quantity_scale - 4))
}

/// The users' bids at or below `ceiling` units: what the book shows, and what the database holds open.
async fn bids_below(app: &TestApp, ceiling: i64) -> (BTreeMap<i64, i64>, BTreeMap<i64, i64>) {
    let view = app.state.trading.pair(SYMBOL).unwrap().view();
    let book = view.bids.iter().filter(|l| l.price <= ceiling).map(|l| (l.price, l.qty)).collect();
    let rows: Vec<(i64, i64)> = sqlx::query_as(
        "select engine_price, engine_quantity from crypto_orders \
         where symbol = $1 and is_open = 1 and side = 'BUY' and engine_price <= $2",
    )
    .bind(SYMBOL)
    .bind(ceiling)
    .fetch_all(app.state.db.pool())
    .await
    .unwrap();
    let mut stored = BTreeMap::new();
    for (price, qty) in rows {
        *stored.entry(price).or_insert(0) += qty;
    }
    (book, stored)
}

both_backends!(failing_commands_in_a_batch_leave_the_others_committed, |backend| async move {
    let app = trading_app(backend).await;
    let rich = app.sign_up("081234569601").await;
    let poor = app.sign_up("081234569602").await;
    fund(&app, &rich, 10_000_000).await;
    fund(&app, &poor, 1_000).await;
    let rupiah = far_below(&app, 0.5).await;
    let (price, qty) = units(&app, rupiah);
    let step = units(&app, 1).0;
    let trading = app.state.trading.clone();

    // Four kinds in turn: a resting bid (stored), a market buy that fills against the providers
    // (stored, with fees), a bid beyond the balance (refused at the hold), a bid below the minimum
    // value (refused by the plan).
    let asks: Vec<(usize, Ask)> = (0..48)
        .map(|i| {
            let ask = match i % 4 {
                0 => limit_buy(&rich, price - step * i as i64, qty, None),
                1 => Ask::Place(PlaceRequest {
                    user_id: rich.user_id.clone(),
                    request_id: None,
                    side: Side::Buy,
                    kind: PlaceKind::MarketAmount { amount: 2_000_000 },
                }),
                2 => limit_buy(&poor, price - step * i as i64, qty * 10, None),
                _ => limit_buy(&rich, price - step * i as i64, 1, None),
            };
            (i % 4, ask)
        })
        .collect();
    let answers = join_all(asks.into_iter().map(|(kind, ask)| {
        let trading = trading.clone();
        async move { (kind, trading.ask(SYMBOL, ask).await) }
    }))
    .await;

    assert!(app.state.trading.pair(SYMBOL).unwrap().view().largest_batch >= 48, "one batch carried every command");
    let mut resting = Vec::new();
    for (kind, answer) in answers {
        match (kind, answer) {
            (0, Ok(row)) => {
                assert!(row.is_open, "{row:?}");
                resting.push(row.id);
            }
            (1, Ok(row)) => assert!(!row.is_open && row.status.as_str() == "SUCCESS", "{row:?}"),
            (2, Err(TradeError::InsufficientBalance)) | (3, Err(TradeError::BelowMinimum)) => {}
            (kind, other) => panic!("command of kind {kind} answered {other:?}"),
        }
    }
    assert_eq!(resting.len(), 12);

    // The refused commands left nothing behind: no row of the poor user, no hold on their cash.
    let (count,): (i64,) = sqlx::query_as("select count(*) from crypto_orders where user_id = $1")
        .bind(&poor.user_id)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(count, 0);
    assert_eq!(account(&app, &cash_of(&poor)).await, (100_000, 0));

    let (book, stored) = bids_below(&app, price).await;
    assert_eq!(stored.len(), 12);
    assert_eq!(book, stored, "the book holds exactly the committed bids");
    assert_ledger_sound(&app).await;
});

both_backends!(a_retry_and_a_cancel_queued_behind_the_place_see_it, |backend| async move {
    let app = trading_app(backend).await;
    let user = app.sign_up("081234569603").await;
    fund(&app, &user, 1_000_000).await;
    let rupiah = far_below(&app, 0.5).await;
    let (price, qty) = units(&app, rupiah);
    let trading = app.state.trading.clone();
    // Nothing else places orders here, so the next order id is the highest stored one plus one.
    let first = trading.ask(SYMBOL, limit_buy(&user, price, qty, None)).await.unwrap();
    let next = first.id + 1;

    let (placed, retried, cancelled, unknown) = tokio::join!(
        trading.ask(SYMBOL, limit_buy(&user, price - 1, qty, Some("retry-me"))),
        trading.ask(SYMBOL, limit_buy(&user, price - 1, qty, Some("retry-me"))),
        trading.ask(SYMBOL, Ask::Cancel { user_id: user.user_id.clone(), order_id: next }),
        trading.ask(SYMBOL, Ask::Cancel { user_id: user.user_id.clone(), order_id: next + 1_000 }),
    );
    assert!(app.state.trading.pair(SYMBOL).unwrap().view().largest_batch >= 4, "one batch carried all four");
    let placed = placed.unwrap();
    assert_eq!(placed.id, next);
    assert_eq!(retried.unwrap().id, next, "the retry found the order placed earlier in its batch");
    let cancelled = cancelled.unwrap();
    assert_eq!((cancelled.id, cancelled.is_open, cancelled.status.as_str()), (next, false, "CANCELLED"));
    assert!(matches!(unknown, Err(TradeError::OrderNotFound)), "{unknown:?}");

    let (book, stored) = bids_below(&app, price).await;
    assert_eq!(stored, BTreeMap::from([(price, qty)]), "only the first order rests");
    assert_eq!(book, stored);
    assert_ledger_sound(&app).await;
});

// A placement repeated with the same request id after its first run committed (a client retry whose
// idempotency record is gone) answers the first order, even when the first order's hold leaves too
// little money for a second one; another request id is refused for that money.
both_backends!(a_repeated_request_id_answers_the_first_order_when_its_money_is_held, |backend| async move {
    let app = trading_app(backend).await;
    let user = app.sign_up("081234569604").await;
    let rupiah = far_below(&app, 0.5).await;
    let (price, qty) = units(&app, rupiah);
    // 0.0001 coin at `rupiah` costs about a ten-thousandth of it: fund one and a half orders.
    fund(&app, &user, rupiah * 3 / 20_000).await;
    let trading = app.state.trading.clone();
    let first = trading.ask(SYMBOL, limit_buy(&user, price, qty, Some("placed-once"))).await.unwrap();
    let held = account(&app, &cash_of(&user)).await;

    let again = trading.ask(SYMBOL, limit_buy(&user, price, qty, Some("placed-once"))).await.unwrap();
    assert_eq!((again.id, again.is_open), (first.id, true), "the retry answers the first order");
    let other = trading.ask(SYMBOL, limit_buy(&user, price, qty, Some("another"))).await;
    assert!(matches!(other, Err(TradeError::InsufficientBalance)), "{other:?}");
    assert_eq!(account(&app, &cash_of(&user)).await, held, "nothing more held");
    let orders: i64 = sqlx::query_scalar("select count(*) from crypto_orders where user_id = $1")
        .bind(&user.user_id)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(orders, 1);
    let (book, stored) = bids_below(&app, price).await;
    assert_eq!(book, stored);
    assert_ledger_sound(&app).await;
});
