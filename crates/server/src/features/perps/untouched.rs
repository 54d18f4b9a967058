//! A placement that meets nothing as it is placed, so it only rests (issue 12): a stop waiting for
//! its trigger, or a limit order nothing reaches. Its margin hold, its row and the call's kept
//! answer go to the database together, one statement on PostgreSQL instead of three. Each
//! statement is a round trip made under the contract's book lock, so a wait for every other
//! placement on the contract.

use domain::ledger::HoldReason;
use store::idempotency::{self, StoredResponse};
use store::ledger::{self, NewHold};
use store::write_set::WriteSet;
use store::StoreError;

use super::errors::PerpError;
use super::fills::wallet;
use super::lifecycle::marketable;
use super::repo::{self, OrderRow};
use super::venue::PerpQuote;
use crate::features::orders::errors::TradeError;
use crate::features::orders::kept_answer::KeepAnswer;

type Tx = sqlx::Transaction<'static, sqlx::Any>;

/// Whether the new `order` meets nothing now: a stop, or a limit order (not reduce-only) whose
/// step locked no other user than its own (`locked`), so no user's order was in its reach, and
/// whose price the providers' quotes do not reach. Such an order rests exactly as it was built.
pub fn meets_nothing(order: &OrderRow, locked: &[String], quote: &PerpQuote) -> bool {
    if order.order_type.is_stop() {
        return true;
    }
    order.order_type.has_limit() && order.reduce_only == 0 && locked.len() == 1 && !marketable(order, quote)
}

/// Rests `order`, which [`meets_nothing`], holding `required` of its user's margin, and keeps the
/// call's answer: one write set.
pub async fn rest(
    tx: &mut Tx,
    order: &mut OrderRow,
    required: i64,
    kept: Option<KeepAnswer<'_, OrderRow>>,
) -> Result<(), PerpError> {
    // A margin that covers `required` means the wallet's account exists: its id is enough.
    let event = format!("perp-order:{}", order.id);
    let hold = (required > 0)
        .then(|| NewHold::new(&wallet(&order.user_id).id(), required, HoldReason::PerpOrder, &event))
        .transpose()?;
    order.hold_id = hold.as_ref().map(|hold| hold.id.clone());
    let answer = kept.map(|kept| answer(kept, order).map(|stored| (kept.key, stored))).transpose()?;
    let mut set = WriteSet::default();
    set.extend(hold.iter().flat_map(NewHold::parts));
    set.push(repo::order_part(order));
    set.extend(idempotency::answers_part(answer.iter().map(|(key, stored)| (*key, stored))));
    set.run(tx).await.map_err(|e| match e {
        StoreError::SharedTransaction(why) if why == repo::ORDER_REPEATED => PerpError::RequestInProgress,
        StoreError::SharedTransaction(why) if why == ledger::HOLD_REFUSED => PerpError::InsufficientMargin,
        e => e.into(),
    })
}

/// The answer `kept` makes for `order`.
pub fn answer(kept: KeepAnswer<'_, OrderRow>, order: &OrderRow) -> Result<StoredResponse, PerpError> {
    (kept.answer)(order).map_err(|why| TradeError::Internal(why).into())
}

#[cfg(test)]
mod tests {
    use domain::orders::{PerpOrderType, PerpOrigin, Side};

    use super::*;
    use crate::features::perps::repo::NewOrder;
    use crate::features::perps::venue::Level;

    fn order(side: Side, order_type: PerpOrderType, price: Option<i64>) -> OrderRow {
        let new = NewOrder {
            user_id: "u1".into(),
            symbol: "BTCUSDT-PERP".into(),
            side,
            order_type,
            lots: 1,
            leverage: 10,
            origin: PerpOrigin::User,
        };
        OrderRow { price, stop_price: price, ..OrderRow::pending(new, 0) }
    }

    fn quote() -> PerpQuote {
        let level = |price| Level { price, lots: 5 };
        PerpQuote {
            index: 100,
            last: 100,
            mark: 100,
            bids: vec![level(99), level(98)],
            asks: vec![level(101), level(102)],
        }
    }

    #[test]
    fn only_an_order_that_nothing_can_reach_rests_untouched() {
        let own = ["u1".to_owned()];
        let q = quote();
        // Limits short of the providers' best price rest; at or through it they take.
        assert!(meets_nothing(&order(Side::Buy, PerpOrderType::Limit, Some(100)), &own, &q));
        assert!(!meets_nothing(&order(Side::Buy, PerpOrderType::Limit, Some(101)), &own, &q));
        assert!(meets_nothing(&order(Side::Sell, PerpOrderType::Limit, Some(100)), &own, &q));
        assert!(!meets_nothing(&order(Side::Sell, PerpOrderType::Limit, Some(99)), &own, &q));
        // Another user's resting order was in reach (its user is locked too): the full path.
        let both = ["u0".to_owned(), "u1".to_owned()];
        assert!(!meets_nothing(&order(Side::Buy, PerpOrderType::Limit, Some(100)), &both, &q));
        // Reduce-only and market orders take the full path; a stop only waits.
        let reduce = OrderRow { reduce_only: 1, ..order(Side::Buy, PerpOrderType::Limit, Some(100)) };
        assert!(!meets_nothing(&reduce, &own, &q));
        assert!(!meets_nothing(&order(Side::Buy, PerpOrderType::Market, None), &own, &q));
        assert!(meets_nothing(&order(Side::Buy, PerpOrderType::StopMarket, Some(150)), &both, &q));
        assert!(meets_nothing(&order(Side::Sell, PerpOrderType::StopLimit, Some(50)), &both, &q));
    }
}
