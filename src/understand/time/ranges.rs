//! Spans of time and their edges: "the next 3 days", "last 2 weeks", "upcoming two months",
//! "end of the month", "beginning of next week", "early March", "סוף החודש", "3 fridays from
//! now", and the intervals they resolve to.
//!
//! Edges follow Duckling's convention: the beginning of a week is its first three days, the
//! end its last three; a month's beginning/end are days 1–10 / 21–end; a year's are
//! January–March / September–December.

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveTime, Timelike};
use chrono_tz::Tz;

use super::Grain;
use super::calendar::{add_months, week_start};
use super::grammar::{Comp, Cx, Day};
use super::lexicon::{Lex, Unit};
use super::resolve::{Resolved, local};

fn unit_at(cx: &Cx<'_>, i: usize) -> Option<Unit> {
    match cx.lex(i) {
        Some(Lex::Unit(u, 1)) => Some(u),
        Some(Lex::Quarter) if cx.is(i, "quarter") => Some(Unit::Quarter),
        _ => None,
    }
}

fn count_at(cx: &Cx<'_>, i: usize) -> Option<(u32, usize)> {
    match cx.lex(i) {
        Some(Lex::Few(n)) => Some((n, i + 1)),
        _ => cx.number(i).filter(|(_, p, _)| p.is_empty()).map(|(n, _, j)| (n, j)),
    }
}

/// English "next 3 days", "last two weeks", "upcoming 2 months"; `i` is at the Rel word.
pub fn span_at(cx: &Cx<'_>, i: usize, rel: i8) -> Option<(Day, usize)> {
    let (n, j) = count_at(cx, i + 1)?;
    let unit = unit_at(cx, j)?;
    let point = cx.is(i, "upcoming");
    Some((Day::Span { unit, n: n as i32, rel, point }, j + 1))
}

/// "2 upcoming weeks", "3 fridays from now", "2 thursdays ago".
pub fn count_first_at(cx: &Cx<'_>, i: usize) -> Option<(Day, usize)> {
    let (n, j) = count_at(cx, i)?;
    if cx.is(j, "upcoming") {
        let unit = unit_at(cx, j + 1)?;
        return Some((Day::Span { unit, n: n as i32, rel: 1, point: true }, j + 2));
    }
    let Some(Lex::Weekday(wd)) = cx.lex(j) else {
        return None;
    };
    if !cx.text(j).ends_with('s') || n == 0 {
        return None;
    }
    let sign = match (cx.text(j + 1), cx.text(j + 2)) {
        ("from", "now") => return Some((Day::WeekdayCount { wd, n: n as i32 }, j + 3)),
        ("hence", _) => 1,
        ("ago" | "back", _) => -1,
        _ => return None,
    };
    Some((Day::WeekdayCount { wd, n: sign * n as i32 }, j + 2))
}

/// "end of the month", "beginning of next week", "EOM", "late March", "סוף החודש".
pub fn edge_at(cx: &Cx<'_>, i: usize, end: bool) -> Option<(Day, usize)> {
    let mut j = i + 1;
    while matches!(cx.text(j), "of" | "the" | "around") {
        j += 1;
    }
    if let Some(Lex::Month(m)) = cx.lex(j) {
        let m = u32::from(m);
        return Some((Day::EdgeMonth { end: Some(end), m }, j + 1));
    }
    if let Some(y) = cx.num(j).filter(|_| cx.text(j).len() == 4) {
        return Some((Day::EdgeYear { end, y: Some(y as i32) }, j + 1));
    }
    let (rel, k) = match cx.lex(j) {
        Some(Lex::Rel(r)) => (r, j + 1),
        _ => (0, j),
    };
    let unit = unit_at(cx, k)?;
    // Hebrew: "סוף החודש" / "תחילת השבוע" carry the article on the unit
    let (rel, k) = match cx.lex(k + 1) {
        Some(Lex::Rel(r)) if cx.is_he(k) => (r, k + 1),
        _ => (rel, k),
    };
    match unit {
        Unit::Week | Unit::Month => Some((Day::Edge { end, unit, rel }, k + 1)),
        Unit::Year => Some((Day::EdgeYear { end, y: None }, k + 1)),
        _ => None,
    }
}

/// The acronyms: EOD/EOM/EOY (end of day/month/year; EOD names the day, which a
/// deadline reads to its end), BOM/BOY.
pub fn acronym(text: &str) -> Option<Day> {
    Some(match text {
        "eod" => Day::Rel(0),
        "eom" => Day::Edge { end: true, unit: Unit::Month, rel: 0 },
        "bom" => Day::Edge { end: false, unit: Unit::Month, rel: 0 },
        "eoy" => Day::EdgeYear { end: true, y: None },
        "boy" => Day::EdgeYear { end: false, y: None },
        _ => return None,
    })
}

fn day_start(tz: Tz, d: NaiveDate) -> DateTime<Tz> {
    local(tz, d, NaiveTime::MIN)
}

fn interval(tz: Tz, a: NaiveDate, b: NaiveDate, grain: Grain) -> Resolved {
    Resolved { value: day_start(tz, a), end: Some(day_start(tz, b)), grain, recurrence: None, problem: None }
}

/// The start of the `unit` that holds `now`, as a local instant.
fn truncate(now: DateTime<Tz>, unit: Unit) -> DateTime<Tz> {
    let tz = now.timezone();
    let d = now.date_naive();
    let t = |h: u32, m: u32, s: u32| local(tz, d, NaiveTime::from_hms_opt(h, m, s).unwrap_or(NaiveTime::MIN));
    match unit {
        Unit::Second => t(now.hour(), now.minute(), now.second()),
        Unit::Minute => t(now.hour(), now.minute(), 0),
        Unit::Hour => t(now.hour(), 0, 0),
        Unit::Day => day_start(tz, d),
        Unit::Week => day_start(tz, week_start(d, tz)),
        Unit::Month => day_start(tz, d.with_day(1).unwrap_or(d)),
        Unit::Quarter => day_start(tz, NaiveDate::from_ymd_opt(d.year(), d.month0() / 3 * 3 + 1, 1).unwrap_or(d)),
        Unit::Year => day_start(tz, NaiveDate::from_ymd_opt(d.year(), 1, 1).unwrap_or(d)),
    }
}

fn add(t: DateTime<Tz>, unit: Unit, n: i32) -> DateTime<Tz> {
    let tz = t.timezone();
    let secs = |s: i64| t + Duration::seconds(s * i64::from(n));
    let months = |m: i32| day_start(tz, add_months(t.date_naive(), m * n));
    match unit {
        Unit::Second => secs(1),
        Unit::Minute => secs(60),
        Unit::Hour => secs(3600),
        Unit::Day => day_start(tz, t.date_naive() + Duration::days(i64::from(n))),
        Unit::Week => day_start(tz, t.date_naive() + Duration::days(7 * i64::from(n))),
        Unit::Month => months(1),
        Unit::Quarter => months(3),
        Unit::Year => months(12),
    }
}

pub fn grain_of(unit: Unit) -> Grain {
    match unit {
        Unit::Second => Grain::Second,
        Unit::Minute => Grain::Minute,
        Unit::Hour => Grain::Hour,
        Unit::Day => Grain::Day,
        Unit::Week => Grain::Week,
        Unit::Month | Unit::Quarter => Grain::Month,
        Unit::Year => Grain::Year,
    }
}

/// Resolves the span and edge day references; None for other kinds of day.
pub fn resolve_span(day: Day, now: DateTime<Tz>) -> Option<Resolved> {
    let tz = now.timezone();
    let today = now.date_naive();
    let r = match day {
        Day::Span { unit, n, rel, point } => {
            let base = truncate(now, unit);
            let g = grain_of(unit);
            if point {
                return Some(Resolved {
                    value: add(base, unit, n),
                    end: None,
                    grain: g,
                    recurrence: None,
                    problem: None,
                });
            }
            let (a, b) =
                if rel < 0 { (add(base, unit, -n), base) } else { (add(base, unit, 1), add(base, unit, 1 + n)) };
            Resolved { value: a, end: Some(b), grain: g, recurrence: None, problem: None }
        }
        Day::Edge { end, unit: Unit::Week, rel } => {
            let ws = week_start(today, tz) + Duration::days(7 * i64::from(rel));
            let (a, b) = if end { (4, 7) } else { (0, 3) };
            interval(tz, ws + Duration::days(a), ws + Duration::days(b), Grain::Day)
        }
        Day::Edge { end, rel, .. } => {
            let first = add_months(today.with_day(1)?, i32::from(rel));
            let (a, b) = if end { (first.with_day(21)?, add_months(first, 1)) } else { (first, first.with_day(11)?) };
            interval(tz, a, b, Grain::Day)
        }
        Day::EdgeMonth { end, m } => {
            let y = today.year() + i32::from(m < today.month());
            let first = NaiveDate::from_ymd_opt(y, m, 1)?;
            let (a, b) = match end {
                Some(true) => (first.with_day(21)?, add_months(first, 1)),
                Some(false) => (first, first.with_day(11)?),
                None => (first.with_day(11)?, first.with_day(21)?),
            };
            interval(tz, a, b, Grain::Day)
        }
        Day::EdgeYear { end, y } => {
            let first = NaiveDate::from_ymd_opt(y.unwrap_or(today.year()), 1, 1)?;
            let (a, b) =
                if end { (add_months(first, 8), add_months(first, 12)) } else { (first, add_months(first, 3)) };
            interval(tz, a, b, Grain::Month)
        }
        Day::DateRange { d1, d2, m, y } => {
            let past = NaiveDate::from_ymd_opt(today.year(), m, d2).is_some_and(|d| d < today);
            let y = y.unwrap_or(today.year() + i32::from(past));
            let a = NaiveDate::from_ymd_opt(y, m, d1)?;
            let b = NaiveDate::from_ymd_opt(y, m, d2)? + Duration::days(1);
            interval(tz, a, b, Grain::Day)
        }
        Day::Holiday { h, y, rel, at } => {
            let h = super::holidays::meant(h, y, rel, today);
            let a = super::holidays::date(h, y, rel, today)?;
            if at == super::jewish::At::Before {
                // "לפני פסח": from now until the holiday's first day
                let end = day_start(tz, a);
                return (end > now).then_some(Resolved {
                    value: now,
                    end: Some(end),
                    grain: Grain::Day,
                    recurrence: None,
                    problem: None,
                });
            }
            let days = super::holidays::length(h, a.year()).filter(|_| at == super::jewish::At::On)?;
            interval(tz, a, a + Duration::days(days), Grain::Day)
        }
        Day::RestOfWeek { all } => {
            let (a, b) = super::within::rest_of_week(today, tz, all);
            interval(tz, a, b, Grain::Day)
        }
        Day::Season { s, rel, y } => return super::seasons::resolve(s, rel, y, now),
        _ => return None,
    };
    Some(r)
}

fn range_word(cx: &Cx<'_>, j: usize) -> bool {
    matches!(cx.text(j), "-" | "to" | "till" | "til" | "until" | "through" | "thru" | "עד")
}

fn month_at(cx: &Cx<'_>, j: usize) -> Option<u32> {
    match cx.lex(j) {
        Some(Lex::Month(m)) => Some(u32::from(m)),
        _ => None,
    }
}

fn skip_the(cx: &Cx<'_>, j: usize) -> usize {
    if cx.is(j, "the") { j + 1 } else { j }
}

/// Day ranges within a month: "July 13-15", "from the 13th to 15th of July", "1-8 september".
pub fn date_range_at(cx: &Cx<'_>, i: usize) -> Option<(Comp, usize)> {
    let k = skip_the(cx, if cx.is(i, "from") { i + 1 } else { i });
    let y_after = |j: usize| match cx.num(j).filter(|_| cx.text(j).len() == 4) {
        Some(y) => (Some(y as i32), j + 1),
        None => (None, j),
    };
    // month first: "July 13 - 15", "Aug 8 - Aug 12"
    if let Some(m) = month_at(cx, k) {
        let (d1, _, j) = super::dates::day_number(cx, k + 1)?;
        if !range_word(cx, j) {
            return None;
        }
        let j2 = if month_at(cx, j + 1) == Some(m) { j + 2 } else { j + 1 };
        let (d2, _, e) = super::dates::day_number(cx, j2)?;
        let (y, e) = y_after(e);
        return (d1 < d2 && d2 <= 31).then_some((Comp::Day(Day::DateRange { d1, d2, m, y }), e));
    }
    let (d1, _, j) = super::dates::day_number(cx, k)?;
    if !range_word(cx, j) || cx.kind(k) == Some(crate::understand::normalize::Kind::Prefix) {
        return None;
    }
    let (d2, _, mut e) = super::dates::day_number(cx, skip_the(cx, j + 1))?;
    if cx.is(e, "of") {
        e += 1;
    }
    let m = month_at(cx, e)?;
    let (y, e) = y_after(e + 1);
    (d1 < d2 && d2 <= 31).then_some((Comp::Day(Day::DateRange { d1, d2, m, y }), e))
}
