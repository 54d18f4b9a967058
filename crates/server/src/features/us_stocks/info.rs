//! What the trade page and the asset page read about a US stock: its description with the session
//! now and the next change, the order types a side may use, the estimate of an order, the caller's
//! positions, corporate actions and earnings per share.

use axum::extract::{Path, Query, State};
use chrono::{DateTime, Utc};
use domain::amounts;
use domain::corporate::CorporateActionKind;
use domain::fees::sell_net;
use domain::format;
use domain::money::MinorUnits;
use domain::money::USD;
use domain::orders::{Bucket, OrderFormType, Side, TimeInForce, TradingHours, UsMarginStatus};
use market::calendar::{Phase, Venue as Calendar};
use market::catalogue::UsListingKind;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::corporate_repo;
use super::errors::unknown_stock;
use super::handlers::market_now;
use super::holds::{buy_cost, own_part};
use super::input::{parse, UsOrderBody};
use super::margin::equity_percentage;
use super::repo;
use super::service::{intraday_cutoff, trading_date};
use super::units::{average_price, price_text, quantity_for, shares, usd_text, value_down, value_up};
use crate::api::auth::AuthUser;
use crate::api::{ApiError, ApiResult, Data};
use crate::features::identity::us_verification::require_verified;
use crate::state::AppState;

/// The session now and the next change (R4.09).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionNow {
    /// `PRE_MARKET`, `REGULAR`, `POST_MARKET` or `CLOSED`.
    pub phase: Phase,
    /// When the phase ends (or, closed, when pre-market opens), Unix ms.
    pub next_change_at_ms: Option<i64>,
    /// The phase after it.
    pub next_phase: Option<Phase>,
    /// The New York trading date.
    pub trading_date: String,
    /// The holiday closing the market today, if any.
    pub holiday: Option<String>,
    /// Whether today closes early (13:00 New York).
    pub early_close: bool,
    /// When intraday (4x) positions are closed today, Unix ms.
    pub intraday_cutoff_at_ms: Option<i64>,
}

/// The phase as US-stock screens name it: the calendar's other phases read as closed.
fn us_phase(phase: Phase) -> Phase {
    match phase {
        Phase::PreMarket | Phase::Regular | Phase::PostMarket => phase,
        _ => Phase::Closed,
    }
}

/// The session of the US market at `now`.
pub fn session_now(now: DateTime<Utc>, cutoff_minutes: u32) -> SessionNow {
    let cal = Calendar::UsExtended;
    let phase = cal.phase_at(now);
    let date = trading_date(now);
    let times = cal.market_times(date);
    // The next boundary: today's remaining session edges, else the next day's pre-market.
    let mut next = times
        .sessions
        .iter()
        .flat_map(|w| [(w.open, w.phase), (w.close, Phase::Closed)])
        .filter(|(t, _)| *t > now)
        .collect::<Vec<_>>();
    let mut day = date;
    while next.is_empty() {
        day = day.succ_opt().unwrap_or(day);
        next = cal.sessions(day).iter().map(|w| (w.open, w.phase)).collect();
        if day > date + chrono::Duration::days(14) {
            break;
        }
    }
    let (at, next_phase) = next.first().copied().map_or((None, None), |(t, p)| (Some(t), Some(p)));
    // A close that opens the next window at the same instant is that window's phase.
    let next_phase = at.and_then(|t| times.sessions.iter().find(|w| w.open == t).map(|w| w.phase)).or(next_phase);
    SessionNow {
        phase: us_phase(phase),
        next_change_at_ms: at.map(|t| t.timestamp_millis()),
        next_phase: next_phase.map(us_phase),
        trading_date: date.to_string(),
        holiday: times.holiday.clone(),
        early_close: times.is_early_close,
        intraday_cutoff_at_ms: intraday_cutoff(date, cutoff_minutes).map(|t| t.timestamp_millis()),
    }
}

/// A US stock for the trade page.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StockDescription {
    /// Ticker.
    pub stock_id: String,
    /// Company or fund name.
    pub name: String,
    /// `STOCK` or `ETF`.
    pub kind: UsListingKind,
    /// Best bid, dollars.
    pub bid: String,
    /// Best ask, dollars.
    pub ask: String,
    /// Last price, dollars.
    pub last: String,
    /// The session now.
    pub session: SessionNow,
    /// Fractional shares (market and limit orders in regular hours) and buying by amount.
    pub fractional: bool,
    /// Post-market trading (`ipme`).
    pub post_market: bool,
    /// Options listed (`ioa`).
    pub options: bool,
    /// Leverage options offered: 1, and 2 and 4 where the stock has them.
    pub leverage_options: Vec<u8>,
    /// The smallest order, dollars.
    pub min_order_usd: String,
    /// Limit and stop prices within this percentage of the market.
    pub price_band_percentage: String,
    /// Commission per fill, percent.
    pub fee_percentage: String,
    /// Regulatory fees of a sell, percent.
    pub sell_tax_percentage: String,
}

/// The trade page's facts of a US stock.
#[utoipa::path(get, path = "/v1/us-stocks/{stock_id}/description", tag = "us-stocks",
    params(("stock_id" = String, Path, description = "Ticker, e.g. AAPL")),
    responses((status = 200, body = Data<StockDescription>), (status = 404, body = crate::api::ErrorBody)))]
pub async fn description(
    State(state): State<AppState>,
    Path(stock_id): Path<String>,
) -> ApiResult<Data<StockDescription>> {
    let stock_id = stock_id.trim().to_ascii_uppercase();
    let svc = &state.us_stocks;
    let stock = svc.stock(&stock_id).ok_or_else(|| unknown_stock(&stock_id))?;
    let now = state.clock.now();
    let quote = svc.venue.quote(&stock_id, now).ok_or_else(|| unknown_stock(&stock_id))?;
    let mut leverage_options = vec![1];
    if stock.leverage2x {
        leverage_options.push(2);
    }
    if stock.leverage4x || stock.intraday_leverage {
        leverage_options.push(4);
    }
    let s = &svc.settings;
    Ok(Data::new(StockDescription {
        stock_id: stock.cc.clone(),
        name: stock.na.clone(),
        kind: stock.kind,
        bid: price_text(quote.bid),
        ask: price_text(quote.ask),
        last: price_text(quote.last),
        session: session_now(svc.market_time(now), s.intraday_cutoff_minutes),
        fractional: true,
        post_market: stock.ipme,
        options: stock.ioa,
        leverage_options,
        min_order_usd: s.min_order_usd.to_string(),
        price_band_percentage: s.price_band_percentage.to_string(),
        fee_percentage: s.fees.transaction_fee_percentage.to_string(),
        sell_tax_percentage: s.fees.sell_tax_percentage.to_string(),
    }))
}

/// Which order types a side may use.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct OrderTypesQuery {
    /// Ticker.
    pub stock_id: String,
    /// `BUY` or `SELL` (any letter case).
    #[param(value_type = Side, inline)]
    pub transaction_type: String,
}

/// One order type and what it allows now.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UsOrderTypeOption {
    /// `MARKET`, `LIMIT`, `STOP`, `STOP_LIMIT`, `TRAILING_STOP` or `OCO`.
    pub order_type: OrderFormType,
    /// R4.07 code (a trailing stop shows as a stop; OCO has none).
    pub order_type_code: Option<u8>,
    /// Whether the market's session takes it now (an order of another session is refused).
    pub available_now: bool,
    /// Trading hours it may use.
    pub trading_hours: Vec<TradingHours>,
    /// Times in force it may use.
    pub time_in_force: Vec<TimeInForce>,
    /// Fractional quantities allowed.
    pub fractional: bool,
    /// Buying by amount allowed.
    pub by_amount: bool,
}

/// The order types of a US stock for one side (SPEC.md §7: order-types with stockId and transactionType).
#[utoipa::path(get, path = "/v1/us-stocks/order-types", tag = "us-stocks", params(OrderTypesQuery),
    responses((status = 200, body = Data<Vec<UsOrderTypeOption>>), (status = 400, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody)))]
pub async fn order_types(
    State(state): State<AppState>,
    Query(q): Query<OrderTypesQuery>,
) -> ApiResult<Data<Vec<UsOrderTypeOption>>> {
    let stock_id = q.stock_id.trim().to_ascii_uppercase();
    let side: Side = q
        .transaction_type
        .trim()
        .to_ascii_uppercase()
        .parse()
        .map_err(|_| crate::features::orders::errors::invalid_order("transactionType: BUY or SELL"))?;
    let (market, _) = market_now(&state, &stock_id, Bucket::Paln)?;
    Ok(Data::new(order_type_options(side, market.phase)))
}

/// type, code, available now, extended hours, fractional, by amount, sells only.
type TypeRow = (OrderFormType, Option<u8>, bool, bool, bool, bool, bool);

/// The order types of a side in `phase` (docs/us-stocks.md "Order rules").
fn order_type_options(side: Side, phase: Phase) -> Vec<UsOrderTypeOption> {
    let regular = phase == Phase::Regular;
    let open = phase != Phase::Closed;
    let buy = side == Side::Buy;
    let table: [TypeRow; 6] = [
        (OrderFormType::Market, Some(2), regular, false, true, buy, false),
        (OrderFormType::Limit, Some(1), open, true, true, false, false),
        (OrderFormType::Stop, Some(3), open, false, false, false, false),
        (OrderFormType::StopLimit, Some(4), open, false, false, false, false),
        (OrderFormType::TrailingStop, Some(3), open, false, false, false, true),
        (OrderFormType::Oco, None, open, false, false, false, true),
    ];
    table
        .into_iter()
        .filter(|row| !row.6 || !buy)
        .map(|(order_type, code, available_now, extended, fractional, by_amount, _)| {
            let mut hours = vec![TradingHours::RegularHours];
            if extended {
                hours.push(TradingHours::IncludeExtendedHours);
            }
            UsOrderTypeOption {
                order_type,
                order_type_code: code,
                available_now,
                trading_hours: hours,
                time_in_force: vec![TimeInForce::GoodTillCancel, TimeInForce::GoodTillMarketClose],
                fractional,
                by_amount,
            }
        })
        .collect()
}

/// What an order would cost or bring.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UsEstimate {
    /// The price the estimate uses (limit, trigger or the market), dollars.
    pub price: String,
    /// Shares.
    pub quantity: String,
    /// Value of the shares, dollars.
    pub value: String,
    /// Commission, dollars.
    pub fee: String,
    /// Regulatory fees (sells), dollars.
    pub tax: String,
    /// A buy: what leaves the bucket (own part, fee, tax); a sell: what arrives before any loan is repaid.
    pub total: String,
    /// The user's own money in a buy (value ÷ leverage).
    pub own_part: String,
    /// What the broker lends on a leveraged buy.
    pub borrowed: String,
    /// `PALN`, `LEVERAGE` or `INTRADAY`.
    pub bucket: Bucket,
    /// The bucket's buying power now (usdCash × leverage).
    pub buying_power: String,
    /// The total in rupiah at the current USD/IDR mid rate.
    pub total_idr: String,
}

/// Which side an estimate is for, beside the order's fields.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct SideQuery {
    /// `BUY` or `SELL` (any letter case).
    #[param(value_type = Side, inline)]
    pub transaction_type: String,
}

/// The estimate of an order as the buy or sell call would take it (SPEC.md §7: GET estimate price).
#[utoipa::path(get, path = "/v1/us-stocks/estimate", tag = "us-stocks", security(("bearer" = [])),
    params(SideQuery, ("stockId" = String, Query, description = "Ticker"), ("orderType" = inline(OrderFormType), Query, description = "MARKET, LIMIT, STOP, STOP_LIMIT, TRAILING_STOP, OCO"),
           ("quantity" = Option<String>, Query, description = "Shares", format = "decimal-or-empty"), ("amount" = Option<String>, Query, description = "Dollars (market buy)", format = "decimal-or-empty"),
           ("unitPrice" = Option<String>, Query, description = "Limit price", format = "decimal-or-empty"), ("stopPrice" = Option<String>, Query, description = "Trigger price", format = "decimal-or-empty"),
           ("leverage" = Option<u8>, Query, description = "1, 2 or 4")),
    responses((status = 200, body = Data<UsEstimate>), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
pub async fn estimate(
    State(state): State<AppState>,
    caller: AuthUser,
    Query(side): Query<SideQuery>,
    Query(body): Query<UsOrderBody>,
) -> ApiResult<Data<UsEstimate>> {
    require_verified(&caller)?;
    let side: Side = side
        .transaction_type
        .trim()
        .to_ascii_uppercase()
        .parse()
        .map_err(|_| crate::features::orders::errors::invalid_order("transactionType: BUY or SELL"))?;
    let leveraged = body.leverage.is_some_and(|l| l > 1);
    let parsed = parse(&body, side, leveraged)?;
    let d = &parsed.draft;
    // The estimate takes the fields the order would; the session is checked when it is placed.
    super::rules::check_fields(d).map_err(ApiError::from)?;
    let stock_id = body.stock_id.trim().to_ascii_uppercase();
    let (market, ask) = market_now(&state, &stock_id, d.bucket)?;
    // The price the order means: its limit, else its trigger, else the side of the market it meets.
    let touch = if side == Side::Buy { ask } else { market.bid };
    let price = d.limit.or(d.stop).unwrap_or(touch);
    // Every figure below comes from the caller's price, quantity or amount, so one too large to
    // count is their input's fault.
    let too_large = ApiError::amount_out_of_range;
    let quantity = match d.quantity {
        Some(quantity) => quantity,
        None => quantity_for(d.amount.unwrap_or(0), price).map_err(too_large)?,
    };
    let fees = &state.us_stocks.settings.fees;
    let value = match (side, d.amount) {
        (Side::Buy, Some(amount)) => amount,
        (Side::Buy, None) => value_up(price, quantity).map_err(too_large)?,
        (Side::Sell, _) => value_down(price, quantity).map_err(too_large)?,
    };
    let (pct_fee, pct_tax) = fees.for_side(side);
    let (fee, tax) = domain::fees::fee_and_tax(value, pct_fee, pct_tax).map_err(too_large)?;
    let own = own_part(value, d.bucket);
    let total = if side == Side::Buy { buy_cost(value, d.bucket, fees) } else { sell_net(value, fee, tax) }
        .map_err(too_large)?;
    let cash = store::ledger::balance_of(
        &state.db,
        &domain::ledger::AccountRef::user(&caller.user_id, d.bucket.cash_kind(), USD),
    )
    .await?
    .map_or(0, |b| b.available());
    let rate = state.markets.usd_idr(state.clock.now()).map_err(ApiError::internal)?;
    let total_idr = amounts::at_rate(MinorUnits::usd(total).to_decimal(), rate, 0).map_err(too_large)?;
    Ok(Data::new(UsEstimate {
        price: price_text(price),
        quantity: shares(quantity).to_string(),
        value: usd_text(value),
        fee: usd_text(fee),
        tax: usd_text(tax),
        total: usd_text(total),
        own_part: usd_text(if side == Side::Buy { own } else { 0 }),
        borrowed: usd_text(if side == Side::Buy { value - own } else { 0 }),
        bucket: d.bucket,
        buying_power: usd_text(amounts::buying_power(cash, d.bucket.multiplier())?),
        total_idr: total_idr.to_string(),
    }))
}

/// One position of the caller.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UsPositionView {
    /// Ticker.
    pub stock_id: String,
    /// `PALN`, `LEVERAGE` or `INTRADAY`.
    pub bucket: Bucket,
    /// 1, 2 or 4.
    pub leverage: u8,
    /// Shares held.
    pub quantity: String,
    /// Average cost per share, dollars.
    pub average_price: Option<String>,
    /// Average cost per share in rupiah at today's mid rate.
    pub average_price_idr: Option<String>,
    /// The bid the position is valued at.
    pub market_price: String,
    /// Value at the bid, dollars.
    pub market_value: String,
    /// Value at the bid in rupiah.
    pub market_value_idr: String,
    /// Value less cost, dollars.
    pub unrealized_pnl: String,
    /// Unrealised profit as a percentage of cost.
    pub unrealized_pnl_percentage: String,
    /// Profit realised by sells, fees deducted, dollars.
    pub realized_pnl: String,
    /// Dividends received after withholding, dollars.
    pub dividends: String,
    /// What the broker lends, dollars.
    pub borrowed: String,
    /// Equity as a percentage of value (100 without a loan).
    pub equity_percentage: String,
    /// `NORMAL` or `MARGIN_CALL`.
    pub margin_status: UsMarginStatus,
}

/// The caller's US-stock positions per bucket (SPEC.md §7: position overview).
#[utoipa::path(get, path = "/v1/us-stocks/positions", tag = "us-stocks", security(("bearer" = [])),
    responses((status = 200, body = Data<Vec<UsPositionView>>), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody)))]
pub async fn positions(State(state): State<AppState>, caller: AuthUser) -> ApiResult<Data<Vec<UsPositionView>>> {
    require_verified(&caller)?;
    let now = state.clock.now();
    let rate = state.markets.usd_idr(now).map_err(ApiError::internal)?;
    let idr =
        |usd: Decimal| amounts::at_rate(usd, rate, 0).map(|idr| idr.to_string()).map_err(ApiError::amount_out_of_range);
    let mut out = Vec::new();
    for p in repo::positions_of(&state.db, &caller.user_id).await? {
        let bid = state.us_stocks.venue.quote(&p.stock_id, now).map_or(0, |q| q.bid);
        let value = value_down(bid, p.quantity)?;
        let bucket: Bucket = p.bucket.parse().unwrap_or(Bucket::Paln);
        let average = (p.quantity > 0).then(|| average_price(p.cost, p.quantity)).flatten();
        let pnl = value - p.cost;
        let pnl_pct =
            if p.cost > 0 { Decimal::from(pnl) * Decimal::ONE_HUNDRED / Decimal::from(p.cost) } else { Decimal::ZERO };
        out.push(UsPositionView {
            stock_id: p.stock_id.clone(),
            bucket,
            leverage: bucket.leverage().multiplier(),
            quantity: shares(p.quantity).to_string(),
            average_price: average.map(|a| a.normalize().to_string()),
            average_price_idr: average.map(idr).transpose()?,
            market_price: price_text(bid),
            market_value: usd_text(value),
            market_value_idr: idr(MinorUnits::usd(value).to_decimal())?,
            unrealized_pnl: usd_text(pnl),
            unrealized_pnl_percentage: format::percent(pnl_pct).to_string(),
            realized_pnl: usd_text(p.realized),
            dividends: usd_text(p.dividends),
            borrowed: usd_text(p.borrowed),
            equity_percentage: format::percent(equity_percentage(&p, bid)?).to_string(),
            margin_status: p.margin_status,
        });
    }
    Ok(Data::new(out))
}

/// A corporate action.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CorporateActionView {
    /// Id.
    pub id: String,
    /// A dividend or a split.
    pub kind: CorporateActionKind,
    /// Ex-date.
    pub ex_date: String,
    /// Record date.
    pub record_date: String,
    /// Pay date.
    pub pay_date: String,
    /// Dividend per share, dollars.
    pub cash_per_share: Option<String>,
    /// A split's ratio, `new:old` (e.g. `4:1`).
    pub ratio: Option<String>,
    /// Applied to holders.
    pub applied: bool,
}

/// A stock's dividends and splits, newest first.
#[utoipa::path(get, path = "/v1/us-stocks/{stock_id}/corporate-actions", tag = "us-stocks",
    params(("stock_id" = String, Path, description = "Ticker")),
    responses((status = 200, body = Data<Vec<CorporateActionView>>), (status = 404, body = crate::api::ErrorBody)))]
pub async fn corporate_actions(
    State(state): State<AppState>,
    Path(stock_id): Path<String>,
) -> ApiResult<Data<Vec<CorporateActionView>>> {
    let stock_id = stock_id.trim().to_ascii_uppercase();
    state.us_stocks.stock(&stock_id).ok_or_else(|| unknown_stock(&stock_id))?;
    let rows = corporate_repo::of_stock(&state.db, &stock_id).await?;
    Ok(Data::new(
        rows.iter()
            .map(|a| CorporateActionView {
                id: a.id.clone(),
                kind: a.kind,
                ex_date: a.ex_date.clone(),
                record_date: a.record_date.clone(),
                pay_date: a.pay_date.clone(),
                cash_per_share: a.cash_per_share.map(usd_text),
                ratio: a.ratio_to.zip(a.ratio_from).map(|(to, from)| format!("{to}:{from}")),
                applied: a.applied_at_ms.is_some(),
            })
            .collect(),
    ))
}
