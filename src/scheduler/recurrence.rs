//! Recurrence in the user's timezone. A recurring reminder keeps its local wall-clock time:
//! the next occurrence is computed on local dates and only then turned into an instant, so a
//! daily 08:00 stays 08:00 across a DST change (and 02:30 on a spring-forward night, which does
//! not exist, moves to 03:30 rather than vanishing). The five simple values are kept on old
//! rows and in `ozer understand`; they are expanded as the RRULEs they mean
//! ([`legacy_series`], [`crate::understand::rrule`]).

use chrono::{DateTime, Datelike, NaiveDateTime, NaiveTime, Utc, Weekday};
use chrono_tz::Tz;

use crate::understand::Recurrence;
use crate::understand::rrule::{Freq, Rule, Series, on_month_day};

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

pub use crate::understand::rrule::resolve_local;

/// One of the five simple recurrences as an RRULE series starting at `start` (local, in `tz`).
/// Monthly and yearly keep `start`'s day for good (the 31st is the last day of shorter months,
/// 29 February is the 28th in common years), since every occurrence is computed from the start.
pub fn legacy_series(rec: Recurrence, tz: Tz, start: NaiveDateTime) -> Series {
    let mut rule = Rule::new(match rec {
        Recurrence::Daily => Freq::Daily,
        Recurrence::Weekdays | Recurrence::Weekly => Freq::Weekly,
        Recurrence::Monthly => Freq::Monthly,
        Recurrence::Yearly => Freq::Yearly,
    });
    match rec {
        Recurrence::Daily => {}
        Recurrence::Weekly => rule.by_day = vec![(None, start.weekday())],
        Recurrence::Weekdays => {
            let all =
                [Weekday::Sun, Weekday::Mon, Weekday::Tue, Weekday::Wed, Weekday::Thu, Weekday::Fri, Weekday::Sat];
            rule.by_day = all.into_iter().filter(|d| is_workday(tz, *d)).map(|d| (None, d)).collect();
        }
        Recurrence::Monthly => on_month_day(&mut rule, start.day()),
        Recurrence::Yearly => {
            rule.by_month = vec![start.month()];
            on_month_day(&mut rule, start.day());
        }
    }
    Series { tz, start, rule }
}

/// The series a task's stored recurrence describes, in the user's current zone `tz`: the stored
/// RRULE form, or one of the five simple words (rows from before RRULEs) anchored at `current`,
/// the occurrence the task is at, and `local_time`.
pub fn series_of(stored: &str, tz: Tz, current: DateTime<Utc>, local_time: Option<NaiveTime>) -> Option<Series> {
    if let Some(mut series) = Series::parse(stored) {
        // a rescheduled series ("move my daily reminder to 9") keeps its new time of day
        if let Some(t) = local_time {
            series.start = series.start.date().and_time(t);
        }
        return Some(series.in_zone(tz));
    }
    let rec = parse(stored)?;
    let local = current.with_timezone(&tz);
    let start = local.date_naive().and_time(local_time.unwrap_or(local.time()));
    Some(legacy_series(rec, tz, start))
}

/// The series a new reminder at `due` gets from what the message said: `spec` is `RRULE:…` (a
/// rule from understand::repeat), one of the five simple words, or an already stored series.
pub fn series_for_new(spec: &str, tz: Tz, due: DateTime<Utc>) -> Option<Series> {
    match spec.strip_prefix("RRULE:") {
        Some(rule) => Some(Series { tz, start: due.with_timezone(&tz).naive_local(), rule: Rule::parse(rule)? }),
        None => series_of(spec, tz, due, None),
    }
}

/// The first occurrence strictly after `after` of a simple recurrence whose occurrence `prev`
/// is known (rows stored before RRULEs).
pub fn next_after(
    rec: Recurrence,
    tz: Tz,
    prev: DateTime<Utc>,
    local_time: NaiveTime,
    after: DateTime<Utc>,
) -> Option<DateTime<Utc>> {
    let start = prev.with_timezone(&tz).date_naive().and_time(local_time);
    legacy_series(rec, tz, start).next_after(after)
}

/// After the user's timezone changed from `old` to `new`: every open recurring reminder keeps its
/// local wall-clock time in the new zone (its next occurrence moves), while one-off reminders
/// keep their instant. Old simple-word rows are stored as their series on the way.
pub async fn rezone(
    db: &impl sea_orm::ConnectionTrait,
    user_id: i64,
    old: Tz,
    new: Tz,
    now: DateTime<Utc>,
) -> Result<(), sea_orm::DbErr> {
    use crate::store::tasks;
    for t in tasks::by_status(db, user_id, tasks::OPEN).await? {
        let (Some(rec), Some(due)) = (t.recurrence.as_deref(), t.due_at) else { continue };
        let local_time = t.local_time.as_deref().and_then(parse_local_time);
        let Some(series) = series_of(rec, old, due, local_time).map(|s| s.in_zone(new)) else { continue };
        let next = if t.next_fire_at.is_some() { series.next_after(now) } else { None };
        tasks::move_series(db, &t, &series.to_string(), next).await?;
    }
    Ok(())
}

/// Parses the "HH:MM" a task keeps.
pub fn parse_local_time(s: &str) -> Option<NaiveTime> {
    NaiveTime::parse_from_str(s, "%H:%M").ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;
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
    fn a_stored_series_takes_the_time_of_day_a_reschedule_gave_it() {
        let stored = "DTSTART;TZID=Asia/Jerusalem:20260101T080000\nRRULE:FREQ=DAILY";
        let nine = NaiveTime::from_hms_opt(9, 0, 0).unwrap();
        let s = series_of(stored, Jerusalem, utc("2026-01-10T06:00:00Z"), Some(nine)).unwrap();
        assert_eq!(s.next_after(utc("2026-01-10T12:00:00Z")), Some(utc("2026-01-11T07:00:00Z")));
    }

    #[test]
    fn catching_up_skips_past_occurrences() {
        let prev = utc("2026-01-01T06:00:00Z");
        let after = utc("2026-01-10T12:00:00Z");
        let next = next_after(Recurrence::Daily, Jerusalem, prev, eight(), after).unwrap();
        assert_eq!(next, utc("2026-01-11T06:00:00Z"));
    }
}
