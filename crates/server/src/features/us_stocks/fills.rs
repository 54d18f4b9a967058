//! A fill of a US-stock order as one balanced ledger entry and the position it changes.
//!
//! A buy of value V in a bucket of leverage m: the user pays V/m (rounded up) plus fee and tax from
//! the bucket's USD, the broker lends the rest (`MARGIN_LOANS`), the exchange receives V and
//! delivers the shares. A sell repays the loan's share of the shares sold; what is left after fee
//! and tax goes to the bucket. When a liquidation cannot cover the loan, the broker takes the loss
//! (`MARGIN_LOSSES`): no user balance ever goes below zero.

use domain::amounts::pro_rata;
use domain::fees::{fee_and_tax, sell_net, FeeSchedule};
use domain::ledger::{AccountKind, AccountRef, EntryReason};
use domain::money::USD;
use domain::orders::{Bucket, Side, UsMarginStatus};
use sqlx::{Any, Transaction};
use store::ledger::{self, NewEntry, Posting};

use super::holds::own_part;
use super::repo::{self, FillRow, PositionRow, UsOrderRow};
use super::units::{value_down, value_up};
use crate::features::orders::errors::TradeError;

type Tx = Transaction<'static, Any>;

/// The ledger's house accounts of US stocks, in dollars.
fn house(kind: AccountKind) -> AccountRef {
    AccountRef::house(kind, USD)
}

/// Collects postings, skipping zero amounts (the ledger refuses them).
struct Legs(Vec<Posting>);

impl Legs {
    async fn add(&mut self, tx: &mut Tx, account: &AccountRef, amount: i64) -> Result<(), TradeError> {
        if amount != 0 {
            let account_id = ledger::open(tx, account).await?;
            self.0.push(Posting { account_id, currency: account.currency().to_owned(), amount });
        }
        Ok(())
    }
}

/// The accounts of one fill.
struct Accounts {
    cash: AccountRef,
    shares: AccountRef,
    exchange_shares: AccountRef,
}

/// A buy's legs: own part, fee and tax from the bucket, the loan, the exchange's side.
#[expect(clippy::too_many_arguments, reason = "one fill's parts; a struct would only rename them")]
async fn buy_legs(
    tx: &mut Tx,
    legs: &mut Legs,
    a: &Accounts,
    position: &mut PositionRow,
    (value, quantity): (i64, i64),
    bucket: Bucket,
    fees: &FeeSchedule,
    trading_date: &str,
) -> Result<(i64, i64, i64, i64), TradeError> {
    let (fee, tax) = fee_and_tax(value, fees.transaction_fee_percentage, fees.buy_tax_percentage)?;
    let lent = value - own_part(value, bucket);
    legs.add(tx, &a.cash, -(value - lent + fee + tax)).await?;
    legs.add(tx, &house(AccountKind::MarginLoans), -lent).await?;
    legs.add(tx, &house(AccountKind::UsExchange), value).await?;
    legs.add(tx, &a.exchange_shares, -quantity).await?;
    legs.add(tx, &a.shares, quantity).await?;
    if position.quantity == 0 {
        position.opened_date = trading_date.into();
    }
    position.quantity += quantity;
    position.cost += value;
    position.borrowed += lent;
    Ok((value, fee, tax, 0))
}

/// A sell's legs: the exchange pays, the loan's share is repaid, the rest after fee and tax goes
/// to the bucket; a shortfall is the broker's loss.
async fn sell_legs(
    tx: &mut Tx,
    legs: &mut Legs,
    a: &Accounts,
    position: &mut PositionRow,
    (value, quantity): (i64, i64),
    fees: &FeeSchedule,
) -> Result<(i64, i64, i64, i64), TradeError> {
    if quantity > position.quantity {
        return Err(TradeError::Internal(format!("sell of {quantity} from a position of {}", position.quantity)));
    }
    let (fee, tax) = fee_and_tax(value, fees.transaction_fee_percentage, fees.sell_tax_percentage)?;
    let repay = pro_rata(position.borrowed, quantity, position.quantity)?;
    let cost = pro_rata(position.cost, quantity, position.quantity)?;
    let net = sell_net(value, fee, tax)? - repay;
    legs.add(tx, &house(AccountKind::UsExchange), -value).await?;
    legs.add(tx, &house(AccountKind::MarginLoans), repay).await?;
    legs.add(tx, &a.cash, net.max(0)).await?;
    legs.add(tx, &house(AccountKind::MarginLosses), net.min(0)).await?;
    legs.add(tx, &a.shares, -quantity).await?;
    legs.add(tx, &a.exchange_shares, quantity).await?;
    position.quantity -= quantity;
    position.cost -= cost;
    position.borrowed -= repay;
    let realized = value - fee - tax - cost;
    position.realized += realized;
    if position.quantity == 0 {
        position.margin_status = UsMarginStatus::Normal;
    }
    Ok((value, fee, tax, realized))
}

/// Posts one fill of `order` at `price` for `quantity` and updates the position; returns the fill.
pub async fn post_fill(
    tx: &mut Tx,
    order: &mut UsOrderRow,
    price: i64,
    quantity: i64,
    fees: &FeeSchedule,
    trading_date: &str,
    now_ms: i64,
) -> Result<FillRow, TradeError> {
    let side = order.side;
    let bucket: Bucket = order.bucket.parse().map_err(|_| TradeError::Internal("order bucket".into()))?;
    let user = order.user_id.clone();
    let stock = order.stock_id.clone();
    let cash = AccountRef::user(&user, bucket.cash_kind(), USD);
    let shares = AccountRef::user(&user, bucket.shares_kind(), &stock);
    let exchange_shares = AccountRef::house(AccountKind::UsExchange, &stock);
    let mut position = repo::position_tx(tx, &user, &stock, bucket.as_str()).await?.unwrap_or_else(|| PositionRow {
        user_id: user.clone(),
        stock_id: stock.clone(),
        bucket: bucket.as_str().into(),
        quantity: 0,
        cost: 0,
        borrowed: 0,
        realized: 0,
        dividends: 0,
        margin_status: UsMarginStatus::Normal,
        opened_date: trading_date.into(),
        updated_at_ms: now_ms,
    });
    let mut legs = Legs(Vec::with_capacity(8));
    let accounts = Accounts { cash, shares, exchange_shares };
    let (value, fee, tax, realized) = if side == Side::Buy {
        let value = match order.amount {
            Some(amount) => value_up(price, quantity)?.min(amount - order.filled_value),
            None => value_up(price, quantity)?,
        };
        buy_legs(tx, &mut legs, &accounts, &mut position, (value, quantity), bucket, fees, trading_date).await?
    } else {
        sell_legs(tx, &mut legs, &accounts, &mut position, (value_down(price, quantity)?, quantity), fees).await?
    };
    legs.add(tx, &house(AccountKind::Fees), fee).await?;
    legs.add(tx, &house(AccountKind::TaxPayable), tax).await?;
    let fill = FillRow {
        id: uuid::Uuid::now_v7().to_string(),
        order_id: order.id.clone(),
        user_id: user,
        stock_id: stock,
        bucket: bucket.as_str().into(),
        side,
        price,
        quantity,
        value,
        fee,
        tax,
        realized,
        created_at_ms: now_ms,
    };
    let memo = format!("{} {} {}", fill.side, fill.stock_id, super::units::shares(quantity));
    let entry = NewEntry {
        reason: EntryReason::UsStockFill,
        event_id: format!("us-fill:{}", fill.id),
        memo: Some(memo),
        postings: legs.0,
        at_ms: now_ms,
    };
    ledger::post(tx, &entry).await?;
    repo::insert_fill(tx, &fill).await?;
    position.updated_at_ms = now_ms;
    repo::save_position(tx, &position).await?;
    order.filled_quantity += quantity;
    order.filled_value += value;
    order.fee += fee;
    order.tax += tax;
    Ok(fill)
}
