//! Order books: crypto pairs from the matching engine's book (the six sandbox liquidity providers'
//! quotes resting beside users' orders), perpetuals from the venue's quotes beside users' resting orders,
//! top 10 a side with cumulative percentages (R3.04, R5.08); option chains; USD/IDR and USDT/IDR.

use axum::extract::{Query, State};
use chrono::{DateTime, NaiveDate, Utc};
use domain::OptionSide;
use market::options::ExpiryKind;
use market::{AssetClass, OptionContract};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::depth::{engine_book, order_book};
use super::errors::{from_market, unknown_symbol};
use super::symbols::{parse_symbol, SymbolQuery};
use crate::api::snapshots::JsonBytes;
use crate::api::{ApiError, ApiResult, Data};
use crate::features::perps;
use crate::state::AppState;

/// A shown level (R3.04).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepthLevelDoc {
    /// Price.
    pub price: String,
    /// Quantity at that price.
    pub quantity: String,
    /// This and better levels in percent of the side's shown total.
    pub cumulative_percentage: String,
}

/// The order book (R3.04): 10 best levels a side (R5.08); one of the two symbol fields.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderBookDoc {
    /// Highest price first.
    pub bids: Vec<DepthLevelDoc>,
    /// Lowest price first.
    pub asks: Vec<DepthLevelDoc>,
    /// Quantity of the shown bids.
    pub total_bid_quantity: String,
    /// Quantity of the shown asks.
    pub total_ask_quantity: String,
    /// The base asset of a crypto pair (`BTC`).
    pub cryptocurrency_symbol: Option<String>,
    /// The pair of a perpetual (`BTCUSDT`).
    pub crypto_future_pair_symbol: Option<String>,
}

async fn book_of(state: &AppState, symbol: &str, class: AssetClass) -> ApiResult<JsonBytes> {
    let symbol = parse_symbol(symbol)?;
    let asset = state.markets.asset(&symbol).ok_or_else(|| unknown_symbol(&symbol))?;
    if asset.class != class {
        return Err(unknown_symbol(&symbol));
    }
    if class == AssetClass::Crypto {
        if let Some(pair) = state.trading.pair(&symbol) {
            // The owner publishes a new version after each change; the same version is the same book.
            let view_version = pair.view_version();
            return state.markets.views().books.get_or_make(symbol, view_version, || {
                JsonBytes::of(&engine_book(&pair.spec, &pair.view(), &asset.info))
            });
        }
    }
    if class == AssetClass::Perp {
        let now = state.clock.now();
        if let Some(book) = perps::depth::depth(&state.db, &state.perps, now, &symbol).await? {
            return JsonBytes::of(&book);
        }
    }
    let markets = state.markets.clone();
    let book =
        tokio::task::spawn_blocking(move || order_book(&markets, &symbol)).await.map_err(ApiError::internal)??;
    JsonBytes::of(&book)
}

/// The order book of a crypto IDR pair (R3.04, R5.08).
#[utoipa::path(get, path = "/v1/crypto/order-book", tag = "markets", params(SymbolQuery),
    responses((status = 200, body = Data<OrderBookDoc>), (status = 404, body = crate::api::ErrorBody)))]
pub async fn crypto_order_book(State(state): State<AppState>, Query(q): Query<SymbolQuery>) -> ApiResult<JsonBytes> {
    book_of(&state, &q.symbol, AssetClass::Crypto).await
}

/// The order book of a USDT perpetual (R3.04, R5.08).
#[utoipa::path(get, path = "/v1/perps/order-book", tag = "markets", params(SymbolQuery),
    responses((status = 200, body = Data<OrderBookDoc>), (status = 404, body = crate::api::ErrorBody)))]
pub async fn perps_order_book(State(state): State<AppState>, Query(q): Query<SymbolQuery>) -> ApiResult<JsonBytes> {
    book_of(&state, &q.symbol, AssetClass::Perp).await
}

/// Query of the option chain.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OptionsQuery {
    /// The option-enabled US stock (`ioa`).
    pub symbol: String,
    /// Only this expiry (YYYY-MM-DD).
    pub expiry: Option<NaiveDate>,
}

/// One listed contract.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OptionContractView {
    /// OCC-style symbol, e.g. `AAPL261218C00270000`.
    pub symbol: String,
    /// Underlying ticker.
    pub underlying: String,
    /// `CALL` or `PUT` (R4.11).
    pub side: OptionSide,
    /// Strike in USD.
    pub strike: String,
    /// Last trading day.
    pub expiry: NaiveDate,
    /// `WEEKLY` or `MONTHLY`.
    pub expiry_kind: ExpiryKind,
    /// Model premium per share.
    pub mark: String,
    /// Bid premium.
    pub bid: String,
    /// Ask premium.
    pub ask: String,
    /// Volatility used for this strike.
    pub implied_volatility: f64,
    /// Black–Scholes delta.
    pub delta: f64,
}

impl From<&OptionContract> for OptionContractView {
    fn from(c: &OptionContract) -> Self {
        Self {
            symbol: c.symbol.clone(),
            underlying: c.underlying.clone(),
            side: c.side,
            strike: c.strike.to_string(),
            expiry: c.expiry,
            expiry_kind: c.expiry_kind,
            mark: c.mark.to_string(),
            bid: c.bid.to_string(),
            ask: c.ask.to_string(),
            implied_volatility: c.implied_volatility,
            delta: c.delta,
        }
    }
}

/// The option chain of an option-enabled stock: weekly and monthly expiries, strikes around spot,
/// calls and puts priced by Black–Scholes on the simulated volatility.
#[utoipa::path(get, path = "/v1/options/contracts", tag = "markets", params(OptionsQuery),
    responses((status = 200, body = Data<Vec<OptionContractView>>), (status = 400, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody)))]
pub async fn option_contracts(
    State(state): State<AppState>,
    Query(q): Query<OptionsQuery>,
) -> ApiResult<Data<Vec<OptionContractView>>> {
    let symbol = parse_symbol(&q.symbol)?;
    let sim = state.markets.sim().clone();
    let chain = tokio::task::spawn_blocking(move || sim.option_chain(&symbol, sim.now()))
        .await
        .map_err(ApiError::internal)?
        .map_err(from_market)?;
    let contracts =
        chain.iter().filter(|c| q.expiry.is_none_or(|e| c.expiry == e)).map(OptionContractView::from).collect();
    Ok(Data::new(contracts))
}

/// The exchange rates the app converts with.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Rates {
    /// IDR per USD.
    pub usd_idr: String,
    /// IDR per USDT (the USDT-IDR pair's last price).
    pub usdt_idr: String,
    /// As of.
    pub time: DateTime<Utc>,
}

/// The USD/IDR and USDT/IDR rates now.
#[utoipa::path(get, path = "/v1/markets/rates", tag = "markets",
    responses((status = 200, body = Data<Rates>)))]
pub async fn rates(State(state): State<AppState>) -> ApiResult<Data<Rates>> {
    let sim = state.markets.sim();
    let now = sim.now();
    let usd = state.markets.usd_idr(now).map_err(from_market)?;
    let usdt = sim.price_at("USDT-IDR", now).map_err(from_market)?;
    Ok(Data::new(Rates { usd_idr: usd.to_string(), usdt_idr: usdt.to_string(), time: now }))
}
