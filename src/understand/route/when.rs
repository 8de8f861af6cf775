//! A step's time when it is not one expression: a date and a clock time that the title stands
//! between ("תוסיף ליומן מחר אימון ב-8", "remind me tomorrow to call the garage at 8:30"), and
//! the new time of a reschedule ("move the standup to 11", "תזיז את הפגישה לחמש"). Both re-read
//! sub-spans of the user's text with the time parser's public `parse`, so the time rules
//! (an hour with a date is 7–11 morning, 1–6 afternoon) stay the parser's.

use std::ops::Range;

use super::Msg;
use crate::understand::normalize::Kind;
use crate::understand::time::{self, Found, Grain, TimeMatch};

/// The time expressions said wholly inside token range `r`.
pub(super) fn times_in<'a>(msg: &'a Msg<'_>, r: &Range<usize>) -> impl Iterator<Item = &'a TimeMatch> + use<'a> {
    let r = r.clone();
    msg.times.iter().filter_map(move |(f, tr)| match f {
        Found::Time(m) if tr.start >= r.start && tr.end <= r.end => Some(m),
        _ => None,
    })
}

/// A date (a day, no clock) and a clock time (no date) apart in the step: the two read
/// together as the user meant them.
/// `own` is the step's own time when it is not the first said ("on tuesday the siren is at 10,
/// remind me at 9:50": the clock after the command, on the day said before it).
/// A thing to be done is never on a day gone ("תזכיר לי ברבע לשמונה לבדוק את המקרר, הטמפ' הייתה
/// גבוהה אתמול": yesterday is when the reason happened), so `ahead` skips past days.
pub(super) fn combined(msg: &Msg<'_>, r: &Range<usize>, own: Option<&TimeMatch>, ahead: bool) -> Option<TimeMatch> {
    let today = msg.now.date_naive();
    let day = times_in(msg, r).find(|m| {
        m.grain == Grain::Day
            && m.recurrence.is_none()
            && m.problem.is_none()
            && (!ahead || m.value.with_timezone(&msg.now.timezone()).date_naive() >= today)
    })?;
    let own = own.filter(|m| m.clock_only && m.span.start > day.span.start);
    let clock = own.or_else(|| times_in(msg, r).find(|m| m.grain < Grain::Day && m.span.start != day.span.start))?;
    let day_text = msg.text.get(day.span.clone())?;
    let clock_text = msg.text.get(clock.span.clone())?;
    let both = time::parse(&format!("{day_text} {clock_text}"), msg.now)?;
    let same_day = both.value.date_naive() == day.value.date_naive();
    (both.grain < Grain::Day && same_day && both.problem.is_none()).then_some(both)
}

/// "to 8", "ל-4", "לחמש" at the end of an update step: the new time. Returns it with the
/// token range to leave out of the title.
pub(super) fn new_time(msg: &Msg<'_>, r: &Range<usize>) -> Option<(TimeMatch, Range<usize>)> {
    new_time_on(msg, r, None)
}

/// [`new_time`] on a day said elsewhere in the step ("shift tomorrow's board meeting to 11").
pub(super) fn new_time_on(msg: &Msg<'_>, r: &Range<usize>, day: Option<&str>) -> Option<(TimeMatch, Range<usize>)> {
    let end_byte = msg.toks.get(r.end.checked_sub(1)?)?.end;
    for i in r.clone().rev() {
        let t = &msg.toks[i];
        let (lead, from) = match t.kind {
            // "make it 10", "make that 10": a bare number after "it" is the new hour
            Kind::Latin if matches!(t.text, "to" | "until" | "till" | "it" | "that") => {
                ("at ", msg.toks.get(i + 1)?.start)
            }
            // "is now at 3", "היא עכשיו בחמש": the time after "now" is the new one
            Kind::Latin if t.text == "now" => match msg.toks.get(i + 1) {
                Some(n) if n.text == "at" => ("", n.start),
                Some(n) => ("at ", n.start),
                None => continue,
            },
            Kind::He if t.text == "עכשיו" => ("", msg.toks.get(i + 1)?.start),
            Kind::He | Kind::Prefix if t.text.starts_with('ל') => ("ב", t.start + 'ל'.len_utf8()),
            _ => continue,
        };
        let rest = msg.text.get(from..end_byte)?;
        // "push it 10 minutes": an amount of time is a shift, not an hour
        let mut words = rest.split_whitespace();
        if let (Some(n), Some(unit)) = (words.next(), words.next())
            && n.trim_start_matches('-').parse::<u32>().is_ok()
            && crate::understand::time::DURATION_UNITS
                .contains(&unit.trim_end_matches([',', '.']).to_lowercase().as_str())
        {
            continue;
        }
        let day_lead = day.map(|d| format!("{d} ")).unwrap_or_default();
        let rest = rest.trim_start_matches(['-', ' ']);
        // ("to the 27th at 6": "the" opens the date and is no part of the time found)
        let the = if rest.starts_with("the ") { "the ".len() } else { 0 };
        let lead = if the > 0 { "" } else { lead };
        let probe = format!("{day_lead}{lead}{rest}");
        let Some(m) = time::parse(&probe, msg.now) else { continue };
        if m.span.start <= day_lead.len() + lead.len() + the && m.problem.is_none() && m.grain < Grain::Day {
            return Some((m, i..r.end));
        }
    }
    None
}

/// Meals that happen in the evening: "dinner at 7" is 19:00 even with a date, where a bare hour
/// 7–11 would be morning.
const EVENING_MEALS: &[&str] = &["dinner", "supper", "drinks", "ערב"];

/// Moves a morning hour to the evening when the step is an evening meal and the user did not
/// say "am" or "morning" ("ארוחת ערב עם אמא ביום ראשון בשמונה" is 20:00).
pub(super) fn evening_meal(msg: &Msg<'_>, r: &Range<usize>, m: &TimeMatch) -> Option<TimeMatch> {
    use chrono::Timelike;
    let meal = r.clone().any(|i| {
        let t = msg.toks[i].text;
        EVENING_MEALS.contains(&t)
            && (t != "ערב" || i > 0 && matches!(msg.toks[i - 1].text, "ארוחת" | "הארוחת" | "לארוחת"))
    });
    let said = msg.text.get(m.span.clone())?.to_lowercase();
    let explicit =
        ["am", "a.m", "morning", "בבוקר", "בוקר", "pm", "p.m", "בערב", "ערב"].iter().any(|w| said.contains(w));
    let h = m.value.hour();
    if !meal || explicit || m.grain >= Grain::Day || !(5..12).contains(&h) {
        return None;
    }
    let mut later = m.clone();
    later.value += chrono::Duration::hours(12);
    later.point = later.point.map(|p| p + chrono::Duration::hours(12));
    Some(later)
}

/// Words of waking up: "wake me", "תעיר אותי", "שעון מעורר".
pub(crate) const WAKING: &[&str] = &["wake", "waking", "תעיר", "תעירי", "תעירו", "להעיר", "מעורר", "השכמה", "להשכים"];

/// Reads an hour from 5 to 11 said on a 12-hour clock with nothing to say which half as the
/// morning when the step is waking up ("wake me at 6", "שעון מעורר מחר ב-5:30"): the parser's
/// dated rule (1–6 is the afternoon) and its next-of-either-half rule fit most things, not an
/// alarm.
pub(super) fn waking(msg: &Msg<'_>, r: &Range<usize>, m: &TimeMatch) -> Option<TimeMatch> {
    use chrono::Timelike;
    let wakes = r.clone().any(|i| WAKING.contains(&msg.toks[i].text));
    // (5 to 11: "wake me at 2" after a night shift is the afternoon's 2, as a nap's end)
    if !wakes || !m.either_half || !(17..24).contains(&m.value.hour()) || m.grain >= Grain::Day {
        return None;
    }
    let tz = msg.now.timezone();
    let wall = m.value.with_timezone(&tz).naive_local() - chrono::Duration::hours(12);
    let mut at = time::local(tz, wall.date(), wall.time());
    // "wake me at 6" said at 10:00: the next 6 in the morning, tomorrow
    // (and "every day at 6", "every weekday at 6:30": the series' next morning)
    use crate::understand::Recurrence::{Daily, Weekdays};
    let workdays = m.recurrence == Some(Weekdays);
    let mut day = wall.date();
    if m.clock_only || m.recurrence == Some(Daily) || workdays {
        for _ in 0..7 {
            if at > msg.now && (!workdays || time::is_workday(day, tz)) {
                break;
            }
            day += chrono::Duration::days(1);
            at = time::local(tz, day, wall.time());
        }
    }
    if at <= msg.now {
        return None;
    }
    let mut morning = m.clone();
    morning.value = at.fixed_offset();
    morning.point = morning.point.map(|_| morning.value);
    Some(morning)
}

/// The part of the day the thing itself says: an evening meal ([`evening_meal`]) or waking up
/// ([`waking`]).
pub(super) fn by_what_it_is(msg: &Msg<'_>, r: &Range<usize>, m: &TimeMatch) -> Option<TimeMatch> {
    evening_meal(msg, r, m).or_else(|| waking(msg, r, m))
}
