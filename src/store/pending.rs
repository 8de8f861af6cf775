//! Pending interactions: a question Ozer asked (confirm? which one?) and the exact action the
//! answer will run. Stored, so it survives a restart; one per user, newest wins; expires.

use chrono::{DateTime, Duration, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, Set};

use super::entities::pending_interaction;

pub use pending_interaction::Model as Pending;

/// How long a question waits for its answer; after that a reply is a fresh message.
pub const TTL: Duration = Duration::minutes(5);

pub async fn put(
    db: &impl ConnectionTrait,
    user_id: i64,
    kind: &str,
    payload: &serde_json::Value,
    now: DateTime<Utc>,
) -> Result<Pending, DbErr> {
    clear(db, user_id).await?;
    pending_interaction::ActiveModel {
        user_id: Set(user_id),
        kind: Set(kind.to_string()),
        payload: Set(payload.to_string()),
        created_at: Set(now),
        expires_at: Set(now + TTL),
        ..Default::default()
    }
    .insert(db)
    .await
}

/// The user's open question, if it has not expired.
pub async fn current(db: &impl ConnectionTrait, user_id: i64, now: DateTime<Utc>) -> Result<Option<Pending>, DbErr> {
    pending_interaction::Entity::find()
        .filter(pending_interaction::Column::UserId.eq(user_id))
        .filter(pending_interaction::Column::ExpiresAt.gt(now))
        .order_by_desc(pending_interaction::Column::Id)
        .one(db)
        .await
}

/// When the open questions of `users` expire, the latest a user (one query; a batch of turns):
/// those with none open after `after` are absent.
pub async fn open_until(
    db: &impl ConnectionTrait,
    users: &[i64],
    after: DateTime<Utc>,
) -> Result<std::collections::HashMap<i64, DateTime<Utc>>, DbErr> {
    let mut until: std::collections::HashMap<i64, DateTime<Utc>> = Default::default();
    if users.is_empty() {
        return Ok(until);
    }
    let rows = pending_interaction::Entity::find()
        .filter(pending_interaction::Column::UserId.is_in(users.iter().copied()))
        .filter(pending_interaction::Column::ExpiresAt.gt(after))
        .all(db)
        .await?;
    for r in rows {
        let e = until.entry(r.user_id).or_insert(r.expires_at);
        *e = (*e).max(r.expires_at);
    }
    Ok(until)
}

pub async fn clear(db: &impl ConnectionTrait, user_id: i64) -> Result<(), DbErr> {
    pending_interaction::Entity::delete_many()
        .filter(pending_interaction::Column::UserId.eq(user_id))
        .exec(db)
        .await
        .map(|_| ())
}
