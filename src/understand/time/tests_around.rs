//! Tests for holidays read from tables (lunisolar.rs), days counted from a holiday or the
//! nearest one (around.rs), Earth Hour, the ides, "last week's sunday", clocks moved by minutes,
//! and in clock ranges one-letter am/pm and "later than X but before Y". Years outside
//! Duckling's corpus are checked against published calendars (drikpanchang.com,
//! timeanddate.com, WWF).

use super::tests_en::{duckling_now, iso};
use super::{TimeMatch, parse};

fn found(text: &str) -> TimeMatch {
    parse(text, duckling_now()).expect("a time expression")
}

fn day(text: &str) -> String {
    found(text).value.format("%Y-%m-%d").to_string()
}

#[test]
fn lunisolar_holidays_in_years_the_corpus_does_not_ask_match_published_calendars() {
    assert_eq!(day("diwali 2023"), "2023-11-12");
    assert_eq!(day("Deepavali in 2022"), "2022-10-24");
    assert_eq!(day("chinese new year 2024"), "2024-02-10");
    assert_eq!(day("pongal 2024"), "2024-01-15");
    assert_eq!(day("buddha purnima 2024"), "2024-05-23");
}

#[test]
fn navaratri_is_a_ten_day_window() {
    let m = found("navaratri 2024");
    assert_eq!(m.value, iso("2024-10-03T00:00:00-02:00"));
    assert_eq!(m.end, Some(iso("2024-10-13T00:00:00-02:00")));
}

#[test]
fn a_holiday_without_a_year_is_the_next_one_and_last_is_the_one_before() {
    assert_eq!(day("diwali"), "2013-11-03");
    assert_eq!(day("last chinese new year"), "2013-02-10");
}

#[test]
fn a_year_outside_the_table_gives_no_date_for_the_holiday() {
    // Duckling's Hindu tables run 2000–2030: the phrase is a time Ozer cannot date
    assert!(found("diwali 2040").problem.is_some());
    assert!(found("holi 2031").problem.is_some());
}

#[test]
fn years_in_words_follow_a_holiday_name() {
    assert_eq!(day("diwali twenty twenty three"), "2023-11-12");
    assert_eq!(day("christmas two thousand and five"), "2005-12-25");
}

#[test]
fn days_are_counted_after_or_before_a_holiday() {
    assert_eq!(day("two days before christmas 2020"), "2020-12-23");
    assert_eq!(day("first monday after easter 2024"), "2024-04-01");
}

#[test]
fn the_closest_weekday_to_a_date_can_be_the_date_itself() {
    assert_eq!(day("the closest sunday to july 4th 2021"), "2021-07-04");
    assert_eq!(day("the second closest sunday to july 4th 2021"), "2021-06-27");
}

#[test]
fn earth_hour_is_half_past_eight_to_half_past_nine_on_its_saturday() {
    let m = found("earth hour 2024");
    assert_eq!(m.value, iso("2024-03-23T20:30:00-02:00"));
    assert_eq!(m.end, Some(iso("2024-03-23T21:31:00-02:00")));
}

#[test]
fn the_ides_are_the_fifteenth_in_march_may_july_october_and_the_thirteenth_otherwise() {
    assert_eq!(day("the ides of may"), "2013-05-15");
    assert_eq!(day("the ides of june"), "2013-06-13");
}

#[test]
fn last_weeks_sunday_is_the_sunday_of_last_week() {
    // Etc/GMT+2 has no locale week: ISO weeks start on Monday
    assert_eq!(day("last week's sunday"), "2013-02-10");
}

#[test]
fn minutes_from_a_clock_move_the_clock() {
    assert_eq!(found("15 minutes from 1pm").value, iso("2013-02-12T13:15:00-02:00"));
    assert_eq!(found("2 hours before 17:00").value, iso("2013-02-12T15:00:00-02:00"));
}

#[test]
fn one_letter_am_pm_counts_inside_a_clock_range() {
    let m = found("Friday from 2p to 4p");
    assert_eq!(m.value, iso("2013-02-15T14:00:00-02:00"));
    assert_eq!(m.end, Some(iso("2013-02-15T17:00:00-02:00")));
}

#[test]
fn later_than_one_clock_but_before_another_is_a_range() {
    let m = found("later than 10am but before 11:30 on Friday");
    assert_eq!(m.value, iso("2013-02-15T10:00:00-02:00"));
    assert_eq!(m.end, Some(iso("2013-02-15T11:31:00-02:00")));
    let m = found("after 1:15pm but before 2:45pm");
    assert_eq!(m.value, iso("2013-02-12T13:15:00-02:00"));
    assert_eq!(m.end, Some(iso("2013-02-12T14:46:00-02:00")));
}

#[test]
fn minutes_past_an_hour_on_the_24_hour_clock() {
    assert_eq!(found("20 minutes past 17h").value, iso("2013-02-12T17:20:00-02:00"));
}

#[test]
fn shavuot_in_english_is_the_holiday_on_its_civil_day_in_israel() {
    // the plural-of-week guard is for the Hebrew word; 6 Sivan 5778 was 20 May 2018
    assert_eq!(day("shavuot 2018"), "2018-05-20");
}

#[test]
fn years_from_today_name_a_day_and_in_years_a_month() {
    let m = found("3 years from today");
    assert_eq!((m.value, m.grain), (iso("2016-02-12T00:00:00-02:00"), super::Grain::Day));
    assert_eq!(found("in 3 years").grain, super::Grain::Month);
}

#[test]
fn the_weekend_written_as_one_word_reads_the_same_with_a_prefix() {
    let bare = found("סופש");
    let prefixed = found("בסופש");
    assert_eq!((prefixed.value, prefixed.end), (bare.value, bare.end));
    assert!(bare.end.is_some());
}

#[test]
fn once_a_unit_repeats_by_that_unit_in_both_languages() {
    use crate::understand::Recurrence;
    assert_eq!(found("פעם בחודש").recurrence, Some(Recurrence::Monthly));
    assert_eq!(found("פעם בשבוע").recurrence, Some(Recurrence::Weekly));
    assert_eq!(found("once a week").recurrence, Some(Recurrence::Weekly));
    assert_eq!(found("once per year").recurrence, Some(Recurrence::Yearly));
    // "עוד פעם" (again) repeats nothing
    assert!(super::parse("עוד פעם", duckling_now()).is_none_or(|m| m.recurrence.is_none()));
}
