//! Islamic holidays by their English names, dated on the Umm al-Qura calendar (ICU4X's
//! `icu_calendar`, which carries Saudi Arabia's published tables).
//!
//! Owns: the table of holidays (a Hijri month and day), Ramadan as a month-long window, and the
//! last Friday of Ramadan. The Hijri year is about 354 days, so a holiday can fall twice in one
//! civil year; "Eid al-Fitr 2033" is then the first of them. Observance by local moon sighting
//! can differ by a day from the calendar; the calendar's date is the one given. Before 1999 the
//! main holidays come from Duckling's tables (see `UMM_AL_QURA_SINCE`).

use chrono::{Datelike, Duration, NaiveDate, Weekday};
use icu_calendar::cal::Hijri;
use icu_calendar::types::Month;
use icu_calendar::{Date, Iso};

use super::grammar::Cx;

/// The first id of this table in `Day::Holiday`.
pub const FIRST: u8 = 150;
const RAMADAN: u8 = 150;
const EID_AL_FITR: u8 = 151;
const EID_AL_ADHA: u8 = 152;
const LAYLAT_AL_QADR: u8 = 153;
const NEW_YEAR: u8 = 154;
const ASHURA: u8 = 155;
const MAWLID: u8 = 156;
const ISRA_MIRAJ: u8 = 157;
const LAST_FRIDAY: u8 = 158;

/// (holiday, Hijri month, day)
static RULES: &[(u8, u8, u8)] = &[
    (RAMADAN, 9, 1),
    (EID_AL_FITR, 10, 1),
    (EID_AL_ADHA, 12, 10),
    (LAYLAT_AL_QADR, 9, 27),
    (NEW_YEAR, 1, 1),
    (ASHURA, 1, 10),
    (MAWLID, 3, 12),
    (ISRA_MIRAJ, 7, 27),
    (LAST_FRIDAY, 10, 1),
];

static NAMES: &[(&[&str], u8)] = &[
    (&["ramadan"], RAMADAN),
    (&["eid", "al", "-", "fitr"], EID_AL_FITR),
    (&["eid", "al", "fitr"], EID_AL_FITR),
    (&["eid", "ul", "-", "fitr"], EID_AL_FITR),
    (&["eid", "al", "-", "adha"], EID_AL_ADHA),
    (&["eid", "al", "adha"], EID_AL_ADHA),
    (&["id", "ul", "-", "adha"], EID_AL_ADHA),
    (&["eid", "ul", "-", "adha"], EID_AL_ADHA),
    (&["sacrifice", "feast"], EID_AL_ADHA),
    (&["bakr", "id"], EID_AL_ADHA),
    (&["bakrid"], EID_AL_ADHA),
    (&["laylat", "al", "kadr"], LAYLAT_AL_QADR),
    (&["laylat", "al", "-", "kadr"], LAYLAT_AL_QADR),
    (&["laylat", "al", "qadr"], LAYLAT_AL_QADR),
    (&["laylat", "al", "-", "qadr"], LAYLAT_AL_QADR),
    (&["night", "of", "measures"], LAYLAT_AL_QADR),
    (&["night", "of", "power"], LAYLAT_AL_QADR),
    (&["islamic", "new", "year"], NEW_YEAR),
    (&["hijri", "new", "year"], NEW_YEAR),
    (&["amun", "jadid"], NEW_YEAR),
    (&["day", "of", "ashura"], ASHURA),
    (&["ashura"], ASHURA),
    (&["mawlid", "al", "-", "nabawi"], MAWLID),
    (&["mawlid", "an", "-", "nabi"], MAWLID),
    (&["mawlid"], MAWLID),
    (&["isra", "and", "mi'raj"], ISRA_MIRAJ),
    (&["the", "prophet's", "ascension"], ISRA_MIRAJ),
    (&["the", "night", "journey"], ISRA_MIRAJ),
    (&["ascension", "to", "heaven"], ISRA_MIRAJ),
    (&["jamat", "ul", "-", "vida"], LAST_FRIDAY),
    (&["jumu'atul", "-", "wida"], LAST_FRIDAY),
];

/// An Islamic holiday's name at token `i`: (holiday, end token).
pub fn name_at(cx: &Cx<'_>, i: usize) -> Option<(u8, usize)> {
    let first = cx.text(i);
    if !NAMES.iter().any(|(w, _)| w[0] == first) {
        return None;
    }
    NAMES
        .iter()
        .find_map(|(words, h)| words.iter().enumerate().all(|(k, w)| cx.is(i + k, w)).then_some((*h, i + words.len())))
}

fn hijri(year: i32, month: u8, day: u8) -> Option<NaiveDate> {
    let d = Date::try_new(year.into(), Month::new(month), day, Hijri::new_umm_al_qura()).ok()?.to_calendar(Iso);
    NaiveDate::from_ymd_opt(d.year().extended_year(), u32::from(d.month().ordinal), u32::from(d.day_of_month().0))
}

fn in_hijri_year(h: u8, ah: i32) -> Option<NaiveDate> {
    let (_, month, day) = RULES.iter().find(|r| r.0 == h)?;
    let d = hijri(ah, *month, *day)?;
    if h == LAST_FRIDAY {
        // the Friday before Eid al-Fitr
        let back = (d.weekday().num_days_from_monday() + 7 - Weekday::Fri.num_days_from_monday()) % 7;
        return Some(d - Duration::days(i64::from(if back == 0 { 7 } else { back })));
    }
    Some(d)
}

/// The Umm al-Qura calendar took its modern rule (moonset after sunset at Mecca) in 1420 AH
/// (1999); ICU4X reckons earlier years by it too, which in some years is a day off the dates
/// usually listed for them. For those years the main holidays come from Duckling's tables
/// (lunisolar.tsv) instead.
const UMM_AL_QURA_SINCE: i32 = 1999;

fn table_name(h: u8) -> Option<&'static str> {
    match h {
        RAMADAN => Some("ramadan"),
        EID_AL_FITR => Some("eid_al_fitr"),
        EID_AL_ADHA => Some("eid_al_adha"),
        MAWLID => Some("mawlid"),
        _ => None,
    }
}

/// The first date of holiday `h` in civil year `y`.
pub fn in_year(h: u8, y: i32) -> Option<NaiveDate> {
    if y < UMM_AL_QURA_SINCE
        && let Some(d) = table_name(h).and_then(|t| super::lunisolar::table_date(t, y))
    {
        return Some(d);
    }
    // the Hijri year that starts in civil year y is about (y - 622) × 365.25 / 354.37 + 1
    let approx = ((y - 622) * 1000 / 970) + 1;
    (approx - 2..=approx + 1).filter_map(|ah| in_hijri_year(h, ah)).find(|d| d.year() == y)
}

/// Ramadan lasts until Eid al-Fitr.
pub fn length(h: u8, y: i32) -> Option<i64> {
    if h != RAMADAN {
        return None;
    }
    let start = in_year(RAMADAN, y)?;
    let end = (start.year() - 1..=start.year() + 1)
        .filter_map(|yy| in_year(EID_AL_FITR, yy))
        .find(|e| *e > start && (*e - start).num_days() <= 31)?;
    Some((end - start).num_days())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ymd(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn eid_al_fitr_2018_follows_ramadan_1439() {
        assert_eq!(in_year(EID_AL_FITR, 2018), Some(ymd(2018, 6, 15)));
        assert_eq!(length(RAMADAN, 2018), Some(30));
    }

    #[test]
    fn eid_before_1999_comes_from_the_table_and_after_from_the_calendar() {
        assert_eq!(in_year(EID_AL_FITR, 1988), Some(ymd(1988, 5, 16)));
        assert_eq!(in_year(EID_AL_FITR, 2018), Some(ymd(2018, 6, 15)));
    }

    #[test]
    fn the_last_friday_of_ramadan_is_before_eid() {
        let d = in_year(LAST_FRIDAY, 2018).unwrap();
        assert_eq!(d.weekday(), Weekday::Fri);
        assert!(d < ymd(2018, 6, 15) && d >= ymd(2018, 6, 8));
    }
}
