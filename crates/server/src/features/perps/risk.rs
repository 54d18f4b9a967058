//! Marking every position (docs/perps.md "Liquidation"): take-profit and stop-loss at the mark, and
//! the liquidation engine. A user whose maintenance margin reaches their equity (margin ratio
//! 100 %, cross margin) has every order cancelled and every position taken over at the mark; a
//! loss beyond the wallet is paid by the insurance fund, and the fund takes a liquidation fee from
//! what equity is left. Nobody's wallet goes below zero.

use domain::money::USDT;
use std::collections::HashMap;

use domain::ledger::{AccountKind, EntryReason};
use domain::orders::{PerpOrderReason, PerpOrderType, PerpOrigin, Side};
use domain::perps::{ppm_of, Round, LIQUIDATION_FEE_PPM, PPM};

use super::errors::PerpError;
use super::fills::{self, settle, wallet, Fill, Settlement};
use super::lifecycle::Perps;
use super::locks::user_key;
use super::repo::{self, LiquidationRow, NewOrder, OrderRow, PositionRow};
use super::risk_book::Refresh;
use super::service::PerpService;
use super::view::LiquidationView;
use crate::features::live::frame;
use crate::features::live::user::positions_channel;
use crate::features::orders::state::status_after;

/// What one risk pass did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RiskPass {
    /// Positions marked.
    pub positions: usize,
    /// Take-profits and stop-losses that closed a position.
    pub protections: usize,
    /// Users liquidated.
    pub liquidations: usize,
}

/// The marks of every instrument with a position, then each user's margin ratio from them.
pub fn marks_of<'a>(
    svc: &PerpService,
    positions: impl IntoIterator<Item = &'a PositionRow>,
    now: chrono::DateTime<chrono::Utc>,
) -> HashMap<String, i64> {
    let mut marks = HashMap::new();
    for p in positions {
        if !marks.contains_key(&p.symbol) {
            if let Some(mark) = svc.instrument(&p.symbol).and_then(|inst| svc.venue.mark_at(inst, now)) {
                marks.insert(p.symbol.clone(), mark);
            }
        }
    }
    marks
}

/// The positions whose take-profit or stop-loss the mark has reached, and which of the two.
pub fn protections_due<'a>(
    positions: impl IntoIterator<Item = &'a PositionRow>,
    marks: &HashMap<String, i64>,
) -> Vec<(String, String, PerpOrigin)> {
    let mut due = Vec::new();
    for p in positions {
        let Some(&mark) = marks.get(&p.symbol) else { continue };
        let long = p.lots > 0;
        let take = p.take_profit.is_some_and(|tp| if long { mark >= tp } else { mark <= tp });
        let stop = p.stop_loss.is_some_and(|sl| if long { mark <= sl } else { mark >= sl });
        if take || stop {
            let origin = if take { PerpOrigin::TakeProfit } else { PerpOrigin::StopLoss };
            due.push((p.user_id.clone(), p.symbol.clone(), origin));
        }
    }
    due
}

/// Users whose maintenance margin has reached their equity at `marks`, given each user's wallet.
pub fn to_liquidate<'a>(
    svc: &PerpService,
    positions: impl IntoIterator<Item = &'a PositionRow>,
    marks: &HashMap<String, i64>,
    balances: &HashMap<String, i64>,
) -> Vec<String> {
    let mut per_user: HashMap<&str, (i64, i64)> = HashMap::new();
    for p in positions {
        let (Some(inst), Some(&mark)) = (svc.instrument(&p.symbol), marks.get(&p.symbol)) else { continue };
        let entry = per_user.entry(p.user_id.as_str()).or_default();
        entry.0 += inst.contract.unrealised_micro(domain::perps::Exposure { lots: p.lots, cost: p.cost }, mark);
        entry.1 += inst.contract.maintenance_micro(p.lots, mark);
    }
    let mut users: Vec<String> = per_user
        .into_iter()
        .filter(|(user, (unrealised, maintenance))| {
            let equity = balances.get(*user).copied().unwrap_or(0) + unrealised;
            *maintenance > 0 && *maintenance >= equity
        })
        .map(|(user, _)| user.to_owned())
        .collect();
    users.sort();
    users
}

/// More changed users than this and the pass reads everything in one query instead.
const REREAD_USERS_MAX: usize = 2_000;
/// Changed users read per query.
const REREAD_CHUNK: usize = 200;

impl Perps<'_> {
    /// One pass over every open position: protections, then liquidations. The positions and
    /// balances come from the risk book, brought up to date first.
    pub async fn check_risk(&self) -> Result<RiskPass, PerpError> {
        let _gate = self.svc.gate.lock().await;
        let now = self.clock.now();
        self.refresh_risk_book().await?;
        let book = &self.svc.risk_book;
        let (count, marks, due) = book.with(|positions, _| {
            let all: Vec<&PositionRow> = positions.collect();
            let marks = marks_of(self.svc, all.iter().copied(), now);
            let due = protections_due(all.iter().copied(), &marks);
            (all.len(), marks, due)
        });
        let mut pass = RiskPass { positions: count, ..RiskPass::default() };
        for (user_id, symbol, origin) in due {
            match self.close_position(&user_id, &symbol, origin, None).await {
                Ok(_) => pass.protections += 1,
                Err(PerpError::NoPosition) => {}
                Err(e) => {
                    tracing::warn!(user = %user_id, %symbol, error = %e, "perp protection failed");
                }
            }
        }
        if pass.protections > 0 {
            self.refresh_risk_book().await?;
        }
        let (liquidate, watched) = book.with(|positions, balances| {
            let all: Vec<&PositionRow> = positions.collect();
            let liquidate = to_liquidate(self.svc, all.iter().copied(), &marks, balances);
            // Unrealised profit moves with the mark: whoever watches their positions sees it each pass.
            let mut users: Vec<&str> = all.iter().map(|p| p.user_id.as_str()).collect();
            users.dedup();
            let watched: Vec<String> = users
                .into_iter()
                .filter(|user| self.hub.is_subscribed(&positions_channel(user)))
                .map(str::to_owned)
                .collect();
            (liquidate, watched)
        });
        for user in liquidate {
            if self.liquidate(&user, &marks).await? {
                pass.liquidations += 1;
            }
        }
        for user in watched {
            self.publish_positions(&user).await;
        }
        Ok(pass)
    }

    /// Reads what changed into the risk book: every position and balance, or the changed users'.
    async fn refresh_risk_book(&self) -> Result<(), PerpError> {
        let book = &self.svc.risk_book;
        let now_ms = self.now_ms();
        let every_ms = i64::try_from(self.svc.settings.risk_full_read_ms).unwrap_or(i64::MAX);
        let users = match book.plan(now_ms, every_ms, REREAD_USERS_MAX) {
            Refresh::Everything => {
                let read = async {
                    let positions = repo::all_open_positions(self.db).await?;
                    let balances = store::ledger::balances_of_kind(self.db, &AccountKind::PerpMargin, USDT).await?;
                    Ok::<_, PerpError>((positions, balances))
                };
                let (positions, balances) = read.await.inspect_err(|_| book.read_everything_next())?;
                book.replace(positions, balances.into_iter().map(|(owner, b)| (owner, b.balance)).collect(), now_ms);
                return Ok(());
            }
            Refresh::Users(users) => users,
        };
        for users in users.chunks(REREAD_CHUNK) {
            let read = async {
                let positions = repo::open_positions_of_users(self.db, users).await?;
                let wallets: Vec<String> = users.iter().map(|user| wallet(user).id()).collect();
                let balances = store::ledger::balances(self.db, &wallets).await?;
                Ok::<_, PerpError>((positions, wallets, balances))
            };
            // A failed read leaves the book unsure of who else changed: the next pass reads everything.
            let (positions, wallets, balances) = read.await.inspect_err(|_| book.read_everything_next())?;
            let mut by_user: HashMap<String, Vec<PositionRow>> = HashMap::new();
            for p in positions {
                by_user.entry(p.user_id.clone()).or_default().push(p);
            }
            for (user, id) in users.iter().zip(&wallets) {
                let balance = balances.get(id).map_or(0, |b| b.balance);
                book.update(user, by_user.remove(user).unwrap_or_default(), balance);
            }
        }
        Ok(())
    }

    /// Liquidates the user when, under their lock, they are still at or past 100 %.
    pub async fn liquidate(&self, user_id: &str, marks: &HashMap<String, i64>) -> Result<bool, PerpError> {
        let mut w = self.db.begin_write().await?;
        w.lock_key(&user_key(user_id)).await?;
        let assessment = self.assess_tx(&mut w.tx, user_id).await?;
        if assessment.ratio_ppm.is_none_or(|ratio| ratio < PPM) {
            return Ok(false);
        }
        let cancelled = self.cancel_all_tx(&mut w.tx, user_id, PerpOrderReason::Liquidation).await?;
        let (closed, mut records, notional_total) = self.take_over(&mut w.tx, user_id, marks, &assessment).await?;
        // The fund's fee comes from whatever equity is left, never more.
        let left = store::ledger::balance_tx(&mut w.tx, &wallet(user_id)).await?.available();
        let fee = ppm_of(notional_total, LIQUIDATION_FEE_PPM, Round::Up).min(left.max(0));
        if fee > 0 {
            let event = format!("perp-liquidation-fee:{}", records.first().map_or("", |r| r.id.as_str()));
            let movement = Settlement {
                amount: -fee,
                fee: 0,
                counterparty: AccountKind::PerpInsuranceFund,
                reason: EntryReason::PerpLiquidation,
                event_id: &event,
                at_ms: self.now_ms(),
            };
            settle(&mut w.tx, &self.svc.instruments, user_id, &movement).await?;
            if let Some(first) = records.first_mut() {
                first.fee = fee;
            }
        }
        for record in &records {
            repo::insert_liquidation(&mut w.tx, record).await?;
        }
        w.commit().await?;
        self.svc.risk_book.touch(user_id);
        tracing::warn!(user = %user_id, positions = records.len(), fee, "perp liquidation");
        metrics::counter!("perps_liquidations_total").increment(1);
        for order in cancelled.iter().chain(closed.iter()) {
            self.publish(order, false).await;
        }
        let channel = positions_channel(user_id);
        if self.hub.is_subscribed(&channel) {
            let views: Vec<_> =
                records.iter().filter_map(|r| Some(LiquidationView::of(r, self.svc.instrument(&r.symbol)?))).collect();
            self.hub.publish(&channel, frame("liquidation", "positions", &views));
        }
        self.publish_positions(user_id).await;
        Ok(true)
    }

    /// Closes every position of the user at the mark, fee-free (the fund's fee comes after).
    async fn take_over(
        &self,
        tx: &mut sqlx::Transaction<'static, sqlx::Any>,
        user_id: &str,
        marks: &HashMap<String, i64>,
        assessment: &super::service::Assessment,
    ) -> Result<(Vec<OrderRow>, Vec<LiquidationRow>, i64), PerpError> {
        let now = self.now_ms();
        let positions = repo::open_positions_of_tx(tx, user_id).await?;
        let mut closed = Vec::new();
        let mut notional_total = 0_i64;
        let mut records = Vec::new();
        for mut position in positions {
            let Some(inst) = self.svc.instrument(&position.symbol) else { continue };
            let mark = marks.get(&position.symbol).copied().or(assessment.marks.get(&position.symbol).copied());
            let Some(mark) = mark else { continue };
            let lots = position.lots.abs();
            let side = if position.lots > 0 { Side::Sell } else { Side::Buy };
            let mut order = liquidation_order(user_id, &position, side, lots, mark, now);
            repo::insert_order(tx, &order).await?;
            let fill = Fill {
                instruments: &self.svc.instruments,
                lots,
                value: lots * mark,
                maker: false,
                fee_free: true,
                now_ms: now,
            };
            let outcome = fills::apply(tx, &mut order, &mut position, fill).await?;
            order.is_open = 0;
            order.status = status_after(false, order.filled_lots, Some(order.lots), false);
            order.reason = Some(PerpOrderReason::Liquidation);
            repo::save_order(tx, &order).await?;
            notional_total += inst.contract.notional_micro(lots, mark, Round::Up);
            records.push(LiquidationRow {
                id: uuid::Uuid::now_v7().to_string(),
                user_id: user_id.to_owned(),
                symbol: position.symbol.clone(),
                lots: if side == Side::Sell { lots } else { -lots },
                mark,
                realised_pnl: outcome.realised_pnl,
                insurance_paid: outcome.insurance_paid,
                fee: 0,
                created_at_ms: now,
            });
            closed.push(order);
        }
        Ok((closed, records, notional_total))
    }
}

fn liquidation_order(user_id: &str, position: &PositionRow, side: Side, lots: i64, mark: i64, now: i64) -> OrderRow {
    let new = NewOrder {
        user_id: user_id.to_owned(),
        symbol: position.symbol.clone(),
        side,
        order_type: PerpOrderType::Market,
        lots,
        leverage: position.leverage,
        origin: PerpOrigin::Liquidation,
    };
    OrderRow { price: Some(mark), reduce_only: 1, ..OrderRow::pending(new, now) }
}
