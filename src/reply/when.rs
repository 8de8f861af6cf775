//! Times in the user's words and timezone: "מחר ב-08:00", "on Monday at 11:15",
//! "every day at 08:00". Sentences come from the locales; only the choice of phrase is here.

use chrono::{DateTime, Datelike};
use chrono_tz::Tz;

use super::Msg;
use crate::understand::{Lang, Recurrence};

const DAYS: [&str; 7] = ["day-0", "day-1", "day-2", "day-3", "day-4", "day-5", "day-6"];

fn day_name(lang: Lang, at: DateTime<Tz>) -> String {
    super::t(lang, DAYS[at.weekday().num_days_from_sunday() as usize])
}

/// A point in time relative to `now`, both in the user's timezone.
pub fn when_phrase(lang: Lang, at: DateTime<Tz>, now: DateTime<Tz>) -> String {
    let time = at.format("%H:%M").to_string();
    let days = (at.date_naive() - now.date_naive()).num_days();
    let msg = match days {
        0 => Msg::new("when-today").arg("time", time),
        1 => Msg::new("when-tomorrow").arg("time", time),
        2..=6 => Msg::new("when-weekday").arg("day", day_name(lang, at)).arg("time", time),
        _ => {
            let date = if at.year() == now.year() { at.format("%d/%m") } else { at.format("%d/%m/%Y") };
            Msg::new("when-date").arg("date", date.to_string()).arg("time", time)
        }
    };
    msg.render(lang)
}

/// A recurring schedule from its first occurrence: "every Sunday at 19:00".
pub fn recurrence_phrase(lang: Lang, rec: Recurrence, first: DateTime<Tz>) -> String {
    let time = first.format("%H:%M").to_string();
    let msg = match rec {
        Recurrence::Daily => Msg::new("rec-daily"),
        Recurrence::Weekdays => Msg::new("rec-weekdays"),
        Recurrence::Weekly => Msg::new("rec-weekly").arg("day", day_name(lang, first)),
        Recurrence::Monthly => Msg::new("rec-monthly").num("dom", i64::from(first.day())),
        Recurrence::Yearly => Msg::new("rec-yearly").arg("date", first.format("%d/%m").to_string()),
    };
    msg.arg("time", time).render(lang)
}

/// A date alone, for list headers ("today", "tomorrow", "Monday", "10/02").
pub fn day_phrase(lang: Lang, at: DateTime<Tz>, now: DateTime<Tz>) -> String {
    match (at.date_naive() - now.date_naive()).num_days() {
        0 => super::t(lang, "day-today"),
        1 => super::t(lang, "day-tomorrow"),
        2..=6 => day_name(lang, at),
        _ => at.format("%d/%m").to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use chrono_tz::Asia::Jerusalem;

    fn at(d: u32, h: u32, m: u32) -> DateTime<Tz> {
        Jerusalem.with_ymd_and_hms(2026, 1, d, h, m, 0).unwrap()
    }

    #[test]
    fn tomorrow_at_eight_reads_naturally_in_both_languages() {
        let now = at(22, 21, 9);
        assert_eq!(when_phrase(Lang::He, at(23, 8, 0), now), "מחר ב-08:00");
        assert_eq!(when_phrase(Lang::En, at(23, 8, 0), now), "tomorrow at 08:00");
    }

    #[test]
    fn days_this_week_use_the_weekday_and_later_ones_the_date() {
        let now = at(22, 21, 9); // Thursday
        assert_eq!(when_phrase(Lang::He, at(26, 11, 15), now), "ביום שני ב-11:15");
        assert_eq!(when_phrase(Lang::En, at(26, 11, 15), now), "on Monday at 11:15");
        let feb = Jerusalem.with_ymd_and_hms(2026, 2, 10, 8, 30, 0).unwrap();
        assert_eq!(when_phrase(Lang::En, feb, now), "on 10/02 at 08:30");
    }

    #[test]
    fn weekly_recurrence_names_the_day() {
        assert_eq!(recurrence_phrase(Lang::He, Recurrence::Weekly, at(25, 19, 0)), "כל יום ראשון ב-19:00");
        assert_eq!(recurrence_phrase(Lang::En, Recurrence::Daily, at(25, 8, 0)), "every day at 08:00");
    }
}
