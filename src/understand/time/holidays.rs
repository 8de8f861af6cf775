//! Holidays by name: common Western/US holidays with fixed or computable dates (Christmas,
//! Thanksgiving, MLK day, Easter and the days tied to it) here, Jewish holidays and Israel's
//! national days in jewish.rs (from the Hebrew calendar), Islamic holidays in islamic.rs (Umm
//! al-Qura), Hindu, Sikh, Buddhist, Chinese and Parsi holidays in lunisolar.rs (from tables).

use chrono::{Datelike, Duration, NaiveDate, Weekday};

use super::calendar::nth_weekday;
use super::grammar::{Clock, Cx, Day};
use super::islamic;
use super::jewish::{self, At};
use super::lexicon::{Lex, Unit};
use super::lunisolar;
use crate::understand::normalize::Kind;

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
    (&["king's", "day"], 23),
    (&["kings", "day"], 23),
    (&["koningsdag"], 23),
    (&["orthodox", "easter", "sunday"], 24),
    (&["orthodox", "easter"], 24),
    (&["orthodox", "good", "friday"], 25),
    (&["orthodox", "great", "friday"], 25),
    (&["clean", "monday"], 26),
    (&["orthodox", "shrove", "monday"], 26),
    (&["lazarus", "saturday"], 27),
    (&["lent"], 28),
    (&["great", "fast"], 29),
    (&["earth", "hour"], EARTH_HOUR),
];

/// Earth Hour is an hour, not a day: 20:30–21:30 local time on its Saturday.
const EARTH_HOUR: u8 = 30;

/// The hours of a holiday that is a time of day rather than a whole day: (start, end).
pub fn hours(h: u8) -> Option<(Clock, Clock)> {
    let at = |h, m| Clock { h, m, s: None, pm: None, h24: true, marked: true, minutes_given: true, zone: None };
    (h == EARTH_HOUR).then(|| (at(20, 30), at(21, 30)))
}

/// The holidays that last several days: (holiday, days from its first day to its exclusive
/// end). Lent runs from Ash Wednesday to Easter, the Orthodox Great Fast from Clean Monday to
/// Lazarus Saturday.
pub fn length(h: u8, y: i32) -> Option<i64> {
    match h {
        lunisolar::FIRST.. => lunisolar::length(h),
        islamic::FIRST.. => islamic::length(h, y),
        jewish::FIRST.. => jewish::length(h),
        28 => Some((easter(y)? - in_year(22, y)?).num_days()),
        29 => Some((in_year(27, y)? - in_year(26, y)?).num_days()),
        _ => None,
    }
}

fn name_at(cx: &Cx<'_>, i: usize) -> Option<(u8, usize)> {
    NAMES
        .iter()
        .find_map(|(words, h)| words.iter().enumerate().all(|(k, w)| cx.is(i + k, w)).then_some((*h, i + words.len())))
}

/// A holiday name with an optional "next/last/this" before (English) or after (Hebrew: "פסח
/// הבא"), "eve of"/"before"/"after" around a Jewish holiday, and a year after.
pub fn holiday_at(cx: &Cx<'_>, i: usize) -> Option<(Day, usize)> {
    let latin = cx.kind(i) == Some(Kind::Latin);
    if !latin && cx.kind(i) != Some(Kind::He) {
        return None;
    }
    let (mut rel, start) = match cx.lex(i) {
        Some(Lex::Rel(r)) if latin => (Some(r), i + 1),
        _ => (None, i),
    };
    let (h, at, mut j) = match jewish::phrase_at(cx, start) {
        Some(x) => x,
        None if latin => {
            let (h, j) =
                islamic::name_at(cx, start).or_else(|| lunisolar::name_at(cx, start)).or_else(|| name_at(cx, start))?;
            (h, At::On, j)
        }
        None => return None,
    };
    if let (Some(Kind::He), Some(Lex::Rel(r))) = (cx.kind(j), cx.lex(j)) {
        rel = Some(r);
        j += 1;
    }
    let mut y = None;
    if let Some((n, k)) = year_after(cx, j) {
        y = Some(n);
        j = k;
    } else if cx.is(j, "of")
        && let (Some(Lex::Rel(r)), Some(Lex::Unit(Unit::Year, 1))) = (cx.lex(j + 1), cx.lex(j + 2))
    {
        return Some((Day::Holiday { h, y: None, rel: Some(10 + r), at }, j + 3));
    }
    Some((Day::Holiday { h, y, rel, at }, j))
}

/// The year after a holiday's name: "2018", "in 2019", "two thousand ten", "twenty eighteen".
fn year_after(cx: &Cx<'_>, j: usize) -> Option<(i32, usize)> {
    let k = if cx.is(j, "in") && cx.kind(j + 1) == Some(Kind::Num) { j + 1 } else { j };
    if let Some(n) = cx.num(k).filter(|_| cx.text(k).len() == 4) {
        return Some((n as i32, k + 1));
    }
    let words = |k: usize| cx.word_num(k).filter(|(_, p, _)| p.is_empty() && cx.kind(k) == Some(Kind::Latin));
    if cx.is(j, "two") && cx.is(j + 1, "thousand") {
        let k = if cx.is(j + 2, "and") { j + 3 } else { j + 2 };
        return match words(k) {
            Some((n, _, e)) if n < 100 => Some((2000 + n as i32, e)),
            _ => Some((2000, j + 2)),
        };
    }
    // "nineteen ninety", "twenty eighteen": the century's two digits, then the year's
    let (c, _, k) = words(j).filter(|(c, ..)| matches!(c, 19 | 20))?;
    let (n, _, e) = words(k).filter(|(n, ..)| (10..100).contains(n))?;
    Some(((c * 100 + n) as i32, e))
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

/// Orthodox Easter Sunday: the Julian computus, moved onto the Gregorian calendar.
fn orthodox_easter(y: i32) -> Option<NaiveDate> {
    let (a, b, c) = (y % 4, y % 7, y % 19);
    let d = (19 * c + 15) % 30;
    let e = (2 * a + 4 * b - d + 34) % 7;
    let month = (d + e + 114) / 31;
    let day = (d + e + 114) % 31 + 1;
    let julian_gap = y / 100 - y / 400 - 2;
    NaiveDate::from_ymd_opt(y, month as u32, day as u32).map(|x| x + Duration::days(i64::from(julian_gap)))
}

fn in_year(h: u8, y: i32) -> Option<NaiveDate> {
    if h >= lunisolar::FIRST {
        return lunisolar::in_year(h, y);
    }
    if h >= islamic::FIRST {
        return islamic::in_year(h, y);
    }
    if h >= jewish::FIRST {
        return jewish::in_year(h, y);
    }
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
        // King's Day moves to Saturday when 27 April is a Sunday
        23 => ymd(4, 27).map(|d| if d.weekday() == Weekday::Sun { d - Duration::days(1) } else { d }),
        24..=27 => {
            let shift = [0, -2, -48, -8][usize::from(h - 24)];
            orthodox_easter(y).map(|e| e + Duration::days(shift))
        }
        28 => from_easter(-46),
        29 => in_year(26, y),
        // the last Saturday of March, a week earlier when that is Holy Saturday
        EARTH_HOUR => {
            let sat = nth_weekday(ymd(1, 1)?, -1, 6, 3, Some(y))?;
            Some(if Some(sat) == from_easter(-1) { sat - Duration::days(7) } else { sat })
        }
        _ => None,
    }
}

/// The date of holiday `h`: in year `y`, or the next one (the last one for `rel` -1);
/// `rel` 9/10/11 mean "of last/this/next year". A holiday of several days that has begun
/// (Hanukkah, said on its third day) is still the next one. `h` is one holiday: a name that
/// stands for two is read by [`meant`] first.
pub fn date(h: u8, y: Option<i32>, rel: Option<i8>, today: NaiveDate) -> Option<NaiveDate> {
    let year = today.year();
    if let Some(y) = y {
        return in_year(h, y);
    }
    let days = |d: &NaiveDate| length(h, d.year()).unwrap_or(1);
    match rel {
        Some(r @ 9..=11) => in_year(h, year + i32::from(r - 10)),
        Some(-1) => in_year(h, year).filter(|d| *d < today).or_else(|| in_year(h, year - 1)),
        _ => in_year(h, year).filter(|d| *d + Duration::days(days(d)) > today).or_else(|| in_year(h, year + 1)),
    }
}

/// The day that "ערב"/"eve of" (the day before) or "אחרי"/"after" (the day after its last day)
/// names around holiday `h`, or the holiday's first day.
/// The holiday a name stands for on `today` (one name may stand for two: "חול המועד").
pub fn meant(h: u8, y: Option<i32>, rel: Option<i8>, today: NaiveDate) -> u8 {
    jewish::meant(h, |one| date(one, y, rel, today))
}

pub fn date_at(h: u8, y: Option<i32>, rel: Option<i8>, at: At, today: NaiveDate) -> Option<NaiveDate> {
    let h = meant(h, y, rel, today);
    if let At::Closest(n) = at {
        let year = today.year();
        let span = i32::from(n) + 1;
        let dates = (year - span..=year + span).filter_map(|yy| in_year(h, yy)).collect();
        return super::around::nth_closest(today, n, dates);
    }
    let d = date(h, y, rel, today)?;
    let day = at_day(h, d, at)?;
    // "two months before Rosh Hashanah" said a week before it: the next one's
    let counted_back = matches!(at, At::Days(..0) | At::Months(..0) | At::NthWeekday(..0, _));
    if counted_back && day < today && y.is_none() && rel.is_none() {
        return at_day(h, in_year(h, d.year() + 1)?, at);
    }
    Some(day)
}

/// The day `at` names around holiday `h` whose first day is `d`.
fn at_day(h: u8, d: NaiveDate, at: At) -> Option<NaiveDate> {
    Some(match at {
        At::Eve => d - Duration::days(1),
        At::After => d + Duration::days(length(h, d.year()).unwrap_or(1)),
        At::Days(n) => d + Duration::days(i64::from(n)),
        At::Months(n) if n < 0 => d.checked_sub_months(chrono::Months::new(u32::from(n.unsigned_abs())))?,
        At::Months(n) => d.checked_add_months(chrono::Months::new(u32::from(n.unsigned_abs())))?,
        // "the Sunday after Pesach" is counted from its last day
        At::NthWeekday(n, wd) if n > 0 => {
            super::around::nth_weekday_from(d + Duration::days(length(h, d.year()).unwrap_or(1) - 1), n, wd)?
        }
        At::NthWeekday(n, wd) => super::around::nth_weekday_from(d, n, wd)?,
        At::Last => d + Duration::days(length(h, d.year()).unwrap_or(1) - 1),
        At::On | At::Before | At::Closest(_) => d,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ymd(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn orthodox_easter_follows_the_julian_computus() {
        assert_eq!(orthodox_easter(2018), Some(ymd(2018, 4, 8)));
        assert_eq!(orthodox_easter(2020), Some(ymd(2020, 4, 19)));
    }

    #[test]
    fn kings_day_on_a_sunday_moves_to_the_saturday_before() {
        assert_eq!(in_year(23, 2014), Some(ymd(2014, 4, 26)));
        assert_eq!(in_year(23, 2018), Some(ymd(2018, 4, 27)));
    }

    #[test]
    fn earth_hour_moves_a_week_earlier_when_its_saturday_is_holy_saturday() {
        // WWF's dates: 30 March 2019; 23 March 2024, Easter being on the 31st
        assert_eq!(in_year(EARTH_HOUR, 2019), Some(ymd(2019, 3, 30)));
        assert_eq!(in_year(EARTH_HOUR, 2024), Some(ymd(2024, 3, 23)));
        assert!(hours(EARTH_HOUR).is_some() && hours(0).is_none());
    }

    #[test]
    fn lent_lasts_from_ash_wednesday_to_easter() {
        assert_eq!(in_year(28, 2018), Some(ymd(2018, 2, 14)));
        assert_eq!(length(28, 2018), Some(46));
    }
}
