//! Days counted from another day: "three days after Easter", "third tuesday after christmas
//! 2014", "the closest Monday to Oct 5th", "the second closest xmas to today".
//!
//! Owns: reading these phrases into a holiday with a displacement ([`At`]) or a
//! [`Day::Closest`], and the arithmetic of "nth closest". The holiday itself is read by
//! holidays.rs.

use chrono::{Datelike, Duration, NaiveDate};

use super::grammar::{Cx, Day};
use super::jewish::At;
use super::lexicon::{Lex, Unit};
use crate::understand::normalize::Kind;

/// "<n> days after|before <holiday>", "<nth> <weekday> after|before <holiday>", "the day before
/// Pesach", "a week after Sukkot", "יום לפני פסח", "יומיים אחרי פורים", "שבוע לפני ראש השנה",
/// "ביום שאחרי יום כיפור", "למחרת פורים".
pub fn counted_from_holiday_at(cx: &Cx<'_>, i: usize) -> Option<(Day, usize)> {
    // "למחרת יום כיפור": the day after it
    if matches!(cx.text(i), "למחרת" | "ולמחרת") {
        let (day, e) = super::holidays::holiday_at(cx, i + 1)?;
        let Day::Holiday { h, y, rel, at: At::On } = day else { return None };
        return Some((Day::Holiday { h, y, rel, at: At::Days(1) }, e));
    }
    let (n, wd, k) = match (cx.kind(i), cx.lex(i)) {
        // "ביום ראשון אחרי פסח", "יום שישי שלפני פסח", "the sunday after passover": the
        // weekday's first occurrence on that side of it
        (Some(Kind::He), Some(Lex::Unit(Unit::Day, 1))) if matches!(cx.lex(i + 1), Some(Lex::Weekday(_))) => {
            let Some(Lex::Weekday(wd)) = cx.lex(i + 1) else { return None };
            (Span::Days(1), Some(wd), i + 2)
        }
        (Some(Kind::Latin), _) if cx.is(i, "the") && matches!(cx.lex(i + 1), Some(Lex::Weekday(_))) => {
            let Some(Lex::Weekday(wd)) = cx.lex(i + 1) else { return None };
            (Span::Days(1), Some(wd), i + 2)
        }
        // "יום", "יומיים", "שבועיים", "חודש": the Hebrew unit carries its count
        (Some(Kind::He), Some(Lex::Unit(u, c))) => (span_of(u, c)?, None, i + 1),
        (Some(Kind::Latin), _)
            if matches!(cx.text(i), "the" | "a" | "one") && matches!(cx.lex(i + 1), Some(Lex::Unit(..))) =>
        {
            let Some(Lex::Unit(u, c)) = cx.lex(i + 1) else { return None };
            (span_of(u, c)?, None, i + 2)
        }
        // "שלושה ימים לפני סוכות": a Hebrew number word and its unit
        (Some(Kind::He), Some(Lex::Num(_))) => {
            let (n, _, j) = cx.word_num(i).filter(|(_, p, _)| p.is_empty())?;
            let Some(Lex::Unit(u, _)) = cx.lex(j) else { return None };
            (span_of(u, n)?, None, j + 1)
        }
        (Some(Kind::Num | Kind::Latin), _) => {
            let (n, ordinal, j) = super::dates::day_number(cx, i)
                .or_else(|| cx.word_num(i).filter(|(_, p, _)| p.is_empty()).map(|(n, _, j)| (n, false, j)))?;
            let n = Some(n).filter(|n| (1..=400).contains(n))?;
            match cx.lex(j) {
                Some(Lex::Unit(u, _)) if !ordinal => (span_of(u, n)?, None, j + 1),
                Some(Lex::Weekday(wd)) if ordinal || n == 1 => (Span::Days(i16::try_from(n).ok()?), Some(wd), j + 1),
                _ => return None,
            }
        }
        _ => return None,
    };
    // ("ביום שאחרי יום כיפור", "ביום שלפני פסח": the day that is after / before it)
    let sign = match cx.text(k) {
        "after" | "אחרי" | "שאחרי" => 1,
        "before" | "לפני" | "שלפני" => -1,
        _ => return None,
    };
    let (day, e) = super::holidays::holiday_at(cx, k + 1)?;
    let Day::Holiday { h, y, rel, at: At::On } = day else { return None };
    let at = match (n, wd) {
        (Span::Days(n), None) => At::Days(sign * n),
        (Span::Months(n), None) => At::Months(sign * n),
        (Span::Days(n), Some(wd)) => At::NthWeekday(i8::try_from(sign * n).ok()?, wd),
        (Span::Months(_), Some(_)) => return None,
    };
    Some((Day::Holiday { h, y, rel, at }, e))
}

/// "the first day of Passover", "the last day of Hanukkah", "היום האחרון של חנוכה", "ביום
/// השני של ראש השנה": one day of a holiday's span.
pub fn day_of_holiday_at(cx: &Cx<'_>, i: usize) -> Option<(Day, usize)> {
    let (at, k) = match cx.kind(i)? {
        Kind::Latin => {
            let j = if cx.is(i, "the") { i + 1 } else { i };
            // (the word after the ordinal: "fifth", "5th")
            let (at, w) = if cx.is(j, "last") {
                (At::Last, j + 1)
            } else {
                let (n, _, w) =
                    super::dates::day_number(cx, j).filter(|(_, o, e)| *o && (*e == j + 1 || *e == j + 2))?;
                (At::Days(i16::try_from(n).ok().filter(|n| (1..=8).contains(n))? - 1), w)
            };
            // "the first candle of hanukkah" is lit on its eve
            let candle = cx.is(w, "candle") || cx.is(w, "night");
            // ("the last night of chanukah": the evening before its last day)
            if candle && at == At::Last && cx.is(w + 1, "of") {
                let (day, e) = super::holidays::holiday_at(cx, w + 2)?;
                let Day::Holiday { h, y, rel, at: At::On } = day else { return None };
                let days = super::jewish::length(h)?;
                return Some((Day::Holiday { h, y, rel, at: At::Days(i16::try_from(days - 2).ok()?) }, e));
            }
            let at = match at {
                At::Days(d) if candle => At::Days(d - 1),
                other => other,
            };
            // "a chanukah party on the 5th night": the nights of the Hanukkah named before
            if candle && !cx.is(w + 1, "of") && i > 0 && named_before(cx, i, super::jewish::HANUKKAH) {
                return Some((Day::Holiday { h: super::jewish::HANUKKAH, y: None, rel: None, at }, w + 1));
            }
            ((cx.is(w, "day") || candle) && cx.is(w + 1, "of")).then_some((at, w + 2))?
        }
        // "בנר ראשון של חנוכה", "הנר השלישי של חנוכה": the nth candle is lit on the evening of
        // the (n-1)th day counted from the eve; "בנר שמיני" alone is Hanukkah's
        // "בלילה החמישי של חנוכה", "בלילה החמישי": the nth night, as the nth candle
        Kind::He
            if matches!(cx.text(i), "לילה" | "בלילה" | "הלילה")
                && let Some(n) = he_place(cx, i + 1, &["ה"]) =>
        {
            if !cx.is(i + 2, "של") {
                return named_before(cx, i, super::jewish::HANUKKAH).then_some((
                    Day::Holiday { h: super::jewish::HANUKKAH, y: None, rel: None, at: At::Days(n - 1) },
                    i + 2,
                ));
            }
            (At::Days(n - 1), i + 3)
        }
        Kind::He if matches!(cx.text(i), "נר" | "בנר" | "הנר" | "בהנר") => {
            let n = he_place(cx, i + 1, &["", "ב", "ה", "בה"])?;
            if !cx.is(i + 2, "של") {
                return Some((
                    Day::Holiday { h: super::jewish::HANUKKAH, y: None, rel: None, at: At::Days(n - 1) },
                    i + 2,
                ));
            }
            (At::Days(n - 1), i + 3)
        }
        // "שביעי של פסח", "בשביעי של פסח": a day of a holiday by its place, with no "יום"
        Kind::He
            if cx.is(i + 1, "של")
                && let Some(n) = he_place(cx, i, &["", "ב", "בה"]) =>
        {
            (At::Days(n), i + 2)
        }
        Kind::He => {
            if !matches!(cx.text(i), "היומ" | "ביומ" | "יומ") {
                return None;
            }
            let at = match cx.text(i + 1) {
                "האחרונ" => At::Last,
                _ => At::Days(he_place(cx, i + 1, &["ה"])?),
            };
            (cx.is(i + 2, "של")).then_some((at, i + 3))?
        }
        _ => return None,
    };
    let (day, e) = super::holidays::holiday_at(cx, k)?;
    let Day::Holiday { h, y, rel, at: At::On } = day else { return None };
    Some((Day::Holiday { h, y, rel, at }, e))
}

/// Whether holiday `h` is named before token `i` in the message ("a chanukah party on the 5th
/// night").
fn named_before(cx: &Cx<'_>, i: usize, h: u8) -> bool {
    (0..i).any(|k| matches!(super::holidays::holiday_at(cx, k), Some((Day::Holiday { h: found, .. }, _)) if found == h))
}

/// The place, from 0, of the Hebrew ordinal at `i` ("ראשון" 0 … "שמיני" 7, as the time lexicon
/// reads them), said behind one of the prefixes `pre`.
fn he_place(cx: &Cx<'_>, i: usize, pre: &[&str]) -> Option<i16> {
    let n = super::he::ordinal_of(cx.lex(i)?).filter(|n| (1..=8).contains(n) && pre.contains(&cx.pre(i)))?;
    i16::try_from(n - 1).ok()
}

/// How far from a holiday a count of units puts a day.
#[derive(Clone, Copy)]
enum Span {
    Days(i16),
    Months(i16),
}

/// "three days", "two weeks", "a month": days and weeks count in days, months in months; other
/// units are no distance from a holiday.
fn span_of(u: Unit, count: u32) -> Option<Span> {
    let c = i16::try_from(count).ok()?;
    match u {
        Unit::Day => Some(Span::Days(c)),
        Unit::Week => Some(Span::Days(c.checked_mul(7)?)),
        Unit::Month => Some(Span::Months(c)),
        _ => None,
    }
    .filter(|s| matches!(*s, Span::Days(1..=400) | Span::Months(1..=11)))
}

/// "[the] [nth] closest <weekday> to <date>", "[the] [nth] closest <holiday> to today".
pub fn closest_at(cx: &Cx<'_>, i: usize) -> Option<(Day, usize)> {
    let (n, j) = match super::dates::day_number(cx, i) {
        Some((n, true, j)) => (u8::try_from(n).ok().filter(|n| (1..=10).contains(n))?, j),
        _ => (1, i),
    };
    if !cx.is(j, "closest") && !cx.is(j, "nearest") {
        return None;
    }
    if let Some(Lex::Weekday(wd)) = cx.lex(j + 1) {
        if !cx.is(j + 2, "to") {
            return None;
        }
        let (anchor, e) = super::dates::month_date(cx, j + 3).or_else(|| super::dates::month_first(cx, j + 3))?;
        let Day::Date { d, m: Some(m), y, wd: None } = anchor else { return None };
        return Some((Day::Closest { n, wd, d, m, y }, e));
    }
    let (day, k) = super::holidays::holiday_at(cx, j + 1)?;
    let Day::Holiday { h, y: None, rel: None, at: At::On } = day else { return None };
    if !(cx.is(k, "to") && cx.lex(k + 1) == Some(Lex::DayRel(0))) {
        return None;
    }
    Some((Day::Holiday { h, y: None, rel: None, at: At::Closest(n) }, k + 2))
}

/// The `n`th of `dates` nearest to `anchor` (an earlier one first when two are as near).
pub fn nth_closest(anchor: NaiveDate, n: u8, mut dates: Vec<NaiveDate>) -> Option<NaiveDate> {
    dates.sort_by_key(|d| ((*d - anchor).num_days().abs(), *d));
    dates.dedup();
    dates.get(usize::from(n).checked_sub(1)?).copied()
}

/// The `n`th weekday `wd` (0 = Sunday) nearest to day `d` of month `m`.
pub fn closest_weekday(today: NaiveDate, n: u8, wd: u8, d: u32, m: u32, y: Option<i32>) -> Option<NaiveDate> {
    let this = NaiveDate::from_ymd_opt(y.unwrap_or(today.year()), m, d)?;
    let anchor = match y {
        None if this < today => NaiveDate::from_ymd_opt(today.year() + 1, m, d)?,
        _ => this,
    };
    let reach = 7 * (i64::from(n) + 1);
    let dates = (-reach..=reach)
        .map(|k| anchor + Duration::days(k))
        .filter(|x| x.weekday().num_days_from_sunday() == u32::from(wd))
        .collect();
    nth_closest(anchor, n, dates)
}

/// The `n`th weekday `wd` after (n > 0) or before (n < 0) `d`, not counting `d` itself.
pub fn nth_weekday_from(d: NaiveDate, n: i8, wd: u8) -> Option<NaiveDate> {
    let step = if n > 0 { 1 } else { -1 };
    let mut x = d;
    let mut left = n.unsigned_abs();
    while left > 0 {
        x += Duration::days(step);
        if x.weekday().num_days_from_sunday() == u32::from(wd) {
            left -= 1;
        }
    }
    Some(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ymd(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn the_closest_monday_to_a_saturday_is_the_one_after_it() {
        let today = ymd(2013, 2, 12);
        assert_eq!(closest_weekday(today, 1, 1, 5, 10, None), Some(ymd(2013, 10, 7)));
        assert_eq!(closest_weekday(today, 2, 1, 5, 10, None), Some(ymd(2013, 9, 30)));
    }

    #[test]
    fn the_third_tuesday_after_christmas_2014_is_in_january() {
        assert_eq!(nth_weekday_from(ymd(2014, 12, 25), 3, 2), Some(ymd(2015, 1, 13)));
        assert_eq!(nth_weekday_from(ymd(2014, 12, 25), -1, 4), Some(ymd(2014, 12, 18)));
    }

    #[test]
    fn nth_closest_orders_by_distance_from_the_anchor() {
        let dates = vec![ymd(2011, 12, 25), ymd(2012, 12, 25), ymd(2013, 12, 25)];
        let anchor = ymd(2013, 2, 12);
        assert_eq!(nth_closest(anchor, 1, dates.clone()), Some(ymd(2012, 12, 25)));
        assert_eq!(nth_closest(anchor, 3, dates), Some(ymd(2011, 12, 25)));
    }
}
