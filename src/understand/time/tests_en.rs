//! Tests for the English phrases added on top of the core grammar: deadlines, early/late parts
//! of the day, loose numeric dates (with the Israeli day-first default kept), eras, quarters,
//! prime-mark durations, clock-range ends and named zones on "8h00" clocks, "for N units"
//! lengths, times moved by months or years, phone numbers, Islamic holidays.

use chrono::{DateTime, FixedOffset};
use chrono_tz::Tz;

use super::{TimeMatch, parse};

/// Duckling's reference time, in the fixed zone its corpora use (shared with tests_around.rs).
pub(super) fn duckling_now() -> DateTime<Tz> {
    DateTime::parse_from_rfc3339("2013-02-12T04:30:00-02:00")
        .expect("test time")
        .with_timezone(&chrono_tz::Etc::GMTPlus2)
}

pub(super) fn iso(s: &str) -> DateTime<FixedOffset> {
    DateTime::parse_from_rfc3339(s).expect("expected time")
}

fn found(text: &str, now: DateTime<Tz>) -> TimeMatch {
    parse(text, now).expect("a time expression")
}

#[test]
fn by_2pm_is_the_interval_from_now_until_2pm_and_fires_at_2pm() {
    let m = found("by 2:00pm", duckling_now());
    assert_eq!(m.value, iso("2013-02-12T04:30:00-02:00"));
    assert_eq!(m.end, Some(iso("2013-02-12T14:00:00-02:00")));
    assert_eq!(m.point, Some(iso("2013-02-12T14:00:00-02:00")));
}

#[test]
fn by_eod_runs_to_the_end_of_today() {
    assert_eq!(found("by EOD", duckling_now()).end, Some(iso("2013-02-13T00:00:00-02:00")));
}

#[test]
fn late_tonight_is_nine_to_midnight() {
    let m = found("late tonight", duckling_now());
    assert_eq!((m.value, m.end), (iso("2013-02-12T21:00:00-02:00"), Some(iso("2013-02-13T00:00:00-02:00"))));
}

#[test]
fn monday_early_morning_ends_at_nine() {
    assert_eq!(found("monday early in the morning", duckling_now()).end, Some(iso("2013-02-18T09:00:00-02:00")));
}

#[test]
fn us_month_day_with_spaces_or_dash_is_read_when_the_day_cannot_be_a_month() {
    assert_eq!(found("2 / 15", duckling_now()).value, iso("2013-02-15T00:00:00-02:00"));
    assert_eq!(found("2-15", duckling_now()).value, iso("2013-02-15T00:00:00-02:00"));
}

#[test]
fn a_numeric_range_before_a_unit_is_not_a_date() {
    assert!(
        parse("it takes 10-15 minutes", duckling_now()).is_none_or(|m| m.value.format("%m-%d").to_string() != "10-15")
    );
}

#[test]
fn three_four_in_jerusalem_stays_the_third_of_april() {
    let now = DateTime::parse_from_rfc3339("2026-01-22T21:09:00+02:00")
        .expect("test time")
        .with_timezone(&chrono_tz::Asia::Jerusalem);
    assert_eq!(found("3/4", now).value, iso("2026-04-03T00:00:00+03:00"));
}

#[test]
fn day_month_name_year_with_dashes_is_a_date() {
    assert_eq!(found("31-Oct-74", duckling_now()).value, iso("1974-10-31T00:00:00-02:00"));
}

#[test]
fn a_year_before_christ_is_negative() {
    assert_eq!(found("in 2014 B.C.", duckling_now()).value.format("%Y").to_string(), "-2014");
}

#[test]
fn eighteen_q4_is_the_fourth_quarter_of_2018() {
    assert_eq!(found("18q4", duckling_now()).value, iso("2018-10-01T00:00:00-02:00"));
}

#[test]
fn fifteen_prime_is_fifteen_minutes() {
    assert_eq!(found("in 15'", duckling_now()).value, iso("2013-02-12T04:45:00-02:00"));
}

#[test]
fn two_and_a_half_hours_is_150_minutes() {
    assert_eq!(found("in 2 and an half hours", duckling_now()).value, iso("2013-02-12T07:00:00-02:00"));
}

#[test]
fn a_clock_range_ends_one_unit_of_its_finer_end_later() {
    assert_eq!(found("3:30 to 6 PM", duckling_now()).end, Some(iso("2013-02-12T18:01:00-02:00")));
}

#[test]
fn an_h_clock_takes_a_named_zone() {
    assert_eq!(found("Thursday 8h00 GMT", duckling_now()).value, iso("2013-02-14T06:00:00-02:00"));
}

#[test]
fn next_season_is_spring() {
    assert_eq!(found("next season", duckling_now()).value, iso("2013-03-20T00:00:00-02:00"));
}

#[test]
fn last_weekend_of_october_is_friday_evening_to_monday() {
    let m = found("last weekend of October", duckling_now());
    assert_eq!((m.value, m.end), (iso("2013-10-25T18:00:00-02:00"), Some(iso("2013-10-28T00:00:00-02:00"))));
}

#[test]
fn four_pm_for_thirty_minutes_is_a_window_closed_one_minute_after() {
    let m = found("4pm for 30 mins", duckling_now());
    assert_eq!((m.value, m.end), (iso("2013-02-12T16:00:00-02:00"), Some(iso("2013-02-12T16:31:00-02:00"))));
    let m = found("for 10 days from 18th Dec", duckling_now());
    assert_eq!((m.value, m.end), (iso("2013-12-18T00:00:00-02:00"), Some(iso("2013-12-29T00:00:00-02:00"))));
}

#[test]
fn for_ten_minutes_alone_is_not_a_time() {
    assert!(parse("set a timer for 10 minutes", duckling_now()).is_none());
}

#[test]
fn a_holiday_or_month_moved_by_years_is_the_one_after_the_moved_date() {
    assert_eq!(found("thanksgiving in a year", duckling_now()).value, iso("2014-11-27T00:00:00-02:00"));
    assert_eq!(found("thanksgiving 3 months ago", duckling_now()).value, iso("2012-11-22T00:00:00-02:00"));
    assert_eq!(found("March in a year", duckling_now()).value, iso("2014-03-01T00:00:00-02:00"));
}

#[test]
fn a_day_range_with_a_month_wins_over_a_clock_range() {
    let m = found("from 13 to 15 July", duckling_now());
    assert_eq!((m.value, m.end), (iso("2013-07-13T00:00:00-02:00"), Some(iso("2013-07-16T00:00:00-02:00"))));
}

#[test]
fn a_phone_number_is_not_a_time() {
    assert!(parse("call me at 650-650-6500", duckling_now()).is_none());
}

#[test]
fn eid_al_fitr_2018_is_the_first_of_shawwal() {
    assert_eq!(found("Eid al-Fitr 2018", duckling_now()).value, iso("2018-06-15T00:00:00-02:00"));
}

#[test]
fn five_after_noon_in_hebrew_is_five_in_the_afternoon_however_it_is_spelled() {
    // "אחרי הצהריים" (the everyday spelling) is the afternoon, like "אחר הצהריים", not 12:05
    for text in ["מחר בחמש אחרי הצהריים", "מחר בחמש אחר הצהריים", "מחר ב-5 אחרי הצהריים"]
    {
        assert_eq!(found(text, duckling_now()).value, iso("2013-02-13T17:00:00-02:00"), "{text}");
    }
    // minutes past a named hour still count as minutes
    assert_eq!(found("מחר בחמש אחרי שלוש", duckling_now()).value, iso("2013-02-13T15:05:00-02:00"));
}

#[test]
fn a_span_of_hours_reads_its_start_as_a_dated_hour_in_both_languages() {
    // Duckling's now is 04:30 on Tuesday the 12th
    for (text, start, end) in [
        ("from 10 till 2", "2013-02-12T10:00:00-02:00", "2013-02-12T15:00:00-02:00"),
        ("מתשע עד שתים עשרה", "2013-02-12T09:00:00-02:00", "2013-02-12T13:00:00-02:00"),
        ("בין 9 ל-11", "2013-02-12T09:00:00-02:00", "2013-02-12T12:00:00-02:00"),
        ("בין תשע לאחת עשרה", "2013-02-12T09:00:00-02:00", "2013-02-12T12:00:00-02:00"),
        ("friday 9-11", "2013-02-15T09:00:00-02:00", "2013-02-15T12:00:00-02:00"),
        ("ביום שישי מ-9 עד 11", "2013-02-15T09:00:00-02:00", "2013-02-15T12:00:00-02:00"),
    ] {
        let m = found(text, duckling_now());
        assert_eq!((m.value, m.end), (iso(start), Some(iso(end))), "{text}");
    }
    // a bare "9-11" is no time (a date, a score, a range of pages)
    assert!(parse("9-11", duckling_now()).is_none());
    // "this coming wednesday" is the next one, as "wednesday" is
    assert_eq!(found("this coming wednesday", duckling_now()).value, iso("2013-02-13T00:00:00-02:00"));
    assert_eq!(found("the upcoming friday at 5", duckling_now()).value, iso("2013-02-15T17:00:00-02:00"));
}

#[test]
fn toward_morning_is_the_small_hours() {
    // Duckling's now is 04:30 on Tuesday the 12th
    let m = found("ביום חמישי ב-4 לפנות בוקר", duckling_now());
    assert_eq!(m.value, iso("2013-02-14T04:00:00-02:00"));
    let m = found("בשלוש לפנות בוקר", duckling_now());
    assert_eq!(m.value, iso("2013-02-13T03:00:00-02:00"));
}
