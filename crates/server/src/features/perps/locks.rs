//! The locks of the perpetuals' steps (docs/perps.md "Locks"): a contract's book lock, then its
//! users' in their sorted order, so no two steps wait for each other in a circle; a placement in a
//! contract's batch takes its own user's with the book's and only tries the others (issue 12).

use domain::orders::Side;

use super::errors::PerpError;
use super::repo;

type Tx = sqlx::Transaction<'static, sqlx::Any>;

/// The lock key that serialises one user's perpetual steps.
pub fn user_key(user_id: &str) -> String {
    format!("perp:{user_id}")
}

/// The lock key of a contract's book. Every step that can make an order meet another or rest takes
/// it first, then its users' locks in their order, so two steps never wait for each other in a circle.
pub fn book_key(symbol: &str) -> String {
    format!("perp-book:{symbol}")
}

/// How a placement takes its locks: the book's first, then its users'.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Locking {
    /// The book's, then every user's in their order, as every other step takes them.
    InOrder,
    /// For a placement in a transaction that may hold other users' locks already (a contract's
    /// batch, issue 12): the book's (waited for, so only while the transaction holds nothing) and
    /// the placing user's in one statement, then every other user's only tried, so it never waits
    /// holding a lock another step may want. A try that fails refuses with
    /// [`PerpError::LocksBusy`]; the caller runs the placement again alone, `InOrder`.
    Tried,
}

/// Takes the book's lock of `symbol`, then the locks of `user_id` and, when the step may take
/// (`reach`: the taker's side and bound), of every user whose resting order it may meet, as
/// `locking` says. Returns the users locked. No order can start resting on the book meanwhile, so
/// the orders the step reads again under these locks are the ones it may meet, or fewer.
pub async fn lock_book(
    tx: &mut Tx,
    symbol: &str,
    user_id: &str,
    reach: Option<(Side, Option<i64>)>,
    locking: Locking,
) -> Result<Vec<String>, PerpError> {
    let (book, own) = (book_key(symbol), user_key(user_id));
    match locking {
        Locking::InOrder => store::lock_key(tx, &book).await?,
        Locking::Tried => {
            if !store::lock_then_try(tx, &book, &own).await? {
                return Err(PerpError::LocksBusy);
            }
        }
    }
    let mut users = vec![user_id.to_owned()];
    if let Some((side, bound)) = reach {
        let resting = repo::resting_against_tx(tx, symbol, side.opposite(), bound, user_id).await?;
        users.extend(resting.into_iter().map(|o| o.user_id));
    }
    users.sort_unstable();
    users.dedup();
    for user in &users {
        match locking {
            Locking::InOrder => store::lock_key(tx, &user_key(user)).await?,
            Locking::Tried if user == user_id => {} // taken with the book's
            Locking::Tried => {
                if !store::try_lock_key(tx, &user_key(user)).await? {
                    return Err(PerpError::LocksBusy);
                }
            }
        }
    }
    Ok(users)
}
