//! Candles (R9.07 resolutions per class, R4.12 ranges, bounded per request), tickers, price
//! changes with 2 decimals (R2.12, R9.05) and top movers.

use std::sync::Arc;

use axum::extract::{Query, State};
use chrono::{DateTime, Utc};
use market::calendar::Phase;
use market::{AssetClass, ChartRange, Resolution, Ticker, MAX_CANDLES_PER_REQUEST};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::errors::{bad_resolution, from_market, unknown_symbol};
use super::info::parse_class;
use super::service::Markets;
use super::symbols::parse_symbol;
use super::views::{CandleList, CandleView, Shared};
use crate::api::snapshots::JsonBytes;
use crate::api::{ApiError, ApiResult, Data};
use crate::state::AppState;

/// Candles returned when no limit is given.
const CANDLES_DEFAULT: usize = 1_000;
/// Instants accepted in `from`/`to`: 1970 to 2100, in Unix seconds.
const INSTANT_SECS_MAX: i64 = 4_102_444_800;
/// Most movers per side.
const MOVERS_MAX: usize = 20;

/// Query of the candles call: a resolution with `from`/`to`/`limit`, or a chart `range`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CandlesQuery {
    /// The symbol.
    pub symbol: String,
    /// `1`, `5`, `10`, `15`, `60`, `120`, `240`, `1D`, `1W`, `1M`, as offered for the class (R9.07).
    /// Optional with `range` (the range's default resolution).
    pub resolution: Option<String>,
    /// `1D`, `1W`, `1M`, `3M`, `YTD`, `1Y` or `ALL` (R4.12); not with `from`/`to`.
    pub range: Option<String>,
    /// Window start, Unix seconds (default: `limit` buckets before `to`).
    pub from: Option<i64>,
    /// Window end, Unix seconds (default now; later instants are clamped to now).
    pub to: Option<i64>,
    /// Candles wanted, the latest of the window: 1..=2000 (default 1000).
    pub limit: Option<usize>,
}

/// Candles of one symbol and resolution, oldest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CandlesView {
    /// The symbol.
    pub symbol: String,
    /// The resolution served.
    pub resolution: String,
    /// The range asked for, if any.
    pub range: Option<String>,
    /// Window start, Unix ms.
    pub from: i64,
    /// Window end, Unix ms.
    pub to: i64,
    /// The cap on candles per request.
    pub max_candles: usize,
    /// The candles.
    #[schema(value_type = Vec<CandleView>)]
    pub candles: CandleList,
}

fn instant(secs: i64, field: &str) -> ApiResult<DateTime<Utc>> {
    if !(0..=INSTANT_SECS_MAX).contains(&secs) {
        return Err(ApiError::invalid(format!("{field}: Unix seconds between 0 and {INSTANT_SECS_MAX}")));
    }
    DateTime::from_timestamp(secs, 0).ok_or_else(|| ApiError::invalid(format!("{field}: Unix seconds")))
}

/// Reads a resolution and checks the class offers it (R9.07).
pub fn class_resolution(text: &str, class: AssetClass) -> ApiResult<Resolution> {
    let resolution: Resolution = text.parse().map_err(from_market)?;
    let offered = Resolution::for_class(class);
    if !offered.contains(&resolution) {
        let list: Vec<&str> = offered.iter().map(|r| r.as_str()).collect();
        return Err(bad_resolution(format!("{resolution} is not offered; use one of {}", list.join(", "))));
    }
    Ok(resolution)
}

/// Candles of a symbol (R9.07, R4.12).
#[utoipa::path(get, path = "/v1/markets/candles", tag = "markets", params(CandlesQuery),
    description = "Candles, oldest first. At most 2000 candles per request (`maxCandles`); a longer window \
                   returns its latest candles, and a window spanning more than 200000 buckets is refused. \
                   Resolutions per class follow R9.07 (crypto 1 5 15 60 120 240 1D 1W 1M; perps 1 5 15 60 240 1D; \
                   US stocks 5 10 15 60 1D 1W; IDSS 5 60 1D 1W).",
    responses((status = 200, body = Data<CandlesView>), (status = 400, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody)))]
pub async fn candles(State(state): State<AppState>, Query(q): Query<CandlesQuery>) -> ApiResult<Data<CandlesView>> {
    let symbol = parse_symbol(&q.symbol)?;
    let markets = state.markets.clone();
    let inst = markets.sim().instrument(&symbol).map_err(|_| unknown_symbol(&symbol))?.clone();
    let limit = q.limit.unwrap_or(CANDLES_DEFAULT);
    if !(1..=MAX_CANDLES_PER_REQUEST).contains(&limit) {
        return Err(ApiError::invalid(format!("limit: 1..={MAX_CANDLES_PER_REQUEST}")));
    }
    let now = markets.sim().now();
    let (resolution, from, to) = candle_window(&q, &inst, now, limit)?;
    let candles = candle_list(&markets, inst, resolution, (from, to, now), limit).await?;
    Ok(Data::new(CandlesView {
        symbol,
        resolution: resolution.as_str().to_owned(),
        range: q.range.map(|r| r.trim().to_ascii_uppercase()),
        from: from.timestamp_millis(),
        to: to.min(now).timestamp_millis(),
        max_candles: MAX_CANDLES_PER_REQUEST,
        candles,
    }))
}

/// The resolution and window a candles query asks for, at `now`.
fn candle_window(
    q: &CandlesQuery,
    inst: &market::Instrument,
    now: DateTime<Utc>,
    limit: usize,
) -> ApiResult<(Resolution, DateTime<Utc>, DateTime<Utc>)> {
    match (&q.range, q.from.or(q.to)) {
        (Some(_), Some(_)) => Err(ApiError::invalid("give either range or from/to, not both")),
        (Some(range), None) => {
            let range: ChartRange = range.parse().map_err(from_market)?;
            let window = range.window(inst, now);
            let resolution = match &q.resolution {
                Some(r) => class_resolution(r, inst.class)?,
                None => window.resolution,
            };
            Ok((resolution, window.from, window.to))
        }
        (None, _) => {
            let resolution = class_resolution(q.resolution.as_deref().unwrap_or(""), inst.class)?;
            let to = match q.to {
                Some(secs) => instant(secs, "to")?,
                None => now,
            };
            let from = match q.from {
                Some(secs) => instant(secs, "from")?,
                None => to - chrono::Duration::seconds(resolution.nominal_secs().saturating_mul(limit as i64)),
            };
            Ok((resolution, from, to))
        }
    }
}

/// The candles of the window `from`..`to` asked at `now`, kept for the next caller when the window
/// starts on a whole second before the second it ends in (clamped to now): the simulator reads
/// whole seconds, so every caller within that second gets the same list. A window starting inside
/// its end's second, or one whose computation saw the clock pass into the next second, is not kept.
async fn candle_list(
    markets: &Markets,
    inst: market::Instrument,
    resolution: Resolution,
    (from, to, now): (DateTime<Utc>, DateTime<Utc>, DateTime<Utc>),
    limit: usize,
) -> ApiResult<CandleList> {
    let end_secs = to.min(now).timestamp();
    let key = (from.timestamp_subsec_millis() == 0 && from.timestamp() < end_secs)
        .then(|| (inst.symbol.clone(), resolution, from.timestamp_millis(), end_secs, limit));
    let stamp = markets.sim().halts_version();
    let kept = &markets.views().candles;
    if let Some(list) = key.as_ref().and_then(|key| kept.get(key, stamp)) {
        return Ok(list);
    }
    let computing = markets.clone();
    // Cold caches over years take real CPU: keep it off the async workers.
    let candles = tokio::task::spawn_blocking(move || computing.candles(&inst, resolution, from, to, limit))
        .await
        .map_err(ApiError::internal)?
        .map_err(from_market)?;
    let views: Vec<CandleView> = candles.iter().map(CandleView::from).collect();
    let list = Shared(Arc::new(serde_json::value::to_raw_value(&views).map_err(ApiError::internal)?));
    let same_second = to.min(markets.sim().now()).timestamp() == end_secs;
    Ok(match key {
        Some(key) if same_second => kept.put(key, stamp, list),
        _ => list,
    })
}

/// A live summary: last price, change against 24 h ago (24/7 markets) or the previous close.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TickerView {
    /// The symbol.
    pub symbol: String,
    /// As of.
    pub time: DateTime<Utc>,
    /// Last price.
    pub last: String,
    /// The price compared with.
    pub reference: String,
    /// `last - reference`.
    pub change: String,
    /// Change in percent, exactly 2 decimals (R2.12, R9.05).
    pub change_pct: String,
    /// Highest price of the period.
    pub high: String,
    /// Lowest price of the period.
    pub low: String,
    /// Volume of the period.
    pub volume: String,
    /// Session phase (`CONTINUOUS`, `REGULAR`, `PRE_MARKET`, `SESSION1`, `CLOSED`, …).
    pub phase: Phase,
    /// A trading halt is in force.
    pub halted: bool,
}

impl From<&Ticker> for TickerView {
    fn from(t: &Ticker) -> Self {
        Self {
            symbol: t.symbol.clone(),
            time: t.time,
            last: t.last.to_string(),
            reference: t.reference.to_string(),
            change: t.change.to_string(),
            change_pct: domain::format::percent_text(t.change_pct),
            high: t.high.to_string(),
            low: t.low.to_string(),
            volume: t.volume.to_string(),
            phase: t.phase,
            halted: t.halted,
        }
    }
}

/// The ticker of one symbol.
#[utoipa::path(get, path = "/v1/markets/ticker", tag = "markets", params(super::symbols::SymbolQuery),
    responses((status = 200, body = Data<TickerView>), (status = 404, body = crate::api::ErrorBody)))]
pub async fn ticker(
    State(state): State<AppState>,
    Query(q): Query<super::symbols::SymbolQuery>,
) -> ApiResult<JsonBytes> {
    let symbol = parse_symbol(&q.symbol)?;
    let sim = state.markets.sim().clone();
    let now = sim.now();
    let stamp = (now.timestamp(), sim.halts_version());
    let tickers = &state.markets.views().tickers;
    if let Some(kept) = tickers.get(&symbol, stamp) {
        return Ok(kept);
    }
    let asked = symbol.clone();
    let ticker = tokio::task::spawn_blocking(move || sim.ticker(&asked, now))
        .await
        .map_err(ApiError::internal)?
        .map_err(from_market)?;
    Ok(tickers.put(symbol, stamp, JsonBytes::of(&TickerView::from(&ticker))?))
}

/// Query naming an asset class.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ClassQuery {
    /// `crypto`, `perp`, `usstock`, `usindex`, `idss`, `gold`, `mutualfund` or `fx`.
    pub class: String,
    /// Movers per side, 1..=20 (default 5; top-movers only).
    #[param(minimum = 1, maximum = 20)]
    pub limit: Option<usize>,
}

async fn tickers_of(state: &AppState, class: &str) -> ApiResult<Arc<Vec<Ticker>>> {
    let class = parse_class(class).ok_or_else(|| ApiError::invalid("class: unknown asset class"))?;
    let markets = state.markets.clone();
    tokio::task::spawn_blocking(move || markets.class_tickers(class)).await.map_err(ApiError::internal)
}

/// Every ticker of a class (the markets page).
#[utoipa::path(get, path = "/v1/markets/tickers", tag = "markets", params(ClassQuery),
    responses((status = 200, body = Data<Vec<TickerView>>), (status = 400, body = crate::api::ErrorBody)))]
pub async fn tickers(State(state): State<AppState>, Query(q): Query<ClassQuery>) -> ApiResult<Data<Vec<TickerView>>> {
    let tickers = tickers_of(&state, &q.class).await?;
    Ok(Data::new(tickers.iter().map(TickerView::from).collect()))
}

/// The biggest gainers and losers of a class.
#[derive(Debug, Serialize, ToSchema)]
pub struct MoversView {
    /// Highest change first (rising only).
    pub gainers: Vec<TickerView>,
    /// Lowest change first (falling only).
    pub losers: Vec<TickerView>,
}

/// Top movers of a class by ticker change.
#[utoipa::path(get, path = "/v1/markets/top-movers", tag = "markets", params(ClassQuery),
    responses((status = 200, body = Data<MoversView>), (status = 400, body = crate::api::ErrorBody)))]
pub async fn top_movers(State(state): State<AppState>, Query(q): Query<ClassQuery>) -> ApiResult<Data<MoversView>> {
    let n = q.limit.unwrap_or(5);
    if !(1..=MOVERS_MAX).contains(&n) {
        return Err(ApiError::invalid(format!("limit: 1..={MOVERS_MAX}")));
    }
    let tickers = tickers_of(&state, &q.class).await?;
    let mut sorted: Vec<&Ticker> = tickers.iter().collect();
    sorted.sort_by(|a, b| b.change_pct.cmp(&a.change_pct).then_with(|| a.symbol.cmp(&b.symbol)));
    let gainers =
        sorted.iter().filter(|t| t.change_pct > Decimal::ZERO).take(n).map(|t| TickerView::from(*t)).collect();
    let losers =
        sorted.iter().rev().filter(|t| t.change_pct < Decimal::ZERO).take(n).map(|t| TickerView::from(*t)).collect();
    Ok(Data::new(MoversView { gainers, losers }))
}

/// Query of the price-change call.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PriceChangeQuery {
    /// The symbol.
    pub symbol: String,
    /// `1D`, `1W`, `1M`, `3M`, `YTD`, `1Y` or `ALL` (R4.12).
    pub range: String,
}

/// The change over a chart range.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceChangeView {
    /// The range.
    pub range: String,
    /// Window start.
    pub from: DateTime<Utc>,
    /// Window end.
    pub to: DateTime<Utc>,
    /// Price in force just before the window.
    pub base: String,
    /// Price at the end.
    pub last: String,
    /// Change in percent, exactly 2 decimals (R2.12, R9.05).
    pub change_pct: String,
}

/// The price change of a symbol over a chart range (R2.12).
#[utoipa::path(get, path = "/v1/markets/price-change", tag = "markets", params(PriceChangeQuery),
    responses((status = 200, body = Data<PriceChangeView>), (status = 400, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody)))]
pub async fn price_change(
    State(state): State<AppState>,
    Query(q): Query<PriceChangeQuery>,
) -> ApiResult<Data<PriceChangeView>> {
    let symbol = parse_symbol(&q.symbol)?;
    let range: ChartRange = q.range.parse().map_err(from_market)?;
    let sim = state.markets.sim().clone();
    let change = tokio::task::spawn_blocking(move || sim.price_change(&symbol, range, sim.now()))
        .await
        .map_err(ApiError::internal)?
        .map_err(from_market)?;
    Ok(Data::new(PriceChangeView {
        range: change.range.as_str().to_owned(),
        from: change.from,
        to: change.to,
        base: change.base.to_string(),
        last: change.last.to_string(),
        change_pct: domain::format::percent_text(change.change_pct),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r9_07_us_stocks_have_no_one_minute_candles() {
        assert!(class_resolution("1", AssetClass::UsStock).is_err());
        assert!(class_resolution("5", AssetClass::UsStock).is_ok());
        assert!(class_resolution("120", AssetClass::Perp).is_err());
        assert!(class_resolution("1M", AssetClass::Crypto).is_ok());
        assert!(class_resolution("15", AssetClass::Idss).is_err());
    }
}
