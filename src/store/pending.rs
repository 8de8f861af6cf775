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

pub async fn clear(db: &impl ConnectionTrait, user_id: i64) -> Result<(), DbErr> {
    pending_interaction::Entity::delete_many()
        .filter(pending_interaction::Column::UserId.eq(user_id))
        .exec(db)
        .await
        .map(|_| ())
}
