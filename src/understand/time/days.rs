//! Matchers for days, dates, weeks, months and parts of the day, in both languages.
//!
//! Hebrew puts modifiers after the noun ("שישי הבא", "שבוע שעבר"), English before ("next
//! friday", "last week"); Hebrew weekday names double as ordinals, and only the article tells
//! them apart: "שלישי" is Tuesday, "השלישי באוקטובר" is 3 October.

use super::grammar::{Comp, Cx, Day};
use super::lexicon::{Lex, Part, Unit};
use crate::understand::normalize::Kind;

/// "ערב שבת", "erev shabbat" (Friday, the day Shabbat begins at its evening), "מוצאי שבת",
/// "מוצ\"ש", "motzei shabbat" (Saturday evening, when it ends) and "במוצאי יום כיפור" (the
/// evening of a holiday's last day): (the day, true for the evening after it, end token).
/// "שבת בערב" and "Saturday evening" stay Saturday evening, read by the part of day.
pub fn shabbat_edge_at(cx: &Cx<'_>, i: usize) -> Option<(Day, bool, usize)> {
    let lead = |k: usize, words: &[&str]| super::jewish::word_in(cx, k, words).is_some();
    if lead(i, &["מוצ\"ש", "מוצש"]) {
        return Some((Day::Weekday { wd: 6, rel: None }, true, i + 1));
    }
    let motzei = lead(i, &["מוצאי", "motzei", "motzai", "motsei"]);
    if motzei
        && let Some((Day::Holiday { h, y, rel, at: super::jewish::At::On }, e)) = super::holidays::holiday_at(cx, i + 1)
    {
        return Some((Day::Holiday { h, y, rel, at: super::jewish::At::Last }, true, e));
    }
    if !matches!(cx.text(i + 1), "שבת" | "shabbat" | "shabbos" | "shabbes" | "sabbath") {
        return None;
    }
    if lead(i, &["ערב", "erev"]) {
        Some((Day::Weekday { wd: 5, rel: None }, false, i + 2))
    } else if motzei {
        Some((Day::Weekday { wd: 6, rel: None }, true, i + 2))
    } else {
        None
    }
}

/// Days, weekdays, named-month dates, weeks, months, weekends.
pub fn day_at(cx: &Cx<'_>, i: usize) -> Option<(Day, usize)> {
    if let Some(h) = super::holidays::holiday_at(cx, i).or_else(|| super::around::closest_at(cx, i)) {
        return Some(h);
    }
    if let Some((day, _, e)) = shabbat_edge_at(cx, i) {
        return Some((day, e));
    }
    if let Some(x) = super::within::nth_of_at(cx, i).or_else(|| super::within::rest_of_week_at(cx, i)) {
        return Some(x);
    }
    let Some(lx) = cx.lex(i) else {
        if let Some(d) = super::ranges::acronym(cx.text(i)) {
            return Some((d, i + 1));
        }
        return super::ranges::count_first_at(cx, i)
            .or_else(|| super::dates::month_date(cx, i))
            .or_else(|| super::dates::ides_at(cx, i));
    };
    match lx {
        // ("את היום הולדת שלה": "the birthday", said without the construct, is no "today")
        Lex::DayRel(0) if cx.text(i) == "היומ" && cx.is(i + 1, "הולדת") => None,
        Lex::DayRel(n) => Some((Day::Rel(i64::from(n)), i + 1)),
        Lex::Unit(Unit::Day, 1) => {
            if cx.is(i, "day") && (cx.is(i + 1, "after") || cx.is(i + 1, "before")) {
                let n = if cx.is(i + 1, "after") { 2 } else { -2 };
                let want = if n > 0 { 1 } else { -1 };
                return (cx.lex(i + 2) == Some(Lex::DayRel(want))).then_some((Day::Rel(n), i + 3));
            }
            // "יום שני", "ביום רביעי": the word "day" before a weekday name
            match cx.lex(i + 1) {
                Some(Lex::Weekday(_)) if cx.pre(i + 1).is_empty() => weekday(cx, i + 1),
                _ => None,
            }
        }
        Lex::Rel(r) => english_rel(cx, i, r),
        Lex::Weekday(_) => {
            // "השלישי באוקטובר"; "בראשון לחודש": the day of the month
            let of_the_month = matches!(cx.lex(i + 1), Some(Lex::Unit(Unit::Month, 1))) && cx.pre(i + 1) == "ל";
            if cx.is_he(i) && (cx.pre(i).contains('ה') || of_the_month) {
                return super::dates::month_date(cx, i);
            }
            if cx.kind(i) == Some(Kind::Latin) && cx.is(i + 1, ".") {
                return weekday(cx, i);
            }
            weekday(cx, i)
        }
        Lex::Month(_) => super::dates::month_first(cx, i),
        Lex::Edge(end) => super::ranges::edge_at(cx, i, end),
        Lex::Middle if cx.kind(i) == Some(Kind::Latin) => {
            let m = super::dates::is_month(cx, i + 1)?;
            Some((Day::EdgeMonth { end: None, m }, i + 2))
        }
        Lex::Middle => {
            let m = super::dates::is_month(cx, i + 1)?;
            Some((Day::Date { d: 15, m: Some(m), y: None, wd: None }, i + 2))
        }
        Lex::Unit(u @ (Unit::Week | Unit::Month | Unit::Year), 1) if cx.is_he(i) => {
            if let Some(Lex::Rel(r)) = cx.lex(i + 1) {
                return Some((Day::Period { unit: u, rel: i32::from(r) }, i + 2));
            }
            cx.pre(i).ends_with('ה').then_some((Day::Period { unit: u, rel: 0 }, i + 1))
        }
        Lex::Weekend => weekend(cx, i, None),
        // "summer 2014"; a bare "spring"/"fall" is too often a verb or a noun to be a time
        Lex::Season(s) if s != super::seasons::ANY => {
            let (y, j) = super::dates::year_at(cx, i + 1)?;
            Some((Day::Season { s, rel: 0, y: Some(y) }, j))
        }
        Lex::In => {
            let y = cx.num(i + 1)? as i32;
            if let Some((bc, j)) = super::dates::era_at(cx, i + 2) {
                return Some((Day::Year(if bc { -y } else { y }), j));
            }
            (cx.text(i + 1).len() == 4).then_some((Day::Year(y), i + 2))
        }
        Lex::Num(_) | Lex::Few(_) => super::ranges::count_first_at(cx, i).or_else(|| super::dates::month_date(cx, i)),
        _ => super::dates::month_date(cx, i),
    }
}

fn weekend(cx: &Cx<'_>, i: usize, rel: Option<i8>) -> Option<(Day, usize)> {
    let mut j = i + 1;
    if cx.is_he(i) && !cx.text(i).contains('"') && !cx.text(i).ends_with("סופש") {
        // "סוף שבוע", "סוף השבוע": two words
        if !matches!(cx.lex(i + 1), Some(Lex::Unit(Unit::Week, 1))) {
            return super::ranges::edge_at(cx, i, true);
        }
        j += 1;
    }
    if let Some(Lex::Rel(r)) = cx.lex(j) {
        return Some((Day::Weekend(r), j + 1));
    }
    Some((Day::Weekend(rel.unwrap_or(0)), j))
}

fn english_rel(cx: &Cx<'_>, i: usize, r: i8) -> Option<(Day, usize)> {
    if cx.kind(i) != Some(Kind::Latin) {
        return None;
    }
    if let Some(x) = super::ranges::span_at(cx, i, r) {
        return Some(x);
    }
    // "last night": yesterday, with the part of day added by the chain
    if r == -1 && matches!(cx.lex(i + 1), Some(Lex::Part(Part::Night | Part::Evening))) {
        return Some((Day::Rel(-1), i + 1));
    }
    if cx.is(i + 1, "week") && cx.is(i + 2, "-") && cx.is(i + 3, "end") {
        return Some((Day::Weekend(r), i + 4));
    }
    if cx.is(i + 1, "quarter") {
        return Some((Day::Period { unit: Unit::Quarter, rel: i32::from(r) }, i + 2));
    }
    // "last week's sunday", "next week's friday"
    if cx.is(i + 1, "week's")
        && let Some(Lex::Weekday(wd)) = cx.lex(i + 2)
    {
        return Some((Day::WeekdayOfWeek { wd, week_rel: r }, i + 3));
    }
    match cx.lex(i + 1)? {
        Lex::Weekday(wd) => {
            if r == -1
                && let Some(res) = nth_weekday_of(cx, i + 2, -1, wd)
            {
                return Some(res);
            }
            // "this coming wednesday", "the upcoming friday": the next one, as the bare name is
            if matches!(cx.text(i), "coming" | "upcoming") {
                return Some((Day::Weekday { wd, rel: None }, i + 2));
            }
            Some((Day::Weekday { wd, rel: Some(r) }, i + 2))
        }
        Lex::Unit(u @ (Unit::Week | Unit::Month | Unit::Year | Unit::Quarter), 1) => {
            Some((Day::Period { unit: u, rel: i32::from(r) }, i + 2))
        }
        Lex::Weekend => weekend(cx, i + 1, Some(r)),
        Lex::Season(s) => Some((Day::Season { s, rel: r, y: None }, i + 2)),
        Lex::Month(m) if r == 1 => Some((Day::MonthOf { m: u32::from(m), y: None, rel: Some(1) }, i + 2)),
        _ => None,
    }
}

/// "last monday of march", "first tuesday of october 2014": `i` points at "of"/"in"/"של".
pub fn nth_weekday_of(cx: &Cx<'_>, i: usize, n: i8, wd: u8) -> Option<(Day, usize)> {
    let k = if cx.is(i, "of") || cx.is(i, "in") || cx.is(i, "של") { i + 1 } else { i };
    let (r, u) = if cx.is(k, "the") { (Some(Lex::Rel(0)), k + 1) } else { (cx.lex(k), k + 1) };
    if let (Some(Lex::Rel(rel)), Some(Lex::Unit(Unit::Month, 1))) = (r, cx.lex(u)) {
        return Some((Day::NthWeekdayRel { n, wd, rel }, u + 1));
    }
    let m = super::dates::is_month(cx, k).filter(|_| k > i || cx.pre(k) == "ב")?;
    let (y, j) = super::dates::year_at(cx, k + 1).map_or((None, k + 1), |(y, j)| (Some(y), j));
    Some((Day::NthWeekday { n, wd, m, y }, j))
}

fn weekday(cx: &Cx<'_>, i: usize) -> Option<(Day, usize)> {
    let Some(Lex::Weekday(wd)) = cx.lex(i) else {
        return None;
    };
    // "שני מורים חולים", "שני הילדים": "two", not Monday, before a plural or a definite noun
    // (unless "יום" says it is a day: "יום שני")
    if cx.text(i) == "שני"
        && !(i > 0 && cx.text(i - 1).ends_with("יומ"))
        && cx.is_he(i + 1)
        && cx.lex(i + 1).is_none()
        && {
            let next = cx.text(i + 1);
            next.chars().count() >= 3 && (next.ends_with("ימ") || next.ends_with("ות") || next.starts_with('ה'))
        }
    {
        return None;
    }
    let mut j = i + 1;
    if cx.is(j, ".") && cx.kind(i) == Some(Kind::Latin) {
        j += 1;
    }
    match cx.lex(j) {
        Some(Lex::Rel(r)) if cx.is_he(j) => {
            if let Some(res) = nth_weekday_of(cx, j + 1, if r == -1 { -1 } else { 1 }, wd) {
                return Some(res);
            }
            return Some((Day::Weekday { wd, rel: Some(r) }, j + 1));
        }
        Some(Lex::Weekday(0)) if cx.is_he(j) && cx.pre(j) == "ה" => {
            // "שלישי הראשון של אוקטובר": the first Tuesday of October
            if let Some(res) = nth_weekday_of(cx, j + 1, 1, wd) {
                return Some(res);
            }
        }
        Some(Lex::Unit(Unit::Week, 1)) if cx.is_he(j) => {
            if let Some(Lex::Rel(r)) = cx.lex(j + 1) {
                return Some((Day::WeekdayOfWeek { wd, week_rel: r }, j + 2));
            }
            if cx.pre(j).ends_with('ה') {
                return Some((Day::WeekdayOfWeek { wd, week_rel: 0 }, j + 1));
            }
        }
        Some(Lex::After) if cx.lex(j + 1) == Some(Lex::Rel(1)) => {
            return Some((Day::Weekday { wd, rel: Some(2) }, j + 2));
        }
        _ => {}
    }
    // English "wednesday of next week", "sunday from last week", "monday of this week"
    let k = if cx.is(j, "of") || cx.is(j, "from") { j + 1 } else { j };
    if let (Some(Lex::Rel(r)), Some(Lex::Unit(Unit::Week, 1))) = (cx.lex(k), cx.lex(k + 1))
        && cx.kind(k) == Some(Kind::Latin)
    {
        return Some((Day::WeekdayOfWeek { wd, week_rel: r }, k + 2));
    }
    Some((Day::Weekday { wd, rel: None }, j))
}

/// "early (in the) morning", "in the early hours of the morning", "late tonight", "late in the
/// evening", "late last night" (only "late": the chain adds "last night"), "after lunch/school".
fn english_part_phrase(cx: &Cx<'_>, i: usize) -> Option<(Comp, usize)> {
    let part = |part: Part, today: bool, j: usize| Some((Comp::Part { part, today, he: false }, j));
    if cx.lex(i) == Some(Lex::After) {
        return match cx.text(i + 1) {
            "lunch" => part(Part::AfterLunch, true, i + 2),
            "school" => part(Part::AfterSchool, true, i + 2),
            _ => None,
        };
    }
    let in_the = cx.is(i, "in") && cx.is(i + 1, "the");
    let e = if in_the { i + 2 } else { i };
    let Some(Lex::Edge(late)) = cx.lex(e) else {
        return None;
    };
    let mut j = e + 1;
    while matches!(cx.text(j), "in" | "the" | "hours" | "of") {
        j += 1;
    }
    match cx.lex(j)? {
        Lex::Part(Part::Morning) if !late => part(Part::EarlyMorning, in_the, j + 1),
        Lex::Part(Part::Evening | Part::Night) if late => part(Part::LateNight, in_the || j > e + 1, j + 1),
        Lex::Tonight if late => part(Part::LateNight, true, j + 1),
        Lex::Rel(-1) if late && j == e + 1 && cx.lex(j + 1) == Some(Lex::Part(Part::Night)) => {
            part(Part::LateNight, false, j)
        }
        _ => None,
    }
}

/// Parts of the day: "בבוקר", "הערב" (this evening), "אחר הצהריים", "tonight", "this morning",
/// "in the afternoon".
pub fn part_at(cx: &Cx<'_>, i: usize) -> Option<(Comp, usize)> {
    let he = cx.is_he(i);
    if !he && let Some(x) = english_part_phrase(cx, i) {
        return Some(x);
    }
    // "בארבע לפנות בוקר": toward morning, the small hours
    if he && cx.text(i) == "לפנות" && cx.lex(i + 1) == Some(Lex::Part(Part::Morning)) {
        return Some((Comp::Part { part: Part::EarlyMorning, today: false, he }, i + 2));
    }
    // "אחר הצהריים", and the common "אחרי הצהריים"
    let after_word = cx.text(i).ends_with("אחר") || cx.text(i).ends_with("אחרי");
    if he && after_word && cx.lex(i + 1) == Some(Lex::Part(Part::Noon)) {
        return Some((Comp::Part { part: Part::Afternoon, today: false, he }, i + 2));
    }
    match cx.lex(i)? {
        Lex::Part(part) if he => {
            let p = cx.pre(i);
            let today = p == "ה";
            // a bare "בוקר" is a greeting ("בוקר טוב") unless a day comes right before it
            // (an abbreviation, "אחה\"צ", is never a greeting)
            if p.is_empty() && !cx.after_a_day(i) && !cx.text(i).contains('"') {
                return None;
            }
            Some((Comp::Part { part, today, he }, i + 1))
        }
        Lex::Part(Part::Noon) if matches!(cx.text(i), "midday" | "noon") || cx.is(i + 1, "day") => {
            // "midday", "mid day": the instant 12:00, not the lunch interval
            Some((Comp::Clock(midday()), i + 1))
        }
        Lex::Middle if cx.is(i + 1, "day") => Some((Comp::Clock(midday()), i + 2)),
        Lex::Part(part) => {
            let marked = i > 0 && (cx.is(i - 1, "the") || cx.is(i - 1, "at"));
            Some((Comp::Part { part, today: marked, he }, i + 1))
        }
        Lex::Tonight => Some((Comp::Part { part: Part::Evening, today: true, he }, i + 1)),
        Lex::Rel(0) => match cx.lex(i + 1) {
            Some(Lex::Part(part)) => Some((Comp::Part { part, today: true, he }, i + 2)),
            _ => None,
        },
        Lex::In if cx.is(i + 1, "the") => match cx.lex(i + 2) {
            Some(Lex::Part(part)) => Some((Comp::Part { part, today: true, he }, i + 3)),
            _ => None,
        },
        _ => None,
    }
}

/// 12:00 sharp, as "midday" / "mid day" mean it.
fn midday() -> super::grammar::Clock {
    super::grammar::Clock { h: 12, m: 0, s: None, pm: None, h24: true, marked: true, minutes_given: false, zone: None }
}
