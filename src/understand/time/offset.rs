//! Relative offsets ("בעוד 20 דקות", "in half an hour", "3 days ago", "לפני שבעה ימים"),
//! anchors to an earlier step ("שעה לפני", "an hour before") and recurrence ("כל יום ראשון",
//! "every weekday", "daily").
//!
//! Amounts are kept in sixtieths so "half an hour", "רבע שעה" and "2.5 hours" stay exact.

use super::grammar::{Clock, Comp, Cx, Offset};
use super::lexicon::{Lex, Unit};
use crate::understand::Recurrence;
use crate::understand::normalize::Kind;

/// An amount and a unit: (sixtieths of the unit, unit, next token).
fn amount_unit(cx: &Cx<'_>, i: usize, allow_bare_unit: bool) -> Option<(i64, Unit, usize)> {
    let (amount, j) = match cx.lex(i) {
        Some(Lex::Unit(_, n)) if allow_bare_unit || n > 1 => (60, i),
        Some(Lex::Half) => (30, skip_a(cx, i + 1)),
        Some(Lex::Quarter) => (15, skip_a(cx, i + 1)),
        Some(Lex::One) => match cx.lex(i + 1) {
            Some(Lex::Quarter) => (15, skip_a(cx, i + 2)),
            Some(Lex::Few(n)) => (i64::from(n) * 60, skip_of(cx, i + 2)),
            _ => (60, i + 1),
        },
        Some(Lex::Few(n)) => (i64::from(n) * 60, skip_of(cx, i + 1)),
        _ => {
            let (n, p, j) = cx.number(i)?;
            if p.contains('ב') || p.contains('ל') {
                return None;
            }
            // "1/2 hour", "3/4h"
            if cx.is(j, "/") && cx.glued(j) && cx.glued(j + 1) {
                let d = cx.num(j + 1).filter(|d| *d > 0 && *d <= 60)?;
                (i64::from(n) * 60 / i64::from(d), j + 2)
            // "2.5 hours"
            } else if cx.is(j, ".") && cx.glued(j) && cx.text(j + 1).len() == 1 {
                let tenth = cx.num(j + 1)?;
                (i64::from(n) * 60 + i64::from(tenth) * 6, j + 2)
            // "three-quarters of an hour"
            } else if cx.is(j + usize::from(cx.is(j, "-")), "quarters") {
                (i64::from(n) * 15, skip_a(cx, j + 1 + usize::from(cx.is(j, "-"))))
            // "2 and a half hours"
            } else if cx.is(j, "and") && cx.lex(j + 1) == Some(Lex::One) && cx.lex(j + 2) == Some(Lex::Half) {
                (i64::from(n) * 60 + 30, j + 3)
            } else {
                (i64::from(n) * 60, j)
            }
        }
    };
    let j = if cx.is(j, "more") { j + 1 } else { j };
    // "15'" and "30\"": minutes and seconds written with prime marks, right after the number
    if let Some(unit) = prime_unit(cx, j) {
        return Some((amount, unit, j + 1));
    }
    let Some(Lex::Unit(unit, k)) = cx.lex(j) else {
        return None;
    };
    let mut amount = amount * i64::from(k);
    let mut next = j + 1;
    // "an hour and a half", "two days and a half"
    if cx.is(next, "and") && cx.lex(next + 1) == Some(Lex::One) && cx.lex(next + 2) == Some(Lex::Half) {
        amount += 30;
        next += 3;
    }
    // "שעה וחצי", "שעתיים ורבע"
    if cx.is_he(next) && cx.pre(next) == "ו" {
        match cx.lex(next) {
            Some(Lex::Half) => {
                amount += 30;
                next += 1;
            }
            Some(Lex::Quarter) => {
                amount += 15;
                next += 1;
            }
            _ => {}
        }
    }
    plausible(amount, unit).then_some((amount, unit, next))
}

/// An offset longer than a century is not a time anyone means ("in 20000000 weeks"), and it
/// would overflow date arithmetic: such an amount is no time at all.
fn plausible(amount60: i64, unit: Unit) -> bool {
    const CENTURY_SECS: i64 = 100 * 366 * 24 * 3600;
    let unit_secs: i64 = match unit {
        Unit::Second => 1,
        Unit::Minute => 60,
        Unit::Hour => 3600,
        Unit::Day => 86_400,
        Unit::Week => 7 * 86_400,
        Unit::Month => 31 * 86_400,
        Unit::Quarter => 92 * 86_400,
        Unit::Year => 366 * 86_400,
    };
    (amount60 / 60).checked_mul(unit_secs).is_some_and(|secs| secs.abs() <= CENTURY_SECS)
}

fn prime_unit(cx: &Cx<'_>, j: usize) -> Option<Unit> {
    if !cx.glued(j) || cx.kind(j) != Some(Kind::Punct) || cx.kind(j.checked_sub(1)?) != Some(Kind::Num) {
        return None;
    }
    match cx.text(j) {
        "'" | "’" | "′" => Some(Unit::Minute),
        "\"" | "”" | "″" => Some(Unit::Second),
        _ => None,
    }
}

fn skip_a(cx: &Cx<'_>, i: usize) -> usize {
    let i = if cx.is(i, "of") { i + 1 } else { i };
    if cx.lex(i) == Some(Lex::One) { i + 1 } else { i }
}

fn skip_of(cx: &Cx<'_>, i: usize) -> usize {
    if cx.is(i, "of") { i + 1 } else { i }
}

fn to_offset(amount60: i64, unit: Unit, sign: i64) -> Offset {
    let whole = amount60 / 60 * sign;
    match unit {
        Unit::Second => Offset::Secs(amount60 * sign / 60, unit),
        Unit::Minute => Offset::Secs(amount60 * sign, unit),
        Unit::Hour => Offset::Secs(amount60 * 60 * sign, unit),
        Unit::Day => Offset::Days(whole),
        Unit::Week => Offset::Weeks(whole),
        Unit::Month => Offset::Months(whole),
        Unit::Year => Offset::Years(whole),
        Unit::Quarter => Offset::Months(whole * 3),
    }
}

fn anchor_secs(amount60: i64, unit: Unit, sign: i64) -> Option<i64> {
    let per = match unit {
        Unit::Second => 1,
        Unit::Minute => 60,
        Unit::Hour => 3600,
        Unit::Day => 86_400,
        Unit::Week => 604_800,
        _ => return None,
    };
    Some(amount60 * per / 60 * sign)
}

/// "for 10 days", "for 30 mins", "for 30' starting from": how long an event lasts, with the
/// "from"/"starting from" that leads to its start ("for 10 days from 18th Dec").
pub fn lasting_at(cx: &Cx<'_>, i: usize) -> Option<(Comp, usize)> {
    if !cx.is(i, "for") {
        return None;
    }
    let (a, u, mut j) = amount_unit(cx, i + 1, false)?;
    if cx.is(j, "starting") {
        j += 1;
    }
    if cx.is(j, "from") {
        j += 1;
    }
    Some((Comp::Lasting(a, u), j))
}

pub fn offset_at(cx: &Cx<'_>, i: usize) -> Option<(Comp, usize)> {
    // "the day before", "the night before" (at 9): the day before another step's day
    let k = if cx.is(i, "the") { i + 1 } else { i };
    let next_is_a_day = matches!(cx.lex(k + 2), Some(Lex::DayRel(_) | Lex::Num(_))) || cx.num(k + 2).is_some();
    if matches!(cx.text(k), "day" | "night" | "evening" | "morning")
        && cx.lex(k + 1) == Some(Lex::Before)
        && !next_is_a_day
    {
        return Some((Comp::Anchor(-86_400), k + 2));
    }
    // "move Shira to the day after at 10", "the next morning at 8", "ולמחרת בעשר": the day after
    // another step's day ("the day after tomorrow" is a day of its own)
    if matches!(cx.text(k), "day" | "morning")
        && cx.is(k + 1, "after")
        && !next_is_a_day
        && !matches!(cx.lex(k + 2), Some(Lex::Weekday(_)))
    {
        return Some((Comp::Anchor(86_400), k + 2));
    }
    if cx.is(k, "next") && matches!(cx.text(k + 1), "day" | "morning") && k > i {
        return Some((Comp::Anchor(86_400), k + 2));
    }
    // "ותזכיר לי בערב לפני", "בערב שלפני", "בלילה שלפני": the evening of the day before
    // ("ערב לפני פסח" is the holiday's eve, a day of its own)
    if matches!(cx.text(i), "ערב" | "בערב" | "לילה" | "בלילה")
        && matches!(cx.text(i + 1), "לפני" | "שלפני")
        && super::holidays::holiday_at(cx, i + 2).is_none()
        && !matches!(
            cx.lex(i + 2),
            Some(Lex::DayRel(_) | Lex::Weekday(_) | Lex::Month(_) | Lex::Unit(..) | Lex::Few(_))
        )
    {
        return Some((Comp::Anchor(-86_400), i + 2));
    }
    // "ותזכיר לי יום קודם בשבע", "תזכירי לי יום לפני", "ביום שלפני", "יומיים לפני": days before
    // another step's day ("יום לפני פסח" is a day of its own, as is "יום לפני שבוע")
    if let Some(days) = match cx.text(i) {
        "יומ" | "ביומ" | "ויומ" => Some(1),
        "יומיימ" | "ויומיימ" => Some(2),
        _ => None,
    } && matches!(cx.text(i + 1), "לפני" | "שלפני" | "קודמ" | "אחרי" | "שאחרי")
        && super::holidays::holiday_at(cx, i + 2).is_none()
        && !matches!(
            cx.lex(i + 2),
            Some(Lex::DayRel(_) | Lex::Weekday(_) | Lex::Month(_) | Lex::Unit(..) | Lex::Few(_))
        )
    {
        let sign = if matches!(cx.text(i + 1), "אחרי" | "שאחרי") { 1 } else { -1 };
        return Some((Comp::Anchor(sign * days * 86_400), i + 2));
    }
    if matches!(cx.text(i), "למחרת" | "ולמחרת") && super::holidays::holiday_at(cx, i + 1).is_none() {
        return Some((Comp::Anchor(86_400), i + 1));
    }
    // "same day 7pm", "that evening", "that morning at 9", "באותו יום בשבע": the day of another step
    let k = if cx.is(i, "the") { i + 1 } else { i };
    if matches!(cx.text(k), "same" | "that")
        && matches!(cx.text(k + 1), "day" | "evening" | "night" | "morning" | "afternoon")
    {
        return Some((Comp::Anchor(0), k + 2));
    }
    if matches!(cx.text(i), "באותו" | "אותו")
        && matches!(cx.text(i + 1), "יומ" | "היומ" | "ערב" | "הערב" | "לילה" | "בוקר" | "הבוקר")
    {
        return Some((Comp::Anchor(0), i + 2));
    }
    match cx.lex(i) {
        Some(Lex::In) => {
            let k = if matches!(cx.lex(i + 1), Some(Lex::Filler)) { i + 2 } else { i + 1 };
            let (a, u, j) = amount_unit(cx, k, true)?;
            return Some((Comp::Offset(to_offset(a, u, 1)), j));
        }
        Some(Lex::Before) if cx.is_he(i) => {
            let (a, u, j) = amount_unit(cx, i + 1, true)?;
            return Some((Comp::Offset(to_offset(a, u, -1)), j));
        }
        _ => {}
    }
    // "push it by ten minutes": by an amount of minutes or hours, from now
    if cx.is(i, "by")
        && let Some((a, u @ (Unit::Minute | Unit::Hour), j)) = amount_unit(cx, i + 1, false)
    {
        return Some((Comp::Offset(to_offset(a, u, 1)), j));
    }
    // "לדחות בעשר דקות", "תקדים בחצי שעה": by an amount of minutes or hours, from now (said
    // with a verb of moving; elsewhere "בעשר" stays an hour)
    // (the message is searched for the verb only once an amount of time is found here)
    let moving = || {
        (0..cx.len()).any(|k| {
            matches!(
                cx.text(k),
                "תדחה"
                    | "תדחי"
                    | "לדחות"
                    | "דחה"
                    | "תקדימ"
                    | "תקדימי"
                    | "להקדימ"
                    | "תזיז"
                    | "תזיזי"
                    | "להזיז"
                    | "תעביר"
                    | "תעבירי"
            )
        })
    };
    if cx.is_he(i) {
        let by = match cx.lex(i) {
            Some(Lex::Half) if cx.pre(i) == "ב" => Some((30, i + 1)),
            _ => cx.number(i).filter(|(_, p, _)| *p == "ב").map(|(n, _, j)| (i64::from(n) * 60, j)),
        };
        // ("בעשרים דקות לשמונה", "בעשר דקות אחרי שבע": minutes to or after an hour, a clock)
        let to_an_hour = |j: usize| {
            cx.kind(j + 1) == Some(Kind::He)
                && (cx.text(j + 1).starts_with('ל') || matches!(cx.text(j + 1), "אחרי" | "לפני" | "אחר"))
                || cx.kind(j + 1) == Some(Kind::Prefix)
        };
        if let Some((a, j)) = by.filter(|(_, j)| !to_an_hour(*j))
            && let Some(Lex::Unit(u @ (Unit::Minute | Unit::Hour), _)) = cx.lex(j)
            && moving()
        {
            return Some((Comp::Offset(to_offset(a, u, 1)), j + 1));
        }
    }
    let (a, u, j) = amount_unit(cx, i, cx.is_he(i))?;
    if let Some(x) = from_clock(cx, a, u, j) {
        return Some(x);
    }
    match (cx.lex(j), cx.text(j)) {
        (Some(Lex::Ago), _) => Some((Comp::Offset(to_offset(a, u, -1)), j + 1)),
        (Some(Lex::Hence), _) => Some((Comp::Offset(to_offset(a, u, 1)), j + 1)),
        // "3 years from today" is a day; "in 3 years" and "3 years from now" name the month
        (_, "from") if cx.lex(j + 1) == Some(Lex::DayRel(0)) => match to_offset(a, u, 1) {
            Offset::Years(n) => Some((Comp::Offset(Offset::Months(n.checked_mul(12)?)), j + 2)),
            o => Some((Comp::Offset(o), j + 2)),
        },
        (_, "from") if cx.lex(j + 1) == Some(Lex::Now) => Some((Comp::Offset(to_offset(a, u, 1)), j + 2)),
        (_, "from") if cx.is(j + 1, "right") && cx.is(j + 2, "now") => Some((Comp::Offset(to_offset(a, u, 1)), j + 3)),
        (Some(Lex::Before), _) => Some((Comp::Anchor(anchor_secs(a, u, -1)?), j + 1)),
        (Some(Lex::After), _) if cx.kind(j + 1).is_none() || !matches!(cx.lex(j + 1), Some(Lex::Num(_))) => {
            Some((Comp::Anchor(anchor_secs(a, u, 1)?), j + 1))
        }
        _ => None,
    }
}

/// "15 minutes from 1pm", "2 hours before 17:00": a clock moved by minutes or hours. The
/// clock must say am/pm or be on the 24-hour clock, so the result is one time of day.
fn from_clock(cx: &Cx<'_>, a: i64, u: Unit, j: usize) -> Option<(Comp, usize)> {
    let sign = match cx.text(j) {
        "from" | "after" => 1,
        "before" => -1,
        _ => return None,
    };
    if !matches!(u, Unit::Minute | Unit::Hour) {
        return None;
    }
    let (Comp::Clock(c), e) = super::clock::clock_at(cx, j + 1)? else { return None };
    let h = match c.pm {
        _ if c.h24 => c.h,
        Some(pm) => c.h % 12 + if pm { 12 } else { 0 },
        None => return None,
    };
    let minutes = (i64::from(h * 60 + c.m) + anchor_secs(a, u, sign)? / 60).rem_euclid(24 * 60);
    let (h, m) = (u32::try_from(minutes / 60).ok()?, u32::try_from(minutes % 60).ok()?);
    Some((Comp::Clock(Clock { h, m, pm: None, h24: true, minutes_given: true, marked: true, ..c }), e))
}

/// "פעם בשבוע", "פעם בחודש", "once a month": the unit's recurrence (the text is normalized: "פעמ").
fn once_a(cx: &Cx<'_>, i: usize) -> Option<(Comp, usize)> {
    let unit_at = match cx.text(i) {
        "פעמ" if cx.pre(i).is_empty() && cx.pre(i + 1) == "ב" => i + 1,
        "once" if cx.is(i + 1, "a") || cx.is(i + 1, "per") => i + 2,
        _ => return None,
    };
    let rec = match cx.lex(unit_at)? {
        Lex::Unit(Unit::Day, 1) => Recurrence::Daily,
        Lex::Unit(Unit::Week, 1) => Recurrence::Weekly,
        Lex::Unit(Unit::Month, 1) => Recurrence::Monthly,
        Lex::Unit(Unit::Year, 1) => Recurrence::Yearly,
        _ => return None,
    };
    Some((Comp::Every { rec, wd: None, part: None }, unit_at + 1))
}

/// "כל יום", "כל יום ראשון", "every weekday", "every month", "daily", "כל בוקר".
pub fn every_at(cx: &Cx<'_>, i: usize) -> Option<(Comp, usize)> {
    let adverb = match cx.text(i) {
        "daily" => Some(Recurrence::Daily),
        "weekly" => Some(Recurrence::Weekly),
        "monthly" => Some(Recurrence::Monthly),
        "yearly" | "annually" => Some(Recurrence::Yearly),
        _ => None,
    };
    if let Some(rec) = adverb {
        return Some((Comp::Every { rec, wd: None, part: None }, i + 1));
    }
    // "בימי חול", "בימות החול", "on weekdays": the working days, every one of them
    if matches!(cx.text(i), "בימי" | "בימות" | "ימי") && matches!(cx.text(i + 1), "חול" | "החול") {
        return Some((Comp::Every { rec: Recurrence::Weekdays, wd: None, part: None }, i + 2));
    }
    if cx.is(i, "on") && cx.is(i + 1, "weekdays") {
        return Some((Comp::Every { rec: Recurrence::Weekdays, wd: None, part: None }, i + 2));
    }
    if let Some(once) = once_a(cx, i) {
        return Some(once);
    }
    if cx.lex(i)? != Lex::Every {
        return None;
    }
    let mut j = i + 1;
    let weekly = |wd: u8, k: usize| Some((Comp::Every { rec: Recurrence::Weekly, wd: Some(wd), part: None }, k));
    // "כל השבוע", "כל היום": all of the week or day, not every one
    let definite = cx.kind(j) == Some(Kind::He) && !cx.pre(j).is_empty();
    // "every 1st of the month", "כל 10 לחודש": monthly, on the day that follows
    if let Some((super::grammar::Day::Date { m: None, y: None, .. }, _)) = super::dates::month_date(cx, j) {
        return Some((Comp::Every { rec: Recurrence::Monthly, wd: None, part: None }, j));
    }
    match cx.lex(j)? {
        Lex::Unit(..) if definite => None,
        Lex::Unit(Unit::Day, 1) => {
            j += 1;
            match cx.lex(j) {
                Some(Lex::Weekday(wd)) if cx.pre(j).is_empty() => weekly(wd, j + 1),
                Some(Lex::Weekdays) => Some((Comp::Every { rec: Recurrence::Weekdays, wd: None, part: None }, j + 1)),
                // "כל יום עבודה", "every work day"
                _ if matches!(cx.text(j), "עבודה" | "work" | "working" | "business") => {
                    Some((Comp::Every { rec: Recurrence::Weekdays, wd: None, part: None }, j + 1))
                }
                _ => Some((Comp::Every { rec: Recurrence::Daily, wd: None, part: None }, j)),
            }
        }
        Lex::Weekday(wd) if cx.pre(j).is_empty() => weekly(wd, j + 1),
        Lex::Weekdays => Some((Comp::Every { rec: Recurrence::Weekdays, wd: None, part: None }, j + 1)),
        Lex::Unit(Unit::Week, 1) => Some((Comp::Every { rec: Recurrence::Weekly, wd: None, part: None }, j + 1)),
        Lex::Unit(Unit::Month, 1) => Some((Comp::Every { rec: Recurrence::Monthly, wd: None, part: None }, j + 1)),
        Lex::Unit(Unit::Year, 1) => Some((Comp::Every { rec: Recurrence::Yearly, wd: None, part: None }, j + 1)),
        Lex::Part(p) if cx.pre(j).is_empty() || cx.kind(j) == Some(Kind::Latin) => {
            Some((Comp::Every { rec: Recurrence::Daily, wd: None, part: Some(p) }, j + 1))
        }
        _ => None,
    }
}
