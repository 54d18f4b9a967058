//! The life of a US-stock order (R4.01, R4.03): placed with its hold → waiting to be sent → sent
//! to the exchange → accepted or rejected → filled in parts or at once, or cancelled, or expired at
//! the close. Each step is one transaction under the owner's write lock, so a restart resumes
//! where the database says and no step runs twice. Every fill posts to the ledger in the same
//! transaction as the order's new state.

use chrono::{DateTime, Utc};
use domain::ledger::{AccountRef, HoldReason};
use domain::money::USD;
use domain::orders::{
    Bucket, ExchangeState, OrderKind, OrderStatus, ProtectiveKind, Side, TimeInForce, TradingHours, UsOrderReason,
};
use domain::Clock;
use market::calendar::Venue as Calendar;
use sqlx::{Any, Transaction};
use store::ledger::{self, NewHold};
use store::Db;

use super::fills::post_fill;
use super::holds;
use super::repo::{self, UsOrderRow};
use super::service::{trading_date, user_key, UsStockService};
use super::view::UsOrderView;
use crate::features::live::Hub;
use crate::features::orders::errors::TradeError;
use crate::features::orders::live::publish_order;
use crate::features::orders::state::status_after;

type Tx = Transaction<'static, Any>;

/// The account an order's hold reserves: its bucket's dollars for a buy, its shares for a sell.
fn hold_account(order: &UsOrderRow) -> Result<AccountRef, TradeError> {
    let bucket: Bucket = order.bucket.parse().map_err(|_| TradeError::Internal("bucket".into()))?;
    Ok(if order.side == Side::Buy {
        AccountRef::user(&order.user_id, bucket.cash_kind(), USD)
    } else {
        AccountRef::user(&order.user_id, bucket.shares_kind(), &order.stock_id)
    })
}

/// A new event id for a hold of `order` (an amended order takes another).
fn hold_event(order: &UsOrderRow) -> String {
    format!("us-order:{}:{}", order.id, uuid::Uuid::now_v7())
}

/// What the lifecycle needs: the database, the service, the hub and the clock.
#[derive(Clone, Copy)]
pub struct Lifecycle<'a> {
    /// The database.
    pub db: &'a Db,
    /// Venue and settings.
    pub svc: &'a UsStockService,
    /// Where owners hear of changes.
    pub hub: &'a Hub,
    /// The time.
    pub clock: &'a dyn Clock,
}

impl Lifecycle<'_> {
    fn now(&self) -> DateTime<Utc> {
        self.clock.now()
    }

    /// Publishes an order to its owner after commit.
    pub fn publish(&self, order: &UsOrderRow) {
        publish_order(self.hub, &order.user_id, USD, &UsOrderView::of(order, None));
    }

    /// Stores a new order with its hold, in the caller's transaction (which holds the owner's lock).
    pub async fn insert_with_hold(&self, tx: &mut Tx, order: &mut UsOrderRow, ask: i64) -> Result<(), TradeError> {
        self.open_hold(tx, order, ask).await?;
        repo::insert(tx, order).await?;
        Ok(())
    }

    /// Reserves what the order may still spend or sell (also again after an accepted amend).
    pub async fn open_hold(&self, tx: &mut Tx, order: &mut UsOrderRow, ask: i64) -> Result<(), TradeError> {
        let need = holds::remaining(order, ask, &self.svc.settings.fees)?;
        if need <= 0 || order.hold_id.is_some() {
            return Ok(());
        }
        let account_id = ledger::open(tx, &hold_account(order)?).await?;
        order.hold_id = Some(ledger::hold(tx, &account_id, need, HoldReason::UsOrder, &hold_event(order)).await?);
        Ok(())
    }

    /// The hold a new order takes, as write-set parts (`NewHold`), its id set on the order; none
    /// when it needs none. Its account need not exist: a missing one has nothing, and the hold's
    /// reservation is refused as for an empty one.
    pub fn new_hold(&self, order: &mut UsOrderRow, ask: i64) -> Result<Option<NewHold>, TradeError> {
        let need = holds::remaining(order, ask, &self.svc.settings.fees)?;
        if need <= 0 {
            return Ok(None);
        }
        let hold = NewHold::new(&hold_account(order)?.id(), need, HoldReason::UsOrder, &hold_event(order))?;
        order.hold_id = Some(hold.id.clone());
        Ok(Some(hold))
    }

    async fn release_hold(tx: &mut Tx, order: &mut UsOrderRow, captured: bool) -> Result<(), TradeError> {
        if let Some(hold) = order.hold_id.take() {
            ledger::close_hold(tx, &hold, captured).await?;
        }
        Ok(())
    }

    /// Ends an open order without further fills: releases its hold and records why.
    pub async fn close(
        &self,
        tx: &mut Tx,
        order: &mut UsOrderRow,
        reason: UsOrderReason,
        failed: bool,
    ) -> Result<(), TradeError> {
        Self::release_hold(tx, order, false).await?;
        order.is_open = false;
        order.reason = Some(reason);
        order.status = status_after(false, order.filled_quantity, order.quantity, !failed);
        if failed && order.filled_quantity == 0 {
            order.status = OrderStatus::Failed;
        }
        order.updated_at_ms = self.clock.now_ms();
        repo::save(tx, order).await?;
        Ok(())
    }

    /// Closes the other legs of an OCO pair (one executing cancels the other, R4.10).
    async fn close_siblings(
        &self,
        tx: &mut Tx,
        order: &UsOrderRow,
        reason: UsOrderReason,
    ) -> Result<Vec<UsOrderRow>, TradeError> {
        let Some(group) = order.oco_group.clone() else { return Ok(Vec::new()) };
        let mut closed = Vec::new();
        for mut sibling in repo::open_of(tx, &order.user_id, &order.stock_id, &order.bucket).await? {
            if sibling.id != order.id && sibling.oco_group.as_deref() == Some(group.as_str()) {
                self.close(tx, &mut sibling, reason, false).await?;
                closed.push(sibling);
            }
        }
        Ok(closed)
    }

    /// Cancels a user's open order (and the other leg of its OCO pair); another user's id is 404.
    pub async fn cancel(&self, user_id: &str, order_id: &str) -> Result<Vec<UsOrderRow>, TradeError> {
        let mut w = self.db.begin_write().await?;
        w.lock_key(&user_key(user_id)).await?;
        let mut order = match repo::get_tx(&mut w.tx, order_id).await? {
            Some(o) if o.user_id == user_id => o,
            _ => return Err(TradeError::OrderNotFound),
        };
        if !order.is_open || order.system {
            return Err(TradeError::OrderNotOpen);
        }
        let mut changed = self.close_siblings(&mut w.tx, &order, UsOrderReason::CancelledByUser).await?;
        self.close(&mut w.tx, &mut order, UsOrderReason::CancelledByUser, false).await?;
        w.commit().await?;
        changed.insert(0, order);
        for o in &changed {
            self.publish(o);
        }
        Ok(changed)
    }

    /// Moves one order one step; returns whether anything changed.
    pub async fn advance(&self, user_id: &str, order_id: &str) -> Result<bool, TradeError> {
        let now = self.now();
        let mut w = self.db.begin_write().await?;
        w.lock_key(&user_key(user_id)).await?;
        let Some(mut order) = repo::get_tx(&mut w.tx, order_id).await? else { return Ok(false) };
        if !order.is_open {
            return Ok(false);
        }
        let before = order.clone();
        let mut also = Vec::new();
        match order.exchange_state {
            ExchangeState::Pending => order.exchange_state = ExchangeState::WaitingToBeSent,
            ExchangeState::WaitingToBeSent => order.exchange_state = ExchangeState::SentToExchange,
            ExchangeState::SentToExchange => match self.svc.venue.accept(&order, now) {
                Ok(()) => order.exchange_state = ExchangeState::AcceptedFromExchange,
                Err(why) => {
                    order.exchange_state = ExchangeState::RejectedFromExchange;
                    self.close(&mut w.tx, &mut order, why, true).await?;
                }
            },
            ExchangeState::AcceptedFromExchange | ExchangeState::AmendRequested => {
                if expired(&order, self.svc.market_time(now)) {
                    self.close(&mut w.tx, &mut order, UsOrderReason::ExpiredAtMarketClose, false).await?;
                } else {
                    also = self.work(&mut w.tx, &mut order, now).await?;
                }
            }
            _ => {}
        }
        if order == before {
            return Ok(false);
        }
        order.updated_at_ms = self.clock.now_ms();
        repo::save(&mut w.tx, &order).await?;
        w.commit().await?;
        self.publish(&order);
        for o in &also {
            self.publish(o);
        }
        Ok(true)
    }

    /// Lets the venue trigger and fill a working order.
    async fn work(
        &self,
        tx: &mut Tx,
        order: &mut UsOrderRow,
        now: DateTime<Utc>,
    ) -> Result<Vec<UsOrderRow>, TradeError> {
        let step = self.svc.venue.step(order, now);
        let mut also = Vec::new();
        if let Some(mark) = step.watermark {
            order.trail_watermark = Some(mark);
        }
        if step.triggered {
            order.triggered = true;
            // A triggered stop-loss leg takes the shares its take-profit sibling reserved.
            also.extend(self.close_siblings(tx, order, UsOrderReason::OcoSiblingExecuted).await?);
            if let Some(q) = self.svc.venue.quote(&order.stock_id, now) {
                self.open_hold(tx, order, q.ask).await?;
            }
        }
        let Some((price, quantity)) = step.fill else { return Ok(also) };
        if order.filled_quantity == 0 {
            also.extend(self.close_siblings(tx, order, UsOrderReason::OcoSiblingExecuted).await?);
        }
        Self::release_hold(tx, order, true).await?;
        let date = trading_date(self.svc.market_time(now)).to_string();
        post_fill(tx, order, price, quantity, &self.svc.settings.fees, &date, self.clock.now_ms()).await?;
        let complete = match (order.quantity, order.amount) {
            (Some(q), _) => order.filled_quantity >= q,
            (None, Some(a)) => super::units::quantity_for(a - order.filled_value, price)? == 0,
            (None, None) => true,
        };
        if complete {
            order.is_open = false;
            order.status = OrderStatus::Success;
            order.exchange_state = ExchangeState::Success;
            also.extend(self.place_bracket_exit(tx, order, now).await?);
        } else {
            order.status = OrderStatus::PartiallyFilled;
            let ask = self.svc.venue.quote(&order.stock_id, now).map_or(price, |q| q.ask);
            self.open_hold(tx, order, ask).await?;
        }
        Ok(also)
    }

    /// After a buy with take-profit and stop-loss filled, sells its shares with an OCO pair (R2.13).
    async fn place_bracket_exit(
        &self,
        tx: &mut Tx,
        buy: &UsOrderRow,
        now: DateTime<Utc>,
    ) -> Result<Vec<UsOrderRow>, TradeError> {
        if buy.side != Side::Buy || (buy.take_profit.is_none() && buy.stop_loss.is_none()) {
            return Ok(Vec::new());
        }
        let group = uuid::Uuid::now_v7().to_string();
        let bucket: Bucket = buy.bucket.parse().unwrap_or(Bucket::Paln);
        let tif =
            if bucket == Bucket::Intraday { TimeInForce::GoodTillMarketClose } else { TimeInForce::GoodTillCancel };
        let mut legs = Vec::new();
        for (leg, kind, price) in [
            (ProtectiveKind::TakeProfit, OrderKind::Limit, buy.take_profit),
            (ProtectiveKind::StopLoss, OrderKind::Stop, buy.stop_loss),
        ] {
            let Some(price) = price else { continue };
            let market = self.svc.market_time(now);
            let mut exit =
                new_order(&buy.user_id, &buy.stock_id, bucket, Side::Sell, kind, market, self.clock.now_ms());
            exit.quantity = Some(buy.filled_quantity);
            exit.time_in_force = tif;
            exit.trading_hours = buy.trading_hours;
            if kind == OrderKind::Limit {
                exit.limit_price = Some(price);
            } else {
                exit.stop_price = Some(price);
            }
            exit.oco_group = Some(group.clone());
            exit.oco_leg = Some(leg);
            exit.request_id = Some(format!("bracket:{}:{leg}", buy.id));
            // Only the first leg reserves the shares; the stop-loss takes them when it triggers.
            if legs.is_empty() {
                self.insert_with_hold(tx, &mut exit, 0).await?;
            } else {
                repo::insert(tx, &exit).await?;
            }
            legs.push(exit);
        }
        Ok(legs)
    }

    /// Ends an order whose bucket could no longer pay for its next fill.
    pub async fn fail_unpaid(&self, user_id: &str, order_id: &str) -> Result<(), TradeError> {
        let mut w = self.db.begin_write().await?;
        w.lock_key(&user_key(user_id)).await?;
        let Some(mut order) = repo::get_tx(&mut w.tx, order_id).await? else { return Ok(()) };
        if order.is_open {
            self.close(&mut w.tx, &mut order, UsOrderReason::InsufficientBuyingPower, true).await?;
            w.commit().await?;
            self.publish(&order);
        }
        Ok(())
    }
}

/// A new order row with the defaults of a fresh placement; `market_time` dates it.
pub fn new_order(
    user_id: &str,
    stock_id: &str,
    bucket: Bucket,
    side: Side,
    kind: OrderKind,
    market_time: DateTime<Utc>,
    now_ms: i64,
) -> UsOrderRow {
    UsOrderRow {
        id: uuid::Uuid::now_v7().to_string(),
        user_id: user_id.into(),
        stock_id: stock_id.into(),
        bucket: bucket.as_str().into(),
        side,
        order_type: kind,
        oco_group: None,
        oco_leg: None,
        time_in_force: TimeInForce::GoodTillCancel,
        trading_hours: if bucket == Bucket::Intraday { TradingHours::Intraday } else { TradingHours::RegularHours },
        quantity: None,
        amount: None,
        limit_price: None,
        stop_price: None,
        trail_amount: None,
        trail_percent: None,
        trail_watermark: None,
        take_profit: None,
        stop_loss: None,
        filled_quantity: 0,
        filled_value: 0,
        fee: 0,
        tax: 0,
        hold_id: None,
        status: OrderStatus::Pending,
        exchange_state: ExchangeState::Pending,
        is_open: true,
        triggered: false,
        reason: None,
        trading_date: trading_date(market_time).to_string(),
        system: false,
        request_id: None,
        created_at_ms: now_ms,
        updated_at_ms: now_ms,
    }
}

/// Whether a good-till-market-close order's day is over: regular-hours orders end at the regular
/// close, extended-hours ones at the end of post-market, every one of them on a later date.
pub fn expired(order: &UsOrderRow, now: DateTime<Utc>) -> bool {
    if order.time_in_force != TimeInForce::GoodTillMarketClose {
        return false;
    }
    let today = trading_date(now).to_string();
    if today != order.trading_date {
        return true;
    }
    let Ok(date) = order.trading_date.parse() else { return true };
    let times = Calendar::UsExtended.market_times(date);
    let end = if order.trading_hours == TradingHours::IncludeExtendedHours {
        times.post_market_close_time.or(times.market_close_time)
    } else {
        times.market_close_time
    };
    end.is_none_or(|end| now >= end)
}
