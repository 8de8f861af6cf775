//! A repeat rule in the user's words: "every other week on Tuesday at 09:00", "כל יום ראשון ורביעי
//! ב-08:00, עד 30/06". The five simple schedules keep their phrases (when.rs); this covers the
//! rules only an RRULE says. A rule outside the forms Ozer writes is named by its next time.

use chrono::{DateTime, Weekday};
use chrono_tz::Tz;

use super::Msg;
use super::when::recurrence_phrase;
use crate::scheduler::recurrence::legacy_series;
use crate::understand::rrule::{Freq, Series};
use crate::understand::{Lang, Recurrence};

const NTH: [&str; 5] = ["nth-last", "nth-1", "nth-2", "nth-3", "nth-4"];

fn day_name(lang: Lang, d: Weekday) -> String {
    const DAYS: [&str; 7] = ["day-0", "day-1", "day-2", "day-3", "day-4", "day-5", "day-6"];
    super::t(lang, DAYS[d.num_days_from_sunday() as usize])
}

/// "Sunday and Wednesday" / "ראשון ורביעי".
fn days_list(lang: Lang, days: &[Weekday]) -> String {
    let names: Vec<String> = days.iter().map(|d| day_name(lang, *d)).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => Msg::new("list-and").arg("init", init.join(", ")).arg("last", last.clone()).render(lang),
    }
}

/// The schedule of `series`, whose next occurrence is `first` (in the user's zone).
pub fn series_phrase(lang: Lang, series: &Series, first: DateTime<Tz>) -> String {
    for rec in [Recurrence::Daily, Recurrence::Weekdays, Recurrence::Weekly, Recurrence::Monthly, Recurrence::Yearly] {
        let simple = legacy_series(rec, series.tz, series.start);
        if simple.rule == series.rule {
            return recurrence_phrase(lang, rec, first);
        }
    }
    let r = &series.rule;
    let time = first.format("%H:%M").to_string();
    let n = i64::from(r.interval);
    let weekdays: Vec<Weekday> = r.by_day.iter().map(|(_, d)| *d).collect();
    let base = match (r.freq, r.by_day.as_slice(), r.by_month_day.as_slice()) {
        (Freq::Daily, [], []) => Msg::new("rec-days").num("n", n),
        (Freq::Weekly, _, []) if !weekdays.is_empty() => {
            Msg::new("rec-weeks").num("n", n).arg("days", days_list(lang, &weekdays))
        }
        (Freq::Monthly, [(Some(k), d)], []) if (-1..=4).contains(k) && *k != 0 => Msg::new("rec-month-nth")
            .arg("nth", super::t(lang, NTH[usize::try_from(*k).unwrap_or(0)]))
            .arg("day", day_name(lang, *d))
            .num("n", n),
        (Freq::Monthly, [], [-1]) => Msg::new("rec-month-last").num("n", n),
        _ => Msg::new("rec-other").arg("when", super::when::when_phrase(lang, first, first)),
    };
    let phrase = base.arg("time", time).render(lang);
    match (r.until, r.count) {
        (Some(until), _) => {
            let date = until.with_timezone(&series.tz).format("%d/%m/%Y").to_string();
            Msg::new("rec-until").arg("rule", phrase).arg("date", date).render(lang)
        }
        (None, Some(count)) => Msg::new("rec-count").arg("rule", phrase).num("n", i64::from(count)).render(lang),
        (None, None) => phrase,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::understand::rrule::Rule;
    use chrono::{NaiveDate, TimeZone};
    use chrono_tz::Asia::Jerusalem;

    fn series(rule: &str) -> (Series, DateTime<Tz>) {
        let start = NaiveDate::from_ymd_opt(2026, 3, 3).unwrap().and_hms_opt(9, 0, 0).unwrap();
        (
            Series { tz: Jerusalem, start, rule: Rule::parse(rule).unwrap() },
            Jerusalem.from_local_datetime(&start).unwrap(),
        )
    }

    #[test]
    fn every_other_week_on_tuesday_reads_naturally_in_both_languages() {
        let (s, first) = series("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU");
        assert_eq!(series_phrase(Lang::En, &s, first), "every other week on Tuesday at 09:00");
        assert_eq!(series_phrase(Lang::He, &s, first), "כל שבועיים ביום שלישי ב-09:00");
    }

    #[test]
    fn several_weekdays_with_an_end_name_the_days_and_the_last_date() {
        let (s, first) = series("FREQ=WEEKLY;BYDAY=SU,WE;UNTIL=20260630T205959Z");
        assert_eq!(series_phrase(Lang::En, &s, first), "every Sunday and Wednesday at 09:00, until 30/06/2026");
        assert_eq!(series_phrase(Lang::He, &s, first), "כל יום ראשון ורביעי ב-09:00, עד 30/06/2026");
    }

    #[test]
    fn the_first_sunday_and_the_last_day_of_the_month_are_named() {
        let (s, first) = series("FREQ=MONTHLY;BYDAY=1SU");
        assert_eq!(series_phrase(Lang::En, &s, first), "on the first Sunday of every month at 09:00");
        assert_eq!(series_phrase(Lang::He, &s, first), "ביום ראשון הראשון של כל חודש ב-09:00");
        let (s, first) = series("FREQ=MONTHLY;BYMONTHDAY=-1");
        assert_eq!(series_phrase(Lang::He, &s, first), "ביום האחרון של כל חודש ב-09:00");
    }

    #[test]
    fn a_simple_rule_keeps_its_simple_phrase() {
        let (s, first) = series("FREQ=DAILY");
        assert_eq!(series_phrase(Lang::En, &s, first), "every day at 09:00");
        let (s, first) = series("FREQ=DAILY;INTERVAL=3;COUNT=5");
        assert_eq!(series_phrase(Lang::En, &s, first), "every 3 days at 09:00, 5 times");
    }
}
