//! A command after a reason, and meetings taken off with words other than "cancel".

use chrono::{DateTime, FixedOffset};
use chrono_tz::Tz;

use super::{Action, Lang, Resolver, Step, understand};

/// Tuesday 24 November 2026, 10:00 in Jerusalem.
fn now() -> DateTime<Tz> {
    DateTime::parse_from_rfc3339("2026-11-24T10:00:00+02:00").expect("now").with_timezone(&chrono_tz::Asia::Jerusalem)
}

fn iso(s: &str) -> DateTime<FixedOffset> {
    DateTime::parse_from_rfc3339(s).expect("expected time")
}

fn steps(text: &str) -> Vec<Step> {
    understand(text, now(), Lang::He).steps
}

#[test]
fn a_meeting_taken_off_on_a_day_or_with_someone_comes_off_the_calendar() {
    for (text, day) in [
        ("תוריד את הפגישה עם הבנקאי מיום שלישי", "2026-12-01"),
        ("תמחקי את השיעור הפרטי של יום שני", "2026-11-30"),
        ("delete my lunch with Dana tomorrow", "2026-11-25"),
    ] {
        let s = &steps(text)[0];
        assert_eq!((s.resolver, s.action), (Resolver::Calendar, Action::Delete), "{text}");
        let w = s.window.as_ref().expect("the day searched");
        assert_eq!(w.start, iso(&format!("{day}T00:00:00+02:00")), "{text}");
    }
    // a reminder named, or a list, keeps its own resolver
    assert_eq!(steps("delete the reminder about the meeting tomorrow")[0].resolver, Resolver::Task);
    assert_ne!(steps("תוריד את הפגישה מרשימת המטלות")[0].resolver, Resolver::Calendar);
}

#[test]
fn the_commands_own_time_wins_over_one_told_in_the_reason_before_it() {
    let s = &steps("הבנקאי לא יכול השבוע, תוריד את הפגישה איתו מיום שלישי")[0];
    assert_eq!(s.window.as_ref().map(|w| w.start), Some(iso("2026-12-01T00:00:00+02:00")));
    // ("him" points back into the reason, which stays in the name)
    assert!(s.title.as_deref().is_some_and(|t| t.contains("הבנקאי")), "{:?}", s.title);
    let s = &steps("i'm on nights thursday and friday so cancel the dinner with Lior on friday")[0];
    assert_eq!(s.window.as_ref().map(|w| w.start), Some(iso("2026-11-27T00:00:00+02:00")));
    assert_eq!(s.title.as_deref(), Some("the dinner with Lior"));
    // a time said before the command with no reason between is the step's
    let s = &steps("tomorrow at 5 remind me to call the bank")[0];
    assert_eq!(s.when, Some(iso("2026-11-25T17:00:00+02:00")));
}
