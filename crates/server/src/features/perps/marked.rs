//! A user's margin wallet and open positions marked to market: what the positions call answers and
//! what the live `positions` channel sends.

use domain::perps::Exposure;
use serde::Serialize;
use utoipa::ToSchema;

use super::errors::PerpError;
use super::fills::wallet;
use super::repo;
use super::service::PerpService;
use super::view::{usdt_text, PositionView};

/// The wallet and its positions, marked to market.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PositionsView {
    /// The margin wallet's balance, USDT.
    pub margin_balance: String,
    /// Balance plus unrealised profit, USDT.
    pub equity: String,
    /// Σ unrealised profit, USDT.
    pub unrealised_pnl: String,
    /// What new orders and withdrawals may use, USDT.
    pub available_margin: String,
    /// Σ maintenance margin, USDT.
    pub maintenance_margin: String,
    /// Maintenance over equity, percent (liquidation at 100).
    pub margin_ratio_percentage: Option<String>,
    /// Open positions.
    pub positions: Vec<PositionView>,
}

/// The user's open positions and margin wallet, marked to market now.
pub async fn snapshot(
    db: &store::Db,
    svc: &PerpService,
    now: chrono::DateTime<chrono::Utc>,
    user_id: &str,
) -> Result<PositionsView, PerpError> {
    let rows = repo::open_positions_of(db, user_id).await?;
    let balance = store::ledger::balance_of(db, &wallet(user_id))
        .await?
        .unwrap_or(store::ledger::Balance { balance: 0, held: 0 });
    let a = svc.assess(balance.balance, balance.held, &rows, now);
    let views = rows
        .iter()
        .filter_map(|p| {
            let inst = svc.instrument(&p.symbol)?;
            let mark = *a.marks.get(&p.symbol)?;
            let own = inst.contract.unrealised_micro(Exposure { lots: p.lots, cost: p.cost }, mark);
            let own_maintenance = inst.contract.maintenance_micro(p.lots, mark);
            // Cross margin: everything else in the wallet backs this position too.
            let equity_else = a.equity - own - (a.maintenance - own_maintenance);
            Some(PositionView::of(p, inst, mark, Some((equity_else, a.ratio_ppm))))
        })
        .collect();
    Ok(PositionsView {
        margin_balance: usdt_text(a.balance),
        equity: usdt_text(a.equity),
        unrealised_pnl: usdt_text(a.unrealised),
        available_margin: usdt_text(a.available),
        maintenance_margin: usdt_text(a.maintenance),
        margin_ratio_percentage: a.ratio_ppm.map(|r| domain::format::ppm_percent_text(r.min(domain::perps::PPM * 100))),
        positions: views,
    })
}
