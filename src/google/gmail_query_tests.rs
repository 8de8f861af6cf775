use super::*;
use chrono::TimeZone;

fn now() -> DateTime<Tz> {
    // Wednesday 25 November 2026, 10:00 in Jerusalem
    chrono_tz::Asia::Jerusalem.with_ymd_and_hms(2026, 11, 25, 10, 0, 0).unwrap()
}

#[test]
fn from_unread_about_this_week_and_attachments_become_gmail_syntax() {
    let week_start = chrono_tz::Asia::Jerusalem.with_ymd_and_hms(2026, 11, 22, 0, 0, 0).unwrap().timestamp();
    assert_eq!(
        search_query("any unread emails from Dana about the invoice this week with attachments", now()),
        format!("from:Dana is:unread has:attachment invoice after:{week_start}")
    );
}

#[test]
fn hebrew_searches_read_the_sender_prefix_and_the_topic() {
    let today = chrono_tz::Asia::Jerusalem.with_ymd_and_hms(2026, 11, 25, 0, 0, 0).unwrap().timestamp();
    assert_eq!(search_query("יש לי מייל מדנה היום?", now()), format!("from:דנה after:{today}"));
    assert_eq!(search_query("תחפש מיילים שלא קראתי בנושא חשבון חשמל", now()), "is:unread חשבון חשמל");
    assert_eq!(search_query("מיילים עם קובץ מצורף מ-רותם", now()), "from:רותם has:attachment");
    assert_eq!(search_query("מה חדש במייל", now()), "in:inbox");
    assert_eq!(search_query("תקרא לי את המייל האחרון מדנה", now()), "from:דנה");
}

#[test]
fn an_english_email_names_recipient_and_body() {
    let d = draft("email Mark that the contract is signed");
    assert_eq!(d.name.as_deref(), Some("Mark"));
    assert_eq!(d.body.as_deref(), Some("the contract is signed"));
    assert_eq!(d.subject, None);
}

#[test]
fn an_address_a_subject_and_a_body_are_read_apart() {
    let d = draft("send an email to dana@example.com about lunch saying see you at 13:00");
    assert_eq!(d.address.as_deref(), Some("dana@example.com"));
    assert_eq!(d.subject.as_deref(), Some("lunch"));
    assert_eq!(d.body.as_deref(), Some("see you at 13:00"));
}

#[test]
fn hebrew_emails_read_the_lamed_prefix_and_the_she_body() {
    let d = draft("תשלח מייל לדנה שאני מאחר בעשר דקות");
    assert_eq!(d.name.as_deref(), Some("דנה"));
    assert_eq!(d.body.as_deref(), Some("אני מאחר בעשר דקות"));
    let d = draft("תכתוב טיוטה לרותם בנושא תקציב: המספרים מצורפים");
    assert_eq!(d.name.as_deref(), Some("רותם"));
    assert_eq!(d.subject.as_deref(), Some("תקציב"));
    assert_eq!(d.body.as_deref(), Some("המספרים מצורפים"));
}

#[test]
fn did_x_email_me_and_x_sent_me_name_the_sender() {
    assert_eq!(search_query("did Dana email me?", now()), "from:Dana");
    assert_eq!(search_query("has Rotem sent me anything today", now()).split(' ').next(), Some("from:Rotem"));
    assert_eq!(search_query("דנה שלחה לי מייל?", now()), "from:דנה");
    assert!(!search_query("who sent me emails today", now()).starts_with("from:"));
}
