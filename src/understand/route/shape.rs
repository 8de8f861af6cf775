//! Readings that come from a step's shape rather than from a command word: a report in the past
//! tense ("paid the water bill", "שילמתי את הארנונה") completes a task; a question about the
//! world (weather, news, facts) is outside Ozer's abilities; "clear <day> except <title>"
//! empties a calendar window. Each rule is morphological or lexical, so it covers wordings no
//! schema pattern lists, and each yields only when no strong command word says otherwise.

use std::ops::Range;

use super::{Msg, Seg};
use crate::understand::normalize::{Kind, Token, peelings};
use crate::understand::time::{Found, Grain};

/// Words that may come before the verb of a report: "I already", "ok I", "כבר", "סוף סוף".
const REPORT_FILLERS: &[&str] = &[
    "i",
    "i've",
    "ive",
    "we",
    "we've",
    "already",
    "just",
    "finally",
    "ok",
    "okay",
    "so",
    "also",
    "have",
    "כבר",
    "סופ",
    "סוף",
    "אני",
    "גמ",
    "רק",
    "עכשיו",
    "היומ",
    "אוקיי",
    "טוב",
    "אז",
];

/// English past forms that do not end in -ed.
const IRREGULAR_PAST: &[&str] = &[
    "paid", "sent", "took", "bought", "got", "made", "did", "went", "gave", "brought", "wrote", "sold", "met", "fed",
    "found", "spoke", "rang", "drove", "ran", "built", "hung", "swept", "threw", "left",
];

/// -ed words and Hebrew first-person past forms that report a state of mind or a message, not a
/// finished chore: "I wanted", "שכחתי", "מה אמרתי".
const NOT_A_REPORT: &[&str] = &[
    "need",
    "needed",
    "wanted",
    "tried",
    "forgot",
    "missed",
    "used",
    "supposed",
    "seed",
    "feed",
    "red",
    "bed",
    "shed",
    "speed",
    "confused",
    "worried",
    "tired",
    "bored",
    "scared",
    "interested",
    "excited",
    "אמרתי",
    "רציתי",
    "חשבתי",
    "שכחתי",
    "הבנתי",
    "שמעתי",
    "ראיתי",
    "קיבלתי",
    "רשמתי",
    "סיפרתי",
    "התכוונתי",
    "הייתי",
    "נולדתי",
    "צריכתי",
    "ביתי",
    "אמיתי",
    "שאלתי",
];

fn is_report_verb(t: &Token<'_>) -> bool {
    if NOT_A_REPORT.contains(&t.text) {
        return false;
    }
    match t.kind {
        Kind::Latin => {
            IRREGULAR_PAST.contains(&t.text)
                || (t.text.len() >= 5 && t.text.ends_with("ed") && !t.text.ends_with("eed"))
        }
        // Hebrew first person singular past: -תי on a stem of at least three letters
        Kind::He => t.text.chars().count() >= 4 && t.text.ends_with("תי"),
        _ => false,
    }
}

/// The token range of a past-tense report's fillers and verb, when the step opens with one and
/// is not a question.
pub(super) fn report_verb(msg: &Msg<'_>, seg: Seg) -> Option<Range<usize>> {
    let toks = &msg.toks[seg.range()];
    if toks.iter().any(|t| t.text == "?") {
        return None;
    }
    let k = toks.iter().position(|t| !(REPORT_FILLERS.contains(&t.text) || t.kind == Kind::Punct))?;
    let verb = &toks[k];
    // "called" followed by "me"/"you" is about someone else's call, and a report needs an object
    let has_object = toks.len() > k + 1;
    (is_report_verb(verb) && has_object).then(|| seg.content..seg.content + k + 1)
}

/// Topics Ozer cannot look up: weather, news, sports, facts, prices, traffic, jokes.
const OUTSIDE: &[&str] = &[
    "weather",
    "forecast",
    "rain",
    "raining",
    "snow",
    "sunny",
    "temperature",
    "hot",
    "cold",
    "humid",
    "news",
    "headlines",
    "game",
    "match",
    "score",
    "won",
    "capital",
    "tall",
    "population",
    "calories",
    "exchange",
    "dollar",
    "euro",
    "stock",
    "stocks",
    "bitcoin",
    "traffic",
    "sunset",
    "sunrise",
    "joke",
    "president",
    "minister",
    "recipe",
    "מזג",
    "גשמ",
    "תחזית",
    "חמ",
    "קר",
    "שלג",
    "חדשות",
    "כותרות",
    "משחק",
    "ניצח",
    "ניצחה",
    "בירה",
    "גובה",
    "אוכלוסייה",
    "קלוריות",
    "שער",
    "דולר",
    "יורו",
    "מניות",
    "עומסימ",
    "פקקימ",
    "שקיעה",
    "זריחה",
    "בדיחה",
    "ממשלה",
    "נשיא",
    "אחוז",
    "מתכונ",
];

/// Openings of a question that "?"-less text still asks: "will it rain", "is it hot", "tell me".
const ASKS: &[&str] = &[
    "will",
    "is",
    "are",
    "does",
    "did",
    "who",
    "what",
    "what's",
    "whats",
    "how",
    "how's",
    "hows",
    "when",
    "where",
    "which",
    "tell",
    "any",
    "מה",
    "מי",
    "כמה",
    "מתי",
    "איפה",
    "האמ",
    "יהיה",
    "ירד",
    "תספר",
    "תספרי",
    "איכ",
    "יש",
];

fn outside_word(t: &Token<'_>) -> bool {
    match t.kind {
        Kind::Latin => OUTSIDE.contains(&t.text),
        // short Hebrew words only as written ("חם", not the "לחם" it hides in); longer ones
        // also with a prefix letter ("בחדשות", "הדולר")
        Kind::He => {
            OUTSIDE.contains(&t.text) || peelings(t.text).any(|(_, s)| s.chars().count() >= 4 && OUTSIDE.contains(&s))
        }
        _ => false,
    }
}

/// A question about the world rather than about the user's things.
pub(super) fn asks_outside(msg: &Msg<'_>, seg: Seg) -> bool {
    let toks = &msg.toks[seg.range()];
    let asks = toks.iter().any(|t| t.text == "?")
        || toks.first().is_some_and(|t| ASKS.contains(&t.text))
        || toks.iter().any(|t| matches!(t.text, "joke" | "בדיחה"));
    asks && toks.iter().any(outside_word)
}

/// Verbs that empty a span of time: "clear tomorrow", "תפנה את השבוע הבא".
const CLEARS: &[&str] = &[
    "clear",
    "wipe",
    "empty",
    "free",
    "cancel",
    "delete",
    "תנקה",
    "תנקי",
    "נקה",
    "תפנה",
    "תפני",
    "פנה",
    "תבטל",
    "תבטלי",
    "בטל",
    "תמחק",
    "תמחקי",
    "מחק",
];

/// Words that may stand beside the verb and the window without naming another object: "clear
/// out my calendar for all of Sunday".
const WINDOW_WORDS: &[&str] = &[
    "out",
    "my",
    "the",
    "all",
    "everything",
    "of",
    "for",
    "on",
    "in",
    "me",
    "whole",
    "entire",
    "calendar",
    "schedule",
    "meetings",
    "events",
    "appointments",
    "please",
    "את",
    "לי",
    "כל",
    "הכל",
    "יומנ",
    "היומנ",
    "פגישות",
    "הפגישות",
    "אירועימ",
    "האירועימ",
    "לוז",
    "בבקשה",
    "של",
];

/// "clear <day or week> [except …]": a clearing verb, a window of a day or longer, and nothing
/// else but calendar words. Returns the window's time index in `msg.times`.
pub(super) fn clears_window(msg: &Msg<'_>, seg: Seg) -> Option<usize> {
    let r = seg.range();
    let verb = msg.toks.get(r.start).is_some_and(|t| CLEARS.contains(&t.text));
    if !verb {
        return None;
    }
    let ti = msg.times.iter().position(|(f, tr)| {
        matches!(f, Found::Time(m) if m.grain >= Grain::Day && m.recurrence.is_none())
            && tr.start >= r.start
            && tr.end <= r.end
    })?;
    let in_time = |i: usize| msg.times.iter().any(|(_, tr)| tr.contains(&i));
    let other = (r.start + 1..r.end).any(|i| {
        let t = &msg.toks[i];
        t.is_word()
            && !in_time(i)
            && !WINDOW_WORDS.contains(&t.text)
            && !WINDOW_WORDS.iter().any(|w| t.text == format!("ב{w}"))
    });
    (!other).then_some(ti)
}

/// Where "except …" / "חוץ מ…" starts in the step, if anywhere: (marker start, exceptions start).
pub(super) fn exception_at(msg: &Msg<'_>, seg: Seg) -> Option<(usize, usize)> {
    let toks = msg.toks;
    (seg.content..seg.end).find_map(|i| {
        let t = toks[i].text;
        let next = toks.get(i + 1).map(|t| t.text).unwrap_or("");
        let n = match (t, next) {
            ("except", "for") | ("apart", "from") | ("other", "than") | ("but", "keep") | ("but", "not") => 2,
            ("except" | "besides" | "excluding" | "חוצ" | "מלבד" | "למעט" | "פרט", _) => 1,
            _ => return None,
        };
        // a comma before "except" belongs to neither side
        let start = if i > seg.content && toks[i - 1].kind == Kind::Punct { i - 1 } else { i };
        (i + n < seg.end).then_some((start, i + n))
    })
}

/// The exceptions' text: one title each, split at commas and "and", with the "מ"/"ל" that glues
/// "חוץ מהחתונה" / "פרט לטיסה" to its noun removed.
pub(super) fn exceptions(msg: &Msg<'_>, from: usize, end: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur_start: Option<usize> = None;
    let push = |a: usize, b: usize, out: &mut Vec<String>| {
        let first = &msg.toks[a];
        let mut start = first.start;
        if first.kind == Kind::He && a == from {
            let skip =
                ["מה", "מ", "לה", "ל"].iter().find(|p| first.text.starts_with(**p) && first.text.chars().count() > 3);
            if let Some(p) = skip {
                start += p.len();
            }
        }
        let text = msg.text.get(start..msg.toks[b - 1].end).unwrap_or("").trim();
        let text = text.strip_prefix("the ").unwrap_or(text).trim();
        if !text.is_empty() {
            out.push(text.to_string());
        }
    };
    for i in from..end {
        let t = &msg.toks[i];
        if matches!(t.text, "," | "and" | "&") {
            if let Some(a) = cur_start.take() {
                push(a, i, &mut out);
            }
        } else if cur_start.is_none() && t.kind != Kind::Punct {
            cur_start = Some(i);
        }
    }
    if let Some(a) = cur_start {
        push(a, end, &mut out);
    }
    out
}
