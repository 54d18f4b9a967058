//! get-trading-info (R7.06), the market status of each venue, and market times (R3.14, R9.08).

use axum::extract::{Query, State};
use chrono::{DateTime, NaiveDate, Utc};
use market::calendar::Phase;
use market::{AssetClass, MarketTimes, Venue};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::errors::unknown_symbol;
use super::info::SymbolInfo;
use super::symbols::{info_of, parse_symbol};
use crate::api::{ApiError, ApiResult, ClientHeaders, Data};
use crate::state::AppState;

/// Every venue, in display order.
const VENUES: [Venue; 6] =
    [Venue::Always, Venue::UsExtended, Venue::UsRegular, Venue::Idss, Venue::Weekdays, Venue::FundNav];
/// Dates accepted by market-times: the simulated calendar's years.
const DATE_YEARS: std::ops::RangeInclusive<i32> = 2010..=2100;

/// What a venue is doing now.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VenueStatus {
    /// `ALWAYS` (crypto, perps), `US_EXTENDED` (US stocks), `US_REGULAR` (US indices), `IDSS`,
    /// `WEEKDAYS` (gold, FX), `FUND_NAV` (mutual funds).
    pub venue: Venue,
    /// The venue's time zone (R9.08).
    pub time_zone: String,
    /// Phase now: `CONTINUOUS`, `PRE_MARKET`, `REGULAR`, `POST_MARKET`, `SESSION1`, `SESSION2` or `CLOSED`.
    pub phase: Phase,
    /// Whether any session is running now.
    pub is_open: bool,
    /// Next start of a main session (none for 24/7 markets).
    pub next_open: Option<DateTime<Utc>>,
    /// Next end of a main session (none for 24/7 markets).
    pub next_close: Option<DateTime<Utc>>,
    /// Today's holiday, if the venue is closed for one.
    pub holiday: Option<String>,
}

fn venue_status(venue: Venue, now: DateTime<Utc>) -> VenueStatus {
    let phase = venue.phase_at(now);
    VenueStatus {
        venue,
        time_zone: venue.tz().name().to_owned(),
        phase,
        is_open: phase.is_open(),
        next_open: venue.next_open(now),
        next_close: venue.next_close(now),
        holiday: venue.holiday(venue.local_date(now)).map(str::to_owned),
    }
}

/// The lists the trade page starts from (R7.06).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TradingInfo {
    /// Crypto IDR pairs.
    pub crypto: Vec<SymbolInfo>,
    /// US stocks and ETFs traded without leverage (the PALN bucket).
    pub paln_stock: Vec<SymbolInfo>,
    /// The status of every venue.
    pub market_status: Vec<VenueStatus>,
    /// USDT perpetuals.
    pub perp: Vec<SymbolInfo>,
    /// Indonesian stocks.
    pub idss: Vec<SymbolInfo>,
}

/// Crypto, PALN stock, market status, perp and IDSS lists (R7.06).
#[utoipa::path(get, path = "/v1/trade-web/get-trading-info", tag = "markets",
    responses((status = 200, body = Data<TradingInfo>)))]
pub async fn trading_info(State(state): State<AppState>, headers: ClientHeaders) -> Data<TradingInfo> {
    let markets = &state.markets;
    let list = |class| markets.assets_of(class).iter().map(|a| info_of(a, headers.lang)).collect();
    let now = markets.sim().now();
    Data::new(TradingInfo {
        crypto: list(AssetClass::Crypto),
        paln_stock: list(AssetClass::UsStock),
        market_status: VENUES.iter().map(|v| venue_status(*v, now)).collect(),
        perp: list(AssetClass::Perp),
        idss: list(AssetClass::Idss),
    })
}

/// The status of every venue now.
#[utoipa::path(get, path = "/v1/markets/market-status", tag = "markets",
    responses((status = 200, body = Data<Vec<VenueStatus>>)))]
pub async fn market_status(State(state): State<AppState>) -> Data<Vec<VenueStatus>> {
    let now = state.markets.sim().now();
    Data::new(VENUES.iter().map(|v| venue_status(*v, now)).collect())
}

/// Query of market times: a symbol (its venue) and an optional venue-local date.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MarketTimesQuery {
    /// The symbol whose venue is asked for, e.g. `AAPL`, `BBCA-IDSS`.
    pub symbol: String,
    /// The venue-local date (default today there), YYYY-MM-DD.
    pub date: Option<NaiveDate>,
}

/// One session of the day.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionView {
    /// `PRE_MARKET`, `REGULAR`, `POST_MARKET`, `SESSION1`, `SESSION2` or `CONTINUOUS`.
    pub phase: Phase,
    /// Start.
    pub open: DateTime<Utc>,
    /// End.
    pub close: DateTime<Utc>,
}

/// The market times of one venue day (R3.14); IDSS lists its two sessions in `sessions`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MarketTimesView {
    /// The venue-local date.
    pub date: NaiveDate,
    /// The venue.
    pub venue: Venue,
    /// Its time zone (R9.08): America/New_York or Asia/Jakarta.
    pub time_zone: String,
    /// Whether any session runs that day.
    pub is_trading_day: bool,
    /// Whether the US regular session ends early.
    pub is_early_close: bool,
    /// The holiday's name when closed for one.
    pub holiday: Option<String>,
    /// Start of the main session (IDSS: session 1).
    pub market_open_time: Option<DateTime<Utc>>,
    /// End of the main session (IDSS: session 2).
    pub market_close_time: Option<DateTime<Utc>>,
    /// Start of the US pre-market.
    pub pre_market_open_time: Option<DateTime<Utc>>,
    /// End of the US pre-market.
    pub pre_market_close_time: Option<DateTime<Utc>>,
    /// Start of the US post-market.
    pub post_market_open_time: Option<DateTime<Utc>>,
    /// End of the US post-market.
    pub post_market_close_time: Option<DateTime<Utc>>,
    /// Every session of the day in order.
    pub sessions: Vec<SessionView>,
}

impl From<MarketTimes> for MarketTimesView {
    fn from(t: MarketTimes) -> Self {
        Self {
            date: t.date,
            venue: t.venue,
            time_zone: t.venue.tz().name().to_owned(),
            is_trading_day: t.is_trading_day,
            is_early_close: t.is_early_close,
            holiday: t.holiday,
            market_open_time: t.market_open_time,
            market_close_time: t.market_close_time,
            pre_market_open_time: t.pre_market_open_time,
            pre_market_close_time: t.pre_market_close_time,
            post_market_open_time: t.post_market_open_time,
            post_market_close_time: t.post_market_close_time,
            sessions: t.sessions.iter().map(|s| SessionView { phase: s.phase, open: s.open, close: s.close }).collect(),
        }
    }
}

/// The market times of a symbol's venue on a date (R3.14, R9.08).
#[utoipa::path(get, path = "/v1/markets/market-times", tag = "markets", params(MarketTimesQuery),
    responses((status = 200, body = Data<MarketTimesView>), (status = 400, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody)))]
pub async fn market_times(
    State(state): State<AppState>,
    Query(q): Query<MarketTimesQuery>,
) -> ApiResult<Data<MarketTimesView>> {
    let symbol = parse_symbol(&q.symbol)?;
    let sim = state.markets.sim();
    let venue = sim.instrument(&symbol).map_err(|_| unknown_symbol(&symbol))?.venue;
    let date = q.date.unwrap_or_else(|| venue.local_date(sim.now()));
    if !DATE_YEARS.contains(&chrono::Datelike::year(&date)) {
        return Err(ApiError::invalid("date: years 2010..=2100"));
    }
    Ok(Data::new(venue.market_times(date).into()))
}
