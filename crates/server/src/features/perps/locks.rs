//! The locks a perpetual step takes, and in what order: the contract's book first, then its users'
//! (issue 13), so two steps never wait for each other in a circle; and what a placement reads under
//! them.

use domain::orders::Side;

use super::errors::PerpError;
use super::fills::wallet;
use super::repo;
use super::wallet_state::{self, WalletState};

type Tx = sqlx::Transaction<'static, sqlx::Any>;

/// How a placement takes its locks: the book's first, then its users'.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Locking {
    /// The book's and the placing user's in one statement (one round trip fewer under the book
    /// lock, issue 12), then the other users whose orders it may meet: each that comes after the
    /// placing user in order waited for, each before it only tried, so no two steps wait for each
    /// other in a circle. A try that fails refuses with [`PerpError::LocksBusy`]; the caller runs
    /// the placement again `InOrder`.
    UserWithBook,
    /// The book's, then every user's in their order, as every other step takes them.
    InOrder,
    /// The book's (waited for), then every user's only tried: for a placement in a transaction
    /// that may hold other users' locks already (a contract's batch). A try that fails refuses
    /// with [`PerpError::LocksBusy`].
    Tried,
}

/// The book's lock of `symbol`, and `user_id`'s with it unless `locking` is [`Locking::InOrder`].
async fn lock_first(tx: &mut Tx, symbol: &str, user_id: &str, locking: Locking) -> Result<(), PerpError> {
    let (book, own) = (book_key(symbol), user_key(user_id));
    match locking {
        Locking::UserWithBook => store::lock_keys_in_turn(tx, &book, &own).await?,
        Locking::InOrder => store::lock_key(tx, &book).await?,
        Locking::Tried => {
            if !store::lock_then_try(tx, &book, &own).await? {
                return Err(PerpError::LocksBusy);
            }
        }
    }
    Ok(())
}

/// After [`lock_first`]: the locks of `user_id` (unless taken with the book's) and of the users
/// `met`, as `locking` says. Returns the users locked, in order.
async fn lock_users(tx: &mut Tx, user_id: &str, met: Vec<String>, locking: Locking) -> Result<Vec<String>, PerpError> {
    let mut users = met;
    users.push(user_id.to_owned());
    users.sort_unstable();
    users.dedup();
    for user in &users {
        if locking != Locking::InOrder && user == user_id {
            continue; // taken with the book's
        }
        let key = user_key(user);
        let waits = match locking {
            Locking::InOrder => true,
            Locking::UserWithBook => user.as_str() > user_id,
            Locking::Tried => false,
        };
        if waits {
            store::lock_key(tx, &key).await?;
        } else if !store::try_lock_key(tx, &key).await? {
            return Err(PerpError::LocksBusy);
        }
    }
    Ok(users)
}

/// The lock key that serialises one user's perpetual steps.
pub fn user_key(user_id: &str) -> String {
    format!("perp:{user_id}")
}

/// The lock key of a contract's book. Every step that can make an order meet another or rest takes
/// it first, then its users' locks in their order, so two steps never wait for each other in a circle.
pub fn book_key(symbol: &str) -> String {
    format!("perp-book:{symbol}")
}

/// A placement's locks ([`lock_book`]) and what it reads of its user under them. One
/// that takes its user's lock with the book's reads its user and the users it may meet in one
/// statement (issue 12: every statement is a wait for the contract's other placements).
pub async fn lock_and_read(
    tx: &mut Tx,
    symbol: &str,
    user_id: &str,
    reach: Option<(Side, Option<i64>)>,
    locking: Locking,
) -> Result<(Vec<String>, WalletState), PerpError> {
    let wallet_id = wallet(user_id).id();
    if locking == Locking::InOrder {
        let locked = lock_book(tx, symbol, user_id, reach, locking).await?;
        return Ok((locked, wallet_state::read_tx(tx, user_id, symbol, &wallet_id).await?));
    }
    lock_first(tx, symbol, user_id, locking).await?;
    let (state, met) = match reach {
        Some(reach) => wallet_state::read_with_met_tx(tx, user_id, symbol, &wallet_id, reach).await?,
        None => (wallet_state::read_tx(tx, user_id, symbol, &wallet_id).await?, Vec::new()),
    };
    Ok((lock_users(tx, user_id, met, locking).await?, state))
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
    lock_first(tx, symbol, user_id, locking).await?;
    let mut met = Vec::new();
    if let Some((side, bound)) = reach {
        let resting = repo::resting_against_tx(tx, symbol, side.opposite(), bound, user_id).await?;
        met.extend(resting.into_iter().map(|o| o.user_id));
    }
    lock_users(tx, user_id, met, locking).await
}
