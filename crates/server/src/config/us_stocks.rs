//! US-stock settings (`[us_stocks]` in the TOML file, `APP_US_STOCKS__…` variables). The sources of
//! the defaults are in docs/us-stocks.md.

use domain::fees::FeeSchedule;
use domain::money::{MinorUnits, Scale};
use domain::precision::Rounding;
use rust_decimal::Decimal;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Share units in one share.
const ONE_SHARE: i64 = 10_i64.pow(Scale::SHARES.decimal_places());

/// A positive number of shares, counted in millionths; a setting too large to count, or not above
/// zero, is refused when the configuration loads rather than read as some other bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShareCount(i64);

impl ShareCount {
    /// Millionths of a share.
    pub fn units(self) -> i64 {
        self.0
    }
}

impl Serialize for ShareCount {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Serialize::serialize(&MinorUnits::new(self.0, Scale::SHARES).to_decimal().normalize(), serializer)
    }
}

impl<'de> Deserialize<'de> for ShareCount {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let shares = <Decimal as Deserialize>::deserialize(deserializer)?;
        let units = MinorUnits::from_decimal(shares, Scale::SHARES, Rounding::Truncate).map_err(D::Error::custom)?;
        match units.count() {
            count if count > 0 => Ok(ShareCount(count)),
            _ => Err(D::Error::custom("a number of shares above zero")),
        }
    }
}

/// US-stock trading settings.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct UsStockSettings {
    /// Commission on every fill (`transaction_fee_percentage`) and the regulatory fees of a sell
    /// (the SEC's Section 31 fee, as `sell_tax_percentage`); no tax on buys.
    pub fees: FeeSchedule,
    /// Smallest order value in dollars.
    pub min_order_usd: Decimal,
    /// A limit or stop price further than this from the market is refused (fat-finger band).
    pub price_band_percentage: Decimal,
    /// How long the sandbox exchange takes for each step of an order (sent, accepted, filled).
    pub venue_step_ms: u64,
    /// Half the sandbox exchange's bid–ask spread in the regular session, basis points.
    pub regular_half_spread_bps: u32,
    /// Half the spread in pre- and post-market, basis points.
    pub extended_half_spread_bps: u32,
    /// The most shares one fill of the sandbox exchange takes (larger orders fill in parts).
    pub max_fill_shares: ShareCount,
    /// Intraday (4x) positions are closed this many minutes before the market closes; no new
    /// intraday position opens after that.
    pub intraday_cutoff_minutes: u32,
    /// Yearly interest on what the broker lends for 2x positions, percent.
    pub leverage_interest_percentage: Decimal,
    /// Equity below this share of a leveraged position's value puts it in margin call, percent.
    pub margin_call_percentage: Decimal,
    /// Equity below this share of the position's value liquidates it, percent.
    pub maintenance_margin_percentage: Decimal,
    /// The margin call level of 4x intraday positions, percent: they open at 25 % equity, so their
    /// levels sit below that.
    pub intraday_margin_call_percentage: Decimal,
    /// The liquidation level of 4x intraday positions (half the opening margin), percent.
    pub intraday_maintenance_margin_percentage: Decimal,
    /// US tax withheld from dividends: 15 % under the US–Indonesia treaty (Article 11).
    pub dividend_withholding_percentage: Decimal,
    /// Open orders one user may have.
    pub open_orders_per_user_max: u32,
    /// Sandbox only: the exchange's session clock starts 30 minutes into a regular session, so
    /// demos and browser tests can trade at any hour (orders keep their real timestamps).
    pub sandbox_regular_session: bool,
}

impl Default for UsStockSettings {
    fn default() -> Self {
        Self {
            fees: FeeSchedule {
                transaction_fee_percentage: Decimal::new(10, 2),
                buy_tax_percentage: Decimal::ZERO,
                sell_tax_percentage: Decimal::new(278, 5),
            },
            min_order_usd: Decimal::ONE,
            price_band_percentage: Decimal::from(10),
            venue_step_ms: 150,
            regular_half_spread_bps: 2,
            extended_half_spread_bps: 10,
            max_fill_shares: ShareCount(500 * ONE_SHARE),
            intraday_cutoff_minutes: 15,
            leverage_interest_percentage: Decimal::from(8),
            margin_call_percentage: Decimal::from(35),
            maintenance_margin_percentage: Decimal::from(25),
            intraday_margin_call_percentage: Decimal::from(18),
            intraday_maintenance_margin_percentage: Decimal::new(125, 1),
            dividend_withholding_percentage: Decimal::from(15),
            open_orders_per_user_max: 100,
            sandbox_regular_session: false,
        }
    }
}
