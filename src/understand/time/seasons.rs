//! Seasons: "this summer", "last winter", "next season", "autumn 2014".
//!
//! Boundaries are the northern-hemisphere astronomical ones Duckling uses (spring from 20 March,
//! summer 21 June, autumn 23 September, winter 21 December). A named season runs to its last day
//! inclusive (summer ends 23 September), while "this/next/last season" follows Duckling's cycle
//! rule and stops the day before the following season's first day.

use chrono::{DateTime, Datelike, Duration, NaiveDate};
use chrono_tz::Tz;

use super::Grain;
use super::resolve::Resolved;

/// The generic word "season" in [`super::lexicon::Lex::Season`]; 0..=3 are spring..winter.
pub const ANY: u8 = 4;

/// (month, day) each season starts on, spring first.
const STARTS: [(u32, u32); 4] = [(3, 20), (6, 21), (9, 23), (12, 21)];

fn start(y: i32, s: usize) -> Option<NaiveDate> {
    let (m, d) = STARTS[s % 4];
    NaiveDate::from_ymd_opt(y, m, d)
}

/// Season starts around `year`, in order, as (first day, season index).
fn starts_around(year: i32) -> Vec<(NaiveDate, usize)> {
    (year - 2..=year + 2).flat_map(|y| (0..4).filter_map(move |s| start(y, s).map(|d| (d, s)))).collect()
}

/// The season that holds `today` (index into the list), then the one `rel` seasons away,
/// or for a named season the one of that name: this = current or next, next = the first one
/// after the current, last = the one before.
fn pick(list: &[(NaiveDate, usize)], today: NaiveDate, s: u8, rel: i8) -> Option<usize> {
    let cur = list.iter().rposition(|(d, _)| *d <= today)?;
    if s == ANY {
        return cur.checked_add_signed(isize::from(rel)).filter(|k| *k < list.len());
    }
    let want = usize::from(s);
    match rel {
        0 => (cur..list.len()).find(|k| list[*k].1 == want),
        r if r > 0 => (cur + 1..list.len()).find(|k| list[*k].1 == want),
        _ => (0..cur).rev().find(|k| list[*k].1 == want),
    }
}

/// Resolves a season reference; `y` names the year the season starts in ("winter 2014").
pub fn resolve(s: u8, rel: i8, y: Option<i32>, now: DateTime<Tz>) -> Option<Resolved> {
    let tz = now.timezone();
    let today = now.date_naive();
    let list = starts_around(y.unwrap_or(today.year()));
    let k = match y {
        Some(y) => list.iter().position(|(d, idx)| d.year() == y && *idx == usize::from(s))?,
        None => pick(&list, today, s, rel)?,
    };
    let (first, _) = list[k];
    let (next, _) = *list.get(k + 1)?;
    // a named season ends with its closing day; the bare cycle one day before the next start
    let end = if s == ANY { next - Duration::days(1) } else { next + Duration::days(1) };
    let day = |d: NaiveDate| super::resolve::local(tz, d, chrono::NaiveTime::MIN);
    Some(Resolved { value: day(first), end: Some(day(end)), grain: Grain::Day, recurrence: None, problem: None })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn now() -> DateTime<Tz> {
        chrono_tz::Etc::GMTPlus2.with_ymd_and_hms(2013, 2, 12, 4, 30, 0).single().unwrap()
    }

    fn days(r: Resolved) -> (NaiveDate, NaiveDate) {
        (r.value.date_naive(), r.end.unwrap().date_naive())
    }

    fn ymd(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn this_summer_in_february_is_the_coming_summer_through_23_september() {
        assert_eq!(days(resolve(1, 0, None, now()).unwrap()), (ymd(2013, 6, 21), ymd(2013, 9, 24)));
    }

    #[test]
    fn this_winter_in_february_is_the_winter_that_began_in_december() {
        assert_eq!(days(resolve(3, 0, None, now()).unwrap()), (ymd(2012, 12, 21), ymd(2013, 3, 21)));
    }

    #[test]
    fn last_and_next_season_are_the_neighbours_of_the_current_one() {
        assert_eq!(days(resolve(ANY, -1, None, now()).unwrap()), (ymd(2012, 9, 23), ymd(2012, 12, 20)));
        assert_eq!(days(resolve(ANY, 1, None, now()).unwrap()), (ymd(2013, 3, 20), ymd(2013, 6, 20)));
    }

    #[test]
    fn a_season_with_a_year_is_the_one_starting_that_year() {
        assert_eq!(days(resolve(2, 0, Some(2014), now()).unwrap()), (ymd(2014, 9, 23), ymd(2014, 12, 22)));
    }
}
