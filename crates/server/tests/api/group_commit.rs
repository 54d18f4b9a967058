//! Group commit on the crypto order path (issue 12): commands queued behind each other share one
//! write transaction, each behind its own savepoint. A command that fails (insufficient balance,
//! below the minimum, an order not open) leaves the others of its batch untouched, every command is
//! answered as if it had run alone, the book matches the database's open orders, and the ledger
//! check passes.
//!
//! A batch first runs optimistically, without a savepoint per command, its new orders written
//! together before the commit; a failure that left something to undo abandons that run and the
//! batch runs again with savepoints (the pair's view counts both).
//!
//! The owners run on a thread of their own, so each test holds the owner (`Pair::pause`) until
//! every command it sends is queued: one batch carries them all (the pair's `largest_batch` shows it).

use std::collections::BTreeMap;

use engine::Side;
use futures::future::join_all;
use server::features::orders::errors::TradeError;
use server::features::trading::owner::{Ask, PlaceKind, PlaceRequest, BATCH_MAX};

use crate::book_supervision::far_below;
use crate::both_backends;
use crate::helpers::{TestApp, User};
use crate::perps_trading::app_at;
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

/// Runs `commands`, which send `n` commands to the pair's owner and wait for their answers, with
/// the owner held until all `n` are queued: they go in one batch whatever thread the owner runs on.
async fn in_one_batch<F: std::future::Future>(app: &TestApp, n: usize, commands: F) -> F::Output {
    let pair = app.state.trading.pair(SYMBOL).unwrap();
    let held = pair.pause().await.unwrap();
    let release = async move {
        while pair.queued() < n {
            tokio::task::yield_now().await;
        }
        drop(held);
    };
    tokio::join!(commands, release).0
}

/// The engine units of `rupiah` and of 0.0001 coin on the pair.
pub fn units(app: &TestApp, rupiah: i64) -> (i64, i64) {
    let spec = &app.state.trading.pair(SYMBOL).unwrap().spec;
    (rupiah * 10_i64.pow(spec.price_scale), 10_i64.pow(spec.quantity_scale - 4))
}

/// A new user with 1,000,000 rupiah, and a bid's price (half the market: it rests) and quantity in
/// engine units.
async fn buyer_at_half(app: &TestApp, phone: &str) -> (User, i64, i64) {
    let user = app.sign_up(phone).await;
    fund(app, &user, 1_000_000).await;
    let (price, qty) = units(app, far_below(app, 0.5).await);
    (user, price, qty)
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
    let answers = in_one_batch(
        &app,
        48,
        join_all(asks.into_iter().map(|(kind, ask)| {
            let trading = trading.clone();
            async move { (kind, trading.ask(SYMBOL, ask).await) }
        })),
    )
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
    // Refusals before any write fail alone: the batch committed without savepoints.
    let view = app.state.trading.pair(SYMBOL).unwrap().view();
    assert_eq!(view.reruns, 0);
    assert!(view.optimistic_batches >= 1);
});

both_backends!(a_retry_and_a_cancel_queued_behind_the_place_see_it, |backend| async move {
    let app = trading_app(backend).await;
    let (user, price, qty) = buyer_at_half(&app, "081234569603").await;
    let trading = app.state.trading.clone();
    // Nothing else places orders here, so the next order id is the highest stored one plus one.
    let first = trading.ask(SYMBOL, limit_buy(&user, price, qty, None)).await.unwrap();
    let next = first.id + 1;

    let (placed, retried, cancelled, unknown) = in_one_batch(&app, 4, async {
        tokio::join!(
            trading.ask(SYMBOL, limit_buy(&user, price - 1, qty, Some("retry-me"))),
            trading.ask(SYMBOL, limit_buy(&user, price - 1, qty, Some("retry-me"))),
            trading.ask(SYMBOL, Ask::Cancel { user_id: user.user_id.clone(), order_id: next }),
            trading.ask(SYMBOL, Ask::Cancel { user_id: user.user_id.clone(), order_id: next + 1_000 }),
        )
    })
    .await;
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
    assert_eq!(orders_of(&app, &user, "%").await, 1);
    let (book, stored) = bids_below(&app, price).await;
    assert_eq!(book, stored);
    assert_ledger_sound(&app).await;
});

/// The number of `user`'s orders whose status is like `status` (`%` for all).
async fn orders_of(app: &TestApp, user: &User, status: &str) -> i64 {
    sqlx::query_scalar("select count(*) from crypto_orders where user_id = $1 and status like $2")
        .bind(&user.user_id)
        .bind(status)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap()
}

/// The trades of order `id`: price, quantity and whether it was the maker.
async fn trades_of(app: &TestApp, id: i64) -> Vec<(i64, i64, bool)> {
    let rows: Vec<(i64, i64, i64)> =
        sqlx::query_as("select price, quantity, maker from crypto_trades where order_id = $1 order by id")
            .bind(id)
            .fetch_all(app.state.db.pool())
            .await
            .unwrap();
    rows.into_iter().map(|(price, quantity, maker)| (price, quantity, maker == 1)).collect()
}

// Issue 12: in an optimistic run the new orders wait in memory until the batch's commit, and later
// commands of the batch still meet them: a sell fills a bid placed two commands earlier, a cancel
// finds another, and every row, trade and hold is stored as if each command had run alone. The clock
// stands still, so the providers' quotes do not move during the batch.
both_backends!(later_commands_of_a_batch_fill_and_cancel_orders_placed_earlier_in_it, |backend| async move {
    let now = chrono::DateTime::parse_from_rfc3339("2026-11-27T10:00:00Z").unwrap().to_utc();
    let (app, _clock, _url) = app_at(backend, now).await;
    let buyer = app.sign_up("081234569605").await;
    let seller = app.sign_up("081234569606").await;
    fund(&app, &buyer, 10_000_000).await;
    fund(&app, &seller, 10_000_000).await;
    far_below(&app, 0.5).await; // the providers' first quotes are in
    let trading = app.state.trading.clone();
    let (rupiah, qty) = units(&app, 1);
    let bought = trading
        .ask(
            SYMBOL,
            Ask::Place(PlaceRequest {
                user_id: seller.user_id.clone(),
                request_id: None,
                side: Side::Buy,
                kind: PlaceKind::MarketAmount { amount: 2_000_000 * 100 },
            }),
        )
        .await
        .unwrap();
    assert!(bought.filled_quantity > qty, "{bought:?}");
    let view = app.state.trading.pair(SYMBOL).unwrap().view();
    let (bid, ask) = (view.bids[0].price, view.asks[0].price);
    assert!(ask - bid > 2 * rupiah, "the providers' spread leaves room for a bid inside it");
    let top = bid + rupiah;
    // Half the market: far below the providers' deepest bid.
    let far = bid / 2 / rupiah * rupiah;
    let first = trading.ask(SYMBOL, limit_buy(&buyer, far, qty, None)).await.unwrap();
    let held = account(&app, &cash_of(&buyer)).await.1;
    let next = first.id + 1;

    let sell = Ask::Place(PlaceRequest {
        user_id: seller.user_id.clone(),
        request_id: None,
        side: Side::Sell,
        kind: PlaceKind::Limit { price: top, quantity: qty },
    });
    let (filled, cancelled, sold, gone) = in_one_batch(&app, 4, async {
        tokio::join!(
            trading.ask(SYMBOL, limit_buy(&buyer, top, qty, None)),
            trading.ask(SYMBOL, limit_buy(&buyer, top, qty, None)),
            trading.ask(SYMBOL, sell),
            trading.ask(SYMBOL, Ask::Cancel { user_id: buyer.user_id.clone(), order_id: next + 1 }),
        )
    })
    .await;
    let view = app.state.trading.pair(SYMBOL).unwrap().view();
    assert!(view.largest_batch >= 4, "one batch carried all four");
    assert_eq!(view.reruns, 0, "nothing had to be undone");
    let (filled, cancelled, sold, gone) = (filled.unwrap(), cancelled.unwrap(), sold.unwrap(), gone.unwrap());
    assert_eq!((filled.id, filled.is_open), (next, true), "answered as placed, before the sell");
    assert_eq!(cancelled.id, next + 1);
    assert_eq!((sold.status.as_str(), sold.filled_quantity, sold.limit_price), ("SUCCESS", qty, Some(top)));
    assert_eq!((gone.id, gone.is_open, gone.status.as_str()), (next + 1, false, "CANCELLED"));

    let stored = trading.ask(SYMBOL, Ask::Cancel { user_id: buyer.user_id.clone(), order_id: next }).await;
    assert!(matches!(stored, Err(TradeError::OrderNotOpen)), "the sell filled it: {stored:?}");
    assert_eq!(orders_of(&app, &buyer, "SUCCESS").await, 1);
    assert_eq!(orders_of(&app, &buyer, "CANCELLED").await, 1);
    assert_eq!(trades_of(&app, next).await, vec![(top, qty, true)], "the bid made the trade");
    assert_eq!(trades_of(&app, sold.id).await, vec![(top, qty, false)], "the sell took it");
    assert_eq!(account(&app, &cash_of(&buyer)).await.1, held, "only the far bid holds money");
    let view = app.state.trading.pair(SYMBOL).unwrap().view();
    assert_eq!(view.bids[0].price, bid, "nothing rests inside the spread any more");
    let (book, stored) = bids_below(&app, far).await;
    assert_eq!(stored, BTreeMap::from([(far, qty)]));
    assert_eq!(book, stored);
    assert_ledger_sound(&app).await;
});

// Issue 12: a repeated request id of a committed order, with money enough for a second one, is
// only found when the batch's new orders meet the unique key before the commit. That abandons the
// optimistic run; the batch runs again with savepoints, where the repeat answers the first order
// and holds nothing, and the other command of the batch is committed as if alone.
both_backends!(a_repeat_met_at_the_commit_runs_its_batch_again_with_savepoints, |backend| async move {
    let app = trading_app(backend).await;
    let (user, price, qty) = buyer_at_half(&app, "081234569607").await;
    let trading = app.state.trading.clone();
    let first = trading.ask(SYMBOL, limit_buy(&user, price, qty, Some("sent-twice"))).await.unwrap();
    let held = account(&app, &cash_of(&user)).await.1;
    assert!(held > 0);

    let (again, other) = in_one_batch(&app, 2, async {
        tokio::join!(
            trading.ask(SYMBOL, limit_buy(&user, price, qty, Some("sent-twice"))),
            trading.ask(SYMBOL, limit_buy(&user, price - 1, qty, Some("another"))),
        )
    })
    .await;
    let view = app.state.trading.pair(SYMBOL).unwrap().view();
    assert!(view.largest_batch >= 2 && view.reruns >= 1, "{view:?}");
    let (again, other) = (again.unwrap(), other.unwrap());
    assert_eq!((again.id, again.is_open), (first.id, true), "the repeat answers the first order");
    assert!(other.is_open && other.id != first.id, "{other:?}");
    let (_, held_now) = account(&app, &cash_of(&user)).await;
    assert!(held_now > held && held_now < 2 * held + 2, "two orders hold money, not three: {held} {held_now}");
    assert_eq!(orders_of(&app, &user, "%").await, 2);
    let (book, stored) = bids_below(&app, price).await;
    assert_eq!(book, stored);
    assert_ledger_sound(&app).await;
});

// Issue 12: operators see where an owner's batch spends its time, per step, on `/metrics`.
both_backends!(a_batch_records_the_time_of_each_of_its_steps, |backend| async move {
    let app = trading_app(backend).await;
    let (user, price, qty) = buyer_at_half(&app, "081234569608").await;
    app.state.trading.ask(SYMBOL, limit_buy(&user, price, qty, None)).await.unwrap();
    let rendered = app.state.metrics.render();
    for phase in ["begin", "commands", "write", "commit"] {
        let count = rendered
            .lines()
            .filter(|l| l.starts_with("order_batch_phase_seconds_count{"))
            .find(|l| l.contains(&format!("phase=\"{phase}\"")) && l.contains(&format!("symbol=\"{SYMBOL}\"")))
            .and_then(|l| l.rsplit(' ').next())
            .and_then(|n| n.parse::<f64>().ok());
        assert!(count.is_some_and(|n| n >= 1.0), "{phase} not recorded: {rendered}");
    }
});

// Issue 12: a batch that left commands queued behind it commits and opens the next batch's
// transaction in one round trip on PostgreSQL (`store::chain`); the next batch runs in it, and an
// owner with nothing queued holds no transaction. SQLite commits as before.
both_backends!(a_batch_queued_behind_a_full_one_runs_in_the_transaction_its_commit_opened, |backend| async move {
    let app = trading_app(backend).await;
    let mut buyers = Vec::new();
    for n in 0..7 {
        let (user, price, qty) = buyer_at_half(&app, &format!("08123456971{n}")).await;
        fund(&app, &user, 10_000_000).await;
        buyers.push((user, price, qty));
    }
    let trading = app.state.trading.clone();
    let count = BATCH_MAX + 6;
    let asks = (0..count).map(|i| {
        let (user, price, qty) = &buyers[i % buyers.len()];
        trading.ask(SYMBOL, limit_buy(user, *price, *qty, None))
    });
    let answers = in_one_batch(&app, count, join_all(asks)).await;
    for answer in &answers {
        assert!(answer.as_ref().is_ok_and(|order| order.is_open), "{answer:?}");
    }
    let view = app.state.trading.pair(SYMBOL).unwrap().view();
    assert_eq!(view.largest_batch, BATCH_MAX, "the first batch was full and left commands queued");
    match backend {
        store::Backend::Postgres => {
            assert!(view.chained_batches >= 1, "the next batch ran in the transaction the commit opened");
            let open: i64 = sqlx::query_scalar(
                "select count(*) from pg_stat_activity where datname = current_database() \
                 and state like 'idle in transaction%'",
            )
            .fetch_one(app.state.db.pool())
            .await
            .unwrap();
            assert_eq!(open, 0, "an owner with nothing queued holds no transaction");
        }
        store::Backend::Sqlite => assert_eq!(view.chained_batches, 0, "SQLite's one writer is not held"),
    }
    let mut stored = 0;
    for (user, _, _) in &buyers {
        stored += orders_of(&app, user, "%").await;
    }
    assert_eq!(stored, i64::try_from(count).unwrap(), "every order of both batches is stored");
    assert_ledger_sound(&app).await;
});
