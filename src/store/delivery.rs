//! Delivery bookkeeping for the messaging channels: WhatsApp's 24-hour customer-service window
//! per channel identity, and the delivery status of what Ozer sent.
//!
//! Kept apart from `outbound.rs` (the queue itself) and `users.rs` (who is who) because only the
//! channel workers use it.

use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};

use super::entities::{channel_identity, outbound_message};
use super::outbound::{self, Outbound};
use crate::channels::Channel;

pub use channel_identity::Model as Identity;

/// WhatsApp lets a business answer freely for 24 hours after the user's last message.
pub const SERVICE_WINDOW: Duration = Duration::hours(24);

pub async fn identity(
    db: &impl ConnectionTrait,
    channel: Channel,
    external_id: &str,
) -> Result<Option<Identity>, DbErr> {
    channel_identity::Entity::find()
        .filter(channel_identity::Column::Channel.eq(channel.as_str()))
        .filter(channel_identity::Column::ExternalId.eq(external_id))
        .one(db)
        .await
}

/// True when a free-form message may be sent now: the user wrote within 24 hours and WhatsApp
/// has not told us otherwise. Someone who never wrote has no window at all.
pub fn window_open(identity: Option<&Identity>, now: DateTime<Utc>) -> bool {
    identity.is_some_and(|i| !i.window_closed && i.last_inbound_at.is_some_and(|at| now - at < SERVICE_WINDOW))
}

/// Remembers that the window is closed (a 131047 error); the user's next message reopens it
/// (`users::touch`).
pub async fn close_window(db: &impl ConnectionTrait, channel: Channel, external_id: &str) -> Result<(), DbErr> {
    channel_identity::Entity::update_many()
        .col_expr(channel_identity::Column::WindowClosed, Expr::value(true))
        .filter(channel_identity::Column::Channel.eq(channel.as_str()))
        .filter(channel_identity::Column::ExternalId.eq(external_id))
        .exec(db)
        .await
        .map(|_| ())
}

pub async fn by_external_id(
    db: &impl ConnectionTrait,
    channel: Channel,
    external_id: &str,
) -> Result<Option<Outbound>, DbErr> {
    outbound_message::Entity::find()
        .filter(outbound_message::Column::Channel.eq(channel.as_str()))
        .filter(outbound_message::Column::ExternalId.eq(external_id))
        .one(db)
        .await
}

/// Order of delivery statuses; statuses arrive out of order, so only a further one is stored.
fn rank(status: &str) -> u8 {
    match status {
        "sent" => 1,
        "delivered" => 2,
        "read" => 3,
        "failed" => 4,
        _ => 0,
    }
}

/// Stores `status` on the sent message unless a further status is already known. Returns the
/// message when it changed (None for unknown ids, e.g. messages sent by another tool).
pub async fn record_status(
    db: &impl ConnectionTrait,
    channel: Channel,
    external_id: &str,
    status: &str,
) -> Result<Option<Outbound>, DbErr> {
    let Some(row) = by_external_id(db, channel, external_id).await? else {
        return Ok(None);
    };
    let current = row.delivery_status.as_deref().map_or(0, rank);
    if rank(status) <= current {
        return Ok(None);
    }
    outbound_message::Entity::update_many()
        .col_expr(outbound_message::Column::DeliveryStatus, Expr::value(Some(status.to_string())))
        .filter(outbound_message::Column::Id.eq(row.id))
        .exec(db)
        .await?;
    Ok(Some(row))
}

/// Marks a message sent as the pre-approved template.
pub async fn mark_sent_template(
    db: &impl ConnectionTrait,
    row: &outbound::Outbound,
    external_id: String,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    if !outbound::mark_sent(db, row, Some(external_id), now).await? {
        return Ok(());
    }
    outbound_message::Entity::update_many()
        .col_expr(outbound_message::Column::ViaTemplate, Expr::value(true))
        .filter(outbound_message::Column::Id.eq(row.id))
        .exec(db)
        .await
        .map(|_| ())
}

/// Puts a sent message back in the queue (WhatsApp later reported it undeliverable because the
/// window had closed): the dispatcher then sends it as the template.
pub async fn requeue(db: &impl ConnectionTrait, id: i64, now: DateTime<Utc>) -> Result<(), DbErr> {
    outbound_message::Entity::update_many()
        .col_expr(outbound_message::Column::Status, Expr::value(outbound::PENDING))
        .col_expr(outbound_message::Column::NextAttemptAt, Expr::value(now))
        .col_expr(outbound_message::Column::DeliveryStatus, Expr::value(Option::<String>::None))
        .filter(outbound_message::Column::Id.eq(id))
        .exec(db)
        .await
        .map(|_| ())
}

/// True when a message with this dedupe key was queued before. Checked before inserting, because
/// on PostgreSQL a failed insert would abort the surrounding transaction.
pub async fn dedupe_key_taken(db: &impl ConnectionTrait, key: &str) -> Result<bool, DbErr> {
    use sea_orm::PaginatorTrait;
    let n = outbound_message::Entity::find().filter(outbound_message::Column::DedupeKey.eq(key)).count(db).await?;
    Ok(n > 0)
}
