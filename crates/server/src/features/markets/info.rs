//! Symbol info per class in the shapes of R3.13, built from the catalogue seed and stored as JSON
//! in `market_instruments.info`; responses add the asset's trading flags (R3.05) beside them.

use std::collections::BTreeMap;

use market::catalogue::{Catalogue, FundKind, UsListingKind};
use market::AssetClass;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::flags::AssetFlags;

/// Crypto pair info (R3.13).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CryptoInfo {
    /// Asset id.
    pub id: u32,
    /// Base asset, e.g. `BTC`.
    pub short_name: String,
    /// Pair symbol, e.g. `BTC-IDR`.
    pub symbol: String,
    /// Name.
    pub name: String,
    /// Icon id.
    pub icon: String,
    /// Whether pro mode may trade it (R6.02).
    pub enable_pro_mode: bool,
    /// Where liquidity comes from.
    pub liquidity_source: String,
    /// The pair's symbol on outside exchanges.
    pub exchange_symbols: BTreeMap<String, String>,
    /// Decimal places of the IDR price.
    pub price_precision: u32,
    /// Decimal places of the quantity.
    pub quantity_precision: u32,
}

/// US stock or ETF info (R3.13).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UsStockInfo {
    /// Asset id (`stockId`).
    pub id: u32,
    /// Ticker.
    pub cc: String,
    /// Name.
    pub na: String,
    /// Logo id.
    pub ai: String,
    /// Post-market trading supported.
    pub ipme: bool,
    /// Options enabled.
    pub ioa: bool,
    /// 2x leverage offered.
    pub leverage2x: bool,
    /// 4x (intraday) leverage offered.
    pub leverage4x: bool,
    /// Intraday leverage offered.
    pub intraday_leverage: bool,
    /// `STOCK` or `ETF`.
    pub kind: String,
}

/// Perpetual info (R3.13).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PerpInfo {
    /// Asset id.
    pub id: u32,
    /// Pair symbol, e.g. `BTCUSDT`.
    pub fps: String,
    /// Name.
    pub n: String,
    /// Icon id.
    pub i: String,
    /// Decimal places of the USDT price.
    pub pp: u32,
    /// Trade-page symbol, e.g. `BTCUSDT-PERP`.
    pub symbol: String,
    /// Decimal places of the quantity.
    pub quantity_precision: u32,
    /// Highest leverage offered.
    pub max_leverage: u32,
}

/// Indonesian stock info (R3.13).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IdssInfo {
    /// Asset id.
    pub id: u32,
    /// IDX code, e.g. `BBCA`.
    pub code: String,
    /// Name.
    pub name: String,
    /// Icon id.
    pub icon: String,
    /// Platform symbol, code plus `-IDSS`.
    pub symbol: String,
    /// Shares per lot.
    pub lot_size: u32,
}

/// Info of the other classes: US indices, gold, mutual funds, FX rates.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OtherInfo {
    /// Asset id.
    pub id: u32,
    /// Symbol.
    pub symbol: String,
    /// Name.
    pub name: String,
    /// Investment manager (funds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub manager: Option<String>,
    /// Fund strategy (funds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
}

/// Any class's info with the trading flags beside it (the response of the symbol-info calls).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SymbolInfo {
    /// Asset class: CRYPTO, PERP, US_STOCK, US_INDEX, IDSS, GOLD, MUTUAL_FUND, FX.
    #[schema(value_type = String)]
    pub asset_class: AssetClass,
    /// The class's R3.13 fields (CryptoInfo, UsStockInfo, PerpInfo, IdssInfo or OtherInfo).
    #[serde(flatten)]
    #[schema(value_type = Object)]
    pub info: serde_json::Value,
    /// The trading flags (R3.05).
    #[serde(flatten)]
    pub flags: AssetFlags,
}

/// One catalogue row to seed.
#[derive(Debug, Clone)]
pub struct SeedRow {
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
}

fn json(value: impl Serialize) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or_default()
}

/// Every instrument of the catalogue as a row to seed.
#[expect(clippy::too_many_lines, reason = "one arm per asset class; to become one small mapping per class")]
pub fn seed_rows(cat: &Catalogue) -> Vec<SeedRow> {
    let mut rows = Vec::with_capacity(300);
    let mut push = |symbol: &str, class, asset_id, name: &str, info| {
        rows.push(SeedRow { symbol: symbol.to_owned(), class, asset_id, name: name.to_owned(), info });
    };
    for c in &cat.crypto {
        let info = CryptoInfo {
            id: c.id,
            short_name: c.short_name.clone(),
            symbol: c.symbol.clone(),
            name: c.name.clone(),
            icon: c.icon.clone(),
            enable_pro_mode: c.enable_pro_mode,
            liquidity_source: c.liquidity_source.clone(),
            exchange_symbols: c.exchange_symbols.clone(),
            price_precision: c.price_precision,
            quantity_precision: c.quantity_precision,
        };
        push(&c.symbol, AssetClass::Crypto, c.id, &c.name, json(info));
    }
    for p in &cat.perps {
        let info = PerpInfo {
            id: p.id,
            fps: p.fps.clone(),
            n: p.n.clone(),
            i: p.i.clone(),
            pp: p.pp,
            symbol: p.symbol.clone(),
            quantity_precision: p.quantity_precision,
            max_leverage: p.max_leverage,
        };
        push(&p.symbol, AssetClass::Perp, p.id, &p.n, json(info));
    }
    for s in &cat.us_stocks {
        let info = UsStockInfo {
            id: s.id,
            cc: s.cc.clone(),
            na: s.na.clone(),
            ai: s.ai.clone(),
            ipme: s.ipme,
            ioa: s.ioa,
            leverage2x: s.leverage2x,
            leverage4x: s.leverage4x,
            intraday_leverage: s.intraday_leverage,
            kind: match s.kind {
                UsListingKind::Stock => "STOCK".into(),
                UsListingKind::Etf => "ETF".into(),
            },
        };
        push(&s.cc, AssetClass::UsStock, s.id, &s.na, json(info));
    }
    for i in &cat.us_indices {
        let info = OtherInfo { id: i.id, symbol: i.symbol.clone(), name: i.name.clone(), manager: None, kind: None };
        push(&i.symbol, AssetClass::UsIndex, i.id, &i.name, json(info));
    }
    for s in &cat.idss {
        let info = IdssInfo {
            id: s.id,
            code: s.code.clone(),
            name: s.name.clone(),
            icon: s.icon.clone(),
            symbol: s.symbol.clone(),
            lot_size: s.lot_size,
        };
        push(&s.symbol, AssetClass::Idss, s.id, &s.name, json(info));
    }
    let g = &cat.gold;
    let gold = OtherInfo { id: 1, symbol: g.symbol.clone(), name: g.name.clone(), manager: None, kind: None };
    push(&g.symbol, AssetClass::Gold, 1, &g.name, json(gold));
    for f in &cat.mutual_funds {
        let kind = match f.kind {
            FundKind::MoneyMarket => "MONEY_MARKET",
            FundKind::FixedIncome => "FIXED_INCOME",
            FundKind::Balanced => "BALANCED",
            FundKind::Equity => "EQUITY",
        };
        let info = OtherInfo {
            id: f.id,
            symbol: f.code.clone(),
            name: f.name.clone(),
            manager: Some(f.manager.clone()),
            kind: Some(kind.into()),
        };
        push(&f.code, AssetClass::MutualFund, f.id, &f.name, json(info));
    }
    for (n, f) in cat.fx.iter().enumerate() {
        // FX rates carry no id in the seed; their position is stable because the seed is.
        let id = u32::try_from(n + 1).unwrap_or(u32::MAX);
        let info = OtherInfo { id, symbol: f.symbol.clone(), name: f.name.clone(), manager: None, kind: None };
        push(&f.symbol, AssetClass::Fx, id, &f.name, json(info));
    }
    rows
}

/// The class names [`parse_class`] knows, in lower case, as the OpenAPI document states them.
pub const CLASS_PATTERN: &str = "^(crypto|perps?|usstock|usindex|idss|gold|mutualfund|fx)$";

/// The class as written in URLs and queries: `crypto`, `perp`, `usstock`, `usindex`, `idss`, `gold`,
/// `mutualfund`, `fx`; the R4.11 asset types (`CRYPTO`, `PERPS`, `USSTOCK`, `IDSS`) are accepted too.
pub fn parse_class(text: &str) -> Option<AssetClass> {
    let lower = text.trim().to_ascii_lowercase().replace(['_', '-'], "");
    Some(match lower.as_str() {
        "crypto" => AssetClass::Crypto,
        "perp" | "perps" => AssetClass::Perp,
        "usstock" => AssetClass::UsStock,
        "usindex" => AssetClass::UsIndex,
        "idss" => AssetClass::Idss,
        "gold" => AssetClass::Gold,
        "mutualfund" => AssetClass::MutualFund,
        "fx" => AssetClass::Fx,
        _ => return None,
    })
}

/// The class's database text (`US_STOCK`).
pub fn class_text(class: AssetClass) -> String {
    serde_json::to_value(class).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default()
}

/// Reads a class's database text.
pub fn class_from_text(text: &str) -> Option<AssetClass> {
    serde_json::from_value(serde_json::Value::String(text.to_owned())).ok()
}
