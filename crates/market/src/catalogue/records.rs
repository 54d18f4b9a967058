//! The catalogue's typed records, one per asset class, in the field names of SPEC.md (R3.13).

use std::collections::BTreeMap;

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// A crypto pair quoted in IDR (R3.13 crypto symbol info).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CryptoPair {
    /// Stable id.
    pub id: u32,
    /// Base asset, e.g. `BTC`.
    pub short_name: String,
    /// Pair symbol, e.g. `BTC-IDR`.
    pub symbol: String,
    /// Display name.
    pub name: String,
    /// Icon id (a path under the web app's asset base).
    pub icon: String,
    /// Decimal places of the IDR price.
    pub price_precision: u32,
    /// Decimal places of the quantity.
    pub quantity_precision: u32,
    /// Whether pro mode may trade it (R6.02).
    pub enable_pro_mode: bool,
    /// Where liquidity comes from (`lp-pool`: the six sandbox providers).
    pub liquidity_source: String,
    /// The pair's symbol on outside exchanges, by exchange.
    pub exchange_symbols: BTreeMap<String, String>,
    /// Reference price at the simulator's anchor date.
    pub reference_price: Decimal,
    /// Annualised volatility of log returns.
    pub annual_volatility: f64,
    /// The default crypto pair (BTC-IDR, R9.04).
    #[serde(default)]
    pub is_default: bool,
}

/// A USDT-margined perpetual future (R3.13 perp symbol info: id, fps, n, i, pp).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Perpetual {
    /// Stable id.
    pub id: u32,
    /// Pair symbol, e.g. `BTCUSDT`.
    pub fps: String,
    /// Trade-page symbol, e.g. `BTCUSDT-PERP`.
    pub symbol: String,
    /// Display name.
    pub n: String,
    /// Icon id.
    pub i: String,
    /// Decimal places of the USDT price.
    pub pp: u32,
    /// Decimal places of the contract quantity.
    pub quantity_precision: u32,
    /// Highest leverage offered.
    pub max_leverage: u32,
    /// The IDR pair whose simulated path this perp follows (so BTC-IDR and BTCUSDT-PERP agree).
    pub underlying: String,
    /// Base units per contract unit (1000 for `1000PEPEUSDT`).
    pub contract_multiplier: u32,
    /// Reference USDT price, derived at load from the underlying pair and USDT-IDR.
    #[serde(default)]
    pub reference_price: Decimal,
    /// The default perp (BTCUSDT-PERP, R9.04).
    #[serde(default)]
    pub is_default: bool,
}

/// Whether a US listing is a company share or an exchange-traded fund.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum UsListingKind {
    /// Company stock.
    Stock,
    /// Exchange-traded fund.
    Etf,
}

/// A US stock or ETF (R3.13 US stock symbol info: id, cc, na, ai, ipme, ioa).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UsStock {
    /// Stable id.
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
    /// 2x leveraged CFD variant offered.
    pub leverage2x: bool,
    /// 4x leveraged CFD variant offered.
    pub leverage4x: bool,
    /// Intraday-leveraged variant offered.
    pub intraday_leverage: bool,
    /// Stock or ETF.
    pub kind: UsListingKind,
    /// Reference USD price at the anchor date.
    pub reference_price: Decimal,
    /// Annualised volatility.
    pub annual_volatility: f64,
    /// The default US stock (AAPL, R9.04).
    #[serde(default)]
    pub is_default: bool,
}

/// A US index for /asset/usindex.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UsIndex {
    /// Stable id.
    pub id: u32,
    /// Symbol, e.g. `SPX`.
    pub symbol: String,
    /// Name.
    pub name: String,
    /// Reference level at the anchor date.
    pub reference_price: Decimal,
    /// Annualised volatility.
    pub annual_volatility: f64,
}

/// An Indonesian stock (R3.13 IDSS symbol info: id, code, name, icon).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IdssStock {
    /// Stable id.
    pub id: u32,
    /// IDX code, e.g. `BBCA`.
    pub code: String,
    /// Company name.
    pub name: String,
    /// Platform symbol: code plus `-IDSS` (R9.04).
    pub symbol: String,
    /// Icon id.
    pub icon: String,
    /// Reference IDR price at the anchor date, on the IDX tick grid.
    pub reference_price: Decimal,
    /// Annualised volatility.
    pub annual_volatility: f64,
    /// Shares per lot (100 on the IDX).
    pub lot_size: u32,
}

/// A mutual fund's strategy, which sets its simulated drift and volatility.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum FundKind {
    /// Pasar uang.
    MoneyMarket,
    /// Pendapatan tetap.
    FixedIncome,
    /// Campuran.
    Balanced,
    /// Saham.
    Equity,
}

/// An IDR mutual fund with one NAV per business day.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MutualFund {
    /// Stable id.
    pub id: u32,
    /// Short code used as the symbol.
    pub code: String,
    /// Fund name.
    pub name: String,
    /// Investment manager.
    pub manager: String,
    /// Strategy.
    pub kind: FundKind,
    /// NAV per unit at the anchor date (4 decimals).
    pub reference_nav: Decimal,
}

/// Gold in IDR per gram.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Gold {
    /// Symbol.
    pub symbol: String,
    /// Name.
    pub name: String,
    /// Unit of quantity.
    pub unit: String,
    /// Reference IDR per gram.
    pub reference_price: Decimal,
    /// Decimal places of the price.
    pub price_precision: u32,
    /// Decimal places of grams.
    pub quantity_precision: u32,
    /// Annualised volatility.
    pub annual_volatility: f64,
}

/// A foreign-exchange rate (USD-IDR).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FxRate {
    /// Symbol, e.g. `USD-IDR`.
    pub symbol: String,
    /// Name.
    pub name: String,
    /// Reference rate.
    pub reference_price: Decimal,
    /// Decimal places of the rate.
    pub price_precision: u32,
    /// Annualised volatility.
    pub annual_volatility: f64,
}

/// One of the six sandbox crypto liquidity providers (R4.11).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LiquidityProvider {
    /// Stable code, e.g. `lp-alpha`.
    pub code: String,
    /// Display name.
    pub name: String,
    /// Full bid-ask spread at the first level, in basis points of the reference price.
    pub spread_bps: u32,
    /// Depth levels quoted per side.
    pub levels: u32,
    /// Distance between levels, in basis points.
    pub level_step_bps: u32,
    /// IDR notional of the first level (grows away from mid).
    pub base_notional_idr: Decimal,
}

/// The non-list part of the catalogue file `other.json`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct OtherFile {
    pub gold: Gold,
    pub fx: Vec<FxRate>,
    pub liquidity_providers: Vec<LiquidityProvider>,
}
