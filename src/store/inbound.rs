//! The inbound log: every message is stored before it is acted on, unique on
//! (channel, external message id), so a redelivery is recognised and a crash loses nothing.

use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};

use super::entities::inbound_message;
use crate::channels::{Channel, InboundMessage};

pub use inbound_message::Model as Inbound;

pub const PENDING: &str = "pending";
pub const DONE: &str = "done";
pub const DROPPED: &str = "dropped";

pub enum Recorded {
    New(Inbound),
    /// the same (channel, message id) was stored before: acknowledge and do nothing
    Duplicate(Inbound),
}

pub async fn record(
    db: &(impl ConnectionTrait + sea_orm::TransactionTrait),
    msg: &InboundMessage,
) -> Result<Recorded, DbErr> {
    if let Some(existing) = find(db, msg.channel, &msg.message_id).await? {
        return Ok(Recorded::Duplicate(existing));
    }
    let am = inbound_message::ActiveModel {
        channel: Set(msg.channel.as_str().to_string()),
        external_message_id: Set(msg.message_id.clone()),
        external_user: Set(msg.external_user.clone()),
        user_id: Set(None),
        text: Set(msg.text.clone()),
        button: Set(msg.button.clone()),
        display_name: Set(msg.display_name.clone()),
        lang_hint: Set(msg.lang_hint.clone()),
        received_at: Set(msg.received_at),
        status: Set(PENDING.to_string()),
        attempts: Set(0),
        processed_at: Set(None),
        ..Default::default()
    };
    if let Some(row) = super::insert_unless_taken(db, am).await? {
        return Ok(Recorded::New(row));
    }
    // Two deliveries raced past the lookup: the unique index decided, this one is a duplicate.
    match find(db, msg.channel, &msg.message_id).await? {
        Some(existing) => Ok(Recorded::Duplicate(existing)),
        None => Err(DbErr::RecordNotFound("inbound message".into())),
    }
}

pub async fn find(db: &impl ConnectionTrait, channel: Channel, message_id: &str) -> Result<Option<Inbound>, DbErr> {
    inbound_message::Entity::find()
        .filter(inbound_message::Column::Channel.eq(channel.as_str()))
        .filter(inbound_message::Column::ExternalMessageId.eq(message_id))
        .one(db)
        .await
}

pub async fn get(db: &impl ConnectionTrait, id: i64) -> Result<Option<Inbound>, DbErr> {
    inbound_message::Entity::find_by_id(id).one(db).await
}

/// Messages stored but not yet processed (oldest first): what a restart must still answer.
pub async fn pending(db: &impl ConnectionTrait, limit: u64) -> Result<Vec<Inbound>, DbErr> {
    inbound_message::Entity::find()
        .filter(inbound_message::Column::Status.eq(PENDING))
        .order_by_asc(inbound_message::Column::Id)
        .limit(limit)
        .all(db)
        .await
}

/// Marks a message finished, only if it is still pending: the returned flag says whether this
/// call won (a second processor of the same message gets `false` and must roll back).
pub async fn finish(
    db: &impl ConnectionTrait,
    id: i64,
    user_id: Option<i64>,
    status: &str,
    at: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let res = inbound_message::Entity::update_many()
        .col_expr(inbound_message::Column::Status, sea_orm::sea_query::Expr::value(status))
        .col_expr(inbound_message::Column::UserId, sea_orm::sea_query::Expr::value(user_id))
        .col_expr(inbound_message::Column::ProcessedAt, sea_orm::sea_query::Expr::value(Some(at)))
        .filter(inbound_message::Column::Id.eq(id))
        .filter(inbound_message::Column::Status.eq(PENDING))
        .exec(db)
        .await?;
    Ok(res.rows_affected == 1)
}

/// Counts a failed attempt; returns the new count.
pub async fn bump_attempts(db: &impl ConnectionTrait, row: &Inbound) -> Result<i32, DbErr> {
    let mut am: inbound_message::ActiveModel = row.clone().into();
    am.attempts = Set(row.attempts + 1);
    Ok(am.update(db).await?.attempts)
}

/// How many messages this user sent since `since` (for the per-user rate limit).
pub async fn count_since(
    db: &impl ConnectionTrait,
    channel: Channel,
    external_user: &str,
    since: DateTime<Utc>,
) -> Result<u64, DbErr> {
    use sea_orm::PaginatorTrait;
    inbound_message::Entity::find()
        .filter(inbound_message::Column::Channel.eq(channel.as_str()))
        .filter(inbound_message::Column::ExternalUser.eq(external_user))
        .filter(inbound_message::Column::ReceivedAt.gte(since))
        .count(db)
        .await
}
