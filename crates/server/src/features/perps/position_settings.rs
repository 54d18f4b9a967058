//! A position's settings: the leverage new orders and the position's margin use, and the
//! take-profit and stop-loss that close it (docs/perps.md "Position mode and margin"). Each change is
//! one transaction under the user's lock.

use domain::perps::Round;
use store::ledger;

use super::errors::PerpError;
use super::fills::{self, wallet};
use super::lifecycle::Perps;
use super::locks::user_key;
use super::repo::{self, PositionRow};
use crate::features::orders::errors::TradeError;

impl Perps<'_> {
    /// Sets the user's leverage on `symbol`; an open position's margin is held again at it.
    pub async fn set_leverage(&self, user_id: &str, symbol: &str, leverage: u32) -> Result<PositionRow, PerpError> {
        let contract = *self.contract(symbol)?;
        let ceiling = contract.leverage_ceiling();
        if leverage == 0 || leverage > ceiling {
            return Err(PerpError::LeverageOutOfRange(ceiling));
        }
        let mut w = self.db.begin_write().await?;
        w.lock_key(&user_key(user_id)).await?;
        let now = self.now_ms();
        repo::set_leverage(&mut w.tx, user_id, symbol, i64::from(leverage), now).await?;
        let mut position = repo::position_tx(&mut w.tx, user_id, symbol)
            .await?
            .unwrap_or_else(|| PositionRow::flat(user_id, symbol, i64::from(leverage), now));
        if position.lots != 0 {
            let mark = self.quote(symbol)?.mark;
            if i64::from(contract.tier(contract.notional_micro(position.lots, mark, Round::Up)).max_leverage)
                < i64::from(leverage)
            {
                return Err(PerpError::PositionTooLarge);
            }
            let want = contract.initial_micro(position.cost, leverage);
            fills::release_margin(&mut w.tx, &mut position).await?;
            let free = ledger::balance_tx(&mut w.tx, &wallet(user_id)).await?.available();
            if want > free {
                return Err(PerpError::LeverageNeedsMargin);
            }
            position.leverage = i64::from(leverage);
            fills::hold_margin(&mut w.tx, &contract, &mut position, &format!("perp-leverage:{user_id}:{symbol}:{now}"))
                .await?;
            position.updated_at_ms = now;
            repo::save_position(&mut w.tx, &position).await?;
        }
        w.commit().await?;
        self.svc.risk_book.touch(user_id);
        Ok(position)
    }

    /// Sets or clears the position's take-profit and stop-loss (checked against the mark).
    pub async fn set_protection(
        &self,
        user_id: &str,
        symbol: &str,
        take_profit: Option<i64>,
        stop_loss: Option<i64>,
    ) -> Result<PositionRow, PerpError> {
        let mark = self.quote(symbol)?.mark;
        let mut w = self.db.begin_write().await?;
        w.lock_key(&user_key(user_id)).await?;
        let mut position = repo::position_tx(&mut w.tx, user_id, symbol)
            .await?
            .filter(|p| p.lots != 0)
            .ok_or(PerpError::NoPosition)?;
        let long = position.lots > 0;
        if take_profit.is_some_and(|tp| if long { tp <= mark } else { tp >= mark }) {
            return Err(TradeError::Rejected("takeProfit: on the wrong side of the mark".into()).into());
        }
        if stop_loss.is_some_and(|sl| if long { sl >= mark } else { sl <= mark }) {
            return Err(TradeError::Rejected("stopLoss: on the wrong side of the mark".into()).into());
        }
        position.take_profit = take_profit;
        position.stop_loss = stop_loss;
        position.updated_at_ms = self.now_ms();
        repo::save_position(&mut w.tx, &position).await?;
        w.commit().await?;
        self.svc.risk_book.touch(user_id);
        self.publish_positions(user_id).await;
        Ok(position)
    }
}
