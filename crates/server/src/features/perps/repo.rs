//! The perpetuals tables (`perp_leverage`, `perp_positions`, `perp_orders`, `perp_fills`,
//! `perp_funding`, `perp_liquidations`): one query text for SQLite and PostgreSQL.

use domain::orders::{OrderStatus, PerpOrderReason, PerpOrderType, PerpOrigin, Side};
use sqlx::{Any, FromRow, Transaction};
use store::write_set::{Part, WriteSet};
use store::{Db, StoreError};

type Tx = Transaction<'static, Any>;

/// A position as stored (`lots` 0 is flat).
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct PositionRow {
    /// Owner.
    pub user_id: String,
    /// `BTCUSDT-PERP`.
    pub symbol: String,
    /// Signed lots.
    pub lots: i64,
    /// Σ lots × price of the open lots, value scale.
    pub cost: i64,
    /// The leverage the margin was taken at.
    pub leverage: i64,
    /// Initial margin held, micro-USDT.
    pub margin: i64,
    /// The margin's ledger hold.
    pub hold_id: Option<String>,
    /// Realised profit so far, micro-USDT.
    pub realised_pnl: i64,
    /// Funding received (positive) or paid so far, micro-USDT.
    pub funding: i64,
    /// Fees paid so far, micro-USDT.
    pub fees: i64,
    /// Ticks.
    pub take_profit: Option<i64>,
    /// Ticks.
    pub stop_loss: Option<i64>,
    /// When it last opened from flat.
    pub opened_at_ms: i64,
    /// Last change.
    pub updated_at_ms: i64,
}

impl PositionRow {
    /// A flat position of `user_id` in `symbol`.
    pub fn flat(user_id: &str, symbol: &str, leverage: i64, now_ms: i64) -> Self {
        Self {
            user_id: user_id.to_owned(),
            symbol: symbol.to_owned(),
            lots: 0,
            cost: 0,
            leverage,
            margin: 0,
            hold_id: None,
            realised_pnl: 0,
            funding: 0,
            fees: 0,
            take_profit: None,
            stop_loss: None,
            opened_at_ms: now_ms,
            updated_at_ms: now_ms,
        }
    }
}

/// An order as stored.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct OrderRow {
    /// UUID v7.
    pub id: String,
    /// Owner.
    pub user_id: String,
    /// `BTCUSDT-PERP`.
    pub symbol: String,
    /// `BUY` or `SELL`.
    #[sqlx(try_from = "String")]
    pub side: Side,
    /// `MARKET`, `LIMIT`, `STOP_MARKET`, `STOP_LIMIT`.
    #[sqlx(try_from = "String")]
    pub order_type: PerpOrderType,
    /// Lots ordered.
    pub lots: i64,
    /// Limit price, ticks.
    pub price: Option<i64>,
    /// Trigger, ticks.
    pub stop_price: Option<i64>,
    /// 1 when it may only reduce the position.
    pub reduce_only: i64,
    /// The leverage at placement.
    pub leverage: i64,
    /// `USER`, `CLOSE`, `TAKE_PROFIT`, `STOP_LOSS`, `LIQUIDATION`.
    #[sqlx(try_from = "String")]
    pub origin: PerpOrigin,
    /// R4.01 status.
    #[sqlx(try_from = "String")]
    pub status: OrderStatus,
    /// 1 while open.
    pub is_open: i64,
    /// 1 once a stop's trigger was reached.
    pub triggered: i64,
    /// Lots filled.
    pub filled_lots: i64,
    /// Σ lots × price filled, value scale.
    pub filled_value: i64,
    /// Micro-USDT.
    pub fee: i64,
    /// Micro-USDT.
    pub realised_pnl: i64,
    /// Take-profit (ticks) its fills set on the position they open or add to.
    pub take_profit: Option<i64>,
    /// Stop-loss (ticks) its fills set on the position they open or add to.
    pub stop_loss: Option<i64>,
    /// The margin hold while open.
    pub hold_id: Option<String>,
    /// The client's `x-request-id`.
    pub request_id: Option<String>,
    /// Why it closed, if not by filling.
    #[sqlx(try_from = "store::OptionalText")]
    pub reason: Option<PerpOrderReason>,
    /// Placed.
    pub created_at_ms: i64,
    /// Last change.
    pub updated_at_ms: i64,
}

/// What places an order: its owner, contract, side and type, how many lots, how far, the leverage
/// and where it came from.
#[derive(Debug, Clone)]
pub struct NewOrder {
    /// Owner.
    pub user_id: String,
    /// `BTCUSDT-PERP`.
    pub symbol: String,
    /// Buy (long) or sell (short).
    pub side: Side,
    /// Market, limit, stop-market or stop-limit.
    pub order_type: PerpOrderType,
    /// Lots ordered.
    pub lots: i64,
    /// Leverage of the position it opens or adds to.
    pub leverage: i64,
    /// The user, a take-profit or stop-loss, or a liquidation.
    pub origin: PerpOrigin,
}

impl OrderRow {
    /// A new open order, nothing filled, no price, protection, hold or request id yet, made at `now_ms`.
    pub fn pending(new: NewOrder, now_ms: i64) -> Self {
        let NewOrder { user_id, symbol, side, order_type, lots, leverage, origin } = new;
        Self {
            id: uuid::Uuid::now_v7().to_string(),
            user_id,
            symbol,
            side,
            order_type,
            lots,
            price: None,
            stop_price: None,
            reduce_only: 0,
            leverage,
            origin,
            status: OrderStatus::Pending,
            is_open: 1,
            triggered: 0,
            filled_lots: 0,
            filled_value: 0,
            fee: 0,
            realised_pnl: 0,
            take_profit: None,
            stop_loss: None,
            hold_id: None,
            request_id: None,
            reason: None,
            created_at_ms: now_ms,
            updated_at_ms: now_ms,
        }
    }
}

/// One fill.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct FillRow {
    /// UUID v7.
    pub id: String,
    /// The order.
    pub order_id: String,
    /// Owner.
    pub user_id: String,
    /// Instrument.
    pub symbol: String,
    /// `BUY` or `SELL`.
    #[sqlx(try_from = "String")]
    pub side: Side,
    /// Lots.
    pub lots: i64,
    /// Ticks.
    pub price: i64,
    /// Micro-USDT.
    pub fee: i64,
    /// Micro-USDT.
    pub realised_pnl: i64,
    /// 1 for a resting (maker) fill.
    pub maker: i64,
    /// When.
    pub created_at_ms: i64,
}

/// One funding payment.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct FundingRow {
    /// Owner.
    pub user_id: String,
    /// Instrument.
    pub symbol: String,
    /// The funding instant.
    pub funding_at_ms: i64,
    /// The rate, ppm.
    pub rate_ppm: i64,
    /// The position's lots then.
    pub lots: i64,
    /// The mark then, ticks.
    pub mark: i64,
    /// Received (positive) or paid, micro-USDT.
    pub amount: i64,
    /// When settled.
    pub created_at_ms: i64,
}

/// One liquidated position.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct LiquidationRow {
    /// UUID v7.
    pub id: String,
    /// Owner.
    pub user_id: String,
    /// Instrument.
    pub symbol: String,
    /// Lots taken over.
    pub lots: i64,
    /// The mark it was taken over at, ticks.
    pub mark: i64,
    /// The loss (or profit) realised, micro-USDT.
    pub realised_pnl: i64,
    /// What the insurance fund paid, micro-USDT.
    pub insurance_paid: i64,
    /// The liquidation fee the fund took, micro-USDT.
    pub fee: i64,
    /// When.
    pub created_at_ms: i64,
}

/// The position columns in the order every position read names them.
pub(super) const POSITION_COLUMNS: &str =
    "user_id, symbol, lots, cost, leverage, margin, hold_id, realised_pnl, funding, fees, \
     take_profit, stop_loss, opened_at_ms, updated_at_ms";
const ORDER_COLUMNS: &str = "id, user_id, symbol, side, order_type, lots, price, stop_price, reduce_only, leverage, \
     origin, status, is_open, triggered, filled_lots, filled_value, fee, realised_pnl, take_profit, stop_loss, hold_id, \
     request_id, reason, created_at_ms, updated_at_ms";

/// The user's leverage on `symbol`, if chosen.
pub async fn leverage(db: &Db, user_id: &str, symbol: &str) -> Result<Option<i64>, StoreError> {
    Ok(sqlx::query_scalar("select leverage from perp_leverage where user_id = $1 and symbol = $2")
        .bind(user_id)
        .bind(symbol)
        .fetch_optional(db.pool())
        .await?)
}

/// Stores the user's leverage on `symbol`.
pub async fn set_leverage(
    tx: &mut Tx,
    user_id: &str,
    symbol: &str,
    leverage: i64,
    now_ms: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "insert into perp_leverage (user_id, symbol, leverage, updated_at_ms) values ($1, $2, $3, $4) \
         on conflict (user_id, symbol) do update set leverage = excluded.leverage, updated_at_ms = excluded.updated_at_ms",
    )
    .bind(user_id)
    .bind(symbol)
    .bind(leverage)
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The user's position in `symbol` inside a write.
pub async fn position_tx(tx: &mut Tx, user_id: &str, symbol: &str) -> Result<Option<PositionRow>, StoreError> {
    Ok(sqlx::query_as(&format!("select {POSITION_COLUMNS} from perp_positions where user_id = $1 and symbol = $2"))
        .bind(user_id)
        .bind(symbol)
        .fetch_optional(&mut **tx)
        .await?)
}

/// The user's open positions inside a write.
pub async fn open_positions_of_tx(tx: &mut Tx, user_id: &str) -> Result<Vec<PositionRow>, StoreError> {
    Ok(sqlx::query_as(&format!(
        "select {POSITION_COLUMNS} from perp_positions where user_id = $1 and lots <> 0 order by symbol"
    ))
    .bind(user_id)
    .fetch_all(&mut **tx)
    .await?)
}

/// The user's open positions.
pub async fn open_positions_of(db: &Db, user_id: &str) -> Result<Vec<PositionRow>, StoreError> {
    Ok(sqlx::query_as(&format!(
        "select {POSITION_COLUMNS} from perp_positions where user_id = $1 and lots <> 0 order by symbol"
    ))
    .bind(user_id)
    .fetch_all(db.pool())
    .await?)
}

/// The open positions of these users, by user and symbol.
pub async fn open_positions_of_users(db: &Db, users: &[String]) -> Result<Vec<PositionRow>, StoreError> {
    if users.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "select {POSITION_COLUMNS} from perp_positions where user_id in ({}) and lots <> 0 order by user_id, symbol",
        store::placeholders::numbered(1, users.len())
    );
    let mut query = sqlx::query_as(&sql);
    for user in users {
        query = query.bind(user);
    }
    Ok(query.fetch_all(db.pool()).await?)
}

/// Every open position, by user.
pub async fn all_open_positions(db: &Db) -> Result<Vec<PositionRow>, StoreError> {
    Ok(sqlx::query_as(&format!(
        "select {POSITION_COLUMNS} from perp_positions where lots <> 0 order by user_id, symbol"
    ))
    .fetch_all(db.pool())
    .await?)
}

/// Open positions of `symbol` opened at or before `at_ms`.
pub async fn positions_open_at(db: &Db, symbol: &str, at_ms: i64) -> Result<Vec<PositionRow>, StoreError> {
    Ok(sqlx::query_as(&format!(
        "select {POSITION_COLUMNS} from perp_positions where symbol = $1 and lots <> 0 and opened_at_ms <= $2 \
         order by user_id"
    ))
    .bind(symbol)
    .bind(at_ms)
    .fetch_all(db.pool())
    .await?)
}

/// Inserts or replaces the position.
pub async fn save_position(tx: &mut Tx, p: &PositionRow) -> Result<(), StoreError> {
    sqlx::query(&format!(
        "insert into perp_positions ({POSITION_COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) \
         on conflict (user_id, symbol) do update set lots = excluded.lots, cost = excluded.cost, \
         leverage = excluded.leverage, margin = excluded.margin, hold_id = excluded.hold_id, \
         realised_pnl = excluded.realised_pnl, funding = excluded.funding, fees = excluded.fees, \
         take_profit = excluded.take_profit, stop_loss = excluded.stop_loss, opened_at_ms = excluded.opened_at_ms, \
         updated_at_ms = excluded.updated_at_ms"
    ))
    .bind(&p.user_id)
    .bind(&p.symbol)
    .bind(p.lots)
    .bind(p.cost)
    .bind(p.leverage)
    .bind(p.margin)
    .bind(&p.hold_id)
    .bind(p.realised_pnl)
    .bind(p.funding)
    .bind(p.fees)
    .bind(p.take_profit)
    .bind(p.stop_loss)
    .bind(p.opened_at_ms)
    .bind(p.updated_at_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub use crate::features::orders::kept_answer::ORDER_REPEATED;

/// A new order's insert, for a write set; refused as [`ORDER_REPEATED`] when its user already
/// placed one under its request id (a repeat that raced the first: PostgreSQL answers once the
/// first committed).
pub fn order_part(o: &OrderRow) -> Part<'_> {
    Part::new(format!(
        "insert into perp_orders ({ORDER_COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, \
         $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25) on conflict (user_id, request_id) do nothing returning id"
    ))
    .returning(1, ORDER_REPEATED)
    .bind(&o.id)
    .bind(&o.user_id)
    .bind(&o.symbol)
    .bind(o.side.as_str())
    .bind(o.order_type.as_str())
    .bind(o.lots)
    .bind(o.price)
    .bind(o.stop_price)
    .bind(o.reduce_only)
    .bind(o.leverage)
    .bind(o.origin.as_str())
    .bind(o.status.as_str())
    .bind(o.is_open)
    .bind(o.triggered)
    .bind(o.filled_lots)
    .bind(o.filled_value)
    .bind(o.fee)
    .bind(o.realised_pnl)
    .bind(o.take_profit)
    .bind(o.stop_loss)
    .bind(o.hold_id.as_deref())
    .bind(o.request_id.as_deref())
    .bind(o.reason.map(PerpOrderReason::as_str))
    .bind(o.created_at_ms)
    .bind(o.updated_at_ms)
}

/// Inserts a new order; false, inserting nothing, when its user already placed one under its
/// request id ([`order_part`]).
pub async fn insert_order(tx: &mut Tx, o: &OrderRow) -> Result<bool, StoreError> {
    let mut set = WriteSet::default();
    set.push(order_part(o));
    match set.run(tx).await {
        Ok(()) => Ok(true),
        Err(StoreError::SharedTransaction(why)) if why == ORDER_REPEATED => Ok(false),
        Err(e) => Err(e),
    }
}

/// Stores an order's changed state.
pub async fn save_order(tx: &mut Tx, o: &OrderRow) -> Result<(), StoreError> {
    sqlx::query(
        "update perp_orders set status = $1, is_open = $2, triggered = $3, filled_lots = $4, filled_value = $5, \
         fee = $6, realised_pnl = $7, hold_id = $8, reason = $9, updated_at_ms = $10 where id = $11",
    )
    .bind(o.status.as_str())
    .bind(o.is_open)
    .bind(o.triggered)
    .bind(o.filled_lots)
    .bind(o.filled_value)
    .bind(o.fee)
    .bind(o.realised_pnl)
    .bind(&o.hold_id)
    .bind(o.reason.map(PerpOrderReason::as_str))
    .bind(o.updated_at_ms)
    .bind(&o.id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The order inside a write.
pub async fn order_tx(tx: &mut Tx, id: &str) -> Result<Option<OrderRow>, StoreError> {
    Ok(sqlx::query_as(&format!("select {ORDER_COLUMNS} from perp_orders where id = $1"))
        .bind(id)
        .fetch_optional(&mut **tx)
        .await?)
}

/// The caller's order placed with this request id.
pub async fn order_by_request(db: &Db, user_id: &str, request_id: &str) -> Result<Option<OrderRow>, StoreError> {
    Ok(sqlx::query_as(&format!("select {ORDER_COLUMNS} from perp_orders where user_id = $1 and request_id = $2"))
        .bind(user_id)
        .bind(request_id)
        .fetch_optional(db.pool())
        .await?)
}

/// The user's open orders inside a write.
pub async fn open_orders_of_tx(tx: &mut Tx, user_id: &str) -> Result<Vec<OrderRow>, StoreError> {
    Ok(sqlx::query_as(&format!(
        "select {ORDER_COLUMNS} from perp_orders where user_id = $1 and is_open = 1 \
         order by created_at_ms, id"
    ))
    .bind(user_id)
    .fetch_all(&mut **tx)
    .await?)
}

/// The most resting user orders one taker meets (a bound on the command's work, far beyond any
/// book a retail venue shows).
pub const RESTING_MET_MAX: i64 = 1_000;

/// The other users' resting limit orders of `symbol` on `side` that a taker priced at `bound` (none:
/// any price) would meet, best price first then oldest, at most [`RESTING_MET_MAX`]; inside a write.
pub async fn resting_against_tx(
    tx: &mut Tx,
    symbol: &str,
    side: Side,
    bound: Option<i64>,
    taker: &str,
) -> Result<Vec<OrderRow>, StoreError> {
    let sql = format!(
        "select {ORDER_COLUMNS} from perp_orders where {}",
        resting_against(side, Params { symbol: "$1", side: "$2", taker: "$3", bound: "$4" })
    );
    Ok(sqlx::query_as(&sql)
        .bind(symbol)
        .bind(side.as_str())
        .bind(taker)
        .bind(bound_or_any(side, bound))
        .fetch_all(&mut **tx)
        .await?)
}

/// Where the values of [`resting_against`]'s conditions are bound.
#[derive(Debug, Clone, Copy)]
pub struct Params<'a> {
    /// The contract.
    pub symbol: &'a str,
    /// The resting orders' side.
    pub side: &'a str,
    /// The taker, whose own orders it does not meet.
    pub taker: &'a str,
    /// The taker's price bound ([`bound_or_any`]).
    pub bound: &'a str,
}

/// The conditions, order and limit that pick the other users' resting orders on `side` a taker
/// meets, the values bound at `at`: the one choice of them, for the orders read and for the users
/// a placement locks before it reads them.
pub fn resting_against(side: Side, at: Params<'_>) -> String {
    // A resting sell meets a buy at or above its price; a resting buy a sell at or below.
    let (reach, best) = match side {
        Side::Sell => ("<=", "asc"),
        Side::Buy => (">=", "desc"),
    };
    let Params { symbol, side, taker, bound } = at;
    format!(
        "is_open = 1 and symbol = {symbol} and side = {side} and user_id <> {taker} and price is not null \
         and (order_type = 'LIMIT' or (order_type = 'STOP_LIMIT' and triggered = 1)) \
         and price {reach} {bound} order by price {best}, created_at_ms, id limit {RESTING_MET_MAX}"
    )
}

/// The bound to bind for resting orders on `side` met by a taker priced at `bound` (none: any price).
pub fn bound_or_any(side: Side, bound: Option<i64>) -> i64 {
    bound.unwrap_or(match side {
        Side::Sell => i64::MAX,
        Side::Buy => 0,
    })
}

/// One price of the users' resting orders: side, ticks and the lots left.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct RestingLevel {
    /// `BUY` or `SELL`.
    #[sqlx(try_from = "String")]
    pub side: Side,
    /// Ticks.
    pub price: i64,
    /// Lots left to fill.
    pub lots: i64,
}

/// The users' resting orders of `symbol` summed per side and price (the shown book's part of them).
pub async fn resting_levels(db: &Db, symbol: &str) -> Result<Vec<RestingLevel>, StoreError> {
    Ok(sqlx::query_as(
        "select side, price, cast(sum(lots - filled_lots) as bigint) as lots from perp_orders \
         where is_open = 1 and symbol = $1 and price is not null \
         and (order_type = 'LIMIT' or (order_type = 'STOP_LIMIT' and triggered = 1)) group by side, price",
    )
    .bind(symbol)
    .fetch_all(db.pool())
    .await?)
}

/// Every open order, oldest first (the venue pass).
pub async fn all_open_orders(db: &Db) -> Result<Vec<OrderRow>, StoreError> {
    Ok(sqlx::query_as(&format!("select {ORDER_COLUMNS} from perp_orders where is_open = 1 order by created_at_ms, id"))
        .fetch_all(db.pool())
        .await?)
}

/// A page of the user's orders, newest first: open ones or closed ones.
pub async fn orders_page(
    db: &Db,
    user_id: &str,
    open: bool,
    page: i64,
    per_page: i64,
) -> Result<Vec<OrderRow>, StoreError> {
    Ok(sqlx::query_as(&format!(
        "select {ORDER_COLUMNS} from perp_orders where user_id = $1 and is_open = $2 \
         order by created_at_ms desc, id desc limit $3 offset $4"
    ))
    .bind(user_id)
    .bind(i64::from(open))
    .bind(per_page)
    .bind((page - 1) * per_page)
    .fetch_all(db.pool())
    .await?)
}

/// How many open (or closed) orders the user has.
pub async fn orders_count(db: &Db, user_id: &str, open: bool) -> Result<i64, StoreError> {
    Ok(sqlx::query_scalar("select count(*) from perp_orders where user_id = $1 and is_open = $2")
        .bind(user_id)
        .bind(i64::from(open))
        .fetch_one(db.pool())
        .await?)
}

/// How many rows of a history table (`perp_fills`, `perp_funding`, `perp_liquidations`) the user has.
pub async fn count_of(db: &Db, table: &'static str, user_id: &str) -> Result<i64, StoreError> {
    Ok(sqlx::query_scalar(&format!("select count(*) from {table} where user_id = $1"))
        .bind(user_id)
        .fetch_one(db.pool())
        .await?)
}

/// Records a fill.
pub async fn insert_fill(tx: &mut Tx, f: &FillRow) -> Result<(), StoreError> {
    sqlx::query(
        "insert into perp_fills (id, order_id, user_id, symbol, side, lots, price, fee, realised_pnl, maker, created_at_ms) \
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(&f.id)
    .bind(&f.order_id)
    .bind(&f.user_id)
    .bind(&f.symbol)
    .bind(f.side.as_str())
    .bind(f.lots)
    .bind(f.price)
    .bind(f.fee)
    .bind(f.realised_pnl)
    .bind(f.maker)
    .bind(f.created_at_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A page of the user's fills, newest first.
pub async fn fills_page(db: &Db, user_id: &str, page: i64, per_page: i64) -> Result<Vec<FillRow>, StoreError> {
    Ok(sqlx::query_as(
        "select id, order_id, user_id, symbol, side, lots, price, fee, realised_pnl, maker, created_at_ms from perp_fills \
         where user_id = $1 order by created_at_ms desc, id desc limit $2 offset $3",
    )
    .bind(user_id)
    .bind(per_page)
    .bind((page - 1) * per_page)
    .fetch_all(db.pool())
    .await?)
}

/// Records a funding payment; false when this position was already settled for the instant.
pub async fn insert_funding(tx: &mut Tx, f: &FundingRow) -> Result<bool, StoreError> {
    let inserted = sqlx::query(
        "insert into perp_funding (user_id, symbol, funding_at_ms, rate_ppm, lots, mark, amount, created_at_ms) \
         values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (user_id, symbol, funding_at_ms) do nothing",
    )
    .bind(&f.user_id)
    .bind(&f.symbol)
    .bind(f.funding_at_ms)
    .bind(f.rate_ppm)
    .bind(f.lots)
    .bind(f.mark)
    .bind(f.amount)
    .bind(f.created_at_ms)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(inserted == 1)
}

/// A page of the user's funding payments, newest first.
pub async fn funding_page(db: &Db, user_id: &str, page: i64, per_page: i64) -> Result<Vec<FundingRow>, StoreError> {
    Ok(sqlx::query_as(
        "select user_id, symbol, funding_at_ms, rate_ppm, lots, mark, amount, created_at_ms from perp_funding \
         where user_id = $1 order by funding_at_ms desc, symbol limit $2 offset $3",
    )
    .bind(user_id)
    .bind(per_page)
    .bind((page - 1) * per_page)
    .fetch_all(db.pool())
    .await?)
}

/// Records a liquidation.
pub async fn insert_liquidation(tx: &mut Tx, l: &LiquidationRow) -> Result<(), StoreError> {
    sqlx::query(
        "insert into perp_liquidations (id, user_id, symbol, lots, mark, realised_pnl, insurance_paid, fee, created_at_ms) \
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(&l.id)
    .bind(&l.user_id)
    .bind(&l.symbol)
    .bind(l.lots)
    .bind(l.mark)
    .bind(l.realised_pnl)
    .bind(l.insurance_paid)
    .bind(l.fee)
    .bind(l.created_at_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A page of the user's liquidations, newest first.
pub async fn liquidations_page(
    db: &Db,
    user_id: &str,
    page: i64,
    per_page: i64,
) -> Result<Vec<LiquidationRow>, StoreError> {
    Ok(sqlx::query_as(
        "select id, user_id, symbol, lots, mark, realised_pnl, insurance_paid, fee, created_at_ms from perp_liquidations \
         where user_id = $1 order by created_at_ms desc, id desc limit $2 offset $3",
    )
    .bind(user_id)
    .bind(per_page)
    .bind((page - 1) * per_page)
    .fetch_all(db.pool())
    .await?)
}
