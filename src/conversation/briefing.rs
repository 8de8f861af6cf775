//! Asking for the morning briefing, or to stop it: "send me a summary every morning at 7",
//! "תשלח לי כל בוקר בשבע מה יש לי היום", "stop the morning summary", "תפסיק את הסיכום". Pure: no
//! I/O (the scheduler's briefing.rs stores and sends it).

use chrono::{DateTime, NaiveTime, Timelike};
use chrono_tz::Tz;

/// The time a briefing goes out when the request names none.
pub const DEFAULT_TIME: (u32, u32) = (7, 0);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Request {
    On(NaiveTime),
    Off,
}

const SUMMARY: &[&str] = &[
    "summary",
    "briefing",
    "digest",
    "what i have today",
    "what's on today",
    "סיכום",
    "תדריך",
    "מה יש לי היום",
    "מה יש לי מחר",
];
const DAILY: &[&str] =
    &["every morning", "each morning", "every day", "daily", "כל בוקר", "בכל בוקר", "כל יום", "בכל יום"];
const STOP: &[&str] = &[
    "stop",
    "cancel",
    "turn off",
    "disable",
    "no more",
    "unsubscribe",
    "תפסיק",
    "הפסק",
    "תבטל",
    "בטל",
    "לבטל",
    "להפסיק",
    "כבה",
    "די עם",
];

/// `None`: not about the briefing.
pub fn parse(text: &str, now: DateTime<Tz>) -> Option<Request> {
    let lower = text.to_lowercase();
    let has = |ws: &[&str]| ws.iter().any(|w| lower.contains(w));
    if !has(SUMMARY) {
        return None;
    }
    if has(STOP) {
        return Some(Request::Off);
    }
    if !has(DAILY) {
        return None;
    }
    use crate::understand::time::{Found, scan};
    // "every morning" alone is read as 09:00 by the time grammar; only a said hour counts
    const HOURS: &[&str] =
        &["five", "six", "seven", "eight", "nine", "ten", "חמש", "שש", "שבע", "שמונה", "תשע", "עשר", "אחת"];
    let said_hour = lower.chars().any(|c| c.is_ascii_digit()) || has(HOURS);
    let time = scan(text, now)
        .into_iter()
        .filter_map(|f| match f {
            // a part of the day alone ("every morning") names no hour: the default then
            Found::Time(m) if m.problem.is_none() && m.point.is_none() => Some(m.value.time()),
            _ => None,
        })
        .find(|t| *t != NaiveTime::MIN && said_hour)
        // a morning summary: "at 7" is 07:00 even when said in the evening
        .map(|t| if t.hour() >= 12 && !lower.contains("pm") { t - chrono::Duration::hours(12) } else { t });
    let (h, m) = DEFAULT_TIME;
    Some(Request::On(time.unwrap_or(NaiveTime::from_hms_opt(h, m, 0)?)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now() -> DateTime<Tz> {
        DateTime::parse_from_rfc3339("2026-01-22T21:09:00+02:00").unwrap().with_timezone(&chrono_tz::Asia::Jerusalem)
    }

    fn on(h: u32, m: u32) -> Option<Request> {
        Some(Request::On(NaiveTime::from_hms_opt(h, m, 0).unwrap()))
    }

    #[test]
    fn asking_for_a_morning_summary_turns_it_on_at_that_local_time_in_both_languages() {
        assert_eq!(parse("send me a summary every morning at 7", now()), on(7, 0));
        assert_eq!(parse("תשלח לי כל בוקר בשבע מה יש לי היום", now()), on(7, 0));
        assert_eq!(parse("daily briefing at 6:30 please", now()), on(6, 30));
        assert_eq!(parse("send me a summary every morning", now()), on(7, 0));
    }

    #[test]
    fn stopping_it_is_understood_in_both_languages() {
        assert_eq!(parse("stop the morning summary", now()), Some(Request::Off));
        assert_eq!(parse("תפסיק את הסיכום", now()), Some(Request::Off));
    }

    #[test]
    fn other_messages_are_not_about_the_briefing() {
        for t in ["remind me every morning at 7 to run", "write a summary of the meeting", "what do I have today?"] {
            assert_eq!(parse(t, now()), None, "{t}");
        }
    }
}
