//! PIN checks of one user run one at a time on this node. The try is also claimed in the database
//! before the hash (so parallel guesses across nodes stay within the limit); without this gate, a
//! user confirming several money movements at once would see their own right PINs claim the last
//! tries together and lock the PIN.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use tokio::sync::{Mutex, MutexGuard};

/// Gates a node keeps: users share one when their ids hash alike, which only orders their checks.
const STRIPES: usize = 1_024;

/// A fixed set of locks, one per stripe of user ids: bounded memory, nothing to clean up.
#[derive(Debug)]
pub struct PinGates {
    stripes: Vec<Mutex<()>>,
}

impl Default for PinGates {
    fn default() -> Self {
        Self { stripes: (0..STRIPES).map(|_| Mutex::new(())).collect() }
    }
}

impl PinGates {
    /// Waits until no other PIN check of `user_id` runs on this node; the check runs while the
    /// guard lives.
    pub async fn enter(&self, user_id: &str) -> MutexGuard<'_, ()> {
        let mut hasher = DefaultHasher::new();
        user_id.hash(&mut hasher);
        let stripe = usize::try_from(hasher.finish() % STRIPES as u64).unwrap_or(0);
        self.stripes[stripe].lock().await
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::time::Duration;

    use super::*;

    #[tokio::test]
    async fn a_second_check_of_the_same_user_waits_for_the_first() {
        let gates = Arc::new(PinGates::default());
        let first = gates.enter("user-1").await;
        let waiting = {
            let gates = gates.clone();
            tokio::spawn(async move {
                let _second = gates.enter("user-1").await;
            })
        };
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(!waiting.is_finished());
        drop(first);
        tokio::time::timeout(Duration::from_secs(1), waiting).await.unwrap().unwrap();
    }
}
