//! What a placement reads of its user under the user's lock, in one statement (issue 12): the
//! leverage chosen on the contract, the margin wallet's balance, how many orders are open, the
//! position in the contract and every open position. Each statement there is a round trip made
//! while the contract's book is locked, so four reads in turn were four waits for every other
//! placement on the contract.

use std::sync::LazyLock;

use sqlx::{Any, FromRow, Row, Transaction};
use store::ledger::Balance;
use store::StoreError;

use super::repo::{PositionRow, POSITION_COLUMNS};

type Tx = Transaction<'static, Any>;

/// A user's perpetual state as one placement needs it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WalletState {
    /// The leverage the user chose on the contract, if any.
    pub leverage: Option<i64>,
    /// The margin wallet's balance; none while its account was never opened.
    pub balance: Option<Balance>,
    /// The user's open orders, on every contract.
    pub open_orders: i64,
    /// The position in the contract as stored, flat or not; none when never opened.
    pub position: Option<PositionRow>,
    /// Every open position (lots not 0), by symbol.
    pub open_positions: Vec<PositionRow>,
}

/// Reads `user_id`'s state for a placement on `symbol`; `wallet_id` is the margin wallet's
/// account id. Inside the placement's write, after the user's lock.
pub async fn read_tx(tx: &mut Tx, user_id: &str, symbol: &str, wallet_id: &str) -> Result<WalletState, StoreError> {
    let rows = sqlx::query(SQL.as_str()).bind(user_id).bind(symbol).bind(wallet_id).fetch_all(&mut **tx).await?;
    let mut state = WalletState::default();
    for row in &rows {
        state.leverage = row.try_get("chosen_leverage")?;
        state.open_orders = row.try_get("open_orders")?;
        let balance: Option<i64> = row.try_get("balance")?;
        let held: Option<i64> = row.try_get("held")?;
        state.balance = balance.map(|balance| Balance { balance, held: held.unwrap_or(0) });
        if row.try_get::<Option<String>, _>("user_id")?.is_none() {
            continue;
        }
        let position = PositionRow::from_row(row)?;
        if position.lots != 0 {
            state.open_positions.push(position.clone());
        }
        if position.symbol == symbol {
            state.position = Some(position);
        }
    }
    Ok(state)
}

/// [`sql`], made once: every placement runs it.
static SQL: LazyLock<String> = LazyLock::new(sql);

/// The statement: `$1` the user, `$2` the contract, `$3` the margin wallet's account id. One row
/// when the user holds no position: the scalars ride on every row. The open orders are counted
/// through the index on the user's open orders (`perp_orders_user_open`).
pub fn sql() -> String {
    let columns = POSITION_COLUMNS.split(", ").map(|c| format!("p.{c}")).collect::<Vec<_>>().join(", ");
    format!(
        "select s.chosen_leverage, s.open_orders, s.balance, s.held, {columns} from \
         (select (select leverage from perp_leverage where user_id = $1 and symbol = $2) as chosen_leverage, \
          (select count(*) from perp_orders where user_id = $1 and is_open = 1) as open_orders, \
          a.balance, a.held from (select 1 as one) d left join ledger_accounts a on a.id = $3) s \
         left join perp_positions p on p.user_id = $1 and (p.lots <> 0 or p.symbol = $2) \
         order by p.symbol"
    )
}
