//! The reminder scheduler: sends each due reminder on the channel the user last used.
//!
//! Every tick claims due reminders in one transaction (on PostgreSQL with `FOR UPDATE SKIP
//! LOCKED`, so several instances share the work), queues each occurrence in the outbox under a
//! unique dedupe key (so no occurrence is ever queued twice, whatever races or restarts happen),
//! and moves the task to its next occurrence. A reminder found late (Ozer was down) is sent
//! marked late if it is less than 6 hours overdue, and recorded as missed otherwise.

pub mod briefing;
pub mod recurrence;

use chrono::{DateTime, Duration, Utc};
use chrono_tz::Tz;
use std::collections::HashMap;

use sea_orm::sea_query::{LockBehavior, LockType};
use sea_orm::{
    ColumnTrait, DatabaseTransaction, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect, TransactionTrait,
};

use crate::app::AppState;
use crate::channels::{Channel, Reply};
use crate::reply::Msg;
use crate::reply::when::when_phrase;
use crate::store::entities::task;
use crate::store::outbound::{self, KIND_PUSH, NewOutbound};
use crate::store::tasks::{self, Task};
use crate::store::{self as store_mod, users};
use crate::understand::Lang;

/// How often the scheduler looks for due reminders: a reminder goes out at most this long
/// (plus the send itself) after it is due.
pub const TICK: std::time::Duration = std::time::Duration::from_millis(250);
/// Past this, a reminder is marked late.
const LATE_AFTER: Duration = Duration::seconds(60);
/// Past this, a reminder is recorded as missed instead of sent.
const MISSED_AFTER: Duration = Duration::hours(6);
/// Reminders claimed per transaction; a full batch is followed by the next one at once.
const BATCH: u64 = 500;

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct TickReport {
    pub sent: usize,
    pub late: usize,
    pub missed: usize,
    /// due reminders taken in this pass (sent, late, missed, or skipped: no channel known)
    pub claimed: usize,
}

pub fn spawn(state: &AppState) -> tokio::task::JoinHandle<()> {
    let s = state.clone();
    tokio::spawn(async move {
        while !s.stop.is_set() {
            match tick(&s).await {
                Ok(report) => {
                    s.metrics.reminders(report.sent, report.late, report.missed);
                    if report.sent + report.late > 0 {
                        s.wake_outbox.notify_one();
                    }
                    if report.claimed as u64 >= BATCH {
                        // more are due right now (a burst): no pause before the next batch
                        continue;
                    }
                }
                Err(e) => tracing::warn!(error = %e, "scheduler tick failed; retrying"),
            }
            tokio::select! {
                _ = tokio::time::sleep(TICK) => {}
                _ = s.stop.wait() => {}
            }
        }
    })
}

/// One pass over due reminders.
#[tracing::instrument(skip_all)]
pub async fn tick(state: &AppState) -> Result<TickReport, DbErr> {
    let now = state.clock.now();
    let txn = state.db.begin().await?;
    let mut query = task::Entity::find()
        .filter(task::Column::Status.eq(tasks::OPEN))
        .filter(task::Column::NextFireAt.lte(now))
        .order_by_asc(task::Column::NextFireAt)
        .limit(BATCH);
    if store_mod::is_postgres(&txn) {
        query = query.lock_with_behavior(LockType::Update, LockBehavior::SkipLocked);
    }
    let due = query.all(&txn).await?;
    let mut report = TickReport { claimed: due.len(), ..TickReport::default() };
    // the owners of the whole batch in one query (a burst is many reminders of few users)
    let owners: HashMap<i64, users::User> =
        users::by_ids(&txn, due.iter().map(|t| t.user_id)).await?.into_iter().map(|u| (u.id, u)).collect();
    let fired: Vec<Fired> = due.iter().filter_map(|t| fire(state, t, owners.get(&t.user_id)?, now)).collect();
    // every occurrence queued in one statement: a dedupe key taken before queues nothing
    let news = fired.iter().filter_map(|f| f.push.as_ref().map(|p| (p.outbound(), p.status()))).collect();
    let queued = outbound::enqueue_many(&txn, news, now).await?;
    for push in fired.iter().filter_map(|f| f.push.as_ref()).filter(|p| queued.contains(&p.key)) {
        match push.timeliness {
            Timeliness::OnTime => report.sent += 1,
            Timeliness::Late => report.late += 1,
            Timeliness::Missed => report.missed += 1,
        }
    }
    advance_all(&txn, &fired, now).await?;
    txn.commit().await?;
    Ok(report)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Timeliness {
    OnTime,
    Late,
    Missed,
}

/// One due occurrence: what to queue (nothing when the user has no channel yet) and where the
/// task goes next.
struct Fired<'a> {
    task: &'a Task,
    push: Option<Push>,
    next: Option<DateTime<Utc>>,
    /// the series to store, for a row from before RRULEs (see [`advance_all`])
    rewrite: Option<String>,
}

struct Push {
    user_id: i64,
    channel: Channel,
    external_user: String,
    reply: Reply,
    key: String,
    timeliness: Timeliness,
}

impl Push {
    fn outbound(&self) -> NewOutbound<'_> {
        NewOutbound {
            user_id: Some(self.user_id),
            channel: self.channel,
            external_user: &self.external_user,
            kind: KIND_PUSH,
            reply: &self.reply,
            inbound_id: None,
            dedupe_key: Some(self.key.clone()),
        }
    }

    fn status(&self) -> &'static str {
        if self.timeliness == Timeliness::Missed { outbound::MISSED } else { outbound::PENDING }
    }
}

fn fire<'a>(state: &AppState, t: &'a Task, user: &users::User, now: DateTime<Utc>) -> Option<Fired<'a>> {
    let fire_at = t.next_fire_at?;
    let tz: Tz = user.timezone.parse().unwrap_or(state.settings.timezone);
    let lang = Lang::from_code(&user.lang).unwrap_or(state.settings.lang);
    let channel = user.last_channel.as_deref().and_then(Channel::parse);
    let overdue = now - fire_at;
    let push = match (channel, user.last_external_user.as_deref()) {
        (Some(channel), Some(external)) => {
            let mut reply = Reply::text(reminder_text(lang, t, fire_at, now, tz, overdue > LATE_AFTER));
            reply.buttons = crate::conversation::snooze::buttons(lang, t.id, now.with_timezone(&tz));
            let timeliness = if overdue > MISSED_AFTER {
                Timeliness::Missed
            } else if overdue > LATE_AFTER {
                Timeliness::Late
            } else {
                Timeliness::OnTime
            };
            Some(Push {
                user_id: user.id,
                channel,
                external_user: external.to_string(),
                reply,
                key: format!("reminder:{}:{}", t.id, fire_at.timestamp()),
                timeliness,
            })
        }
        _ => None,
    };
    let (next, series) = next_occurrence(t, tz, fire_at, now);
    // a row from before RRULEs is stored as its series from here on (anchored at this
    // occurrence), so its monthly day no longer drifts
    let rewrite = series
        .filter(|_| t.recurrence.as_deref().is_some_and(|r| recurrence::parse(r).is_some()))
        .map(|s| s.to_string());
    Some(Fired { task: t, push, next, rewrite })
}

/// Moves each fired task on: the one-off reminders (most of a burst) in one statement, each
/// recurring one to its own next occurrence.
async fn advance_all(txn: &DatabaseTransaction, fired: &[Fired<'_>], now: DateTime<Utc>) -> Result<(), DbErr> {
    let (once, recurring): (Vec<&Fired>, Vec<&Fired>) =
        fired.iter().partition(|f| f.next.is_none() && f.rewrite.is_none());
    tasks::fired_once(txn, &once.iter().map(|f| f.task.id).collect::<Vec<_>>(), now).await?;
    for f in recurring {
        tasks::advance(txn, f.task, f.next, now).await?;
        if let Some(series) = &f.rewrite {
            tasks::set_recurrence(txn, f.task.id, series).await?;
        }
    }
    Ok(())
}

/// The occurrence after this one, computed from the series' start in the user's current zone
/// (so 08:00 stays 08:00 after a move to London), and the series itself.
fn next_occurrence(
    t: &Task,
    tz: Tz,
    fire_at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> (Option<DateTime<Utc>>, Option<crate::understand::rrule::Series>) {
    let local_time = t.local_time.as_deref().and_then(recurrence::parse_local_time);
    let Some(series) = t.recurrence.as_deref().and_then(|r| recurrence::series_of(r, tz, fire_at, local_time)) else {
        return (None, None);
    };
    (series.next_after(now.max(fire_at)), Some(series))
}

fn reminder_text(lang: Lang, t: &Task, fire_at: DateTime<Utc>, now: DateTime<Utc>, tz: Tz, late: bool) -> String {
    let title = crate::resolvers::actions::short(&t.title, 500);
    if late {
        let when = when_phrase(lang, fire_at.with_timezone(&tz), now.with_timezone(&tz));
        Msg::new("reminder-push-late").arg("title", title).arg("when", when).render(lang)
    } else {
        Msg::new("reminder-push").arg("title", title).render(lang)
    }
}
