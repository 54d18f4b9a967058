//! The US-stock order payload (R3.15) at the edge: decimal text into units, the R4.15–R4.17
//! normalisation, and the draft the rules check.

use domain::money::Scale;
use domain::orders::{Bucket, Leverage, OrderFormType, OrderKind, ProtectiveKind, Side, TimeInForce, TradingHours};
use rust_decimal::Decimal;
use serde::Deserialize;
use utoipa::ToSchema;

use super::rules::Draft;
use crate::api::ApiError;
use crate::features::orders::errors::invalid_order;
use crate::features::orders::input::{given, number_text, units};

/// A US-stock buy or sell (R3.15), plus the trailing distance of a trailing stop.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UsOrderBody {
    /// The ticker, e.g. `AAPL`.
    #[schema(min_length = 1, max_length = 12)]
    pub stock_id: String,
    /// Shares, at most 6 decimals; fractional only for market and limit orders in regular hours.
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal-or-empty", value_type = Option<String>, example = "1.5")]
    pub quantity: Option<String>,
    /// Limit price in dollars (LIMIT, STOP_LIMIT, the take-profit of an OCO is `takeProfit`).
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal-or-empty", value_type = Option<String>, example = "190.50")]
    pub unit_price: Option<String>,
    /// Dollars to spend before fees: a market buy by amount (ignored when a quantity is given, R4.17).
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal-or-empty", value_type = Option<String>, example = "25")]
    pub amount: Option<String>,
    /// `GOOD_TILL_CANCEL` (default) or `GOOD_TILL_MARKET_CLOSE`; intraday orders are always the latter.
    pub time_in_force: Option<TimeInForce>,
    /// `MARKET`, `LIMIT`, `STOP`, `STOP_LIMIT`, `OCO`, or `TRAILING_STOP`.
    #[schema(value_type = OrderFormType, example = "LIMIT")]
    pub order_type: String,
    /// `TRAILING_STOP` with orderType `STOP` makes a trailing stop (R4.10); others are ignored.
    #[schema(value_type = Option<ProtectiveKind>)]
    pub order_sub_type: Option<String>,
    /// `REGULAR_HOURS` (default) or `INCLUDE_EXTENDED_HOURS`; dropped for 4x intraday (R4.16).
    pub trading_hours: Option<TradingHours>,
    /// Trigger price of a stop or stop-limit, dollars.
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal-or-empty", value_type = Option<String>)]
    pub stop_price: Option<String>,
    /// Stop-loss: an OCO sell's stop leg, or a buy's exit once filled (R2.13).
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal-or-empty", value_type = Option<String>)]
    pub stop_loss: Option<String>,
    /// Take-profit: an OCO sell's limit leg, or a buy's exit once filled (R2.13).
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal-or-empty", value_type = Option<String>)]
    pub take_profit: Option<String>,
    /// A trailing stop's distance in dollars.
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal-or-empty", value_type = Option<String>)]
    pub trail_amount: Option<String>,
    /// A trailing stop's distance in percent (above 0, below the price band).
    #[serde(default, deserialize_with = "number_text")]
    #[schema(format = "decimal-or-empty", value_type = Option<String>)]
    pub trail_percent: Option<String>,
    /// 2 or 4 on the leverage endpoints; absent or 1 on the normal ones (R4.15).
    #[schema(value_type = Option<u8>, minimum = 1, maximum = 4)]
    pub leverage: Option<u8>,
    /// Derived from the leverage (4 means intraday, R4.16); what the caller sends is ignored.
    #[expect(dead_code, reason = "accepted for the R3.15 payload; the server derives it (R4.16)")]
    pub is_intraday_leverage: Option<bool>,
}

/// A parsed order: the draft for the rules and what only placement needs.
#[derive(Debug, Clone)]
pub struct Parsed {
    /// What the rules check.
    pub draft: Draft,
    /// OCO: the take-profit and stop-loss legs of a sell.
    pub oco: bool,
    /// Take-profit price units (an OCO leg or a buy's bracket exit).
    pub take_profit: Option<i64>,
    /// Stop-loss price units.
    pub stop_loss: Option<i64>,
}

fn price(field: &str, text: &Option<String>) -> Result<Option<i64>, ApiError> {
    optional(field, text, Scale::US_STOCK_PRICE)
}

fn optional(field: &str, text: &Option<String>, scale: Scale) -> Result<Option<i64>, ApiError> {
    given(text).map(|t| units(field, t, scale.decimal_places())).transpose()
}

/// Parses the body for `side`; `leverage_endpoint` says which endpoint family it came to (R4.15).
pub fn parse(body: &UsOrderBody, side: Side, leverage_endpoint: bool) -> Result<Parsed, ApiError> {
    let leverage = Leverage::try_from(body.leverage.unwrap_or(1)).map_err(|_| invalid_order("leverage: 1, 2 or 4"))?;
    if leverage.is_leveraged() != leverage_endpoint {
        return Err(invalid_order(if leverage_endpoint {
            "leverage: 2 or 4 on the leverage endpoints"
        } else {
            "leverage: leveraged orders go to the leverage endpoints"
        }));
    }
    let bucket = Bucket::of(leverage);
    let order_type = body.order_type.trim().to_ascii_uppercase();
    let trailing_sub = body.order_sub_type.as_deref().map(str::trim) == Some("TRAILING_STOP");
    let (kind, oco) = match order_type.as_str() {
        "MARKET" | "INSTANT" => (OrderKind::Market, false),
        "LIMIT" => (OrderKind::Limit, false),
        "STOP" if trailing_sub => (OrderKind::TrailingStop, false),
        "TRAILING_STOP" => (OrderKind::TrailingStop, false),
        "STOP" => (OrderKind::Stop, false),
        "STOP_LIMIT" => (OrderKind::StopLimit, false),
        "OCO" => (OrderKind::Limit, true),
        _ => return Err(invalid_order("orderType: MARKET, LIMIT, STOP, STOP_LIMIT, TRAILING_STOP or OCO")),
    };
    let quantity = optional("quantity", &body.quantity, Scale::SHARES)?;
    // R4.17: a quantity fixes the order, so an amount beside it is dropped.
    let amount = if quantity.is_some() { None } else { optional("amount", &body.amount, Scale::USD)? };
    let take_profit = price("takeProfit", &body.take_profit)?;
    let stop_loss = price("stopLoss", &body.stop_loss)?;
    let trail_percent = given(&body.trail_percent)
        .map(|t| units("trailPercent", t, 4).map(|u| Decimal::new(u, 4).normalize()))
        .transpose()?;
    // R4.16: intraday has its own hours and never outlives the day.
    let (hours, tif) = if bucket == Bucket::Intraday {
        (TradingHours::Intraday, TimeInForce::GoodTillMarketClose)
    } else {
        let hours = body.trading_hours.unwrap_or(TradingHours::RegularHours);
        if hours == TradingHours::Intraday {
            return Err(invalid_order("tradingHours: INTRADAY is for 4x leverage"));
        }
        (hours, body.time_in_force.unwrap_or(TimeInForce::GoodTillCancel))
    };
    let mut draft = Draft {
        side,
        bucket,
        kind,
        time_in_force: tif,
        hours,
        quantity,
        amount,
        limit: price("unitPrice", &body.unit_price)?,
        stop: price("stopPrice", &body.stop_price)?,
        trail_amount: price("trailAmount", &body.trail_amount)?,
        trail_percent,
    };
    if oco {
        if side != Side::Sell {
            return Err(invalid_order(
                "orderType: OCO closes a position: a sell (a buy takes takeProfit and stopLoss)",
            ));
        }
        let (Some(tp), Some(sl)) = (take_profit, stop_loss) else {
            return Err(invalid_order("takeProfit and stopLoss: both required for OCO"));
        };
        if tp <= sl {
            return Err(invalid_order("takeProfit must be above stopLoss"));
        }
        draft.limit = Some(tp);
    } else if side == Side::Sell && (take_profit.is_some() || stop_loss.is_some()) {
        return Err(invalid_order("takeProfit/stopLoss: on a sell, use orderType OCO"));
    }
    Ok(Parsed { draft, oco, take_profit, stop_loss })
}
