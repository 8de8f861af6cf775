//! One turn at a time per user on this instance: a user's second message waits for the first
//! one's turn, then sees its results. Across instances the inbound lease does the same job
//! (a user's later message is not taken while an earlier one is pending).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::OwnedMutexGuard;

/// Held while a user's turn runs.
pub type UserGuard = OwnedMutexGuard<()>;

#[derive(Clone, Default)]
pub struct UserLocks(Arc<Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>>);

impl UserLocks {
    /// Waits for the user's running turn (if any) to end.
    pub async fn lock(&self, user: &str) -> UserGuard {
        self.entry(user).lock_owned().await
    }

    /// The user's lock if no turn of theirs runs here now.
    pub fn try_lock(&self, user: &str) -> Option<UserGuard> {
        self.entry(user).try_lock_owned().ok()
    }

    fn entry(&self, user: &str) -> Arc<tokio::sync::Mutex<()>> {
        // A poisoned map still holds valid locks.
        let mut map = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if map.len() > 4096 {
            // Forget the users nobody holds or waits for, so the map does not grow for ever.
            map.retain(|_, lock| Arc::strong_count(lock) > 1);
        }
        map.entry(user.to_string()).or_default().clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_second_turn_of_one_user_waits_while_another_user_goes_ahead() {
        let locks = UserLocks::default();
        let first = locks.lock("telegram:1").await;
        assert!(locks.try_lock("telegram:1").is_none());
        assert!(locks.try_lock("telegram:2").is_some());
        drop(first);
        assert!(locks.try_lock("telegram:1").is_some());
    }
}
