//! Lexical keys of a note or a question: the words that can match, in a form where "שהקוד",
//! "הקוד" and "קוד" meet, "gifts" meets "gift", and (through the bilingual lexicon) "שער" meets
//! "gate". No I/O; the same function indexes notes and questions, so both sides always agree.
//!
//! Why several keys per Hebrew word: a glued prefix (ו ה ב כ ל מ ש and their combinations) cannot
//! be told from a root letter without a dictionary ("מספר" is "number", not "from a book"), so
//! a word yields itself and its peelings, and scoring credits a question word once, by the best
//! key that matched.

use crate::understand::normalize::fold;

use super::lexicon;

/// The keys of one word of a question: all forms it may match, best (most literal) first.
#[derive(Debug, Clone, PartialEq)]
pub struct WordKeys {
    pub keys: Vec<String>,
}

/// Words that carry no content in a note or a question (after folding final letters).
const STOP: &[&str] = &[
    // Hebrew function words, question words and the verbs of asking/telling
    "של",
    "שלי",
    "שלו",
    "שלה",
    "שלנו",
    "שלכמ",
    "את",
    "אתה",
    "אני",
    "אנחנו",
    "הוא",
    "היא",
    "הם",
    "זה",
    "זו",
    "זאת",
    "מה",
    "מי",
    "איפה",
    "מתי",
    "איכ",
    "כמה",
    "למה",
    "איזה",
    "איזו",
    "אילו",
    "האמ",
    "יש",
    "אינ",
    "על",
    "עמ",
    "גמ",
    "כבר",
    "לי",
    "לכ",
    "לו",
    "לה",
    "לנו",
    "אצל",
    "אמרתי",
    "אמרתי",
    "רשמתי",
    "סיפרתי",
    "שמרתי",
    "תזכור",
    "תזכרי",
    "זוכר",
    "זוכרת",
    "אתה",
    "את",
    "היה",
    "היתה",
    "הייתה",
    "ש",
    "כי",
    "או",
    "אבל",
    "גם",
    "רק",
    "עוד",
    "מאוד",
    "בבקשה",
    "תגיד",
    "תגידי",
    "קוראימ",
    "נקרא",
    "נקראת",
    "דבר",
    "משהו",
    "בשביל",
    "עבור",
    "לגבי",
    "תזכיר",
    "תרשומ",
    "לכ",
    "שמ",
    "פה",
    "כאנ",
    "הזה",
    "הזאת",
    "אותו",
    "אותה",
    "מהו",
    "מהי",
    "ואת",
    // English
    "a",
    "an",
    "the",
    "is",
    "are",
    "was",
    "were",
    "be",
    "been",
    "am",
    "i",
    "me",
    "my",
    "mine",
    "you",
    "your",
    "we",
    "our",
    "us",
    "it",
    "its",
    "he",
    "she",
    "his",
    "her",
    "they",
    "their",
    "them",
    "what",
    "whats",
    "what's",
    "where",
    "when",
    "who",
    "whom",
    "which",
    "how",
    "why",
    "do",
    "does",
    "did",
    "done",
    "to",
    "of",
    "in",
    "on",
    "at",
    "for",
    "by",
    "with",
    "from",
    "about",
    "and",
    "or",
    "but",
    "that",
    "this",
    "these",
    "those",
    "there",
    "here",
    "have",
    "has",
    "had",
    "say",
    "said",
    "tell",
    "told",
    "remember",
    "note",
    "noted",
    "mention",
    "mentioned",
    "please",
    "can",
    "could",
    "would",
    "should",
    "will",
    "any",
    "some",
    "again",
    "know",
    "wear",
    "much",
    "many",
    "so",
    "as",
    "if",
    "up",
    "out",
    "s",
    "d",
    "ll",
    "re",
    "ve",
    "name",
    "called",
    "is",
    "now",
    "also",
    "just",
    "get",
    "got",
];

/// True when `word` (folded) carries no content.
fn is_stop(word: &str) -> bool {
    STOP.contains(&word)
}

const PREFIXES: &str = "והבכלמש";

fn is_hebrew(word: &str) -> bool {
    word.chars().next().is_some_and(crate::understand::lang::is_hebrew_letter)
}

/// A Hebrew word and its plausible bare forms: up to four prefix letters peeled ("וכשהשער"; one
/// letter leaves at least two,
/// more leave at least three), then a plural ים/ות or a feminine ה/ת ending dropped.
fn hebrew_forms(word: &str) -> Vec<String> {
    let chars: Vec<char> = word.chars().collect();
    let mut stems: Vec<String> = vec![word.to_string()];
    for peel in 1..=4.min(chars.len()) {
        if !PREFIXES.contains(chars[peel - 1]) {
            break;
        }
        let rest = chars.len() - peel;
        if rest < 2 || (peel > 1 && rest < 3) {
            break;
        }
        stems.push(chars[peel..].iter().collect());
    }
    let mut out = Vec::with_capacity(stems.len() * 2);
    for stem in stems {
        out.extend(hebrew_bare_forms(&stem));
    }
    let mut seen = Vec::with_capacity(out.len());
    for f in out {
        if !seen.contains(&f) {
            seen.push(f);
        }
    }
    seen
}

/// A Hebrew word (no prefix peeling) and, when it has one, its form without a plural ים/ות or a
/// feminine ה/ת ending: "מתנות" and "מתנה" both give "מתנ".
pub fn hebrew_bare_forms(word: &str) -> Vec<String> {
    let long = word.chars().count() >= 4;
    let bare = ["ימ", "ות", "ה", "ת"].iter().find_map(|suffix| word.strip_suffix(suffix)).filter(|_| long);
    std::iter::once(word.to_string()).chain(bare.map(str::to_string)).collect()
}

/// English stemming-lite: possessive, plural and the commonest verb endings.
pub fn english_stem(word: &str) -> String {
    let w = word.trim_end_matches("'s").trim_end_matches('\'');
    let n = w.len();
    let stem = if n > 4 && w.ends_with("ies") {
        format!("{}y", &w[..n - 3])
    } else if n > 4 && (w.ends_with("ses") || w.ends_with("xes") || w.ends_with("ches") || w.ends_with("shes")) {
        w[..n - 2].to_string()
    } else if n > 3 && w.ends_with('s') && !w.ends_with("ss") && !w.ends_with("us") {
        w[..n - 1].to_string()
    } else if n > 5 && w.ends_with("ing") {
        w[..n - 3].to_string()
    } else if n > 4 && w.ends_with("ed") {
        w[..n - 2].to_string()
    } else {
        w.to_string()
    };
    stem.trim_end_matches('e').to_string()
}

/// Splits folded text into words and digit runs; a Hebrew word keeps an inner quote (ד"ר).
fn words(folded: &str) -> Vec<&str> {
    folded
        .split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '"'))
        .map(|w| w.trim_matches(|c| c == '\'' || c == '"'))
        .filter(|w| !w.is_empty())
        .collect()
}

/// The keys of every content word of `text`, one entry per word, in order.
pub fn word_keys(text: &str) -> Vec<WordKeys> {
    let folded = fold(text);
    let mut out = Vec::new();
    for word in words(&folded) {
        if is_stop(word) {
            continue;
        }
        let mut keys: Vec<String> = Vec::new();
        if word.chars().all(|c| c.is_ascii_digit()) {
            // "054" and "0547712398" stay literal; a small number also meets its words ("three")
            let bare = word.trim_start_matches('0');
            keys.push(if bare.is_empty() { "0" } else { bare }.to_string());
        } else if is_hebrew(word) {
            let forms = hebrew_forms(word);
            for f in &forms {
                for concept in lexicon::concepts_of_he(f) {
                    push_unique(&mut keys, concept.to_string());
                }
            }
            // "ששמרתי" is "that I saved" with a prefix: a stop word, unless a form is a known noun
            if keys.is_empty() && forms.iter().skip(1).any(|f| is_stop(f)) {
                continue;
            }
            keys.extend(forms);
        } else {
            let stem = english_stem(word);
            if is_stop(&stem) {
                continue;
            }
            keys.extend(lexicon::concepts_of_en(&stem).iter().map(|c| c.to_string()));
            push_unique(&mut keys, stem);
        }
        out.push(WordKeys { keys });
    }
    out
}

fn push_unique(keys: &mut Vec<String>, k: String) {
    if !keys.contains(&k) {
        keys.push(k);
    }
}

/// The index of a note: all keys of all its words, space-separated (stored in `notes.terms`).
pub fn index_terms(text: &str) -> String {
    let mut all: Vec<String> = Vec::new();
    for w in word_keys(text) {
        all.extend(w.keys);
    }
    all.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(text: &str) -> Vec<String> {
        word_keys(text).into_iter().flat_map(|w| w.keys).collect()
    }

    #[test]
    fn glued_hebrew_prefixes_and_the_article_are_peeled() {
        let k = keys("שהקוד");
        assert!(k.contains(&"קוד".to_string()), "{k:?}");
        let k = keys("וכשהשער");
        assert!(k.contains(&"שער".to_string()), "{k:?}");
    }

    #[test]
    fn final_letters_and_plurals_meet_their_base_form() {
        assert!(keys("מתנות").contains(&"מתנ".to_string()));
        assert!(keys("מתנה").contains(&"מתנ".to_string()));
        assert!(keys("הילדים").contains(&"ילד".to_string()));
    }

    #[test]
    fn english_plurals_and_possessives_are_stemmed() {
        assert_eq!(english_stem("gifts"), english_stem("gift"));
        assert_eq!(english_stem("dana's"), "dana");
        assert_eq!(english_stem("parking"), english_stem("parked"));
    }

    #[test]
    fn hebrew_and_english_words_of_the_lexicon_share_a_concept() {
        let he = keys("השער");
        let en = keys("gate");
        assert!(he.iter().any(|k| k.starts_with('@') && en.contains(k)), "{he:?} {en:?}");
    }

    #[test]
    fn question_words_carry_no_content() {
        assert!(keys("what did I say about it?").is_empty());
        assert!(keys("מה אמרתי על זה?").is_empty());
        assert!(keys("ששמרתי").is_empty(), "a stop word behind a prefix");
    }
}
