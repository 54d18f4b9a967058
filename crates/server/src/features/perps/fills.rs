//! A fill to the position and the ledger, in the caller's transaction (docs/perps.md "Money").
//!
//! One-way mode: a buy first reduces a short, then opens or adds to a long (a sell the other way).
//! The reduced part realises profit against the cost of the lots it closes; the whole fill pays the
//! fee. Money moves in one balanced entry: the user's margin wallet, the venue (the liquidity
//! providers' side, `PERP_EXCHANGE`), the broker's fees and, when a loss is larger than the wallet,
//! the insurance fund, so no user balance ever goes below zero. The position's initial margin is a
//! hold on the wallet, taken again after every fill.

use domain::ledger::{AccountKind, AccountRef, EntryReason, HoldReason};
use domain::money::USDT;
use domain::perps::{Contract, Round};
use sqlx::{Any, Transaction};
use store::ledger::{self, NewEntry, Posting};

use super::contracts::Instruments;
use super::repo::{self, FillRow, OrderRow, PositionRow};
use crate::features::orders::errors::TradeError;

type Tx = Transaction<'static, Any>;

/// A user's margin wallet.
pub fn wallet(user_id: &str) -> AccountRef {
    AccountRef::user(user_id, AccountKind::PerpMargin, USDT)
}

/// What a fill did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FillOutcome {
    /// Profit realised by the reduced part, micro-USDT.
    pub realised_pnl: i64,
    /// Fee charged, micro-USDT.
    pub fee: i64,
    /// What the insurance fund paid because the loss exceeded the wallet, micro-USDT.
    pub insurance_paid: i64,
}

/// One fill of `lots` for `value` (Σ lots × price, value scale) of `order`.
pub struct Fill<'a> {
    /// Every contract's rules.
    pub instruments: &'a Instruments,
    /// Lots filled.
    pub lots: i64,
    /// Σ lots × price, value scale.
    pub value: i64,
    /// A resting order's fill (maker fee) or not.
    pub maker: bool,
    /// Overrides the fee (the liquidation engine charges its own, after the closes).
    pub fee_free: bool,
    /// Now.
    pub now_ms: i64,
}

/// Splits `lots` of a `side_sign` order against a position of `position_lots`: what reduces it and
/// what opens or adds.
pub fn split(position_lots: i64, side_sign: i64, lots: i64) -> (i64, i64) {
    let reduce = if position_lots.signum() == -side_sign { lots.min(position_lots.abs()) } else { 0 };
    (reduce, lots - reduce)
}

/// Releases the position's margin hold (a fill, a funding payment or a liquidation re-takes it).
pub async fn release_margin(tx: &mut Tx, position: &mut PositionRow) -> Result<(), TradeError> {
    if let Some(hold) = position.hold_id.take() {
        ledger::close_hold(tx, &hold, false).await?;
    }
    position.margin = 0;
    Ok(())
}

/// Holds the position's initial margin again, as much of it as the wallet has free.
pub async fn hold_margin(
    tx: &mut Tx,
    contract: &Contract,
    position: &mut PositionRow,
    event: &str,
) -> Result<(), TradeError> {
    release_margin(tx, position).await?;
    if position.lots == 0 {
        return Ok(());
    }
    let leverage = u32::try_from(position.leverage).unwrap_or(1);
    let want = contract.initial_micro(position.cost, leverage);
    let account = wallet(&position.user_id);
    let free = ledger::balance_tx(tx, &account).await?.available();
    let take = want.min(free);
    if take > 0 {
        let account_id = ledger::open(tx, &account).await?;
        position.hold_id = Some(ledger::hold(tx, &account_id, take, HoldReason::PerpPosition, event).await?);
        position.margin = take;
    }
    Ok(())
}

/// One money movement of a user's margin wallet: `amount` (positive: to the user) against
/// `counterparty`, with `fee` to the broker, for `reason`, once per `event_id`, at `at_ms`.
pub struct Settlement<'a> {
    /// Signed micro-USDT to the user.
    pub amount: i64,
    /// Micro-USDT to the broker.
    pub fee: i64,
    /// Who pays or receives the amount.
    pub counterparty: AccountKind,
    /// Why the money moves.
    pub reason: EntryReason,
    /// The causing event (posting it twice posts once).
    pub event_id: &'a str,
    /// When, Unix ms.
    pub at_ms: i64,
}

/// Posts a settlement to the user's wallet; a loss beyond the wallet's free balance is paid by the
/// insurance fund. Returns what the fund paid.
pub async fn settle(
    tx: &mut Tx,
    instruments: &Instruments,
    user_id: &str,
    movement: &Settlement<'_>,
) -> Result<i64, TradeError> {
    let Settlement { amount, fee, ref counterparty, reason, event_id, at_ms } = *movement;
    let account = wallet(user_id);
    let user_account = ledger::open(tx, &account).await?;
    let mut free = ledger::balance_tx(tx, &account).await?.available();
    let net = amount - fee;
    // Cross margin: a loss is paid from the whole wallet, the margin other positions hold included;
    // their holds are taken again, as far as the wallet still has it, once the loss is posted.
    let mut released = Vec::new();
    if net < 0 && free < -net {
        for mut other in repo::open_positions_of_tx(tx, user_id).await? {
            if other.hold_id.is_some() {
                release_margin(tx, &mut other).await?;
                repo::save_position(tx, &other).await?;
                released.push(other);
            }
        }
        free = ledger::balance_tx(tx, &account).await?.available();
    }
    let insurance_paid = if net < 0 { (-net - free).max(0) } else { 0 };
    let mut postings = vec![Posting { account_id: user_account, currency: USDT.into(), amount: net + insurance_paid }];
    if amount != 0 {
        let venue = ledger::open(tx, &AccountRef::house(counterparty.clone(), USDT)).await?;
        postings.push(Posting { account_id: venue, currency: USDT.into(), amount: -amount });
    }
    if fee != 0 {
        let fees = ledger::open(tx, &AccountRef::house(AccountKind::Fees, USDT)).await?;
        postings.push(Posting { account_id: fees, currency: USDT.into(), amount: fee });
    }
    if insurance_paid > 0 {
        let fund = ledger::open(tx, &AccountRef::house(AccountKind::PerpInsuranceFund, USDT)).await?;
        postings.push(Posting { account_id: fund, currency: USDT.into(), amount: -insurance_paid });
    }
    postings.retain(|p| p.amount != 0);
    if postings.len() >= 2 {
        ledger::post(tx, &NewEntry { reason, event_id: event_id.into(), memo: None, postings, at_ms }).await?;
    }
    for mut other in released {
        if let Some(inst) = instruments.get(&other.symbol) {
            let event = format!("{event_id}:{}", other.symbol);
            hold_margin(tx, &inst.contract, &mut other, &event).await?;
            repo::save_position(tx, &other).await?;
        }
    }
    Ok(insurance_paid)
}

/// The order's own take-profit and stop-loss replace the position's (those it names).
fn take_protection(position: &mut PositionRow, order: &OrderRow) {
    if order.take_profit.is_some() {
        position.take_profit = order.take_profit;
    }
    if order.stop_loss.is_some() {
        position.stop_loss = order.stop_loss;
    }
}

/// Applies one fill to `order` and `position` (the order's hold already released by the caller),
/// records it, moves the money and holds the position's margin again.
pub async fn apply(
    tx: &mut Tx,
    order: &mut OrderRow,
    position: &mut PositionRow,
    fill: Fill<'_>,
) -> Result<FillOutcome, TradeError> {
    let contract =
        &fill.instruments.get(&order.symbol).ok_or_else(|| TradeError::Internal("unknown perp".into()))?.contract;
    let sign = i64::from(order.side.code());
    let (reduce, increase) = split(position.lots, sign, fill.lots);
    release_margin(tx, position).await?;
    // Stored without its hold before money moves: a loss larger than the free wallet re-reads positions.
    repo::save_position(tx, position).await?;

    let mut realised_raw: i128 = 0;
    if reduce > 0 {
        let open = position.lots.abs();
        let long = position.lots > 0;
        // Cost and proceeds of the reduced lots, each rounded so the user's profit rounds down.
        let cost_part = share(position.cost, reduce, open, if long { Round::Up } else { Round::Down });
        let exit_part = share(fill.value, reduce, fill.lots, if long { Round::Down } else { Round::Up });
        realised_raw = if long { i128::from(exit_part - cost_part) } else { i128::from(cost_part - exit_part) };
        position.lots += sign * reduce;
        position.cost -= cost_part;
        if position.lots == 0 {
            position.cost = 0;
            position.take_profit = None;
            position.stop_loss = None;
        }
    }
    if increase > 0 {
        if position.lots == 0 {
            position.opened_at_ms = fill.now_ms;
            position.cost = 0;
        }
        position.lots += sign * increase;
        position.cost += fill.value - share(fill.value, reduce, fill.lots, Round::Down);
        position.leverage = order.leverage;
        take_protection(position, order);
    }
    let realised = contract.value_to_micro(realised_raw, Round::Down);
    let notional = contract.value_to_micro(i128::from(fill.value), Round::Up);
    let fee = if fill.fee_free { 0 } else { contract.fee_micro(notional, fill.maker) };
    let fill_id = uuid::Uuid::now_v7().to_string();
    let event = format!("perp-fill:{fill_id}");
    let insurance_paid = settle_fill(tx, &fill, &order.user_id, (realised, fee), &event).await?;
    position.realised_pnl += realised;
    position.fees += fee;
    position.updated_at_ms = fill.now_ms;
    hold_margin(tx, contract, position, &format!("perp-margin:{fill_id}")).await?;
    repo::save_position(tx, position).await?;

    order.filled_lots += fill.lots;
    order.filled_value += fill.value;
    order.fee += fee;
    order.realised_pnl += realised;
    order.updated_at_ms = fill.now_ms;
    let price = fill.value / fill.lots.max(1);
    repo::insert_fill(
        tx,
        &FillRow {
            id: fill_id,
            order_id: order.id.clone(),
            user_id: order.user_id.clone(),
            symbol: order.symbol.clone(),
            side: order.side,
            lots: fill.lots,
            price,
            fee,
            realised_pnl: realised,
            maker: i64::from(fill.maker),
            created_at_ms: fill.now_ms,
        },
    )
    .await?;
    Ok(FillOutcome { realised_pnl: realised, fee, insurance_paid })
}

/// Settles a fill's realised profit and its fee against the exchange; returns what the insurance
/// fund paid.
async fn settle_fill(
    tx: &mut Tx,
    fill: &Fill<'_>,
    user_id: &str,
    (realised, fee): (i64, i64),
    event: &str,
) -> Result<i64, TradeError> {
    let movement = Settlement {
        amount: realised,
        fee,
        counterparty: AccountKind::PerpExchange,
        reason: EntryReason::PerpFill,
        event_id: event,
        at_ms: fill.now_ms,
    };
    settle(tx, fill.instruments, user_id, &movement).await
}

/// `whole × part / of`, rounded `round` (the whole when `part` is all of it).
fn share(whole: i64, part: i64, of: i64, round: Round) -> i64 {
    if part >= of || of == 0 {
        return whole;
    }
    let product = i128::from(whole) * i128::from(part);
    let quotient = product.div_euclid(i128::from(of));
    let exact = product.rem_euclid(i128::from(of)) == 0;
    (if round == Round::Up && !exact { quotient + 1 } else { quotient }) as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_buy_first_reduces_a_short_then_opens_a_long() {
        assert_eq!(split(-5, 1, 8), (5, 3));
        assert_eq!(split(5, 1, 8), (0, 8));
        assert_eq!(split(0, -1, 8), (0, 8));
        assert_eq!(split(5, -1, 2), (2, 0));
    }

    #[test]
    fn shares_round_as_asked() {
        assert_eq!(share(10, 1, 3, Round::Up), 4);
        assert_eq!(share(10, 1, 3, Round::Down), 3);
        assert_eq!(share(10, 3, 3, Round::Down), 10);
    }
}
