//! The RRULE expansion across Israel's and the US's DST changes (2026: Israel moves on Friday
//! 27 March and Sunday 25 October, the US on 8 March and 1 November), the month-end rules, ends.

use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::America::New_York;
use chrono_tz::Asia::Jerusalem;
use chrono_tz::Europe::London;
use chrono_tz::Tz;

use super::rrule::{Rule, Series};
use crate::scheduler::recurrence::legacy_series;
use crate::understand::Recurrence;

fn utc(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
}

fn series(tz: Tz, start: (i32, u32, u32, u32, u32), rule: &str) -> Series {
    let (y, mo, d, h, mi) = start;
    let start = NaiveDate::from_ymd_opt(y, mo, d).unwrap().and_hms_opt(h, mi, 0).unwrap();
    Series { tz, start, rule: Rule::parse(rule).unwrap() }
}

/// The first `n` occurrences from the start, as UTC RFC 3339 strings.
fn first(s: &Series, n: usize) -> Vec<String> {
    let from = s.start.and_local_timezone(s.tz).earliest().unwrap().to_utc() - chrono::Duration::seconds(1);
    s.occurrences(from).take(n).map(|t| t.format("%Y-%m-%dT%H:%MZ").to_string()).collect()
}

#[test]
fn every_other_tuesday_keeps_nine_local_across_israels_spring_forward() {
    let s = series(Jerusalem, (2026, 3, 17, 9, 0), "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU");
    assert_eq!(first(&s, 3), ["2026-03-17T07:00Z", "2026-03-31T06:00Z", "2026-04-14T06:00Z"]);
}

#[test]
fn sunday_and_wednesday_keep_eight_local_across_the_us_spring_forward() {
    let s = series(New_York, (2026, 3, 4, 8, 0), "FREQ=WEEKLY;BYDAY=SU,WE");
    assert_eq!(first(&s, 3), ["2026-03-04T13:00Z", "2026-03-08T12:00Z", "2026-03-11T12:00Z"]);
}

#[test]
fn the_first_sunday_of_the_month_crosses_israels_spring_forward() {
    let s = series(Jerusalem, (2026, 3, 1, 9, 0), "FREQ=MONTHLY;BYDAY=1SU");
    assert_eq!(first(&s, 3), ["2026-03-01T07:00Z", "2026-04-05T06:00Z", "2026-05-03T06:00Z"]);
}

#[test]
fn the_last_day_of_the_month_is_the_28th_then_31st_then_30th() {
    let s = series(Jerusalem, (2026, 2, 28, 9, 0), "FREQ=MONTHLY;BYMONTHDAY=-1");
    assert_eq!(first(&s, 3), ["2026-02-28T07:00Z", "2026-03-31T06:00Z", "2026-04-30T06:00Z"]);
}

#[test]
fn every_three_days_keeps_half_past_seven_across_the_us_fall_back() {
    let s = series(New_York, (2026, 10, 30, 7, 30), "FREQ=DAILY;INTERVAL=3");
    assert_eq!(first(&s, 3), ["2026-10-30T11:30Z", "2026-11-02T12:30Z", "2026-11-05T12:30Z"]);
}

#[test]
fn every_other_week_crosses_israels_fall_back() {
    let s = series(Jerusalem, (2026, 10, 18, 18, 0), "FREQ=WEEKLY;INTERVAL=2;BYDAY=SU");
    assert_eq!(first(&s, 3), ["2026-10-18T15:00Z", "2026-11-01T16:00Z", "2026-11-15T16:00Z"]);
}

#[test]
fn a_series_until_the_end_of_june_stops_after_its_last_sunday() {
    let s = series(Jerusalem, (2026, 6, 21, 8, 0), "FREQ=WEEKLY;BYDAY=SU,WE;UNTIL=20260630T205959Z");
    assert_eq!(first(&s, 5), ["2026-06-21T05:00Z", "2026-06-24T05:00Z", "2026-06-28T05:00Z"]);
    assert_eq!(s.next_after(utc("2026-06-28T06:00:00Z")), None);
}

#[test]
fn a_count_ends_the_series_after_that_many_occurrences() {
    let s = series(London, (2026, 3, 28, 9, 0), "FREQ=DAILY;COUNT=3");
    // London moves to summer time on 29 March 2026
    assert_eq!(first(&s, 5), ["2026-03-28T09:00Z", "2026-03-29T08:00Z", "2026-03-30T08:00Z"]);
    assert_eq!(s.next_after(utc("2026-03-30T08:00:00Z")), None);
}

#[test]
fn monthly_on_the_31st_is_the_last_day_of_shorter_months_and_returns_to_the_31st() {
    let start = NaiveDate::from_ymd_opt(2026, 1, 31).unwrap().and_hms_opt(8, 0, 0).unwrap();
    let s = legacy_series(Recurrence::Monthly, Jerusalem, start);
    assert_eq!(s.rule.to_string(), "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1");
    assert_eq!(first(&s, 4), ["2026-01-31T06:00Z", "2026-02-28T06:00Z", "2026-03-31T05:00Z", "2026-04-30T05:00Z"]);
}

#[test]
fn yearly_on_29_february_is_the_28th_in_common_years_and_the_29th_in_leap_years() {
    let start = NaiveDate::from_ymd_opt(2028, 2, 29).unwrap().and_hms_opt(9, 0, 0).unwrap();
    let s = legacy_series(Recurrence::Yearly, Jerusalem, start);
    let dates: Vec<String> = first(&s, 5).iter().map(|d| d[..10].to_string()).collect();
    assert_eq!(dates, ["2028-02-29", "2029-02-28", "2030-02-28", "2031-02-28", "2032-02-29"]);
}

#[test]
fn a_daily_series_moved_to_london_keeps_eight_oclock_there() {
    let s = series(Jerusalem, (2026, 1, 10, 8, 0), "FREQ=DAILY").in_zone(London);
    assert_eq!(s.next_after(utc("2026-02-01T12:00:00Z")), Some(utc("2026-02-02T08:00:00Z")));
}

#[test]
fn skipping_whole_periods_finds_the_same_occurrence_as_walking_from_the_start() {
    for rule in
        ["FREQ=DAILY;INTERVAL=3", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,FR", "FREQ=MONTHLY;BYDAY=-1FR", "FREQ=YEARLY"]
    {
        let s = series(New_York, (2020, 2, 7, 7, 15), rule);
        let after = utc("2026-11-01T05:30:00Z");
        let walked = s.occurrences(utc("2020-01-01T00:00:00Z")).find(|t| *t > after);
        assert_eq!(s.next_after(after), walked, "{rule}");
    }
}

#[test]
fn a_stored_series_reads_back_as_written() {
    let s = series(Jerusalem, (2026, 3, 1, 9, 0), "FREQ=MONTHLY;INTERVAL=2;BYDAY=1SU,-1FR;UNTIL=20261231T215959Z");
    let stored = s.to_string();
    assert_eq!(
        stored,
        "DTSTART;TZID=Asia/Jerusalem:20260301T090000\nRRULE:FREQ=MONTHLY;INTERVAL=2;BYDAY=1SU,-1FR;UNTIL=20261231T215959Z"
    );
    assert_eq!(Series::parse(&stored), Some(s));
}

#[test]
fn unsupported_rule_parts_are_refused_rather_than_misread() {
    for r in ["FREQ=HOURLY", "FREQ=DAILY;BYHOUR=8", "FREQ=WEEKLY;BYDAY=XX", "INTERVAL=2", "FREQ=DAILY;INTERVAL=0"] {
        assert_eq!(Rule::parse(r), None, "{r}");
    }
}
