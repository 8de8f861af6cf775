//! A command after a reason, meetings taken off with words other than "cancel", the day a
//! thing is moved from, the evening before another step's day, and things someone else did or
//! wants.

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

#[test]
fn the_day_a_thing_is_moved_from_is_where_to_find_it() {
    for (text, from, to) in [
        ("move the department meeting from tuesday to friday at 3:30", "2026-12-01", "2026-11-27T15:30:00+02:00"),
        ("תזיז את ה-board meeting מיום ראשון ליום שני ב-4", "2026-11-29", "2026-11-30T16:00:00+02:00"),
        ("תזיז את ישיבת הצוות של יום רביעי ליום חמישי ב-2", "2026-11-25", "2026-11-26T14:00:00+02:00"),
    ] {
        let s = &steps(text)[0];
        assert_eq!(s.action, Action::Update, "{text}");
        assert_eq!(s.when, Some(iso(to)), "{text}");
        assert_eq!(s.window.as_ref().map(|w| w.start), Some(iso(&format!("{from}T00:00:00+02:00"))), "{text}");
    }
    // a move with no day it comes from names no window
    assert_eq!(steps("move the dentist to friday")[0].window, None);
}

#[test]
fn the_evening_before_is_that_days_evening() {
    let s = steps("תקבע לי טיפת חלב ביום ראשון ב-8:30 ותזכיר לי בערב לפני להכין את הפנקס");
    assert_eq!(s[1].when, Some(iso("2026-11-28T18:00:00+02:00")));
    assert_eq!(s[1].title.as_deref(), Some("להכין את הפנקס"));
    let s = steps("תקבע לי טיפת חלב ביום ראשון ב-8:30 ותזכיר לי ערב לפני בתשע להכין את הפנקס");
    assert_eq!(s[1].when, Some(iso("2026-11-28T21:00:00+02:00")));
    // the day asked about is the base too
    let s = steps("מה יש לי ביומן ביום שלישי? ותזכיר לי בערב שלפני להכין את המצגת");
    assert_eq!(s[1].when, Some(iso("2026-11-30T18:00:00+02:00")));
    // the hour told with the thing's day is the thing's
    let s = steps("the viewing is saturday at 12 - remind me the evening before to text the current tenant");
    assert_eq!(s[0].when, Some(iso("2026-11-27T18:00:00+02:00")));
    let s = steps("open house is on the 20th at 3. remind me the day before to print flyers");
    assert_eq!(s[0].when, Some(iso("2026-12-19T09:00:00+02:00")));
    // ...but an hour of the step's own, before "that day", is its own
    let s = steps("put dinner at Mashya on thursday at 8pm in my calendar and remind me at 7pm that day to leave");
    assert_eq!(s[1].when, Some(iso("2026-11-26T19:00:00+02:00")));
}

#[test]
fn what_someone_sent_or_wants_is_told_not_asked() {
    for text in [
        "אוי הבירוקרטיה פה, ביטוח לאומי שלחו לי עוד מכתב שאני לא מבינה מילה",
        "השוכר מבלור שלח לי הודעה באמצע הלילה שהדוד לא עובד. באמצע הלילה!! מי עושה דבר כזה",
        "הבוס שלי רוצה שאגיע למשרד גם בשישי, אין לו מושג מה זה טייפר",
        "my boss wants me in the office on friday too, he has no idea what tapering is",
    ] {
        assert_eq!(steps(text)[0].resolver, Resolver::General, "{text}");
    }
    // a command to send is still one
    assert_eq!(steps("שלח לי מייל עם הסיכום")[0].resolver, Resolver::Gmail);
    assert_eq!(steps("תשלח לדנה את הקובץ במייל")[0].resolver, Resolver::Gmail);
}

#[test]
fn a_thing_named_then_its_right_day_and_not_the_wrong_one_moves_it() {
    for (text, title, to, wrong) in [
        ("no wait her bday is wednesday not thursday", "her bday", "2026-11-25", "2026-11-26"),
        ("רגע, הריצה הארוכה זה בשבת לא בראשון", "הריצה הארוכה", "2026-11-28", "2026-11-29"),
    ] {
        let s = &steps(text)[0];
        assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Update), "{text}");
        assert_eq!(s.title.as_deref(), Some(title), "{text}");
        assert_eq!(s.when, Some(iso(&format!("{to}T00:00:00+02:00"))), "{text}");
        assert_eq!(s.window.as_ref().map(|w| w.start), Some(iso(&format!("{wrong}T00:00:00+02:00"))), "{text}");
    }
    // a request with two days is no correction
    assert_eq!(steps("remind me wednesday not thursday to call mom")[0].action, Action::Create);
}

#[test]
fn asking_to_mark_a_report_done_is_no_part_of_what_was_done() {
    for (text, title) in [
        ("כבר דיברתי עם האינסטלטור עכשיו בטלפון, אפשר לסמן", "האינסטלטור בטלפון"),
        ("called the plumber, you can mark it", "plumber"),
    ] {
        let s = &steps(text)[0];
        assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Complete), "{text}");
        assert_eq!(s.title.as_deref(), Some(title), "{text}");
    }
    // "actually" / "בעצם" before a report
    let s = &steps("בעצם שילמתי את החשמל אתמול בדואר")[0];
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Complete));
}
