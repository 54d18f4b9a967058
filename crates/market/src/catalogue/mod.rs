//! The instrument catalogue the server seeds into its database on first start.
//!
//! The seed lives in `data/*.json` (embedded at compile time, so the binary needs no files) and is
//! parsed into typed records by [`Catalogue::builtin`]. Reference prices are plausible levels for the
//! simulator's anchor date (see [`crate::sim::ANCHOR_DATE`]); the simulated price on that date equals
//! them, so "today" looks like the real market. [`Catalogue::instruments`] flattens every class into the
//! one [`Instrument`] shape the simulator, candles and quotes work with.

mod records;

use std::collections::HashSet;

use chrono::NaiveDate;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

pub use records::{
    CryptoPair, FundKind, FxRate, Gold, IdssStock, LiquidityProvider, MutualFund, Perpetual, UsIndex, UsListingKind,
    UsStock,
};

use crate::calendar::Venue;
use crate::error::MarketError;
use crate::tick::{to_units, TickRule};

/// The asset classes of R1.03 that have a price.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum AssetClass {
    /// Crypto pairs quoted in IDR.
    Crypto,
    /// USDT perpetual futures.
    Perp,
    /// US stocks and ETFs.
    UsStock,
    /// US indices.
    UsIndex,
    /// Indonesian stocks.
    Idss,
    /// Gold per gram in IDR.
    Gold,
    /// Mutual funds (NAV in IDR).
    MutualFund,
    /// Foreign exchange (USD-IDR).
    Fx,
}

impl AssetClass {
    /// Every class, in display order.
    pub const ALL: [AssetClass; 8] =
        [Self::Crypto, Self::Perp, Self::UsStock, Self::UsIndex, Self::Idss, Self::Gold, Self::MutualFund, Self::Fx];

    /// The R4.11 asset type text, for the classes that have one.
    pub fn asset_type(self) -> Option<&'static str> {
        match self {
            Self::Crypto => Some("CRYPTO"),
            Self::Perp => Some("PERPS"),
            Self::UsStock => Some("USSTOCK"),
            Self::Idss => Some("IDSS"),
            _ => None,
        }
    }
}

/// One priced instrument as the simulator sees it, whatever its class.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Instrument {
    /// Unique symbol (`BTC-IDR`, `BTCUSDT-PERP`, `AAPL`, `SPX`, `BBCA-IDSS`, `GOLD-IDR`, `SMMF`, `USD-IDR`).
    pub symbol: String,
    /// Display name.
    pub name: String,
    /// Asset class.
    pub class: AssetClass,
    /// Calendar it trades on.
    pub venue: Venue,
    /// Decimal places of prices.
    pub price_scale: u32,
    /// Price grid in units of `10^-price_scale`.
    pub tick: TickRule,
    /// Decimal places of quantities (and volumes).
    pub quantity_scale: u32,
    /// Price at the anchor date.
    pub reference_price: Decimal,
    /// Annualised volatility of log returns.
    pub annual_volatility: f64,
    /// Annualised drift of log prices (history trends up into today's level).
    pub annual_drift: f64,
    /// Typical traded notional per day in the quote currency (0: no volume, e.g. indices, NAVs).
    pub daily_notional: f64,
    /// Instruments with the same key share one random path (a perp follows its IDR pair).
    pub path_key: String,
    /// First venue date with history; the ALL range starts here.
    pub history_start: NaiveDate,
    /// Whether option chains are generated for it.
    pub options_enabled: bool,
}

impl Instrument {
    /// The reference price in integer units.
    pub fn reference_units(&self) -> i64 {
        to_units(self.reference_price, self.price_scale)
    }
}

/// The whole seed: typed records per class plus the liquidity providers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Catalogue {
    /// Crypto pairs in IDR.
    pub crypto: Vec<CryptoPair>,
    /// USDT perpetuals.
    pub perps: Vec<Perpetual>,
    /// US stocks and ETFs.
    pub us_stocks: Vec<UsStock>,
    /// US indices.
    pub us_indices: Vec<UsIndex>,
    /// Indonesian stocks.
    pub idss: Vec<IdssStock>,
    /// Mutual funds.
    pub mutual_funds: Vec<MutualFund>,
    /// Gold.
    pub gold: Gold,
    /// FX rates.
    pub fx: Vec<FxRate>,
    /// The six sandbox liquidity providers.
    pub liquidity_providers: Vec<LiquidityProvider>,
}

/// Minimum sizes the seed promises.
pub const MIN_CRYPTO: usize = 40;
/// Minimum number of perpetuals.
pub const MIN_PERPS: usize = 15;
/// Minimum number of US stocks and ETFs.
pub const MIN_US_STOCKS: usize = 100;
/// Minimum number of IDX stocks.
pub const MIN_IDSS: usize = 40;
/// Minimum number of mutual funds.
pub const MIN_MUTUAL_FUNDS: usize = 10;
/// The number of sandbox liquidity providers (R4.11).
pub const LIQUIDITY_PROVIDERS: usize = 6;

fn parse<T: serde::de::DeserializeOwned>(name: &str, text: &str) -> Result<T, MarketError> {
    serde_json::from_str(text).map_err(|e| MarketError::Catalogue(format!("{name}: {e}")))
}

fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).expect("valid constant date")
}

/// Fixed-point scale factor for `scale` decimals.
fn pow10(scale: u32) -> i64 {
    10_i64.pow(scale)
}

/// A deterministic multiplier in [0.25, 4) from a symbol, so liquidity differs between names.
fn liquidity_tier(symbol: &str) -> f64 {
    let h = symbol.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    0.25 * 16f64.powf((h >> 11) as f64 / (1u64 << 53) as f64)
}

impl Catalogue {
    /// Parses and validates the seed embedded from `data/*.json`.
    pub fn builtin() -> Result<Catalogue, MarketError> {
        let other: records::OtherFile = parse("other.json", include_str!("../../data/other.json"))?;
        let mut cat = Catalogue {
            crypto: parse("crypto.json", include_str!("../../data/crypto.json"))?,
            perps: parse("perps.json", include_str!("../../data/perps.json"))?,
            us_stocks: parse("us_stocks.json", include_str!("../../data/us_stocks.json"))?,
            us_indices: parse("us_indices.json", include_str!("../../data/us_indices.json"))?,
            idss: parse("idss.json", include_str!("../../data/idss.json"))?,
            mutual_funds: parse("mutual_funds.json", include_str!("../../data/mutual_funds.json"))?,
            gold: other.gold,
            fx: other.fx,
            liquidity_providers: other.liquidity_providers,
        };
        cat.derive_perp_prices()?;
        cat.validate()?;
        Ok(cat)
    }

    /// Sets each perp's USDT reference price from its IDR pair and USDT-IDR, so the two agree.
    fn derive_perp_prices(&mut self) -> Result<(), MarketError> {
        let usdt = self.usdt_idr()?;
        for perp in &mut self.perps {
            let pair = self
                .crypto
                .iter()
                .find(|c| c.symbol == perp.underlying)
                .ok_or_else(|| MarketError::Catalogue(format!("{}: unknown underlying", perp.symbol)))?;
            let price = pair.reference_price * Decimal::from(perp.contract_multiplier) / usdt;
            perp.reference_price = price.round_dp(perp.pp);
        }
        Ok(())
    }

    /// The USDT-IDR reference rate (the USDT-IDR crypto pair).
    pub fn usdt_idr(&self) -> Result<Decimal, MarketError> {
        self.crypto
            .iter()
            .find(|c| c.symbol == "USDT-IDR")
            .map(|c| c.reference_price)
            .ok_or_else(|| MarketError::Catalogue("USDT-IDR missing".into()))
    }

    /// The USD-IDR reference rate.
    pub fn usd_idr(&self) -> Result<Decimal, MarketError> {
        self.fx
            .iter()
            .find(|f| f.symbol == "USD-IDR")
            .map(|f| f.reference_price)
            .ok_or_else(|| MarketError::Catalogue("USD-IDR missing".into()))
    }

    /// Checks sizes, uniqueness, defaults and that every reference price sits on its grid.
    pub fn validate(&self) -> Result<(), MarketError> {
        let fail = |m: String| Err(MarketError::Catalogue(m));
        let sizes = [
            ("crypto", self.crypto.len(), MIN_CRYPTO),
            ("perps", self.perps.len(), MIN_PERPS),
            ("us stocks", self.us_stocks.len(), MIN_US_STOCKS),
            ("idss", self.idss.len(), MIN_IDSS),
            ("mutual funds", self.mutual_funds.len(), MIN_MUTUAL_FUNDS),
        ];
        for (what, len, min) in sizes {
            if len < min {
                return fail(format!("{what}: {len} entries, at least {min} expected"));
            }
        }
        if self.liquidity_providers.len() != LIQUIDITY_PROVIDERS {
            return fail(format!("{} liquidity providers, six expected", self.liquidity_providers.len()));
        }
        let defaults = [
            (
                "crypto",
                self.crypto.iter().filter(|c| c.is_default).map(|c| c.symbol.as_str()).collect::<Vec<_>>(),
                "BTC-IDR",
            ),
            ("perps", self.perps.iter().filter(|p| p.is_default).map(|p| p.symbol.as_str()).collect(), "BTCUSDT-PERP"),
            ("us stocks", self.us_stocks.iter().filter(|s| s.is_default).map(|s| s.cc.as_str()).collect(), "AAPL"),
        ];
        for (what, found, want) in defaults {
            if found != [want] {
                return fail(format!("{what}: default {found:?}, expected {want}"));
            }
        }
        for s in &self.idss {
            if s.symbol != format!("{}-IDSS", s.code) {
                return fail(format!("{}: IDSS symbol must be the code plus -IDSS", s.code));
            }
        }
        let mut seen = HashSet::new();
        for inst in self.instruments() {
            if !seen.insert(inst.symbol.clone()) {
                return fail(format!("{}: duplicate symbol", inst.symbol));
            }
            if !inst.tick.is_valid(inst.reference_units()) || inst.reference_price.scale() > inst.price_scale {
                return fail(format!("{}: reference price {} is off its grid", inst.symbol, inst.reference_price));
            }
            if !(0.0..3.0).contains(&inst.annual_volatility) {
                return fail(format!("{}: implausible volatility", inst.symbol));
            }
        }
        Ok(())
    }

    /// Every priced instrument in one shape, in a stable order.
    #[expect(clippy::too_many_lines, reason = "one arm per asset class; to become one small mapping per class")]
    pub fn instruments(&self) -> Vec<Instrument> {
        let mut out = Vec::with_capacity(256);
        for c in &self.crypto {
            let stable = c.annual_volatility < 0.05;
            let size =
                if matches!(c.short_name.as_str(), "BTC" | "ETH" | "USDT") { 6.0 } else { liquidity_tier(&c.symbol) };
            out.push(Instrument {
                symbol: c.symbol.clone(),
                name: c.name.clone(),
                class: AssetClass::Crypto,
                venue: Venue::Always,
                price_scale: c.price_precision,
                tick: TickRule::Fixed(1),
                quantity_scale: c.quantity_precision,
                reference_price: c.reference_price,
                annual_volatility: c.annual_volatility,
                annual_drift: if stable { 0.0 } else { 0.30 },
                daily_notional: 5e9 * size,
                path_key: c.short_name.clone(),
                history_start: date(2018, 1, 1),
                options_enabled: false,
            });
        }
        for p in &self.perps {
            let pair = self.crypto.iter().find(|c| c.symbol == p.underlying);
            let size = if p.is_default { 5.0 } else { liquidity_tier(&p.symbol) };
            out.push(Instrument {
                symbol: p.symbol.clone(),
                name: p.n.clone(),
                class: AssetClass::Perp,
                venue: Venue::Always,
                price_scale: p.pp,
                tick: TickRule::Fixed(1),
                quantity_scale: p.quantity_precision,
                reference_price: p.reference_price,
                annual_volatility: pair.map_or(0.8, |c| c.annual_volatility),
                annual_drift: 0.30,
                daily_notional: 2e8 * size,
                path_key: pair.map_or_else(|| p.symbol.clone(), |c| c.short_name.clone()),
                history_start: date(2020, 1, 1),
                options_enabled: false,
            });
        }
        for s in &self.us_stocks {
            let etf = s.kind == UsListingKind::Etf;
            out.push(Instrument {
                symbol: s.cc.clone(),
                name: s.na.clone(),
                class: AssetClass::UsStock,
                venue: Venue::UsExtended,
                price_scale: 2,
                tick: TickRule::Fixed(1),
                quantity_scale: 0,
                reference_price: s.reference_price,
                annual_volatility: s.annual_volatility,
                annual_drift: if etf { 0.09 } else { 0.12 },
                daily_notional: 1.5e9 * liquidity_tier(&s.cc),
                path_key: s.cc.clone(),
                history_start: date(2010, 1, 4),
                options_enabled: s.ioa,
            });
        }
        for i in &self.us_indices {
            out.push(Instrument {
                symbol: i.symbol.clone(),
                name: i.name.clone(),
                class: AssetClass::UsIndex,
                venue: Venue::UsRegular,
                price_scale: 2,
                tick: TickRule::Fixed(1),
                quantity_scale: 0,
                reference_price: i.reference_price,
                annual_volatility: i.annual_volatility,
                annual_drift: 0.09,
                daily_notional: 0.0,
                path_key: i.symbol.clone(),
                history_start: date(2010, 1, 4),
                options_enabled: false,
            });
        }
        for s in &self.idss {
            out.push(Instrument {
                symbol: s.symbol.clone(),
                name: s.name.clone(),
                class: AssetClass::Idss,
                venue: Venue::Idss,
                price_scale: 0,
                tick: TickRule::IdxFraksi,
                quantity_scale: 0,
                reference_price: s.reference_price,
                annual_volatility: s.annual_volatility,
                annual_drift: 0.06,
                daily_notional: 1e11 * liquidity_tier(&s.code),
                path_key: s.symbol.clone(),
                history_start: date(2012, 1, 2),
                options_enabled: false,
            });
        }
        let g = &self.gold;
        out.push(Instrument {
            symbol: g.symbol.clone(),
            name: g.name.clone(),
            class: AssetClass::Gold,
            venue: Venue::Weekdays,
            price_scale: g.price_precision,
            tick: TickRule::Fixed(1),
            quantity_scale: g.quantity_precision,
            reference_price: g.reference_price,
            annual_volatility: g.annual_volatility,
            annual_drift: 0.09,
            daily_notional: 5e9,
            path_key: g.symbol.clone(),
            history_start: date(2012, 1, 2),
            options_enabled: false,
        });
        for f in &self.mutual_funds {
            let (vol, drift) = match f.kind {
                FundKind::MoneyMarket => (0.004, 0.045),
                FundKind::FixedIncome => (0.04, 0.065),
                FundKind::Balanced => (0.09, 0.07),
                FundKind::Equity => (0.15, 0.08),
            };
            out.push(Instrument {
                symbol: f.code.clone(),
                name: f.name.clone(),
                class: AssetClass::MutualFund,
                venue: Venue::FundNav,
                price_scale: 4,
                tick: TickRule::Fixed(1),
                quantity_scale: 4,
                reference_price: f.reference_nav,
                annual_volatility: vol,
                annual_drift: drift,
                daily_notional: 0.0,
                path_key: f.code.clone(),
                history_start: date(2015, 1, 2),
                options_enabled: false,
            });
        }
        for f in &self.fx {
            out.push(Instrument {
                symbol: f.symbol.clone(),
                name: f.name.clone(),
                class: AssetClass::Fx,
                venue: Venue::Weekdays,
                price_scale: f.price_precision,
                tick: TickRule::Fixed(1),
                quantity_scale: 2,
                reference_price: f.reference_price,
                annual_volatility: f.annual_volatility,
                annual_drift: 0.025,
                daily_notional: 0.0,
                path_key: f.symbol.clone(),
                history_start: date(2010, 1, 4),
                options_enabled: false,
            });
        }
        out
    }
}

/// The smallest quantity step of an instrument as a decimal.
pub fn quantity_step(inst: &Instrument) -> Decimal {
    Decimal::new(1, inst.quantity_scale)
}

/// Units per whole price (`10^price_scale`) as f64, for the simulator's float model.
pub(crate) fn price_factor(inst: &Instrument) -> f64 {
    pow10(inst.price_scale) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builtin_catalogue_parses_and_validates() {
        let cat = Catalogue::builtin().expect("valid seed");
        assert!(cat.crypto.len() >= 40 && cat.perps.len() >= 15 && cat.us_stocks.len() >= 100);
        assert!(cat.idss.len() >= 40 && cat.mutual_funds.len() >= 10);
        assert_eq!(cat.liquidity_providers.len(), 6);
        assert!(cat.us_indices.iter().any(|i| i.symbol == "SPX"));
    }

    #[test]
    fn r9_04_defaults_are_btc_idr_btcusdt_perp_and_aapl() {
        let cat = Catalogue::builtin().unwrap();
        assert_eq!(cat.crypto.iter().find(|c| c.is_default).unwrap().symbol, "BTC-IDR");
        assert_eq!(cat.perps.iter().find(|p| p.is_default).unwrap().symbol, "BTCUSDT-PERP");
        assert_eq!(cat.us_stocks.iter().find(|s| s.is_default).unwrap().cc, "AAPL");
        assert!(cat.idss.iter().all(|s| s.symbol.ends_with("-IDSS")));
    }

    #[test]
    fn perp_reference_prices_agree_with_their_idr_pairs() {
        let cat = Catalogue::builtin().unwrap();
        let btc = cat.perps.iter().find(|p| p.fps == "BTCUSDT").unwrap();
        assert_eq!(btc.reference_price, Decimal::new(1_000_000, 1));
        let pepe = cat.perps.iter().find(|p| p.fps == "1000PEPEUSDT").unwrap();
        assert!(pepe.reference_price > Decimal::new(9, 3) && pepe.reference_price < Decimal::new(11, 3));
    }

    #[test]
    fn r3_13_symbol_info_serialises_with_the_spec_field_names() {
        let cat = Catalogue::builtin().unwrap();
        let crypto = serde_json::to_value(&cat.crypto[0]).unwrap();
        for key in [
            "id",
            "shortName",
            "symbol",
            "name",
            "icon",
            "enableProMode",
            "liquiditySource",
            "exchangeSymbols",
            "pricePrecision",
        ] {
            assert!(crypto.get(key).is_some(), "crypto {key}");
        }
        let us = serde_json::to_value(&cat.us_stocks[0]).unwrap();
        for key in ["id", "cc", "na", "ai", "ipme", "ioa"] {
            assert!(us.get(key).is_some(), "us {key}");
        }
        let perp = serde_json::to_value(&cat.perps[0]).unwrap();
        for key in ["id", "fps", "n", "i", "pp"] {
            assert!(perp.get(key).is_some(), "perp {key}");
        }
        let idss = serde_json::to_value(&cat.idss[0]).unwrap();
        for key in ["id", "code", "name", "icon"] {
            assert!(idss.get(key).is_some(), "idss {key}");
        }
    }

    #[test]
    fn idss_reference_prices_sit_on_the_idx_tick_grid() {
        let cat = Catalogue::builtin().unwrap();
        for inst in cat.instruments().iter().filter(|i| i.class == AssetClass::Idss) {
            assert!(TickRule::IdxFraksi.is_valid(inst.reference_units()), "{}", inst.symbol);
        }
    }
}
