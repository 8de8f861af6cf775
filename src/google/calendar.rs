//! The Calendar resolver: find, create, update (move or rename) and delete events in the
//! user's primary calendar. A remote resolver (plan/remote.rs): called with no transaction
//! open; a create uses the step's idempotency key as the event id, so a retried create is at
//! most once (a resumed step looks the id up first); deletions always ask first, and the "yes"
//! comes back here as a step carrying the exact event ids (confirm.rs).

use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};
use chrono_tz::Tz;

use super::calendar_api::{Cal, Ev, EvTime, NewEvent};
use super::calendar_reply as say;
use super::errors::GoogleError;
use super::{Google, Unlinked, confirm};
use crate::plan::remote::{RemoteCall, RemoteFailure, RemoteFuture, RemoteResolver};
use crate::reply::Msg;
use crate::resolvers::StepResult;
use crate::resolvers::matching::{self, Found};
use crate::understand::{Action, Recurrence};

pub struct CalendarResolver {
    google: Arc<Google>,
}

impl CalendarResolver {
    pub fn new(google: Arc<Google>) -> Self {
        Self { google }
    }
}

impl RemoteResolver for CalendarResolver {
    fn run<'a>(&'a self, call: RemoteCall<'a>) -> RemoteFuture<'a> {
        Box::pin(self.resolve(call))
    }
}

/// How far ahead "what's next" and "when is my meeting with Rotem" look.
const AHEAD_DAYS: i64 = 90;
/// Most events one reply lists.
const MAX_LISTED: usize = 25;

#[derive(Debug)]
pub(super) enum CalError {
    Google(GoogleError),
    Db(sea_orm::DbErr),
}

impl From<GoogleError> for CalError {
    fn from(e: GoogleError) -> Self {
        CalError::Google(e)
    }
}

impl From<sea_orm::DbErr> for CalError {
    fn from(e: sea_orm::DbErr) -> Self {
        CalError::Db(e)
    }
}

impl CalendarResolver {
    #[tracing::instrument(skip_all, fields(action = call.step.action.as_str(), resumed = call.resumed))]
    async fn resolve(&self, call: RemoteCall<'_>) -> Result<StepResult, RemoteFailure> {
        let now = call.time.now.to_utc();
        let token = match self.google.token_for(call.db, call.user).await {
            Ok(t) => t,
            Err(Unlinked::Db(e)) => return Err(e.into()),
            Err(why) => return Ok(self.google.link_reply(call.db, call.user, &why, now).await?),
        };
        let cal = Cal::new(&self.google, token);
        let result = match call.step.action {
            Action::Create => create(&cal, &call).await,
            Action::Update => super::calendar_update::update(&cal, &call).await,
            Action::Delete => delete(&cal, &call).await,
            _ => find(&cal, &call).await,
        };
        match result {
            Ok(r) => Ok(r),
            Err(CalError::Google(GoogleError::Disconnected)) => {
                Ok(self.google.link_reply(call.db, call.user, &Unlinked::Disconnected, now).await?)
            }
            Err(CalError::Google(e)) => {
                tracing::warn!(error = %e, "Calendar call failed");
                Err(RemoteFailure::Failed(e.said()))
            }
            Err(CalError::Db(e)) => Err(e.into()),
        }
    }
}

/// The range a step names: its window, the day of its time, or `None`.
fn range(call: &RemoteCall<'_>) -> Option<(DateTime<Utc>, DateTime<Utc>)> {
    range_of(&call.step.slots, call.time.now)
}

/// The range a step's slots name: the window, the day of the time, the week ahead for "what's
/// coming up", or `None`.
pub(crate) fn range_of(slots: &crate::understand::Step, now: DateTime<Tz>) -> Option<(DateTime<Utc>, DateTime<Utc>)> {
    let tz = now.timezone();
    if let Some(w) = slots.window {
        return Some((w.start.to_utc(), w.end.to_utc()));
    }
    let Some(at) = slots.when else {
        let asks_ahead = slots
            .query
            .as_deref()
            .or(slots.title.as_deref())
            .is_some_and(|q| UPCOMING.contains(&without_address(&q.trim().to_lowercase()).as_str()));
        let week_on = say::start_of(now.date_naive() + Duration::days(UPCOMING_DAYS), tz);
        return asks_ahead.then(|| (now.to_utc(), week_on.to_utc()));
    };
    let day = at.with_timezone(&tz).date_naive();
    let start = say::start_of(day, tz);
    Some((start.to_utc(), say::start_of(day + Duration::days(1), tz).to_utc()))
}

/// "what have I got coming up", "מה יש לי בקרוב": the days ahead, today and the next six.
const UPCOMING: &[&str] = &[
    "coming up",
    "upcoming",
    "soon",
    "ahead",
    "in the coming days",
    "lined up",
    "in store",
    "on the horizon",
    "בקרוב",
    "בימים הקרובים",
    "בזמן הקרוב",
    "הקרוב",
];
const UPCOMING_DAYS: i64 = 7;

/// The question without the words that only address the user or soften it ("coming up dear",
/// "what's coming up for me please").
fn without_address(q: &str) -> String {
    const ADDRESS: &[&str] =
        &["dear", "please", "pls", "mate", "love", "hun", "for", "me", "then", "now", "בבקשה", "אחי", "יקירי", "לי"];
    q.split_whitespace()
        .map(|w| w.trim_matches(|c: char| c.is_ascii_punctuation()))
        .filter(|w| !w.is_empty() && !ADDRESS.contains(w))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A range in words: "today", or "Sunday to Saturday".
pub(crate) fn range_phrase(
    lang: crate::understand::Lang,
    (min, max): (DateTime<Utc>, DateTime<Utc>),
    now: DateTime<Tz>,
) -> String {
    let tz = now.timezone();
    say::window_phrase(lang, min.with_timezone(&tz), max.with_timezone(&tz), now)
}

/// "what's next" names no event: it asks for the next one.
const NEXT: &[&str] = &["what's next", "whats next", "what is next", "next", "מה הבא", "הבא", "מה הלאה"];

/// The words that name an event ("the meeting with Rotem"), if the step has any.
pub(super) fn named(call: &RemoteCall<'_>) -> Option<String> {
    let s = &call.step.slots;
    s.query.clone().or_else(|| s.title.clone()).filter(|q| !q.trim().is_empty()).filter(|q| {
        let q = q.trim().to_lowercase();
        !NEXT.contains(&q.as_str()) && !UPCOMING.contains(&q.as_str())
    })
}

/// Words that say "an event" rather than which one: "the meeting with Rotem" is about Rotem.
const GENERIC: &[&str] =
    &["meeting", "meetings", "appointment", "event", "events", "my", "פגישה", "הפגישה", "פגישת", "אירוע", "האירוע"];

/// The words of `query` that tell events apart (all of it when nothing else is left).
fn distinctive(query: &str) -> String {
    let kept: Vec<&str> = query.split_whitespace().filter(|w| !GENERIC.contains(&w.to_lowercase().as_str())).collect();
    if kept.is_empty() { query.to_string() } else { kept.join(" ") }
}

/// The events whose title fits `query` best, in time order (Google's `q` also searches
/// descriptions and attendees and wants every word: "my meeting with Rotem" must find "Coffee
/// with Rotem", and not "Meeting with Dana").
fn fitting(events: Vec<Ev>, query: Option<&str>) -> Vec<Ev> {
    let Some(q) = query.map(distinctive) else {
        return events;
    };
    let scored: Vec<(f32, Ev)> = events.into_iter().map(|e| (matching::score(&q, &e.title), e)).collect();
    let best = scored.iter().map(|(s, _)| *s).fold(0.0, f32::max);
    if best < 0.5 {
        return Vec::new();
    }
    scored.into_iter().filter(|(s, _)| *s >= best - 0.01).map(|(_, e)| e).collect()
}

async fn find(cal: &Cal, call: &RemoteCall<'_>) -> Result<StepResult, CalError> {
    let (tz, now, lang) = (call.time.tz(), call.time.now, call.lang);
    let Some((min, max)) = range(call) else {
        // "what's next" / "when is my meeting with Rotem": the first match from now on
        let ahead = now.to_utc() + Duration::days(AHEAD_DAYS);
        let q = named(call);
        let limit = if q.is_some() { 250 } else { 1 };
        let events = fitting(cal.list(now.to_utc(), ahead, None, limit).await?, q.as_deref());
        return Ok(match events.first() {
            Some(e) => StepResult {
                said: crate::reply::Said::msg(
                    Msg::new("calendar-next").arg("title", title(lang, e)).arg("when", say::when(lang, e, tz, now)),
                ),
                data: entity(e),
            },
            None => StepResult::say(Msg::new("calendar-nothing-ahead")),
        });
    };
    let name = named(call);
    let events = fitting(cal.list(min, max, None, 250).await?, name.as_deref());
    let events: Vec<Ev> = events.into_iter().take(MAX_LISTED).collect();
    let when = range_phrase(lang, (min, max), now);
    // "what do I have today" is about the day's reminders too (not when one event is asked for)
    let reminders = match name {
        None => crate::resolvers::task::lines_due(call.db, call.user.id, lang, call.time, (min, max)).await?,
        Some(_) => None,
    };
    let msg = match (events.is_empty(), reminders) {
        (true, None) => Msg::new("calendar-empty").arg("when", when),
        (true, Some((count, lines))) => {
            Msg::new("calendar-empty-reminders").arg("when", when).num("count", count as i64).arg("lines", lines)
        }
        (false, reminders) => {
            let mut listed = say::lines(lang, &events, tz, now);
            if let Some((count, lines)) = reminders {
                let part = Msg::new("calendar-and-reminders").num("count", count as i64).arg("lines", lines);
                listed = format!("{listed}\n{}", part.render(lang));
            }
            Msg::new("calendar-list").arg("when", when).num("count", events.len() as i64).arg("events", listed)
        }
    };
    Ok(StepResult { said: crate::reply::Said::msg(msg), data: serde_json::Value::Null })
}

pub(super) fn title(lang: crate::understand::Lang, e: &Ev) -> String {
    if e.title.is_empty() { crate::reply::t(lang, "calendar-untitled") } else { e.title.clone() }
}

pub(super) fn entity(e: &Ev) -> serde_json::Value {
    serde_json::json!({ "kind": "event", "id": e.id, "title": e.title })
}

/// The RRULE for the recurrences the understanding knows today (issue 13 brings richer ones).
pub fn rrule(rec: Recurrence) -> &'static str {
    match rec {
        Recurrence::Daily => "FREQ=DAILY",
        Recurrence::Weekdays => "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
        Recurrence::Weekly => "FREQ=WEEKLY",
        Recurrence::Monthly => "FREQ=MONTHLY",
        Recurrence::Yearly => "FREQ=YEARLY",
    }
}

/// Email addresses written in the message: the event's attendees.
fn emails(text: &str) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '<' | '>' | '(' | ')'))
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .filter(|w| {
            let mut parts = w.split('@');
            matches!((parts.next(), parts.next(), parts.next()), (Some(a), Some(d), None) if !a.is_empty() && d.contains('.'))
        })
        .map(str::to_string)
        .collect()
}

async fn create(cal: &Cal, call: &RemoteCall<'_>) -> Result<StepResult, CalError> {
    let (tz, lang) = (call.time.tz(), call.lang);
    let s = &call.step.slots;
    let id = call.idempotency_key.to_string();
    if call.resumed
        && let Some(e) = cal.get(&id).await?
    {
        return Ok(created(call, &e, tz));
    }
    let (start, end) = match (s.when, s.window) {
        // a day with no time of day ("dentist on Friday") arrives as local midnight: all day
        (Some(at), _) if at.with_timezone(&tz).time() == chrono::NaiveTime::MIN => {
            let day = at.with_timezone(&tz).date_naive();
            (EvTime::Day(day), EvTime::Day(day + Duration::days(1)))
        }
        (Some(at), _) => (EvTime::At(at.to_utc()), EvTime::At(at.to_utc() + Duration::hours(1))),
        (None, Some(w)) => {
            // only a date: an all-day event; the end date is exclusive
            let day = w.start.with_timezone(&tz).date_naive();
            (EvTime::Day(day), EvTime::Day(day + Duration::days(1)))
        }
        (None, None) => return Ok(StepResult::say(Msg::new("calendar-need-time"))),
    };
    let new = NewEvent {
        id: Some(id),
        title: Some(s.title.clone().unwrap_or_else(|| crate::reply::t(lang, "calendar-untitled"))),
        start: Some(start),
        end: Some(end),
        tz: Some(tz.name().to_string()),
        attendees: emails(call.text),
        // the user's repeat rule as understood (every other Tuesday, Sunday and Wednesday until
        // June, ...); sent with the event's IANA zone, which Google needs for a recurring event
        rrule: crate::understand::repeat::rrule_for(s, tz).or_else(|| s.recurrence.map(|r| rrule(r).to_string())),
    };
    let e = cal.insert(new).await?;
    Ok(created(call, &e, tz))
}

fn created(call: &RemoteCall<'_>, e: &Ev, tz: Tz) -> StepResult {
    let (lang, now) = (call.lang, call.time.now);
    let slots = &call.step.slots;
    let rule = slots.rrule.as_deref().and_then(crate::understand::rrule::Rule::parse);
    let when = match (rule, slots.recurrence, &e.start) {
        (Some(rule), _, EvTime::At(at)) => {
            let first = at.with_timezone(&tz);
            let series = crate::understand::rrule::Series { tz, start: first.naive_local(), rule };
            crate::reply::rule::series_phrase(lang, &series, first)
        }
        (None, Some(rec), EvTime::At(at)) => crate::reply::when::recurrence_phrase(lang, rec, at.with_timezone(&tz)),
        _ => say::when(lang, e, tz, now),
    };
    StepResult {
        said: crate::reply::Said::msg(Msg::new("calendar-created").arg("title", title(lang, e)).arg("when", when)),
        data: entity(e),
    }
}

/// The events near the step's date (or the coming weeks) whose title fits its words.
pub(super) async fn matching_events(cal: &Cal, call: &RemoteCall<'_>, query: &str) -> Result<Found<Ev>, CalError> {
    let now = call.time.now.to_utc();
    let (min, max) = match range(call) {
        Some((a, b)) => (a - Duration::days(7), b + Duration::days(7)),
        None => (now - Duration::days(1), now + Duration::days(AHEAD_DAYS)),
    };
    let events = cal.list(min, max, None, 250).await?;
    Ok(matching::find(&distinctive(query), &events, |e| e.title.as_str()))
}

async fn delete(cal: &Cal, call: &RemoteCall<'_>) -> Result<StepResult, CalError> {
    let (tz, now, lang) = (call.time.tz(), call.time.now, call.lang);
    let confirmed = confirm::confirmed_events(&call.step.slots);
    if !confirmed.is_empty() {
        // "yes": delete exactly these (an event already gone counts as deleted, so a retry is safe)
        for (id, _) in &confirmed {
            cal.delete(id).await?;
        }
        let titles: Vec<String> = confirmed.into_iter().map(|(_, t)| t).collect();
        let msg = Msg::new("calendar-deleted").num("count", titles.len() as i64).arg("titles", titles.join(", "));
        return Ok(StepResult::say(msg));
    }
    let s = &call.step.slots;
    let to_go: Vec<Ev> = match (range(call), named(call)) {
        // "clear Friday except the standup", or "clear Friday": the window, minus the exceptions
        (Some((min, max)), None) => {
            let events = cal.list(min, max, None, 250).await?;
            events.into_iter().filter(|e| !s.except.iter().any(|x| matching::score(x, &e.title) >= 0.5)).collect()
        }
        (_, Some(query)) => match matching_events(cal, call, &query).await? {
            Found::One(e) => vec![e],
            Found::Several(many) => {
                let msg = Msg::new("calendar-several").arg("events", say::lines(lang, &many, tz, now));
                return Ok(StepResult::say(msg));
            }
            Found::None(_) => return Ok(StepResult::say(Msg::new("calendar-not-found").arg("title", query))),
        },
        (None, None) => return Ok(StepResult::say(Msg::new("calendar-which-event"))),
    };
    if to_go.is_empty() {
        return Ok(StepResult::say(Msg::new("calendar-nothing-to-delete")));
    }
    let mut step = s.clone();
    step.items = to_go.iter().map(|e| confirm::event_item(&e.id, &title(lang, e))).collect();
    step.except.clear();
    let question = Msg::new("calendar-confirm-delete")
        .num("count", to_go.len() as i64)
        .arg("events", say::lines(lang, &to_go, tz, now));
    Ok(confirm::ask(call.db, call.user.id, lang, now.to_utc(), question, call.text, step).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_coming_up_said_with_a_kind_word_asks_for_the_week_ahead() {
        assert_eq!(without_address("coming up dear?"), "coming up");
        let now = chrono::DateTime::parse_from_rfc3339("2026-03-18T15:00:00+00:00")
            .expect("now")
            .with_timezone(&chrono_tz::Europe::London);
        let mut step =
            crate::understand::Step::new(crate::understand::Resolver::Calendar, crate::understand::Action::Find, 0.7);
        step.query = Some("coming up dear".into());
        let (from, to) = range_of(&step, now).expect("a range");
        // (from now to the end of the seventh day on)
        assert_eq!((from, to.to_rfc3339()), (now.to_utc(), "2026-03-25T00:00:00+00:00".to_string()));
        step.query = Some("the dentist".into());
        assert_eq!(range_of(&step, now), None);
    }
}
