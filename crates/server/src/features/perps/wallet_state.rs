//! What a placement reads of its user under the user's lock, in one statement (issue 12): the
//! leverage chosen on the contract, the margin wallet's balance, how many orders are open, the
//! position in the contract and every open position. Each statement there is a round trip made
//! while the contract's book is locked, so four reads in turn were four waits for every other
//! placement on the contract.

use std::sync::LazyLock;

use domain::orders::Side;
use sqlx::any::AnyRow;
use sqlx::{Any, FromRow, Row, Transaction};
use store::ledger::Balance;
use store::{Backend, StoreError};

use super::repo::{self, PositionRow, POSITION_COLUMNS};

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
    state_of(&rows, symbol)
}

/// [`read_tx`], and in the same statement the other users whose resting orders a taker on `side`
/// priced at `bound` may meet (the users of [`repo::resting_against_tx`]'s orders, in no order):
/// one round trip fewer under the book's lock for a placement that holds its user's lock with the
/// book's (issue 12).
pub async fn read_with_met_tx(
    tx: &mut Tx,
    user_id: &str,
    symbol: &str,
    wallet_id: &str,
    (side, bound): (Side, Option<i64>),
) -> Result<(WalletState, Vec<String>), StoreError> {
    let resting = side.opposite();
    let rows = sqlx::query(met_sql(Backend::of(tx), resting))
        .bind(user_id)
        .bind(symbol)
        .bind(wallet_id)
        .bind(resting.as_str())
        .bind(repo::bound_or_any(resting, bound))
        .fetch_all(&mut **tx)
        .await?;
    let met: Option<String> = match rows.first() {
        Some(row) => row.try_get("met_users")?,
        None => None,
    };
    let met = met.map(|users| users.split(',').map(str::to_owned).collect()).unwrap_or_default();
    Ok((state_of(&rows, symbol)?, met))
}

/// The state the rows of [`sql`] (or [`met_sql`]) give.
fn state_of(rows: &[AnyRow], symbol: &str) -> Result<WalletState, StoreError> {
    let mut state = WalletState::default();
    for row in rows {
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
    sql_with(None)
}

/// [`sql`] with one more scalar column, `(name, expression)`, when given.
fn sql_with(extra: Option<(&str, &str)>) -> String {
    let columns = POSITION_COLUMNS.split(", ").map(|c| format!("p.{c}")).collect::<Vec<_>>().join(", ");
    let (carried, extra) = match extra {
        Some((name, expression)) => (format!(", s.{name}"), format!(", {expression} as {name}")),
        None => (String::new(), String::new()),
    };
    format!(
        "select s.chosen_leverage, s.open_orders, s.balance, s.held{carried}, {columns} from \
         (select (select leverage from perp_leverage where user_id = $1 and symbol = $2) as chosen_leverage, \
          (select count(*) from perp_orders where user_id = $1 and is_open = 1) as open_orders, \
          a.balance, a.held{extra} from (select 1 as one) d left join ledger_accounts a on a.id = $3) s \
         left join perp_positions p on p.user_id = $1 and (p.lots <> 0 or p.symbol = $2) \
         order by p.symbol"
    )
}

/// [`read_with_met_tx`]'s statement on `backend` for resting orders on `side`: [`sql`]'s, `$4` the
/// resting side and `$5` the taker's bound, the users met joined by commas in `met_users` (user ids
/// hold none).
pub fn met_sql(backend: Backend, side: Side) -> &'static str {
    static MADE: LazyLock<Vec<String>> = LazyLock::new(|| {
        [Backend::Postgres, Backend::Sqlite]
            .into_iter()
            .flat_map(|backend| [Side::Sell, Side::Buy].map(|side| made(backend, side)))
            .collect()
    });
    fn made(backend: Backend, side: Side) -> String {
        let users = match backend {
            Backend::Postgres => "string_agg(distinct r.user_id, ',')",
            Backend::Sqlite => "group_concat(distinct r.user_id)",
        };
        let at = repo::Params { symbol: "$2", side: "$4", taker: "$1", bound: "$5" };
        let met = repo::resting_against(side, at);
        sql_with(Some(("met_users", &format!("(select {users} from (select user_id from perp_orders where {met}) r)"))))
    }
    let i = 2 * usize::from(backend == Backend::Sqlite) + usize::from(side == Side::Buy);
    MADE[i].as_str()
}
