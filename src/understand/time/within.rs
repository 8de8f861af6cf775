//! Days and weeks counted inside a month or year: "last day of October 2015", "fifth last day
//! of May", "first week of October 2014", "the third last week of 2018", "last weekend of
//! October"; and the rest of the current week: "all week", "rest of the week".
//!
//! A week "of" a month or year is one that lies wholly inside it, as Duckling counts them: the
//! last week of October 2018 starts on 22 October, because 29 October's week ends in November.

use chrono::{Datelike, Duration, NaiveDate};
use chrono_tz::Tz;

use super::calendar::{add_months, week_start};
use super::grammar::{Cx, Day};
use crate::understand::normalize::Kind;

/// What is counted inside the month or year.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counted {
    Day,
    Week,
    Weekend,
}

/// "3rd", "third", "second", "first": an English ordinal at `i`.
fn ordinal_at(cx: &Cx<'_>, i: usize) -> Option<(u32, usize)> {
    if cx.kind(i) != Some(Kind::Num) && cx.kind(i) != Some(Kind::Latin) {
        return None;
    }
    let (n, ordinal, j) = super::dates::day_number(cx, i)?;
    (ordinal && (1..=6).contains(&n)).then_some((n, j))
}

fn counted_at(cx: &Cx<'_>, j: usize) -> Option<(Counted, usize)> {
    match (cx.text(j), cx.text(j + 1), cx.text(j + 2)) {
        ("day", ..) => Some((Counted::Day, j + 1)),
        ("weekend" | "wkend", ..) => Some((Counted::Weekend, j + 1)),
        ("week", "-", "end") | ("week", "end", _)
            if !cx.is(j + 1, "end") || cx.is(j + 2, "of") || cx.is(j + 2, "in") =>
        {
            Some((Counted::Weekend, j + if cx.is(j + 1, "-") { 3 } else { 2 }))
        }
        ("week", ..) => Some((Counted::Week, j + 1)),
        _ => None,
    }
}

/// `[ordinal] [last] day|week|weekend of|in <month> [year] | <year>`; needs "last" or an ordinal.
pub fn nth_of_at(cx: &Cx<'_>, i: usize) -> Option<(Day, usize)> {
    if cx.kind(i) == Some(Kind::He) || cx.kind(i) == Some(Kind::Prefix) {
        return None;
    }
    let (n, j) = ordinal_at(cx, i).map_or((None, i), |(n, j)| (Some(n), j));
    let last = cx.is(j, "last");
    let (what, k) = counted_at(cx, j + usize::from(last))?;
    if n.is_none() && !last {
        return None;
    }
    if !(cx.is(k, "of") || cx.is(k, "in")) {
        return None;
    }
    let k = k + 1;
    let (m, y, e) = match super::dates::is_month(cx, k) {
        Some(m) => match super::dates::year_at(cx, k + 1) {
            Some((y, e)) => (Some(m), Some(y), e),
            None => (Some(m), None, k + 1),
        },
        None => {
            let (y, e) = super::dates::year_at(cx, k)?;
            (None, Some(y), e)
        }
    };
    let n = n.unwrap_or(1) as i32;
    Some((Day::NthOf { n: if last { -n } else { n }, what, m, y }, e))
}

/// "all week", "rest of the week", "rest of this week".
pub fn rest_of_week_at(cx: &Cx<'_>, i: usize) -> Option<(Day, usize)> {
    if cx.is(i, "all") && cx.is(i + 1, "week") {
        return Some((Day::RestOfWeek { all: true }, i + 2));
    }
    if !(cx.is(i, "rest") && cx.is(i + 1, "of")) {
        return None;
    }
    let k = if matches!(cx.text(i + 2), "the" | "this") { i + 3 } else { i + 2 };
    cx.is(k, "week").then_some((Day::RestOfWeek { all: false }, k + 1))
}

/// First and last day of the month or year counted in.
fn bounds(today: NaiveDate, m: Option<u32>, y: Option<i32>) -> Option<(NaiveDate, NaiveDate)> {
    let first = match (m, y) {
        (Some(m), Some(y)) => NaiveDate::from_ymd_opt(y, m, 1)?,
        (Some(m), None) => NaiveDate::from_ymd_opt(today.year() + i32::from(m < today.month()), m, 1)?,
        (None, y) => NaiveDate::from_ymd_opt(y.unwrap_or(today.year()), 1, 1)?,
    };
    let months = if m.is_some() { 1 } else { 12 };
    Some((first, add_months(first, months) - Duration::days(1)))
}

/// The first day of the `n`th (negative: from the end) day, whole week or weekend.
pub fn nth_of(today: NaiveDate, tz: Tz, n: i32, what: Counted, m: Option<u32>, y: Option<i32>) -> Option<NaiveDate> {
    let (first, last) = bounds(today, m, y)?;
    let step = |d: NaiveDate, k: i32| d + Duration::days(i64::from(k));
    let d = match what {
        Counted::Day if n > 0 => step(first, n - 1),
        Counted::Day => step(last, n + 1),
        Counted::Week => {
            let a = week_start(first, tz);
            let a = if a < first { a + Duration::days(7) } else { a };
            let b = week_start(last, tz);
            let b = if step(b, 6) > last { b - Duration::days(7) } else { b };
            if n > 0 { step(a, 7 * (n - 1)) } else { step(b, 7 * (n + 1)) }
        }
        Counted::Weekend => {
            // a weekend belongs to the month its Friday is in
            let to_fri = (5 + 7 - first.weekday().num_days_from_sunday()) % 7;
            let fri1 = step(first, to_fri as i32);
            let back = (last.weekday().num_days_from_sunday() + 7 - 5) % 7;
            let fri_last = step(last, -(back as i32));
            if n > 0 { step(fri1, 7 * (n - 1)) } else { step(fri_last, 7 * (n + 1)) }
        }
    };
    (first..=last).contains(&d).then_some(d)
}

/// "all week" runs from the week's start, "rest of the week" from today; both stop before the
/// week's last day, as Duckling reports them.
pub fn rest_of_week(today: NaiveDate, tz: Tz, all: bool) -> (NaiveDate, NaiveDate) {
    let ws = week_start(today, tz);
    (if all { ws } else { today }, ws + Duration::days(6))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ymd(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    const TZ: Tz = chrono_tz::Etc::GMTPlus2;

    #[test]
    fn the_last_week_of_a_month_is_the_last_whole_week_in_it() {
        assert_eq!(nth_of(ymd(2013, 2, 12), TZ, -2, Counted::Week, Some(10), Some(2018)), Some(ymd(2018, 10, 15)));
        assert_eq!(nth_of(ymd(2013, 2, 12), TZ, 1, Counted::Week, Some(10), Some(2014)), Some(ymd(2014, 10, 6)));
    }

    #[test]
    fn fifth_last_day_of_may_counts_back_from_the_31st() {
        assert_eq!(nth_of(ymd(2013, 2, 12), TZ, -5, Counted::Day, Some(5), None), Some(ymd(2013, 5, 27)));
    }

    #[test]
    fn last_weekend_of_october_starts_on_its_last_friday() {
        assert_eq!(nth_of(ymd(2013, 2, 12), TZ, -1, Counted::Weekend, Some(10), None), Some(ymd(2013, 10, 25)));
    }

    #[test]
    fn rest_of_the_week_starts_today() {
        assert_eq!(rest_of_week(ymd(2013, 2, 12), TZ, false), (ymd(2013, 2, 12), ymd(2013, 2, 17)));
    }
}
