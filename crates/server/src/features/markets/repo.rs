//! The `market_instruments` and `market_halts` tables: one query text for SQLite and PostgreSQL.

use domain::trading_flags::{BottomBannerMessage, TradingFlags, TradingHaltReason};
use market::AssetClass;
use store::{Db, StoreError};

use super::flags::is_halted;
use super::info::{class_from_text, class_text, SeedRow};

/// A catalogue row as stored.
#[derive(Debug, Clone)]
pub struct StoredAsset {
    /// Unique symbol.
    pub symbol: String,
    /// Class.
    pub class: AssetClass,
    /// Stable id within the class.
    pub asset_id: u32,
    /// Display name.
    pub name: String,
    /// The R3.13 record.
    pub info: serde_json::Value,
    /// The trading flags.
    pub flags: TradingFlags,
}

/// A halt window in Unix ms; `to_ms` is `None` while in force.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct HaltRow {
    /// Start.
    pub from_ms: i64,
    /// End, when resumed.
    pub to_ms: Option<i64>,
}

/// Inserts every seed row that is not there yet; returns how many were new. Existing rows, and the
/// flags an operator set on them, are left alone, so seeding on every start is safe.
pub async fn seed(db: &Db, rows: &[SeedRow], now_ms: i64) -> Result<u64, StoreError> {
    let mut tx = db.begin_write().await?;
    let mut inserted = 0;
    for row in rows {
        let done = sqlx::query(
            "insert into market_instruments (symbol, class, asset_id, name, info, updated_at_ms) \
             values ($1, $2, $3, $4, $5, $6) on conflict do nothing",
        )
        .bind(&row.symbol)
        .bind(class_text(row.class))
        .bind(i64::from(row.asset_id))
        .bind(&row.name)
        .bind(row.info.to_string())
        .bind(now_ms)
        .execute(&mut *tx.tx)
        .await?;
        inserted += done.rows_affected();
    }
    tx.commit().await?;
    Ok(inserted)
}

const FLAG_COLUMNS: &str = "symbol, enable_buy, enable_sell, enable_buy_for_pro_mode, enable_sell_for_pro_mode, \
                            halt_title, halt_description, banner_title, banner_message";

/// An instrument's flag columns as stored: the switches are 0/1, a reason or banner is there only
/// when both its texts are.
#[derive(sqlx::FromRow)]
struct FlagsRow {
    symbol: String,
    enable_buy: i64,
    enable_sell: i64,
    enable_buy_for_pro_mode: i64,
    enable_sell_for_pro_mode: i64,
    halt_title: Option<String>,
    halt_description: Option<String>,
    banner_title: Option<String>,
    banner_message: Option<String>,
}

impl FlagsRow {
    /// The symbol and its flags.
    fn into_flags(self) -> (String, TradingFlags) {
        let reason = match (self.halt_title, self.halt_description) {
            (Some(title), Some(description)) => Some(TradingHaltReason { title, description }),
            _ => None,
        };
        let banner = match (self.banner_title, self.banner_message) {
            (Some(title), Some(message)) => Some(BottomBannerMessage { title, message }),
            _ => None,
        };
        let flags = TradingFlags {
            enable_buy: self.enable_buy != 0,
            enable_sell: self.enable_sell != 0,
            enable_buy_for_pro_mode: self.enable_buy_for_pro_mode != 0,
            enable_sell_for_pro_mode: self.enable_sell_for_pro_mode != 0,
            trading_halt_reason: reason,
            bottom_banner_message: banner,
        };
        (self.symbol, flags)
    }
}

/// A catalogue row as stored: its flags, class text and the info JSON text.
#[derive(sqlx::FromRow)]
struct InstrumentRow {
    #[sqlx(flatten)]
    flags: FlagsRow,
    class: String,
    asset_id: i64,
    name: String,
    info: String,
}

/// A halt window with its symbol.
#[derive(sqlx::FromRow)]
struct SymbolHaltRow {
    symbol: String,
    #[sqlx(flatten)]
    window: HaltRow,
}

/// Every stored instrument in symbol order.
pub async fn load(db: &Db) -> Result<Vec<StoredAsset>, StoreError> {
    let rows: Vec<InstrumentRow> = sqlx::query_as(&format!(
        "select {FLAG_COLUMNS}, class, asset_id, name, info from market_instruments order by symbol"
    ))
    .fetch_all(db.pool())
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        // A class this build does not know (added by a newer node) is skipped, not fatal.
        let Some(class) = class_from_text(&row.class) else { continue };
        let (symbol, flags) = row.flags.into_flags();
        out.push(StoredAsset {
            symbol,
            class,
            asset_id: u32::try_from(row.asset_id).unwrap_or(0),
            name: row.name,
            info: serde_json::from_str(&row.info).unwrap_or_default(),
            flags,
        });
    }
    Ok(out)
}

/// The flags of every instrument (the cheap periodic refresh).
pub async fn load_flags(db: &Db) -> Result<Vec<(String, TradingFlags)>, StoreError> {
    let rows: Vec<FlagsRow> =
        sqlx::query_as(&format!("select {FLAG_COLUMNS} from market_instruments")).fetch_all(db.pool()).await?;
    Ok(rows.into_iter().map(FlagsRow::into_flags).collect())
}

/// Every halt window, oldest first per symbol.
pub async fn load_halts(db: &Db) -> Result<Vec<(String, HaltRow)>, StoreError> {
    let rows: Vec<SymbolHaltRow> =
        sqlx::query_as("select symbol, from_ms, to_ms from market_halts order by symbol, from_ms")
            .fetch_all(db.pool())
            .await?;
    Ok(rows.into_iter().map(|row| (row.symbol, row.window)).collect())
}

/// What a flags update did to the asset's halt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HaltChange {
    /// Halted now.
    Started,
    /// Resumed now.
    Ended,
    /// No change.
    None,
}

/// Stores new flags and opens or closes the halt window in the same transaction. `None` when the
/// symbol is not in the catalogue.
pub async fn update_flags(
    db: &Db,
    symbol: &str,
    flags: &TradingFlags,
    now_ms: i64,
) -> Result<Option<HaltChange>, StoreError> {
    let mut tx = db.begin_write().await?;
    let open: Option<i64> = sqlx::query_scalar("select id from market_halts where symbol = $1 and to_ms is null")
        .bind(symbol)
        .fetch_optional(&mut *tx.tx)
        .await?;
    let updated = sqlx::query(
        "update market_instruments set enable_buy = $2, enable_sell = $3, enable_buy_for_pro_mode = $4, \
         enable_sell_for_pro_mode = $5, halt_title = $6, halt_description = $7, banner_title = $8, \
         banner_message = $9, updated_at_ms = $10 where symbol = $1",
    )
    .bind(symbol)
    .bind(i64::from(flags.enable_buy))
    .bind(i64::from(flags.enable_sell))
    .bind(i64::from(flags.enable_buy_for_pro_mode))
    .bind(i64::from(flags.enable_sell_for_pro_mode))
    .bind(flags.trading_halt_reason.as_ref().map(|r| r.title.clone()))
    .bind(flags.trading_halt_reason.as_ref().map(|r| r.description.clone()))
    .bind(flags.bottom_banner_message.as_ref().map(|b| b.title.clone()))
    .bind(flags.bottom_banner_message.as_ref().map(|b| b.message.clone()))
    .bind(now_ms)
    .execute(&mut *tx.tx)
    .await?;
    if updated.rows_affected() == 0 {
        return Ok(None);
    }
    let change = match (is_halted(flags), open) {
        (true, None) => {
            sqlx::query("insert into market_halts (symbol, from_ms) values ($1, $2)")
                .bind(symbol)
                .bind(now_ms)
                .execute(&mut *tx.tx)
                .await?;
            HaltChange::Started
        }
        (false, Some(id)) => {
            sqlx::query("update market_halts set to_ms = $2 where id = $1")
                .bind(id)
                .bind(now_ms)
                .execute(&mut *tx.tx)
                .await?;
            HaltChange::Ended
        }
        _ => HaltChange::None,
    };
    tx.commit().await?;
    Ok(Some(change))
}
