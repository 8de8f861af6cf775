//! Time expressions in Hebrew and English, resolved against `now` in the user's IANA timezone.
//!
//! Owns: finding time expressions in a message (with their byte spans, so the router can cut
//! them out of titles) and resolving them to instants, intervals, recurrences, or a problem to
//! ask about. It does not decide what the message is for (route.rs) and never reads the clock.
//!
//! Layout: normalize → tokens → lexicon (he.rs, en.rs) → component matchers (days.rs, clock.rs,
//! offset.rs) → chains (grammar.rs) → resolve.rs with calendar.rs.

use std::ops::Range;

use chrono::{DateTime, FixedOffset};
use chrono_tz::Tz;

use crate::understand::normalize::{Kind, Normalized, Token};
use crate::understand::{Recurrence, TimeProblem};

mod around;
mod calendar;
mod clock;
mod dates;
mod day;
mod days;
mod en;
mod grammar;
mod he;
mod holidays;
mod islamic;
mod jewish;
pub use calendar::is_workday;
pub use jewish::names_a_night;
pub use resolve::{dated_hour, local};

/// Whether a word (Hebrew prefixes peeled) is one of the time grammar's words.
pub fn is_time_word(tok: &Token<'_>) -> bool {
    lexicon::lookup(tok).is_some()
}
mod lexicon;
mod lunisolar;
mod offset;
mod ranges;
mod resolve;
mod seasons;
mod within;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Grain {
    Second,
    Minute,
    Hour,
    Day,
    Week,
    Month,
    Year,
}

impl Grain {
    pub fn as_str(self) -> &'static str {
        match self {
            Grain::Second => "second",
            Grain::Minute => "minute",
            Grain::Hour => "hour",
            Grain::Day => "day",
            Grain::Week => "week",
            Grain::Month => "month",
            Grain::Year => "year",
        }
    }
}

/// Words that make a number an amount of time ("push it 10 minutes"), not a clock.
pub const DURATION_UNITS: &[&str] = &[
    "min",
    "mins",
    "minute",
    "minutes",
    "hour",
    "hours",
    "hr",
    "hrs",
    "h",
    "day",
    "days",
    "week",
    "weeks",
    "דקות",
    "דקה",
    "דק",
    "שעות",
    "ימים",
    "שבועות",
];

#[derive(Debug, Clone, PartialEq)]
pub struct TimeMatch {
    /// the start; for `problem: Impossible` it is `now` and must not be used as a time
    pub value: DateTime<FixedOffset>,
    pub end: Option<DateTime<FixedOffset>>,
    pub grain: Grain,
    pub recurrence: Option<Recurrence>,
    /// byte range in the input text
    pub span: Range<usize>,
    pub problem: Option<TimeProblem>,
    /// the instant to act on when the expression is a part of the day ("מחר בבוקר" is the
    /// interval 04:00–12:00, but a reminder for it fires at 09:00); None otherwise
    pub point: Option<DateTime<FixedOffset>>,
    /// a time of day and nothing of which day ("at 7", "לשבע בבוקר"; not "tomorrow at 7",
    /// "tonight at 7"): moving something to it keeps that thing's own day
    pub clock_only: bool,
    /// the hour was said on a 12-hour clock with nothing to say which half ("at 4:30", not
    /// "4:30pm", "16:30" or "in the morning")
    pub either_half: bool,
    /// the day is a holiday's ("on Purim", "בנר ראשון של חנוכה"), which may also name what the
    /// thing is for when another expression says when
    pub holiday: bool,
}

impl TimeMatch {
    /// The window this expression covers: its interval, or the whole day/week/month/year of a
    /// day-or-longer grain; None for a point in time.
    pub fn window(&self) -> Option<(DateTime<FixedOffset>, DateTime<FixedOffset>)> {
        if let Some(end) = self.end {
            return Some((self.value, end));
        }
        None
    }
}

/// What the scanner found: a resolved time, or an anchor ("an hour before") that only means
/// something relative to another step's time.
#[derive(Debug, Clone, PartialEq)]
pub enum Found {
    Time(TimeMatch),
    /// signed seconds relative to an earlier step's time, and the span
    Anchor(i64, Range<usize>),
}

/// The first time expression in `text`, or None.
pub fn parse(text: &str, now: DateTime<Tz>) -> Option<TimeMatch> {
    scan(text, now).into_iter().find_map(|f| match f {
        Found::Time(m) => Some(m),
        Found::Anchor(..) => None,
    })
}

/// Every time expression and anchor in `text`, left to right.
pub fn scan(text: &str, now: DateTime<Tz>) -> Vec<Found> {
    let norm = Normalized::new(text);
    let toks = norm.tokens();
    scan_tokens(&toks, now).into_iter().map(|(f, _)| f).collect()
}

/// Like [`scan`] on already tokenized text; each result also carries its token range.
pub fn scan_tokens(toks: &[Token<'_>], now: DateTime<Tz>) -> Vec<(Found, Range<usize>)> {
    let cx = grammar::Cx::new(toks);
    let mut out: Vec<(Found, Range<usize>)> = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        if let Some(end) = phone_run(&cx, i).or_else(|| counted_out(&cx, i)) {
            i = end;
            continue;
        }
        // "ביום שישי לפני שבת ב-2", "friday before shabbat at 1": Friday is said with what it is
        // before; Shabbat here names no day of its own
        if let Some((Found::Time(m), r)) = out.last_mut()
            && r.end == i
            && m.grain == Grain::Day
            && chrono::Datelike::weekday(&m.value) == chrono::Weekday::Fri
            && let Some(end) = before_shabbat(&cx, i)
        {
            // (the words are the expression's, so no title keeps them; its text stays the day's,
            // which is what is read again with a clock said later)
            r.end = end;
            i = end;
            continue;
        }
        let Some((acc, end)) = grammar::chain(&cx, i) else {
            i += 1;
            continue;
        };
        let by = deadline_word(&cx, i);
        let first = by.unwrap_or_else(|| extend_back(&cx, i));
        let span = toks[first].start..toks[end - 1].end;
        if let Some(secs) = acc.anchor {
            out.push((Found::Anchor(secs, span), first..end));
        } else if let Some(r) = resolve::resolve(&acc, now) {
            let mut m = TimeMatch {
                value: r.value.fixed_offset(),
                end: r.end.map(|e| e.fixed_offset()),
                grain: r.grain,
                recurrence: r.recurrence,
                span,
                problem: r.problem,
                point: part_point(&acc, r.value, r.end.is_some()).or_else(|| offset_point(&acc, now)),
                clock_only: acc.clock.is_some()
                    && acc.day.is_none()
                    && acc.offset.is_none()
                    && acc.shift.is_none()
                    && acc.every.is_none()
                    && !acc.now
                    && acc.part.is_none_or(|(_, today, _)| !today),
                either_half: acc.clock.is_some_and(|c| c.pm.is_none() && !c.h24 && (1..=12).contains(&c.h))
                    && acc.part.is_none(),
                holiday: matches!(acc.day, Some(grammar::Day::Holiday { .. })),
            };
            if by.is_some() {
                as_deadline(&mut m, now);
            }
            out.push((Found::Time(m), first..end));
        }
        i = end;
    }
    day_ranges(toks, &mut out, now);
    out
}

/// "from Sunday to Tuesday", "between Sunday and Tuesday", "מיום ראשון עד יום שלישי", "בין
/// ראשון לשלישי": two days joined by a range word are one window, from the first day's start to
/// the end of the second.
fn day_ranges(toks: &[Token<'_>], out: &mut Vec<(Found, Range<usize>)>, now: DateTime<Tz>) {
    let day = |f: &Found| match f {
        Found::Time(m) if m.grain == Grain::Day && m.end.is_none() && m.recurrence.is_none() && m.problem.is_none() => {
            Some(m.clone())
        }
        _ => None,
    };
    let mut k = 0;
    while k + 1 < out.len() {
        let (Some(a), Some(b)) = (day(&out[k].0), day(&out[k + 1].0)) else {
            k += 1;
            continue;
        };
        let (ra, rb) = (out[k].1.clone(), out[k + 1].1.clone());
        let before = ra.start.checked_sub(1).map_or("", |p| toks[p].text);
        let opened_by_between = matches!(before, "between" | "בינ");
        let opened = opened_by_between || matches!(before, "from") || toks[ra.start].text.starts_with("מ");
        let between: Vec<&str> = toks[ra.end..rb.start].iter().map(|t| t.text).collect();
        let joined = match between.as_slice() {
            ["to" | "till" | "until" | "through" | "thru" | "-" | "עד"] => opened || between != ["-"],
            ["and"] => opened_by_between,
            // "בין ראשון לשלישי": the second day glued to ל; "מיום ראשון עד יום שלישי": the
            // "עד" was read as part of the second day
            [] => opened && (toks[rb.start].text.starts_with('ל') || toks[rb.start].text == "עד"),
            _ => false,
        };
        let tz = now.timezone();
        let last = b.value.with_timezone(&tz).date_naive();
        let end = calendar_day_end(tz, last);
        if !joined || b.value <= a.value || end.is_none() {
            k += 1;
            continue;
        }
        let first = if opened_by_between || before == "from" { ra.start - 1 } else { ra.start };
        let span = toks[first].start..b.span.end;
        let m = TimeMatch { end, span, point: None, clock_only: false, either_half: false, holiday: false, ..a };
        out[k] = (Found::Time(m), first..rb.end);
        out.remove(k + 1);
        k += 1;
    }
}

/// The local day [00:00, next 00:00) in `tz` that holds `at`.
pub fn day_around(at: DateTime<FixedOffset>, tz: Tz) -> Option<(DateTime<FixedOffset>, DateTime<FixedOffset>)> {
    let d = at.with_timezone(&tz).date_naive();
    let start = resolve::local(tz, d, chrono::NaiveTime::MIN).fixed_offset();
    Some((start, calendar_day_end(tz, d)?))
}

/// When a reminder for a day said without a time fires: 09:00 that day (no one wants a ping at
/// midnight), or, when that has passed, an hour from `now` on a five-minute mark. `day` is the
/// day's midnight, as a day-grain time arrives.
pub fn reminder_on_a_day(day: DateTime<FixedOffset>, now: DateTime<Tz>) -> DateTime<FixedOffset> {
    use chrono::Timelike;
    let tz = now.timezone();
    let at_nine =
        resolve::local(tz, day.with_timezone(&tz).date_naive(), chrono::NaiveTime::MIN + chrono::Duration::hours(9));
    if at_nine.to_utc() > now.to_utc() {
        return at_nine.with_timezone(&day.timezone());
    }
    let soon = now.to_utc() + chrono::Duration::hours(1);
    let rounded = soon + chrono::Duration::minutes(i64::from((5 - soon.minute() % 5) % 5))
        - chrono::Duration::seconds(i64::from(soon.second()))
        - chrono::Duration::nanoseconds(i64::from(soon.nanosecond()));
    rounded.with_timezone(&tz).fixed_offset()
}

/// The start of the day after `d`, in `tz`.
fn calendar_day_end(tz: Tz, d: chrono::NaiveDate) -> Option<DateTime<FixedOffset>> {
    let next = d.succ_opt()?.and_hms_opt(0, 0, 0)?;
    Some(resolve::local(tz, next.date(), next.time()).fixed_offset())
}

fn part_point(acc: &grammar::Acc, value: DateTime<Tz>, interval: bool) -> Option<DateTime<FixedOffset>> {
    let (part, ..) = acc.part?;
    if acc.clock.is_some() || !interval {
        return None;
    }
    let t = chrono::NaiveTime::from_hms_opt(resolve::part_point(part), 0, 0)?;
    Some(resolve::local(value.timezone(), value.date_naive(), t).fixed_offset())
}

/// "בעוד שבוע", "in 3 days": the expression is the day (as Duckling reads it), but a reminder
/// for it fires at the same time of day as now, not at midnight.
fn offset_point(acc: &grammar::Acc, now: DateTime<Tz>) -> Option<DateTime<FixedOffset>> {
    let days = match acc.offset? {
        grammar::Offset::Days(n) => n,
        grammar::Offset::Weeks(n) => n.checked_mul(7)?,
        _ => return None,
    };
    if days <= 0 || days > 3660 || acc.clock.is_some() || acc.part.is_some() || acc.day.is_some() {
        return None;
    }
    let date = now.date_naive().checked_add_days(chrono::Days::new(u64::try_from(days).ok()?))?;
    let t = chrono::NaiveTime::from_hms_opt(chrono::Timelike::hour(&now), chrono::Timelike::minute(&now), 0)?;
    Some(resolve::local(now.timezone(), date, t).fixed_offset())
}

/// The end of a day/week/month/year that starts at `value` (for calendar windows).
pub fn period_end(value: DateTime<FixedOffset>, grain: Grain, tz: Tz) -> Option<DateTime<FixedOffset>> {
    resolve::grain_end(value.with_timezone(&tz), grain).map(|e| e.fixed_offset())
}

/// The token of "by" ("by 2pm", "by the end of the month") or "within" ("within 2 weeks")
/// that turns the expression at `i` into a deadline.
fn deadline_word(cx: &grammar::Cx<'_>, i: usize) -> Option<usize> {
    if cx.is(i, "within") {
        return Some(i);
    }
    let k = if i > 0 && cx.is(i - 1, "the") { i - 1 } else { i };
    (k > 0 && cx.is(k - 1, "by") && cx.kind(k - 1) == Some(Kind::Latin)).then(|| k - 1)
}

/// A deadline is the interval from now until the time named (its end, when it is itself an
/// interval); a task due by then still fires at the deadline, so that is its point.
fn as_deadline(m: &mut TimeMatch, now: DateTime<Tz>) {
    let mut due = m.end.unwrap_or(m.value);
    // "by today", "by EOD": a day that has begun is due at its end
    if m.end.is_none() && due <= now.fixed_offset() && m.grain >= Grain::Day {
        due = period_end(m.value, m.grain, now.timezone()).unwrap_or(due);
    }
    let now = now.fixed_offset();
    if m.problem.is_some() || m.recurrence.is_some() || due <= now {
        return;
    }
    m.value = now;
    m.end = Some(due);
    m.point = Some(due);
}

/// "650.650.6500", "650-650-6500": three or more groups of digits joined by one separator and
/// ten or more digits in all is a phone number, never a clock or a date; the end of the run.
fn phone_run(cx: &grammar::Cx<'_>, i: usize) -> Option<usize> {
    cx.num(i)?;
    let sep = cx.text(i + 1);
    if !matches!(sep, "." | "-") {
        return None;
    }
    let (mut j, mut digits, mut groups) = (i, 0, 0);
    while cx.kind(j) == Some(Kind::Num) && (j == i || (cx.is(j - 1, sep) && cx.glued(j) && cx.glued(j - 1))) {
        digits += cx.text(j).len();
        groups += 1;
        j += 2;
    }
    (groups >= 3 && digits >= 10).then_some(j - 1)
}

/// "…, 2) Wednesday at 5pm …": the number of a request the user counted out ("1)", "2)", not
/// inside brackets of its own: "(at 5)") is no hour; the end of the number and its bracket.
fn counted_out(cx: &grammar::Cx<'_>, i: usize) -> Option<usize> {
    let n = cx.num(i)?;
    let bracketed = (i.saturating_sub(4)..i).any(|k| cx.is(k, "("));
    let opens = i == 0 || matches!(cx.text(i - 1), "," | "." | ":" | ";" | "!" | "?" | "-");
    ((1..=9).contains(&n) && cx.is(i + 1, ")") && cx.glued(i + 1) && opens && !bracketed).then_some(i + 2)
}

/// The end of "לפני (כניסת) שבת" / "before (the) shabbat" at `i`.
fn before_shabbat(cx: &grammar::Cx<'_>, i: usize) -> Option<usize> {
    let mut k = i;
    if !(cx.is(k, "לפני") || cx.is(k, "before")) {
        return None;
    }
    k += 1;
    if cx.is(k, "כניסת") || cx.is(k, "the") {
        k += 1;
    }
    matches!(cx.text(k), "שבת" | "shabbat" | "shabbos" | "shabbes").then_some(k + 1)
}

/// Glue words just before an expression belong to it ("at 5pm", "on Friday", "בשעה 8").
fn extend_back(cx: &grammar::Cx<'_>, i: usize) -> usize {
    let mut k = i;
    while k > 0 {
        let p = k - 1;
        let glue = match cx.kind(p) {
            Some(Kind::Latin) => {
                matches!(cx.text(p), "at" | "on" | "by" | "around" | "about" | "for" | "in" | "during")
            }
            Some(Kind::He) => matches!(cx.text(p), "בשעה" | "ב" | "בערך" | "בסביבות" | "באיזור" | "עד"),
            Some(Kind::Punct) => cx.text(p) == "@",
            _ => false,
        };
        if !glue {
            break;
        }
        k = p;
    }
    k
}

#[cfg(test)]
mod tests_around;
#[cfg(test)]
mod tests_en;
