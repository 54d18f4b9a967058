//! The US-stock tables (`us_orders`, `us_fills`, `us_amend_requests`, `us_positions`): one query
//! text for SQLite and PostgreSQL.

use domain::orders::{
    AmendRejection, ExchangeState, OrderKind, OrderStatus, ProtectiveKind, Side, TimeInForce, TradingHours,
    UsMarginStatus, UsOrderReason,
};
use sqlx::{Any, Transaction};
use store::write_set::{Part, WriteSet};
use store::{Db, StoreError};

type Tx = Transaction<'static, Any>;

/// An order as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct UsOrderRow {
    /// Order id (UUID v7).
    pub id: String,
    /// Owner.
    pub user_id: String,
    /// Ticker.
    pub stock_id: String,
    /// `PALN`, `LEVERAGE` or `INTRADAY`.
    pub bucket: String,
    /// Buy or sell.
    #[sqlx(try_from = "String")]
    pub side: Side,
    /// `MARKET`, `LIMIT`, `STOP`, `STOP_LIMIT`, `TRAILING_STOP`.
    #[sqlx(try_from = "String")]
    pub order_type: OrderKind,
    /// The OCO pair's id.
    pub oco_group: Option<String>,
    /// `TAKE_PROFIT` or `STOP_LOSS` (an OCO leg or a bracket exit).
    #[sqlx(try_from = "store::OptionalText")]
    pub oco_leg: Option<ProtectiveKind>,
    /// `GOOD_TILL_CANCEL` or `GOOD_TILL_MARKET_CLOSE`.
    #[sqlx(try_from = "String")]
    pub time_in_force: TimeInForce,
    /// `REGULAR_HOURS`, `INCLUDE_EXTENDED_HOURS` or `INTRADAY`.
    #[sqlx(try_from = "String")]
    pub trading_hours: TradingHours,
    /// Quantity units; `None` for a buy by amount.
    pub quantity: Option<i64>,
    /// Micro-dollars of a buy by amount.
    pub amount: Option<i64>,
    /// Price units.
    pub limit_price: Option<i64>,
    /// Price units.
    pub stop_price: Option<i64>,
    /// Trailing distance, price units.
    pub trail_amount: Option<i64>,
    /// Trailing distance, percent.
    pub trail_percent: Option<String>,
    /// Best price seen by a trailing stop.
    pub trail_watermark: Option<i64>,
    /// Bracket take-profit, price units.
    pub take_profit: Option<i64>,
    /// Bracket stop-loss, price units.
    pub stop_loss: Option<i64>,
    /// Filled quantity units.
    pub filled_quantity: i64,
    /// Micro-dollars filled.
    pub filled_value: i64,
    /// Micro-dollars.
    pub fee: i64,
    /// Micro-dollars.
    pub tax: i64,
    /// The open ledger hold.
    pub hold_id: Option<String>,
    /// R4.01 status.
    #[sqlx(try_from = "String")]
    pub status: OrderStatus,
    /// R4.03 state.
    #[sqlx(try_from = "String")]
    pub exchange_state: ExchangeState,
    /// Still working.
    #[sqlx(try_from = "store::Flag")]
    pub is_open: bool,
    /// A stop that triggered.
    #[sqlx(try_from = "store::Flag")]
    pub triggered: bool,
    /// Why it ended without filling, or why the server placed it.
    #[sqlx(try_from = "store::OptionalText")]
    pub reason: Option<UsOrderReason>,
    /// New York date placed.
    pub trading_date: String,
    /// Placed by the server (intraday close, liquidation, bracket exit).
    #[sqlx(try_from = "store::Flag")]
    pub system: bool,
    /// The caller's request id.
    pub request_id: Option<String>,
    /// Unix ms.
    pub created_at_ms: i64,
    /// Unix ms.
    pub updated_at_ms: i64,
}

const ORDER_COLUMNS: &str = "id, user_id, stock_id, bucket, side, order_type, oco_group, oco_leg, time_in_force, \
    trading_hours, quantity, amount, limit_price, stop_price, trail_amount, trail_percent, trail_watermark, \
    take_profit, stop_loss, filled_quantity, filled_value, fee, tax, hold_id, status, exchange_state, is_open, \
    triggered, reason, trading_date, system, request_id, created_at_ms, updated_at_ms";

/// Inserts a new order.
pub async fn insert(tx: &mut Tx, o: &UsOrderRow) -> Result<(), StoreError> {
    let mut set = WriteSet::default();
    set.push(order_part(o));
    set.run(tx).await
}

/// How an [`open_orders_below_part`] refused reads in its write set's [`StoreError::SharedTransaction`].
pub const OPEN_ORDERS_FULL: &str = "the user has as many open orders as allowed";

/// A write set's guard: refused as [`OPEN_ORDERS_FULL`] unless the user has fewer than `max` open
/// orders (read before the set's own rows; under the user's lock, so no other placement slips in).
pub fn open_orders_below_part(user_id: &str, max: u32) -> Part<'_> {
    Part::new(
        "select 1 as below where (select count(*) from us_orders where user_id = $1 and is_open = 1) < $2".to_owned(),
    )
    .returning(1, OPEN_ORDERS_FULL)
    .bind(user_id)
    .bind(i64::from(max))
}

pub use crate::features::orders::kept_answer::ORDER_REPEATED;

/// A new order's insert, for a write set; refused as [`ORDER_REPEATED`] when its user already
/// placed one under its request id (a repeat that waited behind the first for the user's lock).
pub fn order_part(o: &UsOrderRow) -> Part<'_> {
    let marks: Vec<String> = (1..=34).map(|n| format!("${n}")).collect();
    Part::new(format!(
        "insert into us_orders ({ORDER_COLUMNS}) values ({}) on conflict (user_id, request_id) do nothing returning id",
        marks.join(", ")
    ))
    .returning(1, ORDER_REPEATED)
    .bind(&o.id)
    .bind(&o.user_id)
    .bind(&o.stock_id)
    .bind(&o.bucket)
    .bind(o.side.as_str())
    .bind(o.order_type.as_str())
    .bind(o.oco_group.as_deref())
    .bind(o.oco_leg.map(ProtectiveKind::as_str))
    .bind(o.time_in_force.as_str())
    .bind(o.trading_hours.as_str())
    .bind(o.quantity)
    .bind(o.amount)
    .bind(o.limit_price)
    .bind(o.stop_price)
    .bind(o.trail_amount)
    .bind(o.trail_percent.as_deref())
    .bind(o.trail_watermark)
    .bind(o.take_profit)
    .bind(o.stop_loss)
    .bind(o.filled_quantity)
    .bind(o.filled_value)
    .bind(o.fee)
    .bind(o.tax)
    .bind(o.hold_id.as_deref())
    .bind(o.status.as_str())
    .bind(o.exchange_state.as_str())
    .bind(i64::from(o.is_open))
    .bind(i64::from(o.triggered))
    .bind(o.reason.map(UsOrderReason::as_str))
    .bind(&o.trading_date)
    .bind(i64::from(o.system))
    .bind(o.request_id.as_deref())
    .bind(o.created_at_ms)
    .bind(o.updated_at_ms)
}

/// Writes every field an order's life changes.
pub async fn save(tx: &mut Tx, o: &UsOrderRow) -> Result<(), StoreError> {
    sqlx::query(
        "update us_orders set quantity = $2, amount = $3, limit_price = $4, stop_price = $5, trail_watermark = $6, \
         filled_quantity = $7, filled_value = $8, fee = $9, tax = $10, hold_id = $11, status = $12, \
         exchange_state = $13, is_open = $14, triggered = $15, reason = $16, updated_at_ms = $17 where id = $1",
    )
    .bind(&o.id)
    .bind(o.quantity)
    .bind(o.amount)
    .bind(o.limit_price)
    .bind(o.stop_price)
    .bind(o.trail_watermark)
    .bind(o.filled_quantity)
    .bind(o.filled_value)
    .bind(o.fee)
    .bind(o.tax)
    .bind(&o.hold_id)
    .bind(o.status.as_str())
    .bind(o.exchange_state.as_str())
    .bind(i64::from(o.is_open))
    .bind(i64::from(o.triggered))
    .bind(o.reason.map(UsOrderReason::as_str))
    .bind(o.updated_at_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// One order inside a transaction (callers hold the owner's write lock).
pub async fn get_tx(tx: &mut Tx, id: &str) -> Result<Option<UsOrderRow>, StoreError> {
    let sql = format!("select {ORDER_COLUMNS} from us_orders where id = $1");
    let record: Option<UsOrderRow> = sqlx::query_as(&sql).bind(id).fetch_optional(&mut **tx).await?;
    Ok(record)
}

/// One of a user's orders (another user's id reads as missing).
pub async fn get_for_user(db: &Db, user_id: &str, id: &str) -> Result<Option<UsOrderRow>, StoreError> {
    let sql = format!("select {ORDER_COLUMNS} from us_orders where id = $1 and user_id = $2");
    let record: Option<UsOrderRow> = sqlx::query_as(&sql).bind(id).bind(user_id).fetch_optional(db.pool()).await?;
    Ok(record)
}

/// The order a retried request already placed.
pub async fn by_request(db: &Db, user_id: &str, request_id: &str) -> Result<Option<UsOrderRow>, StoreError> {
    let sql = format!("select {ORDER_COLUMNS} from us_orders where user_id = $1 and request_id = $2");
    let record: Option<UsOrderRow> =
        sqlx::query_as(&sql).bind(user_id).bind(request_id).fetch_optional(db.pool()).await?;
    Ok(record)
}

/// The order a request id placed, inside a transaction.
pub async fn by_request_tx(tx: &mut Tx, user_id: &str, request_id: &str) -> Result<Option<UsOrderRow>, StoreError> {
    let sql = format!("select {ORDER_COLUMNS} from us_orders where user_id = $1 and request_id = $2");
    let record: Option<UsOrderRow> =
        sqlx::query_as(&sql).bind(user_id).bind(request_id).fetch_optional(&mut **tx).await?;
    Ok(record)
}

/// Every open order (the venue driver's work list), oldest first.
pub async fn open_orders(db: &Db) -> Result<Vec<UsOrderRow>, StoreError> {
    let sql = format!("select {ORDER_COLUMNS} from us_orders where is_open = 1 order by created_at_ms, id");
    let records: Vec<UsOrderRow> = sqlx::query_as(&sql).fetch_all(db.pool()).await?;
    Ok(records)
}

/// A user's open orders of one stock and bucket.
pub async fn open_of(tx: &mut Tx, user_id: &str, stock_id: &str, bucket: &str) -> Result<Vec<UsOrderRow>, StoreError> {
    let sql = format!(
        "select {ORDER_COLUMNS} from us_orders where user_id = $1 and stock_id = $2 and bucket = $3 and is_open = 1 \
         order by created_at_ms, id"
    );
    let records: Vec<UsOrderRow> =
        sqlx::query_as(&sql).bind(user_id).bind(stock_id).bind(bucket).fetch_all(&mut **tx).await?;
    Ok(records)
}

/// One page of a user's open or closed orders, newest first, and how many there are.
pub async fn page(
    db: &Db,
    user_id: &str,
    open: bool,
    page: i64,
    size: i64,
) -> Result<(Vec<UsOrderRow>, i64), StoreError> {
    let sql = format!(
        "select {ORDER_COLUMNS} from us_orders where user_id = $1 and is_open = $2 \
         order by created_at_ms desc, id desc limit $3 offset $4"
    );
    let records: Vec<UsOrderRow> = sqlx::query_as(&sql)
        .bind(user_id)
        .bind(i64::from(open))
        .bind(size)
        .bind((page - 1) * size)
        .fetch_all(db.pool())
        .await?;
    let total: i64 = sqlx::query_scalar("select count(*) from us_orders where user_id = $1 and is_open = $2")
        .bind(user_id)
        .bind(i64::from(open))
        .fetch_one(db.pool())
        .await?;
    Ok((records, total))
}

/// One fill as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FillRow {
    /// Fill id.
    pub id: String,
    /// The order.
    pub order_id: String,
    /// Owner.
    pub user_id: String,
    /// Ticker.
    pub stock_id: String,
    /// Bucket.
    pub bucket: String,
    /// Buy or sell.
    pub side: Side,
    /// Price units.
    pub price: i64,
    /// Quantity units.
    pub quantity: i64,
    /// Micro-dollars.
    pub value: i64,
    /// Micro-dollars.
    pub fee: i64,
    /// Micro-dollars.
    pub tax: i64,
    /// Micro-dollars realised against the average cost.
    pub realized: i64,
    /// Unix ms.
    pub created_at_ms: i64,
}

/// Records a fill.
pub async fn insert_fill(tx: &mut Tx, f: &FillRow) -> Result<(), StoreError> {
    sqlx::query(
        "insert into us_fills (id, order_id, user_id, stock_id, bucket, side, price, quantity, value, fee, tax, \
         realized, created_at_ms) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
    )
    .bind(&f.id)
    .bind(&f.order_id)
    .bind(&f.user_id)
    .bind(&f.stock_id)
    .bind(&f.bucket)
    .bind(f.side.as_str())
    .bind(f.price)
    .bind(f.quantity)
    .bind(f.value)
    .bind(f.fee)
    .bind(f.tax)
    .bind(f.realized)
    .bind(f.created_at_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A position as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct PositionRow {
    /// Owner.
    pub user_id: String,
    /// Ticker.
    pub stock_id: String,
    /// Bucket.
    pub bucket: String,
    /// Quantity units.
    pub quantity: i64,
    /// Micro-dollars paid for the shares held.
    pub cost: i64,
    /// Micro-dollars lent by the broker.
    pub borrowed: i64,
    /// Micro-dollars realised.
    pub realized: i64,
    /// Micro-dollars of dividends received (after withholding).
    pub dividends: i64,
    /// `NORMAL` or `MARGIN_CALL`.
    #[sqlx(try_from = "String")]
    pub margin_status: UsMarginStatus,
    /// New York date opened.
    pub opened_date: String,
    /// Unix ms.
    pub updated_at_ms: i64,
}

const POSITION_COLUMNS: &str =
    "user_id, stock_id, bucket, quantity, cost, borrowed, realized, dividends, margin_status, opened_date, updated_at_ms";

/// A position inside a transaction (callers hold the user's write lock).
pub async fn position_tx(
    tx: &mut Tx,
    user_id: &str,
    stock_id: &str,
    bucket: &str,
) -> Result<Option<PositionRow>, StoreError> {
    let sql =
        format!("select {POSITION_COLUMNS} from us_positions where user_id = $1 and stock_id = $2 and bucket = $3");
    Ok(sqlx::query_as(&sql).bind(user_id).bind(stock_id).bind(bucket).fetch_optional(&mut **tx).await?)
}

/// Writes a position (inserted on first use); a position of zero shares stays for its realised
/// profit and dividends.
pub async fn save_position(tx: &mut Tx, p: &PositionRow) -> Result<(), StoreError> {
    sqlx::query(
        "insert into us_positions (user_id, stock_id, bucket, quantity, cost, borrowed, realized, dividends, \
         margin_status, opened_date, updated_at_ms) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) \
         on conflict (user_id, stock_id, bucket) do update set quantity = excluded.quantity, cost = excluded.cost, \
         borrowed = excluded.borrowed, realized = excluded.realized, dividends = excluded.dividends, \
         margin_status = excluded.margin_status, opened_date = excluded.opened_date, updated_at_ms = excluded.updated_at_ms",
    )
    .bind(&p.user_id)
    .bind(&p.stock_id)
    .bind(&p.bucket)
    .bind(p.quantity)
    .bind(p.cost)
    .bind(p.borrowed)
    .bind(p.realized)
    .bind(p.dividends)
    .bind(p.margin_status.as_str())
    .bind(&p.opened_date)
    .bind(p.updated_at_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A user's positions (also closed ones, for realised profit and dividends).
pub async fn positions_of(db: &Db, user_id: &str) -> Result<Vec<PositionRow>, StoreError> {
    let sql = format!("select {POSITION_COLUMNS} from us_positions where user_id = $1 order by stock_id, bucket");
    Ok(sqlx::query_as(&sql).bind(user_id).fetch_all(db.pool()).await?)
}

/// Every open position of a bucket (the intraday close and margin jobs' work lists).
pub async fn open_positions(db: &Db, bucket: &str) -> Result<Vec<PositionRow>, StoreError> {
    let sql = format!(
        "select {POSITION_COLUMNS} from us_positions where bucket = $1 and quantity > 0 order by user_id, stock_id"
    );
    Ok(sqlx::query_as(&sql).bind(bucket).fetch_all(db.pool()).await?)
}

/// Every open position of a stock (for corporate actions).
pub async fn holders_of(db: &Db, stock_id: &str) -> Result<Vec<PositionRow>, StoreError> {
    let sql = format!(
        "select {POSITION_COLUMNS} from us_positions where stock_id = $1 and quantity > 0 order by user_id, bucket"
    );
    Ok(sqlx::query_as(&sql).bind(stock_id).fetch_all(db.pool()).await?)
}

/// An amend request as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct AmendRow {
    /// Request id.
    pub id: String,
    /// The order.
    pub order_id: String,
    /// Owner.
    pub user_id: String,
    /// R4.03 state.
    #[sqlx(try_from = "String")]
    pub exchange_state: ExchangeState,
    /// New quantity units.
    pub quantity: Option<i64>,
    /// New limit price units.
    pub limit_price: Option<i64>,
    /// New stop price units.
    pub stop_price: Option<i64>,
    /// Why it was rejected.
    #[sqlx(try_from = "store::OptionalText")]
    pub reason: Option<AmendRejection>,
    /// Unix ms.
    pub created_at_ms: i64,
    /// Unix ms.
    pub updated_at_ms: i64,
}

const AMEND_COLUMNS: &str =
    "id, order_id, user_id, exchange_state, quantity, limit_price, stop_price, reason, created_at_ms, updated_at_ms";

/// Inserts or updates an amend request.
pub async fn save_amend(tx: &mut Tx, a: &AmendRow) -> Result<(), StoreError> {
    sqlx::query(
        "insert into us_amend_requests (id, order_id, user_id, exchange_state, quantity, limit_price, stop_price, \
         reason, created_at_ms, updated_at_ms) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
         on conflict (id) do update set exchange_state = excluded.exchange_state, reason = excluded.reason, \
         updated_at_ms = excluded.updated_at_ms",
    )
    .bind(&a.id)
    .bind(&a.order_id)
    .bind(&a.user_id)
    .bind(a.exchange_state.as_str())
    .bind(a.quantity)
    .bind(a.limit_price)
    .bind(a.stop_price)
    .bind(a.reason.map(AmendRejection::as_str))
    .bind(a.created_at_ms)
    .bind(a.updated_at_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Amend requests the venue has not answered yet.
pub async fn pending_amends(db: &Db) -> Result<Vec<AmendRow>, StoreError> {
    let sql = format!(
        "select {AMEND_COLUMNS} from us_amend_requests where exchange_state in ('WAITING_TO_BE_SENT', 'SENT_TO_EXCHANGE') \
         order by created_at_ms, id"
    );
    Ok(sqlx::query_as(&sql).fetch_all(db.pool()).await?)
}

/// The newest amend request of an order.
pub async fn latest_amend(db: &Db, order_id: &str) -> Result<Option<AmendRow>, StoreError> {
    let sql = format!("select {AMEND_COLUMNS} from us_amend_requests where order_id = $1 order by created_at_ms desc, id desc limit 1");
    Ok(sqlx::query_as(&sql).bind(order_id).fetch_optional(db.pool()).await?)
}

/// One amend request inside a transaction.
pub async fn amend_tx(tx: &mut Tx, id: &str) -> Result<Option<AmendRow>, StoreError> {
    let sql = format!("select {AMEND_COLUMNS} from us_amend_requests where id = $1");
    Ok(sqlx::query_as(&sql).bind(id).fetch_optional(&mut **tx).await?)
}
