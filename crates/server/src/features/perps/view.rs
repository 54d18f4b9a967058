//! What the perpetuals calls answer: orders, positions, instruments, fills, funding payments and
//! liquidations, with every number as exact decimal text.

use domain::money::MinorUnits;
use domain::orders::{
    NumericOrderState, OrderStatus, PerpMarginStatus, PerpOrderReason, PerpOrderType, PerpOrigin, PositionSide, Side,
};
use domain::perps::{Exposure, Round, MARGIN_CALL_PPM, PPM};
use domain::{amounts, format};
use rust_decimal::Decimal;
use serde::Serialize;
use utoipa::ToSchema;

use super::contracts::PerpInstrument;
use super::repo::{FillRow, FundingRow, LiquidationRow, OrderRow, PositionRow};
use crate::features::orders::state::numeric_state;

/// Ticks as a price.
pub fn price_text(inst: &PerpInstrument, ticks: i64) -> String {
    format::fixed_text(ticks, inst.contract.price_scale)
}

/// Lots as a contract quantity.
pub fn quantity_text(inst: &PerpInstrument, lots: i64) -> String {
    format::fixed_text(lots, inst.contract.quantity_scale)
}

/// Micro-USDT as USDT (at least two decimals).
pub fn usdt_text(micro: i64) -> String {
    MinorUnits::usdt(micro).to_text_min_places(2)
}

/// One perpetual order.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PerpOrderView {
    /// Order id.
    pub id: String,
    /// `BTCUSDT-PERP`.
    pub symbol: String,
    /// `BUY` (long) or `SELL` (short).
    pub side: Side,
    /// `MARKET`, `LIMIT`, `STOP_MARKET` or `STOP_LIMIT`.
    pub order_type: PerpOrderType,
    /// Contracts ordered.
    pub quantity: String,
    /// Limit price, USDT.
    pub price: Option<String>,
    /// Trigger price (mark), USDT.
    pub stop_price: Option<String>,
    /// Only reduces the position.
    pub reduce_only: bool,
    /// Take-profit its fills set on the position, USDT.
    pub take_profit: Option<String>,
    /// Stop-loss its fills set on the position, USDT.
    pub stop_loss: Option<String>,
    /// The leverage at placement.
    pub leverage: i64,
    /// `USER`, `CLOSE`, `TAKE_PROFIT`, `STOP_LOSS` or `LIQUIDATION`.
    pub origin: PerpOrigin,
    /// R4.01 status.
    pub status: OrderStatus,
    /// R4.05 numeric state.
    #[schema(value_type = i32)]
    pub state: NumericOrderState,
    /// A stop order whose trigger was reached.
    pub triggered: bool,
    /// Contracts filled.
    pub filled_quantity: String,
    /// The average fill price, USDT.
    pub average_price: Option<String>,
    /// Fees paid, USDT.
    pub fee: String,
    /// Profit realised by this order, USDT.
    pub realised_pnl: String,
    /// Why it closed without filling completely.
    pub reason: Option<PerpOrderReason>,
    /// Placed, ms since the epoch.
    pub created_at: i64,
    /// Last change, ms since the epoch.
    pub updated_at: i64,
}

impl PerpOrderView {
    /// The view of `order`.
    pub fn of(order: &OrderRow, inst: &PerpInstrument) -> Self {
        let status = order.status;
        let average = (order.filled_lots > 0).then(|| {
            let value = Decimal::new(order.filled_value, inst.contract.value_scale());
            let lots = Decimal::new(order.filled_lots, inst.contract.quantity_scale);
            amounts::average_price(value, lots, inst.contract.price_scale).unwrap_or_default().to_string()
        });
        Self {
            id: order.id.clone(),
            symbol: order.symbol.clone(),
            side: order.side,
            order_type: order.order_type,
            quantity: quantity_text(inst, order.lots),
            price: order.price.map(|p| price_text(inst, p)),
            stop_price: order.stop_price.map(|p| price_text(inst, p)),
            reduce_only: order.reduce_only == 1,
            take_profit: order.take_profit.map(|p| price_text(inst, p)),
            stop_loss: order.stop_loss.map(|p| price_text(inst, p)),
            leverage: order.leverage,
            origin: order.origin,
            status,
            state: numeric_state(status, order.is_open == 1),
            triggered: order.triggered == 1,
            filled_quantity: quantity_text(inst, order.filled_lots),
            average_price: average,
            fee: usdt_text(order.fee),
            realised_pnl: usdt_text(order.realised_pnl),
            reason: order.reason,
            created_at: order.created_at_ms,
            updated_at: order.updated_at_ms,
        }
    }
}

/// One open position, marked.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PositionView {
    /// `BTCUSDT-PERP`.
    pub symbol: String,
    /// `LONG`, `SHORT` or `FLAT`.
    pub side: PositionSide,
    /// Contracts (positive).
    pub size: String,
    /// Average entry price, USDT.
    pub entry_price: String,
    /// Mark price, USDT.
    pub mark_price: String,
    /// Notional at the mark, USDT.
    pub notional: String,
    /// The price at which the position would be liquidated with the wallet as it is, USDT.
    pub liquidation_price: Option<String>,
    /// Leverage.
    pub leverage: i64,
    /// Initial margin held, USDT.
    pub margin: String,
    /// Maintenance margin at the mark, USDT.
    pub maintenance_margin: String,
    /// Unrealised profit at the mark, USDT.
    pub unrealised_pnl: String,
    /// Unrealised profit over the initial margin at entry, percent (return on equity).
    pub roe_percentage: String,
    /// Realised profit since it opened, USDT.
    pub realised_pnl: String,
    /// Funding received (positive) or paid since it opened, USDT.
    pub funding: String,
    /// Take-profit trigger (mark), USDT.
    pub take_profit: Option<String>,
    /// Stop-loss trigger (mark), USDT.
    pub stop_loss: Option<String>,
    /// `OK` or `MARGIN_CALL` (the wallet's margin ratio at 80 % or more).
    pub margin_status: PerpMarginStatus,
    /// Opened, ms since the epoch.
    pub opened_at: i64,
}

impl PositionView {
    /// The view of `position` at `mark`; `equity_else` (micro-USDT) is what backs it for its
    /// liquidation price, `None` when the wallet is unknown here.
    pub fn of(position: &PositionRow, inst: &PerpInstrument, mark: i64, wallet: Option<(i64, Option<i64>)>) -> Self {
        let contract = &inst.contract;
        let exposure = Exposure { lots: position.lots, cost: position.cost };
        let unrealised = contract.unrealised_micro(exposure, mark);
        let entry = if position.lots == 0 {
            Decimal::ZERO
        } else {
            amounts::average_price(
                Decimal::new(position.cost, contract.value_scale()),
                Decimal::new(position.lots.abs(), contract.quantity_scale),
                contract.price_scale,
            )
            .unwrap_or_default()
        };
        let initial = contract.initial_micro(position.cost, u32::try_from(position.leverage).unwrap_or(1));
        let roe = if initial > 0 { (i128::from(unrealised) * i128::from(PPM) / i128::from(initial)) as i64 } else { 0 };
        let (liquidation, status) = match wallet {
            Some((equity_else, ratio)) => (
                contract.liquidation_price(exposure, equity_else, mark).map(|p| price_text(inst, p)),
                if ratio.is_some_and(|r| r >= MARGIN_CALL_PPM) {
                    PerpMarginStatus::MarginCall
                } else {
                    PerpMarginStatus::Ok
                },
            ),
            None => (None, PerpMarginStatus::Ok),
        };
        Self {
            symbol: position.symbol.clone(),
            side: PositionSide::of_size(position.lots),
            size: quantity_text(inst, position.lots.abs()),
            entry_price: entry.to_string(),
            mark_price: price_text(inst, mark),
            notional: usdt_text(contract.notional_micro(position.lots, mark, Round::Down)),
            liquidation_price: liquidation,
            leverage: position.leverage,
            margin: usdt_text(position.margin),
            maintenance_margin: usdt_text(contract.maintenance_micro(position.lots, mark)),
            unrealised_pnl: usdt_text(unrealised),
            roe_percentage: format::ppm_percent_text(roe),
            realised_pnl: usdt_text(position.realised_pnl),
            funding: usdt_text(position.funding),
            take_profit: position.take_profit.map(|p| price_text(inst, p)),
            stop_loss: position.stop_loss.map(|p| price_text(inst, p)),
            margin_status: status,
            opened_at: position.opened_at_ms,
        }
    }
}

/// One fill in the futures history.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FillView {
    /// Fill id.
    pub id: String,
    /// Its order.
    pub order_id: String,
    /// Instrument.
    pub symbol: String,
    /// `BUY` or `SELL`.
    pub side: Side,
    /// Contracts.
    pub quantity: String,
    /// Price, USDT.
    pub price: String,
    /// Fee, USDT.
    pub fee: String,
    /// Profit realised, USDT.
    pub realised_pnl: String,
    /// A resting order's fill.
    pub maker: bool,
    /// When, ms since the epoch.
    pub created_at: i64,
}

impl FillView {
    /// The view of `fill`.
    pub fn of(fill: &FillRow, inst: &PerpInstrument) -> Self {
        Self {
            id: fill.id.clone(),
            order_id: fill.order_id.clone(),
            symbol: fill.symbol.clone(),
            side: fill.side,
            quantity: quantity_text(inst, fill.lots),
            price: price_text(inst, fill.price),
            fee: usdt_text(fill.fee),
            realised_pnl: usdt_text(fill.realised_pnl),
            maker: fill.maker == 1,
            created_at: fill.created_at_ms,
        }
    }
}

/// One funding payment.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FundingPaymentView {
    /// Instrument.
    pub symbol: String,
    /// The funding instant, ms since the epoch.
    pub funding_at: i64,
    /// The rate, percent.
    pub rate_percentage: String,
    /// The position then (negative: short).
    pub position_size: String,
    /// The mark then, USDT.
    pub mark_price: String,
    /// Received (positive) or paid, USDT.
    pub amount: String,
}

impl FundingPaymentView {
    /// The view of `row`.
    pub fn of(row: &FundingRow, inst: &PerpInstrument) -> Self {
        Self {
            symbol: row.symbol.clone(),
            funding_at: row.funding_at_ms,
            rate_percentage: format::ppm_percent_text(row.rate_ppm),
            position_size: quantity_text(inst, row.lots),
            mark_price: price_text(inst, row.mark),
            amount: usdt_text(row.amount),
        }
    }
}

/// One liquidated position.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LiquidationView {
    /// Id.
    pub id: String,
    /// Instrument.
    pub symbol: String,
    /// The position taken over (negative: short).
    pub size: String,
    /// The mark it was taken over at, USDT.
    pub mark_price: String,
    /// Profit (negative: loss) realised, USDT.
    pub realised_pnl: String,
    /// What the insurance fund paid beyond the wallet, USDT.
    pub insurance_paid: String,
    /// The liquidation fee, USDT.
    pub fee: String,
    /// When, ms since the epoch.
    pub created_at: i64,
}

impl LiquidationView {
    /// The view of `row`.
    pub fn of(row: &LiquidationRow, inst: &PerpInstrument) -> Self {
        Self {
            id: row.id.clone(),
            symbol: row.symbol.clone(),
            size: quantity_text(inst, row.lots),
            mark_price: price_text(inst, row.mark),
            realised_pnl: usdt_text(row.realised_pnl),
            insurance_paid: usdt_text(row.insurance_paid),
            fee: usdt_text(row.fee),
            created_at: row.created_at_ms,
        }
    }
}
