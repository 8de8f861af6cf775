//! The inbound log: every message is stored before it is acted on, unique on
//! (channel, external message id), so a redelivery is recognised and a crash loses nothing.

use chrono::{DateTime, Utc};
use sea_orm::sea_query::Expr;
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

/// Stores a message unless its (channel, message id) is already stored, in one statement
/// (`INSERT … ON CONFLICT DO NOTHING RETURNING`): no lookup first and no savepoint, so a
/// redelivery, even one racing in from another instance, never fails the surrounding
/// transaction (the intake writer stores many messages in one).
pub async fn record(db: &impl ConnectionTrait, msg: &InboundMessage) -> Result<Recorded, DbErr> {
    if let Some(row) = super::insert_unless_taken(db, new_row(msg), KEY).await? {
        return Ok(Recorded::New(row));
    }
    // nothing inserted: the row was there
    match find(db, msg.channel, &msg.message_id).await? {
        Some(existing) => Ok(Recorded::Duplicate(existing)),
        None => Err(DbErr::RecordNotFound("inbound message".into())),
    }
}

/// A message's identity: one row per (channel, message id).
const KEY: [inbound_message::Column; 2] =
    [inbound_message::Column::Channel, inbound_message::Column::ExternalMessageId];

/// Most rows in one multi-row insert: 12 bound values a row stays well under SQLite's limit of
/// 32,766 variables (and PostgreSQL's 65,535).
const ROWS_PER_INSERT: usize = 1000;

/// Stores many messages with one `INSERT … VALUES (…), (…) … ON CONFLICT DO NOTHING RETURNING`
/// (per [`ROWS_PER_INSERT`] rows). Returns, in `msgs` order, the stored row of each message that
/// is new, and `None` for a redelivery: of a message stored before (by anyone, another instance
/// included) or of one earlier in `msgs`. A conflict never fails the statement, so a redelivery
/// never fails the surrounding transaction.
pub async fn record_many(db: &impl ConnectionTrait, msgs: &[InboundMessage]) -> Result<Vec<Option<Inbound>>, DbErr> {
    use sea_orm::{FromQueryResult, QueryTrait};
    use std::collections::HashMap;
    let mut stored: HashMap<(String, String), Inbound> = HashMap::with_capacity(msgs.len());
    for chunk in msgs.chunks(ROWS_PER_INSERT) {
        let mut insert = inbound_message::Entity::insert_many(chunk.iter().map(new_row))
            .on_conflict(sea_orm::sea_query::OnConflict::columns(KEY).do_nothing().to_owned());
        QueryTrait::query(&mut insert).returning_all();
        let stmt = db.get_database_backend().build(QueryTrait::query(&mut insert));
        for row in db.query_all_raw(stmt).await? {
            let row = Inbound::from_query_result(&row, "")?;
            stored.insert((row.channel.clone(), row.external_message_id.clone()), row);
        }
    }
    // The first message of a key takes its row; a later copy in the same batch is a redelivery.
    Ok(msgs.iter().map(|m| stored.remove(&(m.channel.as_str().to_string(), m.message_id.clone()))).collect())
}

fn new_row(msg: &InboundMessage) -> inbound_message::ActiveModel {
    inbound_message::ActiveModel {
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

/// The messages a worker may take now: for each user, the oldest pending message only (one
/// user's messages run one at a time, in arrival order), and only where no live lease holds it
/// and no retry delay is running. A web or console message received after `inline_cutoff` still
/// belongs to the request that stored it. One user's stuck message never holds back another
/// user's: the choice is made per user, not over the oldest N rows.
pub async fn ready(
    db: &impl ConnectionTrait,
    now: DateTime<Utc>,
    inline_cutoff: DateTime<Utc>,
    limit: u64,
) -> Result<Vec<Ready>, DbErr> {
    let (p1, p2, p3, p4) = if super::is_postgres(db) { ("$1", "$2", "$3", "$4") } else { ("?", "?", "?", "?") };
    let sql = format!(
        "SELECT m.id, m.channel, m.external_user FROM inbound_messages m \
         WHERE m.status = {p1} \
           AND NOT EXISTS (SELECT 1 FROM inbound_messages e WHERE e.status = m.status \
                           AND e.external_user = m.external_user AND e.channel = m.channel AND e.id < m.id) \
           AND (m.claimed_until IS NULL OR m.claimed_until < {p2}) \
           AND (m.retry_at IS NULL OR m.retry_at <= {p2}) \
           AND (m.channel IN ('telegram', 'whatsapp') OR m.received_at < {p3}) \
         ORDER BY m.id LIMIT {p4}"
    );
    // SQLite numbers `?` in order, so the shared `now` is bound twice there.
    let values: Vec<sea_orm::Value> = if super::is_postgres(db) {
        vec![PENDING.into(), now.into(), inline_cutoff.into(), (limit as i64).into()]
    } else {
        vec![PENDING.into(), now.into(), now.into(), inline_cutoff.into(), (limit as i64).into()]
    };
    let stmt = sea_orm::Statement::from_sql_and_values(db.get_database_backend(), sql, values);
    let rows = db.query_all_raw(stmt).await?;
    Ok(rows
        .iter()
        .filter_map(|row| {
            Some(Ready {
                id: row.try_get("", "id").ok()?,
                channel: row.try_get("", "channel").ok()?,
                external_user: row.try_get("", "external_user").ok()?,
            })
        })
        .collect())
}

/// A message ready for its turn: what the worker needs to pick it (the turn claims the row).
#[derive(Clone, Debug)]
pub struct Ready {
    pub id: i64,
    pub channel: String,
    pub external_user: String,
}

/// Whether a user has a message stored before `id` that is still pending (theirs runs first).
pub async fn earlier_pending(db: &impl ConnectionTrait, row: &Inbound) -> Result<bool, DbErr> {
    use sea_orm::PaginatorTrait;
    let n = inbound_message::Entity::find()
        .filter(inbound_message::Column::Status.eq(PENDING))
        .filter(inbound_message::Column::Channel.eq(row.channel.as_str()))
        .filter(inbound_message::Column::ExternalUser.eq(row.external_user.as_str()))
        .filter(inbound_message::Column::Id.lt(row.id))
        .count(db)
        .await?;
    Ok(n > 0)
}

/// Takes the lease on a pending message until `until`, returning the message as it now is.
/// `None`: another worker holds a live lease (or the message is finished). The lease outlives
/// the turn's watchdog, so a live turn is never taken over; a crashed one is, once its lease
/// runs out. One statement (`UPDATE … RETURNING`): the turn needs no read of its row after it.
pub async fn claim(
    db: &impl ConnectionTrait,
    id: i64,
    now: DateTime<Utc>,
    until: DateTime<Utc>,
) -> Result<Option<Inbound>, DbErr> {
    Ok(claim_many(db, &[id], now, until).await?.into_iter().next())
}

/// [`claim`] for several messages in one statement (a batch of turns): the ones this call got.
pub async fn claim_many(
    db: &impl ConnectionTrait,
    ids: &[i64],
    now: DateTime<Utc>,
    until: DateTime<Utc>,
) -> Result<Vec<Inbound>, DbErr> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    // The turn's "now" is fixed by the first claim (see `turn_now`), in the same statement.
    let first_now =
        sea_orm::sea_query::Func::coalesce([Expr::col(inbound_message::Column::TurnNow), Expr::value(Some(now))]);
    inbound_message::Entity::update_many()
        .col_expr(inbound_message::Column::ClaimedUntil, Expr::value(Some(until)))
        .col_expr(inbound_message::Column::TurnNow, first_now.into())
        .filter(inbound_message::Column::Id.is_in(ids.iter().copied()))
        .filter(inbound_message::Column::Status.eq(PENDING))
        .filter(
            sea_orm::Condition::any()
                .add(inbound_message::Column::ClaimedUntil.is_null())
                .add(inbound_message::Column::ClaimedUntil.lt(now)),
        )
        .exec_with_returning(db)
        .await
}

/// Gives a lease back, with the time before which the message is not to be tried again.
pub async fn release(db: &impl ConnectionTrait, id: i64, retry_at: Option<DateTime<Utc>>) -> Result<(), DbErr> {
    release_many(db, &[id], retry_at).await
}

/// [`release`] for several pending messages in one statement (a batch cut short gives back the
/// turns it did not begin: ready again at once with `retry_at` `None`).
pub async fn release_many(
    db: &impl ConnectionTrait,
    ids: &[i64],
    retry_at: Option<DateTime<Utc>>,
) -> Result<(), DbErr> {
    if ids.is_empty() {
        return Ok(());
    }
    inbound_message::Entity::update_many()
        .col_expr(inbound_message::Column::ClaimedUntil, Expr::value(Option::<DateTime<Utc>>::None))
        .col_expr(inbound_message::Column::RetryAt, Expr::value(retry_at))
        .filter(inbound_message::Column::Id.is_in(ids.iter().copied()))
        .filter(inbound_message::Column::Status.eq(PENDING))
        .exec(db)
        .await
        .map(|_| ())
}

/// The turn's "now", fixed by its first attempt: later attempts read the same instant, so "in
/// ten minutes" means the same time on a retry.
pub async fn turn_now(db: &impl ConnectionTrait, row: &Inbound, now: DateTime<Utc>) -> Result<DateTime<Utc>, DbErr> {
    if let Some(at) = row.turn_now {
        return Ok(at);
    }
    inbound_message::Entity::update_many()
        .col_expr(inbound_message::Column::TurnNow, Expr::value(Some(now)))
        .filter(inbound_message::Column::Id.eq(row.id))
        .filter(inbound_message::Column::TurnNow.is_null())
        .exec(db)
        .await?;
    Ok(get(db, row.id).await?.and_then(|r| r.turn_now).unwrap_or(now))
}

/// The user's recent conversation, oldest first: (what they wrote, when), for the planner.
pub async fn recent_texts(db: &impl ConnectionTrait, user_id: i64, before: i64, n: u64) -> Result<Vec<Inbound>, DbErr> {
    let mut rows = inbound_message::Entity::find()
        .filter(inbound_message::Column::UserId.eq(user_id))
        .filter(inbound_message::Column::Id.lt(before))
        .order_by_desc(inbound_message::Column::Id)
        .limit(n)
        .all(db)
        .await?;
    rows.reverse();
    Ok(rows)
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
        .col_expr(inbound_message::Column::Status, Expr::value(status))
        .col_expr(inbound_message::Column::UserId, Expr::value(user_id))
        .col_expr(inbound_message::Column::ProcessedAt, Expr::value(Some(at)))
        .col_expr(inbound_message::Column::ClaimedUntil, Expr::value(Option::<DateTime<Utc>>::None))
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

/// How many messages each of `who` (channel, external user) sent since `since`, in one query
/// (for the per-user rate limit over a batch); users with none are absent.
pub async fn counts_since(
    db: &impl ConnectionTrait,
    who: &[(Channel, &str)],
    since: DateTime<Utc>,
) -> Result<std::collections::HashMap<(String, String), u64>, DbErr> {
    use std::collections::BTreeSet;
    let channels: BTreeSet<&str> = who.iter().map(|(c, _)| c.as_str()).collect();
    let users: BTreeSet<&str> = who.iter().map(|(_, u)| *u).collect();
    let mut counts = std::collections::HashMap::new();
    // chunked like the insert, so a batch never exceeds the bound-variable limit
    let users: Vec<&str> = users.into_iter().collect();
    for chunk in users.chunks(ROWS_PER_INSERT) {
        let rows: Vec<(String, String, i64)> = inbound_message::Entity::find()
            .select_only()
            .column(inbound_message::Column::Channel)
            .column(inbound_message::Column::ExternalUser)
            .column_as(inbound_message::Column::Id.count(), "n")
            .filter(inbound_message::Column::Channel.is_in(channels.iter().copied()))
            .filter(inbound_message::Column::ExternalUser.is_in(chunk.iter().copied()))
            .filter(inbound_message::Column::ReceivedAt.gte(since))
            .group_by(inbound_message::Column::Channel)
            .group_by(inbound_message::Column::ExternalUser)
            .into_tuple()
            .all(db)
            .await?;
        counts.extend(rows.into_iter().map(|(c, u, n)| ((c, u), n.max(0) as u64)));
    }
    Ok(counts)
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
