//! A process-wide cache of large users' note indexes (postings and vectors), so recall over
//! thousands of notes does not read and decode every row on every question.
//!
//! Correctness never depends on it: each recall first reads a cheap stamp of the user's notes
//! (count, newest id, sum of revisions) from the database — inside the caller's
//! transaction — and uses the cached rows only when the stamp is exactly the one they were read
//! under. Any insert, update, delete or new embedding changes the stamp, on any instance.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use sea_orm::{ConnectionTrait, DbErr};

use super::index::Index;
use crate::store::notes::{self, Stamp};

/// Users with fewer notes are read directly: it is fast, and the cache stays small.
const MIN_NOTES: i64 = 500;
/// At most this many users' indexes are kept.
const MAX_USERS: usize = 32;

type Cache = Mutex<HashMap<i64, (Stamp, Arc<Index>)>>;

fn cache() -> &'static Cache {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The search index of the user's notes, from the cache when it is current.
pub async fn index(db: &impl ConnectionTrait, user_id: i64) -> Result<Arc<Index>, DbErr> {
    let stamp = notes::stamp(db, user_id).await?;
    if stamp.count < MIN_NOTES {
        return Ok(Arc::new(Index::build(&notes::indexed(db, user_id).await?)));
    }
    let hit =
        cache().lock().ok().and_then(|c| c.get(&user_id).filter(|(s, _)| *s == stamp).map(|(_, rows)| rows.clone()));
    if let Some(rows) = hit {
        return Ok(rows);
    }
    let rows = Arc::new(Index::build(&notes::indexed(db, user_id).await?));
    if let Ok(mut c) = cache().lock() {
        if c.len() >= MAX_USERS && !c.contains_key(&user_id) {
            c.clear();
        }
        c.insert(user_id, (stamp, rows.clone()));
    }
    Ok(rows)
}
