//! Moving an event: found by the distinctive words of its title near the new time, moved there
//! keeping its length. An occurrence of a recurring series asks first whether to move just it or
//! the whole series (unless the message already says which); the answer comes back as this step
//! with `items` = `move:one:<id>` or `move:series:<series id>` (confirm.rs carries it).

use chrono::Duration;

use super::calendar::{CalError, entity, matching_events, named, title};
use super::calendar_api::{Cal, Ev, EvTime, NewEvent};
use super::calendar_reply as say;
use super::confirm;
use crate::plan::remote::RemoteCall;
use crate::reply::{Msg, Said};
use crate::resolvers::StepResult;
use crate::resolvers::matching::Found;

const ONE: &str = "move:one:";
const SERIES: &str = "move:series:";

/// Which the user chose (or said): one occurrence or the whole series, and the event's id.
enum Scope {
    One(String),
    Series(String),
}

fn chosen(call: &RemoteCall<'_>) -> Option<Scope> {
    call.step.slots.items.iter().find_map(|i| {
        i.strip_prefix(ONE)
            .map(|id| Scope::One(id.to_string()))
            .or_else(|| i.strip_prefix(SERIES).map(|id| Scope::Series(id.to_string())))
    })
}

/// The message says "the whole series" / "every" / "כל" (true), or "only this one" / "רק" (false).
fn said_scope(text: &str) -> Option<bool> {
    let t = text.to_lowercase();
    let words: Vec<&str> = t.split_whitespace().collect();
    let any = |list: &[&str]| words.iter().any(|w| list.contains(w));
    if any(&["all", "every", "series", "always", "כל", "כולם", "הסדרה", "תמיד"]) {
        return Some(true);
    }
    if any(&["only", "just", "once", "רק", "הפעם"]) {
        return Some(false);
    }
    None
}

pub(super) async fn update(cal: &Cal, call: &RemoteCall<'_>) -> Result<StepResult, CalError> {
    let (tz, now, lang) = (call.time.tz(), call.time.now, call.lang);
    let Some(at) = call.step.slots.when else {
        return Ok(StepResult::say(Msg::new("calendar-need-time")));
    };
    let (event, series) = match chosen(call) {
        Some(Scope::One(id)) => (cal.get(&id).await?, false),
        Some(Scope::Series(id)) => (cal.get(&id).await?, true),
        None => {
            let Some(query) = named(call) else {
                return Ok(StepResult::say(Msg::new("calendar-which-event")));
            };
            // the event is looked for within a week of the new time (or in the coming weeks)
            let e = match matching_events(cal, call, &query).await? {
                Found::One(e) => e,
                Found::Several(many) => {
                    let msg = Msg::new("calendar-several").arg("events", say::lines(lang, &many, tz, now));
                    return Ok(StepResult::say(msg));
                }
                Found::None(_) => return Ok(StepResult::say(Msg::new("calendar-not-found").arg("title", query))),
            };
            match (&e.series, said_scope(call.text)) {
                (Some(s), Some(true)) => (cal.get(s).await?, true),
                (Some(s), None) => return ask_scope(call, &e, s).await.map_err(CalError::from),
                _ => (Some(e), false),
            }
        }
    };
    let Some(e) = event else {
        return Ok(StepResult::say(Msg::new("calendar-which-event")));
    };
    let length = match (&e.start, &e.end) {
        (EvTime::At(a), EvTime::At(b)) => *b - *a,
        _ => Duration::hours(1),
    };
    let change = NewEvent {
        start: Some(EvTime::At(at.to_utc())),
        end: Some(EvTime::At(at.to_utc() + length)),
        tz: Some(tz.name().to_string()),
        ..Default::default()
    };
    // With singleEvents=true an occurrence has its own id: patching it moves that occurrence
    // only; patching the series' own id moves every occurrence (its RRULE is kept).
    let moved = cal.patch(&e.id, change).await?;
    let id = match (series, &e.series) {
        (true, _) => "calendar-moved-series",
        (false, Some(_)) => "calendar-moved-one",
        (false, None) => "calendar-moved",
    };
    Ok(StepResult {
        said: Said::msg(Msg::new(id).arg("title", title(lang, &moved)).arg("when", say::when(lang, &moved, tz, now))),
        data: entity(&moved),
    })
}

/// "Only this occurrence, or the whole series?" with a button for each.
async fn ask_scope(call: &RemoteCall<'_>, e: &Ev, series: &str) -> Result<StepResult, sea_orm::DbErr> {
    let lang = call.lang;
    let option = |label: &'static str, item: String| {
        let mut step = call.step.slots.clone();
        step.items = vec![item];
        (crate::reply::t(lang, label), step)
    };
    let options = vec![
        option("calendar-scope-one", format!("{ONE}{}", e.id)),
        option("calendar-scope-series", format!("{SERIES}{series}")),
    ];
    let question = Msg::new("calendar-scope-question").arg("title", title(lang, e));
    confirm::ask_choice(call.db, call.user.id, call.time.now.to_utc(), question, call.text, options).await
}
