//! The outbox: every message Ozer sends is first a row here, written in the same transaction as
//! the turn that produced it. The dispatcher sends pending rows for remote channels; the web
//! chat reads its rows as a feed. A `dedupe_key` (unique) makes a reminder occurrence queue once.

use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::{Expr, LockBehavior, LockType};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
    TransactionTrait,
};

use super::entities::outbound_message;
use crate::channels::{Button, Channel, Reply};

pub use outbound_message::Model as Outbound;

pub const PENDING: &str = "pending";
pub const SENDING: &str = "sending";
pub const SENT: &str = "sent";
pub const FAILED: &str = "failed";
/// a reminder that was too late to send: recorded, never sent
pub const MISSED: &str = "missed";

pub const KIND_REPLY: &str = "reply";
pub const KIND_PUSH: &str = "push";

/// A message to queue.
pub struct NewOutbound<'a> {
    pub user_id: Option<i64>,
    pub channel: Channel,
    pub external_user: &'a str,
    pub kind: &'static str,
    pub reply: &'a Reply,
    pub inbound_id: Option<i64>,
    pub dedupe_key: Option<String>,
}

/// Queues a message. Web and console messages need no network send, so they are stored as
/// sent (the page and terminal read them directly). Returns `None` when `dedupe_key` was taken.
pub async fn enqueue(
    db: &(impl ConnectionTrait + TransactionTrait),
    new: NewOutbound<'_>,
    now: DateTime<Utc>,
) -> Result<Option<Outbound>, DbErr> {
    let status = if new.channel.is_remote() { PENDING } else { SENT };
    insert(db, new, status, now).await
}

/// Records a message that will never be sent (a reminder missed by more than the grace
/// period), under its dedupe key so it is not sent later either.
pub async fn record_missed(
    db: &(impl ConnectionTrait + TransactionTrait),
    new: NewOutbound<'_>,
    now: DateTime<Utc>,
) -> Result<Option<Outbound>, DbErr> {
    insert(db, new, MISSED, now).await
}

async fn insert(
    db: &(impl ConnectionTrait + TransactionTrait),
    new: NewOutbound<'_>,
    status: &str,
    now: DateTime<Utc>,
) -> Result<Option<Outbound>, DbErr> {
    super::insert_unless_taken(db, new_row(new, status, now), [outbound_message::Column::DedupeKey]).await
}

fn new_row(new: NewOutbound<'_>, status: &str, now: DateTime<Utc>) -> outbound_message::ActiveModel {
    // every outgoing text gets its directional marks here, whichever channel sends it
    let reply = crate::reply::bidi::fix_reply(new.reply);
    let buttons = (!reply.buttons.is_empty()).then(|| serde_json::to_string(&reply.buttons).unwrap_or_default());
    let delivered = status == SENT;
    outbound_message::ActiveModel {
        user_id: Set(new.user_id),
        channel: Set(new.channel.as_str().to_string()),
        external_user: Set(new.external_user.to_string()),
        kind: Set(new.kind.to_string()),
        text: Set(reply.text),
        buttons: Set(buttons),
        status: Set(status.to_string()),
        attempts: Set(0),
        next_attempt_at: Set(now),
        created_at: Set(now),
        sent_at: Set(delivered.then_some(now)),
        inbound_id: Set(new.inbound_id),
        external_id: Set(None),
        dedupe_key: Set(new.dedupe_key),
        error: Set(None),
        ..Default::default()
    }
}

/// Rows per multi-row insert: 15 bound values a row stays well under SQLite's 32,766.
const ROWS_PER_INSERT: usize = 1000;

/// Queues many messages (each with its dedupe key; [`MISSED`] ones recorded, never sent) with
/// one `INSERT … ON CONFLICT (dedupe_key) DO NOTHING RETURNING` per [`ROWS_PER_INSERT`] rows.
/// Returns the dedupe keys that were new: a key taken before (or earlier in `news`) queues
/// nothing, as with [`enqueue`].
pub async fn enqueue_many(
    db: &impl ConnectionTrait,
    news: Vec<(NewOutbound<'_>, &str)>,
    now: DateTime<Utc>,
) -> Result<std::collections::HashSet<String>, DbErr> {
    use sea_orm::QueryTrait;
    let rows: Vec<outbound_message::ActiveModel> = news
        .into_iter()
        .map(|(new, status)| {
            let status = if status == PENDING && !new.channel.is_remote() { SENT } else { status };
            new_row(new, status, now)
        })
        .collect();
    let mut queued = std::collections::HashSet::new();
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let chunk: Vec<_> = rows.by_ref().take(ROWS_PER_INSERT).collect();
        let mut insert = outbound_message::Entity::insert_many(chunk).on_conflict(
            sea_orm::sea_query::OnConflict::column(outbound_message::Column::DedupeKey).do_nothing().to_owned(),
        );
        QueryTrait::query(&mut insert).returning_col(outbound_message::Column::DedupeKey);
        let stmt = db.get_database_backend().build(QueryTrait::query(&mut insert));
        for row in db.query_all_raw(stmt).await? {
            if let Ok(Some(key)) = row.try_get::<Option<String>>("", "dedupe_key") {
                queued.insert(key);
            }
        }
    }
    Ok(queued)
}

pub fn reply_of(row: &Outbound) -> Reply {
    let buttons: Vec<Button> = row.buttons.as_deref().and_then(|b| serde_json::from_str(b).ok()).unwrap_or_default();
    Reply { text: row.text.clone(), buttons }
}

/// The replies already produced for an inbound message (a redelivered web message gets them again).
pub async fn for_inbound(db: &impl ConnectionTrait, inbound_id: i64) -> Result<Vec<Outbound>, DbErr> {
    outbound_message::Entity::find()
        .filter(outbound_message::Column::InboundId.eq(inbound_id))
        .order_by_asc(outbound_message::Column::Id)
        .all(db)
        .await
}

/// Pushes (reminders and other messages Ozer starts) for one channel user after `after`.
pub async fn feed(
    db: &impl ConnectionTrait,
    channel: Channel,
    external_user: &str,
    after: i64,
) -> Result<Vec<Outbound>, DbErr> {
    outbound_message::Entity::find()
        .filter(outbound_message::Column::Channel.eq(channel.as_str()))
        .filter(outbound_message::Column::ExternalUser.eq(external_user))
        .filter(outbound_message::Column::Kind.eq(KIND_PUSH))
        .filter(outbound_message::Column::Id.gt(after))
        .order_by_asc(outbound_message::Column::Id)
        .limit(100)
        .all(db)
        .await
}

pub async fn last_id(db: &impl ConnectionTrait, channel: Channel, external_user: &str) -> Result<i64, DbErr> {
    let row = outbound_message::Entity::find()
        .filter(outbound_message::Column::Channel.eq(channel.as_str()))
        .filter(outbound_message::Column::ExternalUser.eq(external_user))
        .order_by_desc(outbound_message::Column::Id)
        .one(db)
        .await?;
    Ok(row.map(|r| r.id).unwrap_or(0))
}

/// How long a claimed row stays ours; a sender that dies mid-send releases it after this.
const LEASE: Duration = Duration::seconds(60);

/// Claims up to `limit` due rows for remote channels. On PostgreSQL `FOR UPDATE SKIP LOCKED`
/// lets several instances claim side by side; on SQLite the single connection serialises it.
pub async fn claim_due(
    db: &sea_orm::DatabaseConnection,
    now: DateTime<Utc>,
    limit: u64,
) -> Result<Vec<Outbound>, DbErr> {
    let txn = db.begin().await?;
    let due = Condition::all()
        .add(outbound_message::Column::Status.is_in([PENDING, SENDING]))
        .add(outbound_message::Column::NextAttemptAt.lte(now));
    let mut query =
        outbound_message::Entity::find().filter(due).order_by_asc(outbound_message::Column::Id).limit(limit);
    if super::is_postgres(&txn) {
        query = query.lock_with_behavior(LockType::Update, LockBehavior::SkipLocked);
    }
    let rows = query.all(&txn).await?;
    if rows.is_empty() {
        return Ok(rows);
    }
    // One statement claims the whole batch; the rows read above are still due (SQLite: one
    // writer; PostgreSQL: locked FOR UPDATE), so every one of them is updated.
    let until = lease_until(now);
    outbound_message::Entity::update_many()
        .col_expr(outbound_message::Column::Status, Expr::value(SENDING))
        .col_expr(outbound_message::Column::NextAttemptAt, Expr::value(until))
        .filter(outbound_message::Column::Id.is_in(rows.iter().map(|r| r.id)))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(rows.into_iter().map(|r| Outbound { status: SENDING.to_string(), next_attempt_at: until, ..r }).collect())
}

/// The end of a lease taken at `now`, in whole microseconds (what PostgreSQL stores), because the
/// lease is also the claim's fencing token and is compared for equality.
fn lease_until(now: DateTime<Utc>) -> DateTime<Utc> {
    use chrono::SubsecRound;
    (now + LEASE).trunc_subsecs(6)
}

/// The fence of a claimed row: it is still this sender's only while it is `sending` under the very
/// lease this sender took. Once the lease ran out and another sender claimed the row, the old
/// sender can neither mark it nor send it again.
fn ours(row: &Outbound) -> Condition {
    Condition::all()
        .add(outbound_message::Column::Id.eq(row.id))
        .add(outbound_message::Column::Status.eq(SENDING))
        .add(outbound_message::Column::NextAttemptAt.eq(row.next_attempt_at))
}

/// Renews the lease of a claimed row just before it is sent. `None`: the row is no longer this
/// sender's (its lease ran out and another sender took it, or it was settled): do not send it.
/// A lease taken less than a quarter of its length ago cannot have run out, so it is kept as it
/// is without a write (most rows are sent within milliseconds of their claim).
pub async fn renew(db: &impl ConnectionTrait, row: &Outbound, now: DateTime<Utc>) -> Result<Option<Outbound>, DbErr> {
    let taken_at = row.next_attempt_at - LEASE;
    if row.status == SENDING && now >= taken_at && now - taken_at < LEASE / 4 {
        return Ok(Some(row.clone()));
    }
    let until = lease_until(now);
    let res = outbound_message::Entity::update_many()
        .col_expr(outbound_message::Column::NextAttemptAt, Expr::value(until))
        .filter(ours(row))
        .exec(db)
        .await?;
    Ok((res.rows_affected == 1).then(|| Outbound { next_attempt_at: until, ..row.clone() }))
}

/// Marks a claimed row sent; false when it was no longer this sender's (see [`ours`]).
pub async fn mark_sent(
    db: &impl ConnectionTrait,
    row: &Outbound,
    external_id: Option<String>,
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let res = outbound_message::Entity::update_many()
        .col_expr(outbound_message::Column::Status, Expr::value(SENT))
        .col_expr(outbound_message::Column::SentAt, Expr::value(Some(now)))
        .col_expr(outbound_message::Column::ExternalId, Expr::value(external_id))
        .filter(ours(row))
        .exec(db)
        .await?;
    Ok(res.rows_affected == 1)
}

/// Marks claimed rows sent (with no platform message id), one statement for the rows claimed
/// under the same lease, each fenced as in [`mark_sent`]. Returns how many were still this
/// sender's.
pub async fn mark_sent_many(db: &impl ConnectionTrait, rows: &[Outbound], now: DateTime<Utc>) -> Result<u64, DbErr> {
    let mut by_lease: std::collections::BTreeMap<DateTime<Utc>, Vec<i64>> = Default::default();
    for row in rows {
        by_lease.entry(row.next_attempt_at).or_default().push(row.id);
    }
    let mut marked = 0;
    for (lease, ids) in by_lease {
        for chunk in ids.chunks(ROWS_PER_INSERT) {
            let res = outbound_message::Entity::update_many()
                .col_expr(outbound_message::Column::Status, Expr::value(SENT))
                .col_expr(outbound_message::Column::SentAt, Expr::value(Some(now)))
                .col_expr(outbound_message::Column::ExternalId, Expr::value(Option::<String>::None))
                .filter(outbound_message::Column::Id.is_in(chunk.iter().copied()))
                .filter(outbound_message::Column::Status.eq(SENDING))
                .filter(outbound_message::Column::NextAttemptAt.eq(lease))
                .exec(db)
                .await?;
            marked += res.rows_affected;
        }
    }
    Ok(marked)
}

/// The longest wait between two attempts: a long outage is retried every 10 minutes.
pub const MAX_BACKOFF: Duration = Duration::minutes(10);

/// The wait before attempt `attempts + 1`: 2 s, 4 s, 8 s ... capped at [`MAX_BACKOFF`], and never
/// shorter than what the platform asked for (`not_before`, e.g. Telegram's `retry_after`).
pub fn backoff(attempts: i32, not_before: Option<Duration>) -> Duration {
    let exponential = Duration::seconds(2_i64 << attempts.clamp(0, 20)).min(MAX_BACKOFF);
    not_before.map_or(exponential, |wait| wait.max(exponential))
}

/// Schedules another attempt after [`backoff`], or gives up (failed) once the message has been
/// retried for `retry_for` since it was queued.
pub async fn mark_retry(
    db: &impl ConnectionTrait,
    row: &Outbound,
    error: &str,
    now: DateTime<Utc>,
    not_before: Option<Duration>,
    retry_for: Duration,
) -> Result<(), DbErr> {
    let attempts = row.attempts + 1;
    let status = if now - row.created_at >= retry_for { FAILED } else { PENDING };
    outbound_message::Entity::update_many()
        .col_expr(outbound_message::Column::Status, Expr::value(status))
        .col_expr(outbound_message::Column::Attempts, Expr::value(attempts))
        .col_expr(outbound_message::Column::NextAttemptAt, Expr::value(now + backoff(row.attempts, not_before)))
        .col_expr(outbound_message::Column::Error, Expr::value(Some(error.to_string())))
        .filter(ours(row))
        .exec(db)
        .await
        .map(|_| ())
}

pub async fn mark_failed(db: &impl ConnectionTrait, row: &Outbound, error: &str) -> Result<(), DbErr> {
    outbound_message::Entity::update_many()
        .col_expr(outbound_message::Column::Status, Expr::value(FAILED))
        .col_expr(outbound_message::Column::Error, Expr::value(Some(error.to_string())))
        .filter(ours(row))
        .exec(db)
        .await
        .map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_from_two_seconds_and_caps_at_ten_minutes() {
        let secs: Vec<i64> = (0..12).map(|a| backoff(a, None).num_seconds()).collect();
        assert_eq!(secs, [2, 4, 8, 16, 32, 64, 128, 256, 512, 600, 600, 600]);
        assert_eq!(backoff(i32::MAX, None), MAX_BACKOFF);
    }

    #[test]
    fn backoff_never_comes_before_the_platforms_retry_after() {
        assert_eq!(backoff(0, Some(Duration::seconds(120))), Duration::seconds(120));
        assert_eq!(backoff(3, Some(Duration::seconds(1))), Duration::seconds(16));
    }
}
