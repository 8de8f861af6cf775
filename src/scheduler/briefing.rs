//! The morning briefing, opt-in: "send me a summary every morning at 7" / "תשלח לי כל בוקר
//! בשבע מה יש לי היום" turns it on (a local time per user), "stop the morning summary" /
//! "תפסיק את הסיכום" off. At that local time one message lists the day's reminders and the open
//! tasks without a date, in the user's language, through the outbox as a push (so outside
//! WhatsApp's 24-hour window it goes as the reminder template, like reminders). Nothing is
//! sent to a user who did not ask. Each day's briefing has its own dedupe key, so two instances
//! never send it twice.

use chrono::{DateTime, Days, NaiveTime, Utc};
use chrono_tz::Tz;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QuerySelect, TransactionTrait};

use crate::app::AppState;
use crate::channels::{Channel, Reply};
use crate::reply::Msg;
use crate::store::entities::user;
use crate::store::outbound::{self, KIND_PUSH, NewOutbound};
use crate::store::tasks::{self, Task};
use crate::store::users::User;
use crate::understand::Lang;
use crate::understand::rrule::resolve_local;

const BATCH: u64 = 100;
/// Undated tasks listed at most; the rest are counted.
const TASKS_MAX: usize = 10;

/// The next briefing at local `time` strictly after `now`, in `tz`.
pub fn next_at(time: NaiveTime, tz: Tz, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
    let today = now.with_timezone(&tz).date_naive();
    [today, today + Days::new(1), today + Days::new(2)]
        .into_iter()
        .filter_map(|d| resolve_local(tz, d.and_time(time)))
        .find(|t| *t > now)
}

/// Turns the briefing on at local `time` (or off with `None`).
pub async fn set(
    db: &impl ConnectionTrait,
    u: &User,
    time: Option<NaiveTime>,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    let tz: Tz = u.timezone.parse().unwrap_or(chrono_tz::UTC);
    let next = time.and_then(|t| next_at(t, tz, now));
    user::Entity::update_many()
        .col_expr(user::Column::BriefingTime, Expr::value(time.map(|t| t.format("%H:%M").to_string())))
        .col_expr(user::Column::BriefingNextAt, Expr::value(next))
        .filter(user::Column::Id.eq(u.id))
        .exec(db)
        .await
        .map(|_| ())
}

/// After a timezone change: the briefing keeps its local time in the new zone.
pub async fn rezone(db: &impl ConnectionTrait, u: &User, tz: Tz, now: DateTime<Utc>) -> Result<(), DbErr> {
    let Some(time) = u.briefing_time.as_deref().and_then(crate::scheduler::recurrence::parse_local_time) else {
        return Ok(());
    };
    let moved = User { timezone: tz.name().to_string(), ..u.clone() };
    set(db, &moved, Some(time), now).await
}

pub fn spawn(state: &AppState) -> tokio::task::JoinHandle<()> {
    let s = state.clone();
    tokio::spawn(async move {
        while !s.stop.is_set() {
            match tick(&s).await {
                Ok(n) if n > 0 => s.wake_outbox.notify_one(),
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "briefing tick failed; retrying"),
            }
            tokio::select! {
                _ = tokio::time::sleep(super::TICK) => {}
                _ = s.stop.wait() => {}
            }
        }
    })
}

/// Queues every briefing that is due; returns how many were queued.
#[tracing::instrument(skip_all)]
pub async fn tick(state: &AppState) -> Result<usize, DbErr> {
    let now = state.clock.now();
    let due = user::Entity::find()
        .filter(user::Column::BriefingNextAt.lte(now))
        .filter(user::Column::BriefingTime.is_not_null())
        .limit(BATCH)
        .all(&state.db)
        .await?;
    let mut queued = 0;
    for u in &due {
        let txn = state.db.begin().await?;
        if send_one(state, &txn, u, now).await? {
            queued += 1;
        }
        txn.commit().await?;
    }
    Ok(queued)
}

async fn send_one(
    state: &AppState,
    txn: &sea_orm::DatabaseTransaction,
    u: &User,
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let tz: Tz = u.timezone.parse().unwrap_or(state.settings.timezone);
    let lang = Lang::from_code(&u.lang).unwrap_or(state.settings.lang);
    let time = u.briefing_time.as_deref().and_then(crate::scheduler::recurrence::parse_local_time);
    // the next one first: whatever happens below, this briefing is not retried forever
    set(txn, u, time, now).await?;
    let Some(due) = u.briefing_next_at else { return Ok(false) };
    // a briefing found hours late (Ozer was down) is skipped: a morning summary at night helps no one
    if now - due > chrono::Duration::hours(3) {
        return Ok(false);
    }
    let channel = u.last_channel.as_deref().and_then(Channel::parse);
    let (Some(channel), Some(external)) = (channel, u.last_external_user.as_deref()) else {
        return Ok(false);
    };
    let day = due.with_timezone(&tz);
    let open = tasks::by_status(txn, u.id, tasks::OPEN).await?;
    let reply = Reply::text(compose(lang, tz, day, &open, &calendar_events(u, day)));
    let new = NewOutbound {
        user_id: Some(u.id),
        channel,
        external_user: external,
        kind: KIND_PUSH,
        reply: &reply,
        inbound_id: None,
        dedupe_key: Some(format!("briefing:{}:{}", u.id, day.format("%Y-%m-%d"))),
    };
    Ok(outbound::enqueue(txn, new, now).await?.is_some())
}

/// The day's calendar events, one line each ("10:00 Dentist"). The seam for Google Calendar
/// (issue 14): empty until the user's Google account is linked and the calendar client exists.
pub fn calendar_events(_user: &User, _day: DateTime<Tz>) -> Vec<String> {
    Vec::new()
}

/// The briefing text: the day's reminders with their times, calendar events, and open tasks
/// without a date.
pub fn compose(lang: Lang, tz: Tz, day: DateTime<Tz>, open: &[Task], events: &[String]) -> String {
    let date = day.date_naive();
    let mut today: Vec<(String, String)> = open
        .iter()
        .filter_map(|t| {
            let at = t.due_at?.with_timezone(&tz);
            (at.date_naive() == date)
                .then(|| (at.format("%H:%M").to_string(), crate::resolvers::actions::short(&t.title, 120)))
        })
        .collect();
    today.sort();
    let undated: Vec<String> =
        open.iter().filter(|t| t.due_at.is_none()).map(|t| crate::resolvers::actions::short(&t.title, 120)).collect();
    if today.is_empty() && undated.is_empty() && events.is_empty() {
        return Msg::new("briefing-empty").render(lang);
    }
    let mut parts = vec![Msg::new("briefing-header").render(lang)];
    let mut lines: Vec<String> = events.to_vec();
    lines.extend(today.iter().map(|(time, title)| format!("• {time} {title}")));
    if !lines.is_empty() {
        parts.push(lines.join("\n"));
    }
    if !undated.is_empty() {
        let mut list: Vec<String> = undated.iter().take(TASKS_MAX).map(|t| format!("• {t}")).collect();
        if undated.len() > TASKS_MAX {
            list.push(Msg::new("briefing-more").num("count", (undated.len() - TASKS_MAX) as i64).render(lang));
        }
        parts.push(format!("{}\n{}", Msg::new("briefing-tasks").render(lang), list.join("\n")));
    }
    parts.join("\n\n")
}
