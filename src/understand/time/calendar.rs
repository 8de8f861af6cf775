//! Calendar arithmetic on local dates: which date a day reference names, week starts and
//! working days per locale, month arithmetic that clamps (31 Jan + 1 month = 28/29 Feb).
//!
//! Week start: a week runs from Sunday (UNDERSTAND.md's rule for Ozer's users, who are mostly
//! Israelis, wherever they are: a user in London asking for "next week" gets Sunday to Sunday);
//! only the fixed `Etc/*` offsets, which name no place, use ISO 8601's Monday (the convention of
//! Duckling's corpus, whose reference zone is one). Israel's working week is Sunday–Thursday.

use chrono::{Datelike, Duration, NaiveDate, Weekday};
use chrono_tz::Tz;

use super::Grain;
use super::grammar::Day;
use super::lexicon::Unit;

fn sunday_week(tz: Tz) -> bool {
    !tz.name().starts_with("Etc/")
}

fn israel(tz: Tz) -> bool {
    matches!(tz.name(), "Asia/Jerusalem" | "Asia/Tel_Aviv" | "Israel")
}

/// The first day of the week that holds `d`.
pub fn week_start(d: NaiveDate, tz: Tz) -> NaiveDate {
    let back = if sunday_week(tz) { d.weekday().num_days_from_sunday() } else { d.weekday().num_days_from_monday() };
    d - Duration::days(i64::from(back))
}

pub fn is_workday(d: NaiveDate, tz: Tz) -> bool {
    let wd = d.weekday();
    if israel(tz) { !matches!(wd, Weekday::Fri | Weekday::Sat) } else { !matches!(wd, Weekday::Sat | Weekday::Sun) }
}

pub fn add_months(d: NaiveDate, n: i32) -> NaiveDate {
    let total = d.year() * 12 + d.month0() as i32 + n;
    let (y, m) = (total.div_euclid(12), total.rem_euclid(12) as u32 + 1);
    let mut day = d.day();
    loop {
        if let Some(x) = NaiveDate::from_ymd_opt(y, m, day) {
            return x;
        }
        if day <= 28 {
            return d;
        }
        day -= 1;
    }
}

fn wd_num(d: NaiveDate) -> u32 {
    d.weekday().num_days_from_sunday()
}

/// Days from `d` forward to the next `wd` (0 when `d` is that weekday).
fn days_to(d: NaiveDate, wd: u8) -> i64 {
    i64::from((u32::from(wd) + 7 - wd_num(d)) % 7)
}

fn offset_in_week(wd: u8, tz: Tz) -> i64 {
    if sunday_week(tz) { i64::from(wd) } else { i64::from((u32::from(wd) + 6) % 7) }
}

/// The date a day reference names, and its grain; None when the date does not exist.
pub fn day_date(day: Day, today: NaiveDate, tz: Tz) -> Option<(NaiveDate, Grain)> {
    let g = Grain::Day;
    Some(match day {
        Day::Rel(n) => (today + Duration::days(n), g),
        Day::Weekday { wd, rel } => {
            let ahead = days_to(today, wd);
            let d = match rel {
                None => today + Duration::days(if ahead == 0 { 7 } else { ahead }),
                Some(0) => today + Duration::days(ahead),
                Some(1) => week_start(today, tz) + Duration::days(7 + offset_in_week(wd, tz)),
                Some(-1) => today - Duration::days(if ahead == 0 { 7 } else { 7 - ahead }),
                Some(_) => today + Duration::days(if ahead == 0 { 14 } else { ahead + 7 }),
            };
            (d, g)
        }
        Day::WeekdayOfWeek { wd, week_rel } => {
            let start = week_start(today, tz) + Duration::days(7 * i64::from(week_rel));
            (start + Duration::days(offset_in_week(wd, tz)), g)
        }
        Day::Date { d, m: Some(m), y: Some(y), .. } => (NaiveDate::from_ymd_opt(y, m, d)?, g),
        Day::Date { d, m: Some(m), y: None, wd } => (next_date(today, d, m, wd)?, g),
        Day::Date { d, m: None, wd, .. } => (next_day_of_month(today, d, wd)?, g),
        Day::MonthOf { m, y, rel } => (month_of(today, m, y, rel)?, Grain::Month),
        Day::NthWeekday { n, wd, m, y } => (nth_weekday(today, n, wd, m, y)?, g),
        Day::Period { unit, rel } => period(today, unit, rel, tz)?,
        Day::Weekend(rel) => {
            let since_fri = (wd_num(today) + 2) % 7;
            let fri = if since_fri <= 2 {
                today - Duration::days(i64::from(since_fri))
            } else {
                today + Duration::days(i64::from(7 - since_fri))
            };
            (fri + Duration::days(7 * i64::from(rel)), Grain::Hour)
        }
        Day::Year(y) => (NaiveDate::from_ymd_opt(y, 1, 1)?, Grain::Year),
        Day::WeekdayCount { wd, n } => {
            let ahead = days_to(today, wd);
            let d = if n > 0 {
                today + Duration::days(if ahead == 0 { 7 } else { ahead } + 7 * i64::from(n - 1))
            } else {
                let back = (7 - ahead) % 7;
                today - Duration::days(if back == 0 { 7 } else { back } + 7 * i64::from(-n - 1))
            };
            (d, g)
        }
        Day::NthWeekdayRel { n, wd, rel } => {
            let first = add_months(today.with_day(1)?, i32::from(rel));
            (nth_weekday(first, n, wd, first.month(), Some(first.year()))?, g)
        }
        Day::DomRel { d, rel } => {
            let first = add_months(today.with_day(1)?, i32::from(rel));
            (first.with_day(d)?, g)
        }
        Day::QuarterOf { q, y } => {
            (NaiveDate::from_ymd_opt(y.unwrap_or(today.year()), (q - 1) * 3 + 1, 1)?, Grain::Month)
        }
        Day::NthOf { n, what, m, y } => {
            let g = if what == super::within::Counted::Week { Grain::Week } else { g };
            (super::within::nth_of(today, tz, n, what, m, y)?, g)
        }
        Day::Holiday { h, y, rel, at } => (super::holidays::date_at(h, y, rel, at, today)?, g),
        Day::Closest { n, wd, d, m, y } => (super::around::closest_weekday(today, n, wd, d, m, y)?, g),
        Day::Span { .. }
        | Day::Season { .. }
        | Day::RestOfWeek { .. }
        | Day::DateRange { .. }
        | Day::Edge { .. }
        | Day::EdgeMonth { .. }
        | Day::EdgeYear { .. } => {
            return None;
        }
    })
}

fn next_date(today: NaiveDate, d: u32, m: u32, wd: Option<u8>) -> Option<NaiveDate> {
    let y = today.year();
    let this = NaiveDate::from_ymd_opt(y, m, d);
    let next = NaiveDate::from_ymd_opt(y + 1, m, d);
    let default = match this {
        Some(x) if x >= today => Some(x),
        _ => next.or(this),
    };
    if let Some(wd) = wd {
        let cands = [default, this, next, NaiveDate::from_ymd_opt(y - 1, m, d)];
        if let Some(x) = cands.into_iter().flatten().find(|x| wd_num(*x) == u32::from(wd)) {
            return Some(x);
        }
    }
    // 29 February without a year: the next year that has one
    default.or_else(|| (1..8).find_map(|k| NaiveDate::from_ymd_opt(y + k, m, d)))
}

fn next_day_of_month(today: NaiveDate, d: u32, wd: Option<u8>) -> Option<NaiveDate> {
    let first = NaiveDate::from_ymd_opt(today.year(), today.month(), 1)?;
    let tries = if wd.is_some() { 60 } else { 13 };
    let mut fallback = None;
    for k in 0..tries {
        let m = add_months(first, k);
        let Some(x) = NaiveDate::from_ymd_opt(m.year(), m.month(), d) else {
            continue;
        };
        if x < today {
            continue;
        }
        fallback = fallback.or(Some(x));
        if wd.is_none_or(|w| wd_num(x) == u32::from(w)) {
            return Some(x);
        }
    }
    fallback
}

fn month_of(today: NaiveDate, m: u32, y: Option<i32>, rel: Option<i8>) -> Option<NaiveDate> {
    let cur = today.month();
    let year = match (y, rel) {
        (Some(y), _) => y,
        (None, None) | (None, Some(0)) => today.year() + i32::from(m < cur),
        (None, Some(-1)) => today.year() - i32::from(m >= cur),
        (None, Some(r)) => today.year() + i32::from(m <= cur) + i32::from(r > 1),
    };
    NaiveDate::from_ymd_opt(year, m, 1)
}

pub fn nth_weekday(today: NaiveDate, n: i8, wd: u8, m: u32, y: Option<i32>) -> Option<NaiveDate> {
    let pick = |year: i32| -> Option<NaiveDate> {
        let first = NaiveDate::from_ymd_opt(year, m, 1)?;
        if n > 0 {
            let d = first + Duration::days(days_to(first, wd) + 7 * (i64::from(n) - 1));
            (d.month() == m).then_some(d)
        } else {
            let last = add_months(first, 1) - Duration::days(1);
            let back = (wd_num(last) + 7 - u32::from(wd)) % 7;
            Some(last - Duration::days(i64::from(back)))
        }
    };
    match y {
        Some(y) => pick(y),
        None => match pick(today.year()) {
            Some(d) if d >= today => Some(d),
            _ => pick(today.year() + 1),
        },
    }
}

fn period(today: NaiveDate, unit: Unit, rel: i32, tz: Tz) -> Option<(NaiveDate, Grain)> {
    Some(match unit {
        Unit::Week => (week_start(today, tz) + Duration::days(7 * i64::from(rel)), Grain::Week),
        Unit::Month => {
            let first = NaiveDate::from_ymd_opt(today.year(), today.month(), 1)?;
            (add_months(first, rel), Grain::Month)
        }
        Unit::Quarter => {
            let q = NaiveDate::from_ymd_opt(today.year(), today.month0() / 3 * 3 + 1, 1)?;
            (add_months(q, 3 * rel), Grain::Month)
        }
        _ => (NaiveDate::from_ymd_opt(today.year() + rel, 1, 1)?, Grain::Year),
    })
}
