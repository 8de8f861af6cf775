//! What a Gmail request says, read from the step's text: a search ("from Dana", "unread",
//! "about the invoice", "this week", "with attachments" → Gmail `q` syntax) or an email to
//! write (recipient, subject, body). Deterministic, no I/O; Hebrew and English.

use chrono::{DateTime, Datelike, Duration, NaiveTime, TimeZone};
use chrono_tz::Tz;

/// A search as Gmail `q` syntax.
pub fn search_query(text: &str, now: DateTime<Tz>) -> String {
    // "did the exam board email me back about the remarks? if they did read it to me": the
    // question is what to look for; what follows it is what to do with what is found
    let text = match text.split_once('?') {
        Some((asked, _)) if asked.split_whitespace().count() >= 2 => asked,
        _ => text,
    };
    let words = words(text);
    let lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    let has = |p: &[&str]| lower.windows(p.len()).any(|w| w.iter().zip(p).all(|(a, b)| a == b));
    let mut q: Vec<String> = Vec::new();
    if let Some(from) = sender(&words) {
        q.push(format!("from:{}", quote(&from)));
    }
    if has(&["unread"]) || has(&["שלא", "קראתי"]) || has(&["לא", "נקרא"]) || has(&["שלא", "נקראו"])
    {
        q.push("is:unread".into());
    }
    if has(&["attachment"])
        || has(&["attachments"])
        || has(&["קובץ", "מצורף"])
        || has(&["קבצים", "מצורפים"])
        || has(&["צרופה"])
        || has(&["צרופות"])
        || has(&["קבצים"])
    {
        q.push("has:attachment".into());
    }
    if let Some(about) = topic(&words) {
        q.push(about);
    }
    if let Some(after) = since(&lower, now) {
        q.push(format!("after:{}", after.timestamp()));
    }
    if q.is_empty() { "in:inbox".to_string() } else { q.join(" ") }
}

/// Text as words, punctuation at the ends trimmed (an address stays whole).
fn words(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|w| w.trim_matches(|c: char| matches!(c, ',' | '?' | '!' | '"' | '“' | '”' | ';' | '.' | '(' | ')')))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

fn quote(s: &str) -> String {
    if s.contains(' ') { format!("\"{s}\"") } else { s.to_string() }
}

/// "from Dana", "מדנה", "מ-דנה", "מאת דנה", "ששלחה דנה", "did Dana email me", "Dana sent me",
/// "דנה שלחה לי".
fn sender(words: &[String]) -> Option<String> {
    let lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    let at = |i: usize| lower.get(i).map(String::as_str).unwrap_or("");
    for i in 0..words.len() {
        if at(i) == "did" && matches!(at(i + 2), "email" | "mail" | "write" | "send" | "reply" | "message") {
            return Some(words[i + 1].clone());
        }
        let sent = matches!(at(i + 1), "sent" | "emailed" | "wrote" | "שלח" | "שלחה" | "כתב" | "כתבה");
        if sent && matches!(at(i + 2), "me" | "לי") && !is_filler(at(i)) && !matches!(at(i), "who" | "מי") {
            return Some(words[i].clone());
        }
    }
    for (i, w) in words.iter().enumerate() {
        let next = words.get(i + 1).map(String::as_str);
        match w.to_lowercase().as_str() {
            "from" | "מאת" => return next.map(str::to_string),
            "ששלח" | "ששלחה" | "שדנה" => return next.filter(|n| !is_filler(n)).map(str::to_string),
            _ => {}
        }
        if let Some(rest) = w.strip_prefix("מ-").or_else(|| w.strip_prefix("מ־")) {
            return Some(rest.to_string());
        }
        // "מדנה": a מ prefix on a word that is not itself a common Hebrew word
        if let Some(rest) = w.strip_prefix('מ')
            && rest.chars().count() >= 2
            && !HEBREW_M_WORDS.contains(&w.as_str())
            && i > 0
            && HEBREW_AFTER_NOUN.contains(&words[i - 1].trim_start_matches('ה'))
        {
            return Some(rest.to_string());
        }
    }
    None
}

/// Words a "מ" prefix would misread as "from ...".
const HEBREW_M_WORDS: &[&str] = &["מייל", "מיילים", "מה", "מתי", "מחר", "מישהו", "ממש", "מאוד"];
/// "מייל מדנה", "מיילים ממיכל", "הודעה מרותם": the noun a sender follows.
/// (with or without the article ה).
const HEBREW_AFTER_NOUN: &[&str] =
    &["מייל", "מיילים", "אימייל", "אימיילים", "דואר", "ודעה", "ודעות", "חדש", "חדשים", "אחרון", "אחרונים", "אחרונה"];

fn is_filler(w: &str) -> bool {
    matches!(w, "לי" | "me" | "את" | "the" | "a" | "an")
}

/// "about the invoice" → `invoice`, "בנושא חשבון" / "על החשבון" → `חשבון` (a Hebrew ה stays:
/// Gmail matches words, and the user's word is the best guess).
fn topic(words: &[String]) -> Option<String> {
    let at = words
        .iter()
        .position(|w| matches!(w.to_lowercase().as_str(), "about" | "regarding" | "בנושא" | "לגבי" | "על"))?;
    let stop = ["from", "this", "today", "yesterday", "with", "השבוע", "היום", "אתמול", "עם", "מאת", "שלא"];
    let rest: Vec<&str> = words[at + 1..]
        .iter()
        .map(String::as_str)
        .take_while(|w| !stop.contains(&w.to_lowercase().as_str()) && !w.starts_with("מ-"))
        .filter(|w| !matches!(w.to_lowercase().as_str(), "the" | "a" | "an" | "my"))
        .collect();
    (!rest.is_empty()).then(|| rest.join(" "))
}

/// The start of "today", "yesterday", "this week" (Sunday in Israel's habit, the week the
/// user's calendar starts), "this month" in the user's zone.
fn since(lower: &[String], now: DateTime<Tz>) -> Option<DateTime<Tz>> {
    let has = |w: &str| lower.iter().any(|x| x == w);
    let pair = |a: &str, b: &str| lower.windows(2).any(|p| p[0] == a && p[1] == b);
    let today = now.date_naive();
    let day = if has("today") || has("היום") {
        today
    } else if has("yesterday") || has("אתמול") {
        today - Duration::days(1)
    } else if pair("this", "week") || has("השבוע") {
        today - Duration::days(today.weekday().num_days_from_sunday() as i64)
    } else if pair("this", "month") || has("החודש") {
        today.with_day(1)?
    } else {
        return None;
    };
    now.timezone().from_local_datetime(&day.and_time(NaiveTime::MIN)).earliest()
}

/// An email to write, as said.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Draft {
    /// an address given in the text
    pub address: Option<String>,
    /// a name to look up among recent correspondents
    pub name: Option<String>,
    pub subject: Option<String>,
    pub body: Option<String>,
}

/// Verbs and nouns of the request itself, not part of recipient, subject or body.
const REQUEST: &[&str] = &[
    "email",
    "e-mail",
    "mail",
    "send",
    "an",
    "a",
    "write",
    "draft",
    "compose",
    "reply",
    "shoot",
    "drop",
    "please",
    "תשלח",
    "שלח",
    "תשלחי",
    "לשלוח",
    "תכתוב",
    "תכתבי",
    "תנסח",
    "תנסחי",
    "מייל",
    "אימייל",
    "טיוטה",
    "טיוטת",
    "הודעה",
    "תענה",
    "תעני",
    "בבקשה",
    "לי",
    "an",
    "email:",
];

/// Reads recipient, subject and body: "email Mark that the contract is signed", "send an
/// email to dana@example.com about lunch saying see you at 1", "תשלח מייל לדנה שאני מאחר",
/// "תכתוב טיוטה לרותם בנושא תקציב: המספרים מצורפים".
pub fn draft(text: &str) -> Draft {
    // "...: the body" (a colon inside a time, "15:00", is not one)
    let colon = text.char_indices().find(|&(i, c)| c == ':' && !text[..i].ends_with(|p: char| p.is_ascii_digit()));
    let (head, colon_body) = match colon {
        Some((i, _)) if !text[i + 1..].trim().is_empty() => {
            (text[..i].to_string(), Some(text[i + 1..].trim().to_string()))
        }
        _ => (text.to_string(), None),
    };
    let ws = words(&head);
    let mut d = Draft { body: colon_body, ..Default::default() };
    let mut i = 0;
    while i < ws.len() && REQUEST.contains(&ws[i].to_lowercase().as_str()) {
        i += 1;
    }
    let mut rest: Vec<String> = ws[i..].to_vec();
    // recipient: an address anywhere, else "to X" / "אל X" / "לX" / the word right after the verb
    if let Some(pos) = rest.iter().position(|w| w.contains('@')) {
        d.address = Some(rest.remove(pos).trim_start_matches(['ל', '-']).to_lowercase());
        if pos > 0 && matches!(rest[pos - 1].to_lowercase().as_str(), "to" | "אל") {
            rest.remove(pos - 1);
        }
    } else if let Some(first) = rest.first().cloned() {
        let lower = first.to_lowercase();
        if (lower == "to" || first == "אל") && rest.len() > 1 {
            d.name = Some(rest.remove(1));
            rest.remove(0);
        } else if let Some(name) =
            first.strip_prefix("ל-").or_else(|| first.strip_prefix('ל')).filter(|n| n.chars().count() >= 2)
        {
            d.name = Some(name.to_string());
            rest.remove(0);
        } else if !matches!(lower.as_str(), "about" | "that" | "saying" | "בנושא" | "על") {
            d.name = Some(first);
            rest.remove(0);
        }
    }
    // "send Dana an email": the request noun after the name
    while rest.first().is_some_and(|w| REQUEST.contains(&w.to_lowercase().as_str())) {
        rest.remove(0);
    }
    let text_rest = rest.join(" ");
    let (subject_part, body_part) = split_body(&text_rest);
    if d.body.is_none() {
        d.body = body_part.filter(|b| !b.is_empty());
    }
    let subject = subject_part
        .trim()
        .trim_start_matches("about ")
        .trim_start_matches("בנושא ")
        .trim_start_matches("subject ")
        .trim_start_matches("על ")
        .trim()
        .to_string();
    d.subject = (!subject.is_empty()).then_some(subject);
    d
}

/// "about X saying Y" / "X that Y" / "בנושא X שY": (the part before the body, the body).
fn split_body(s: &str) -> (String, Option<String>) {
    for marker in [" saying ", " that says ", " to say ", " that ", " ולהגיד ", " לומר ", " להגיד ", " ש"]
    {
        let padded = format!(" {s}");
        if let Some(at) = padded.find(marker) {
            let before = padded[..at].trim().to_string();
            let after = padded[at + marker.len()..].trim().to_string();
            return (before, Some(after));
        }
    }
    (s.to_string(), None)
}

#[cfg(test)]
#[path = "gmail_query_tests.rs"]
mod tests;
