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
    Ok(find_with_identity(db, channel, external_id).await?.map(|(user, _)| user))
}

/// The user behind (channel, external id) and that identity's row.
pub async fn find_with_identity(
    db: &impl ConnectionTrait,
    channel: Channel,
    external_id: &str,
) -> Result<Option<(User, channel_identity::Model)>, DbErr> {
    // one query: the identity joined with its user
    Ok(find_many_with_identity(db, channel, &[external_id]).await?.remove(external_id))
}

/// [`find_with_identity`] for several senders on one channel, in one query: by their external id
/// (the ones not found are absent).
pub async fn find_many_with_identity(
    db: &impl ConnectionTrait,
    channel: Channel,
    external_ids: &[&str],
) -> Result<std::collections::HashMap<String, (User, channel_identity::Model)>, DbErr> {
    if external_ids.is_empty() {
        return Ok(Default::default());
    }
    let found = channel_identity::Entity::find()
        .filter(channel_identity::Column::Channel.eq(channel.as_str()))
        .filter(channel_identity::Column::ExternalId.is_in(external_ids.iter().copied()))
        .find_also_related(user::Entity)
        .all(db)
        .await?;
    Ok(found
        .into_iter()
        .filter_map(|(identity, user)| Some((identity.external_id.clone(), (user?, identity))))
        .collect())
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

/// What a turn's closing transaction writes of where the user last wrote from (see
/// [`Touch::needed`]).
#[derive(Debug, Clone, Copy)]
pub struct Touch<'a> {
    /// the user's row: last channel, last external id, last message time
    pub user: bool,
    /// the identity's row: last message time and the reopened WhatsApp window
    pub identity: bool,
    /// (as read at the start of the turn, this message's): see [`touch_id`]
    pub lang: Option<(&'a str, &'a str)>,
}

/// Messages closer together than this do not rewrite the time of the last one, except on
/// WhatsApp, whose 24-hour window is counted from it to the second.
const TOUCH_GRAIN: chrono::Duration = chrono::Duration::minutes(1);

impl<'a> Touch<'a> {
    /// Everything (a turn that failed or timed out: its closing writes it all).
    pub fn all() -> Self {
        Touch { user: true, identity: true, lang: None }
    }

    /// Only what changed: a user writing again from the same place within a minute costs no
    /// write (the times are kept to the minute; nothing reads them closer).
    pub fn needed(
        user: &User,
        identity: &channel_identity::Model,
        channel: Channel,
        external_id: &str,
        now: DateTime<Utc>,
        lang: (&'a str, &'a str),
    ) -> Self {
        let stale = |at: Option<DateTime<Utc>>| at.is_none_or(|at| now - at >= TOUCH_GRAIN || at > now);
        let moved = user.last_channel.as_deref() != Some(channel.as_str())
            || user.last_external_user.as_deref() != Some(external_id);
        Touch {
            user: moved || lang.0 != lang.1 || stale(user.last_inbound_at),
            identity: channel == Channel::Whatsapp || identity.window_closed || stale(identity.last_inbound_at),
            lang: Some(lang),
        }
    }
}

/// [`touch`] by user id, in the turn's closing transaction, writing only what `what` says, with
/// the language of the message when it changed. The language is written only if it is still
/// what was read: a change made meanwhile by something else is not overwritten (nothing inside
/// a turn sets the language today).
pub async fn touch_id(
    db: &impl ConnectionTrait,
    user_id: i64,
    channel: Channel,
    external_id: &str,
    at: DateTime<Utc>,
    what: Touch<'_>,
) -> Result<(), DbErr> {
    use sea_orm::sea_query::Expr;
    if what.user {
        let mut update = user::Entity::update_many()
            .col_expr(user::Column::LastChannel, Expr::value(Some(channel.as_str())))
            .col_expr(user::Column::LastExternalUser, Expr::value(Some(external_id)))
            .col_expr(user::Column::LastInboundAt, Expr::value(Some(at)));
        if let Some((read, new)) = what.lang.filter(|(read, new)| read != new) {
            let kept = Expr::case(user::Column::Lang.eq(read), Expr::value(new)).finally(Expr::col(user::Column::Lang));
            update = update.col_expr(user::Column::Lang, kept.into());
        }
        update.filter(user::Column::Id.eq(user_id)).exec(db).await?;
    }
    if what.identity {
        channel_identity::Entity::update_many()
            .col_expr(channel_identity::Column::LastInboundAt, Expr::value(at))
            .col_expr(channel_identity::Column::WindowClosed, Expr::value(false))
            .filter(channel_identity::Column::Channel.eq(channel.as_str()))
            .filter(channel_identity::Column::ExternalId.eq(external_id))
            .exec(db)
            .await?;
    }
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
