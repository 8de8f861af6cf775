//! Slot text: titles, list names and items, search/recall queries, cut from the user's own
//! text (original spelling, final letters and all) once command words and time words are
//! removed.
//!
//! Works on token ranges; every cut is at a token boundary of the original text, so slicing is
//! always at a char boundary.

use std::ops::Range;

use crate::understand::normalize::{Kind, Token, peelings};

/// Words that carry no content at the edges of a title or query.
fn edge_stop(t: &Token<'_>) -> bool {
    match t.kind {
        Kind::Punct | Kind::Prefix => true,
        Kind::He => matches!(
            t.text,
            "את" | "לי"
                | "לכ"
                | "לגבי"
                | "על"
                | "של"
                | "בבקשה"
                | "גמ"
                | "אז"
                | "ש"
                | "ה"
                | "ב"
                | "ל"
                | "נא"
                | "שוב"
                | "עבורי"
                | "עמ"
                | "אפשר"
                | "כבר"
                | "וגמ"
                | "רגע"
                | "בעצמ"
        ),
        Kind::Latin => matches!(
            t.text,
            "to" | "the"
                | "a"
                | "an"
                | "that"
                | "about"
                | "please"
                | "me"
                | "my"
                | "for"
                | "as"
                | "on"
                | "at"
                | "in"
                | "of"
                | "and"
                | "then"
                | "also"
                | "some"
                | "any"
                | "by"
                | "is"
                | "us"
                | "with"
                | "from"
                | "again"
                | "did"
                | "does"
                | "n"
                | "wait"
                | "actually"
                | "can"
                | "could"
                | "would"
                | "we"
                | "u"
        ),
        Kind::Num => false,
    }
}

/// "(at) the same time", "באותה שעה", "instead" at the end of a title or query.
const SAME_TIME: &[&[&str]] = &[
    &["same", "time"],
    &["באותה", "שעה"],
    &["באותה", "השעה"],
    &["same", "hour"],
    &["instead"],
    &["במקומ"],
    // thanks at the end of a request
    &["תודה"],
    &["תודה", "רבה"],
    &["thanks"],
    &["thank", "you"],
    &["thx"],
    &["tnx"],
];

/// "U10", "A4": a letter written against the number after it is part of a name, not "you" or
/// "a".
fn glued_to_a_number(toks: &[Token<'_>], kept: &[usize], a: usize) -> bool {
    let i = kept[a];
    kept.get(a + 1).is_some_and(|&j| j == i + 1 && toks[j].kind == Kind::Num && toks[j].start == toks[i].end)
        // ("in-ear molds", "add-on": or the first half of a hyphened word)
        || (kept.get(a + 1) == Some(&(i + 1))
            && toks[i].kind == Kind::Latin
            && hyphened_to(toks, i).is_some_and(|n| n.kind == Kind::Latin))
}

/// The word a hyphen glues on to the token at `i` ("in-ear": "ear"), if one does.
fn hyphened_to<'t, 'a>(toks: &'t [Token<'a>], i: usize) -> Option<&'t Token<'a>> {
    toks.get(i + 1).filter(|h| h.text == "-" && h.glued)?;
    toks.get(i + 2).filter(|n| n.glued)
}

/// The text of the kept tokens in `range`, edge stopwords trimmed; runs of kept tokens are
/// joined with one space.
pub fn text_of(text: &str, toks: &[Token<'_>], range: Range<usize>, keep: &dyn Fn(usize) -> bool) -> Option<String> {
    let kept: Vec<usize> = range.filter(|&i| keep(i)).collect();
    let mut a = 0;
    let mut b = kept.len();
    loop {
        let at = |k: usize| kept.get(a + k).map_or("", |&i| toks[i].text);
        // "can you …", "pls …": a request's politeness, not its object
        if matches!((at(0), at(1)), ("can" | "could" | "would" | "will", "you")) {
            a += 2;
        } else if matches!((at(0), at(1)), ("בעזרת", "השמ") | ("בלי", "נדר") | ("god", "willing")) {
            // "בעזרת השם ביום רביעי להתקין …": a blessing said before the thing
            a += 2;
        } else if a < b
            && !glued_to_a_number(toks, &kept, a)
            // ("על האש": a barbecue, not "about the fire")
            && !(at(0) == "על" && at(1) == "האש")
            && (edge_stop(&toks[kept[a]])
                || matches!(
                    at(0),
                    "pls"
                        | "plz"
                        | "hey"
                        | "kindly"
                        | "actually"
                        | "ok"
                        | "okay"
                        | "so"
                        | "already"
                        | "up"
                        | "whole"
                        | "entire"
                        | "down"
                        | "out"
                        | "תוכל"
                        | "תוכלי"
                        | "תוכלו"
                        | "hmm"
                        | "hi"
                        | "yes"
                        | "yeah"
                        | "yep"
                        | "no"
                        | "nope"
                        | "כנ"
                        | "hello"
                        | "yo"
                        | "ozer"
                        | "היי"
                        | "הי"
                        | "שלומ"
                        | "אהלנ"
                        | "עוזר"
                        | "hmmm"
                        | "umm"
                        | "um"
                        | "uh"
                        | "uhh"
                        | "well"
                        | "אממ"
                        | "אמממ"
                        | "אהה"
                        | "טוב"
                        | "אוקיי"
                        | "בעצמ"
                        // (a blessing in one word: "בע״ה", "inshallah")
                        | "inshallah"
                        | "בעה"
                        | "בע\"ה"
                        | "בעזהש"
                        | "בסד"
                        | "בס\"ד"
                        | "כבר"
                ))
        {
            a += 1;
        } else {
            break;
        }
    }
    let a = a.min(b);
    loop {
        // ("did the laundry already": the time it was done is no part of it)
        // ("make the shift one 6:15": "the X one" is X)
        while b > a
            && (edge_stop(&toks[kept[b - 1]])
                || matches!(toks[kept[b - 1]].text, "already" | "כבר")
                || (toks[kept[b - 1]].text == "one" && b >= a + 2))
        {
            b -= 1;
        }
        // "push the essays to saturday same time": keeping the time is no part of which thing
        let tail =
            |n: usize| -> Vec<&str> { kept[b.saturating_sub(n).max(a)..b].iter().map(|&i| toks[i].text).collect() };
        match SAME_TIME.iter().find(|p| tail(p.len()) == **p) {
            Some(p) => b -= p.len(),
            None => break,
        }
    }
    let kept = &kept[a..b];
    if kept.is_empty() {
        return None;
    }
    let mut out = String::new();
    let mut run_start = kept[0];
    for (n, &i) in kept.iter().enumerate() {
        let next_adjacent = kept.get(n + 1).is_some_and(|&j| j == i + 1);
        if !next_adjacent {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(text.get(toks[run_start].start..toks[i].end).unwrap_or(""));
            if let Some(&j) = kept.get(n + 1) {
                run_start = j;
            }
        }
    }
    let out = out.trim().to_string();
    (!out.is_empty()).then_some(out)
}

fn stems<'a>(t: &Token<'a>) -> impl Iterator<Item = &'a str> + use<'a> {
    let he = t.kind == Kind::He;
    let text = t.text;
    peelings(text).filter(move |_| he).map(|(_, s)| s)
}

/// Where the word "list"/"רשימה" is in the step, if anywhere.
pub fn list_marker(toks: &[Token<'_>], range: Range<usize>) -> Option<usize> {
    range.into_iter().find(|&i| {
        let t = &toks[i];
        matches!(t.text, "list" | "lists") || stems(t).any(|s| matches!(s, "רשימת" | "רשימה" | "רשימות"))
    })
}

/// "הרשימה הישנה של יום ההולדת", "רשימה חדשה": what the list is like is no part of its name.
fn list_adjective(t: &Token<'_>) -> bool {
    matches!(t.text, "חדשה" | "החדשה" | "הישנה" | "הקודמת" | "הגדולה" | "הקטנה" | "הארוכה" | "הזאת" | "ההיא")
}

/// "lists", "רשימות", "הרשימות": the plural names no one list ("what lists do I have", "איזה
/// רשימות יש לי"); the words after it are no name.
pub fn plural_marker(t: &Token<'_>) -> bool {
    t.text == "lists" || stems(t).any(|s| s == "רשימות")
}

const EN_BOUNDARY: &[&str] = &[
    "to", "my", "the", "on", "off", "from", "into", "onto", "our", "your", "a", "new", "show", "me", "what's", "whats",
    "in", "delete", "remove", "see", "is", "what", "which", "all", "any", "many",
];

pub struct ListSlots {
    pub list: Option<String>,
    pub items: Vec<String>,
}

/// List name and items for list steps. `verb_end` is where the command words end (items start
/// after it); `keep` says which tokens are not command or time words.
pub fn list_slots(
    text: &str,
    toks: &[Token<'_>],
    seg: Range<usize>,
    verb_end: usize,
    keep: &dyn Fn(usize) -> bool,
) -> ListSlots {
    let mut slots = list_slots_as_said(text, toks, seg.clone(), verb_end, keep);
    // "רשימה לציוד: …", "תפתח רשימה לטיול": after "list" (not its construct "רשימת") a word
    // glued to ל says what the list is for, and that is its name ("ציוד", not "לציוד")
    if let Some(k) = list_marker(toks, seg)
        && stems(&toks[k]).any(|s| s == "רשימה")
        && toks.get(k + 1).is_some_and(|t| {
            // (not a noun that itself starts with ל: "רשימה לקוחות" is a list of clients)
            t.kind == Kind::He
                && t.text.starts_with('ל')
                && t.text.chars().count() >= 4
                && !matches!(t.text, "לקוחות" | "לקוח" | "לימודימ" | "לוח" | "לוחות" | "לידה" | "ליגה" | "לחמ")
                && !crate::understand::goods::starts_a_thing(&[t.text])
        })
        && let Some(list) = slots.list.as_mut()
        && let Some(rest) = list.strip_prefix('ל')
    {
        *list = rest.trim_start_matches('-').to_string();
    }
    slots
}

fn list_slots_as_said(
    text: &str,
    toks: &[Token<'_>],
    seg: Range<usize>,
    verb_end: usize,
    keep: &dyn Fn(usize) -> bool,
) -> ListSlots {
    // "תמחק לחם מהקניות, כבר קניתי": a reason after a comma is no part of the list or the items
    let seg = match (seg.start..seg.end).find(|&i| {
        toks[i].text == ","
            && (toks.get(i + 1).is_some_and(|t| {
                let w = text.get(t.start..t.end).unwrap_or("").to_lowercase();
                REASONS.contains(&w.as_str())
            }) || someone_of_mine_does(toks, i + 1))
    }) {
        Some(c) if c > seg.start => seg.start..c,
        _ => seg,
    };
    let marker = list_marker(toks, seg.clone());
    let named = (seg.start..seg.end).find(|&i| matches!(toks[i].text, "called" | "named" | "בשמ"));
    // "תרשום לי בקניות: עגבניות, מלפפונים": the glued word before the colon names the list
    if marker.is_none()
        && named.is_none()
        && let Some(colon) = (seg.start + 1..seg.end).find(|&i| toks[i].text == ":")
        && toks[colon - 1].kind == Kind::He
        && let Some(name) = text
            .get(toks[colon - 1].start..toks[colon - 1].end)
            .and_then(|w| w.strip_prefix('ב').or_else(|| w.strip_prefix('ל')))
            .map(|w| w.trim_start_matches('-').to_string())
            .filter(|w| w.chars().count() >= 3)
    {
        let items = split_items(text, toks, colon + 1..seg.end, keep);
        if items.len() >= 2 {
            return ListSlots { list: Some(name), items };
        }
    }
    // "רשימה בשם ספרים לקרוא": a name given with בשם is all of it, not a name and items
    if marker.is_none()
        && named.is_none()
        && let Some(slots) = he_glued_target(text, toks, verb_end.max(seg.start)..seg.end, keep)
    {
        return slots;
    }
    // "תרשום לי לרשימה של הכלב: קולר חדש, …": the name runs from the list word to a colon, the
    // items follow it
    if let Some(k) = marker.filter(|&k| toks[k].kind == Kind::He && named.is_none())
        && let Some(colon) = (k + 1..seg.end).find(|&i| ends_a_name(toks, i, seg.end))
        && let Some(list) = text_of(text, toks, k + 1..colon, &|i| keep(i) && toks[i].text != "של")
    {
        let items = split_items(text, toks, colon + 1..seg.end, keep);
        if !items.is_empty() {
            return ListSlots { list: Some(list), items };
        }
    }
    // "start a packing list for the camping trip: tent, …", "new list groceries: milk, eggs":
    // the name is around the word "list", up to a colon, and the items follow it
    if let Some(k) = marker.filter(|&k| toks[k].kind == Kind::Latin)
        && let Some(colon) = (k + 1..seg.end).find(|&i| ends_a_name(toks, i, seg.end))
    {
        let before = en_name_before(text, toks, seg.start, k, keep).0;
        let after = text_of(text, toks, k + 1..colon, &|i| keep(i) && !matches!(toks[i].text, "called" | "named"));
        let list = match (before, after) {
            (Some(b), Some(a)) => Some(format!("{b} {a}")),
            (b, a) => b.or(a),
        };
        let items = split_items(text, toks, colon + 1..seg.end, keep);
        if list.is_some() && !items.is_empty() {
            return ListSlots { list, items };
        }
    }
    // ("תוסיף בבקשה ברשימה של הקניות …": a polite word between the verb and the list word)
    let right_after_verb = |k: usize| {
        verb_end.max(seg.start) >= k
            || toks[verb_end.max(seg.start)..k].iter().all(|t| matches!(t.text, "בבקשה" | "לי" | "גמ" | "נא"))
    };
    let list_first = marker.filter(|&k| toks[k].kind == Kind::He && right_after_verb(k) && named.is_none());
    if let Some(slots) = list_first.and_then(|k| name_then_items(text, toks, k, seg.end, keep)) {
        return slots;
    }
    // ("תמחק את כל הרשימה של התיקונים, העברתי הכל לחברת ניהול": a Hebrew name ends at a comma;
    // what follows it is why)
    let name_end = |from: usize| match toks[from.min(seg.end)..seg.end].iter().position(|t| t.text == ",") {
        Some(c) if c > 0 && toks.get(from).is_some_and(|t| t.kind == Kind::He) => from + c,
        _ => seg.end,
    };
    let name_after = |from: usize| text_of(text, toks, from..name_end(from), &|i| keep(i) && !list_adjective(&toks[i]));
    // "רשימה בשם תיק לעבודה: גרביי לחץ, מטען", "a list called camping: tent, stove": the name
    // ends at a colon and the items follow it
    if let Some(c) = named
        && let Some(colon) = (c + 2..seg.end).find(|&i| toks[i].text == ":")
        && let Some(list) = text_of(text, toks, c + 1..colon, &|i| keep(i) && !list_adjective(&toks[i]))
    {
        let items = split_items(text, toks, colon + 1..seg.end, keep);
        if !items.is_empty() {
            return ListSlots { list: Some(list), items };
        }
    }
    // "a list called seder with matzah, wine and eggs", "רשימה בשם סדר עם מצות ויין": the name
    // ends at "with" when things follow it
    if let Some(c) = named
        && let Some(w) = (c + 2..seg.end).find(|&i| matches!(toks[i].text, "with" | "עמ" | "containing"))
    {
        let items = split_items(text, toks, w + 1..seg.end, keep);
        let list = text_of(text, toks, c + 1..w, &|i| keep(i) && !list_adjective(&toks[i]));
        // ("dinner with the in-laws" is a name: one thing after "with" is no series)
        if list.is_some() && items.len() >= 2 {
            return ListSlots { list, items };
        }
    }
    let (list, items_end) = match (named, marker) {
        (Some(c), _) => (name_after(c + 1), marker.unwrap_or(c)),
        (None, Some(k)) if toks[k].kind == Kind::He && plural_marker(&toks[k]) => (None, k),
        // "תורידי את קרם ההגנה מהרשימה, ההורים שולחים מהבית": a clause after a comma is why,
        // not the list's name
        (None, Some(k)) if toks[k].kind == Kind::He && toks.get(k + 1).is_some_and(|t| t.text == ",") => (None, k),
        (None, Some(k)) if toks[k].kind == Kind::He => (name_after(k + 1), k),
        (None, Some(k)) => en_name_before(text, toks, seg.start, k, keep),
        (None, None) => en_target(text, toks, seg.clone(), keep).unwrap_or((None, seg.end)),
    };
    let start = verb_end.max(seg.start);
    let mut items = if start < items_end { split_items(text, toks, start..items_end, keep) } else { Vec::new() };
    let mut list = list;
    if let Some(k) = marker.filter(|&k| named.is_none() && toks[k].kind == Kind::Latin) {
        if list.is_none() && !plural_marker(&toks[k]) {
            // "new list: books to read": the name follows the word "list" (not "lists": "what
            // lists do I have" names none; "off the list, a neighbour gave me loads": a clause
            // after a comma is no name)
            if toks.get(k + 1).is_none_or(|t| t.text != ",") {
                list = name_after(k + 1);
                // "start a list font licenses with Inter, Söhne and GT America": the name ends at
                // "with" when things follow it
                if let Some(w) = (k + 2..seg.end).find(|&i| matches!(toks[i].text, "with" | "containing")) {
                    let with_items = split_items(text, toks, w + 1..seg.end, keep);
                    let name = text_of(text, toks, k + 1..w, &|i| keep(i) && !list_adjective(&toks[i]));
                    if name.is_some() && with_items.len() >= 2 && items.is_empty() {
                        list = name;
                        items = with_items;
                    }
                }
            }
        } else if items.is_empty() && k >= start {
            // "add to my shopping list bread and cheese": the items follow the list's name
            items = split_items(text, toks, k + 1..seg.end, keep);
        }
    }
    ListSlots { list, items }
}

const EN_TARGET: &[&str] = &["to", "from", "off", "onto", "into", "on"];

/// "the hardware store list": the name runs back from the word "list" to a boundary word; the
/// items end at the "to"/"from" before it.
fn en_name_before(
    text: &str,
    toks: &[Token<'_>],
    seg_start: usize,
    k: usize,
    keep: &dyn Fn(usize) -> bool,
) -> (Option<String>, usize) {
    let mut s = k;
    // "the car show list", "my tv show list": "show" right before "list", after a word of the
    // name, is a noun of the name
    if s >= seg_start + 2
        && toks[s - 1].text == "show"
        && toks[s - 2].kind == Kind::Latin
        && !EN_BOUNDARY.contains(&toks[s - 2].text)
    {
        s -= 1;
    }
    while s > seg_start && !EN_BOUNDARY.contains(&toks[s - 1].text) && keep(s - 1) {
        s -= 1;
    }
    // "my to do list", "the to-do list": "to" is part of that name
    if s > seg_start && toks[s - 1].text == "to" && s < k && matches!(toks[s].text, "do" | "dos" | "-") {
        s -= 1;
    }
    // "to my shows to watch list", "to the back to school list": a name with "to" in it runs
    // back to the "my"/"the" after the "to" that says where
    if s > seg_start + 2 && toks[s - 1].text == "to" {
        let mut p = s - 1;
        while p > seg_start && keep(p - 1) && !EN_BOUNDARY.contains(&toks[p - 1].text) {
            p -= 1;
        }
        if p > seg_start + 1
            && p < s - 1
            && matches!(toks[p - 1].text, "my" | "the" | "our")
            && EN_TARGET.contains(&toks[p - 2].text)
        {
            s = p;
        }
    }
    let name = text_of(text, toks, s..k, &|_| true);
    let mut p = s;
    while p > seg_start && EN_BOUNDARY.contains(&toks[p - 1].text) && !EN_TARGET.contains(&toks[p - 1].text) {
        p -= 1;
    }
    let p = if p > seg_start && EN_TARGET.contains(&toks[p - 1].text) { p - 1 } else { p };
    (name, p)
}

/// "add avocado to groceries": no word "list", but a list step's "to"/"from" X names it.
fn en_target(
    text: &str,
    toks: &[Token<'_>],
    seg: Range<usize>,
    keep: &dyn Fn(usize) -> bool,
) -> Option<(Option<String>, usize)> {
    // "cross off milk and bread": "off" right after the verb is part of the verb, not "off <list>"
    let particle = |i: usize| {
        i > seg.start
            && matches!(toks[i].text, "off" | "on")
            && matches!(
                toks[i - 1].text,
                "cross" | "take" | "tick" | "check" | "scratch" | "knock" | "strike" | "mark" | "put"
            )
    };
    let at = seg
        .clone()
        .rev()
        .find(|&i| toks[i].kind == Kind::Latin && EN_TARGET.contains(&toks[i].text) && !particle(i))?;
    let comma = (at + 1..seg.end).find(|&i| toks[i].text == ",").unwrap_or(seg.end);
    let name = text_of(text, toks, at + 1..comma, &|i| keep(i) && toks[i].kind != Kind::Punct)?;
    // "cross off the olive oil we still have some", "cross off the tent too, borrowed one":
    // what follows is why, not a name
    let name = Some(strip_trailing_filler(&without_reason(&name))).filter(|n| !n.is_empty())?;
    (at > seg.start).then_some((Some(name), at))
}

/// Occasions, places and people a list is for ("ציוד לחופשה", "קניות לחג", "תיקונים בבית",
/// "ציוד לבית ספר"), as normalized tokens; two-word ones as pairs.
const OCCASIONS: &[&str] = &[
    "חג",
    "חגימ",
    "פסח",
    "סוכות",
    "חנוכה",
    "פורימ",
    "שבת",
    "טיול",
    "חופשה",
    "קמפינג",
    "ימ",
    "בית",
    "גנ",
    "מסיבה",
    "חתונה",
    "ברית",
    "תינוק",
    "דירה",
    "מילואימ",
    "צבא",
    "משרד",
    "עבודה",
    "אוטו",
    "רכב",
    "מטבח",
    "ילדימ",
    "טיסה",
    "לימודימ",
    "סמסטר",
    "כלב",
    "חתול",
    // what is studied or met for: "רשימת שאלות למבחן", "ציוד לכנס"
    "מבחנ",
    "מבחנימ",
    "בחינה",
    "בגרות",
    "שיעור",
    "כנס",
    "אירוע",
    "ארוע",
    "פגישה",
    "ראיונ",
    "בר מצווה",
    "בת מצווה",
];
const OCCASION_PAIRS: &[(&str, &str)] =
    &[("בית", "ספר"), ("יומ", "הולדת"), ("ראש", "השנה"), ("בר", "מצווה"), ("בת", "מצווה")];

/// How many tokens from `i` say what a list is for: "לחג", "בבית", "לבית ספר" (0 when none).
fn occasion_len(toks: &[Token<'_>], i: usize) -> usize {
    let Some(t) = toks.get(i).filter(|t| t.kind == Kind::He) else { return 0 };
    let Some(stem) = ["לה", "בה", "ל", "ב"].iter().find_map(|p| t.text.strip_prefix(p)) else { return 0 };
    let next = toks.get(i + 1).map_or("", |n| n.text);
    if OCCASION_PAIRS.iter().any(|(a, b)| *a == stem && *b == next) {
        2
    } else {
        usize::from(OCCASIONS.contains(&stem))
    }
}

/// A colon, or a full stop that only a series follows ("new list camping. tent, stove,
/// matches"): where a list's name ends and its items begin.
pub fn ends_a_name(toks: &[Token<'_>], i: usize, end: usize) -> bool {
    match toks[i].text {
        ":" => true,
        // (not the stop of "Mrs.", "Dr.")
        "." if i > 0 && !matches!(toks[i - 1].text, "mrs" | "mr" | "ms" | "dr" | "st" | "jr" | "sr" | "prof") => {
            let rest = &toks[i + 1..end];
            let commas = rest.iter().filter(|t| t.text == ",").count();
            let longest = rest.split(|t| t.text == ",").map(|chunk| chunk.len()).max().unwrap_or(0);
            // (not a sentence: "…for the trip. I will add things later, thanks")
            let says = rest.iter().any(|t| matches!(t.text, "i" | "we" | "i'll" | "אני" | "אנחנו" | "thanks" | "תודה"));
            commas >= 1
                && longest <= if commas == 1 { 3 } else { 5 }
                && !says
                && !rest.iter().any(|t| matches!(t.text, "." | "?" | "!" | ":"))
        }
        _ => false,
    }
}

/// Nouns that name a list by what it gathers ("ציוד", "קניות"), which then says what it is for.
fn collection_noun(word: &str) -> bool {
    matches!(word.strip_prefix('ה').unwrap_or(word), "ציוד" | "קניות" | "דברימ" | "הכנות" | "סידורימ")
}

/// "תוסיף לרשימת הקניות חלב וביצים": the list word comes before the items. The construct noun
/// ("רשימת", "רשימה של") takes one word as the list's name and the rest are the items. `None`
/// when nothing follows the name, so "לרשימת הקניות" alone keeps its usual reading.
fn name_then_items(
    text: &str,
    toks: &[Token<'_>],
    marker: usize,
    end: usize,
    keep: &dyn Fn(usize) -> bool,
) -> Option<ListSlots> {
    let name_at = (marker + 1..end).find(|&i| keep(i) && toks[i].text != "של" && !list_adjective(&toks[i]))?;
    // "לרשימת המטלות לבית: לתקן את הברז, …": a colon ends the name, however long
    let colon = (name_at + 1..end).find(|&i| toks[i].text == ":");
    // "לרשימת ציוד לחופשה כובע, …", "לרשימת קניות לחג רימונים": what the list is for belongs
    // to its name, when a word is left for the first item
    let mut purpose = occasion_len(toks, name_at + 1);
    // "לרשימת ציוד למרתון ג׳לים", "מרשימת קניות לתינוקת את המגבונים": a list of gear or of
    // shopping is for something, whatever it is, when the word glued to "for" is no thing people
    // buy ("לחם", "לימונים")
    if purpose == 0
        && collection_noun(toks[name_at].text)
        && let Some(t) = toks.get(name_at + 1).filter(|t| t.kind == Kind::He && keep(name_at + 1))
    {
        let orig = text.get(t.start..t.end).unwrap_or("");
        let stem = ["לה", "ל"].iter().find_map(|p| t.text.strip_prefix(p)).unwrap_or("");
        // ("לאבנה ושמן", "לבן, ביצים": a word followed by "and" or a comma is the first item)
        // ("תמחק את רשימת ציוד למילואים": or nothing, when no item is said)
        let then_a_thing = name_at + 2 >= end
            || toks
                .get(name_at + 2)
                .is_some_and(|n| matches!(n.kind, Kind::He | Kind::Latin) && !n.text.starts_with('ו'));
        if stem.chars().count() >= 3 && then_a_thing && !crate::understand::goods::starts_a_thing(&[orig]) {
            purpose = 1;
        }
    }
    let room = (name_at + 1 + purpose..end).any(|i| keep(i) && toks[i].kind == Kind::He);
    let mut name_end = colon.unwrap_or(name_at + 1 + if room || name_at + 1 + purpose >= end { purpose } else { 0 });
    // "לרשימת התרופות של אבא אקמול וויטמין": whose list it is belongs to its name, when words
    // are left for the items
    if colon.is_none()
        && toks.get(name_end).is_some_and(|t| t.text == "של")
        && name_end + 2 < end
        && keep(name_end + 1)
        && toks[name_end + 1].kind == Kind::He
        && (name_end + 2..end).any(|i| keep(i) && matches!(toks[i].kind, Kind::He | Kind::Latin))
    {
        name_end += 2;
    }
    // "לרשימת בית מרקחת אקמול ומדחום", "לרשימה של ראש השנה דבש ותפוחים": a name whose first
    // word is a construct noun that cannot stand alone ("בית", "ראש", "ארוחת") runs up to the first thing
    // people put on lists, when the word after it is none and says no amount ("עוד", "שני")
    let construct = matches!(
        toks[name_at].text,
        "בית"
            | "ראש"
            | "יומ"
            | "ליל"
            | "ערב"
            | "סופ"
            | "ארוחת"
            | "מסיבת"
            | "חופשת"
            | "ציוד"
            | "חג"
            | "בר"
            | "בת"
            | "חדר"
            | "גנ"
            // "רשימת חומרי ניקוי", "רשימת תיק לידה"
            | "חומרי"
            | "תיק"
    );
    let amount = |i: usize| {
        toks.get(i)
            .is_some_and(|t| matches!(t.text, "עוד" | "גמ" | "קצת" | "שני" | "שתי" | "שלוש" | "הרבה" | "כמה" | "איזה"))
    };
    if colon.is_none() && purpose == 0 && construct && !amount(name_end) {
        let word = |i: usize| text.get(toks[i].start..toks[i].end).unwrap_or("");
        let words_from = |i: usize| (i..end.min(i + 4)).map(word).collect::<Vec<_>>();
        let plain = |i: usize| keep(i) && toks[i].kind == Kind::He;
        if name_end < end && plain(name_end) && !crate::understand::goods::starts_a_thing(&words_from(name_end)) {
            // (a word glued to "and" is a second item: the one before it is an item too)
            let thing = (name_end + 1..end.min(name_end + 3))
                .take_while(|&i| plain(i) && !toks[i].text.starts_with('ו'))
                .find(|&i| crate::understand::goods::starts_a_thing(&words_from(i)));
            if let Some(t) = thing {
                name_end = t;
            } else if name_end + 1 == end {
                // "תמחק את הרשימה של יום ההולדת": the two words are the whole name
                let list = text_of(text, toks, name_at..end, &|_| true);
                return Some(ListSlots { list, items: Vec::new() });
            } else if !["ציוד", "גנ", "בית", "חדר", "חג"].contains(&toks[name_at].text) {
                // "לרשימת חומרי ניקוי מגבים ואקונומיקה": the construct and the word it takes
                // (one that may stand alone, "לרשימת גן תחפושת", names the list by itself)
                name_end += 1;
            }
        }
    }
    // "לרשימת לקוחות חמים את משפחת ברק": "את" marks what is added, so the name runs up to it
    // (not after a verb: "לרשימת הגינה לגזום את הלימון" adds a thing to do)
    let et = (name_at + 1..end.min(name_at + 4))
        .take_while(|&i| toks[i].kind == Kind::He && !toks[i].text.starts_with('ל'))
        .find(|&i| toks[i].text == "את" && i + 1 < end);
    let (name_end, items_from) = match (colon, et) {
        (Some(c), _) => (name_end, c + 1),
        (None, Some(e)) => (e, e + 1),
        (None, None) => (name_end, name_end),
    };
    let items = split_items(text, toks, items_from..end, keep);
    if items.is_empty() {
        return None;
    }
    let list = text_of(text, toks, name_at..name_end, &|_| true);
    Some(ListSlots { list, items })
}

/// "תוסיף חלב לקניות", "תוריד מהקניות שמן וסוכר": with no word "list", a Hebrew list step names
/// its list by gluing "ל" (to) or "מ" (from) to it, after the items or right after the verb. The
/// first word counts only with an unambiguous prefix ("לקניות", "מהקניות"), since an item may
/// itself begin with מ or ל ("מלפפונים"); the last word also with a bare "מ".
fn he_glued_target(text: &str, toks: &[Token<'_>], r: Range<usize>, keep: &dyn Fn(usize) -> bool) -> Option<ListSlots> {
    let words: Vec<usize> =
        r.clone().filter(|&i| keep(i) && toks[i].kind == Kind::He && !edge_stop(&toks[i])).collect();
    let (&first, &last) = (words.first()?, words.last()?);
    if words.len() < 2 {
        return None;
    }
    let glued = |i: usize, prefixes: &[&str]| -> Option<String> {
        let orig = text.get(toks[i].start..toks[i].end)?;
        let p = prefixes.iter().find(|p| orig.starts_with(**p))?;
        let name = orig[p.len()..].trim_start_matches('-');
        (name.chars().count() >= 3).then(|| name.to_string())
    };
    // A bare "מ" is also the first letter of many present-tense verbs ("מביאה", "מגיע"): after a
    // comma it starts a clause of its own ("…, סבתא מביאה"), not the list's name.
    let comma_before_last = toks[first..last].iter().any(|t| t.text == ",");
    // ("תוסיפי גם אישור ממעסיק": a thing added comes from somewhere; only "to" names the list)
    let adds = toks[..r.start].iter().rev().take(3).any(|t| {
        let v = t.text.strip_prefix('ו').unwrap_or(t.text);
        ["תוסיפ", "להוסיפ", "תכניס"].iter().any(|a| v.starts_with(a))
    });
    let last_prefixes: &[&str] = if adds {
        &["לה", "ל"]
    } else if comma_before_last {
        &["מה", "לה", "ל"]
    } else {
        &["מה", "לה", "מ", "ל"]
    };
    // "תוסיף לקניות יין לקידוש": a list right after the verb is the target; what the last thing is
    // for ("לקידוש") is part of it
    let first_to = glued(first, &["לה", "ל"]);
    let last_from = text.get(toks[last].start..toks[last].end).is_some_and(|w| w.starts_with('מ'));
    let (k, name) = match (glued(last, last_prefixes), first_to) {
        (Some(_), Some(f)) if !last_from => (first, f),
        (Some(n), _) => (last, n),
        (None, _) => (first, glued(first, &["מה", "לה", "ל"])?),
    };
    // "תוסיף לציוד למילואים מטען נייד": what the list is for, right after its name, is part of it
    let occ = if k == first { occasion_len(toks, first + 1) } else { 0 };
    let (name, name_end) = match text.get(toks[first + 1].start..toks[first + occ].end) {
        Some(what_for) if occ > 0 && first + occ < last => (format!("{name} {what_for}"), first + occ),
        _ => (name, k),
    };
    let items = split_items(text, toks, r, &|i| !(k..=name_end).contains(&i) && keep(i));
    (!items.is_empty()).then_some(ListSlots { list: Some(name), items })
}

/// "עגבניות ומלפפונים", "eggs, milk and bread", "eggs bread and milk": one string per item.
pub fn split_items(text: &str, toks: &[Token<'_>], range: Range<usize>, keep: &dyn Fn(usize) -> bool) -> Vec<String> {
    let mut items = Vec::new();
    let mut cur: Vec<usize> = Vec::new();
    // "ויטמין", "וופלים", "וזלין": a thing whose own name starts with ו
    let own_vav = |i: usize| {
        toks[i].kind == Kind::He
            && crate::understand::goods::is_a_thing(text.get(toks[i].start..toks[i].end).unwrap_or(""))
    };
    let flush = |cur: &mut Vec<usize>, items: &mut Vec<String>| {
        if let (Some(&a), Some(&b)) = (cur.first(), cur.last()) {
            let mut start = toks[a].start;
            // (not from a thing whose own name starts with ו: "סיכות, וזלין")
            // (nor from "ווים", "וופל": a doubled ו is the letter v, not "and", unless a thing
            // follows the first: "וויטמין")
            if toks[a].kind == Kind::He
                && toks[a].text.starts_with('ו')
                && (!toks[a].text.starts_with("וו")
                    || toks[a].text.starts_with("ווו")
                    || crate::understand::goods::is_a_thing(
                        text.get(toks[a].start + 'ו'.len_utf8()..toks[a].end).unwrap_or(""),
                    ))
                && !items.is_empty()
                && !own_vav(a)
            {
                start += 'ו'.len_utf8();
            }
            let mut t = text_of_range(text, start, toks[b].end);
            // "'the midnight library'": the opening mark was left out as punctuation, so the
            // closing one goes too
            let mark = |k: usize| toks[k].kind == Kind::Punct && matches!(toks[k].text, "'" | "\"");
            let opened = (a.saturating_sub(2)..a).rev().take_while(|&k| mark(k) || edge_stop(&toks[k])).any(mark);
            if opened {
                t = t.trim_end_matches(['\'', '"', '\u{2019}', '\u{201D}', '\u{05F4}']).trim_end().to_string();
            }
            let t = strip_trailing_filler(&strip_article(&strip_leading_filler(&without_reason(&t))));
            // "ותפתח במקומה רשימה", "make a new one called …": words that stand for no thing
            let filler = matches!(
                t.to_lowercase().as_str(),
                "במקומה" | "במקומו" | "במקום" | "instead" | "new one" | "one" | "new"
            );
            if !t.is_empty() && !filler {
                items.push(t);
            }
        }
        cur.clear();
    };
    let commas = range.clone().any(|i| matches!(toks[i].text, "," | ";"));
    for i in range.clone() {
        let t = &toks[i];
        // "חלב ו-cornflakes": a ו written apart before a hyphen is "and"
        let vav_dash = t.text == "ו" && toks.get(i + 1).is_some_and(|n| n.text == "-");
        if vav_dash || (t.text == "-" && i > 0 && toks[i - 1].text == "ו") {
            flush(&mut cur, &mut items);
            continue;
        }
        // "ביקוש והיצע, גמישויות, מונופול", "salt and pepper, oil": an "and" with a comma still to
        // come joins one item's two words; the series' own "and" comes last
        let comma_ahead = commas
            && (i + 1..range.end).any(|k| {
                matches!(toks[k].text, "," | ";")
                    && !clause_at(toks, k + 1)
                    && toks.get(k + 1).is_some_and(|n| !REASONS.contains(&n.text.to_lowercase().as_str()))
            });
        let sep = matches!(t.text, "," | ";") || (!comma_ahead && matches!(t.text, "&" | "and" | "n" | "וגמ"));
        // "milk and bread, got them", "the honey cake, my mom is baking one": after a comma, a
        // clause is why, not another item; it ends the items
        if t.text == "," && (!items.is_empty() || !cur.is_empty()) && clause_at(toks, i + 1) {
            break;
        }
        if sep {
            flush(&mut cur, &mut items);
            continue;
        }
        // "סוללות 9 וולט": after a number the word may be its unit, not "and" ("מידה 5 וטישו"
        // is "and tissues")
        let after_number = i > 0 && toks[i - 1].kind == Kind::Num && matches!(t.text, "וולט" | "ואט" | "וואט");
        let vav = t.kind == Kind::He
            && t.text.starts_with('ו')
            && t.text.chars().count() > 2
            && !cur.is_empty()
            && !comma_ahead
            && !after_number
            && !own_vav(i);
        // "פטרוזיליה ו5 ק"ג בצל": a ו glued to a number opens the next item
        let vav_number = t.kind == Kind::Prefix
            && t.text == "ו"
            && !cur.is_empty()
            && toks.get(i + 1).is_some_and(|n| n.kind == Kind::Num && n.glued);
        if vav_number {
            flush(&mut cur, &mut items);
            continue;
        }
        if vav {
            flush(&mut cur, &mut items);
        }
        // ("in-ear molds": the first half of a hyphened word opens the item)
        let hyphened = t.kind == Kind::Latin && hyphened_to(toks, i).is_some();
        if keep(i) && (!cur.is_empty() || !edge_stop(t) || hyphened) {
            cur.push(i);
        }
    }
    flush(&mut cur, &mut items);
    // "eggs bread and milk": with the items said as a series with no comma at all, a run of
    // known things is those things. A lone item ("candy corn") is never split, nor one in a
    // series whose writer used commas ("the honey cake, my mom bakes one").
    if items.len() < 2 || commas {
        return items;
    }
    items
        .into_iter()
        .flat_map(|t| match crate::understand::goods::split_run(&t) {
            Some(things) => things.iter().map(|s| strip_article(s)).collect(),
            None => vec![t],
        })
        .collect()
}

/// An English clause starts at `i`: a past verb of getting ("got them", "bought one") or
/// words up to a finite "is/are/was" ("my mom is baking one").
fn clause_at(toks: &[Token<'_>], i: usize) -> bool {
    // ("את הספוגים, מצאתי במחסן", "את האתנול, מישהו כבר הזמין": in Hebrew, a verb of the
    // user's in the past with no object of its own, or a word that only a clause opens with)
    if let Some(first) = toks.get(i).filter(|t| t.kind == Kind::He) {
        let rest = toks[i + 1..].iter().take_while(|t| !matches!(t.text, "," | "." | ";")).collect::<Vec<_>>();
        let told = crate::understand::route::shape::he_first_person_past(first.text)
            && rest.len() <= 2
            && !rest.iter().any(|t| matches!(t.text, "את" | "ואת"));
        return told || matches!(first.text, "מישהו" | "זה" | "כבר" | "כי");
    }
    let Some(first) = toks.get(i).filter(|t| t.kind == Kind::Latin) else { return false };
    if matches!(
        first.text,
        "got"
            | "bought"
            | "found"
            | "borrowed"
            | "took"
            | "picked"
            | "grabbed"
            | "ordered"
            | "used"
            | "have"
            | "had"
            | "already"
            | "dont"
            | "don't"
            | "no"
            | "not"
            | "we"
            | "i"
            | "i'll"
            | "ill"
            | "i've"
            | "ive"
            | "we've"
            | "weve"
            | "i'm"
            | "im"
    ) {
        return true;
    }
    toks[i..]
        .iter()
        .take(4)
        .take_while(|t| t.text != ",")
        .any(|t| matches!(t.text, "is" | "are" | "was" | "were" | "will" | "'s"))
}

fn text_of_range(text: &str, a: usize, b: usize) -> String {
    text.get(a..b).unwrap_or("").trim().to_string()
}

/// "add yogurt instead", "olive oil too", "תוסיף יוגורט במקום": words that close the sentence,
/// not the item.
/// Words that start a reason rather than an item: "the sunscreen we already have it", "the
/// charger, i'll borrow one", "פחמים כבר לא צריך", "היין, כי אבא מביא".
const REASONS: &[&str] = &[
    "we",
    "we're",
    "we've",
    "weve",
    "i",
    "i'll",
    "ill",
    "i've",
    "ive",
    "i'm",
    "im",
    "they",
    "since",
    "so",
    "בשבילו",
    "בשבילה",
    "בשבילי",
    "בשבילנו",
    "בשבילם",
    "בשבילן",
    "because",
    "cause",
    "cuz",
    "bc",
    "כבר",
    "כי",
    "קנינו",
    "קניתי",
    "יש",
    "אין",
];

/// "my buddy's lending me his", "my sister has one": someone of the user's, then what they do
/// (a reason, not an item).
fn someone_of_mine_does(toks: &[Token<'_>], i: usize) -> bool {
    toks.get(i).is_some_and(|t| matches!(t.text, "my" | "our"))
        && (toks.get(i + 1).is_some_and(|t| t.kind == Kind::Latin && t.text.ends_with("'s") && t.text != "let's")
            || toks.get(i + 2).is_some_and(|t| {
                matches!(t.text, "is" | "are" | "was" | "were" | "will" | "has" | "have" | "said" | "says" | "got")
            }))
}

/// An item up to the reason that follows it ("" when it is all reason).
fn without_reason(item: &str) -> String {
    let words: Vec<&str> = item.split_whitespace().collect();
    let lower = |w: &str| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'').to_lowercase();
    // "red bull mum said no", "הפורמולה אמא שלי הביאה": someone of the user's, then what they
    // said or did (final letters folded, as the route's word lists are)
    let folded = |k: usize| words.get(k).map(|w| crate::understand::normalize::fold(&lower(w))).unwrap_or_default();
    let someone_did = |k: usize| {
        let did = |w: &str| {
            matches!(w, "said" | "says" | "bought" | "got" | "has" | "is" | "brought")
                || crate::understand::route::HE_THEY_DID.contains(&w)
        };
        k > 0
            && (matches!(folded(k).as_str(), "mum" | "mom" | "dad" | "אמא" | "אבא" | "סבתא" | "סבא")
                && (did(&folded(k + 1)) || (folded(k + 1) == "שלי" && did(&folded(k + 2)))))
    };
    match words.iter().enumerate().position(|(k, w)| REASONS.contains(&lower(w).as_str()) || someone_did(k)) {
        Some(k) => words[..k].join(" "),
        None => item.to_string(),
    }
}

/// "ותוסיף במקום ביסלי", "and also some rice", "לא צריך יותר גבינה": words before the item that
/// are not of it.
fn strip_leading_filler(s: &str) -> String {
    for f in ["במקום ", "גם ", "יותר ", "instead ", "also ", "too ", "any more "] {
        if let Some(r) = s.strip_prefix(f) {
            return r.trim_start().to_string();
        }
    }
    s.to_string()
}

fn strip_trailing_filler(s: &str) -> String {
    for f in [
        " instead",
        " too",
        " as well",
        " also",
        " please",
        " already",
        " finally",
        " anymore",
        " any more",
        " במקום",
        " יותר",
        " בבקשה",
        " כבר",
        " סופסוף",
        " סוף סוף",
    ] {
        if let Some(r) = s.strip_suffix(f) {
            return r.trim_end().to_string();
        }
    }
    s.to_string()
}

fn strip_article(s: &str) -> String {
    for a in ["the ", "some ", "a ", "an ", "את "] {
        if let Some(r) = s.strip_prefix(a) {
            return r.trim().to_string();
        }
    }
    s.to_string()
}
