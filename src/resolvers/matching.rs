//! Finding the task, list or item a user means from a few words ("the reminder about the
//! flowers", "התזכורת לגבי הפרחים"): prefix-aware, plural-tolerant token overlap.

/// Words that name the kind of thing rather than which one ("the reminder about ...").
const STOPWORDS: &[&str] = &[
    "the",
    "a",
    "an",
    "about",
    "reminder",
    "reminders",
    "task",
    "tasks",
    "my",
    "to",
    "for",
    "of",
    "on",
    "that",
    "this",
    "with",
    "item",
    "list",
    "one",
    "thing",
    "things",
    "stuff",
    "it",
    "את",
    "של",
    "על",
    "לגבי",
    "תזכורת",
    "התזכורת",
    "משימה",
    "המשימה",
    "משימות",
    "המשימות",
    "תזכורות",
    "התזכורות",
    "עם",
    "שלי",
    "זה",
    "זאת",
    "אותו",
    "אותה",
    "אותם",
    "אותן",
    "רשימה",
    "הרשימה",
    "רשימת",
    // chat around the words that tell things apart ("renewed the passport already lol")
    "already",
    "finally",
    "just",
    "lol",
    "haha",
    "hahaha",
    "btw",
    "yay",
    "כבר",
    "סופסוף",
    // words of any sentence ("תמחק את הכובע יש לי כבר" is about the hat, not a reminder that
    // says "יש לי")
    "יש",
    "אין",
    "לי",
    "אני",
    "גם",
    "i",
    "me",
    "have",
    "is",
    "are",
    "also",
    "too",
    "חח",
    "חחח",
    "פשוט",
];

/// Hebrew one-letter prefixes (and, the, in, to, from, that, as) peeled for matching.
const HE_PREFIXES: &[char] = &['ו', 'ה', 'ב', 'ל', 'מ', 'ש', 'כ'];

fn fold_final(c: char) -> char {
    match c {
        'ך' => 'כ',
        'ם' => 'מ',
        'ן' => 'נ',
        'ף' => 'פ',
        'ץ' => 'צ',
        other => other,
    }
}

/// Lowercased, punctuation-free tokens with Hebrew final letters folded and niqqud dropped.
pub fn tokens(text: &str) -> Vec<String> {
    text.chars()
        .filter(|c| !('\u{0591}'..='\u{05C7}').contains(c))
        .map(|c| if c.is_alphanumeric() { fold_final(c) } else { ' ' })
        .collect::<String>()
        .to_lowercase()
        .split_whitespace()
        // (the stopwords are folded too: "עם" is "עמ" here)
        .filter(|w| !STOPWORDS.iter().any(|s| s.chars().map(fold_final).eq(w.chars())))
        .map(str::to_string)
        .collect()
}

/// The token and its forms with up to two Hebrew prefixes peeled ("והפרחים" → "הפרחימ",
/// "פרחימ"), keeping at least two letters so short words are not eaten.
fn forms(token: &str) -> Vec<&str> {
    let mut out = vec![token];
    let mut rest = token;
    for _ in 0..2 {
        let mut chars = rest.chars();
        match chars.next() {
            Some(c) if HE_PREFIXES.contains(&c) && chars.as_str().chars().count() >= 2 => {
                rest = chars.as_str();
                out.push(rest);
            }
            _ => break,
        }
    }
    out
}

/// Words that name the same thing in another form: a call and calling, a meeting and meeting
/// someone ("move the call with my daughter" finds "להתקשר לבת שלי").
const SAME_THING: &[&[&str]] = &[
    &["שיחה", "שיחת", "התקשר", "להתקשר", "תתקשר", "call", "calls", "calling", "phone", "ring"],
    &["פגישה", "פגישת", "להיפגש", "meeting", "meet"],
    &["אימונ", "אימונימ", "training", "practice", "workout"],
    &["תור", "appointment", "appt"],
    &["birthday", "bday", "birthdays", "יומולדת", "יומהולדת"],
];

/// "משאבה" and "משאבת" (a pump, the pump of): a Hebrew noun and its construct form, which
/// turns a final ה into ת.
fn construct_pair(x: &str, y: &str) -> bool {
    let strip = |w: &str| w.strip_suffix('ה').or_else(|| w.strip_suffix('ת')).map(str::to_owned);
    x != y
        && hebrew(x)
        && hebrew(y)
        && x.chars().count() >= 4
        && y.chars().count() >= 4
        && x.chars().last() != y.chars().last()
        && strip(x).is_some_and(|a| Some(a) == strip(y))
}

/// "האוסטרלימ" and "אוסטרליה", "משימות" and "משימה": a place and its people (-יה and -ימ, -י,
/// -ית), or a noun in -ה and its plural in -ות, on a base of four letters or more.
fn inflected_pair(x: &str, y: &str) -> bool {
    const PAIRS: &[(&str, &[&str])] = &[("יה", &["ימ", "י", "ית", "יות"]), ("ה", &["ות"])];
    let one_way = |a: &str, b: &str| {
        PAIRS.iter().any(|(one, others)| {
            a.strip_suffix(one)
                .is_some_and(|base| base.chars().count() >= 4 && others.iter().any(|o| b.strip_suffix(o) == Some(base)))
        })
    };
    x != y && hebrew(x) && hebrew(y) && (one_way(x, y) || one_way(y, x))
}

/// Whether a word is Hebrew (by its first letter).
fn hebrew(w: &str) -> bool {
    w.chars().next().is_some_and(crate::understand::lang::is_hebrew_letter)
}

fn same_thing(x: &str, y: &str) -> bool {
    SAME_THING.iter().any(|g| g.contains(&x) && g.contains(&y))
}

/// A word's stem for telling its forms apart from other words: a Hebrew word without its vowel
/// letters ו and י (after the first letter) and without the -תי/-נו of a first-person past
/// ("מתחתי", "למתוח" → מתח), an English one without -ing/-ed/-es/-s and a doubled last letter
/// ("rolled", "rolling" → rol). Only stems of three letters or more are compared.
fn stem(w: &str) -> Option<String> {
    let stem: String = if hebrew(w) {
        let bare = if w.chars().count() >= 5 {
            w.strip_suffix("תי").or_else(|| w.strip_suffix("נו")).unwrap_or(w)
        } else {
            w
        };
        bare.chars().enumerate().filter(|&(i, c)| i == 0 || !matches!(c, 'ו' | 'י')).map(|(_, c)| c).collect()
    } else if w.len() >= 5 && w.chars().all(|c| c.is_ascii_lowercase()) {
        let bare = ["ing", "ed", "es", "s"].iter().find_map(|s| w.strip_suffix(s)).unwrap_or(w);
        let b = bare.as_bytes();
        if b.len() >= 2 && b[b.len() - 1] == b[b.len() - 2] {
            bare[..bare.len() - 1].to_string()
        } else {
            bare.to_string()
        }
    } else {
        return None;
    };
    (stem.chars().count() >= 3).then_some(stem)
}

fn token_matches(a: &str, b: &str) -> bool {
    forms(a).iter().any(|x| {
        forms(b).iter().any(|y| {
            x == y
                || same_thing(x, y)
                || construct_pair(x, y)
                || inflected_pair(x, y)
                || stem(x).is_some_and(|s| Some(s) == stem(y))
                || {
                    // "flower"/"flowers", "פרח"/"פרחימ": one is a prefix of the other, long enough to mean it
                    let (short, long) = if x.len() <= y.len() { (x, y) } else { (y, x) };
                    short.chars().count() >= 3 && long.starts_with(short)
                }
        })
    })
}

/// Whether `text` says `phrase` word for word (a Hebrew word may carry up to two prefix
/// letters: "ויוסי" says "יוסי").
pub fn says(text: &str, phrase: &str) -> bool {
    let words = tokens(text);
    let want = tokens(phrase);
    !want.is_empty()
        && words.windows(want.len()).any(|w| w.iter().zip(&want).all(|(a, b)| forms(a).contains(&b.as_str())))
}

/// 0.0–1.0: the share of the query's words found in the candidate.
pub fn score(query: &str, candidate: &str) -> f32 {
    let q = tokens(query);
    if q.is_empty() {
        return 0.0;
    }
    let c = tokens(candidate);
    let hits = q.iter().filter(|qt| c.iter().any(|ct| token_matches(qt, ct))).count();
    hits as f32 / q.len() as f32
}

/// How a query resolved against candidates.
#[derive(Debug, PartialEq)]
pub enum Found<T> {
    One(T),
    /// several fit about equally well, best first
    Several(Vec<T>),
    /// nothing fits; the closest few, best first (maybe empty)
    None(Vec<T>),
}

const GOOD: f32 = 0.5;
const TIE: f32 = 0.15;

pub fn find<T: Clone>(query: &str, candidates: &[T], text_of: impl Fn(&T) -> &str) -> Found<T> {
    let mut scored: Vec<(f32, &T)> = candidates.iter().map(|c| (score(query, text_of(c)), c)).collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    let best = scored.first().map(|s| s.0).unwrap_or(0.0);
    if best < GOOD {
        let closest = scored.iter().filter(|s| s.0 > 0.0).take(3).map(|s| s.1.clone()).collect();
        return Found::None(closest);
    }
    let close: Vec<T> = scored.iter().filter(|s| s.0 >= best - TIE).map(|s| s.1.clone()).collect();
    if close.len() == 1 { Found::One(close[0].clone()) } else { Found::Several(close.into_iter().take(5).collect()) }
}

/// Whether `said` opens with every word of `name` and goes on ("pasta lena already bought some"
/// opens with "pasta"; "החזרת השכן מביא" with "חזרת"): the thing, then why.
pub fn opens_with(said: &str, name: &str) -> bool {
    let (said, name) = (tokens(said), tokens(name));
    !name.is_empty()
        && said.len() > name.len()
        && said.iter().zip(&name).all(|(s, n)| forms(s).iter().any(|f| forms(n).contains(f)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plural_or_a_people_word_finds_its_place_or_noun() {
        let tasks = ["סיור בעיר דוד עם הקבוצה", "סיור סוכות בנחלאות עם הזוג מאוסטרליה"];
        assert_eq!(find("הסיור עם האוסטרלים", &tasks, |t| t), Found::One("סיור סוכות בנחלאות עם הזוג מאוסטרליה"));
        assert!(token_matches("משימה", "משימות"));
        assert!(!token_matches("מכונה", "מכונית"), "a car is no machine");
    }

    #[test]
    fn the_reminder_about_the_flowers_finds_buy_flowers() {
        let tasks = ["call the bank", "buy flowers for mom", "pack"];
        assert_eq!(find("the reminder about the flowers", &tasks, |t| t), Found::One("buy flowers for mom"));
    }

    #[test]
    fn a_call_finds_calling_and_stopwords_with_final_letters_are_dropped() {
        let tasks = ["להתקשר לבת שלי בישראל", "להדליק נרות"];
        assert_eq!(find("השיחה עם הבת שלי", &tasks, |t| t), Found::One("להתקשר לבת שלי בישראל"));
        assert!(score("the call with dana", "phone dana") >= 0.99);
    }

    #[test]
    fn a_hebrew_noun_finds_its_construct_form_and_a_bday_its_birthday() {
        let tasks = ["להזמין משאבת בטון", "לבדוק את הפיגומים"];
        assert_eq!(find("התזכורת על המשאבה", &tasks, |t| t), Found::One("להזמין משאבת בטון"));
        assert!(score("her bday", "call mom for her birthday") >= 0.99);
        // two different words that only share their last-but-one letters do not
        assert!(!construct_pair("מכונה", "מכונות"));
    }

    #[test]
    fn a_verb_told_in_the_past_finds_the_thing_to_do() {
        let tasks = ["למתוח", "לעשות רולר", "do my foam rolling"];
        assert_eq!(find("מתחתי", &tasks, |t| t), Found::One("למתוח"));
        assert!(score("הוצאתי", "להוציא את הכלב") > 0.99);
        assert!(score("rolled", "do my foam rolling") > 0.99);
        // short words and words of other stems stay apart
        assert_eq!(score("שר", "שיר"), 0.0);
        assert_eq!(score("rolex", "do my foam rolling"), 0.0);
    }

    #[test]
    fn hebrew_prefixes_and_plurals_match() {
        let tasks = ["לקנות פרחים לאמא", "להתקשר לבנק"];
        assert_eq!(find("התזכורת לגבי הפרחים", &tasks, |t| t), Found::One("לקנות פרחים לאמא"));
        assert!(score("הדוח", "לסיים את הדוחות") >= 0.99);
    }

    #[test]
    fn words_that_merely_start_with_a_prefix_letter_are_not_eaten() {
        assert_eq!(score("לב", "לקנות"), 0.0);
        assert!(score("מצגת", "לכתוב את המצגת") > 0.99);
    }

    #[test]
    fn a_phrase_is_said_word_for_word_with_hebrew_prefixes() {
        assert!(says("יוסי ביטל, תוציא אותו", "יוסי"));
        assert!(says("ויוסי ביטל", "יוסי"));
        assert!(says("Ava and Noor brought theirs back", "noor"));
        assert!(!says("יוסף ביטל", "יוסי"));
        assert!(!says("the painter's tape", "tape measure"));
    }

    #[test]
    fn two_equally_good_matches_are_several() {
        let tasks = ["call mom", "call dad", "buy milk"];
        assert_eq!(find("call", &tasks, |t| t), Found::Several(vec!["call mom", "call dad"]));
    }

    #[test]
    fn nothing_close_is_none() {
        let tasks = ["call mom"];
        assert_eq!(find("dentist", &tasks, |t| t), Found::None(vec![]));
    }
}
