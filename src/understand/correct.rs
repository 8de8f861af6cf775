//! A slip corrected in the same breath: "move it to thursday at 11, no wait friday, friday at
//! 11", "ליום רביעי ב4, לא רגע, חמישי. חמישי ב4", "text, i mean email, my brother".
//!
//! The words the user took back are dropped before the message is read, so every later rule sees
//! only what was meant. What was taken back is the last word in front of the correction of the
//! same kind as the first word after it: a day for a day, an hour for an hour, a way of sending
//! for a way of sending. A correction whose first word is of no such kind ("no wait, I'll do it
//! myself") changes nothing, and neither does a correction with nothing in front of it (a new
//! message that starts "no, I meant tuesday" corrects the last turn, which is plan/'s job).

use std::borrow::Cow;

use crate::understand::normalize::{Kind, Normalized, PREFIX_LETTERS, Token};

/// The words that take back what came just before them (normalized: Hebrew final letters plain).
const MARKERS: &[&[&str]] = &[
    &["no", "wait"],
    &["i", "mean"],
    &["i", "meant"],
    &["no", "make", "that"],
    &["no", "make", "it"],
    &["or", "rather"],
    &["לא", "רגע"],
    &["רגע", "לא"],
    &["כלומר"],
    &["אה", "לא"],
];

const DAYS: &[&str] = &[
    "sunday",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sun",
    "mon",
    "tue",
    "tues",
    "wed",
    "thu",
    "thurs",
    "fri",
    "sat",
    "today",
    "tomorrow",
    "tonight",
    "ראשונ",
    "שני",
    "שלישי",
    "רביעי",
    "חמישי",
    "שישי",
    "שבת",
    "היומ",
    "מחר",
    "מחרתיימ",
];

const WAYS: &[&str] = &[
    "text",
    "email",
    "mail",
    "message",
    "call",
    "whatsapp",
    "sms",
    "ring",
    "מייל",
    "הודעה",
    "סמס",
    "ווטסאפ",
    "וואטסאפ",
];

#[derive(PartialEq, Eq, Clone, Copy)]
enum Sort {
    Day,
    Hour,
    Way,
}

/// What sort of word a token is, a Hebrew one read with its prefix letters peeled ("לחמישי").
fn sort(t: &Token<'_>) -> Option<Sort> {
    match t.kind {
        Kind::Num | Kind::Prefix => Some(Sort::Hour),
        Kind::He | Kind::Latin => {
            let bare = t.text.trim_start_matches(|c| PREFIX_LETTERS.contains(c));
            let is = |set: &[&str]| set.contains(&t.text) || (t.kind == Kind::He && set.contains(&bare));
            if is(DAYS) {
                Some(Sort::Day)
            } else if is(WAYS) {
                Some(Sort::Way)
            } else {
                None
            }
        }
        Kind::Punct => None,
    }
}

/// States a thing is told to be in when it is done: "the laundry's done" says "is done".
const DONE_STATES: &[&str] =
    &["done", "finished", "sorted", "fixed", "handled", "sent", "paid", "booked", "cleaned", "submitted", "signed"];

/// "take red bull of the shopping list", "knock the scones of my list": "of" typed for "off" after
/// a verb that takes things off, before the list it names (the message has no "off" of its own).
pub fn of_for_off(text: &str) -> Cow<'_, str> {
    let lower = text.to_lowercase();
    if !lower.contains(" of ") || lower.contains(" off") || !lower.contains("list") {
        return Cow::Borrowed(text);
    }
    let norm = Normalized::new(text);
    let toks = norm.tokens();
    let typo = toks.iter().enumerate().find(|(k, t)| {
        t.text == "of"
            && *k > 0
            && toks[k.saturating_sub(6)..*k]
                .iter()
                .any(|v| matches!(v.text, "take" | "knock" | "cross" | "scratch" | "strike" | "tick"))
            && toks.get(k + 1).is_some_and(|n| matches!(n.text, "the" | "my" | "our" | "this"))
            && toks[k + 2..toks.len().min(k + 6)].iter().any(|n| n.text == "list")
    });
    match typo {
        Some((_, t)) => Cow::Owned(format!("{}off{}", &text[..t.start], &text[t.end..])),
        None => Cow::Borrowed(text),
    }
}

/// "laundry's done", "drywall's done cross it off": the "'s" of a thing before the state it is
/// done in is "is", which the rules read as a thing told done (the possessive "mom's birthday"
/// and "it's done" stay as they are).
pub fn is_spelt_out(text: &str) -> Cow<'_, str> {
    // (most messages have no "'s" at all: they are not read twice)
    if !["'s ", "\u{2019}s ", "'S ", "\u{2019}S "].iter().any(|a| text.contains(a)) {
        return Cow::Borrowed(text);
    }
    let norm = Normalized::new(text);
    let toks = norm.tokens();
    let mut out = String::new();
    let mut from = 0;
    for (k, t) in toks.iter().enumerate() {
        let Some(thing) = t.text.strip_suffix("'s") else { continue };
        if t.kind != Kind::Latin
            || matches!(thing, "it" | "that" | "what" | "there" | "here" | "he" | "she" | "who" | "let")
            || !toks.get(k + 1).is_some_and(|n| DONE_STATES.contains(&n.text))
        {
            continue;
        }
        // the apostrophe (straight or curly) and "s" end the token in the original too
        let word = &text[t.start..t.end];
        let Some(cut) =
            ["'s", "\u{2019}s", "'S", "\u{2019}S"].iter().find_map(|a| word.strip_suffix(a)).map(|w| t.start + w.len())
        else {
            continue;
        };
        out.push_str(&text[from..cut]);
        out.push_str(" is");
        from = t.end;
    }
    if from == 0 {
        return Cow::Borrowed(text);
    }
    out.push_str(&text[from..]);
    Cow::Owned(out)
}

/// Verbs of a request as their "-ing" form, and the command each is.
const GERUNDS: &[(&str, &str)] = &[
    ("moving", "move"),
    ("pushing", "push"),
    ("shifting", "shift"),
    ("bumping", "bump"),
    ("rescheduling", "reschedule"),
    ("changing", "change"),
    ("making", "make"),
    ("adding", "add"),
    ("putting", "put"),
    ("setting", "set"),
    ("scheduling", "schedule"),
    ("booking", "book"),
    ("creating", "create"),
    ("starting", "start"),
    ("cancelling", "cancel"),
    ("canceling", "cancel"),
    ("deleting", "delete"),
    ("removing", "remove"),
    ("taking", "take"),
    ("clearing", "clear"),
    ("crossing", "cross"),
    ("ticking", "tick"),
    ("marking", "mark"),
    ("reminding", "remind"),
    ("sending", "send"),
    ("emailing", "email"),
    ("writing", "write"),
    ("drafting", "draft"),
    ("noting", "note"),
    ("saving", "save"),
    ("showing", "show"),
    ("telling", "tell"),
    ("checking", "check"),
    ("renaming", "rename"),
];

/// "Would you mind moving the fire inspection to Thursday?", "do you mind adding eggs": a
/// request asked as whether it would be a bother is the request itself ("move the fire
/// inspection to Thursday?").
pub fn mind_asked(text: &str) -> Cow<'_, str> {
    if !text.to_lowercase().contains("mind") {
        return Cow::Borrowed(text);
    }
    let norm = Normalized::new(text);
    let toks = norm.tokens();
    for k in 0..toks.len() {
        let at = |j: usize| toks.get(k + j).map_or("", |t| t.text);
        if !(matches!(at(0), "would" | "do" | "could" | "will") && matches!(at(1), "you" | "u") && at(2) == "mind") {
            continue;
        }
        if let Some((_, verb)) = GERUNDS.iter().find(|(g, _)| *g == at(3)) {
            let end = toks[k + 3].end;
            return Cow::Owned(format!("{}{}{}", &text[..toks[k].start], verb, &text[end..]));
        }
    }
    Cow::Borrowed(text)
}

/// The message with a slip that it corrects itself removed (unchanged when there is none).
pub fn taken_back(text: &str) -> Cow<'_, str> {
    // (a message with no marker's words in it is not read twice)
    let lower = text.to_lowercase();
    if !MARKERS.iter().any(|mk| mk.iter().all(|w| lower.contains(w))) {
        return Cow::Borrowed(text);
    }
    let norm = Normalized::new(text);
    let toks = norm.tokens();
    for (m, marker) in toks.iter().enumerate().flat_map(|(m, _)| MARKERS.iter().map(move |mk| (m, mk))) {
        let end = m + marker.len();
        if end > toks.len() || !(0..marker.len()).all(|k| toks[m + k].text == marker[k]) {
            continue;
        }
        // the correction follows a pause: "…at 11, no wait friday"
        if m < 2 || toks[m - 1].kind != Kind::Punct || !matches!(toks[m - 1].text, "," | "-") {
            continue;
        }
        let mut b = end;
        while toks.get(b).is_some_and(|t| t.kind == Kind::Punct && t.text == ",") {
            b += 1;
        }
        let Some(first) = toks.get(b) else { continue };
        let Some(what) = sort(first) else { continue };
        // the slip: the last word of the same sort within a few words before the pause
        let from = (m.saturating_sub(6)..m - 1).rev().find(|&k| sort(&toks[k]) == Some(what));
        let Some(mut from) = from else { continue };
        if what == Sort::Hour {
            // an hour is taken back whole: "1:30" from its hour, "ב4" from its prefix, "at 11"
            // keeps its "at"
            while from >= 2
                && matches!(toks[from - 1].text, ":" | ".")
                && toks[from].glued
                && toks[from - 1].glued
                && toks[from - 2].kind == Kind::Num
            {
                from -= 2;
            }
            while from > 0 && toks[from - 1].kind == Kind::Prefix && toks[from].glued {
                from -= 1;
            }
            if toks[from].kind == Kind::Prefix && first.kind != Kind::Prefix {
                from += 1;
            }
        }
        let mut kept = String::with_capacity(text.len());
        kept.push_str(&text[..toks[from].start]);
        // "friday, friday at 11", "חמישי. חמישי ב4": the right word said twice is said once
        let again =
            (b + 2..toks.len().min(b + 4)).find(|&k| toks[k].text == first.text && toks[k - 1].kind == Kind::Punct);
        let resume = match again {
            Some(k) if (b + 1..k).all(|j| toks[j].kind == Kind::Punct) => toks[k].start,
            _ => toks[b].start,
        };
        let rest = &text[resume..];
        // "text, i mean email, my brother": the pause that closed the correction goes too
        let rest = match toks.get(b + 1) {
            Some(t) if what == Sort::Way && t.text == "," => {
                let at = t.start - resume;
                Cow::Owned(format!("{}{}", &rest[..at], &rest[at + 1..]))
            }
            _ => Cow::Borrowed(rest),
        };
        kept.push_str(&rest);
        // a message may correct itself more than once
        return Cow::Owned(taken_back(&kept).into_owned());
    }
    Cow::Borrowed(text)
}

#[cfg(test)]
mod tests {
    use super::{is_spelt_out, taken_back};

    #[test]
    fn a_things_s_before_a_done_state_is_is() {
        assert_eq!(is_spelt_out("laundry's done"), "laundry is done");
        assert_eq!(is_spelt_out("laundry\u{2019}s done"), "laundry is done");
        assert_eq!(is_spelt_out("ok the drywall's done cross it off"), "ok the drywall is done cross it off");
        for same in ["it's done", "mom's birthday is done", "what's done is done", "the car's outside"] {
            assert_eq!(is_spelt_out(same), same);
        }
    }

    #[test]
    fn a_slip_corrected_in_the_same_breath_is_dropped() {
        for (said, meant) in [
            (
                "the bride wants to move the cake tasting to thursday at 11, no wait friday, friday at 11",
                "the bride wants to move the cake tasting to friday at 11",
            ),
            ("תזיזי את הגישור ליום רביעי ב4, לא רגע, חמישי. חמישי ב4", "תזיזי את הגישור ליום חמישי ב4"),
            (
                "add ice to the list and text, i mean email, my brother to bring chairs",
                "add ice to the list and email my brother to bring chairs",
            ),
            ("remind me at 5, no wait 6, to call mom", "remind me at 6, to call mom"),
            ("and at 1:30, no make that 2, to check the fridge log", "and at 2, to check the fridge log"),
            ("תזכיר לי ב5, כלומר ב6, להתקשר לאמא", "תזכיר לי ב6, להתקשר לאמא"),
            ("remind me tomorrow, i mean monday, to pay rent", "remind me monday, to pay rent"),
        ] {
            assert_eq!(taken_back(said), meant, "{said}");
        }
    }

    #[test]
    fn a_correction_of_nothing_of_its_sort_changes_nothing() {
        for said in [
            "remind me at 5, no wait, I'll do it myself",
            "no, I meant tuesday",
            "i mean, it's fine, the meeting went ok",
            "I'm tired, I mean really tired",
            "לא רגע, חמישי",
        ] {
            assert_eq!(taken_back(said), said);
        }
    }
}
