//! The `crypto_orders` and `crypto_trades` tables: one query text for SQLite and PostgreSQL.

use domain::orders::{CryptoCancelReason, OrderKind, OrderStatus, ProtectiveKind, Side};
use sqlx::{Any, Transaction};
use store::write_set::{Part, WriteSet};
use store::{Db, StoreError};

/// An order as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct OrderRow {
    /// Engine id.
    pub id: i64,
    /// Owner.
    pub user_id: String,
    /// Pair.
    pub symbol: String,
    /// Buy or sell.
    #[sqlx(try_from = "String")]
    pub side: Side,
    /// `MARKET`, `LIMIT`, `STOP`, `STOP_LIMIT` or `TRAILING_STOP`.
    #[sqlx(try_from = "String")]
    pub order_type: OrderKind,
    /// `QUANTITY` or `AMOUNT`.
    pub input_type: String,
    /// The other OCO leg.
    pub oco_sibling: Option<i64>,
    /// `TAKE_PROFIT` or `STOP_LOSS`.
    #[sqlx(try_from = "store::OptionalText")]
    pub oco_leg: Option<ProtectiveKind>,
    /// Price units.
    pub limit_price: Option<i64>,
    /// Price units.
    pub stop_price: Option<i64>,
    /// Quantity units; `None` for a buy by amount.
    pub quantity: Option<i64>,
    /// Sen a buy by amount may spend.
    pub amount: Option<i64>,
    /// The limit price the engine got (a market buy by quantity becomes an IOC limit).
    pub engine_price: Option<i64>,
    /// Quantity the engine got.
    pub engine_quantity: Option<i64>,
    /// Filled quantity units.
    pub filled_quantity: i64,
    /// Filled value in sen.
    pub filled_value: i64,
    /// Fees charged, sen.
    pub fee: i64,
    /// Tax charged, sen.
    pub tax: i64,
    /// Open ledger hold.
    pub hold_id: Option<String>,
    /// What the hold covers for the whole order.
    pub hold_total: i64,
    /// Open ledger hold on the voucher account (a buy spends voucher credit before cash).
    pub voucher_hold_id: Option<String>,
    /// Sen of the fills paid from the voucher account.
    pub voucher_paid: i64,
    /// A trailing stop's distance, price units.
    pub trail_amount: Option<i64>,
    /// A trailing stop's distance, percent.
    pub trail_percent: Option<String>,
    /// The highest bid a trailing stop has seen, price units.
    pub trail_watermark: Option<i64>,
    /// Not stored: voucher sen captured in the running command and not yet spent by its fills.
    #[sqlx(skip)]
    pub voucher_budget: i64,
    /// R4.01 status.
    #[sqlx(try_from = "String")]
    pub status: OrderStatus,
    /// Resting or waiting for a trigger.
    #[sqlx(try_from = "store::Flag")]
    pub is_open: bool,
    /// A stop that triggered.
    #[sqlx(try_from = "store::Flag")]
    pub triggered: bool,
    /// Time priority.
    pub seq: i64,
    /// Why it closed without filling completely.
    #[sqlx(try_from = "store::OptionalText")]
    pub cancel_reason: Option<CryptoCancelReason>,
    /// The caller's request id.
    pub request_id: Option<String>,
    /// Unix ms.
    pub created_at_ms: i64,
    /// Unix ms.
    pub updated_at_ms: i64,
}

const COLUMNS: &str = "id, user_id, symbol, side, order_type, input_type, oco_sibling, oco_leg, limit_price, \
    stop_price, quantity, amount, engine_price, engine_quantity, filled_quantity, filled_value, fee, tax, hold_id, \
    hold_total, status, is_open, triggered, seq, cancel_reason, request_id, created_at_ms, updated_at_ms, \
    voucher_hold_id, voucher_paid, trail_amount, trail_percent, trail_watermark";

/// Inserts a new order.
pub async fn insert(tx: &mut Transaction<'static, Any>, o: &OrderRow) -> Result<(), StoreError> {
    insert_all(tx, std::slice::from_ref(o)).await
}

/// Most orders one insert statement carries (33 values each, well within both databases' limits).
const INSERT_CHUNK: usize = 128;

/// Inserts new orders, up to [`INSERT_CHUNK`] a statement (a batch's new orders go together, issue 12).
pub async fn insert_all(tx: &mut Transaction<'static, Any>, rows: &[OrderRow]) -> Result<(), StoreError> {
    let mut set = WriteSet::default();
    set.extend(order_parts(rows));
    set.run(tx).await
}

/// The statements inserting `rows`, for a transaction's [`WriteSet`].
pub fn order_parts(rows: &[OrderRow]) -> Vec<Part<'_>> {
    rows.chunks(INSERT_CHUNK)
        .map(|chunk| {
            let sql =
                format!("insert into crypto_orders ({COLUMNS}) values {}", store::placeholders::rows(chunk.len(), 33));
            chunk.iter().fold(Part::new(sql), |part, o| {
                part.bind(o.id)
                    .bind(&o.user_id)
                    .bind(&o.symbol)
                    .bind(o.side.as_str())
                    .bind(o.order_type.as_str())
                    .bind(&o.input_type)
                    .bind(o.oco_sibling)
                    .bind(o.oco_leg.map(ProtectiveKind::as_str))
                    .bind(o.limit_price)
                    .bind(o.stop_price)
                    .bind(o.quantity)
                    .bind(o.amount)
                    .bind(o.engine_price)
                    .bind(o.engine_quantity)
                    .bind(o.filled_quantity)
                    .bind(o.filled_value)
                    .bind(o.fee)
                    .bind(o.tax)
                    .bind(o.hold_id.as_deref())
                    .bind(o.hold_total)
                    .bind(o.status.as_str())
                    .bind(i64::from(o.is_open))
                    .bind(i64::from(o.triggered))
                    .bind(o.seq)
                    .bind(o.cancel_reason.map(CryptoCancelReason::as_str))
                    .bind(o.request_id.as_deref())
                    .bind(o.created_at_ms)
                    .bind(o.updated_at_ms)
                    .bind(o.voucher_hold_id.as_deref())
                    .bind(o.voucher_paid)
                    .bind(o.trail_amount)
                    .bind(o.trail_percent.as_deref())
                    .bind(o.trail_watermark)
            })
        })
        .collect()
}

/// Writes every mutable field of an order back, stamping the row updated at `now_ms`.
pub async fn save(tx: &mut Transaction<'static, Any>, o: &mut OrderRow, now_ms: i64) -> Result<(), sqlx::Error> {
    o.updated_at_ms = now_ms;
    sqlx::query(
        "update crypto_orders set limit_price = $1, stop_price = $2, quantity = $3, engine_price = $4, \
         engine_quantity = $5, filled_quantity = $6, filled_value = $7, fee = $8, tax = $9, hold_id = $10, \
         hold_total = $11, status = $12, is_open = $13, triggered = $14, seq = $15, cancel_reason = $16, \
         oco_sibling = $17, updated_at_ms = $18, voucher_hold_id = $19, voucher_paid = $20, \
         trail_watermark = $22 where id = $21",
    )
    .bind(o.limit_price)
    .bind(o.stop_price)
    .bind(o.quantity)
    .bind(o.engine_price)
    .bind(o.engine_quantity)
    .bind(o.filled_quantity)
    .bind(o.filled_value)
    .bind(o.fee)
    .bind(o.tax)
    .bind(o.hold_id.clone())
    .bind(o.hold_total)
    .bind(o.status.as_str())
    .bind(i64::from(o.is_open))
    .bind(i64::from(o.triggered))
    .bind(o.seq)
    .bind(o.cancel_reason.map(CryptoCancelReason::as_str))
    .bind(o.oco_sibling)
    .bind(o.updated_at_ms)
    .bind(o.voucher_hold_id.clone())
    .bind(o.voucher_paid)
    .bind(o.id)
    .bind(o.trail_watermark)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// One order inside a transaction.
pub async fn get_tx(tx: &mut Transaction<'static, Any>, id: i64) -> Result<Option<OrderRow>, sqlx::Error> {
    sqlx::query_as::<_, OrderRow>(&format!("select {COLUMNS} from crypto_orders where id = $1"))
        .bind(id)
        .fetch_optional(&mut **tx)
        .await
}

/// One order of a user.
pub async fn get_for_user(db: &Db, user_id: &str, id: i64) -> Result<Option<OrderRow>, StoreError> {
    Ok(sqlx::query_as::<_, OrderRow>(&format!("select {COLUMNS} from crypto_orders where id = $1 and user_id = $2"))
        .bind(id)
        .bind(user_id)
        .fetch_optional(db.pool())
        .await?)
}

/// One order of a user, read inside a transaction (a batch sees its own earlier commands).
pub async fn get_for_user_tx(
    tx: &mut Transaction<'static, Any>,
    user_id: &str,
    id: i64,
) -> Result<Option<OrderRow>, sqlx::Error> {
    sqlx::query_as::<_, OrderRow>(&format!("select {COLUMNS} from crypto_orders where id = $1 and user_id = $2"))
        .bind(id)
        .bind(user_id)
        .fetch_optional(&mut **tx)
        .await
}

/// The pair's trailing stops still waiting for their trigger.
pub async fn waiting_trailing_stops(db: &Db, symbol: &str) -> Result<Vec<OrderRow>, StoreError> {
    let sql = format!(
        "select {COLUMNS} from crypto_orders where symbol = $1 and is_open = 1 and triggered = 0 \
         and order_type = 'TRAILING_STOP' order by id"
    );
    Ok(sqlx::query_as::<_, OrderRow>(&sql).bind(symbol).fetch_all(db.pool()).await?)
}

/// The order a user placed with this request id, if any.
pub async fn by_request(db: &Db, user_id: &str, request_id: &str) -> Result<Option<OrderRow>, StoreError> {
    Ok(sqlx::query_as::<_, OrderRow>(&format!(
        "select {COLUMNS} from crypto_orders where user_id = $1 and request_id = $2"
    ))
    .bind(user_id)
    .bind(request_id)
    .fetch_optional(db.pool())
    .await?)
}

/// The order a user placed with this request id, read inside a transaction.
pub async fn by_request_tx(
    tx: &mut Transaction<'static, Any>,
    user_id: &str,
    request_id: &str,
) -> Result<Option<OrderRow>, sqlx::Error> {
    sqlx::query_as::<_, OrderRow>(&format!(
        "select {COLUMNS} from crypto_orders where user_id = $1 and request_id = $2"
    ))
    .bind(user_id)
    .bind(request_id)
    .fetch_optional(&mut **tx)
    .await
}

/// Open orders of a pair in time priority, read inside a transaction.
pub async fn open_of_symbol_tx(tx: &mut Transaction<'static, Any>, symbol: &str) -> Result<Vec<OrderRow>, sqlx::Error> {
    sqlx::query_as::<_, OrderRow>(&open_of_symbol_sql()).bind(symbol).fetch_all(&mut **tx).await
}

/// Open orders of a pair in time priority: what its book is rebuilt from.
pub async fn open_of_symbol(db: &Db, symbol: &str) -> Result<Vec<OrderRow>, StoreError> {
    Ok(sqlx::query_as::<_, OrderRow>(&open_of_symbol_sql()).bind(symbol).fetch_all(db.pool()).await?)
}

fn open_of_symbol_sql() -> String {
    format!("select {COLUMNS} from crypto_orders where symbol = $1 and is_open = 1 order by seq")
}

/// The highest order id ever used (ids are handed out from above it).
pub async fn max_id(db: &Db) -> Result<i64, StoreError> {
    Ok(sqlx::query_scalar("select coalesce(max(id), 0) from crypto_orders").fetch_one(db.pool()).await?)
}

/// A page of a user's open (`true`) or closed orders, newest first, and the total.
pub async fn page(
    db: &Db,
    user_id: &str,
    open: bool,
    page: i64,
    size: i64,
) -> Result<(Vec<OrderRow>, i64), StoreError> {
    let rows = sqlx::query_as::<_, OrderRow>(&format!(
        "select {COLUMNS} from crypto_orders where user_id = $1 and is_open = $2 order by id desc limit $3 offset $4"
    ))
    .bind(user_id)
    .bind(i64::from(open))
    .bind(size)
    .bind((page - 1) * size)
    .fetch_all(db.pool())
    .await?;
    let total = sqlx::query_scalar("select count(*) from crypto_orders where user_id = $1 and is_open = $2")
        .bind(user_id)
        .bind(i64::from(open))
        .fetch_one(db.pool())
        .await?;
    Ok((rows, total))
}

/// A user side of one fill.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TradeRow {
    /// The order.
    pub order_id: i64,
    /// Its owner.
    pub user_id: String,
    /// Pair.
    pub symbol: String,
    /// Buy or sell.
    #[sqlx(try_from = "String")]
    pub side: Side,
    /// Price units.
    pub price: i64,
    /// Quantity units.
    pub quantity: i64,
    /// Sen.
    pub value: i64,
    /// Sen.
    pub fee: i64,
    /// Sen.
    pub tax: i64,
    /// Rested in the book.
    #[sqlx(try_from = "store::Flag")]
    pub maker: bool,
}

/// The statement inserting `trades` (each with when it happened), for a transaction's
/// [`WriteSet`]; none when there are none.
pub fn trades_part(trades: &[(TradeRow, i64)]) -> Option<Part<'_>> {
    if trades.is_empty() {
        return None;
    }
    let sql = format!(
        "insert into crypto_trades (order_id, user_id, symbol, side, price, quantity, value, fee, tax, maker, \
         created_at_ms) values {}",
        store::placeholders::rows(trades.len(), 11)
    );
    Some(trades.iter().fold(Part::new(sql), |part, (t, at_ms)| {
        part.bind(t.order_id)
            .bind(&t.user_id)
            .bind(&t.symbol)
            .bind(t.side.as_str())
            .bind(t.price)
            .bind(t.quantity)
            .bind(t.value)
            .bind(t.fee)
            .bind(t.tax)
            .bind(i64::from(t.maker))
            .bind(*at_ms)
    }))
}

/// A user's trades in time order (for the portfolio's average cost and realised profit).
pub async fn trades_of_user(db: &Db, user_id: &str) -> Result<Vec<TradeRow>, StoreError> {
    Ok(sqlx::query_as(
        "select order_id, user_id, symbol, side, price, quantity, value, fee, tax, maker from crypto_trades \
         where user_id = $1 order by id",
    )
    .bind(user_id)
    .fetch_all(db.pool())
    .await?)
}

impl OrderRow {
    /// A new, pending, open order with nothing filled, placed at `now`.
    pub fn new(
        id: i64,
        user_id: &str,
        symbol: &str,
        side: Side,
        order_type: OrderKind,
        input_type: &str,
        now: i64,
    ) -> Self {
        Self {
            id,
            user_id: user_id.to_owned(),
            symbol: symbol.to_owned(),
            side,
            order_type,
            input_type: input_type.to_owned(),
            oco_sibling: None,
            oco_leg: None,
            limit_price: None,
            stop_price: None,
            quantity: None,
            amount: None,
            engine_price: None,
            engine_quantity: None,
            filled_quantity: 0,
            filled_value: 0,
            fee: 0,
            tax: 0,
            hold_id: None,
            hold_total: 0,
            trail_amount: None,
            trail_percent: None,
            trail_watermark: None,
            voucher_hold_id: None,
            voucher_paid: 0,
            voucher_budget: 0,
            status: OrderStatus::Pending,
            is_open: true,
            triggered: false,
            seq: 0,
            cancel_reason: None,
            request_id: None,
            created_at_ms: now,
            updated_at_ms: now,
        }
    }
}
