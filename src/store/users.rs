//! Users and their channel identities: (channel, external id) -> one user.

use chrono::{DateTime, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set};

use super::entities::{channel_identity, user};
use crate::channels::Channel;
use crate::understand::Lang;

pub use user::Model as User;

/// Finds the user behind (channel, external id), creating both on first contact with the
/// given language and timezone. A lost race with another instance re-reads the winner's row.
pub async fn find_or_create(
    db: &(impl ConnectionTrait + sea_orm::TransactionTrait),
    channel: Channel,
    external_id: &str,
    lang: Lang,
    timezone: &str,
    now: DateTime<Utc>,
) -> Result<(User, bool), DbErr> {
    if let Some(user) = find(db, channel, external_id).await? {
        return Ok((user, false));
    }
    let user = user::ActiveModel {
        lang: Set(lang.code().to_string()),
        timezone: Set(timezone.to_string()),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    let identity = channel_identity::ActiveModel {
        channel: Set(channel.as_str().to_string()),
        external_id: Set(external_id.to_string()),
        user_id: Set(user.id),
        created_at: Set(now),
        window_closed: Set(false),
        ..Default::default()
    };
    let key = [channel_identity::Column::Channel, channel_identity::Column::ExternalId];
    if super::insert_unless_taken(db, identity, key).await?.is_some() {
        return Ok((user, true));
    }
    // Another turn created this identity first: use its user, drop ours.
    user::Entity::delete_by_id(user.id).exec(db).await?;
    let winner = find(db, channel, external_id).await?;
    winner.map(|u| (u, false)).ok_or_else(|| DbErr::RecordNotFound("channel identity".into()))
}

pub async fn find(db: &impl ConnectionTrait, channel: Channel, external_id: &str) -> Result<Option<User>, DbErr> {
    let Some(identity) = channel_identity::Entity::find()
        .filter(channel_identity::Column::Channel.eq(channel.as_str()))
        .filter(channel_identity::Column::ExternalId.eq(external_id))
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    user::Entity::find_by_id(identity.user_id).one(db).await
}

pub async fn get(db: &impl ConnectionTrait, id: i64) -> Result<Option<User>, DbErr> {
    user::Entity::find_by_id(id).one(db).await
}

/// The users with these ids (one query; the scheduler's batch of reminders).
pub async fn by_ids(db: &impl ConnectionTrait, ids: impl IntoIterator<Item = i64>) -> Result<Vec<User>, DbErr> {
    let mut ids: Vec<i64> = ids.into_iter().collect();
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    user::Entity::find().filter(user::Column::Id.is_in(ids)).all(db).await
}

/// Remembers where the user last wrote from: reminders go there.
pub async fn touch(
    db: &impl ConnectionTrait,
    user: &User,
    channel: Channel,
    external_id: &str,
    at: DateTime<Utc>,
) -> Result<(), DbErr> {
    let mut am: user::ActiveModel = user.clone().into();
    am.last_channel = Set(Some(channel.as_str().to_string()));
    am.last_external_user = Set(Some(external_id.to_string()));
    am.last_inbound_at = Set(Some(at));
    am.update(db).await?;
    channel_identity::Entity::update_many()
        .col_expr(channel_identity::Column::LastInboundAt, sea_orm::sea_query::Expr::value(at))
        .col_expr(channel_identity::Column::WindowClosed, sea_orm::sea_query::Expr::value(false))
        .filter(channel_identity::Column::Channel.eq(channel.as_str()))
        .filter(channel_identity::Column::ExternalId.eq(external_id))
        .exec(db)
        .await?;
    Ok(())
}

/// [`touch`] by user id, in the turn's closing transaction, with the language of the message
/// when it changed: `lang` is (as read at the start of the turn, this message's). The language
/// is written only if it is still what was read: a change made meanwhile by something else is
/// not overwritten (nothing inside a turn sets the language today).
pub async fn touch_id(
    db: &impl ConnectionTrait,
    user_id: i64,
    channel: Channel,
    external_id: &str,
    at: DateTime<Utc>,
    lang: Option<(&str, &str)>,
) -> Result<(), DbErr> {
    use sea_orm::sea_query::Expr;
    let mut update = user::Entity::update_many()
        .col_expr(user::Column::LastChannel, Expr::value(Some(channel.as_str())))
        .col_expr(user::Column::LastExternalUser, Expr::value(Some(external_id)))
        .col_expr(user::Column::LastInboundAt, Expr::value(Some(at)));
    if let Some((read, new)) = lang.filter(|(read, new)| read != new) {
        let kept = Expr::case(user::Column::Lang.eq(read), Expr::value(new)).finally(Expr::col(user::Column::Lang));
        update = update.col_expr(user::Column::Lang, kept.into());
    }
    update.filter(user::Column::Id.eq(user_id)).exec(db).await?;
    channel_identity::Entity::update_many()
        .col_expr(channel_identity::Column::LastInboundAt, Expr::value(at))
        .col_expr(channel_identity::Column::WindowClosed, Expr::value(false))
        .filter(channel_identity::Column::Channel.eq(channel.as_str()))
        .filter(channel_identity::Column::ExternalId.eq(external_id))
        .exec(db)
        .await?;
    Ok(())
}

pub async fn set_timezone(db: &impl ConnectionTrait, user: &User, tz: &str) -> Result<User, DbErr> {
    let mut am: user::ActiveModel = user.clone().into();
    am.timezone = Set(tz.to_string());
    am.update(db).await
}

pub async fn set_lang(db: &impl ConnectionTrait, user: &User, lang: Lang) -> Result<User, DbErr> {
    let mut am: user::ActiveModel = user.clone().into();
    am.lang = Set(lang.code().to_string());
    am.update(db).await
}
