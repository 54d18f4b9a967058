//! Turning the engine's events into stored state, inside the command's transaction: each fill
//! is one balanced ledger entry (both sides, fee, tax), order rows follow the engine, and each
//! touched order ends holding exactly what it may still spend or sell.

use domain::ledger::{AccountKind, AccountRef, EntryReason, HoldReason};
use domain::money::IDR;

use domain::orders::{CryptoCancelReason, OrderKind, OrderStatus, ProtectiveKind};
use engine::{CancelReason, Event, Fill, OrderId, Side};
use sqlx::{Any, Transaction};
use store::ledger::{self, NewEntry, Posting};

use super::owner::{PairOwner, LP_ID_BASE};
use super::repo::{self, OrderRow, TradeRow};
use super::touched::Touched;
use crate::features::orders::errors::TradeError;
use domain::fees::fee_and_tax;

type Tx = Transaction<'static, Any>;

fn is_user(id: OrderId) -> bool {
    id.0 < LP_ID_BASE
}

/// One side's legs of a fill entry.
struct Leg {
    cash: i64,
    /// The part of a buy paid from the voucher account (negative), zero otherwise.
    voucher: i64,
    coin: i64,
    fee: i64,
    tax: i64,
}

impl PairOwner {
    /// Opens the hold of an order for `amount`: a sell reserves the coin; a buy reserves voucher
    /// credit first and cash for the rest (vouchers are spendable on buys only, never withdrawable,
    /// so spending them first leaves the user the most withdrawable cash).
    pub(super) async fn open_hold(&mut self, tx: &mut Tx, row: &mut OrderRow, amount: i64) -> Result<(), TradeError> {
        let event = format!("order:{}:{}", row.id, uuid::Uuid::now_v7());
        if row.side != domain::Side::Buy {
            let coin = self.coin_account(tx, &row.user_id).await?;
            row.hold_id = Some(self.ledger().hold(tx, &coin, amount, HoldReason::Order, &event).await?);
            self.command_wrote = true;
            return Ok(());
        }
        let (voucher, cash) = self.buy_accounts(tx, &row.user_id).await?;
        // A refusal comes from the first read, before any part is held: the parts are then taken
        // from accounts that read holds locked (PostgreSQL) or that no other writer can change
        // (SQLite), so a refused hold wrote nothing.
        let sources = [voucher, cash.clone()];
        let parts = self.ledger().hold_from_sources(tx, &sources, amount, HoldReason::Order, &event).await?;
        self.command_wrote = true;
        for part in parts {
            if part.account_id == cash {
                row.hold_id = Some(part.hold_id);
            } else {
                row.voucher_hold_id = Some(part.hold_id);
            }
        }
        Ok(())
    }

    /// Makes sure an order that ends within its command (market, IOC, FOK) can spend `amount`,
    /// without opening a hold its own fills would close again at once (four statements saved per
    /// order, issue 12). The accounts read stay as read until the commit; a buy's voucher part
    /// becomes the order's voucher budget, spent first by its fills, as a captured voucher hold
    /// would be. The fills' entries refuse any overdraft all the same.
    pub(super) async fn reserve_within_command(
        &mut self,
        tx: &mut Tx,
        row: &mut OrderRow,
        amount: i64,
    ) -> Result<(), TradeError> {
        let sources = if row.side == domain::Side::Buy {
            let (voucher, cash) = self.buy_accounts(tx, &row.user_id).await?;
            vec![voucher, cash]
        } else {
            vec![self.coin_account(tx, &row.user_id).await?]
        };
        let parts = self.ledger().split_from_sources(tx, &sources, amount).await?;
        if row.side != domain::Side::Buy {
            return Ok(());
        }
        let voucher = &sources[0];
        row.voucher_budget = parts.iter().filter(|(account, _)| account == voucher).map(|(_, take)| take).sum();
        Ok(())
    }

    /// The account a user's sell spends from: the pair's coin (opened if new).
    async fn coin_account(&mut self, tx: &mut Tx, user_id: &str) -> Result<String, TradeError> {
        self.open_account(tx, &AccountRef::user(user_id, AccountKind::Crypto, &self.spec.base)).await
    }

    /// The account's id, opened inside `tx` unless known to exist.
    async fn open_account(&mut self, tx: &mut Tx, account: &AccountRef) -> Result<String, TradeError> {
        let id = self.accounts.open(tx, account).await?;
        // An account staged as missing may just have been opened.
        self.pending.staged.opened(&id);
        Ok(id)
    }

    /// The accounts a user's buy spends from, in order: voucher credit, then IDR cash (opened if new;
    /// a voucher account that does not exist counts as empty).
    async fn buy_accounts(&mut self, tx: &mut Tx, user_id: &str) -> Result<(String, String), TradeError> {
        let cash = self.open_account(tx, &AccountRef::user(user_id, AccountKind::IdrCash, IDR)).await?;
        Ok((AccountRef::idr_voucher(user_id).id(), cash))
    }

    /// Closes both holds of an order (released, or captured for the fill being posted); returns
    /// the voucher part it had reserved.
    pub(super) async fn close_holds(
        &mut self,
        tx: &mut Tx,
        row: &mut OrderRow,
        captured: bool,
    ) -> Result<i64, TradeError> {
        if let Some(hold) = row.hold_id.take() {
            self.ledger().close_hold(tx, &hold, captured).await?;
        }
        Ok(match row.voucher_hold_id.take() {
            Some(hold) => self.ledger().close_hold(tx, &hold, captured).await?,
            None => 0,
        })
    }

    /// Where this command's ledger calls go: staged for the batch in an optimistic run (read
    /// once per batch, written before the commit), straight to the database otherwise.
    fn ledger(&mut self) -> ledger::Writes<'_> {
        ledger::Writes::new(self.deferring, &mut self.pending.staged)
    }

    /// Applies `events`; returns the final rows of every user order they touched.
    pub(super) async fn apply(&mut self, tx: &mut Tx, events: &[Event]) -> Result<Vec<OrderRow>, TradeError> {
        self.apply_to(tx, events, Touched::default()).await
    }

    /// Applies `events` to the orders in `touched` and any others they name; stores each touched
    /// order once (new ones inserted, then their trades) and returns their final rows.
    pub(super) async fn apply_to(
        &mut self,
        tx: &mut Tx,
        events: &[Event],
        mut touched: Touched,
    ) -> Result<Vec<OrderRow>, TradeError> {
        self.command_wrote = true;
        self.lock_accounts(tx, &mut touched, events).await?;
        for event in events {
            match *event {
                Event::Accepted { order, seq, .. } if is_user(order) => {
                    self.row(tx, &mut touched, order).await?.seq = seq as i64;
                }
                Event::Fill(fill) => self.post_fill(tx, &mut touched, &fill).await?,
                Event::Cancelled { order, reason, .. } if is_user(order) => {
                    let row = self.row(tx, &mut touched, order).await?;
                    row.cancel_reason = Some(cancel_reason(reason));
                    // Released at once: an OCO sibling may spend the same money later in this command.
                    self.close_holds(tx, row, false).await?;
                }
                Event::StopTriggered { order, seq, .. } if is_user(order) => {
                    let row = self.row(tx, &mut touched, order).await?;
                    row.triggered = true;
                    row.seq = seq as i64;
                }
                Event::Amended { order, seq, price, stop_price, qty, .. } if is_user(order) => {
                    let row = self.row(tx, &mut touched, order).await?;
                    row.seq = seq as i64;
                    row.engine_quantity = Some(qty);
                    row.quantity = Some(qty);
                    if price.is_some() {
                        row.engine_price = price;
                        if row.order_type != OrderKind::Stop {
                            row.limit_price = price;
                        }
                    }
                    if stop_price.is_some() {
                        row.stop_price = stop_price;
                    }
                }
                Event::QuotesRejected { owner, reason } => {
                    tracing::warn!(symbol = %self.spec.symbol, owner = owner.0, %reason, "provider quotes refused");
                }
                _ => {}
            }
        }
        let ids: Vec<i64> = touched.rows.keys().copied().collect();
        for id in ids {
            self.settle(tx, &mut touched, id).await?;
        }
        self.pending.add_trades(touched.trades, self.now_ms());
        Ok(touched.rows.into_values().collect())
    }

    /// Locks every ledger account the events will touch, in id order, before touching any: the
    /// house accounts (fees, tax, providers) are shared by all pairs, so without one order two
    /// pairs' transactions could each hold what the other waits for (PostgreSQL; SQLite has one writer).
    async fn lock_accounts(&mut self, tx: &mut Tx, touched: &mut Touched, events: &[Event]) -> Result<(), TradeError> {
        if self.deps.db.backend() != store::Backend::Postgres {
            return Ok(());
        }
        let mut ids = std::collections::BTreeSet::new();
        for event in events {
            let orders: Vec<(OrderId, u64)> = match *event {
                Event::Fill(f) => vec![(f.taker_order, f.taker_owner.0), (f.maker_order, f.maker_owner.0)],
                Event::Cancelled { order, owner, .. } => vec![(order, owner.0)],
                _ => continue,
            };
            if matches!(event, Event::Fill(_)) {
                ids.insert(AccountRef::house(AccountKind::Fees, IDR).id());
                ids.insert(AccountRef::house(AccountKind::TaxPayable, IDR).id());
            }
            for (order, owner) in orders {
                let (cash, coin) = if is_user(order) {
                    let user = self.row(tx, touched, order).await?.user_id.clone();
                    ids.insert(AccountRef::idr_voucher(&user).id());
                    (AccountRef::idr_cash(&user), AccountRef::user(&user, AccountKind::Crypto, &self.spec.base))
                } else {
                    let provider = AccountKind::LiquidityProvider(self.provider_code(owner).clone());
                    (AccountRef::house(provider.clone(), IDR), AccountRef::house(provider, &self.spec.base))
                };
                ids.insert(cash.id());
                ids.insert(coin.id());
            }
        }
        // Staged, they are read too: the run decides the commands' holds and fills on what it read.
        self.ledger().lock(tx, &ids).await?;
        Ok(())
    }

    async fn row<'a>(
        &self,
        tx: &mut Tx,
        touched: &'a mut Touched,
        order: OrderId,
    ) -> Result<&'a mut OrderRow, TradeError> {
        let id = order.0 as i64;
        if let std::collections::btree_map::Entry::Vacant(slot) = touched.rows.entry(id) {
            let row =
                self.order_in(tx, id).await?.ok_or_else(|| TradeError::Internal(format!("order {id} missing")))?;
            slot.insert(row);
        }
        Ok(touched.rows.get_mut(&id).expect("inserted above"))
    }

    /// Final state, status and hold of one touched order.
    async fn settle(&mut self, tx: &mut Tx, touched: &mut Touched, id: i64) -> Result<(), TradeError> {
        let live = self.book.order(OrderId(id as u64)).is_some();
        let sibling_live = touched.rows[&id].oco_sibling.is_some_and(|s| self.book.order(OrderId(s as u64)).is_some());
        let fresh = touched.fresh.contains(&id);
        let row = touched.rows.get_mut(&id).expect("touched");
        row.is_open = live;
        if live {
            // The stop-loss leg of a live OCO pair spends from its sibling's hold.
            let shares_hold = row.oco_leg == Some(ProtectiveKind::StopLoss) && sibling_live;
            let desired = if shares_hold { 0 } else { self.remaining_hold(row)? };
            // Holds closed in this command (a fill captured them, an amend released them) are
            // taken again for what is left, voucher first, from what the account has now.
            if row.hold_id.is_none() && row.voucher_hold_id.is_none() && desired > 0 {
                self.open_hold(tx, row, desired).await?;
            }
            row.status = if row.filled_quantity > 0 { OrderStatus::PartiallyFilled } else { OrderStatus::Pending };
        } else {
            self.close_holds(tx, row, false).await?;
            let complete = row.quantity.is_some_and(|q| row.filled_quantity >= q)
                || (row.quantity.is_none() && row.filled_quantity > 0);
            row.status = match (complete, row.filled_quantity > 0) {
                (true, _) => OrderStatus::Success,
                (false, true) => OrderStatus::PartiallyFilled,
                (false, false) => OrderStatus::Cancelled,
            };
        }
        row.voucher_budget = 0;
        let waiting = self.pending.order(id).is_some();
        if self.deferring && (fresh || waiting) {
            // An optimistic run writes its new orders together before the commit.
            if waiting {
                row.updated_at_ms = self.now_ms();
            }
            self.pending.put_order(row.clone());
        } else if fresh {
            repo::insert(tx, row).await?;
        } else {
            repo::save(tx, row, self.now_ms()).await?;
        }
        Ok(())
    }

    /// What an open order may still spend (sen) or sell (ledger units).
    fn remaining_hold(&self, row: &OrderRow) -> Result<i64, TradeError> {
        let spent = if row.side == domain::Side::Buy {
            row.filled_value + row.fee + row.tax
        } else {
            self.spec.ledger_units(row.filled_quantity)?
        };
        Ok((row.hold_total - spent).max(0))
    }

    /// One fill: both sides' legs, fee and tax, in one balanced entry.
    async fn post_fill(&mut self, tx: &mut Tx, touched: &mut Touched, fill: &Fill) -> Result<(), TradeError> {
        let value = self.spec.value_sen(fill.price, fill.qty)?;
        let coin = self.spec.ledger_units(fill.qty)?;
        let (buy_order, sell_order, buy_owner, sell_owner) = match fill.taker_side {
            Side::Buy => (fill.taker_order, fill.maker_order, fill.taker_owner, fill.maker_owner),
            Side::Sell => (fill.maker_order, fill.taker_order, fill.maker_owner, fill.taker_owner),
        };
        let mut postings = Vec::with_capacity(8);
        let mut fees = 0;
        let mut taxes = 0;
        for (order, owner, side) in [(buy_order, buy_owner, Side::Buy), (sell_order, sell_owner, Side::Sell)] {
            let (cash_account, coin_account, leg) = if is_user(order) {
                let maker = order == fill.maker_order;
                let leg = self.user_leg(tx, touched, order, side, fill, value, maker).await?;
                let user = touched.rows[&(order.0 as i64)].user_id.clone();
                let cash = self.open_account(tx, &AccountRef::user(&user, AccountKind::IdrCash, IDR)).await?;
                let coin_account =
                    self.open_account(tx, &AccountRef::user(&user, AccountKind::Crypto, &self.spec.base)).await?;
                if leg.voucher != 0 {
                    let voucher = self.open_account(tx, &AccountRef::user(&user, AccountKind::IdrVoucher, IDR)).await?;
                    postings.push(Posting { account_id: voucher, currency: IDR.into(), amount: leg.voucher });
                }
                (cash, coin_account, leg)
            } else {
                let code = self.provider_code(owner.0);
                let provider = AccountKind::LiquidityProvider(code.clone());
                let cash = self.open_account(tx, &AccountRef::house(provider.clone(), IDR)).await?;
                let coin_account = self.open_account(tx, &AccountRef::house(provider, &self.spec.base)).await?;
                let sign = i64::from(side.code());
                (cash, coin_account, Leg { cash: -sign * value, voucher: 0, coin: sign * coin, fee: 0, tax: 0 })
            };
            fees += leg.fee;
            taxes += leg.tax;
            postings.push(Posting { account_id: cash_account, currency: IDR.into(), amount: leg.cash });
            postings.push(Posting { account_id: coin_account, currency: self.spec.base.clone(), amount: leg.coin });
        }
        if fees > 0 {
            let account = self.open_account(tx, &AccountRef::house(AccountKind::Fees, IDR)).await?;
            postings.push(Posting { account_id: account, currency: IDR.into(), amount: fees });
        }
        if taxes > 0 {
            let account = self.open_account(tx, &AccountRef::house(AccountKind::TaxPayable, IDR)).await?;
            postings.push(Posting { account_id: account, currency: IDR.into(), amount: taxes });
        }
        postings.retain(|p| p.amount != 0);
        let entry = NewEntry {
            reason: EntryReason::TradeFill,
            event_id: format!(
                "fill:{}:{}:{}:{}",
                self.spec.symbol,
                fill.taker_order.0,
                fill.maker_order.0,
                uuid::Uuid::now_v7()
            ),
            memo: Some(format!("{} {} @ {}", self.spec.symbol, fill.qty, fill.price)),
            postings,
            at_ms: self.now_ms(),
        };
        let pending = &mut self.pending;
        ledger::Writes::new(self.deferring, &mut pending.staged).post(tx, &mut pending.journal, entry).await?;
        Ok(())
    }

    /// A user's side of a fill: updates the order's cumulative figures and records the trade.
    #[allow(clippy::too_many_arguments)]
    async fn user_leg(
        &mut self,
        tx: &mut Tx,
        touched: &mut Touched,
        order: OrderId,
        side: Side,
        fill: &Fill,
        value: i64,
        maker: bool,
    ) -> Result<Leg, TradeError> {
        let (fee_pct, tax_pct) = self.deps.settings.fees.for_side(side);
        let coin = self.spec.ledger_units(fill.qty)?;
        let row = self.row(tx, touched, order).await?;
        // Captured: the entry below spends them; what stays reserved is held again when settling.
        row.voucher_budget += self.close_holds(tx, row, true).await?;
        let total_value = row.filled_value + value;
        let (fee_total, tax_total) = fee_and_tax(total_value, fee_pct, tax_pct)?;
        let fee = fee_total - row.fee;
        let tax = tax_total - row.tax;
        row.filled_value = total_value;
        row.fee = fee_total;
        row.tax = tax_total;
        row.filled_quantity += fill.qty;
        let trade = TradeRow {
            order_id: row.id,
            user_id: row.user_id.clone(),
            symbol: row.symbol.clone(),
            side: row.side,
            price: fill.price,
            quantity: fill.qty,
            value,
            fee,
            tax,
            maker,
        };
        let leg = if side == Side::Buy {
            // Voucher credit reserved for this order pays first; cash pays the rest.
            let cost = value + fee + tax;
            let from_voucher = cost.min(row.voucher_budget);
            row.voucher_budget -= from_voucher;
            row.voucher_paid += from_voucher;
            Leg { cash: -(cost - from_voucher), voucher: -from_voucher, coin, fee, tax }
        } else {
            Leg { cash: value - fee - tax, voucher: 0, coin: -coin, fee, tax }
        };
        touched.trades.push(trade);
        Ok(leg)
    }

    fn provider_code(&self, owner: u64) -> String {
        let index = owner.saturating_sub(1) as usize;
        self.deps.providers.get(index).cloned().unwrap_or_else(|| format!("lp-{owner}"))
    }
}

/// The stored and shown reason for the engine's cancelling an order's remainder.
pub fn cancel_reason(reason: CancelReason) -> CryptoCancelReason {
    match reason {
        CancelReason::Requested => CryptoCancelReason::Requested,
        CancelReason::SelfTrade => CryptoCancelReason::SelfTrade,
        CancelReason::MarketRemainder => CryptoCancelReason::MarketRemainder,
        CancelReason::IocRemainder => CryptoCancelReason::IocRemainder,
        CancelReason::FokUnfillable => CryptoCancelReason::FokUnfillable,
        CancelReason::OcoSiblingFilled => CryptoCancelReason::OcoSiblingFilled,
        CancelReason::OcoSiblingTriggered => CryptoCancelReason::OcoSiblingTriggered,
        CancelReason::OcoSiblingCancelled => CryptoCancelReason::OcoSiblingCancelled,
        CancelReason::AmendedToFilled => CryptoCancelReason::AmendedToFilled,
        CancelReason::Replaced => CryptoCancelReason::Replaced,
    }
}
