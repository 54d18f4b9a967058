//! Positions the server closes itself: 4x intraday positions at the cut-off before the close (and
//! no new ones after it, R4.16), and leveraged positions whose equity fell below the maintenance
//! margin. Each close is a market sell placed by the server under the owner's lock, after the
//! owner's own orders on the position are cancelled; a position with a closing order already open
//! gets no second one, and an intraday close is keyed by its trading date, so each runs exactly
//! once, also across restarts.

use domain::orders::{Bucket, ExchangeState, OrderKind, Side, TimeInForce, TradingHours, UsOrderReason};

use super::lifecycle::{new_order, Lifecycle};
use super::repo::{self, PositionRow};
use super::service::{intraday_cutoff, trading_date, user_key};
use crate::features::orders::errors::TradeError;

/// Places the server's market sell of a whole position, once; returns whether it placed one.
pub async fn close_position(
    lc: &Lifecycle<'_>,
    position: &PositionRow,
    reason: UsOrderReason,
    key: &str,
) -> Result<bool, TradeError> {
    let mut w = lc.db.begin_write().await?;
    w.lock_key(&user_key(&position.user_id)).await?;
    let Some(current) = repo::position_tx(&mut w.tx, &position.user_id, &position.stock_id, &position.bucket).await?
    else {
        return Ok(false);
    };
    let open = repo::open_of(&mut w.tx, &position.user_id, &position.stock_id, &position.bucket).await?;
    if current.quantity <= 0 || open.iter().any(|o| o.system && o.side == Side::Sell) {
        return Ok(false);
    }
    let request = format!("{key}:{}:{}", position.stock_id, position.bucket);
    if repo::by_request_tx(&mut w.tx, &position.user_id, &request).await?.is_some() {
        return Ok(false);
    }
    let mut touched = Vec::new();
    for mut order in open {
        lc.close(&mut w.tx, &mut order, reason, false).await?;
        touched.push(order);
    }
    let now = lc.svc.market_time(lc.clock.now());
    let bucket: Bucket = position.bucket.parse().unwrap_or(Bucket::Paln);
    let mut sell =
        new_order(&position.user_id, &position.stock_id, bucket, Side::Sell, OrderKind::Market, now, lc.clock.now_ms());
    sell.quantity = Some(current.quantity);
    // The server's closing sells fill in whichever session is open next.
    sell.trading_hours = TradingHours::IncludeExtendedHours;
    sell.time_in_force = TimeInForce::GoodTillCancel;
    sell.system = true;
    sell.reason = Some(reason);
    sell.request_id = Some(request);
    sell.exchange_state = ExchangeState::Pending;
    lc.insert_with_hold(&mut w.tx, &mut sell, 0).await?;
    w.commit().await?;
    tracing::info!(user = %position.user_id, stock = %position.stock_id, bucket = %position.bucket, %reason, "server closes a position");
    for order in touched.iter().chain(std::iter::once(&sell)) {
        lc.publish(order);
    }
    Ok(true)
}

/// Closes every open intraday position once the cut-off of today has passed; returns how many.
pub async fn close_intraday(lc: &Lifecycle<'_>) -> Result<usize, TradeError> {
    let now = lc.svc.market_time(lc.clock.now());
    let date = trading_date(now);
    let Some(cutoff) = intraday_cutoff(date, lc.svc.settings.intraday_cutoff_minutes) else { return Ok(0) };
    if now < cutoff {
        return Ok(0);
    }
    let mut closed = 0;
    for position in repo::open_positions(lc.db, Bucket::Intraday.as_str()).await? {
        if close_position(lc, &position, UsOrderReason::IntradayCutoff, &format!("intraday-close:{date}")).await? {
            closed += 1;
        }
    }
    // Intraday buys still waiting can no longer open a position today.
    for order in repo::open_orders(lc.db).await? {
        if order.bucket == Bucket::Intraday.as_str() && order.side == Side::Buy {
            cancel_quietly(lc, &order.user_id, &order.id, UsOrderReason::IntradayCutoff).await?;
        }
    }
    Ok(closed)
}

async fn cancel_quietly(
    lc: &Lifecycle<'_>,
    user_id: &str,
    order_id: &str,
    reason: UsOrderReason,
) -> Result<(), TradeError> {
    let mut w = lc.db.begin_write().await?;
    w.lock_key(&user_key(user_id)).await?;
    let Some(mut order) = repo::get_tx(&mut w.tx, order_id).await? else { return Ok(()) };
    if order.is_open {
        lc.close(&mut w.tx, &mut order, reason, false).await?;
        w.commit().await?;
        lc.publish(&order);
    }
    Ok(())
}
