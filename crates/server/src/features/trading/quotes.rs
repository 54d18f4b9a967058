//! Read-only trading calls: order types, price quote, slider input (R3.07), estimate (R3.06,
//! R5.11) and the crypto balance (R3.12). They read the owner's published book view.

use axum::extract::{Query, State};
use domain::ledger::{AccountKind, AccountRef};
use domain::money::{MinorUnits, MoneyError};
use domain::orders::{OrderFormType, OrderType, Side};
use domain::trading_flags::TradingMode;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use store::ledger;
use utoipa::{IntoParams, ToSchema};

use super::input::{given, pair, units};
use crate::features::orders::errors::invalid_order;
use domain::fees::{buy_total, fee_and_tax, net_for_gross, sell_net};

use super::pair::PairSpec;
use super::{Pair, PairView};
use crate::api::auth::AuthUser;
use crate::api::{ApiError, ApiResult, Data};
use crate::state::AppState;

/// A pair.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PairQuery {
    /// Pair, e.g. `BTC-IDR`.
    pub symbol: String,
}

/// A pair and a side.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct SideQuery {
    /// Pair.
    pub symbol: String,
    /// `BUY` or `SELL` (any letter case).
    #[param(value_type = Side, inline)]
    pub side: String,
}

/// A side in any letter case, with spaces around it.
fn parse_side(text: &str) -> ApiResult<Side> {
    text.trim().to_ascii_uppercase().parse().map_err(|_| invalid_order("side: BUY or SELL"))
}

/// One order type offered (R4.07).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderTypeView {
    /// `MARKET`, `LIMIT`, `STOP`, `STOP_LIMIT`, `OCO` or `TRAILING_STOP`.
    pub order_type: OrderFormType,
    /// LIMIT 1, MARKET 2, STOP 3, STOP_LIMIT 4; OCO none.
    pub code: Option<u8>,
    /// Other spellings the server accepts (`instant` for market).
    pub aliases: Vec<String>,
    /// Whether it may be sized by rupiah amount (market buys only).
    pub amount_input: bool,
    /// Whether only a sell may have it (a trailing stop protects coins held, R4.10).
    pub sell_only: bool,
}

/// The order types and which sides are open to the caller (R4.07, R4.11, R6.02).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderTypes {
    /// Pair.
    pub symbol: String,
    /// Offered types.
    pub order_types: Vec<OrderTypeView>,
    /// Disabled, BuyDisabled, SellDisabled or None in the caller's mode (R4.11).
    pub buy_sell_availability: String,
    /// The caller trades this pair in pro mode (R6.02).
    pub pro_mode: bool,
}

/// The crypto order types and the caller's availability.
#[utoipa::path(get, path = "/v1/crypto/order-types", tag = "trading", security(("bearer" = [])), params(PairQuery),
    responses((status = 200, body = Data<OrderTypes>), (status = 404, body = crate::api::ErrorBody)))]
pub async fn order_types(
    State(state): State<AppState>,
    caller: AuthUser,
    Query(q): Query<PairQuery>,
) -> ApiResult<Data<OrderTypes>> {
    let pair = pair(&state.trading, &q.symbol)?.clone();
    let mode = TradingMode::for_user(caller.pro, Some(pair.spec.enable_pro_mode));
    let flags = state.markets.asset(&pair.spec.symbol).map(|a| a.flags);
    let availability = flags.map(|f| f.availability(mode).to_string()).unwrap_or_default();
    let types = [OrderType::Market, OrderType::Limit, OrderType::Stop, OrderType::StopLimit, OrderType::Oco];
    let mut order_types: Vec<OrderTypeView> = types
        .iter()
        .map(|t| OrderTypeView {
            order_type: OrderFormType::of(*t),
            code: t.code(),
            aliases: if *t == OrderType::Market { vec!["instant".into()] } else { vec![] },
            amount_input: *t == OrderType::Market,
            sell_only: false,
        })
        .collect();
    // A stop whose trigger follows the best bid: placed as orderType TRAILING_STOP (or STOP with
    // orderSubType TRAILING_STOP) with trailAmount or trailPercent.
    order_types.push(OrderTypeView {
        order_type: OrderFormType::TrailingStop,
        code: None,
        aliases: vec![],
        amount_input: false,
        sell_only: true,
    });
    Ok(Data::new(OrderTypes {
        symbol: pair.spec.symbol.clone(),
        order_types,
        buy_sell_availability: availability,
        pro_mode: mode == TradingMode::Pro,
    }))
}

/// Best prices now.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceQuote {
    /// Pair.
    pub symbol: String,
    /// Highest bid.
    pub best_bid: Option<String>,
    /// Lowest ask.
    pub best_ask: Option<String>,
    /// Last trade in the book, else the mid.
    pub last_price: Option<String>,
    /// Unix ms.
    pub time_ms: i64,
}

fn dec(spec: &PairSpec, units: Option<i64>) -> Option<String> {
    units.map(|u| spec.price(u).to_string())
}

/// The price to convert with: the side's best opposite price, else the last trade.
fn conversion_price(view: &PairView, side: Side) -> Option<i64> {
    let best = match side {
        Side::Buy => view.asks.first(),
        Side::Sell => view.bids.first(),
    };
    best.map(|l| l.price).or(view.last_price)
}

/// Best bid, best ask and last price of a pair (public).
#[utoipa::path(get, path = "/v1/crypto/price-quote", tag = "trading", params(PairQuery),
    responses((status = 200, body = Data<PriceQuote>), (status = 404, body = crate::api::ErrorBody)))]
pub async fn price_quote(State(state): State<AppState>, Query(q): Query<PairQuery>) -> ApiResult<Data<PriceQuote>> {
    let pair = pair(&state.trading, &q.symbol)?;
    let view = pair.view();
    let bid = view.bids.first().map(|l| l.price);
    let ask = view.asks.first().map(|l| l.price);
    let mid = bid.zip(ask).map(|(b, a)| i64::midpoint(b, a));
    Ok(Data::new(PriceQuote {
        symbol: pair.spec.symbol.clone(),
        best_bid: dec(&pair.spec, bid),
        best_ask: dec(&pair.spec, ask),
        last_price: dec(&pair.spec, view.last_price.or(mid)),
        time_ms: state.clock.now_ms(),
    }))
}

/// The slider's steps (R3.07).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StepConfig {
    /// One quantity step.
    pub quantity: String,
    /// One amount step (rupiah).
    pub amount: String,
}

/// The slider input of the order panel (R3.07; the slider itself is R5.04).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SliderInput {
    /// Rupiah a buy may spend: free cash plus voucher credit (a buy's power).
    pub amount: String,
    /// Free coins (a sell's power).
    pub quantity: String,
    /// The maximum: rupiah for buys, coins for sells.
    pub power: String,
    /// The price converting one into the other.
    pub conversion_value: Option<String>,
    /// Tax on this side, percent (PMK 50/2025; docs/trading.md).
    pub taxation_fee_percentage: String,
    /// The broker's fee, percent.
    pub transaction_fee_percentage: String,
    /// Steps.
    pub step_config: StepConfig,
    /// Quantity decimals.
    pub quantity_precision: u32,
    /// Amount decimals.
    pub amount_precision: u32,
}

/// What the caller can spend or sell now: (rupiah a buy may spend, sen; coins free, ledger units;
/// coins in all, ledger units). A buy spends voucher credit before cash, so its power is both.
async fn free_balances(state: &AppState, user_id: &str, spec: &PairSpec) -> ApiResult<(i64, i64, i64)> {
    let available = |account: AccountRef| async move {
        // The ledger's error maps at the edge (a busy pool is a 503, not a 500).
        let balance = ledger::balance_of(&state.db, &account).await?;
        Ok::<_, ApiError>(balance.map(|b| b.available()))
    };
    let cash = available(AccountRef::idr_cash(user_id)).await?.unwrap_or(0);
    let voucher = available(AccountRef::idr_voucher(user_id)).await?.unwrap_or(0);
    let coin = ledger::balance_of(&state.db, &AccountRef::user(user_id, AccountKind::Crypto, &spec.base))
        .await?
        .unwrap_or(ledger::Balance { balance: 0, held: 0 });
    Ok((cash + voucher, coin.available(), coin.balance))
}

/// Ledger units of the coin as whole engine quantity units (floored).
fn coin_quantity(spec: &PairSpec, ledger_units: i64) -> Result<i64, MoneyError> {
    Ok(ledger_units / spec.ledger_units(1)?.max(1))
}

/// The order panel's slider input (R3.07): power, fee and tax percentages, steps and precisions.
#[utoipa::path(get, path = "/v1/crypto/slider-input", tag = "trading", security(("bearer" = [])), params(SideQuery),
    responses((status = 200, body = Data<SliderInput>), (status = 400, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody)))]
pub async fn slider_input(
    State(state): State<AppState>,
    caller: AuthUser,
    Query(q): Query<SideQuery>,
) -> ApiResult<Data<SliderInput>> {
    let side = parse_side(&q.side)?;
    let buy = side == Side::Buy;
    let pair = pair(&state.trading, &q.symbol)?.clone();
    let spec = &pair.spec;
    let (cash, coin, _) = free_balances(&state, &caller.user_id, spec).await?;
    let quantity = spec.quantity(coin_quantity(spec, coin)?).to_string();
    let (fee, tax) = state.trading.settings.fees.for_side(side);
    Ok(Data::new(SliderInput {
        amount: MinorUnits::idr(cash).to_string(),
        power: if buy { MinorUnits::idr(cash).to_string() } else { quantity.clone() },
        quantity,
        conversion_value: dec(spec, conversion_price(&pair.view(), side)),
        taxation_fee_percentage: tax.normalize().to_string(),
        transaction_fee_percentage: fee.normalize().to_string(),
        step_config: StepConfig { quantity: spec.quantity(1).to_string(), amount: "1".into() },
        quantity_precision: spec.quantity_scale,
        amount_precision: 0,
    }))
}

/// An estimate's input; empty fields count as absent (R5.11).
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct EstimateQuery {
    /// Pair.
    pub symbol: String,
    /// `BUY` or `SELL` (any letter case).
    #[param(value_type = Side, inline)]
    pub side: String,
    /// Coins.
    #[param(format = "decimal-or-empty")]
    pub quantity: Option<String>,
    /// Rupiah, fees included (buys by amount).
    #[param(format = "decimal-or-empty")]
    pub amount: Option<String>,
    /// A limit price to estimate at instead of the book.
    #[param(format = "decimal-or-empty")]
    pub limit_price: Option<String>,
}

/// An estimated order result (R3.06).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EstimatedOrder {
    /// Value of the coins before fee and tax, rupiah.
    pub estimated_amount: String,
    /// What a buy costs or a sell pays out, fee and tax included, rupiah.
    pub estimated_total_amount: String,
    /// The broker's transaction fee on the value, rupiah (rounded up to the sen, R5.06).
    pub estimated_fee: String,
    /// The tax on the value, rupiah (rounded up to the sen; none on a buy under PMK 50/2025).
    pub estimated_tax: String,
    /// Coins the order moves.
    pub quantity: String,
    /// The same coins in the coin's smallest units.
    pub cryptocurrency_units: String,
}

/// Walks one side of the view for `quantity`; value in sen, `None` without enough depth.
fn value_for_quantity(spec: &PairSpec, levels: &[engine::LevelView], quantity: i64) -> Result<Option<i64>, MoneyError> {
    let mut left = quantity;
    let mut value = MinorUnits::idr(0);
    for level in levels {
        let take = left.min(level.qty);
        value = value.checked_add(MinorUnits::idr(spec.value_sen(level.price, take)?))?;
        left -= take;
        if left == 0 {
            return Ok(Some(value.count()));
        }
    }
    Ok(None)
}

/// Walks the asks spending at most `net` sen; returns (quantity, value).
fn quantity_for_value(spec: &PairSpec, levels: &[engine::LevelView], net: i64) -> Result<(i64, i64), MoneyError> {
    let (mut quantity, mut value) = (0i64, 0i64);
    for level in levels {
        // Exact: what the sen left buy at this price, rounded down.
        let affordable = spec.quantity_for_sen(net - value, level.price.max(1))?;
        let take = affordable.min(level.qty);
        quantity += take;
        value += spec.value_sen(level.price, take)?;
        if take < level.qty {
            break;
        }
    }
    Ok((quantity, value))
}

/// Estimates an order against the book now, fee and tax included (R3.06); empty fields are
/// ignored (R5.11).
#[utoipa::path(get, path = "/v1/crypto/estimate", tag = "trading", params(EstimateQuery),
    responses((status = 200, body = Data<EstimatedOrder>), (status = 400, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody)))]
pub async fn estimate(
    State(state): State<AppState>,
    Query(q): Query<EstimateQuery>,
) -> ApiResult<Data<EstimatedOrder>> {
    let side = parse_side(&q.side)?;
    let buy = side == Side::Buy;
    let pair: Pair = pair(&state.trading, &q.symbol)?.clone();
    let spec = &pair.spec;
    let fees = &state.trading.settings.fees;
    let view = pair.view();
    let limit = given(&q.limit_price).map(|t| units("limitPrice", t, spec.price_scale)).transpose()?;
    // Every figure below comes from the caller's price, quantity or amount, so one too large to
    // count is their input's fault.
    let too_large = ApiError::amount_out_of_range;
    let (quantity, value) = match (given(&q.quantity), given(&q.amount)) {
        (Some(text), _) => {
            let quantity = units("quantity", text, spec.quantity_scale)?;
            let levels = if buy { &view.asks } else { &view.bids };
            let value = match limit {
                Some(price) => spec.value_sen(price, quantity).map_err(too_large)?,
                None => value_for_quantity(spec, levels, quantity)
                    .map_err(too_large)?
                    .ok_or_else(|| super::api(super::TradeError::NoLiquidity))?,
            };
            (quantity, value)
        }
        (None, Some(text)) if buy => {
            let gross = units("amount", text, 2)?;
            let net = net_for_gross(gross, fees).map_err(too_large)?;
            match limit {
                Some(price) => {
                    let quantity = spec.quantity_for_sen(net, price).map_err(too_large)?;
                    (quantity, spec.value_sen(price, quantity).map_err(too_large)?)
                }
                None => quantity_for_value(spec, &view.asks, net).map_err(too_large)?,
            }
        }
        (None, Some(_)) => return Err(invalid_order("amount: only buys are sized by amount")),
        (None, None) => return Err(invalid_order("quantity or amount: required")),
    };
    let (fee_pct, tax_pct) = fees.for_side(side);
    let (fee, tax) = fee_and_tax(value, fee_pct, tax_pct).map_err(too_large)?;
    let total = if buy { buy_total(value, fees) } else { sell_net(value, fee, tax) }.map_err(too_large)?;
    Ok(Data::new(EstimatedOrder {
        estimated_amount: MinorUnits::idr(value).to_string(),
        estimated_total_amount: MinorUnits::idr(total).to_string(),
        estimated_fee: MinorUnits::idr(fee).to_string(),
        estimated_tax: MinorUnits::idr(tax).to_string(),
        quantity: spec.quantity(quantity).to_string(),
        cryptocurrency_units: spec.ledger_units(quantity).map_err(too_large)?.to_string(),
    }))
}

/// A coin balance (R3.12).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CryptoBalance {
    /// Pair.
    pub symbol: String,
    /// The coin, e.g. `BTC`.
    pub asset: String,
    /// Every coin held, open sell orders included.
    pub balance: String,
    /// Coins not reserved by open sell orders.
    pub quantity_available_for_sale: String,
    /// Crypto has no intraday distinction: the same as `quantityAvailableForSale`.
    pub intraday_quantity_available_for_sale: String,
}

/// The caller's balance of a pair's coin (R3.12).
#[utoipa::path(get, path = "/v1/crypto/balance", tag = "trading", security(("bearer" = [])), params(PairQuery),
    responses((status = 200, body = Data<CryptoBalance>), (status = 404, body = crate::api::ErrorBody)))]
pub async fn balance(
    State(state): State<AppState>,
    caller: AuthUser,
    Query(q): Query<PairQuery>,
) -> ApiResult<Data<CryptoBalance>> {
    let pair = pair(&state.trading, &q.symbol)?.clone();
    let spec = &pair.spec;
    let (_, free, total) = free_balances(&state, &caller.user_id, spec).await?;
    let coins = |units: i64| Decimal::new(units, spec.ledger_scale).normalize().to_string();
    Ok(Data::new(CryptoBalance {
        symbol: spec.symbol.clone(),
        asset: spec.base.clone(),
        balance: coins(total),
        quantity_available_for_sale: coins(free),
        intraday_quantity_available_for_sale: coins(free),
    }))
}
