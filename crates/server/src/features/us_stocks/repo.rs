//! The US-stock tables (`us_orders`, `us_fills`, `us_amend_requests`, `us_positions`): one query
//! text for SQLite and PostgreSQL.

use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};
use store::{Db, StoreError};

type Tx = Transaction<'static, Any>;

/// An order as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsOrderRow {
    /// Order id (UUID v7).
    pub id: String,
    /// Owner.
    pub user_id: String,
    /// Ticker.
    pub stock_id: String,
    /// `PALN`, `LEVERAGE` or `INTRADAY`.
    pub bucket: String,
    /// `BUY` or `SELL`.
    pub side: String,
    /// `MARKET`, `LIMIT`, `STOP`, `STOP_LIMIT`, `TRAILING_STOP`.
    pub order_type: String,
    /// The OCO pair's id.
    pub oco_group: Option<String>,
    /// `TAKE_PROFIT` or `STOP_LOSS`.
    pub oco_leg: Option<String>,
    /// `GOOD_TILL_CANCEL` or `GOOD_TILL_MARKET_CLOSE`.
    pub time_in_force: String,
    /// `REGULAR_HOURS`, `INCLUDE_EXTENDED_HOURS` or `INTRADAY`.
    pub trading_hours: String,
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
    pub status: String,
    /// R4.03 state.
    pub exchange_state: String,
    /// Still working.
    pub is_open: bool,
    /// A stop that triggered.
    pub triggered: bool,
    /// Why it ended without filling.
    pub reason: Option<String>,
    /// New York date placed.
    pub trading_date: String,
    /// Placed by the server (intraday close, liquidation, bracket exit).
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

fn order_from(row: &AnyRow) -> Result<UsOrderRow, sqlx::Error> {
    Ok(UsOrderRow {
        id: row.try_get("id")?,
        user_id: row.try_get("user_id")?,
        stock_id: row.try_get("stock_id")?,
        bucket: row.try_get("bucket")?,
        side: row.try_get("side")?,
        order_type: row.try_get("order_type")?,
        oco_group: row.try_get("oco_group")?,
        oco_leg: row.try_get("oco_leg")?,
        time_in_force: row.try_get("time_in_force")?,
        trading_hours: row.try_get("trading_hours")?,
        quantity: row.try_get("quantity")?,
        amount: row.try_get("amount")?,
        limit_price: row.try_get("limit_price")?,
        stop_price: row.try_get("stop_price")?,
        trail_amount: row.try_get("trail_amount")?,
        trail_percent: row.try_get("trail_percent")?,
        trail_watermark: row.try_get("trail_watermark")?,
        take_profit: row.try_get("take_profit")?,
        stop_loss: row.try_get("stop_loss")?,
        filled_quantity: row.try_get("filled_quantity")?,
        filled_value: row.try_get("filled_value")?,
        fee: row.try_get("fee")?,
        tax: row.try_get("tax")?,
        hold_id: row.try_get("hold_id")?,
        status: row.try_get("status")?,
        exchange_state: row.try_get("exchange_state")?,
        is_open: row.try_get::<i64, _>("is_open")? != 0,
        triggered: row.try_get::<i64, _>("triggered")? != 0,
        reason: row.try_get("reason")?,
        trading_date: row.try_get("trading_date")?,
        system: row.try_get::<i64, _>("system")? != 0,
        request_id: row.try_get("request_id")?,
        created_at_ms: row.try_get("created_at_ms")?,
        updated_at_ms: row.try_get("updated_at_ms")?,
    })
}

/// Inserts a new order.
pub async fn insert(tx: &mut Tx, o: &UsOrderRow) -> Result<(), sqlx::Error> {
    let marks: Vec<String> = (1..=34).map(|n| format!("${n}")).collect();
    sqlx::query(&format!("insert into us_orders ({ORDER_COLUMNS}) values ({})", marks.join(", ")))
        .bind(&o.id)
        .bind(&o.user_id)
        .bind(&o.stock_id)
        .bind(&o.bucket)
        .bind(&o.side)
        .bind(&o.order_type)
        .bind(&o.oco_group)
        .bind(&o.oco_leg)
        .bind(&o.time_in_force)
        .bind(&o.trading_hours)
        .bind(o.quantity)
        .bind(o.amount)
        .bind(o.limit_price)
        .bind(o.stop_price)
        .bind(o.trail_amount)
        .bind(&o.trail_percent)
        .bind(o.trail_watermark)
        .bind(o.take_profit)
        .bind(o.stop_loss)
        .bind(o.filled_quantity)
        .bind(o.filled_value)
        .bind(o.fee)
        .bind(o.tax)
        .bind(&o.hold_id)
        .bind(&o.status)
        .bind(&o.exchange_state)
        .bind(i64::from(o.is_open))
        .bind(i64::from(o.triggered))
        .bind(&o.reason)
        .bind(&o.trading_date)
        .bind(i64::from(o.system))
        .bind(&o.request_id)
        .bind(o.created_at_ms)
        .bind(o.updated_at_ms)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Writes every field an order's life changes.
pub async fn save(tx: &mut Tx, o: &UsOrderRow) -> Result<(), sqlx::Error> {
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
    .bind(&o.status)
    .bind(&o.exchange_state)
    .bind(i64::from(o.is_open))
    .bind(i64::from(o.triggered))
    .bind(&o.reason)
    .bind(o.updated_at_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// One order inside a transaction (callers hold the owner's write lock).
pub async fn get_tx(tx: &mut Tx, id: &str) -> Result<Option<UsOrderRow>, sqlx::Error> {
    let sql = format!("select {ORDER_COLUMNS} from us_orders where id = $1");
    sqlx::query(&sql).bind(id).fetch_optional(&mut **tx).await?.as_ref().map(order_from).transpose()
}

/// One of a user's orders (another user's id reads as missing).
pub async fn get_for_user(db: &Db, user_id: &str, id: &str) -> Result<Option<UsOrderRow>, StoreError> {
    let sql = format!("select {ORDER_COLUMNS} from us_orders where id = $1 and user_id = $2");
    Ok(sqlx::query(&sql)
        .bind(id)
        .bind(user_id)
        .fetch_optional(db.pool())
        .await?
        .as_ref()
        .map(order_from)
        .transpose()?)
}

/// The order a retried request already placed.
pub async fn by_request(db: &Db, user_id: &str, request_id: &str) -> Result<Option<UsOrderRow>, StoreError> {
    let sql = format!("select {ORDER_COLUMNS} from us_orders where user_id = $1 and request_id = $2");
    let row = sqlx::query(&sql).bind(user_id).bind(request_id).fetch_optional(db.pool()).await?;
    Ok(row.as_ref().map(order_from).transpose()?)
}

/// The order a request id placed, inside a transaction.
pub async fn by_request_tx(tx: &mut Tx, user_id: &str, request_id: &str) -> Result<Option<UsOrderRow>, sqlx::Error> {
    let sql = format!("select {ORDER_COLUMNS} from us_orders where user_id = $1 and request_id = $2");
    sqlx::query(&sql)
        .bind(user_id)
        .bind(request_id)
        .fetch_optional(&mut **tx)
        .await?
        .as_ref()
        .map(order_from)
        .transpose()
}

/// Every open order (the venue driver's work list), oldest first.
pub async fn open_orders(db: &Db) -> Result<Vec<UsOrderRow>, StoreError> {
    let sql = format!("select {ORDER_COLUMNS} from us_orders where is_open = 1 order by created_at_ms, id");
    let rows = sqlx::query(&sql).fetch_all(db.pool()).await?;
    Ok(rows.iter().map(order_from).collect::<Result<_, _>>()?)
}

/// A user's open orders of one stock and bucket.
pub async fn open_of(tx: &mut Tx, user_id: &str, stock_id: &str, bucket: &str) -> Result<Vec<UsOrderRow>, sqlx::Error> {
    let sql = format!(
        "select {ORDER_COLUMNS} from us_orders where user_id = $1 and stock_id = $2 and bucket = $3 and is_open = 1 \
         order by created_at_ms, id"
    );
    let rows = sqlx::query(&sql).bind(user_id).bind(stock_id).bind(bucket).fetch_all(&mut **tx).await?;
    rows.iter().map(order_from).collect()
}

/// Open orders a user has in all stocks.
pub async fn open_count(db: &Db, user_id: &str) -> Result<i64, StoreError> {
    Ok(sqlx::query_scalar("select count(*) from us_orders where user_id = $1 and is_open = 1")
        .bind(user_id)
        .fetch_one(db.pool())
        .await?)
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
    let rows = sqlx::query(&sql)
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
    Ok((rows.iter().map(order_from).collect::<Result<_, _>>()?, total))
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
    /// `BUY` or `SELL`.
    pub side: String,
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
pub async fn insert_fill(tx: &mut Tx, f: &FillRow) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into us_fills (id, order_id, user_id, stock_id, bucket, side, price, quantity, value, fee, tax, \
         realized, created_at_ms) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
    )
    .bind(&f.id)
    .bind(&f.order_id)
    .bind(&f.user_id)
    .bind(&f.stock_id)
    .bind(&f.bucket)
    .bind(&f.side)
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
#[derive(Debug, Clone, PartialEq, Eq)]
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
    pub margin_status: String,
    /// New York date opened.
    pub opened_date: String,
    /// Unix ms.
    pub updated_at_ms: i64,
}

const POSITION_COLUMNS: &str =
    "user_id, stock_id, bucket, quantity, cost, borrowed, realized, dividends, margin_status, opened_date, updated_at_ms";

fn position_from(row: &AnyRow) -> Result<PositionRow, sqlx::Error> {
    Ok(PositionRow {
        user_id: row.try_get("user_id")?,
        stock_id: row.try_get("stock_id")?,
        bucket: row.try_get("bucket")?,
        quantity: row.try_get("quantity")?,
        cost: row.try_get("cost")?,
        borrowed: row.try_get("borrowed")?,
        realized: row.try_get("realized")?,
        dividends: row.try_get("dividends")?,
        margin_status: row.try_get("margin_status")?,
        opened_date: row.try_get("opened_date")?,
        updated_at_ms: row.try_get("updated_at_ms")?,
    })
}

/// A position inside a transaction (callers hold the user's write lock).
pub async fn position_tx(
    tx: &mut Tx,
    user_id: &str,
    stock_id: &str,
    bucket: &str,
) -> Result<Option<PositionRow>, sqlx::Error> {
    let sql =
        format!("select {POSITION_COLUMNS} from us_positions where user_id = $1 and stock_id = $2 and bucket = $3");
    let row = sqlx::query(&sql).bind(user_id).bind(stock_id).bind(bucket).fetch_optional(&mut **tx).await?;
    row.as_ref().map(position_from).transpose()
}

/// Writes a position (inserted on first use); a position of zero shares stays for its realised
/// profit and dividends.
pub async fn save_position(tx: &mut Tx, p: &PositionRow) -> Result<(), sqlx::Error> {
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
    .bind(&p.margin_status)
    .bind(&p.opened_date)
    .bind(p.updated_at_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A user's positions (also closed ones, for realised profit and dividends).
pub async fn positions_of(db: &Db, user_id: &str) -> Result<Vec<PositionRow>, StoreError> {
    let sql = format!("select {POSITION_COLUMNS} from us_positions where user_id = $1 order by stock_id, bucket");
    let rows = sqlx::query(&sql).bind(user_id).fetch_all(db.pool()).await?;
    Ok(rows.iter().map(position_from).collect::<Result<_, _>>()?)
}

/// Every open position of a bucket (the intraday close and margin jobs' work lists).
pub async fn open_positions(db: &Db, bucket: &str) -> Result<Vec<PositionRow>, StoreError> {
    let sql = format!(
        "select {POSITION_COLUMNS} from us_positions where bucket = $1 and quantity > 0 order by user_id, stock_id"
    );
    let rows = sqlx::query(&sql).bind(bucket).fetch_all(db.pool()).await?;
    Ok(rows.iter().map(position_from).collect::<Result<_, _>>()?)
}

/// Every open position of a stock (for corporate actions).
pub async fn holders_of(db: &Db, stock_id: &str) -> Result<Vec<PositionRow>, StoreError> {
    let sql = format!(
        "select {POSITION_COLUMNS} from us_positions where stock_id = $1 and quantity > 0 order by user_id, bucket"
    );
    let rows = sqlx::query(&sql).bind(stock_id).fetch_all(db.pool()).await?;
    Ok(rows.iter().map(position_from).collect::<Result<_, _>>()?)
}

/// An amend request as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AmendRow {
    /// Request id.
    pub id: String,
    /// The order.
    pub order_id: String,
    /// Owner.
    pub user_id: String,
    /// R4.03 state.
    pub exchange_state: String,
    /// New quantity units.
    pub quantity: Option<i64>,
    /// New limit price units.
    pub limit_price: Option<i64>,
    /// New stop price units.
    pub stop_price: Option<i64>,
    /// Why it was rejected.
    pub reason: Option<String>,
    /// Unix ms.
    pub created_at_ms: i64,
    /// Unix ms.
    pub updated_at_ms: i64,
}

const AMEND_COLUMNS: &str =
    "id, order_id, user_id, exchange_state, quantity, limit_price, stop_price, reason, created_at_ms, updated_at_ms";

fn amend_from(row: &AnyRow) -> Result<AmendRow, sqlx::Error> {
    Ok(AmendRow {
        id: row.try_get("id")?,
        order_id: row.try_get("order_id")?,
        user_id: row.try_get("user_id")?,
        exchange_state: row.try_get("exchange_state")?,
        quantity: row.try_get("quantity")?,
        limit_price: row.try_get("limit_price")?,
        stop_price: row.try_get("stop_price")?,
        reason: row.try_get("reason")?,
        created_at_ms: row.try_get("created_at_ms")?,
        updated_at_ms: row.try_get("updated_at_ms")?,
    })
}

/// Inserts or updates an amend request.
pub async fn save_amend(tx: &mut Tx, a: &AmendRow) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into us_amend_requests (id, order_id, user_id, exchange_state, quantity, limit_price, stop_price, \
         reason, created_at_ms, updated_at_ms) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
         on conflict (id) do update set exchange_state = excluded.exchange_state, reason = excluded.reason, \
         updated_at_ms = excluded.updated_at_ms",
    )
    .bind(&a.id)
    .bind(&a.order_id)
    .bind(&a.user_id)
    .bind(&a.exchange_state)
    .bind(a.quantity)
    .bind(a.limit_price)
    .bind(a.stop_price)
    .bind(&a.reason)
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
    let rows = sqlx::query(&sql).fetch_all(db.pool()).await?;
    Ok(rows.iter().map(amend_from).collect::<Result<_, _>>()?)
}

/// The newest amend request of an order.
pub async fn latest_amend(db: &Db, order_id: &str) -> Result<Option<AmendRow>, StoreError> {
    let sql = format!("select {AMEND_COLUMNS} from us_amend_requests where order_id = $1 order by created_at_ms desc, id desc limit 1");
    let row = sqlx::query(&sql).bind(order_id).fetch_optional(db.pool()).await?;
    Ok(row.as_ref().map(amend_from).transpose()?)
}

/// One amend request inside a transaction.
pub async fn amend_tx(tx: &mut Tx, id: &str) -> Result<Option<AmendRow>, sqlx::Error> {
    let sql = format!("select {AMEND_COLUMNS} from us_amend_requests where id = $1");
    sqlx::query(&sql).bind(id).fetch_optional(&mut **tx).await?.as_ref().map(amend_from).transpose()
}
