//! The perpetual order lifecycle (docs/perps.md "Orders"): place (row, margin hold and, when
//! marketable, the fill in one transaction under the user's lock), the venue step of resting and
//! stop orders, cancel, close a position (the position's leverage and take-profit / stop-loss:
//! `position_settings`). Each step is one transaction; what changed is published after it commits.

use domain::ledger::HoldReason;
use domain::orders::{PerpOrderReason, PerpOrderType, PerpOrigin, Side};
use domain::perps::Round;
use domain::Clock;
use store::idempotency;
use store::ledger;
use store::Db;

use super::errors::PerpError;
use super::fills::{self, split, wallet, Fill};
use super::locks::{self, user_key, Locking};
use super::matching::{match_taker, Resting};
use super::repo::{self, NewOrder, OrderRow, PositionRow};
use super::service::{Assessment, PerpService};
use super::untouched;
use super::venue::{Level, PerpQuote};
use super::view::PerpOrderView;
use super::wallet_state::{self, WalletState};
use crate::features::live::user::positions_channel;
use crate::features::live::Hub;
use crate::features::orders::errors::TradeError;
use crate::features::orders::kept_answer::KeepAnswer;
use crate::features::orders::live::publish_order;
use crate::features::orders::state::status_after;

type Tx = sqlx::Transaction<'static, sqlx::Any>;

/// An order to place.
#[derive(Debug, Clone)]
pub struct Draft {
    /// `BTCUSDT-PERP`.
    pub symbol: String,
    /// Buy (long) or sell (short).
    pub side: Side,
    /// The type.
    pub kind: PerpOrderType,
    /// Lots.
    pub lots: i64,
    /// Limit price, ticks.
    pub price: Option<i64>,
    /// Trigger, ticks.
    pub stop: Option<i64>,
    /// May only reduce the position.
    pub reduce_only: bool,
    /// Take-profit and stop-loss (ticks) its fills set on the position (never with reduce-only).
    pub protection: Protection,
    /// Who places it.
    pub origin: PerpOrigin,
    /// The client's `x-request-id`.
    pub request_id: Option<String>,
}

/// The take-profit and stop-loss an order sets on the position its fills open or add to.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Protection {
    /// Closes the position at market when the mark reaches it (ticks).
    pub take_profit: Option<i64>,
    /// Closes the position at market when the mark reaches it (ticks).
    pub stop_loss: Option<i64>,
}

/// What an order would need and do, before it is placed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// The price the margin and fee are computed at, ticks.
    pub reference: i64,
    /// Lots that reduce the position.
    pub reduce: i64,
    /// Lots that open or add.
    pub increase: i64,
    /// Initial margin of the increase, micro-USDT.
    pub initial_margin: i64,
    /// The taker fee at the reference price, micro-USDT.
    pub fee: i64,
    /// The leverage it uses.
    pub leverage: i64,
    /// The wallet as it is.
    pub assessment: Assessment,
    /// The user's open orders now, on every contract.
    pub open_orders: i64,
    /// The position as it is.
    pub position: PositionRow,
}

/// The lifecycle over the application's parts.
pub struct Perps<'a> {
    /// The database.
    pub db: &'a Db,
    /// Contracts, venue, settings.
    pub svc: &'a PerpService,
    /// The `/ws` hub.
    pub hub: &'a Hub,
    /// Now.
    pub clock: &'a dyn Clock,
}

/// A placement stored but not yet published: the order and the other users' orders it filled.
pub type Placed = (OrderRow, Vec<OrderRow>);

/// How an order meets the book in a step.
#[derive(Clone, Copy)]
enum Role<'a> {
    /// It takes: the resting orders of the users whose locks the step holds, and the providers' levels.
    Taker(&'a [String]),
    /// It rests and the providers' quotes reached it: it fills at its own limit.
    Maker,
}

/// How far a taking order of `side` for `lots` may reach: its limit, or for a market order the
/// providers' level that fills it whole (a user priced beyond it is never reached); none when the
/// providers quote nothing on that side.
pub fn taker_bound(side: Side, lots: i64, limit: Option<i64>, quote: &PerpQuote) -> Option<i64> {
    limit.or_else(|| sweep_price(if side == Side::Buy { &quote.asks } else { &quote.bids }, lots))
}

/// The price a market order of `lots` reaches walking `levels` (the last level it needs).
pub fn sweep_price(levels: &[Level], lots: i64) -> Option<i64> {
    let mut left = lots;
    for level in levels {
        left -= level.lots;
        if left <= 0 {
            return Some(level.price);
        }
    }
    levels.last().map(|l| l.price)
}

impl Perps<'_> {
    /// Now, ms since the epoch.
    pub fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    pub(super) fn contract(&self, symbol: &str) -> Result<&domain::perps::Contract, PerpError> {
        Ok(&self.svc.instrument(symbol).ok_or_else(|| TradeError::Internal(format!("unknown perp {symbol}")))?.contract)
    }

    /// The quote of `symbol` now.
    pub fn quote(&self, symbol: &str) -> Result<PerpQuote, PerpError> {
        let inst = self.svc.instrument(symbol).ok_or_else(|| TradeError::Internal(format!("unknown perp {symbol}")))?;
        Ok(self.svc.venue.quote(inst, self.clock.now()).ok_or(TradeError::NoLiquidity)?)
    }

    /// The leverage a user who `chose` one (or not) trades `symbol` at.
    fn leverage_for(&self, symbol: &str, chose: Option<i64>) -> Result<i64, PerpError> {
        let ceiling = i64::from(self.contract(symbol)?.leverage_ceiling());
        Ok(chose.unwrap_or(i64::from(self.svc.settings.default_leverage)).clamp(1, ceiling))
    }

    /// The user's wallet marked to market, inside a write.
    pub async fn assess_tx(&self, tx: &mut Tx, user_id: &str) -> Result<Assessment, PerpError> {
        let balance = ledger::balance_tx(tx, &wallet(user_id)).await?;
        let positions = repo::open_positions_of_tx(tx, user_id).await?;
        Ok(self.svc.assess(balance.balance, balance.held, &positions, self.clock.now()))
    }

    /// What `draft` needs now: refused when it breaks the contract's or the wallet's rules.
    pub async fn plan(&self, tx: &mut Tx, user_id: &str, draft: &Draft, quote: &PerpQuote) -> Result<Plan, PerpError> {
        let state = wallet_state::read_tx(tx, user_id, &draft.symbol, &wallet(user_id).id()).await?;
        self.plan_from(state, user_id, draft, quote)
    }

    /// [`Perps::plan`] on the user's `state`, as read under the user's lock.
    fn plan_from(
        &self,
        state: WalletState,
        user_id: &str,
        draft: &Draft,
        quote: &PerpQuote,
    ) -> Result<Plan, PerpError> {
        let contract = *self.contract(&draft.symbol)?;
        let leverage = self.leverage_for(&draft.symbol, state.leverage)?;
        let position =
            state.position.unwrap_or_else(|| PositionRow::flat(user_id, &draft.symbol, leverage, self.now_ms()));
        let (reduce, increase) = split(position.lots, draft.side.code().into(), draft.lots);
        if draft.reduce_only && increase > 0 {
            return Err(if position.lots == 0 { PerpError::NoPosition } else { PerpError::ReduceOnlyWouldIncrease });
        }
        let book = if draft.side == Side::Buy { &quote.asks } else { &quote.bids };
        let reference = match draft.kind {
            PerpOrderType::Market => sweep_price(book, draft.lots).ok_or(TradeError::NoLiquidity)?,
            PerpOrderType::Limit | PerpOrderType::StopLimit => draft.price.unwrap_or(quote.mark),
            PerpOrderType::StopMarket => draft.stop.unwrap_or(quote.mark),
        };
        let fee = contract.fee_micro(contract.notional_micro(draft.lots, reference, Round::Up), false);
        let mut initial_margin = 0;
        if increase > 0 {
            let after = if reduce > 0 { increase } else { position.lots.abs() + increase };
            let tier = contract.tier(contract.notional_micro(after, reference, Round::Up));
            if i64::from(tier.max_leverage) < leverage {
                return Err(PerpError::PositionTooLarge);
            }
            initial_margin = contract.initial_micro(increase * reference, u32::try_from(leverage).unwrap_or(1));
        }
        let balance = state.balance.unwrap_or(ledger::Balance { balance: 0, held: 0 });
        let assessment = self.svc.assess(balance.balance, balance.held, &state.open_positions, self.clock.now());
        let open_orders = state.open_orders;
        Ok(Plan { reference, reduce, increase, initial_margin, fee, leverage, assessment, open_orders, position })
    }

    /// Places `draft` for `user_id` in a transaction of its own: the row and its margin hold, and
    /// the fill when it is marketable ([`Perps::place_in`]).
    pub async fn place(&self, user_id: &str, draft: Draft) -> Result<OrderRow, PerpError> {
        let mut w = self.db.begin_write().await?;
        let placed = self.place_in(&mut w.tx, user_id, draft, None, Locking::InOrder).await?;
        w.commit().await?;
        Ok(self.placed(placed).await)
    }

    /// The work of placing `draft` inside `tx`: the book's and the users' locks, the contract's and
    /// the wallet's rules, the row and its margin hold, the fill when it is marketable, and the
    /// call's answer when it is to be `kept`. Returns the order and the other users' orders it
    /// filled, for [`Perps::placed`] once committed. With [`Locking::UserWithBook`] it may refuse
    /// with [`PerpError::LocksBusy`], having changed nothing the caller keeps: roll back, run again.
    pub async fn place_in(
        &self,
        tx: &mut Tx,
        user_id: &str,
        draft: Draft,
        kept: Option<KeepAnswer<'_, OrderRow>>,
        locking: Locking,
    ) -> Result<Placed, PerpError> {
        let quote = self.quote(&draft.symbol)?;
        let takes = !draft.kind.is_stop();
        let limit = if draft.kind.has_limit() { draft.price } else { None };
        let reach = takes.then(|| (draft.side, taker_bound(draft.side, draft.lots, limit, &quote)));
        let (locked, state) = locks::lock_and_read(tx, &draft.symbol, user_id, reach, locking).await?;
        let plan = self.plan_from(state, user_id, &draft, &quote)?;
        // Counted under the user's lock, so placements sent at once cannot pass the limit together.
        // The orders the platform places (closes, take-profit, liquidation) are not limited.
        let open_max = self.svc.settings.open_orders_per_user_max;
        if draft.origin == PerpOrigin::User && plan.open_orders >= i64::from(open_max) {
            return Err(TradeError::TooManyOpenOrders(open_max).into());
        }
        let required = if plan.increase > 0 { plan.initial_margin + plan.fee } else { 0 };
        if required > plan.assessment.available {
            return Err(PerpError::InsufficientMargin);
        }
        let now = self.now_ms();
        let new = NewOrder {
            user_id: user_id.to_owned(),
            symbol: draft.symbol.clone(),
            side: draft.side,
            order_type: draft.kind,
            lots: draft.lots,
            leverage: plan.leverage,
            origin: draft.origin,
        };
        let mut order = OrderRow {
            price: draft.price,
            stop_price: draft.stop,
            reduce_only: i64::from(draft.reduce_only),
            take_profit: draft.protection.take_profit,
            stop_loss: draft.protection.stop_loss,
            request_id: draft.request_id.clone(),
            ..OrderRow::pending(new, now)
        };
        if untouched::meets_nothing(&order, &locked, &quote) {
            untouched::rest(tx, &mut order, required, kept).await?;
            return Ok((order, Vec::new()));
        }
        // The hold first, so the row is inserted as it rests. A repeat's refused insert rolls the
        // hold back with it. A margin that covers `required` means the wallet's account exists: no
        // need to open it.
        if required > 0 {
            let account = wallet(user_id).id();
            order.hold_id = Some(
                ledger::hold(tx, &account, required, HoldReason::PerpOrder, &format!("perp-order:{}", order.id))
                    .await?,
            );
        }
        if !repo::insert_order(tx, &order).await? {
            return Err(PerpError::RequestInProgress);
        }
        let mut position = plan.position;
        let makers = if takes {
            let stored = order.clone();
            self.execute(tx, &mut order, &stored, &mut position, &quote, Role::Taker(&locked)).await?
        } else {
            Vec::new()
        };
        if let Some(kept) = kept {
            idempotency::keep_in(tx, kept.key, &untouched::answer(kept, &order)?).await?;
        }
        Ok((order, makers))
    }

    /// After a placement committed: the risk job looks at the user again, and the order and the
    /// makers it filled are published. Returns the order.
    pub async fn placed(&self, (order, makers): Placed) -> OrderRow {
        self.svc.risk_book.touch(&order.user_id);
        self.publish(&order, true).await;
        self.publish_makers(&makers).await;
        order
    }

    /// The other users' resting orders `order` may meet now (only those whose locks the step
    /// holds), oldest first, each offering what it may fill: a reduce-only order no more than its
    /// user's position can still be reduced by it and the user's earlier reduce-only orders.
    async fn makers_for(
        &self,
        tx: &mut Tx,
        order: &OrderRow,
        bound: Option<i64>,
        locked: &[String],
    ) -> Result<(Vec<OrderRow>, Vec<Resting>), PerpError> {
        // Only the taker's own lock: nobody else's order could be met when the locks were taken,
        // and none can have started resting since.
        if locked.iter().all(|user| *user == order.user_id) {
            return Ok((Vec::new(), Vec::new()));
        }
        let mut rows =
            repo::resting_against_tx(tx, &order.symbol, order.side.opposite(), bound, &order.user_id).await?;
        rows.retain(|o| locked.contains(&o.user_id));
        rows.sort_by(|a, b| (a.created_at_ms, &a.id).cmp(&(b.created_at_ms, &b.id)));
        let mut reducible: std::collections::HashMap<String, i64> = std::collections::HashMap::new();
        let mut offers = Vec::with_capacity(rows.len());
        for row in &rows {
            let mut lots = row.lots - row.filled_lots;
            if row.reduce_only == 1 {
                let left = match reducible.get(&row.user_id) {
                    Some(left) => *left,
                    None => {
                        let position = repo::position_tx(tx, &row.user_id, &row.symbol).await?.map_or(0, |p| p.lots);
                        split(position, row.side.code().into(), i64::MAX).0
                    }
                };
                lots = lots.min(left);
                reducible.insert(row.user_id.clone(), left - lots);
            }
            offers.push(Resting { price: row.price.unwrap_or(0), lots });
        }
        Ok((rows, offers))
    }

    /// Fills what the book gives `order` now, then closes it or holds margin for what is left. A
    /// taker meets the other users' resting orders and the providers' levels on the engine (each at
    /// the resting price) and returns the users' orders it filled; a resting maker fills at its own
    /// limit where the providers' quotes reached it. `stored` is the order as the database holds it.
    async fn execute(
        &self,
        tx: &mut Tx,
        order: &mut OrderRow,
        stored: &OrderRow,
        position: &mut PositionRow,
        quote: &PerpQuote,
        role: Role<'_>,
    ) -> Result<Vec<OrderRow>, PerpError> {
        let side = i64::from(order.side.code());
        let mut wanted = order.lots - order.filled_lots;
        if order.reduce_only == 1 {
            let (reduce, _) = split(position.lots, side, wanted);
            wanted = reduce;
            if wanted == 0 {
                self.close(tx, order, Some(PerpOrderReason::NothingToReduce), false).await?;
                return Ok(Vec::new());
            }
        }
        let kind = order.order_type;
        let limit = if kind.has_limit() { order.price } else { None };
        let book = if side > 0 { &quote.asks } else { &quote.bids };
        let mut makers = Vec::new();
        let (lots, value) = match role {
            Role::Taker(locked) => {
                let bound = taker_bound(order.side, wanted, limit, quote);
                let (rows, offers) = self.makers_for(tx, order, bound, locked).await?;
                let matched = match_taker(order.side, wanted, limit, &offers, book);
                for met in &matched.makers {
                    let mut maker = rows[met.index].clone();
                    self.fill_maker(tx, &mut maker, met.lots, met.price).await?;
                    makers.push(maker);
                }
                (matched.lots, matched.value)
            }
            Role::Maker => {
                let reached: i64 = book
                    .iter()
                    .filter(|l| limit.is_some_and(|p| if side > 0 { l.price <= p } else { l.price >= p }))
                    .map(|l| l.lots)
                    .sum();
                let lots = reached.min(wanted);
                (lots, lots * limit.unwrap_or(0))
            }
        };
        let maker = matches!(role, Role::Maker);
        if lots > 0 {
            self.take_fill(tx, order, position, (lots, value), maker).await?;
        }
        if !kind.has_limit() && order.filled_lots < order.lots {
            self.close(tx, order, Some(PerpOrderReason::NoLiquidity), false).await?;
        } else {
            self.rest_or_close(tx, order, position, lots > 0, Some(stored)).await?;
        }
        Ok(makers)
    }

    /// A user's resting order met by a taker: `lots` at its own `price`, as the maker.
    async fn fill_maker(&self, tx: &mut Tx, order: &mut OrderRow, lots: i64, price: i64) -> Result<(), PerpError> {
        let mut position = repo::position_tx(tx, &order.user_id, &order.symbol)
            .await?
            .unwrap_or_else(|| PositionRow::flat(&order.user_id, &order.symbol, order.leverage, self.now_ms()));
        self.take_fill(tx, order, &mut position, (lots, lots * price), true).await?;
        self.rest_or_close(tx, order, &position, true, None).await
    }

    /// One fill of `order` for (lots, Σ lots × price): its hold released, then the fill to the
    /// position and the ledger.
    async fn take_fill(
        &self,
        tx: &mut Tx,
        order: &mut OrderRow,
        position: &mut PositionRow,
        (lots, value): (i64, i64),
        maker: bool,
    ) -> Result<(), PerpError> {
        if let Some(hold) = order.hold_id.take() {
            ledger::close_hold(tx, &hold, false).await?;
        }
        let fill =
            Fill { instruments: &self.svc.instruments, lots, value, maker, fee_free: false, now_ms: self.now_ms() };
        fills::apply(tx, order, position, fill).await?;
        Ok(())
    }

    /// After a step's fills: a filled order closes; one with lots left rests, its margin held again
    /// for them when something `filled`. A resting order is written unless it is still what the
    /// database holds (`stored`).
    async fn rest_or_close(
        &self,
        tx: &mut Tx,
        order: &mut OrderRow,
        position: &PositionRow,
        filled: bool,
        stored: Option<&OrderRow>,
    ) -> Result<(), PerpError> {
        if order.filled_lots >= order.lots {
            return self.close(tx, order, None, false).await;
        }
        if filled {
            self.hold_remaining(tx, order, position).await?;
        }
        order.status = status_after(true, order.filled_lots, Some(order.lots), false);
        if stored != Some(&*order) {
            repo::save_order(tx, order).await?;
        }
        Ok(())
    }

    /// Holds margin again for the unfilled part of a resting order, as far as the wallet has it.
    async fn hold_remaining(&self, tx: &mut Tx, order: &mut OrderRow, position: &PositionRow) -> Result<(), PerpError> {
        let contract = *self.contract(&order.symbol)?;
        let left = order.lots - order.filled_lots;
        let (_, increase) = split(position.lots, i64::from(order.side.code()), left);
        let price = order.price.unwrap_or(0);
        if increase == 0 || price == 0 {
            return Ok(());
        }
        let want = contract.initial_micro(increase * price, u32::try_from(order.leverage).unwrap_or(1))
            + contract.fee_micro(contract.notional_micro(left, price, Round::Up), true);
        let account = wallet(&order.user_id);
        let free = ledger::balance_tx(tx, &account).await?.available();
        let take = want.min(free);
        if take > 0 {
            // Free margin means the account exists: its id is enough.
            let account_id = account.id();
            let event = format!("perp-order:{}:{}", order.id, order.filled_lots);
            order.hold_id = Some(ledger::hold(tx, &account_id, take, HoldReason::PerpOrder, &event).await?);
        }
        Ok(())
    }

    /// Closes `order`: its hold released, its status from what filled.
    async fn close(
        &self,
        tx: &mut Tx,
        order: &mut OrderRow,
        reason: Option<PerpOrderReason>,
        cancelled: bool,
    ) -> Result<(), PerpError> {
        if let Some(hold) = order.hold_id.take() {
            ledger::close_hold(tx, &hold, false).await?;
        }
        order.is_open = 0;
        order.status = status_after(false, order.filled_lots, Some(order.lots), cancelled);
        order.reason = reason;
        order.updated_at_ms = self.now_ms();
        repo::save_order(tx, order).await?;
        Ok(())
    }

    /// Cancels the user's open order; its hold is released.
    pub async fn cancel(&self, user_id: &str, order_id: &str) -> Result<OrderRow, PerpError> {
        let mut w = self.db.begin_write().await?;
        w.lock_key(&user_key(user_id)).await?;
        let mut order = repo::order_tx(&mut w.tx, order_id)
            .await?
            .filter(|o| o.user_id == user_id)
            .ok_or(TradeError::OrderNotFound)?;
        if order.is_open == 0 {
            return Err(TradeError::OrderNotOpen.into());
        }
        self.close(&mut w.tx, &mut order, Some(PerpOrderReason::CancelledByUser), true).await?;
        w.commit().await?;
        self.svc.risk_book.touch(user_id);
        self.publish(&order, true).await;
        Ok(order)
    }

    /// Cancels every open order of the user inside the caller's write (liquidation).
    pub async fn cancel_all_tx(
        &self,
        tx: &mut Tx,
        user_id: &str,
        reason: PerpOrderReason,
    ) -> Result<Vec<OrderRow>, PerpError> {
        let mut closed = Vec::new();
        for mut order in repo::open_orders_of_tx(tx, user_id).await? {
            self.close(tx, &mut order, Some(reason), true).await?;
            closed.push(order);
        }
        Ok(closed)
    }

    /// Closes the user's whole position in `symbol` at the market (reduce-only).
    pub async fn close_position(
        &self,
        user_id: &str,
        symbol: &str,
        origin: PerpOrigin,
        request_id: Option<String>,
    ) -> Result<OrderRow, PerpError> {
        // A read: the reduce-only order re-checks the position under the user's lock.
        let lots = repo::open_positions_of(self.db, user_id)
            .await?
            .into_iter()
            .find(|p| p.symbol == symbol)
            .map_or(0, |p| p.lots);
        if lots == 0 {
            return Err(PerpError::NoPosition);
        }
        let side = if lots > 0 { Side::Sell } else { Side::Buy };
        let draft = Draft {
            symbol: symbol.to_owned(),
            side,
            kind: PerpOrderType::Market,
            lots: lots.abs(),
            price: None,
            stop: None,
            reduce_only: true,
            protection: Protection::default(),
            origin,
            request_id,
        };
        self.place(user_id, draft).await
    }

    /// One venue step of an open order: a stop meets its trigger, a resting limit the quotes.
    /// Returns whether anything changed.
    pub async fn step(&self, user_id: &str, order_id: &str, quote: &PerpQuote) -> Result<bool, PerpError> {
        let mut w = self.db.begin_write().await?;
        // A first read learns whether the order takes now (and so whose locks the step needs);
        // everything is read again under the locks.
        let Some(peek) = repo::order_tx(&mut w.tx, order_id).await?.filter(|o| o.is_open == 1) else {
            return Ok(false);
        };
        let takes = peek.order_type.is_stop() && peek.triggered == 0 && stop_reached(&peek, quote.mark);
        let limit = if peek.order_type.has_limit() { peek.price } else { None };
        let reach = takes.then(|| (peek.side, taker_bound(peek.side, peek.lots - peek.filled_lots, limit, quote)));
        let locked = locks::lock_book(&mut w.tx, &peek.symbol, user_id, reach, Locking::InOrder).await?;
        let Some(mut order) = repo::order_tx(&mut w.tx, order_id).await?.filter(|o| o.is_open == 1) else {
            return Ok(false);
        };
        let stored = order.clone();
        let mut triggered_now = false;
        if order.order_type.is_stop() && order.triggered == 0 {
            if !stop_reached(&order, quote.mark) {
                return Ok(false);
            }
            order.triggered = 1;
            triggered_now = true;
        }
        let leverage = order.leverage;
        let mut position = repo::position_tx(&mut w.tx, user_id, &order.symbol)
            .await?
            .unwrap_or_else(|| PositionRow::flat(user_id, &order.symbol, leverage, self.now_ms()));
        let makers = if triggered_now {
            // A stop that just triggered takes, as its market or limit order.
            self.execute(&mut w.tx, &mut order, &stored, &mut position, quote, Role::Taker(&locked)).await?
        } else if marketable(&order, quote) {
            self.execute(&mut w.tx, &mut order, &stored, &mut position, quote, Role::Maker).await?
        } else {
            return Ok(false);
        };
        w.commit().await?;
        self.svc.risk_book.touch(user_id);
        self.publish(&order, true).await;
        self.publish_makers(&makers).await;
        Ok(true)
    }

    /// Marks and publishes the users' resting orders a taker filled (after its commit).
    async fn publish_makers(&self, makers: &[OrderRow]) {
        for order in makers {
            self.svc.risk_book.touch(&order.user_id);
            self.publish(order, true).await;
        }
    }

    /// Publishes an order on the owner's channels, and their positions when `positions` says so.
    pub async fn publish(&self, order: &OrderRow, positions: bool) {
        if let Some(inst) = self.svc.instrument(&order.symbol) {
            publish_order(self.hub, &order.user_id, &order.symbol, &PerpOrderView::of(order, inst));
        }
        if positions {
            self.publish_positions(&order.user_id).await;
        }
    }

    /// Publishes the user's positions and wallet, marked now, when someone listens.
    pub async fn publish_positions(&self, user_id: &str) {
        let channel = positions_channel(user_id);
        if !self.hub.is_subscribed(&channel) {
            return;
        }
        match super::marked::snapshot(self.db, self.svc, self.clock.now(), user_id).await {
            Ok(view) => {
                self.hub.publish(&channel, crate::features::live::frame("positions", "positions", &view));
            }
            Err(e) => tracing::warn!(user = %user_id, error = %e, "positions snapshot failed"),
        }
    }
}

/// Whether a stop's trigger is reached at `mark` (a buy stop when the mark rises to it, a sell stop
/// when it falls to it).
fn stop_reached(order: &OrderRow, mark: i64) -> bool {
    let stop = order.stop_price.unwrap_or(0);
    if order.side == Side::Buy {
        mark >= stop
    } else {
        mark <= stop
    }
}

/// Whether a limit order's price meets the book now.
pub(super) fn marketable(order: &OrderRow, quote: &PerpQuote) -> bool {
    let Some(price) = order.price else { return false };
    if i64::from(order.side.code()) > 0 {
        quote.ask().is_some_and(|ask| ask <= price)
    } else {
        quote.bid().is_some_and(|bid| bid >= price)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_market_order_is_priced_at_the_last_level_it_needs() {
        let levels = [Level { price: 100, lots: 2 }, Level { price: 101, lots: 3 }, Level { price: 103, lots: 10 }];
        assert_eq!(sweep_price(&levels, 2), Some(100));
        assert_eq!(sweep_price(&levels, 4), Some(101));
        assert_eq!(sweep_price(&levels, 50), Some(103));
        assert_eq!(sweep_price(&[], 1), None);
    }
}
