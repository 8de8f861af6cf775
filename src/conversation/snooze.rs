//! Snooze and done, from the reminder itself. Every reminder carries four buttons (in 10
//! minutes, in an hour, this evening or tomorrow morning — whichever is next — and done) bound
//! to its task: `snooze:<task id>:<10m|1h|eve|morn|done>`. A reply in words ("עוד חצי שעה",
//! "snooze till 6", "בוצע", "done") acts on the last reminder sent to the user within
//! [`WINDOW`]; that is also how a WhatsApp reminder sent as a template (no buttons) is snoozed.
//!
//! Snoozing one occurrence of a recurring reminder never moves the series: the snoozed
//! occurrence becomes a one-off row of its own (`tasks.snoozed_from`), and the series keeps the
//! next occurrence the scheduler already gave it. A one-off reminder is simply moved.

use chrono::{DateTime, Duration, NaiveTime, Timelike, Utc};
use chrono_tz::Tz;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::channels::Button;
use crate::reply::when::when_phrase;
use crate::reply::{Msg, Said};
use crate::resolvers::actions::short;
use crate::resolvers::{Ctx, ResolveError};
use crate::store::entities::outbound_message;
use crate::store::tasks::{self, Task};

/// A reply in words this soon after a reminder refers to it.
pub const WINDOW: Duration = Duration::hours(2);
/// "This evening" and "tomorrow morning", local.
const EVENING: u32 = 18;
const MORNING: u32 = 8;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    TenMinutes,
    Hour,
    Evening,
    Morning,
    Done,
}

const CODES: [(Choice, &str); 5] = [
    (Choice::TenMinutes, "10m"),
    (Choice::Hour, "1h"),
    (Choice::Evening, "eve"),
    (Choice::Morning, "morn"),
    (Choice::Done, "done"),
];

pub fn payload(task_id: i64, choice: Choice) -> String {
    let code = CODES.iter().find(|(c, _)| *c == choice).map_or("done", |(_, s)| s);
    format!("snooze:{task_id}:{code}")
}

/// Reads a reminder button's payload; `None` for any other payload.
pub fn parse_payload(p: &str) -> Option<(i64, Choice)> {
    let (id, code) = p.strip_prefix("snooze:")?.split_once(':')?;
    let choice = CODES.iter().find(|(_, s)| *s == code)?.0;
    Some((id.parse().ok()?, choice))
}

/// The buttons a reminder sent at `now` (local) carries.
pub fn buttons(lang: crate::understand::Lang, task_id: i64, now: DateTime<Tz>) -> Vec<Button> {
    let later = if now.hour() < EVENING { Choice::Evening } else { Choice::Morning };
    [
        (Choice::TenMinutes, "snooze-10m"),
        (Choice::Hour, "snooze-1h"),
        (later, label_id(later)),
        (Choice::Done, "snooze-done"),
    ]
    .into_iter()
    .map(|(c, id)| Button { label: crate::reply::t(lang, id), payload: payload(task_id, c) })
    .collect()
}

fn label_id(c: Choice) -> &'static str {
    if c == Choice::Evening { "snooze-evening" } else { "snooze-morning" }
}

/// What a snooze choice means at `now`: the instant to remind again, or `None` for done.
pub fn until(choice: Choice, now: DateTime<Tz>) -> Option<DateTime<Utc>> {
    let at = |days: u64, hour: u32| {
        let date = now.date_naive() + chrono::Days::new(days);
        crate::understand::rrule::resolve_local(now.timezone(), date.and_time(NaiveTime::from_hms_opt(hour, 0, 0)?))
    };
    let now_utc = now.to_utc();
    match choice {
        Choice::TenMinutes => Some(now_utc + Duration::minutes(10)),
        Choice::Hour => Some(now_utc + Duration::hours(1)),
        // tapped after the evening began: the next morning; "tomorrow morning" tapped after
        // midnight is this morning
        Choice::Evening => at(0, EVENING).filter(|t| *t > now_utc).or_else(|| at(1, MORNING)),
        Choice::Morning => at(0, MORNING).filter(|t| *t > now_utc && now.hour() < 5).or_else(|| at(1, MORNING)),
        Choice::Done => None,
    }
}

/// A reply in words to a reminder: done, or remind again at an instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Words {
    Done,
    Until(DateTime<Utc>),
}

const DONE_WORDS: &[&str] = &[
    "done",
    "did it",
    "i did it",
    "finished",
    "completed",
    "✅",
    "✔️",
    "👍 done",
    "בוצע",
    "עשיתי",
    "סיימתי",
    "עשיתי את זה",
    "טופל",
    "בוצע תודה",
];
const SNOOZE_WORDS: &[&str] = &[
    "snooze",
    "remind me again",
    "remind me later",
    "again",
    "later",
    "נודניק",
    "תזכיר לי שוב",
    "תזכיר שוב",
    "תזכיר לי עוד",
    "שוב",
];

/// Reads a short reply to a reminder ("עוד חצי שעה", "snooze till 6", "in 20 minutes", "בוצע");
/// `None` when the message is something else.
pub fn words(text: &str, now: DateTime<Tz>) -> Option<Words> {
    let t = text.trim().trim_end_matches(['.', '!', '?']).trim().to_lowercase();
    if DONE_WORDS.contains(&t.as_str()) {
        return Some(Words::Done);
    }
    if t.split_whitespace().count() > 6 {
        return None;
    }
    let (keyword, rest) = match SNOOZE_WORDS.iter().find(|w| t.starts_with(**w)) {
        Some(w) => (true, t[w.len()..].trim()),
        None => (false, t.as_str()),
    };
    if keyword && rest.is_empty() {
        return Some(Words::Until(now.to_utc() + Duration::minutes(10)));
    }
    let rest = rest.strip_prefix("for ").or_else(|| rest.strip_prefix("me ")).unwrap_or(rest);
    // "till 6" is "at 6"; "עוד חצי שעה" is "in half an hour" ("בעוד")
    let phrase = if let Some(r) = rest.strip_prefix("till ").or_else(|| rest.strip_prefix("until ")) {
        format!("at {r}")
    } else if let Some(r) = rest.strip_prefix("עד ") {
        format!("ב-{r}")
    } else if let Some(r) = rest.strip_prefix("עוד ") {
        format!("בעוד {r}")
    } else if keyword || rest.starts_with("in ") || rest.starts_with("בעוד ") {
        rest.to_string()
    } else {
        return None;
    };
    // the whole reply is the time: "תזכיר לי מחר לקנות חלב" is a new reminder, not a snooze
    let m = crate::understand::time::parse(&phrase, now).filter(|m| m.problem.is_none() && m.recurrence.is_none())?;
    let outside = phrase.get(..m.span.start)?.chars().count() + phrase.get(m.span.end..)?.trim().chars().count();
    let at = m.point.unwrap_or(m.value).to_utc();
    (outside <= 2 && at > now.to_utc()).then_some(Words::Until(at))
}

/// Answers a reminder button, or a reply in words to the last reminder; `None` otherwise.
pub async fn try_snooze(ctx: &Ctx<'_>, button: Option<&str>) -> Result<Option<Said>, ResolveError> {
    let now = ctx.time.now;
    let (task_id, action) = match button {
        Some(p) => match parse_payload(p) {
            Some((id, choice)) => (id, until(choice, now).map_or(Words::Done, Words::Until)),
            None => return Ok(None),
        },
        None => {
            let Some(action) = words(ctx.text, now) else { return Ok(None) };
            let Some(id) = last_reminder(ctx, now.to_utc()).await? else { return Ok(None) };
            (id, action)
        }
    };
    let Some(task) = tasks::get(ctx.db, ctx.user.id, task_id).await? else {
        return Ok(Some(Said::msg(Msg::new("reminder-gone"))));
    };
    if task.status != tasks::OPEN {
        return Ok(Some(Said::msg(Msg::new("reminder-gone"))));
    }
    let title = short(&task.title, 120);
    let msg = match action {
        Words::Until(at) => {
            snooze(ctx, &task, at).await?;
            let when = when_phrase(ctx.lang, at.with_timezone(&ctx.tz()), now);
            Msg::new("reminder-snoozed").arg("title", title).arg("when", when)
        }
        Words::Done if task.recurrence.is_some() => {
            // this occurrence is done; the series goes on
            let next = task.next_fire_at.map(|n| when_phrase(ctx.lang, n.with_timezone(&ctx.tz()), now));
            match next {
                Some(when) => Msg::new("reminder-occurrence-done").arg("title", title).arg("when", when),
                None => Msg::new("task-completed").arg("title", title),
            }
        }
        Words::Done => {
            tasks::mark_done(ctx.db, &task, now.to_utc()).await?;
            Msg::new("task-completed").arg("title", title)
        }
    };
    Ok(Some(Said::msg(msg)))
}

async fn snooze(ctx: &Ctx<'_>, task: &Task, at: DateTime<Utc>) -> Result<(), sea_orm::DbErr> {
    if task.recurrence.is_some() {
        tasks::create_snoozed(ctx.db, task, at, ctx.time.now.to_utc()).await.map(|_| ())
    } else {
        tasks::reschedule(ctx.db, task, at, None).await.map(|_| ())
    }
}

/// The task of the last reminder sent to this user within [`WINDOW`] (its outbox dedupe key is
/// `reminder:<task id>:<occurrence>`).
async fn last_reminder(ctx: &Ctx<'_>, now: DateTime<Utc>) -> Result<Option<i64>, sea_orm::DbErr> {
    let row = outbound_message::Entity::find()
        .filter(outbound_message::Column::UserId.eq(ctx.user.id))
        .filter(outbound_message::Column::DedupeKey.starts_with("reminder:"))
        .filter(outbound_message::Column::CreatedAt.gte(now - WINDOW))
        .order_by_desc(outbound_message::Column::Id)
        .one(ctx.db)
        .await?;
    Ok(row.and_then(|r| r.dedupe_key?.split(':').nth(1)?.parse().ok()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono_tz::Asia::Jerusalem;

    fn at(s: &str) -> DateTime<Tz> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Jerusalem)
    }

    #[test]
    fn reminder_payloads_round_trip_and_fit_telegrams_64_bytes() {
        for c in [Choice::TenMinutes, Choice::Hour, Choice::Evening, Choice::Morning, Choice::Done] {
            assert_eq!(parse_payload(&payload(i64::MAX, c)), Some((i64::MAX, c)));
            assert!(payload(i64::MAX, c).len() <= 64);
        }
        assert_eq!(parse_payload("confirm:3:yes"), None);
        assert_eq!(crate::conversation::buttons::parse(&payload(3, Choice::Done)), None);
    }

    #[test]
    fn the_third_button_is_this_evening_before_six_and_tomorrow_morning_after() {
        let b = buttons(crate::understand::Lang::En, 7, at("2026-03-20T10:00:00+02:00"));
        assert_eq!(
            b.iter().map(|b| b.label.as_str()).collect::<Vec<_>>(),
            ["10 min", "1 hour", "This evening", "✅ Done"]
        );
        let b = buttons(crate::understand::Lang::He, 7, at("2026-03-20T19:00:00+02:00"));
        assert_eq!(b[2].label, "מחר בבוקר");
        assert_eq!(
            until(Choice::Evening, at("2026-03-20T10:00:00+02:00")),
            Some(at("2026-03-20T18:00:00+02:00").to_utc())
        );
        assert_eq!(
            until(Choice::Morning, at("2026-03-20T19:00:00+02:00")),
            Some(at("2026-03-21T08:00:00+02:00").to_utc())
        );
    }

    #[test]
    fn replies_in_words_snooze_or_finish_the_reminder() {
        let now = at("2026-03-20T17:00:00+02:00");
        let until = |s: &str| match words(s, now) {
            Some(Words::Until(t)) => Some(t.with_timezone(&Jerusalem).format("%H:%M").to_string()),
            _ => None,
        };
        assert_eq!(until("עוד חצי שעה").as_deref(), Some("17:30"));
        assert_eq!(until("snooze till 6").as_deref(), Some("18:00"));
        assert_eq!(until("snooze").as_deref(), Some("17:10"));
        assert_eq!(until("in 20 minutes").as_deref(), Some("17:20"));
        assert_eq!(until("בעוד שעה").as_deref(), Some("18:00"));
        assert_eq!(words("בוצע", now), Some(Words::Done));
        assert_eq!(words("Done!", now), Some(Words::Done));
        for other in [
            "add milk to the shopping list",
            "what are my reminders?",
            "תזכיר לי מחר בשמונה להתקשר לאמא לגבי הטיסה",
            "תזכיר לי מחר לקנות חלב",
            "in 10 minutes call mom",
        ] {
            assert_eq!(words(other, now), None, "{other}");
        }
    }
}
