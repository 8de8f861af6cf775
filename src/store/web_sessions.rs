//! Web chat sessions: ids the server issued. A session cookie is accepted only when its id is
//! here, so nobody can name their own session (or someone else's).

use chrono::{DateTime, Utc};
use sea_orm::{ActiveModelTrait, ConnectionTrait, DbErr, EntityTrait, Set};

use super::entities::web_session;

/// Issues a new random session id and records it.
pub async fn issue(db: &impl ConnectionTrait, now: DateTime<Utc>) -> Result<String, DbErr> {
    let id = uuid::Uuid::new_v4().simple().to_string();
    web_session::ActiveModel { id: Set(id.clone()), created_at: Set(now) }.insert(db).await?;
    Ok(id)
}

/// True when the server issued this id.
pub async fn issued(db: &impl ConnectionTrait, id: &str) -> Result<bool, DbErr> {
    Ok(web_session::Entity::find_by_id(id.to_owned()).one(db).await?.is_some())
}
