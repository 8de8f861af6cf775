//! Readings that come from a step's shape rather than from a command word: a report in the past
//! tense ("paid the water bill", "שילמתי את הארנונה") completes a task; a question about the
//! world (weather, news, facts) is outside Ozer's abilities; "clear <day> except <title>"
//! empties a calendar window. Each rule is morphological or lexical, so it covers wordings no
//! schema pattern lists, and each yields only when no strong command word says otherwise.

use std::ops::Range;

use super::{Msg, SCHEMAS, Seg};
use crate::understand::Resolver;
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
    "actually",
    "well",
    "בעצמ",
    "אה",
    "אוקי",
];

/// English past forms that do not end in -ed.
const IRREGULAR_PAST: &[&str] = &[
    "paid", "sent", "took", "bought", "got", "made", "did", "done", "went", "gave", "brought", "wrote", "sold", "met",
    "fed", "found", "spoke", "rang", "drove", "ran", "built", "hung", "swept", "threw", "left", "strung", "dug",
    "drew", "ate", "drank", "caught", "taught", "wore", "rode", "swam", "shook", "tore", "spent", "lent", "sewed",
    "sewn", "wound", "withdrew", "fought", "sang", "shut", "stuck", "sought", "kept", "hid", "held", "fetched",
    "grabbed", "picked", "sorted", "emptied", "mopped", "wiped", "hoovered",
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
    // a noun with "my" on it: "אשתי" (my wife), "משפחתי", "עבודתי"
    "אשתי",
    "בתי",
    "משפחתי",
    "עבודתי",
    "דירתי",
    "סבתי",
    "דודתי",
    "חברתי",
    "מכוניתי",
    "מורתי",
    "שאלתי",
];

/// Words ending in -נו that are not "we did": ours, us, with us, about us.
const NOT_WE_DID: &[&str] = &[
    "שלנו",
    "אנחנו",
    "אותנו",
    "איתנו",
    "עלינו",
    "אלינו",
    "ממנו",
    "בשבילנו",
    "בינינו",
    "לפנינו",
    "אחרינו",
    "אצלנו",
    "עבורנו",
    "כמונו",
    "הבנו",
    "שיהיו",
    "ביחדנו",
    "תננו",
    "נתנו",
];

/// A Hebrew word without the "and" (ו) glued to its front ("ושכחתי" → "שכחתי"); any other
/// token as it is.
fn unglued<'a>(t: &Token<'a>) -> &'a str {
    match t.kind {
        Kind::He => t.text.strip_prefix('ו').unwrap_or(t.text),
        _ => t.text,
    }
}

pub(super) fn is_report_verb(t: &Token<'_>) -> bool {
    // ("ושכחתי": "and I forgot" is no more a report than "forgot")
    if NOT_A_REPORT.contains(&t.text) || NOT_A_REPORT.contains(&unglued(t)) {
        return false;
    }
    match t.kind {
        Kind::Latin => english_past(t.text),
        // Hebrew first person past: -תי (singular) on a stem of at least three letters, -נו
        // (plural: "סגרנו", "קנינו") on a verb, not on a pronoun or a preposition ("שלנו")
        Kind::He => he_first_person_past(t.text) && !(t.text.ends_with("נו") && NOT_WE_DID.contains(&t.text)),
        _ => false,
    }
}

/// An English word of a past deed, as `is_report_verb` reads an English token ("sent", "iced").
pub(super) fn is_english_past(word: &str) -> bool {
    !NOT_A_REPORT.contains(&word) && english_past(word)
}

fn english_past(w: &str) -> bool {
    // ("restrung", "rewrote", "rebuilt": done again is done)
    IRREGULAR_PAST.contains(&w)
        || w.strip_prefix("re").is_some_and(|v| v.len() >= 3 && IRREGULAR_PAST.contains(&v))
        // ("iced", "used" are past forms too)
        || (w.len() >= 4 && w.ends_with("ed") && !w.ends_with("eed"))
}

/// The shape of a Hebrew first-person past verb: -תי or -נו on at least four letters ("סגרתי",
/// "קנינו"); `is_report_verb` also leaves out the -נו words that are no verb ("שלנו").
pub(crate) fn he_first_person_past(word: &str) -> bool {
    word.chars().count() >= 4 && (word.ends_with("תי") || word.ends_with("נו"))
}

/// Past verbs of arranging something still to come: "booked", "קבעתי".
const ARRANGING: &[&str] = &[
    "booked",
    "scheduled",
    "arranged",
    "reserved",
    "ordered",
    "made",
    "set",
    "planned",
    "got",
    "קבעתי",
    "הזמנתי",
    "תיאמתי",
    "סגרתי",
    "נרשמתי",
    "תכננתי",
    "רשמתי",
];

/// Whether the report's verb (the last token of `verb`) arranges something rather than does it.
pub(super) fn arranges(msg: &Msg<'_>, verb: Range<usize>) -> bool {
    verb.end.checked_sub(1).and_then(|k| msg.toks.get(k)).is_some_and(|t| ARRANGING.contains(&t.text))
}

/// Words of a day told with joy or ache beyond `FEELINGS`: "הברכיים שלי מתות", "lol", "חחח".
const MOODS: &[&str] =
    &["feel", "dead", "lol", "haha", "yay", "woohoo", "phew", "מתות", "מתימ", "גאה", "חחח", "חחחח", "וואו"];

/// Whether a message is told with a feeling: a word of how the user feels or an emoji. A report
/// told so may be only telling how the day went ("רצתי היום 32 ק"מ והברכיים שלי מתות 😂", "just
/// finished my first blatt, feeling pretty good").
pub(super) fn told_with_feeling(msg: &Msg<'_>) -> bool {
    msg.toks.iter().any(|t| FEELINGS.contains(&t.text) || MOODS.contains(&t.text))
        || msg.text.chars().any(|c| {
            // (a tick or a thumbs-up tells the thing is done: "took the dog to the groomer ✅")
            matches!(c as u32, 0x1F300..=0x1FAFF | 0x2600..=0x27BF) && !matches!(c, '✅' | '✔' | '☑' | '👍' | '👌')
        })
}

/// The token range of a past-tense report's fillers and verb, when the step opens with one and
/// is not a question.
pub(super) fn report_verb(msg: &Msg<'_>, seg: Seg) -> Option<Range<usize>> {
    let toks = &msg.toks[seg.range()];
    // "did I get anything from the tax authority": a question, not a report ("did the laundry
    // already" tells)
    let did_already = toks.first().is_some_and(|t| t.text == "did")
        && toks.get(1).is_some_and(|t| matches!(t.text, "the" | "my" | "our"))
        && toks.iter().any(|t| t.text == "already");
    if toks.iter().any(|t| t.text == "?") || (toks.first().is_some_and(|t| ASKS.contains(&t.text)) && !did_already) {
        return None;
    }
    // "forgot to tell you, I paid …", "btw …", "אגב שכחתי לספר לך, …": an aside before the report
    let aside = [
        &["forgot", "to", "tell", "you"][..],
        &["i", "forgot", "to", "tell", "you"],
        &["btw"],
        &["fyi"],
        &["oh"],
        &["אגב"],
        &["שכחתי", "לספר", "לכ"],
        &["שכחתי", "להגיד", "לכ"],
    ]
    .iter()
    .find(|a| toks.len() > a.len() && toks.iter().zip(a.iter()).all(|(t, w)| t.text == *w))
    .map_or(0, |a| a.len());
    let mut k =
        aside + toks[aside..].iter().position(|t| !(REPORT_FILLERS.contains(&t.text) || t.kind == Kind::Punct))?;
    // "my wife called the gas company already", "my housemate already grabbed the scrubs":
    // done by someone of the user's
    let already = |i: usize| toks.get(i).is_some_and(|t| matches!(t.text, "already" | "just" | "finally"));
    let verb_at = if already(k + 2) { k + 3 } else { k + 2 };
    if matches!(toks[k].text, "my" | "our")
        && toks.get(verb_at).is_some_and(|t| t.kind == Kind::Latin && is_report_verb(t))
        && toks.get(k + 1).is_some_and(|t| t.kind == Kind::Latin && !is_report_verb(t))
    {
        k = verb_at;
    }
    // "אשתי כבר אספה את הכביסה", "בעלי כבר הוציא את הזבל": someone of the user's already did
    // it (a verb of their own person, the thing after "את")
    const MINE: &[&str] =
        &["בעלי", "בני", "אחי", "אחותי", "אמא", "אבא", "סבתא", "סבא", "השותפ", "השותפה", "הבנ", "הבת"];
    let mine = |t: &Token<'_>| NOT_A_REPORT.contains(&unglued(t)) || MINE.contains(&unglued(t));
    if mine(&toks[k])
        && toks.get(k + 1).is_some_and(|t| t.text == "כבר")
        && toks.get(k + 2).is_some_and(|t| t.kind == Kind::He)
        && toks.get(k + 3).is_some_and(|t| t.text == "את")
        && toks.len() > k + 4
    {
        return Some(seg.content + k..seg.content + k + 3);
    }
    // "את השנייה כבר עשיתי", "את החשבון שילמתי": the object said first, the verb last
    let last = toks.iter().rposition(|t| t.kind != Kind::Punct)?;
    if toks[k].text == "את"
        && last > k + 1
        && toks.len() <= 8
        && toks[last].kind == Kind::He
        && is_report_verb(&toks[last])
    {
        let mut from = last;
        while from > k + 1 && REPORT_FILLERS.contains(&toks[from - 1].text) {
            from -= 1;
        }
        return Some(seg.content + from..seg.content + last + 1);
    }
    let verb = &toks[k];
    // "I've got 90 essays left": what is left is still to do ("I've got the tickets" got them)
    if verb.text == "got"
        && k > 0
        && matches!(toks[k - 1].text, "ve" | "have" | "i've" | "ive" | "we've" | "weve")
        && toks[k..].iter().any(|t| t.text == "left")
    {
        return None;
    }
    // "called" followed by "me"/"you" is about someone else's call, and a report needs an object
    let has_object = toks.len() > k + 1;
    (is_report_verb(verb) && has_object).then(|| seg.content..seg.content + k + 1)
}

/// "לא ביום שני, ביום שלישי", "not at 5, at 6", "no, I meant tuesday", "התכוונתי ליום שלישי":
/// a correction of the time just said, and nothing else; the index in `msg.times` of the new
/// time, and of the time said wrong when it was said.
pub(super) fn corrects_to(msg: &Msg<'_>, seg: Seg) -> Option<(usize, Option<usize>)> {
    let times: Vec<usize> = (0..msg.times.len())
        .filter(|&k| {
            let (f, r) = &msg.times[k];
            r.start >= seg.start
                && r.end <= seg.end
                && matches!(f, crate::understand::time::Found::Time(m) if m.problem.is_none())
        })
        .collect();
    let last = *times.last()?;
    let inside = |i: usize| times.iter().any(|&k| msg.times[k].1.contains(&i));
    let words: Vec<&str> =
        seg.range().filter(|&i| !inside(i) && msg.toks[i].is_word()).map(|i| msg.toks[i].text).collect();
    const NEGATES: &[&str] = &["לא", "not", "no", "nope"];
    const MEANT: &[&str] = &["meant", "התכוונתי", "כלומר", "mean"];
    const FILLERS: &[&str] = &[
        "אלא",
        "but",
        "i",
        "sorry",
        "סליחה",
        "actually",
        "oops",
        "אופס",
        "רגע",
        "wait",
        "ל",
        "ב",
        "at",
        "on",
        "to",
        "for",
    ];
    let allowed = words.iter().all(|w| NEGATES.contains(w) || MEANT.contains(w) || FILLERS.contains(w));
    let negated = words.iter().any(|w| NEGATES.contains(w)) && times.len() >= 2;
    let meant = words.iter().any(|w| MEANT.contains(w));
    let wrong = times.first().copied().filter(|_| negated);
    (allowed && (negated || meant)).then_some((last, wrong))
}

/// "no wait her bday is wednesday not thursday", "רגע, הריצה הארוכה זה בשבת לא בראשון": a thing
/// named, then the right day and the wrong one after "not": (the right time's index in
/// `msg.times`, the wrong one's, the thing's tokens).
pub(super) fn corrects_its_day(msg: &Msg<'_>, seg: Seg) -> Option<(usize, usize, Range<usize>)> {
    let times: Vec<usize> = (0..msg.times.len())
        .filter(|&k| {
            let (f, r) = &msg.times[k];
            r.start >= seg.content
                && r.end <= seg.end
                && matches!(f, crate::understand::time::Found::Time(m) if m.problem.is_none() && m.recurrence.is_none())
        })
        .collect();
    let [right, wrong] = times[..] else { return None };
    let (rr, wr) = (msg.times[right].1.clone(), msg.times[wrong].1.clone());
    // only "not" (and a comma) between the two
    let between: Vec<&str> = (rr.end..wr.start).map(|k| msg.toks[k].text).collect();
    if !between.iter().any(|w| matches!(*w, "not" | "לא" | "ולא"))
        || !between.iter().all(|w| matches!(*w, "not" | "לא" | "ולא" | "," | "-"))
    {
        return None;
    }
    // nothing after the wrong one but a full stop
    if (wr.end..seg.end).any(|k| msg.toks[k].is_word()) {
        return None;
    }
    // the thing: the words before the right time, without openers and "is"
    const OPENERS: &[&str] = &[
        "no",
        "wait",
        "sorry",
        "actually",
        "oops",
        "רגע",
        "לא",
        "סליחה",
        "אופס",
        "בעצם",
        "טעיתי",
        "i",
        "meant",
        "התכוונתי",
    ];
    let mut a = seg.content;
    while a < rr.start && (OPENERS.contains(&msg.toks[a].text) || !msg.toks[a].is_word()) {
        a += 1;
    }
    let mut b = rr.start;
    while b > a && matches!(msg.toks[b - 1].text, "is" | "'s" | "זה" | "הוא" | "היא" | "on" | "at" | "ב" | "ל" | "was")
    {
        b -= 1;
    }
    let words = (a..b).filter(|&k| msg.toks[k].is_word()).count();
    let commands =
        msg.pats.iter().any(|m| m.start >= seg.content && m.start < seg.end && m.action.is_some() && m.weight >= 0.5);
    ((1..=5).contains(&words) && !commands).then_some((right, wrong, a..b))
}

/// "batteries are charged already", "the car's all washed", "the forms were signed already": a
/// thing told as done, its state with "already" or "all": (the thing's tokens, the state's
/// tokens). Moves and arrangements ("is moved", "was booked") are not done, and neither is a
/// person's state ("I'm stressed", "she's tired").
pub(super) fn done_state(msg: &Msg<'_>, seg: Seg) -> Option<(Range<usize>, Range<usize>)> {
    let toks = &msg.toks[seg.range()];
    if toks.iter().any(|t| t.text == "?") || !toks.iter().any(|t| matches!(t.text, "already" | "all")) {
        return None;
    }
    // "the bell staff briefing is pau, all done": the thing, how it is, and "all done" after a
    // comma
    if let Some(c) = toks.windows(3).position(|w| {
        w[0].text == ","
            && w[1].text == "all"
            && matches!(w[2].text, "done" | "finished" | "sorted" | "complete" | "completed")
    }) && toks.get(c + 3).is_none_or(|t| matches!(t.text, "." | "!"))
    {
        let end = toks[..c].iter().position(|t| matches!(t.text, "is" | "'s" | "was" | "are")).unwrap_or(c);
        let someone = toks[..end].iter().any(|t| NO_THING.contains(&t.text));
        let commands = msg.pats.iter().any(|m| {
            m.start >= seg.content
                && m.start < seg.end
                && m.action.is_some()
                && SCHEMAS[m.resolver].resolver != Resolver::General
        });
        if (1..=6).contains(&end) && !someone && !commands && toks[..end].iter().all(|t| t.kind == Kind::Latin) {
            return Some((seg.content..seg.content + end, seg.content + c + 1..seg.content + c + 3));
        }
    }
    let state = |t: &Token<'_>| {
        t.kind == Kind::Latin
            && (IRREGULAR_PAST.contains(&t.text) || (t.text.len() >= 5 && t.text.ends_with("ed")))
            && !NOT_DONE_STATES.contains(&t.text)
            && !ARRANGING.contains(&t.text)
    };
    // "Foam rolled already, ouch", "gas bill paid already": the thing, its past verb and
    // "already", with no "is" between them (not a person: "my son called already")
    if let Some(v) =
        (1..toks.len().min(4)).find(|&v| state(&toks[v]) && toks.get(v + 1).is_some_and(|t| t.text == "already"))
        && toks[..v].iter().all(|t| {
            t.kind == Kind::Latin
                && !is_report_verb(t)
                && !matches!(
                    t.text,
                    "i" | "we"
                        | "you"
                        | "he"
                        | "she"
                        | "they"
                        | "it"
                        | "my"
                        | "our"
                        | "his"
                        | "her"
                        | "is"
                        | "are"
                        | "was"
                        | "were"
                        | "'s"
                        | "got"
                        | "been"
                )
        })
    {
        return Some((seg.content..seg.content + v, seg.content + v..seg.content + v + 2));
    }
    let c = toks.iter().position(|t| matches!(t.text, "is" | "are" | "was" | "were" | "'s" | "got" | "been"))?;
    let mut p = c + 1;
    if toks.get(p).is_some_and(|t| matches!(t.text, "all" | "already")) {
        p += 1;
    }
    let participle = state(toks.get(p)?);
    let thing = &toks[..c];
    let someone = thing.iter().all(|t| NO_THING.contains(&t.text) || t.kind == Kind::Punct);
    let said = thing.iter().any(|t| t.is_word());
    (participle && said && !someone).then(|| (seg.content..seg.content + c, seg.content + c..seg.content + p + 1))
}

/// Who or what is told of in a state that names no chore: "I'm all done", "everything's sorted".
pub(super) const NO_THING: &[&str] =
    &["i", "i'm", "im", "you", "he", "she", "they", "we", "it", "that", "this", "everyone", "everything"];

/// States that are not a chore done: moved, put off, or how someone feels.
const NOT_DONE_STATES: &[&str] = &[
    "moved",
    "postponed",
    "delayed",
    "cancelled",
    "canceled",
    "rescheduled",
    "pushed",
    "stressed",
    "tired",
    "exhausted",
    "worried",
    "excited",
    "booked",
    "scheduled",
    "closed",
    "needed",
    "supposed",
    "expected",
    "due",
    "married",
    "called",
    "named",
];

/// Topics Ozer cannot look up: weather, news, sports, facts, prices, traffic, jokes.
const OUTSIDE: &[&str] = &[
    "weather",
    "temperature",
    "טמפרטורה",
    "sun",
    "difference",
    "km",
    "miles",
    "distance",
    "far",
    "הבדל",
    "מרחק",
    "קילומטר",
    "יוצאת",
    "נכנסת",
    "forecast",
    // ("gonna be a frost sunday?", "יהיה שרב מחר?")
    "frost",
    "sharav",
    "heatwave",
    "storm",
    "storms",
    "hail",
    "fog",
    "foggy",
    "windy",
    "warm",
    "שרב",
    "חמסינ",
    "סערה",
    "ברד",
    "ערפל",
    "מעלות",
    // prices of the market: "מה מחיר הדלק החודש"
    "דלק",
    "בנזינ",
    "fuel",
    "petrol",
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
    "clocks",
    "daylight",
    "dst",
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
    "דולר",
    "יורו",
    "אירו",
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
    // rates and prices of the market: "what are mortgage rates doing", "מה הריבית על משכנתא"
    "rates",
    "interest",
    "mortgage",
    "prices",
    "inflation",
    "ריבית",
    "משכנתא",
    "אינפלציה",
    "מחירי",
    // the market: "what's the FTSE at today?" (not "dose", "shares": "did I take my dose?")
    "ftse",
    "nasdaq",
    "crypto",
    "ethereum",
    "בורסה",
    "ביטקוינ",
    "נאסדק",
];

/// What is open in the world: "are schools open in the north tomorrow?", "הכל סגור?" (not "is
/// my friday open?", "anything still open?"; in Hebrew only right before the question mark:
/// "סגור" is also "agreed").
const OPEN_OR_CLOSED: &[&str] = &["open", "closed", "פתוח", "פתוחה", "פתוחימ", "סגור", "סגורה", "סגורימ"];

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
            OUTSIDE.contains(&t.text)
                || peelings(t.text).any(|(p, s)| (s.chars().count() >= 4 || p == "ה") && OUTSIDE.contains(&s))
        }
        _ => false,
    }
}

/// A question about the world rather than about the user's things.
pub(super) fn asks_outside(msg: &Msg<'_>, seg: Seg) -> bool {
    let toks = &msg.toks[seg.range()];
    // ("תן לי רעיון לארוחת ערב": asking for an idea asks, with or without a question mark)
    let wants_an_idea = toks.first().is_some_and(|t| {
        matches!(t.text, "תנ" | "תני" | "give" | "any" | "can" | "could" | "recommend" | "תמליצ" | "תמליצי")
    }) && asks_advice(toks);
    let asks = toks.iter().any(|t| t.text == "?")
        || toks.first().is_some_and(|t| ASKS.contains(&t.text))
        || toks.iter().any(|t| matches!(t.text, "joke" | "בדיחה"))
        || wants_an_idea;
    // "what time is it in New York", "מה השעה עכשיו בניו יורק": the clock, not the user's day
    let the_time = toks.windows(2).any(|w| w[0].text == "מה" && w[1].text == "השעה")
        || toks
            .windows(4)
            .any(|w| w[0].text == "what" && w[1].text == "time" && w[2].text == "is" && w[3].text == "it");
    // "book me a table for 4 at Dishoom", "תזמין לי שולחן במסעדה": bookings Ozer cannot make
    // (not a reminder to book them: "תזכורת ביום שלישי להזמין כרטיסים")
    let reminds = toks
        .iter()
        .any(|t| matches!(t.text, "remind" | "reminder" | "תזכורת" | "תזכיר" | "תזכירי" | "להזכיר" | "תזכירו"));
    let books = !reminds
        && toks
            .iter()
            .any(|t| matches!(t.text, "book" | "reserve" | "order" | "תזמינ" | "תזמיני" | "להזמינ" | "תזמינו"))
        && toks.iter().any(|t| {
            matches!(
                t.text,
                "table"
                    | "flight"
                    | "flights"
                    | "taxi"
                    | "uber"
                    | "cab"
                    | "hotel"
                    | "tickets"
                    | "pizza"
                    | "שולחנ"
                    | "מונית"
                    | "טיסה"
                    | "מלונ"
                    | "כרטיסימ"
                    | "פיצה"
                    | "שולחנות"
            )
        });
    // "איפה יש סדר פסח בסנטיאגו?", "where can i buy a menorah": a place in the world
    let where_in_the_world = (toks.windows(2).next().is_some_and(|w| w[0].text == "איפה" && w[1].text == "יש")
        || toks.windows(4).next().is_some_and(|w| {
            w[0].text == "where"
                && w[1].text == "can"
                && w[2].text == "i"
                && matches!(w[3].text, "buy" | "find" | "get")
        }))
        && !toks.iter().any(|t| matches!(t.text, "לי" | "שלי" | "שלנו" | "my" | "our"));
    the_time
        || books
        || where_in_the_world
        || asks
            && (toks.iter().any(outside_word)
                || (toks.windows(2).any(|w| {
                    OPEN_OR_CLOSED.contains(&w[0].text)
                        && (w[0].kind == Kind::He && w[1].text == "?"
                            || w[0].kind == Kind::Latin
                                && toks
                                    .first()
                                    .is_some_and(|f| matches!(f.text, "is" | "are" | "will" | "was" | "were")))
                }) && !toks.iter().any(|t| matches!(t.text, "my" | "our" | "i" | "שלי" | "שלנו"))
                    && !names_ozers_things(msg, seg))
                || asks_in_general(toks)
                || asks_a_fact(msg, seg)
                || arithmetic(toks)
                || (asks_advice(toks) && !names_ozers_things(msg, seg))
                || (asks_an_opinion(toks) && !names_ozers_things(msg, seg)))
}

/// Nouns of the personal facts people ask Ozer to keep: codes, passwords, numbers, addresses,
/// sizes, where things are (with "the" or another prefix too: `asks_a_kept_fact` peels them).
const KEPT_FACTS: &[&str] = &[
    // "what is Biscuit allergic to?", "כמה שוקל רקס?"
    "allergic",
    "allergy",
    "allergies",
    "weigh",
    "weighs",
    "אלרגי",
    "אלרגית",
    "אלרגיה",
    "שוקל",
    "שוקלת",
    "code",
    "codes",
    "password",
    "passcode",
    "pin",
    "combination",
    "number",
    "address",
    "size",
    "locker",
    "wifi",
    "wi-fi",
    "key",
    "keys",
    "plate",
    "blood",
    "license",
    "licence",
    "passport",
    "passports",
    "קוד",
    "סיסמה",
    "סיסמא",
    "מספר",
    "כתובת",
    "מידה",
    "מידת",
    "לוקר",
    "ויפי",
    "וויפי",
    "מפתח",
    "מפתחות",
    "רישוי",
    "דרכונ",
    "דרכונימ",
    "תעודת",
    // "מה הטלפון של הנגר?", "what's the plumber's phone"
    "phone",
    "טלפונ",
    "פלאפונ",
    "נייד",
];

/// Words that ask back what the user told: "again", "did I tell you", "אמרתי".
const TOLD_BACK: &[&str] = &[
    "again",
    "said",
    "say",
    "told",
    "tell",
    "remember",
    "noted",
    "mentioned",
    "אמרתי",
    "אמרת",
    "סיפרתי",
    "שוב",
    "זוכר",
    "זוכרת",
    "רשמתי",
    "שמרתי",
    "הזכרתי",
];

/// A question that asks back one of the user's own facts (a code, an address, where something
/// was put, what the user said, "my"/"mom's" something) rather than something about the world.
/// The question says it was told to Ozer before: "again" as its last word ("who picks Ava up
/// on Wednesdays again?"), or "I told you", "רשמתי לך", "אמרתי לך".
pub(super) fn asks_told_back(msg: &Msg<'_>, seg: Seg) -> bool {
    let toks = &msg.toks[seg.range()];
    let last_word = toks.iter().rev().find(|t| t.is_word()).map_or("", |t| t.text);
    let told = toks.windows(2).any(|w| {
        matches!(
            (w[0].text, w[1].text),
            ("רשמתי" | "אמרתי" | "סיפרתי" | "שמרתי", "לכ") | ("told" | "gave", "you") | ("i", "mentioned")
        )
    });
    last_word == "again" || told
}

pub(super) fn asks_a_kept_fact(msg: &Msg<'_>, seg: Seg) -> bool {
    let toks = &msg.toks[seg.range()];
    let first = toks.first().map_or("", |t| t.text);
    let owned = toks.iter().any(|t| {
        matches!(t.text, "my" | "our" | "mine" | "שלי" | "שלנו")
            || (t.kind == Kind::Latin
                && t.text.ends_with("'s")
                && !matches!(
                    t.text,
                    "what's"
                        | "it's"
                        | "that's"
                        | "where's"
                        | "who's"
                        | "how's"
                        | "when's"
                        | "there's"
                        | "let's"
                        | "he's"
                        | "she's"
                ))
    });
    let where_is = matches!(first, "where" | "where's" | "איפה" | "ואיפה");
    let kept = toks.iter().any(|t| {
        KEPT_FACTS.contains(&t.text) || peelings(t.text).any(|(p, st)| !p.is_empty() && KEPT_FACTS.contains(&st))
    });
    // "how much did I pay for the boiler?", "כמה שילמנו על הדוד?": the user's own past
    let did_i = toks.windows(2).any(|w| matches!(w[0].text, "did" | "have" | "was") && matches!(w[1].text, "i" | "we"))
        || toks.iter().any(|t| t.kind == Kind::He && is_report_verb(t));
    owned || where_is || kept || did_i || toks.iter().any(|t| TOLD_BACK.contains(&t.text))
}

/// "how much is a ticket from Dubai to Manila in December?", "כמה ימי חופש יש בחנוכה בגנים
/// השנה?", "ביום כיפור אפשר לנסוע עם אוטו?": how much, how many or whether one may, asked of no
/// one's own things and no calendar, asks about the world, a time in it or not ("how many
/// meetings do I have tomorrow", "כמה תורים יש לי השבוע" stay the user's own).
pub(super) fn asks_the_world(msg: &Msg<'_>, seg: Seg) -> bool {
    let toks = &msg.toks[seg.range()];
    let asks = toks.iter().any(|t| matches!(t.text, "כמה" | "אפשר" | "מותר"))
        || toks.windows(2).any(|w| w[0].text == "how" && matches!(w[1].text, "much" | "many"));
    asks && !of_mine(msg, seg)
}

/// Whether the step speaks of the user's own things or calendar: "I", "my", "לי", "שלנו", a
/// verb of the user's own past ("אמרתי", "שילמנו"), or meetings, shifts, the calendar.
pub(super) fn of_mine(msg: &Msg<'_>, seg: Seg) -> bool {
    const MINE: &[&str] = &[
        "i",
        "i'm",
        "i've",
        "i'll",
        "i'd",
        "me",
        "my",
        "mine",
        "we",
        "we're",
        "we've",
        "our",
        "us",
        "לי",
        "לנו",
        "שלי",
        "שלנו",
        "אני",
        "אנחנו",
        "אצלי",
        "אצלנו",
        "איתי",
        "איתנו",
    ];
    const DIARY: &[&str] = &[
        "calendar",
        "schedule",
        "diary",
        "meetings",
        "appointments",
        "events",
        "shifts",
        "יומנ",
        "פגישות",
        "אירועימ",
        "תורימ",
        "משמרות",
    ];
    msg.toks[seg.range()].iter().any(|t| {
        MINE.contains(&t.text)
            || DIARY.contains(&t.text)
            || peelings(t.text).any(|(p, st)| !p.is_empty() && DIARY.contains(&st))
            // "כמה מ״ג אמרתי…", "כמה שילמנו…": a verb of the user's own past (any -תי/-נו word,
            // wider than `is_report_verb`, which it takes in)
            || (t.kind == Kind::He && he_first_person_past(t.text))
    })
}

/// "best gelato near the Pantheon?", "איפה הכי טוב לאכול חומוס בעיר?": which is best, said of no
/// one's own things, asks an opinion about the world.
fn asks_an_opinion(toks: &[Token<'_>]) -> bool {
    let best = toks.iter().any(|t| matches!(t.text, "best" | "nicest" | "cheapest" | "nearest" | "closest"))
        || toks
            .windows(2)
            .any(|w| w[0].text == "הכי" && matches!(w[1].text, "טוב" | "טובה" | "טובימ" | "זול" | "קרוב"));
    // "what do you think about minimal techno?", "מה דעתך על …": Ozer's own view asked
    let yours = toks.windows(4).any(|w| {
        matches!(
            (w[0].text, w[1].text, w[2].text, w[3].text),
            ("what", "do", "you", "think") | ("do", "you", "like", _)
        )
    }) || toks.windows(2).any(|w| matches!((w[0].text, w[1].text), ("מה", "דעתכ")))
        || toks
            .windows(3)
            .any(|w| matches!((w[0].text, w[1].text, w[2].text), ("מה", "אתה", "חושב") | ("מה", "את", "חושבת")));
    (best || yours) && !toks.iter().any(|t| PERSONAL.contains(&t.text))
}

/// The step names something Ozer keeps: a reminder, the calendar or an appointment, a list or
/// mail ("how long until my dentist appointment" is about the user's day, not know-how).
fn names_ozers_things(msg: &Msg<'_>, seg: Seg) -> bool {
    // ("…off their phone at dinner": a meal nobody has is no appointment of the user's)
    let personal = seg.range().any(|i| PERSONAL.contains(&msg.toks[i].text));
    names_task(msg, seg)
        || names_calendar(msg, seg)
        || (names_an_appointment(msg, seg) && personal)
        || super::super::slots::list_marker(msg.toks, seg.range()).is_some()
        || seg.range().any(|i| matches!(msg.toks[i].text, "email" | "emails" | "mail" | "inbox" | "מייל" | "מיילימ"))
}

/// "How do I ask you to remind me about my pills?", "how do I set a reminder that repeats?",
/// "אני לא מבין איך מוחקים רשימה": how to use Ozer itself, with nothing to do now (no time).
pub(crate) fn asks_how_to_use(msg: &Msg<'_>, seg: Seg) -> bool {
    let toks = &msg.toks[seg.range()];
    let words: Vec<&str> = toks.iter().map(|t| t.text).collect();
    let how = (0..words.len()).any(|i| {
        let opens = i == 0
            || matches!(
                words[i - 1],
                "," | "." | "?" | "!" | "so" | "אז" | "ו" | "מבינ" | "מבינה" | "הבנתי" | "יודע" | "יודעת"
            );
        opens
            && (words[i..].starts_with(&["how", "do", "i"])
                || words[i..].starts_with(&["how", "can", "i"])
                || words[i..].starts_with(&["how", "to"])
                // ("איך עשיתי את הסלק": how the user once did something asks a note back)
                || (words[i] == "איכ" && !words.get(i + 1).is_some_and(|w| he_first_person_past(w))))
    });
    // (a repeat with no day or hour of its own, "every week", is what is asked about)
    let timed = msg.times.iter().any(|(f, tr)| {
        tr.start >= seg.start
            && tr.end <= seg.end
            && !matches!(f, crate::understand::time::Found::Time(m) if m.recurrence.is_some() && m.grain >= crate::understand::time::Grain::Day)
    });
    // ("…get you to remind me": a command of Ozer's named inside the question)
    let commands = msg.pats.iter().any(|m| {
        m.start >= seg.start
            && m.start < seg.end
            && m.action.is_some()
            && m.weight >= 0.8
            && !matches!(SCHEMAS[m.resolver].resolver, Resolver::General | Resolver::Meta)
    });
    how && !timed && (names_ozers_things(msg, seg) || commands)
}

/// Openings of a clause that ask for advice or know-how, not for something the user told
/// ("how long should I rest the dough", "what's a good way to …", "איך לדבר איתו", "יש לך רעיון").
const ADVICE: &[&[&str]] = &[
    // "can you recommend a good book on stoicism", "תמליץ לי על סדרה"
    &["can", "you", "recommend"],
    &["could", "you", "recommend"],
    &["recommend"],
    &["any", "recommendations"],
    &["תמליצ"],
    &["תמליצי"],
    &["אתה", "ממליצ"],
    &["את", "ממליצה"],
    &["how", "long"],
    &["how", "much", "time"],
    &["how", "should"],
    &["how", "do", "you"],
    &["how", "do", "i"],
    &["how", "can", "i"],
    &["how", "to"],
    &["why"],
    // ("what's a good way to …" too)
    &["what's", "a"],
    &["whats", "a"],
    &["what", "is", "a"],
    &["what", "is", "an"],
    &["what", "even", "is"],
    &["what's", "the", "best"],
    &["whats", "the", "best"],
    &["what", "is", "the", "best"],
    &["any", "tips"],
    &["any", "ideas"],
    &["any", "advice"],
    &["should", "i"],
    &["can", "you", "suggest"],
    &["איכ"],
    &["למה"],
    &["יש", "לכ", "רעיונ"],
    &["יש", "לכ", "רעיונות"],
    &["יש", "לכ", "המלצה"],
    &["יש", "לכ", "טיפ"],
    &["יש", "לכ", "טיפימ"],
    &["מה", "כדאי"],
    &["כדאי", "לי"],
    &["מה", "הדרכ"],
    &["כמה", "גרמ"],
    &["כמה", "זמנ"],
    &["כמה", "דקות"],
    &["כמה", "מעלות"],
    &["כמה", "כפות"],
    &["כמה", "שעות", "שינה"],
    &["כמה", "בערכ"],
    &["כמה", "עולה"],
    &["כמה", "עולות"],
    &["מה", "הכי", "טוב"],
    &["מה", "הכי", "כדאי"],
    &["what", "should", "a"],
    &["what", "should", "an"],
    &["what", "should", "you"],
    &["תנ", "לי", "רעיונ"],
    &["תני", "לי", "רעיונ"],
    &["give", "me", "an", "idea"],
    &["give", "me", "ideas"],
    &["give", "me", "some", "ideas"],
    // "what should I be planting in october", "is it actually bad luck to …", "מתי הכי טוב
    // לשתול שום", "אתה מכיר מקומות טובים …", "זה נורמלי שבועיים אחרי ניתוח?"
    &["what", "should", "i", "be"],
    &["is", "it", "actually"],
    &["is", "it", "really"],
    &["is", "it", "bad"],
    &["is", "it", "normal"],
    &["is", "it", "safe"],
    &["is", "it", "true"],
    &["is", "it", "ok", "to"],
    &["is", "it", "okay", "to"],
    &["מתי", "הכי"],
    &["איפה", "הכי"],
    &["אתה", "מכיר"],
    &["את", "מכירה"],
    &["זה", "נורמלי"],
    &["כמה", "אמור"],
    &["כמה", "אמורה"],
    &["כמה", "אמורימ"],
    // "מתי יוצא ראש השנה השנה?": when a date falls is a fact
    &["מתי", "יוצא"],
    &["מתי", "יוצאת"],
    &["מתי", "חל"],
    &["מתי", "חלה"],
];

/// Words that ask back for something the user said: then a question is a recall.
const TOLD: &[&str] =
    &["did", "told", "said", "saved", "wrote", "noted", "again", "אמרתי", "רשמתי", "שמרתי", "סיפרתי", "שוב"];

/// A clause that asks for advice or know-how ("how long should I rest brioche dough?", "עובד
/// שלי מאחר, איך לדבר איתו על זה?"), and nothing that asks back what the user told.
fn asks_advice(toks: &[Token<'_>]) -> bool {
    if toks.iter().any(|t| TOLD.contains(&t.text)) {
        return false;
    }
    let words: Vec<&str> = toks.iter().map(|t| t.text).collect();
    (0..words.len()).any(|i| {
        let opens = i == 0 || matches!(words[i - 1], "," | "." | "?" | "!" | "-" | "so" | "אז" | "ו");
        // ("איך קוראים ל…" asks a name the user told)
        let a_name = words[i] == "איכ" && words.get(i + 1) == Some(&"קוראימ");
        opens && !a_name && ADVICE.iter().any(|a| words[i..].starts_with(a))
    })
}

/// "ugh report cards are due friday and I haven't even started", "אוף, יש לי מלא עבודה": a sigh
/// that asks for nothing (no command of weight anywhere in it) is talk, not a reminder.
/// So is a feeling told ("this move is brutal", "אני כל כך עייפה שבא לי לבכות"), a greeting
/// that goes on to tell how things are ("בוקר, יש לי מלא דדליינים החודש", "morning! busy few days
/// ahead": no clock time in it), and a plea for help in general ("finals start tmrw and i also
/// have shifts at the cafe. help", "תעזור לי להתארגן").
pub(crate) fn talk(msg: &Msg<'_>, seg: Seg) -> Option<Talk> {
    let toks = &msg.toks[seg.range()];
    let at = |k: usize| toks.get(k).map_or("", |t| t.text);
    let sighs =
        matches!(at(0), "ugh" | "ughh" | "ugghh" | "sigh" | "omg" | "argh" | "uff" | "ufff" | "אופ" | "אופפ" | "פפפ");
    let feels = toks.iter().any(|t| FEELINGS.contains(&t.text))
        || toks.windows(2).any(|w| {
            matches!(
                (w[0].text, w[1].text),
                ("could", "cry")
                    | ("לבכות", _)
                    | ("freaking", "out")
                    | ("killing", "me")
                    | ("הורג", "אותי")
                    | ("הורגת", "אותי")
                    | ("אינ", "כוח")
                    | ("worn", "out")
                    | ("fed", "up")
                    | ("so", "done")
                    | ("can't", "cope")
                    | ("cant", "cope")
                    | ("no", "energy")
                    | ("קשה", "לי")
            )
        })
        // "אין לי כוח"
        || toks.windows(3).any(|w| w[0].text == "אינ" && w[1].text == "לי" && w[2].text == "כוח")
        // "לא ישנתי כל הלילה", "didn't sleep at all": what the user did not get to do
        || (at(0) == "לא" && he_first_person_past(at(1)) && !NOT_A_REPORT.contains(&at(1)))
        || (matches!(at(0), "didn't" | "didnt") && matches!(at(1), "sleep" | "eat"))
        || (matches!(at(0), "i") && matches!(at(1), "didn't" | "didnt") && matches!(at(2), "sleep" | "eat"));
    // "one of my little ones told me I look like a potato", "הבת שלי אמרה לי ש…": what someone
    // said to the user
    let told = toks
        .windows(2)
        .any(|w| matches!((w[0].text, w[1].text), ("told", "me") | ("אמר" | "אמרה" | "סיפר" | "סיפרה" | "אמרו", "לי")));
    // "what a day, the car broke down…", "איזה בוקר, …": an exclamation, not a question
    let exclaims = ((at(0) == "what" && at(1) == "a")
        || (at(0) == "איזה" && matches!(at(1), "יומ" | "בוקר" | "שבוע" | "ערב" | "לילה" | "בלגנ" | "חודש")))
        && !toks.iter().any(|t| t.text == "?");
    let greets = matches!(at(0), "hi" | "hey" | "hello" | "morning" | "היי" | "הי" | "שלומ" | "אהלנ" | "בוקר" | "ערב")
        && matches!(at(1), "," | "!" | "." | "טוב" | "all" | "there")
        && toks.len() > 3
        && !msg.times.iter().any(|(f, tr)| {
            tr.start >= seg.content
                && tr.end <= seg.end
                && matches!(f, crate::understand::time::Found::Time(m) if m.grain < crate::understand::time::Grain::Day)
                && !(tr.start == seg.content && tr.end == seg.content + 1)
        });
    let last_word = toks.iter().rev().find(|t| t.is_word()).map_or("", |t| t.text);
    let pleads = toks.len() > 3
        && (last_word == "help"
            || toks.windows(2).any(|w| {
                matches!((w[0].text, w[1].text), ("need", "help") | ("תעזור", "לי") | ("תעזרי", "לי"))
                    && !toks.iter().any(|t| matches!(t.text, "with" | "עם" | "ב"))
            }));
    if sighs || feels || exclaims {
        Some(Talk::Feelings)
    } else if greets || pleads {
        Some(Talk::Hand)
    } else if told || tells_a_story(msg, seg) {
        Some(Talk::Story)
    } else {
        None
    }
}

/// "he asked me three times today where mum is. she died in 2019. I don't know what to tell
/// him anymore", "סוף משמרת. היינו בפול בוקינג והשף צרח כל הערב": sentences about someone, with
/// no question and no hour said, tell how things are (whether anything asks for a thing is
/// for `vents` to see).
fn tells_a_story(msg: &Msg<'_>, seg: Seg) -> bool {
    let toks = &msg.toks[seg.range()];
    let breaks = toks.windows(2).filter(|w| matches!(w[0].text, "." | "!") && w[1].is_word()).count();
    let words = toks.iter().filter(|t| t.is_word()).count();
    let someone = toks.iter().any(|t| {
        matches!(
            t.text,
            "he" | "she"
                | "they"
                | "i"
                | "i'm"
                | "im"
                | "we"
                | "we're"
                | "הוא"
                | "היא"
                | "הם"
                | "הן"
                | "אני"
                | "אנחנו"
                | "היינו"
                | "הייתי"
                // ("ילד שאני מלווה נזרק…": the user in it)
                | "שאני"
        )
    }) || toks.windows(2).any(|w| w[1].text == "me" && w[0].kind == Kind::Latin && is_report_verb(&w[0]));
    // ("the cops gave me another ticket": what someone did to the user)
    let hour = super::when::times_in(msg, &seg.range())
        .any(|m| m.grain < crate::understand::time::Grain::Day && m.point.is_none());
    breaks >= 1 && words >= 8 && someone && !hour && !toks.iter().any(|t| t.text == "?")
}

/// What a message that asks for nothing is: a feeling told, or a hand asked for in general.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Talk {
    Feelings,
    Hand,
    /// things told about someone's day, asking for nothing
    Story,
}

/// …and it is talk when no command of weight is anywhere in it.
pub(super) fn vents(msg: &Msg<'_>, seg: Seg) -> bool {
    // ("told me I look like a potato": what was said to the user asks nothing of Ozer)
    let told_at = seg.range().find(|&k| {
        msg.toks.get(k + 1).is_some_and(|n| {
            matches!((msg.toks[k].text, n.text), ("told", "me") | ("אמר" | "אמרה" | "סיפר" | "סיפרה" | "אמרו", "לי"))
        })
    });
    let had_to = |k: usize| k >= 2 && msg.toks[k - 1].text == "to" && msg.toks[k - 2].text == "had";
    talk(msg, seg).is_some()
        && !msg.pats.iter().any(|m| {
            m.start >= seg.content
                && m.start < seg.end
                && told_at.is_none_or(|t| m.start < t)
                // ("had to put down a 16 year old golden": what had to be done is done)
                && !had_to(m.start)
                && m.weight >= 0.5
                && m.action.is_some()
                // (asking for help in general is no request of Ozer's things)
                && !matches!(SCHEMAS[m.resolver].resolver, Resolver::General | Resolver::Meta)
                // ("this move is brutal": a verb's word after "this" is a noun)
                && !(m.start > 0 && matches!(msg.toks[m.start - 1].text, "this" | "the" | "my" | "our" | "that"))
                // ("a 14 hour shift": after a number or a time's word, a verb's word is a noun)
                && !(m.start > 0
                    && (msg.toks[m.start - 1].kind == Kind::Num
                        || matches!(msg.toks[m.start - 1].text, "hour" | "night" | "day" | "double" | "long" | "late")))
                // ("im so done with people who…": fed up, not finished)
                && !(m.start > 0 && msg.toks[m.start - 1].text == "so" && msg.toks[m.start].text == "done")
        })
}

/// "הבוס שלי רוצה שאגיע", "my boss wants me in on friday", "she said she'd come at 5": the
/// step opens with someone else (a person of the user's, or he/she/they) and what they want,
/// said or asked.
pub(super) fn about_someone(msg: &Msg<'_>, seg: Seg) -> bool {
    let w = |k: usize| msg.toks.get(seg.content + k).filter(|_| seg.content + k < seg.end).map_or("", |t| t.text);
    const THEIR_WORDS: &[&str] = &[
        "wants",
        "said",
        "says",
        "asked",
        "thinks",
        "insists",
        "רוצה",
        "רוצים",
        "רוצות",
        "אמר",
        "אמרה",
        "אמרו",
        "ביקש",
        "ביקשה",
        "ביקשו",
        "חושב",
        "חושבת",
        "מתעקש",
        "מתעקשת",
        "טוען",
        "טוענת",
    ];
    let says = |k: usize| THEIR_WORDS.contains(&w(k));
    match (w(0), w(1)) {
        ("my" | "our", _) => says(2) || says(3),
        ("he" | "she" | "they" | "הוא" | "היא" | "הם" | "הן", _) => says(1),
        (_, "שלי" | "שלנו") => says(2),
        _ => false,
    }
}

/// Times everyone shares: a fast, Shabbat or a holiday coming in or going out, the clocks
/// changing.
const SHARED_TIMES: &[&str] = &["fast", "צומ", "הצומ", "תענית", "chag", "החג", "yomtov", "clocks", "השעונ", "candle"];
const COMES_OR_GOES: &[&str] = &[
    "start",
    "starts",
    "begin",
    "begins",
    "end",
    "ends",
    "over",
    "out",
    "in",
    "go",
    "goes",
    "change",
    "changes",
    "נכנס",
    "נכנסת",
    "יוצא",
    "יוצאת",
    "מתחיל",
    "מתחילה",
    "נגמר",
    "נגמרת",
    "כניסת",
    "צאת",
    "יציאת",
    "הדלקת",
    "מזיזימ",
];

/// "when does the fast end", "what time does shabbat go out", "do we lose an hour tonight?",
/// "clocks go back tonight, finally an extra hour": a time everyone shares, asked about or
/// remarked on, is no thing of the user's calendar.
pub(super) fn about_shared_times(msg: &Msg<'_>, seg: Seg) -> bool {
    let toks = &msg.toks[seg.range()];
    let said = |a: &str, b: &str| toks.windows(2).any(|w| w[0].text == a && w[1].text == b);
    let shared = toks.iter().any(|t| SHARED_TIMES.contains(&t.text));
    let sabbath = toks.iter().any(|t| matches!(t.text, "shabbat" | "shabbos" | "sabbath" | "שבת" | "השבת"));
    let comes_or_goes = toks.iter().any(|t| COMES_OR_GOES.contains(&t.text));
    let clocks = said("lose", "an")
        || said("extra", "hour")
        || said("spring", "forward")
        || said("fall", "back")
        || said("שעונ", "חורפ")
        || said("שעונ", "קיצ")
        || (said("hour", "of") && toks.iter().any(|t| matches!(t.text, "sleep" | "kip")));
    (shared && (comes_or_goes || toks.first().is_some_and(|t| matches!(t.text, "when" | "מתי"))))
        || (sabbath
            && comes_or_goes
            && toks.first().is_some_and(|t| matches!(t.text, "when" | "what" | "מתי" | "באיזה" | "at")))
        || clocks
}

/// Words that tell how something was: "was", "been", "היה".
const WAS: &[&str] = &[
    "was",
    "were",
    "been",
    "wasn't",
    "weren't",
    "haven't",
    "havent",
    "hasn't",
    "hasnt",
    "hadn't",
    "didn't",
    "didnt",
    "היה",
    "היתה",
    "הייתה",
    "היו",
    "הייתי",
    "היינו",
];

/// Words of a change made to an arrangement ("was moved to friday", "נדחה"): a report that
/// something on the calendar changed, which the user may want to follow.
const CHANGED: &[&str] = &[
    "moved",
    "changed",
    "pushed",
    "postponed",
    "rescheduled",
    "cancelled",
    "canceled",
    "delayed",
    "brought",
    "הוזז",
    "הוזזה",
    "נדחה",
    "נדחתה",
    "בוטל",
    "בוטלה",
    "הוקדמ",
    "הוקדמה",
    "שונה",
];

/// "crew's been great this week honestly", "וואו איזה קהל היה הערב בברלין", "one texted me at
/// 3am about a lightbulb": with no command, a step that tells how something was, or what someone
/// did (a past verb right after the one who did it), tells of the past; its time is when it
/// happened, not when to do anything.
pub(super) fn tells_what_was(msg: &Msg<'_>, seg: Seg) -> bool {
    let toks = &msg.toks[seg.range()];
    if toks.iter().any(|t| CHANGED.contains(&unglued(t)) || ARRANGING.contains(&t.text)) {
        return false;
    }
    let was = toks.iter().any(|t| WAS.contains(&unglued(t)))
        // "2 בלילה ואני עדיין בספרייה", "i'm still at the office at 9": how things stand now
        || toks.windows(2).any(|w| {
            matches!((unglued(&w[0]), w[1].text), ("אני" | "אנחנו", "עדיינ") | ("i'm" | "im" | "am" | "we're", "still"))
        });
    // "one texted me", "she called at 3": someone (not "I", whose past tense is a report) and
    // an English past verb of theirs
    let did = toks.windows(2).any(|w| {
        matches!(w[0].text, "one" | "he" | "she" | "they" | "someone" | "somebody" | "everyone")
            && w[1].kind == Kind::Latin
            && is_report_verb(&w[1])
    });
    was || did
}

/// "ביטוח לאומי שלחו לי עוד מכתב", "השוכר שלח לי הודעה": "sent me" right after the one who
/// sent it is a thing received, not a command to send.
pub(super) fn someone_did_it(msg: &Msg<'_>, k: usize) -> bool {
    let Some(before) = k.checked_sub(1).map(|b| &msg.toks[b]) else { return false };
    let sent = matches!(msg.toks[k].text, "שלח" | "שלחו" | "שלחה")
        && msg.toks.get(k + 1).is_some_and(|t| matches!(t.text, "לי" | "לנו"));
    // (asked of every command word a step weighs: the clause is read only after "sent me")
    if !sent {
        return false;
    }
    let clause = (0..k).rev().take_while(|&i| !matches!(msg.toks[i].text, "," | "." | "!" | "?"));
    let object_first = clause.into_iter().any(|i| matches!(msg.toks[i].text, "את" | "ואת"));
    before.kind == Kind::He
        && !object_first
        && !matches!(
            before.text,
            "אז" | "בבקשה"
                | "גמ"
                | "רק"
                | "אנא"
                | "נא"
                | "פשוט"
                | "עכשיו"
                | "מיד"
                | "כבר"
                | "אפשר"
                | "תוכל"
                | "תוכלי"
                | "שוב"
        )
        && super::command_at(msg, k - 1).is_none()
        && !crate::understand::time::is_time_word(before)
}

/// Words that tell how the user feels, not what to do.
const FEELINGS: &[&str] = &[
    // ("my feet are actually screaming", "knackered")
    "screaming",
    "aching",
    "knackered",
    "shattered",
    "wrecked",
    "zonked",
    "brutal",
    "drowning",
    "exhausted",
    "tired",
    "stressed",
    "overwhelmed",
    "swamped",
    "bummed",
    "anxious",
    "nervous",
    "frazzled",
    "burnt",
    "burned",
    "dreading",
    "wrecked",
    "shattered",
    "knackered",
    "fried",
    "dread",
    "heartbroken",
    "lonely",
    "miserable",
    "frustrated",
    "scream",
    "בלחצ",
    "לחוצ",
    "לחוצה",
    "עייפ",
    "עייפה",
    "גמור",
    "גמורה",
    "מותש",
    "מותשת",
    "טובע",
    "טובעת",
    "מבואס",
    "מבואסת",
    "מוצף",
    "מוצפת",
    "מתוסכל",
    "מתוסכלת",
    "עצוב",
    "עצובה",
    "בודד",
    "בודדה",
    "מרגיש",
    "מרגישה",
    "מפוזר",
    "מפוזרת",
    "scattered",
    // "השוק מת לגמרי", "אני מתה": dead tired, or dead quiet
    "מת",
    "מתה",
    // how a day or a week went: "this week has been a nightmare", "איזה בוקר מטורף"
    "nightmare",
    "chaos",
    "chaotic",
    "hectic",
    "insane",
    "disaster",
    "סיוט",
    // a day told with joy or weight: "honestly loved it", "feeling pretty good", "rough one",
    // "נמאס לי", "סיום מסכת מרגש"
    "loved",
    "feeling",
    "proud",
    "rough",
    "נמאס",
    "מרגש",
    "מרגשת",
    "גאה",
    "מאושר",
    "מאושרת",
    "התרגשתי",
    "מטורפ",
    "מטורפת",
    "כאוס",
    "הזוי",
    "אסונ",
];

/// "what's 15% of 240", "כמה זה 12 כפול 7": a sum to work out.
fn arithmetic(toks: &[Token<'_>]) -> bool {
    toks.windows(3).any(|w| {
        let op = matches!(
            w[1].text,
            "%" | "percent" | "times" | "plus" | "minus" | "x" | "*" | "+" | "כפול" | "פלוס" | "חלקי" | "ועוד" | "אחוז"
        );
        w[0].kind == Kind::Num && op && (w[2].kind == Kind::Num || matches!(w[1].text, "%" | "percent" | "אחוז"))
    }) || toks.windows(2).any(|w| w[0].kind == Kind::Num && matches!(w[1].text, "%" | "percent" | "אחוז"))
}

/// "how many grams of protein are in an egg", "is the train running tonight": an English
/// question about no one (no "my", "I", "you") that names none of Ozer's things (no list, task,
/// event, email or note word) is about the world.
fn asks_a_fact(msg: &Msg<'_>, seg: Seg) -> bool {
    let toks = &msg.toks[seg.range()];
    let at = |k: usize| toks.get(k).map_or("", |t| t.text);
    let opens = match at(0) {
        "how" => matches!(at(1), "many" | "much" | "long" | "far" | "big" | "old" | "tall" | "hot" | "cold"),
        "is" | "are" | "does" | "will" | "was" | "were" => true,
        // "when do the Heat play next", "what time does the market open": someone else's times
        // (not "when does 2B's lease renew": a thing someone has is one the user keeps track of)
        "when" => matches!(at(1), "do" | "does") && !toks.iter().any(|t| t.text.ends_with("'s") || t.text == "'s"),
        "what" => at(1) == "time" && matches!(at(2), "do" | "does"),
        // "did the lakers lose again?", "yankees win last night?": a result of a game
        _ if toks.iter().any(|t| t.text == "?")
            && toks[..toks.len().min(4)]
                .iter()
                .any(|t| matches!(t.text, "win" | "won" | "lose" | "lost" | "beat" | "score" | "scored")) =>
        {
            true
        }
        // "who's playing at the festival this year", "who won the match"
        "who's" | "whos" | "who" => {
            let verb = if at(0) == "who" && matches!(at(1), "is" | "are") { at(2) } else { at(1) };
            matches!(verb, "playing" | "performing" | "headlining" | "winning" | "won" | "leading" | "singing")
        }
        _ => false,
    };
    let names_ozers_things = msg
        .pats
        .iter()
        .any(|m| m.start >= seg.start && m.start < seg.end && SCHEMAS[m.resolver].resolver != Resolver::General);
    opens && !names_ozers_things && !toks.iter().any(|t| PERSONAL.contains(&t.text))
}

/// Words that make a question about the user (or about Ozer): "my", "לי", "אתה".
const PERSONAL: &[&str] = &[
    "my",
    "me",
    "i",
    "i'm",
    "im",
    "i've",
    "mine",
    "our",
    "us",
    "we",
    "you",
    "your",
    "שלי",
    "לי",
    "אני",
    "שלנו",
    "לנו",
    "אנחנו",
    "אתה",
    "שלכ",
    "לכ",
    "עליי",
    "איתי",
];

/// A question that asks about no one: "who won…", "מי כתב…", or a Hebrew impersonal verb right
/// after the question word ("מתי מדליקים נרות", "איך מבטלים נטפליקס").
fn asks_in_general(toks: &[Token<'_>]) -> bool {
    let personal = toks.iter().any(|t| {
        PERSONAL.contains(&t.text) || peelings(t.text).any(|(_, s)| PERSONAL.contains(&s) && s.chars().count() >= 3)
    });
    // "who was the plumber again?", "מה היה השם שלו שוב": asking to be reminded of something told
    let again = toks.iter().any(|t| matches!(t.text, "again" | "שוב"));
    if personal || again {
        return false;
    }
    let first = toks.first().map_or("", |t| t.text);
    let impersonal = toks.get(1).is_some_and(impersonal_verb);
    // "מה זה בעצם חג ההודיה": what a thing is
    let what_is = first == "מה" && toks.get(1).is_some_and(|t| matches!(t.text, "זה" | "זאת"));
    matches!(first, "who" | "מי")
        || (matches!(first, "מתי" | "איכ" | "למה" | "כמה" | "איפה" | "מה") && impersonal)
        || what_is
}

/// A Hebrew present-tense plural with no article, said of no one in particular: "מדליקים",
/// "מבטלים" ("one lights", "one cancels").
fn impersonal_verb(t: &Token<'_>) -> bool {
    t.kind == Kind::He && !t.text.starts_with('ה') && t.text.chars().count() >= 5 && t.text.ends_with("ימ")
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
    "תעיפ",
    "תעיפי",
];

/// Words that may stand beside the verb and the window without naming another object: "clear
/// out my calendar for all of Sunday".
const WINDOW_WORDS: &[&str] = &[
    // "clear my day tomorrow"
    "day",
    // "clear everything I have tomorrow", "תעיף את כל מה שיש לי ביומן מחר"
    "i",
    "have",
    "i've",
    "got",
    "מה",
    "שיש",
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
    "clear",
    "free",
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
    "הכול",
    "מהכל",
    "מהכול",
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
        matches!(f, Found::Time(m) if (m.grain >= Grain::Day || m.end.is_some_and(|e| e - m.value >= chrono::Duration::hours(24)))
            && (m.recurrence.is_none() || whole_span(msg, tr)))
            && tr.start >= r.start
            && tr.end <= r.end
    })?;
    let in_time = |i: usize| super::inside_time(msg, i);
    let other = (r.start + 1..r.end).any(|i| {
        let t = &msg.toks[i];
        t.is_word()
            && !in_time(i)
            && !WINDOW_WORDS.contains(&t.text)
            && !WINDOW_WORDS.iter().any(|w| t.text == format!("ב{w}"))
    });
    (!other).then_some(ti)
}

/// "כל השבוע הבא", "all of next week": "all" before a definite period spans it, where "כל
/// שבוע" / "every week" repeats.
fn whole_span(msg: &Msg<'_>, tr: &Range<usize>) -> bool {
    let first = msg.toks.get(tr.start).map_or("", |t| t.text);
    let next = msg.toks.get(tr.start + 1).map_or("", |t| t.text);
    first == "כל" && next.starts_with('ה')
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

/// The opening of plans the user will attend: "יש לי …", "I have …", "I've got …", or a
/// past-tense verb of arranging ("קבעתי", "booked"). With a time still to come the step is
/// most likely an event. Returns the opening words' range.
pub(super) fn has_plans(msg: &Msg<'_>, seg: Seg) -> Option<Range<usize>> {
    let toks = &msg.toks[seg.range()];
    let text = |k: usize| toks.get(k).map_or("", |t| t.text);
    let n = match (text(0), text(1), text(2)) {
        ("i", "have", "got") | ("i", "ve", "got") => 3,
        ("יש", "לי" | "לנו", _) | ("i", "have" | "got", _) | ("we", "have" | "got", _) | ("i've" | "ive", "got", _) => {
            2
        }
        _ => return report_verb(msg, seg),
    };
    Some(seg.content..seg.content + n)
}

/// Copulas that join a thing to its value: "my wifi password is …", "הקוד של השער הוא …".
const COPULAS: &[&str] = &["is", "are", "הוא", "היא", "המ", "הנ"];

/// Openings after which a copula says something about a person or the moment, not a fact to
/// keep: "it is late", "he is here", "this is great".
const NOT_A_THING: &[&str] = &[
    "it",
    "this",
    "that",
    "there",
    "here",
    "i",
    "you",
    "he",
    "she",
    "we",
    "they",
    "everything",
    "all",
    "הוא",
    "היא",
    "זה",
    "זאת",
    "אני",
    "אתה",
    "את",
    "אנחנו",
    "הכל",
];

/// A fact stated, not asked: a thing, a copula, its value ("my locker number is 240", "החניה
/// שלי היא מספר 52"). Not a question, and not about a person or the moment.
pub(super) fn states_fact(msg: &Msg<'_>, seg: Seg) -> bool {
    let toks = &msg.toks[seg.range()];
    let words: Vec<&Token<'_>> = toks.iter().filter(|t| t.kind != Kind::Punct).collect();
    let Some(first) = words.first() else { return false };
    if toks.iter().any(|t| t.text == "?") || ASKS.contains(&first.text) || NOT_A_THING.contains(&first.text) {
        return false;
    }
    words.iter().enumerate().any(|(k, t)| {
        k >= 1
            && k + 1 < words.len()
            && COPULAS.contains(&t.text)
            && !NOT_A_THING.contains(&words[k - 1].text)
            // ("my brain is like 47 tabs open": a likeness, not a fact)
            && !matches!(words[k + 1].text, "like" | "כמו")
    })
}

/// Verbs of calling something off (not of erasing a note): "cancel", "call off", "תבטל".
const CANCELS: &[&str] = &["cancel", "nix", "ditch", "scrap", "תבטל", "בטל", "לבטל", "תבטלי", "בטלי"];

/// A verb of cancelling ("cancel", "תבטל").
pub(super) fn cancels(t: &Token<'_>) -> bool {
    CANCELS.contains(&t.text)
}

/// Words that name a task or reminder: with them a cancel is about the task list.
const TASK_WORDS: &[&str] = &[
    "reminder",
    "reminders",
    "task",
    "tasks",
    "todo",
    "to-do",
    "תזכורת",
    "התזכורת",
    "תזכורות",
    "התזכורות",
    "משימה",
    "המשימה",
    "משימות",
    "המשימות",
];

/// "cancel X on Thursday", "cancel the zoom with the designers", "תבטל לי את החוג של נועה
/// היום": calling off something that happens at a time or with someone is an event, unless
/// the step names a reminder or a task.
pub(super) fn cancels_event(
    msg: &Msg<'_>,
    seg: Seg,
    has_time: bool,
    used: &[crate::understand::patterns::PatMatch],
) -> bool {
    let r = seg.range();
    let cancel =
        used.iter().any(|m| m.action.is_some() && (m.start..m.end).any(|i| CANCELS.contains(&msg.toks[i].text)));
    let task_word = names_task(msg, seg);
    let with = says_with(msg, seg);
    // ("תבטל את אימון הכוח": a session, a flight or an operation is booked, so it is called off)
    let booked = r.clone().any(|i| BOOKED.contains(&msg.toks[i].text));
    cancel && !task_word && (has_time || with || booked || names_an_appointment(msg, seg))
}

/// The step says "with" someone ("with the designers", "עם דנה").
pub(super) fn says_with(msg: &Msg<'_>, seg: Seg) -> bool {
    seg.range().any(|i| matches!(msg.toks[i].text, "with" | "עמ"))
}

/// Things one books and then calls off, beside the appointments: "cancel the workout".
const BOOKED: &[&str] = &[
    "אימונ",
    "האימונ",
    "ניתוח",
    "הניתוח",
    "טיסה",
    "הטיסה",
    "סיור",
    "הסיור",
    "workout",
    "training",
    "surgery",
    "operation",
    "flight",
    "tour",
];

/// English verbs a to-do starts with ("call mom at 5", "pick up the kids at 4").
const TODO_VERBS: &[&str] = &[
    "call", "buy", "pay", "send", "pick", "take", "get", "bring", "email", "text", "check", "clean", "fix", "finish",
    "submit", "order", "renew", "return", "water", "feed", "walk", "write", "prepare", "print", "sign", "go", "book",
    "make", "do", "cook", "wash", "visit", "grab", "drop", "collect", "read", "study", "practice", "pack", "charge",
    "file", "review", "ask", "tell", "remember", "start", "stop", "try", "look", "find", "put", "invite", "reply",
    "respond", "follow", "phone", "ring", "contact", "leave", "catch", "set", "turn", "open", "close", "lock", "load",
    "unload", "empty", "mow", "iron", "vacuum", "clear", "cancel", "move", "change", "need", "have", "must", "should",
    "gotta", "to", "please", "pls", "don't", "dont", "let", "give", "meet", "see", "watch", "listen", "learn", "post",
    "upload", "download", "install", "backup", "schedule", "confirm", "transfer", "withdraw", "deposit", "refill",
    "fill", "register", "mail", "hand", "sort", "update",
];

/// Words before the first word that says what the step is: articles, "I need to", "צריך".
const MODALS: &[&str] = &[
    "my",
    "the",
    "a",
    "an",
    "our",
    "i",
    "we",
    "need",
    "needs",
    "to",
    "must",
    "should",
    "gotta",
    "את",
    "אני",
    "אנחנו",
    "צריכ",
    "צריכה",
    "צריכימ",
    "חייב",
    "חייבת",
    "חייבימ",
    "אמור",
    "אמורה",
];

/// One slip of the keyboard away from `word` (a letter missing, added, changed or two swapped):
/// "remidn", "remnd".
fn near(s: &str, word: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (s.chars().collect(), word.chars().collect());
    if a == b || a.len().abs_diff(b.len()) > 1 || a.len() < 4 {
        return a == b;
    }
    let p = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let (ra, rb) = (&a[p..], &b[p..]);
    let swapped = ra.len() >= 2 && rb.len() >= 2 && ra[0] == rb[1] && ra[1] == rb[0] && ra[2..] == rb[2..];
    swapped || ra.get(1..) == rb.get(1..) || ra == rb.get(1..).unwrap_or(&[]) || ra.get(1..).unwrap_or(&[]) == rb
}

/// Words for a meeting of people at a time: what "X is now at 3" moves.
const APPOINTMENTS: &[&str] = &[
    "meeting",
    "appointment",
    "lunch",
    "dinner",
    "breakfast",
    "call",
    "interview",
    "session",
    "class",
    "lesson",
    "party",
    "standup",
    "sync",
    "פגישה",
    "הפגישה",
    "התור",
    "תור",
    "ארוחה",
    "הארוחה",
    "ארוחת",
    "פגישת",
    "שיחת",
    "ישיבה",
    "ישיבת",
    "השיחה",
    "שיחה",
    "הראיונ",
    "ראיונ",
    "השיעור",
    "שיעור",
    "החוג",
    "המסיבה",
    "מסיבה",
    "viewing",
    "barbecue",
    "bbq",
    "wedding",
    "concert",
    "rehearsal",
    "webinar",
    "conference",
    "presentation",
    "checkup",
    "check-up",
    "consultation",
    "consult",
    "x-ray",
    "ultrasound",
    "scan",
    "reservation",
    "brunch",
    "drinks",
    "haircut",
    "massage",
    "playdate",
    "ceremony",
    "graduation",
    "seminar",
    "workshop",
    "meetup",
    "offsite",
    "screening",
    "hearing",
    "recital",
    "חתונה",
    "החתונה",
    "הופעה",
    "ההופעה",
    "הצגה",
    "ההצגה",
    "סדנה",
    "הסדנה",
    "כנס",
    "הכנס",
    "הרצאה",
    "ההרצאה",
    "טקס",
    "הטקס",
    "תספורת",
    "התספורת",
    "עיסוי",
    "העיסוי",
    "מנגל",
    "המנגל",
    "דייט",
    "הדייט",
    "ביקור",
    "הביקור",
];

/// Some word of `text` names a meeting, a meal, an appointment or a call.
pub(super) fn says_appointment(text: &str) -> bool {
    let folded = crate::understand::normalize::fold(text);
    folded.split(|c: char| !c.is_alphanumeric() && c != '-').any(|w| APPOINTMENTS.contains(&w))
}

/// The step names a meeting, a meal, an appointment or a call.
pub(super) fn names_an_appointment(msg: &Msg<'_>, seg: Seg) -> bool {
    seg.range().any(|i| APPOINTMENTS.contains(&msg.toks[i].text))
}

/// The step names a thing that happens (an exam, an offsite, a wedding) rather than a thing to
/// do: its first word is not a to-do verb ("call", "לקנות", "תתקשר").
pub(super) fn names_an_event(msg: &Msg<'_>, seg: Seg) -> bool {
    let in_time = |i: usize| super::inside_time(msg, i);
    let first = seg.range().find(|&i| {
        let t = &msg.toks[i];
        t.is_word() && !in_time(i) && !MODALS.contains(&t.text)
    });
    let Some(t) = first.map(|i| &msg.toks[i]) else { return false };
    // "כל שבועיים ביום שלישי להתקשר לאמא": a repeat rule opens the step, a reminder's usual shape
    if matches!(t.text, "כל" | "every" | "each" | "בכל") {
        return false;
    }
    match t.kind {
        Kind::Latin => !TODO_VERBS.contains(&t.text) && !t.text.ends_with("ing") && !near(t.text, "remind"),
        // "לקנות", "להתקשר" (to do), "תתקשר", "תקנה" (do): verbs; "חתונה", "בדיקת עיניים": things
        Kind::He => {
            let n = t.text.chars().count();
            let verb = t.text.starts_with('ל') || t.text.starts_with('ת');
            // (and the short infinitive "לתת", to give)
            !(verb && n >= 4) && t.text != "לתת"
        }
        _ => false,
    }
}

/// The step names a reminder or a task ("the reminder about the flight").
pub(super) fn names_task(msg: &Msg<'_>, seg: Seg) -> bool {
    seg.range().any(|i| peelings(msg.toks[i].text).any(|(_, s)| TASK_WORDS.contains(&s)))
}

/// Words that make a new reminder: with one of them, "the reminder" is what is being made.
const MAKES_ONE: &[&str] = &[
    "remind",
    "set",
    "add",
    "create",
    "new",
    "another",
    "a",
    "an",
    "תזכיר",
    "תזכירי",
    "תזכרי",
    "תוסיף",
    "תוסיפי",
    "תקבע",
    "תקבעי",
    "חדשה",
    "עוד",
    "תיצור",
    "תיצרי",
    "תרשום",
    "תרשמי",
];

/// "make the landlord reminder 10 instead", "את התזכורת של בעל הדירה תעשה ב-10": the step
/// points at a reminder the user already has ("the … reminder", "התזכורת של …"), and says
/// nothing that makes a new one.
pub(super) fn the_reminder_had(msg: &Msg<'_>, seg: Seg) -> bool {
    let r = seg.range();
    let words: Vec<&str> = r.clone().map(|i| msg.toks[i].text).collect();
    if words.iter().any(|w| MAKES_ONE.contains(w)) {
        return false;
    }
    words.iter().enumerate().any(|(k, w)| match *w {
        "התזכורת" | "המשימה" => true,
        "reminder" | "task" | "one" => {
            let before = &words[k.saturating_sub(4)..k];
            before.iter().any(|b| matches!(*b, "the" | "my" | "that")) && !before.contains(&"which")
        }
        _ => false,
    })
}

/// The step names the calendar or its events ("יומן", "calendar", "meetings").
pub(super) fn names_calendar(msg: &Msg<'_>, seg: Seg) -> bool {
    const WORDS: &[&str] = &[
        "calendar",
        "schedule",
        "agenda",
        "meeting",
        "meetings",
        "event",
        "events",
        "יומנ",
        "פגישה",
        "פגישות",
        "אירוע",
        "אירועימ",
        "לוז",
        "לו\"ז",
    ];
    seg.range().any(|i| peelings(msg.toks[i].text).any(|(_, s)| WORDS.contains(&s)))
}

/// "תמחקי חלב שיבולת שועל מהמצרכים", "delete the milk from groceries": a delete that ends with
/// "from <a name>" and names no reminder, task or event takes items off a list.
pub(super) fn from_a_list(msg: &Msg<'_>, seg: Seg) -> bool {
    let r = seg.range();
    let words: Vec<usize> = r.clone().filter(|&i| msg.toks[i].is_word()).collect();
    let task_word = names_task(msg, seg);
    let in_time = |i: usize| super::inside_time(msg, i);
    let Some(&last) = words.last() else { return false };
    if task_word || words.len() < 3 || in_time(last) {
        return false;
    }
    let t = &msg.toks[last];
    let he_from = t.kind == Kind::He && t.text.starts_with("מה") && t.text.chars().count() >= 5;
    // "תמחק לחם מהקניות, כבר קניתי", "תנקה מהקניות את הביסלי": "from the <name>" anywhere before
    // a comma, of a name that is no calendar, day or reminder
    let before_comma = r.clone().take_while(|&i| msg.toks[i].text != ",");
    let he_from = he_from
        || before_comma.clone().any(|i| {
            let t = &msg.toks[i];
            let rest = t.text.strip_prefix("מה").unwrap_or("");
            t.kind == Kind::He
                && rest.chars().count() >= 4
                && !in_time(i)
                && !matches!(rest, "יומנ" | "לוז" | "לו\"ז" | "בוקר" | "ערב")
                && !TASK_WORDS.contains(&rest)
                && !TASK_WORDS.contains(&format!("ה{rest}").as_str())
        });
    // "remove eggs and milk from groceries we got them", "remove the tent from it"
    let en_from = words.len() >= 4
        && words[2..].iter().any(|&i| {
            msg.toks[i].text == "from"
                && msg.toks.get(i + 1).is_some_and(|n| {
                    n.kind == Kind::Latin && !in_time(i + 1) && n.text != "the" || n.text == "the" && !in_time(i + 2)
                })
        });
    he_from || en_from
}

/// Words that name what Ozer keeps: a how-to question about them is about Ozer.
const OZER_NOUNS: &[&str] = &[
    "reminder",
    "reminders",
    "list",
    "lists",
    "task",
    "tasks",
    "calendar",
    "google",
    "gmail",
    "email",
    "note",
    "notes",
    "you",
    "ozer",
    "this",
    "here",
    "תזכורת",
    "תזכורות",
    "רשימה",
    "רשימות",
    "משימה",
    "משימות",
    "יומנ",
    "גוגל",
    "מייל",
    "פתק",
    "אתה",
    "את",
    "עוזר",
];

/// "how do I …", "how to …", "איך מוסיפים …": a how-to question. `Some(true)` when it is
/// about what Ozer keeps (help), `Some(false)` when about the world.
pub(super) fn how_to(msg: &Msg<'_>, seg: Seg) -> Option<bool> {
    let toks = &msg.toks[seg.range()];
    let text = |k: usize| toks.get(k).map_or("", |t| t.text);
    let how = match (text(0), text(1)) {
        ("how", "do" | "can" | "to" | "should" | "would" | "does") => true,
        // "איך קוראים ל…" asks for a name, not how to do something
        ("איכ", "קוראימ") => false,
        ("איכ", next) => {
            matches!(next, "עושימ" | "אני" | "אפשר" | "מוסיפימ" | "מוחקימ") || toks.get(1).is_some_and(impersonal_verb)
        }
        _ => false,
    };
    if !how {
        return None;
    }
    // "how do you say good luck in hebrew": a word's translation or spelling is about the world
    if toks.iter().any(|t| matches!(t.text, "say" | "spell" | "pronounce" | "translate" | "אומרימ" | "כותבימ"))
    {
        return Some(false);
    }
    let about_ozer = toks.iter().any(|t| {
        OZER_NOUNS.contains(&t.text) || peelings(t.text).any(|(_, s)| s.chars().count() >= 3 && OZER_NOUNS.contains(&s))
    });
    Some(about_ozer)
}

/// A Hebrew list named by a glued "ל"/"מ" ("תוסיף חלב לקניות") or an English "to X": the
/// step names a list without the word "list".
pub(super) fn glued_list(msg: &Msg<'_>, seg: Seg) -> bool {
    let r = seg.range();
    let in_time = |i: usize| super::inside_time(msg, i);
    r.clone().any(|i| {
        let t = &msg.toks[i];
        !in_time(i)
            && ((t.kind == Kind::He
                && (t.text.starts_with("לה") || t.text.starts_with("מה"))
                && t.text.chars().count() >= 5)
                || (matches!(t.text, "to" | "on" | "onto")
                    && msg.toks.get(i + 1).is_some_and(|n| n.text == "my" || n.text == "the")))
    })
}

/// Words that may stand between "what can you" and its verb, or between "what" and "can":
/// "what can you actually handle", "what sort of things can you help with", "מה אתה בעצם יודע לעשות".
const ASIDE: &[&str] = &[
    "actually",
    "really",
    "even",
    "exactly",
    "all",
    "else",
    "possibly",
    "sort",
    "kind",
    "kinds",
    "sorts",
    "of",
    "things",
    "stuff",
    "בעצמ",
    "באמת",
    "בדיוק",
    "כבר",
    "עוד",
    "כל",
    "ממש",
    "דברימ",
    "איזה",
];

/// "can", said to a man or a woman: "אתה יכול", "את יודעת".
const ABLE: &[&str] = &["יכול", "יכולה", "יודע", "יודעת"];

/// Verbs of what an assistant can do for someone, asked about in "what can you …".
const CAN_DO: &[&str] =
    &["do", "handle", "help", "manage", "offer", "support", "assist", "לעשות", "לעזור", "לטפל", "לנהל"];

/// "what can you actually handle?", "what sort of things can you help with", "מה אתה בעצם יודע
/// לעשות?", "במה את באמת יכולה לעזור לי": a clause that asks only what Ozer can do. The verb must
/// close the clause (bar "with", "me", "for me", "לי"), so "what can you tell me about the meeting"
/// and "what can you do about the 5pm" stay what they are.
pub(crate) fn asks_what_you_can_do(msg: &Msg<'_>) -> bool {
    let words: Vec<&str> = msg.toks.iter().map(|t| t.text).collect();
    let ends = |k: usize| k >= words.len() || matches!(words[k], "?" | "." | "!" | ",");
    (0..words.len()).any(|i| {
        if !matches!(words[i], "what" | "which" | "מה" | "במה" | "איזה") {
            return false;
        }
        let mut k = i + 1;
        while k < words.len() && k < i + 5 && ASIDE.contains(&words[k]) {
            k += 1;
        }
        // "can you", "could you", "are you able to"; "אתה יכול", "את יודעת"
        let en = words[k..].starts_with(&["can", "you"])
            || words[k..].starts_with(&["can", "u"])
            || words[k..].starts_with(&["could", "you"]);
        // ("מה אתה בעצם יודע": one aside may stand before "can")
        let said = |j: usize, of: &[&str]| words.get(j).is_some_and(|w| of.contains(w));
        let he_can = matches!(words.get(k), Some(&("אתה" | "את")))
            .then(|| k + 1 + usize::from(said(k + 1, ASIDE) && said(k + 2, ABLE)))
            .filter(|&j| said(j, ABLE));
        k = match (en, he_can) {
            (true, _) => k + 2,
            (false, Some(j)) => j + 1,
            (false, None) => return false,
        };
        while k < words.len() && ASIDE.contains(&words[k]) {
            k += 1;
        }
        if k >= words.len() || !CAN_DO.contains(&words[k]) {
            return false;
        }
        k += 1;
        // "help with", "help me with", "do for me", "לעזור לי"
        while k < words.len() && matches!(words[k], "with" | "me" | "for" | "us" | "לי" | "לנו" | "בו" | "בה")
        {
            k += 1;
        }
        ends(k)
    })
}

/// Verbs that tell that an event was moved: "the consult got moved to Tuesday", "הפגישה עברה
/// ליום שלישי".
const MOVED: &[&str] = &[
    "moved",
    "pushed",
    "rescheduled",
    "shifted",
    "bumped",
    "changed",
    "switched",
    "postponed",
    "עבר",
    "עברה",
    "עברו",
    "זז",
    "זזה",
    "זזו",
    "הוזז",
    "הוזזה",
    "הוזזו",
    "הועבר",
    "הועברה",
    "הועברו",
    "נדחה",
    "נדחתה",
    "נדחו",
    "הוקדמ",
    "הוקדמה",
    "הוקדמו",
];

/// A move told as news, not asked for: "Dr Patel wants Pretzel's x-ray moved to tomorrow at
/// 3:15", "my RE moved the consult to Tuesday 2:45", "the Bauer lunch is now Wednesday at
/// 12:30", "הפגישה עם רונית עברה ליום שלישי ב-4". Gives the words of the thing moved (the
/// object when the verb has one, else the words before the verb) and the new time, which must
/// follow the verb ("to …", "now …", or glued "ל…").
pub(crate) fn move_told(msg: &Msg<'_>, seg: Seg) -> Option<(Range<usize>, crate::understand::time::TimeMatch)> {
    let r = seg.range();
    let time_at = |k: usize| {
        msg.times.iter().find_map(|(f, tr)| match f {
            Found::Time(m) if tr.start == k && tr.end <= r.end && m.problem.is_none() => Some(m.clone()),
            _ => None,
        })
    };
    // (the words of the thing must name something)
    let named = |thing: Range<usize>, m| thing.clone().any(|i| msg.toks[i].is_word()).then_some((thing, m));
    for v in r.clone() {
        let t = &msg.toks[v];
        // "the Bauer lunch is now Wednesday at 12:30" (of a meeting or a meal: "my gym day is now
        // Tuesday" is a fact to keep)
        if t.text == "now"
            && v > r.start
            && matches!(msg.toks[v - 1].text, "is" | "are" | "'s")
            && names_an_appointment(msg, seg)
        {
            if let Some(m) = time_at(v + 1) {
                return named(r.start..v - 1, m);
            }
            continue;
        }
        if !MOVED.contains(&t.text) {
            continue;
        }
        // Hebrew: the time right after the verb ("ליום שלישי", "ל-4", "למחר")
        if t.kind == Kind::He {
            let m = time_at(v + 1).filter(|_| msg.toks[v + 1].text.starts_with('ל'))?;
            return named(r.start..v, m);
        }
        // English: "… moved [the consult] [back|up|forward] to <time>"
        let to = (v + 1..r.end).take(6).find(|&i| msg.toks[i].text == "to")?;
        let m = time_at(to + 1).or_else(|| time_at(to + 2).filter(|_| msg.toks[to + 1].text == "the"))?;
        let mut obj_end = to;
        while obj_end > v + 1 && matches!(msg.toks[obj_end - 1].text, "back" | "up" | "forward" | "over") {
            obj_end -= 1;
        }
        let object = v + 1..obj_end;
        if object.clone().any(|i| msg.toks[i].is_word() && !matches!(msg.toks[i].text, "it" | "that" | "this")) {
            return Some((object, m));
        }
        let mut end = v;
        while end > r.start
            && matches!(msg.toks[end - 1].text, "got" | "was" | "been" | "has" | "is" | "just" | "had" | "be")
        {
            end -= 1;
        }
        return named(r.start..end, m);
    }
    None
}

/// "…moved to Tuesday 2:45, update it", "…עברה ליום שלישי, תעדכן ביומן": after the new time,
/// only the words that ask to make it so.
pub(crate) fn then_update_it(msg: &Msg<'_>, seg: Seg) -> bool {
    const WORDS: &[&str] = &[
        "update",
        "it",
        "that",
        "this",
        "the",
        "my",
        "calendar",
        "please",
        "pls",
        "accordingly",
        "and",
        "can",
        "you",
        "תעדכנ",
        "תעדכני",
        "ותעדכנ",
        "ותעדכני",
        "את",
        "זה",
        "ביומנ",
        "בבקשה",
        "לי",
    ];
    let Some(last) =
        msg.times.iter().filter(|(_, tr)| tr.start >= seg.start && tr.end <= seg.end).map(|(_, tr)| tr.end).max()
    else {
        return false;
    };
    (last..seg.end).all(|i| !msg.toks[i].is_word() || WORDS.contains(&msg.toks[i].text))
}

/// "I need to ring the chemist about my prescription", "we have to renew the car insurance",
/// "אני צריכה לקנות מתנה לאמא": a thing the user must do, said as a need with no time, is a
/// task. Gives the words of the need, which the title leaves out. The thing must be a verb and
/// something it is done to or about ("I need to sleep" is how the user is).
pub(crate) fn needs_to(msg: &Msg<'_>, seg: Seg) -> Option<Range<usize>> {
    let r = seg.range();
    let mut k = seg.content;
    let w = |k: usize| msg.toks.get(k).filter(|_| k < r.end).map_or("", |t| t.text);
    if matches!(w(k), "i" | "we" | "אני" | "אנחנו") {
        k += 1;
    }
    if matches!(w(k), "really" | "still" | "also" | "באמת" | "עוד" | "גמ") {
        k += 1;
    }
    let en = match (w(k), w(k + 1)) {
        ("need" | "have" | "must" | "should" | "got", "to") => Some(k + 2),
        ("gotta" | "hafta" | "must", _) => Some(k + 1),
        _ => None,
    };
    let he = matches!(w(k), "צריכ" | "צריכה" | "צריכימ" | "חייב" | "חייבת" | "חייבימ")
        && msg.toks.get(k + 1).is_some_and(super::he_infinitive);
    let thing = en.or(he.then_some(k + 1))?;
    let words = (thing..r.end).filter(|&i| msg.toks[i].is_word()).count();
    const STATES: &[&str] = &[
        "sleep",
        "rest",
        "relax",
        "breathe",
        "vent",
        "think",
        "cry",
        "talk",
        "tell",
        "calm",
        "לישונ",
        "לנוח",
        "לנשומ",
        "לדבר",
        "לחשוב",
        "להירגע",
        "לבכות",
        "לספר",
    ];
    (words >= 2 && !STATES.contains(&w(thing))).then_some(seg.content..thing)
}

/// Verbs asked about as an ability ("can you read …?"), not ones that change what the user keeps.
const ABILITIES: &[&str] = &[
    "read",
    "see",
    "access",
    "search",
    "manage",
    "handle",
    "set",
    "make",
    "create",
    "send",
    "write",
    "edit",
    "sync",
    "connect",
    "link",
    "use",
    "לקרוא",
    "לראות",
    "לגשת",
    "לחפש",
    "לנהל",
    "לשלוח",
    "לכתוב",
    "ליצור",
    "לקבוע",
    "להתחבר",
    "לערוכ",
];

/// What Ozer keeps or reads, named in general: "my emails", "reminders", "המיילים שלי".
const KEPT_THINGS: &[&str] = &[
    "emails",
    "mails",
    "inbox",
    "gmail",
    "calendar",
    "events",
    "meetings",
    "reminders",
    "lists",
    "notes",
    "tasks",
    "מיילימ",
    "המיילימ",
    "היומנ",
    "יומנ",
    "תזכורות",
    "התזכורות",
    "רשימות",
    "הרשימות",
    "משימות",
    "המשימות",
    "הג'ימייל",
];

/// "can you read my emails?", "can you read my emails or only search them?", "can you set
/// reminders?", "את יכולה לקרוא את המיילים שלי?": a yes-or-no question about an ability, with
/// nothing named but the kind of thing (no sender, no day, no title), asks what Ozer can do.
pub(crate) fn asks_whether_you_can(msg: &Msg<'_>) -> bool {
    let words: Vec<&str> = msg.toks.iter().map(|t| t.text).collect();
    let Some(q) = words.iter().rposition(|w| *w == "?") else { return false };
    if q + 1 != words.len() || !msg.times.is_empty() {
        return false;
    }
    let mut k = match words.as_slice() {
        ["can" | "could", "you" | "u", ..] => 2,
        ["are", "you", "able", "to", ..] => 4,
        ["אתה" | "את", w, ..] if ABLE.contains(w) => 2,
        _ => return false,
    };
    let at = |k: usize| words.get(k).copied().unwrap_or("");
    if !ABILITIES.contains(&at(k)) {
        return false;
    }
    k += 1;
    if matches!(at(k), "my" | "the" | "את" | "your") {
        k += 1;
    }
    if !KEPT_THINGS.contains(&at(k)) {
        return false;
    }
    k += 1;
    if at(k) == "שלי" {
        k += 1;
    }
    // "… or only search them?", "… או רק לחפש בהמ?"
    if matches!(at(k), "or" | "או") {
        k += 1;
        if matches!(at(k), "only" | "just" | "רק") {
            k += 1;
        }
        if !ABILITIES.contains(&at(k)) {
            return false;
        }
        k += 1;
        if matches!(at(k), "them" | "it" | "אותמ" | "אותו" | "בהמ") {
            k += 1;
        }
    }
    k == q
}
