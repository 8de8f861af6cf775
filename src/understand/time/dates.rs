//! Dates: numeric ("15/2", "17.2", "3/3/2015", "2015-03-03") and with month names ("3 בפברואר",
//! "Feb 1", "the 1st of march", "השלישי באוקטובר"), including a day of the current month ("ה19",
//! "ב15 לחודש", "on the 15th"). Numeric dates are day first, as Israelis write them.

use super::grammar::{Comp, Cx, Day};
use super::he::ordinal_of;
use super::lexicon::{Lex, Unit};
use crate::understand::normalize::Kind;

/// "15/2", "17.2", "3/3/2015", "2015-03-03", "2014-10": numeric dates, day first as Israelis
/// write them; a first number that cannot be a month-day pair is read US-style ("2/15").
pub fn numeric_date_at(cx: &Cx<'_>, i: usize) -> Option<(Comp, usize)> {
    let (a, _, j) = cx.digits(i)?;
    let sep = cx.text(j);
    // ("stamp number TP/3381/09": numbers glued on to letters by a slash or a hyphen are a code)
    if i >= 2
        && matches!(cx.text(i - 1), "/" | "-")
        && cx.glued(i - 1)
        && cx.glued(i)
        && cx.kind(i - 2) == Some(Kind::Latin)
        && cx.lex(i - 2).is_none()
    {
        return None;
    }
    if sep == "q" && cx.glued(j) && cx.glued(j + 1) {
        return year_quarter(cx, i, a, j);
    }
    if !matches!(sep, "/" | "." | "-") {
        return None;
    }
    if !cx.glued(j) || !cx.glued(j + 1) {
        return loose_date(cx, i, a, j);
    }
    if let Some(x) = month_name_date(cx, a, j) {
        return Some(x);
    }
    let strict = strict_date(cx, i, a, j);
    if strict.is_none() && sep == "-" {
        return loose_date(cx, i, a, j);
    }
    strict
}

fn strict_date(cx: &Cx<'_>, i: usize, a: u32, j: usize) -> Option<(Comp, usize)> {
    let sep = cx.text(j);
    let b = cx.num(j + 1)?;
    let third = (cx.is(j + 2, sep) && cx.glued(j + 2) && cx.glued(j + 3)).then(|| cx.num(j + 3)).flatten();
    let a_len = cx.text(if cx.kind(i) == Some(Kind::Prefix) { i + 1 } else { i }).len();
    if a_len == 4 {
        let y = a as i32;
        if !(1900..=2100).contains(&y) {
            return None;
        }
        return Some(match third {
            Some(d) => (date_or_impossible(d, b, Some(y), None), j + 4),
            None if (1..=12).contains(&b) => (Comp::Day(Day::MonthOf { m: b, y: Some(y), rel: None }), j + 2),
            None => return None,
        });
    }
    match third {
        Some(c) => {
            if a > 31 || b > 31 || cx.text(j + 3).len() > 4 || cx.text(j + 3).len() == 3 {
                return None;
            }
            let y = if c < 100 { if c < 50 { 2000 + c } else { 1900 + c } } else { c } as i32;
            let (d, m) = if b > 12 && a <= 12 { (b, a) } else { (a, b) };
            Some((date_or_impossible(d, m, Some(y), None), j + 4))
        }
        None => {
            if sep == "-" || a > 31 || b > 31 || (sep == "." && b > 12) {
                if sep == "/" && (1..=12).contains(&a) && (1000..=2100).contains(&b) {
                    return Some((Comp::Day(Day::MonthOf { m: a, y: Some(b as i32), rel: None }), j + 2));
                }
                return None;
            }
            let (d, m) = if b > 12 && a <= 12 { (b, a) } else { (a, b) };
            Some((date_or_impossible(d, m, None, None), j + 2))
        }
    }
}

/// "2018Q4", "18q4": a year and a quarter written together, as in reports.
fn year_quarter(cx: &Cx<'_>, i: usize, y: u32, j: usize) -> Option<(Comp, usize)> {
    let q = cx.num(j + 1).filter(|q| (1..=4).contains(q) && cx.text(j + 1).len() == 1)?;
    let y = match cx.text(i).len() {
        2 => 2000 + y,
        4 => y,
        _ => return None,
    };
    Some((Comp::Day(Day::QuarterOf { q, y: Some(y as i32) }), j + 2))
}

/// "31/Oct/1974", "31-Oct-74": a day, a month name and a year joined by one separator.
fn month_name_date(cx: &Cx<'_>, d: u32, j: usize) -> Option<(Comp, usize)> {
    let sep = cx.text(j);
    let m = is_month(cx, j + 1)?;
    let glued = (j..j + 4).all(|k| cx.glued(k));
    if !glued || !cx.is(j + 2, sep) || !(1..=31).contains(&d) {
        return None;
    }
    let y = cx.num(j + 3)?;
    let y = match cx.text(j + 3).len() {
        2 => {
            if y < 50 {
                2000 + y
            } else {
                1900 + y
            }
        }
        4 => y,
        _ => return None,
    };
    Some((date_or_impossible(d, m, Some(y as i32), None), j + 4))
}

/// "2 / 15", "2-15", "2 - 15": only when the second number cannot be a month, so the reading
/// month/day is the only one (an Israeli "3-4" stays a range of numbers), and never before a
/// unit or am/pm ("10-15 minutes", "2-15 pm").
fn loose_date(cx: &Cx<'_>, i: usize, a: u32, j: usize) -> Option<(Comp, usize)> {
    let b = cx.num(j + 1).filter(|_| cx.text(j + 1).len() <= 2)?;
    if cx.text(j) == "." || !(1..=12).contains(&a) || !(13..=31).contains(&b) {
        return None;
    }
    let after = cx.lex(j + 2);
    let unitish = matches!(after, Some(Lex::Unit(..) | Lex::Am | Lex::Pm)) || matches!(cx.text(j + 2), ":" | "-" | "/");
    let before = i > 0 && matches!(cx.text(i - 1), "from" | "between" | "at" | "@");
    if unitish || before || cx.kind(i) == Some(Kind::Prefix) {
        return None;
    }
    Some((date_or_impossible(b, a, None, None), j + 2))
}

pub fn date_or_impossible(d: u32, m: u32, y: Option<i32>, wd: Option<u8>) -> Comp {
    let year = y.unwrap_or(2024); // a leap year, so "29 February" without a year is possible
    if (1..=12).contains(&m) && chrono::NaiveDate::from_ymd_opt(year, m, d).is_some() {
        Comp::Day(Day::Date { d, m: Some(m), y, wd })
    } else {
        Comp::Impossible
    }
}

pub fn is_month(cx: &Cx<'_>, i: usize) -> Option<u32> {
    match cx.lex(i) {
        Some(Lex::Month(m)) => Some(u32::from(m)),
        _ => None,
    }
}

pub fn year_at(cx: &Cx<'_>, i: usize) -> Option<(i32, usize)> {
    let k = if cx.is(i, ",") { i + 1 } else { i };
    let y = cx.num(k)?;
    let len = cx.text(k).len();
    if len == 4 && (1000..=2200).contains(&y) {
        return Some((y as i32, k + 1));
    }
    None
}

/// "the ides of March": the 15th of March, May, July and October, the 13th of other months.
pub fn ides_at(cx: &Cx<'_>, i: usize) -> Option<(Day, usize)> {
    if !(cx.is(i, "ides") && cx.is(i + 1, "of")) {
        return None;
    }
    let m = is_month(cx, i + 2)?;
    let d = if matches!(m, 3 | 5 | 7 | 10) { 15 } else { 13 };
    let (y, j) = year_at(cx, i + 3).map_or((None, i + 3), |(y, j)| (Some(y), j));
    Some((Day::Date { d, m: Some(m), y, wd: None }, j))
}

/// "BC", "B.C.", "BCE" (true) or "AD", "A.D.", "CE" (false) after a year.
pub fn era_at(cx: &Cx<'_>, j: usize) -> Option<(bool, usize)> {
    match cx.text(j) {
        "bc" | "bce" => return Some((true, j + 1)),
        "ad" | "ce" => return Some((false, j + 1)),
        _ => {}
    }
    let bc = match (cx.text(j), cx.text(j + 2)) {
        ("b", "c") => true,
        ("a", "d") => false,
        _ => return None,
    };
    if !cx.is(j + 1, ".") || !(j + 1..=j + 2).all(|k| cx.glued(k)) {
        return None;
    }
    let end = if cx.is(j + 3, ".") { j + 4 } else { j + 3 };
    Some((bc, end))
}

pub fn ordinal_suffix(cx: &Cx<'_>, i: usize) -> bool {
    cx.glued(i) && matches!(cx.text(i), "st" | "nd" | "rd" | "th")
}

/// A day-of-month number at `i`: (day, is_ordinal_marked, next).
pub fn day_number(cx: &Cx<'_>, i: usize) -> Option<(u32, bool, usize)> {
    if let Some((d, p, j)) = cx.digits(i) {
        if cx.text(j - 1).len() > 2 {
            return None;
        }
        if ordinal_suffix(cx, j) {
            return Some((d, true, j + 1));
        }
        return Some((d, p.ends_with('ה'), j));
    }
    let lx = cx.lex(i)?;
    let p = cx.pre(i);
    if cx.kind(i) == Some(Kind::He) {
        if let Some(n) = ordinal_of(lx) {
            // "בראשון לחודש", "כל ראשון לחודש": before "לחודש" a weekday's name is the day
            let of_the_month = matches!(cx.lex(i + 1), Some(Lex::Unit(Unit::Month, 1))) && cx.pre(i + 1) == "ל";
            return (p.contains('ה') || of_the_month).then_some((n, true, i + 1));
        }
        let (n, p, j) = cx.word_num(i)?;
        return Some((n, p.ends_with('ה'), j));
    }
    match lx {
        Lex::Ordinal(n) => {
            // "twenty first" is not worth the ambiguity; "first".."thirtieth" cover real use
            Some((u32::from(n), true, i + 1))
        }
        Lex::Unit(Unit::Second, 1) if cx.is(i, "second") => Some((2, true, i + 1)),
        _ => None,
    }
}

/// Month name first: "Feb 1", "March 3rd 2015", "פברואר 15", "אוקטובר 2014", "מרץ הבא".
pub fn month_first(cx: &Cx<'_>, i: usize) -> Option<(Day, usize)> {
    let m = is_month(cx, i)?;
    if let Some((y, j)) = year_at(cx, i + 1) {
        return Some((Day::MonthOf { m, y: Some(y), rel: None }, j));
    }
    let k = if cx.is(i + 1, "the") { i + 2 } else { i + 1 };
    if let Some((d, _, j)) = day_number(cx, k)
        && (1..=31).contains(&d)
        && cx.kind(k) != Some(Kind::Prefix)
    {
        let (y, j) = year_at(cx, j).map_or((None, j), |(y, j)| (Some(y), j));
        return Some((Day::Date { d, m: Some(m), y, wd: None }, j));
    }
    if let Some(Lex::Rel(r)) = cx.lex(i + 1)
        && cx.is_he(i + 1)
    {
        return Some((Day::MonthOf { m, y: None, rel: Some(r) }, i + 2));
    }
    if cx.is(i + 1, "after") && cx.is(i + 2, "next") {
        return Some((Day::MonthOf { m, y: None, rel: Some(2) }, i + 3));
    }
    // "may" alone is a verb far more often than a month
    if cx.is(i, "may") || cx.is(i, "mar") || cx.is(i, "sat") {
        return None;
    }
    Some((Day::MonthOf { m, y: None, rel: None }, i + 1))
}

/// Day number first: "3 בפברואר", "ה15 בפברואר", "השלישי באוקטובר", "the 1st of march",
/// "15th february", and a day of this month: "ה19", "ב15 לחודש", "on the 15th".
pub fn month_date(cx: &Cx<'_>, i: usize) -> Option<(Day, usize)> {
    let (d, ordinal, mut j) = day_number(cx, i)?;
    if !(1..=31).contains(&d) {
        return None;
    }
    // English ordinal weekday of month: "first tuesday of october"
    if let Some(Lex::Weekday(wd)) = cx.lex(j)
        && ordinal
        && cx.kind(j) == Some(Kind::Latin)
        && d <= 5
    {
        return super::days::nth_weekday_of(cx, j + 1, d as i8, wd);
    }
    if ordinal && cx.kind(i) != Some(Kind::He) && d <= 4 && (cx.is(j, "quarter") || cx.is(j, "qtr")) {
        let (y, k) =
            year_at(cx, if cx.is(j + 1, "of") { j + 2 } else { j + 1 }).map_or((None, j + 1), |(y, k)| (Some(y), k));
        return Some((Day::QuarterOf { q: d, y }, k));
    }
    if cx.is(j, "day") && cx.is(j + 1, "of") {
        j += 1;
    }
    if cx.is(j, "of") {
        let k = if cx.is(j + 1, "the") { j + 2 } else { j + 1 };
        if let (Some(Lex::Rel(rel)), Some(Lex::Unit(Unit::Month, 1))) = (cx.lex(k), cx.lex(k + 1)) {
            return Some((Day::DomRel { d, rel }, k + 2));
        }
        // "the first of the month", "every 15th of the month": this month's (or each month's)
        if ordinal && cx.is(j + 1, "the") && matches!(cx.lex(k), Some(Lex::Unit(Unit::Month, 1))) {
            return Some((Day::Date { d, m: None, y: None, wd: None }, k + 1));
        }
        j += 1;
    }
    if let Some(m) = is_month(cx, j) {
        let (y, k) = year_at(cx, j + 1).map_or((None, j + 1), |(y, k)| (Some(y), k));
        let y = y.or_else(|| {
            // "14th April 15": a two-digit year right after the month
            let n = cx.num(j + 1)?;
            (cx.text(j + 1).len() == 2 && cx.kind(i) == Some(Kind::Num) && n > 12).then_some(2000 + n as i32)
        });
        let k = if y.is_some() && k == j + 1 { j + 2 } else { k };
        return Some((Day::Date { d, m: Some(m), y, wd: None }, k));
    }
    // "לחודש", "החודש": of this month
    if matches!(cx.lex(j), Some(Lex::Unit(Unit::Month, 1))) && cx.is_he(j) {
        return Some((Day::Date { d, m: None, y: None, wd: None }, j + 1));
    }
    let after_the = i > 0 && (cx.is(i - 1, "the") || matches!(cx.lex(i - 1), Some(Lex::Weekday(_))));
    let english_ordinal = ordinal && cx.kind(i) != Some(Kind::He) && cx.kind(i) != Some(Kind::Prefix);
    // "the first one, change it to 9", "the 2nd one": a pointer at a thing by its place
    let pointer = english_ordinal && cx.is(j, "one") && !matches!(cx.lex(j + 1), Some(Lex::Am | Lex::Pm | Lex::Oclock));
    if (cx.is_he(i) && ordinal) || (english_ordinal && after_the && !pointer) {
        return Some((Day::Date { d, m: None, y: None, wd: None }, j));
    }
    None
}
