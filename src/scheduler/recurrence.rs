//! Recurrence in the user's timezone. A recurring reminder keeps its local wall-clock time:
//! the next occurrence is computed on local dates and only then turned into an instant, so a
//! daily 08:00 stays 08:00 across a DST change (and 02:30 on a spring-forward night, which does
//! not exist, moves to 03:30 rather than vanishing).

use chrono::{DateTime, Datelike, Days, Months, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc, Weekday};
use chrono_tz::Tz;

use crate::understand::Recurrence;

pub fn parse(s: &str) -> Option<Recurrence> {
    match s {
        "daily" => Some(Recurrence::Daily),
        "weekdays" => Some(Recurrence::Weekdays),
        "weekly" => Some(Recurrence::Weekly),
        "monthly" => Some(Recurrence::Monthly),
        "yearly" => Some(Recurrence::Yearly),
        _ => None,
    }
}

pub fn as_str(r: Recurrence) -> &'static str {
    match r {
        Recurrence::Daily => "daily",
        Recurrence::Weekdays => "weekdays",
        Recurrence::Weekly => "weekly",
        Recurrence::Monthly => "monthly",
        Recurrence::Yearly => "yearly",
    }
}

/// The working week where the user lives: Sunday–Thursday in Israel, Monday–Friday elsewhere.
pub fn is_workday(tz: Tz, day: Weekday) -> bool {
    if tz == chrono_tz::Asia::Jerusalem || tz == chrono_tz::Asia::Tel_Aviv {
        !matches!(day, Weekday::Fri | Weekday::Sat)
    } else {
        !matches!(day, Weekday::Sat | Weekday::Sun)
    }
}

/// A local date and time as an instant; a time inside a spring-forward gap moves one hour on,
/// and an ambiguous fall-back time takes its first occurrence.
pub fn resolve_local(tz: Tz, local: NaiveDateTime) -> Option<DateTime<Utc>> {
    tz.from_local_datetime(&local)
        .earliest()
        .or_else(|| tz.from_local_datetime(&(local + chrono::Duration::hours(1))).earliest())
        .map(|t| t.with_timezone(&Utc))
}

/// The local date after `date` on which the recurrence falls next. `anchor_day` is the day of
/// the month of the first occurrence (a monthly reminder on the 31st falls on the last day of
/// shorter months, and returns to the 31st when it can).
fn step(rec: Recurrence, tz: Tz, date: NaiveDate, anchor_day: u32) -> Option<NaiveDate> {
    match rec {
        Recurrence::Daily => date.checked_add_days(Days::new(1)),
        Recurrence::Weekly => date.checked_add_days(Days::new(7)),
        Recurrence::Weekdays => {
            let mut d = date.checked_add_days(Days::new(1))?;
            while !is_workday(tz, d.weekday()) {
                d = d.checked_add_days(Days::new(1))?;
            }
            Some(d)
        }
        Recurrence::Monthly => {
            let first = date.with_day(1)?.checked_add_months(Months::new(1))?;
            Some(clamp_day(first, anchor_day))
        }
        Recurrence::Yearly => {
            let first = date.with_day(1)?.checked_add_months(Months::new(12))?;
            Some(clamp_day(first, anchor_day))
        }
    }
}

fn clamp_day(first_of_month: NaiveDate, day: u32) -> NaiveDate {
    (1..=day).rev().find_map(|d| first_of_month.with_day(d)).unwrap_or(first_of_month)
}

/// The first occurrence strictly after `after`, given a previous occurrence `prev` and the
/// local time to keep.
pub fn next_after(
    rec: Recurrence,
    tz: Tz,
    prev: DateTime<Utc>,
    local_time: NaiveTime,
    after: DateTime<Utc>,
) -> Option<DateTime<Utc>> {
    let prev_local = prev.with_timezone(&tz);
    let anchor_day = prev_local.day();
    let mut date = prev_local.date_naive();
    // Bounded: even a daily reminder a few years overdue is caught up within this many steps.
    for _ in 0..5000 {
        date = step(rec, tz, date, anchor_day)?;
        let at = resolve_local(tz, date.and_time(local_time))?;
        if at > after {
            return Some(at);
        }
    }
    None
}

/// Parses the "HH:MM" a task keeps.
pub fn parse_local_time(s: &str) -> Option<NaiveTime> {
    NaiveTime::parse_from_str(s, "%H:%M").ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono_tz::{America::New_York, Asia::Jerusalem};

    fn utc(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    fn eight() -> NaiveTime {
        NaiveTime::from_hms_opt(8, 0, 0).unwrap()
    }

    #[test]
    fn daily_eight_am_stays_eight_local_across_israel_spring_forward() {
        // 2026-03-27 is the Friday Israel moves from +02:00 to +03:00.
        let prev = utc("2026-03-26T06:00:00Z"); // 08:00 +02:00
        let next = next_after(Recurrence::Daily, Jerusalem, prev, eight(), prev).unwrap();
        assert_eq!(next, utc("2026-03-27T05:00:00Z")); // 08:00 +03:00
    }

    #[test]
    fn daily_eight_am_stays_eight_local_across_us_fall_back() {
        let prev = utc("2026-10-31T12:00:00Z"); // 08:00 EDT
        let next = next_after(Recurrence::Daily, New_York, prev, eight(), prev).unwrap();
        assert_eq!(next, utc("2026-11-01T13:00:00Z")); // 08:00 EST
    }

    #[test]
    fn a_time_in_the_spring_forward_gap_moves_an_hour_on() {
        let gap = NaiveDate::from_ymd_opt(2026, 3, 8).unwrap().and_hms_opt(2, 30, 0).unwrap();
        assert_eq!(resolve_local(New_York, gap), Some(utc("2026-03-08T07:30:00Z")));
    }

    #[test]
    fn israeli_weekdays_skip_friday_and_saturday() {
        let thursday = utc("2026-01-22T06:00:00Z");
        let next = next_after(Recurrence::Weekdays, Jerusalem, thursday, eight(), thursday).unwrap();
        assert_eq!(next.with_timezone(&Jerusalem).weekday(), Weekday::Sun);
        let friday_ny = utc("2026-01-23T13:00:00Z");
        let next = next_after(Recurrence::Weekdays, New_York, friday_ny, eight(), friday_ny).unwrap();
        assert_eq!(next.with_timezone(&New_York).weekday(), Weekday::Mon);
    }

    #[test]
    fn monthly_on_the_31st_uses_the_last_day_of_short_months() {
        let jan31 = utc("2026-01-31T06:00:00Z");
        let next = next_after(Recurrence::Monthly, Jerusalem, jan31, eight(), jan31).unwrap();
        assert_eq!(next.with_timezone(&Jerusalem).date_naive(), NaiveDate::from_ymd_opt(2026, 2, 28).unwrap());
    }

    #[test]
    fn catching_up_skips_past_occurrences() {
        let prev = utc("2026-01-01T06:00:00Z");
        let after = utc("2026-01-10T12:00:00Z");
        let next = next_after(Recurrence::Daily, Jerusalem, prev, eight(), after).unwrap();
        assert_eq!(next, utc("2026-01-11T06:00:00Z"));
    }
}
