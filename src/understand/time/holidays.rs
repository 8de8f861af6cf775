//! English names of common Western/US holidays with fixed or computable dates (Christmas,
//! Thanksgiving, MLK day, Easter and the days tied to it). Lunar-calendar holidays (Jewish,
//! Islamic, Hindu, Chinese) need calendar tables and are not recognised.

use chrono::{Datelike, Duration, NaiveDate, Weekday};

use super::calendar::nth_weekday;
use super::grammar::{Cx, Day};
use super::lexicon::{Lex, Unit};

static NAMES: &[(&[&str], u8)] = &[
    (&["christmas", "eve"], 1),
    (&["christmas", "day"], 0),
    (&["christmas"], 0),
    (&["xmas"], 0),
    (&["new", "year's", "eve"], 2),
    (&["new", "years", "eve"], 2),
    (&["new", "year's", "day"], 3),
    (&["new", "years", "day"], 3),
    (&["valentine's", "day"], 4),
    (&["valentine", "day"], 4),
    (&["valentines", "day"], 4),
    (&["halloween"], 5),
    (&["st", "patrick's", "day"], 6),
    (&["st", "paddy's", "day"], 6),
    (&["saint", "paddy's", "day"], 6),
    (&["saint", "patricks", "day"], 6),
    (&["saint", "patrick's", "day"], 6),
    (&["thanksgiving", "day"], 7),
    (&["thanksgiving"], 7),
    (&["black", "friday"], 8),
    (&["mlk", "jr", ".", "day"], 9),
    (&["mlk", "day"], 9),
    (&["martin", "luther", "king's", "day"], 9),
    (&["martin", "luther", "kings", "day"], 9),
    (&["martin", "luther", "king", "day"], 9),
    (&["civil", "rights", "day"], 9),
    (&["boss's", "day"], 10),
    (&["boss", "day"], 10),
    (&["boss's"], 10),
    (&["easter", "monday"], 12),
    (&["easter", "mon"], 12),
    (&["easter", "sunday"], 11),
    (&["easter"], 11),
    (&["palm", "sunday"], 13),
    (&["branch", "sunday"], 13),
    (&["maundy", "thursday"], 14),
    (&["covenant", "thu"], 14),
    (&["thu", "of", "mysteries"], 14),
    (&["good", "friday"], 15),
    (&["pentecost"], 16),
    (&["white", "sunday"], 16),
    (&["whit", "sunday"], 16),
    (&["whit", "monday"], 17),
    (&["monday", "of", "the", "holy", "spirit"], 17),
    (&["trinity", "sunday"], 18),
    (&["mardi", "gras"], 19),
    (&["pancake", "day"], 19),
    (&["shrove", "tuesday"], 19),
    (&["world", "vegan", "day"], 20),
    (&["independence", "day"], 21),
    (&["ash", "wednesday"], 22),
];

fn name_at(cx: &Cx<'_>, i: usize) -> Option<(u8, usize)> {
    NAMES
        .iter()
        .find_map(|(words, h)| words.iter().enumerate().all(|(k, w)| cx.is(i + k, w)).then_some((*h, i + words.len())))
}

/// A holiday name with an optional "next/last/this" before and a year after.
pub fn holiday_at(cx: &Cx<'_>, i: usize) -> Option<(Day, usize)> {
    if cx.kind(i) != Some(crate::understand::normalize::Kind::Latin) {
        return None;
    }
    let (rel, start) = match cx.lex(i) {
        Some(Lex::Rel(r)) => (Some(r), i + 1),
        _ => (None, i),
    };
    let (h, mut j) = name_at(cx, start)?;
    let mut y = None;
    if let Some(n) = cx.num(j).filter(|_| cx.text(j).len() == 4) {
        y = Some(n as i32);
        j += 1;
    } else if cx.is(j, "of")
        && let (Some(Lex::Rel(r)), Some(Lex::Unit(Unit::Year, 1))) = (cx.lex(j + 1), cx.lex(j + 2))
    {
        return Some((Day::Holiday { h, y: None, rel: Some(10 + r) }, j + 3));
    }
    Some((Day::Holiday { h, y, rel }, j))
}

/// Easter Sunday (anonymous Gregorian algorithm).
fn easter(y: i32) -> Option<NaiveDate> {
    let a = y % 19;
    let b = y / 100;
    let c = y % 100;
    let d = b / 4;
    let e = b % 4;
    let f = (b + 8) / 25;
    let g = (b - f + 1) / 3;
    let h = (19 * a + b - d - g + 15) % 30;
    let i = c / 4;
    let k = c % 4;
    let l = (32 + 2 * e + 2 * i - h - k) % 7;
    let m = (a + 11 * h + 22 * l) / 451;
    let month = (h + l - 7 * m + 114) / 31;
    let day = (h + l - 7 * m + 114) % 31 + 1;
    NaiveDate::from_ymd_opt(y, month as u32, day as u32)
}

fn in_year(h: u8, y: i32) -> Option<NaiveDate> {
    let ymd = |m: u32, d: u32| NaiveDate::from_ymd_opt(y, m, d);
    let from_easter = |days: i64| easter(y).map(|e| e + Duration::days(days));
    match h {
        0 => ymd(12, 25),
        1 => ymd(12, 24),
        2 => ymd(12, 31),
        3 => ymd(1, 1),
        4 => ymd(2, 14),
        5 => ymd(10, 31),
        6 => ymd(3, 17),
        7 => nth_weekday(ymd(1, 1)?, 4, 4, 11, Some(y)),
        8 => nth_weekday(ymd(1, 1)?, 4, 4, 11, Some(y)).map(|d| d + Duration::days(1)),
        9 => nth_weekday(ymd(1, 1)?, 3, 1, 1, Some(y)),
        10 => {
            let d = ymd(10, 16)?;
            Some(match d.weekday() {
                Weekday::Sat => d - Duration::days(1),
                Weekday::Sun => d + Duration::days(1),
                _ => d,
            })
        }
        11 => from_easter(0),
        12 => from_easter(1),
        13 => from_easter(-7),
        14 => from_easter(-3),
        15 => from_easter(-2),
        16 => from_easter(49),
        17 => from_easter(50),
        18 => from_easter(56),
        19 => from_easter(-47),
        20 => ymd(11, 1),
        21 => ymd(7, 4),
        22 => from_easter(-46),
        _ => None,
    }
}

/// The date of holiday `h`: in year `y`, or the next one (the last one for `rel` -1);
/// `rel` 9/10/11 mean "of last/this/next year".
pub fn date(h: u8, y: Option<i32>, rel: Option<i8>, today: NaiveDate) -> Option<NaiveDate> {
    let year = today.year();
    if let Some(y) = y {
        return in_year(h, y);
    }
    match rel {
        Some(r @ 9..=11) => in_year(h, year + i32::from(r - 10)),
        Some(-1) => in_year(h, year).filter(|d| *d < today).or_else(|| in_year(h, year - 1)),
        _ => in_year(h, year).filter(|d| *d >= today).or_else(|| in_year(h, year + 1)),
    }
}
