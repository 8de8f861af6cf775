//! Repeat rules read from messages in Hebrew and English: the RRULE, the title without the
//! rule's words, and the next three occurrences (in UTC) across a DST change.

use chrono::{DateTime, Utc};
use chrono_tz::America::New_York;
use chrono_tz::Asia::Jerusalem;
use chrono_tz::Tz;

use super::rrule::{Rule, Series};
use super::{Lang, Resolver, understand};

/// Reads `text` at `now`; returns the rrule, the title and the next three occurrences.
fn read(text: &str, tz: Tz, now: &str) -> (String, String, Vec<String>) {
    let now = DateTime::parse_from_rfc3339(now).unwrap().with_timezone(&tz);
    let u = understand(text, now, Lang::En);
    let step = u.steps.iter().find(|s| s.resolver == Resolver::Task).unwrap_or_else(|| panic!("{text}: {u:?}"));
    let rrule = step.rrule.clone().unwrap_or_else(|| panic!("{text}: no rrule in {step:?}"));
    let when = step.when.unwrap().with_timezone(&tz);
    let series = Series { tz, start: when.naive_local(), rule: Rule::parse(&rrule).unwrap() };
    let from: DateTime<Utc> = when.to_utc() - chrono::Duration::seconds(1);
    let next = series.occurrences(from).take(3).map(|t| t.format("%Y-%m-%dT%H:%MZ").to_string()).collect();
    (rrule, step.title.clone().unwrap_or_default(), next)
}

const FRIDAY_BEFORE_ISRAELS_DST: &str = "2026-03-20T10:00:00+02:00";

#[test]
fn every_other_week_on_tuesday_in_both_languages_starts_next_tuesday() {
    let want = ["2026-03-24T07:00Z", "2026-04-07T06:00Z", "2026-04-21T06:00Z"];
    for (text, title) in [
        ("remind me every other week on Tuesday to call mom", "call mom"),
        ("תזכיר לי כל שבועיים ביום שלישי להתקשר לאמא", "להתקשר לאמא"),
        ("כל שבועיים ביום שלישי להתקשר לאמא", "להתקשר לאמא"),
    ] {
        let (rrule, t, next) = read(text, Jerusalem, FRIDAY_BEFORE_ISRAELS_DST);
        assert_eq!(rrule, "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", "{text}");
        assert_eq!(t, title, "{text}");
        assert_eq!(next, want, "{text}");
    }
}

#[test]
fn every_first_sunday_in_both_languages_crosses_the_us_spring_forward() {
    let want = ["2026-03-01T14:00Z", "2026-04-05T13:00Z", "2026-05-03T13:00Z"];
    for text in
        ["remind me every first Sunday at 9am to pay rent", "תזכיר לי כל יום ראשון הראשון בחודש בתשע בבוקר לשלם שכירות"]
    {
        let (rrule, _, next) = read(text, New_York, "2026-02-10T12:00:00-05:00");
        assert_eq!(rrule, "FREQ=MONTHLY;BYDAY=1SU", "{text}");
        assert_eq!(next, want, "{text}");
    }
}

#[test]
fn sunday_and_wednesday_in_both_languages_keep_eight_across_israels_spring_forward() {
    let want = ["2026-03-22T06:00Z", "2026-03-25T06:00Z", "2026-03-29T05:00Z"];
    for (text, title) in [
        ("remind me every Sunday and Wednesday at 8 to go to the gym", "go to the gym"),
        ("תזכיר לי כל יום ראשון ורביעי בשמונה ללכת לחדר כושר", "ללכת לחדר כושר"),
    ] {
        let (rrule, t, next) = read(text, Jerusalem, FRIDAY_BEFORE_ISRAELS_DST);
        assert_eq!(rrule, "FREQ=WEEKLY;BYDAY=SU,WE", "{text}");
        assert_eq!(t, title, "{text}");
        assert_eq!(next, want, "{text}");
    }
}

#[test]
fn until_the_end_of_june_in_hebrew_and_until_june_in_english_end_the_series() {
    let (rrule, title, _) =
        read("תזכיר לי כל יום ראשון ורביעי עד סוף יוני בשמונה ללכת לחדר כושר", Jerusalem, FRIDAY_BEFORE_ISRAELS_DST);
    // the last second of 30 June, Israel summer time
    assert_eq!(rrule, "FREQ=WEEKLY;BYDAY=SU,WE;UNTIL=20260630T205959Z");
    assert_eq!(title, "ללכת לחדר כושר");
    let (rrule, title, next) =
        read("remind me every day at 8am until June to take pills", Jerusalem, FRIDAY_BEFORE_ISRAELS_DST);
    assert_eq!(rrule, "FREQ=DAILY;UNTIL=20260531T205959Z");
    assert_eq!(title, "take pills");
    assert_eq!(next, ["2026-03-21T06:00Z", "2026-03-22T06:00Z", "2026-03-23T06:00Z"]);
    let (rrule, _, _) = read("תזכיר לי כל יום בשמונה עד יוני לקחת כדור", Jerusalem, FRIDAY_BEFORE_ISRAELS_DST);
    assert_eq!(rrule, "FREQ=DAILY;UNTIL=20260531T205959Z");
}

#[test]
fn every_three_days_in_both_languages_keeps_its_time_across_the_us_fall_back() {
    let want = ["2026-10-30T11:30Z", "2026-11-02T12:30Z", "2026-11-05T12:30Z"];
    for (text, title) in [
        ("remind me every 3 days at 7:30 to water the plants", "water the plants"),
        ("תזכיר לי כל 3 ימים ב-7:30 להשקות עציצים", "להשקות עציצים"),
    ] {
        let (rrule, t, next) = read(text, New_York, "2026-10-30T06:00:00-04:00");
        assert_eq!(rrule, "FREQ=DAILY;INTERVAL=3", "{text}");
        assert_eq!(t, title, "{text}");
        assert_eq!(next, want, "{text}");
    }
}

#[test]
fn the_last_day_of_the_month_in_both_languages() {
    let want = ["2026-03-31T06:00Z", "2026-04-30T06:00Z", "2026-05-31T06:00Z"];
    for text in
        ["remind me on the last day of every month to pay the bills", "תזכיר לי ביום האחרון של החודש לשלם חשבונות"]
    {
        let (rrule, _, next) = read(text, Jerusalem, FRIDAY_BEFORE_ISRAELS_DST);
        assert_eq!(rrule, "FREQ=MONTHLY;BYMONTHDAY=-1", "{text}");
        assert_eq!(next, want, "{text}");
    }
}

#[test]
fn every_other_week_without_a_day_repeats_on_the_first_days_weekday() {
    let (rrule, title, next) =
        read("remind me every other week to clean the filter", Jerusalem, FRIDAY_BEFORE_ISRAELS_DST);
    assert_eq!(rrule, "FREQ=WEEKLY;INTERVAL=2");
    assert_eq!(title, "clean the filter");
    // Saturday 09:00: today's 09:00 has passed
    assert_eq!(next, ["2026-03-21T07:00Z", "2026-04-04T06:00Z", "2026-04-18T06:00Z"]);
}

#[test]
fn a_count_in_both_languages_limits_the_series() {
    for text in ["remind me every day at 9 to stretch 5 times", "תזכיר לי כל יום בתשע 5 פעמים להתמתח"]
    {
        let (rrule, _, _) = read(text, Jerusalem, FRIDAY_BEFORE_ISRAELS_DST);
        assert_eq!(rrule, "FREQ=DAILY;COUNT=5", "{text}");
    }
}

#[test]
fn simple_recurrences_keep_their_simple_value_and_no_rrule() {
    let now = DateTime::parse_from_rfc3339(FRIDAY_BEFORE_ISRAELS_DST).unwrap().with_timezone(&Jerusalem);
    for text in ["remind me every day at 8am to take pills", "תזכיר לי כל יום ראשון בשמונה לשים זבל"]
    {
        let u = understand(text, now, Lang::En);
        assert!(u.steps[0].recurrence.is_some() && u.steps[0].rrule.is_none(), "{text}: {:?}", u.steps[0]);
    }
}

#[test]
fn rrule_for_turns_a_simple_weekly_step_into_its_rule() {
    let now = DateTime::parse_from_rfc3339(FRIDAY_BEFORE_ISRAELS_DST).unwrap().with_timezone(&Jerusalem);
    let u = understand("תזכיר לי כל יום ראשון בשמונה לשים זבל", now, Lang::He);
    assert_eq!(super::repeat::rrule_for(&u.steps[0], Jerusalem).as_deref(), Some("FREQ=WEEKLY;BYDAY=SU"));
    let u = understand("remind me every other week on Tuesday to call mom", now, Lang::En);
    assert_eq!(super::repeat::rrule_for(&u.steps[0], Jerusalem).as_deref(), Some("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU"));
}

#[test]
fn a_run_of_days_from_one_to_another_is_every_day_of_it_and_the_workweek_is_weekdays() {
    let (rrule, t, next) =
        read("כל יום ראשון עד חמישי ב-12 תזכיר לי להוציא את לולה", Jerusalem, FRIDAY_BEFORE_ISRAELS_DST);
    assert_eq!(rrule, "FREQ=WEEKLY;BYDAY=SU,MO,TU,WE,TH");
    assert_eq!(t, "להוציא את לולה");
    assert_eq!(next, ["2026-03-22T10:00Z", "2026-03-23T10:00Z", "2026-03-24T10:00Z"]);
    let (rrule, _, _) = read("every monday to friday at 7 remind me to stretch", New_York, "2026-03-20T10:00:00-04:00");
    assert_eq!(rrule, "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR");
    let now = DateTime::parse_from_rfc3339(FRIDAY_BEFORE_ISRAELS_DST).unwrap().with_timezone(&Jerusalem);
    let u = understand("every monday to friday at 7 remind me to stretch", now, Lang::En);
    assert_eq!(u.steps[0].recurrence, Some(super::Recurrence::Weekdays));
    let u = understand("every monday and wednesday at 7 remind me to stretch", now, Lang::En);
    assert_eq!(u.steps[0].recurrence, Some(super::Recurrence::Weekly));
}
