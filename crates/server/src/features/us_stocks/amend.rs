//! Amend requests (R4.04): the user asks, the request waits to be sent, is sent, and the exchange
//! accepts or rejects it. The order changes (and its hold is taken again for the new terms) only
//! when the exchange accepts; it keeps working meanwhile.

use domain::orders::{AmendRejection, ExchangeState, OrderKind, Side};

use super::lifecycle::Lifecycle;
use super::repo::{self, AmendRow};
use super::service::user_key;
use super::units::{tick_for, ONE_SHARE};
use crate::features::orders::errors::TradeError;

/// New terms for an open order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewTerms {
    /// Quantity units.
    pub quantity: Option<i64>,
    /// Limit price units.
    pub limit: Option<i64>,
    /// Stop price units.
    pub stop: Option<i64>,
}

/// Why an amend cannot even be requested.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AmendRefusal {
    /// Not an order of the caller (404).
    NotFound,
    /// Closed, placed by the server, or an order type without prices to amend.
    NotAmendable,
    /// An earlier request is still with the exchange.
    AlreadyPending,
    /// Nothing would change, or a field the order type does not have.
    Invalid(&'static str),
}

/// Records an amend request for the caller's order.
pub async fn request(
    lc: &Lifecycle<'_>,
    user_id: &str,
    order_id: &str,
    terms: NewTerms,
) -> Result<AmendRow, AmendRefusalOr> {
    let mut w = lc.db.begin_write().await.map_err(TradeError::from)?;
    w.lock_key(&user_key(user_id)).await.map_err(TradeError::from)?;
    let mut order = match repo::get_tx(&mut w.tx, order_id).await.map_err(TradeError::from)? {
        Some(o) if o.user_id == user_id => o,
        _ => return Err(AmendRefusal::NotFound.into()),
    };
    let kind = order.order_type;
    if !order.is_open || order.system || !matches!(kind, OrderKind::Limit | OrderKind::Stop | OrderKind::StopLimit) {
        return Err(AmendRefusal::NotAmendable.into());
    }
    if order.exchange_state == ExchangeState::AmendRequested {
        return Err(AmendRefusal::AlreadyPending.into());
    }
    if terms.limit.is_some() && !kind.has_limit() {
        return Err(AmendRefusal::Invalid("unitPrice").into());
    }
    if terms.stop.is_some() && kind == OrderKind::Limit {
        return Err(AmendRefusal::Invalid("stopPrice").into());
    }
    if terms.quantity.is_some() && order.quantity.is_none() {
        return Err(AmendRefusal::Invalid("quantity").into());
    }
    let unchanged = terms.quantity.is_none_or(|q| Some(q) == order.quantity)
        && terms.limit.is_none_or(|p| Some(p) == order.limit_price)
        && terms.stop.is_none_or(|p| Some(p) == order.stop_price);
    if unchanged {
        return Err(AmendRefusal::Invalid("nothing to change").into());
    }
    let now = lc.clock.now_ms();
    let amend = AmendRow {
        id: uuid::Uuid::now_v7().to_string(),
        order_id: order.id.clone(),
        user_id: user_id.into(),
        exchange_state: ExchangeState::WaitingToBeSent,
        quantity: terms.quantity,
        limit_price: terms.limit,
        stop_price: terms.stop,
        reason: None,
        created_at_ms: now,
        updated_at_ms: now,
    };
    repo::save_amend(&mut w.tx, &amend).await.map_err(TradeError::from)?;
    order.exchange_state = ExchangeState::AmendRequested;
    order.updated_at_ms = now;
    repo::save(&mut w.tx, &order).await.map_err(TradeError::from)?;
    w.commit().await.map_err(TradeError::from)?;
    lc.publish(&order);
    Ok(amend)
}

/// An amend refusal or a failure.
#[derive(Debug)]
pub enum AmendRefusalOr {
    /// Refused.
    Refused(AmendRefusal),
    /// Failed.
    Failed(TradeError),
}

impl From<AmendRefusal> for AmendRefusalOr {
    fn from(r: AmendRefusal) -> Self {
        Self::Refused(r)
    }
}

impl From<TradeError> for AmendRefusalOr {
    fn from(e: TradeError) -> Self {
        Self::Failed(e)
    }
}

/// Moves one amend request one step; returns whether anything changed.
pub async fn advance(lc: &Lifecycle<'_>, amend: &AmendRow) -> Result<bool, TradeError> {
    match decide(lc, amend).await {
        Err(TradeError::InsufficientBalance) => {
            reject(lc, amend, AmendRejection::InsufficientBuyingPower).await?;
            Ok(true)
        }
        other => other,
    }
}

async fn decide(lc: &Lifecycle<'_>, amend: &AmendRow) -> Result<bool, TradeError> {
    let mut w = lc.db.begin_write().await?;
    w.lock_key(&user_key(&amend.user_id)).await?;
    let Some(mut row) = repo::amend_tx(&mut w.tx, &amend.id).await? else { return Ok(false) };
    let Some(mut order) = repo::get_tx(&mut w.tx, &row.order_id).await? else { return Ok(false) };
    let now = lc.clock.now_ms();
    row.updated_at_ms = now;
    if row.exchange_state == ExchangeState::WaitingToBeSent {
        row.exchange_state = ExchangeState::SentToExchange;
        repo::save_amend(&mut w.tx, &row).await?;
        w.commit().await?;
        return Ok(true);
    }
    if row.exchange_state != ExchangeState::SentToExchange {
        return Ok(false);
    }
    let quote = lc.svc.venue.quote(&order.stock_id, lc.clock.now());
    let verdict = exchange_verdict(&order, &row, quote.map(|q| (q.bid, q.ask)));
    if let Err(why) = verdict {
        drop(w);
        reject(lc, amend, why).await?;
        return Ok(true);
    }
    // Accepted: the new terms, and the hold taken again for them.
    if let Some(hold) = order.hold_id.take() {
        store::ledger::close_hold(&mut w.tx, &hold, false).await?;
    }
    order.quantity = row.quantity.or(order.quantity);
    order.limit_price = row.limit_price.or(order.limit_price);
    order.stop_price = row.stop_price.or(order.stop_price);
    order.exchange_state = ExchangeState::AcceptedFromExchange;
    order.updated_at_ms = now;
    let ask = quote.map_or(0, |q| q.ask);
    lc.open_hold(&mut w.tx, &mut order, ask).await?;
    repo::save(&mut w.tx, &order).await?;
    row.exchange_state = ExchangeState::AcceptedFromExchange;
    repo::save_amend(&mut w.tx, &row).await?;
    w.commit().await?;
    lc.publish(&order);
    Ok(true)
}

/// The exchange's checks of new terms: the order is still open, the quantity stays above what
/// filled, whole shares for stops, prices on the tick grid and a stop not already reached.
fn exchange_verdict(
    order: &repo::UsOrderRow,
    amend: &AmendRow,
    quote: Option<(i64, i64)>,
) -> Result<(), AmendRejection> {
    if !order.is_open {
        return Err(AmendRejection::OrderNotOpen);
    }
    let Some((bid, ask)) = quote else { return Err(AmendRejection::NoMarket) };
    if let Some(q) = amend.quantity {
        if q <= order.filled_quantity {
            return Err(AmendRejection::QuantityNotAboveFilled);
        }
        if order.order_type != OrderKind::Limit && q % ONE_SHARE != 0 {
            return Err(AmendRejection::FractionalNotAllowed);
        }
    }
    for price in [amend.limit_price, amend.stop_price].into_iter().flatten() {
        if price <= 0 || price % tick_for(price) != 0 {
            return Err(AmendRejection::PriceOffTick);
        }
    }
    if let Some(stop) = amend.stop_price {
        let reached = if order.side == Side::Buy { stop <= ask } else { stop >= bid };
        if reached && !order.triggered {
            return Err(AmendRejection::StopAlreadyReached);
        }
    }
    Ok(())
}

async fn reject(lc: &Lifecycle<'_>, amend: &AmendRow, why: AmendRejection) -> Result<(), TradeError> {
    let mut w = lc.db.begin_write().await?;
    w.lock_key(&user_key(&amend.user_id)).await?;
    let Some(mut row) = repo::amend_tx(&mut w.tx, &amend.id).await? else { return Ok(()) };
    row.exchange_state = ExchangeState::RejectedFromExchange;
    row.reason = Some(why);
    row.updated_at_ms = lc.clock.now_ms();
    repo::save_amend(&mut w.tx, &row).await?;
    let order = repo::get_tx(&mut w.tx, &row.order_id).await?;
    let mut published = None;
    if let Some(mut order) = order.filter(|o| o.is_open && o.exchange_state == ExchangeState::AmendRequested) {
        // The order goes on under its old terms.
        order.exchange_state = ExchangeState::AcceptedFromExchange;
        order.updated_at_ms = row.updated_at_ms;
        repo::save(&mut w.tx, &order).await?;
        published = Some(order);
    }
    w.commit().await?;
    if let Some(order) = published {
        lc.publish(&order);
    }
    Ok(())
}
