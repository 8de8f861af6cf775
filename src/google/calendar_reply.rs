//! Calendar sentences: events in the user's timezone and language, one line each ("10:00–11:00
//! Standup", "all day: Holiday"), with the day in front when a list spans several days.

use chrono::{DateTime, Duration, NaiveDate, TimeZone};
use chrono_tz::Tz;

use super::calendar_api::{Ev, EvTime};
use crate::reply::Msg;
use crate::reply::when::{day_phrase, when_phrase};
use crate::understand::Lang;

/// The local date an event starts on.
pub fn start_day(e: &Ev, tz: Tz) -> NaiveDate {
    match e.start {
        EvTime::At(at) => at.with_timezone(&tz).date_naive(),
        EvTime::Day(d) => d,
    }
}

pub fn start_of(d: NaiveDate, tz: Tz) -> DateTime<Tz> {
    tz.from_local_datetime(&d.and_hms_opt(0, 0, 0).unwrap_or_default())
        .earliest()
        .unwrap_or_else(|| tz.from_utc_datetime(&d.and_hms_opt(0, 0, 0).unwrap_or_default()))
}

/// "10:00–11:00 Standup" or "all day: Holiday" (with the day first when `with_day`).
pub fn line(lang: Lang, e: &Ev, tz: Tz, now: DateTime<Tz>, with_day: bool) -> String {
    let title = if e.title.is_empty() { crate::reply::t(lang, "calendar-untitled") } else { e.title.clone() };
    let body = match (&e.start, &e.end) {
        (EvTime::At(s), EvTime::At(end)) => {
            format!("{}–{} {title}", s.with_timezone(&tz).format("%H:%M"), end.with_timezone(&tz).format("%H:%M"))
        }
        _ => Msg::new("calendar-all-day").arg("title", title).render(lang),
    };
    if with_day { format!("{}: {body}", day_phrase(lang, start_of(start_day(e, tz), tz), now)) } else { body }
}

/// A list of events, a line each.
pub fn lines(lang: Lang, events: &[Ev], tz: Tz, now: DateTime<Tz>) -> String {
    let several_days = events.windows(2).any(|w| start_day(&w[0], tz) != start_day(&w[1], tz));
    events.iter().map(|e| format!("• {}", line(lang, e, tz, now, several_days))).collect::<Vec<_>>().join("\n")
}

/// When one event happens, in words: "tomorrow at 10:00", or the day for an all-day event.
pub fn when(lang: Lang, e: &Ev, tz: Tz, now: DateTime<Tz>) -> String {
    match e.start {
        EvTime::At(at) => when_phrase(lang, at.with_timezone(&tz), now),
        EvTime::Day(d) => Msg::new("calendar-on-day").arg("day", day_phrase(lang, start_of(d, tz), now)).render(lang),
    }
}

/// The day a window names, for "nothing on Friday".
pub fn window_phrase(lang: Lang, start: DateTime<Tz>, end: DateTime<Tz>, now: DateTime<Tz>) -> String {
    if end - start <= Duration::days(1) {
        day_phrase(lang, start, now)
    } else {
        Msg::new("calendar-range")
            .arg("from", day_phrase(lang, start, now))
            .arg("to", day_phrase(lang, end - Duration::seconds(1), now))
            .render(lang)
    }
}
