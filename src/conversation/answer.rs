//! Reading an answer: yes/no, and which numbered option ("2", "השני", "the second one").

use crate::resolvers::matching;

const YES: &[&str] = &[
    "yes",
    "y",
    "yep",
    "yeah",
    "yup",
    "sure",
    "ok",
    "okay",
    "confirm",
    "do it",
    "go ahead",
    "of course",
    "please do",
    "כן",
    "בטח",
    "בטוח",
    "אישור",
    "מאשר",
    "מאשרת",
    "סבבה",
    "נכון",
    "יאללה",
    "כן בטח",
    "כן כן",
    "אוקיי",
    "אוקי",
    "בהחלט",
    "כמובן",
];
const NO: &[&str] = &[
    "no",
    "n",
    "nope",
    "nah",
    "cancel",
    "stop",
    "don't",
    "dont",
    "never mind",
    "nevermind",
    "לא",
    "ביטול",
    "בטל",
    "עזוב",
    "לא תודה",
    "אל",
    "ממש לא",
    "לא לא",
    "תבטל",
];

fn clean(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_alphanumeric() || c == '\'' || c.is_whitespace() { c } else { ' ' })
        .collect::<String>()
        .to_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// `Some(true)` for yes, `Some(false)` for no, `None` when the message is something else.
pub fn yes_no(text: &str, button: Option<&str>) -> Option<bool> {
    match button {
        Some("confirm:yes") => return Some(true),
        Some("confirm:no") => return Some(false),
        _ => {}
    }
    let t = clean(text);
    if YES.contains(&t.as_str()) {
        return Some(true);
    } else if NO.contains(&t.as_str()) {
        return Some(false);
    }
    // "כן בבקשה", "yes please, delete it", "no thanks": an answer with politeness or the very
    // thing asked about ("כן, תמחק אותה") around it
    let words: Vec<&str> = t.split_whitespace().collect();
    let core: Vec<&str> = words.iter().copied().filter(|w| !AROUND_AN_ANSWER.contains(w)).collect();
    let said = core.join(" ");
    if core.is_empty() || core.len() == words.len() {
        return None;
    }
    if YES.contains(&said.as_str()) {
        Some(true)
    } else if NO.contains(&said.as_str()) && words.iter().all(|w| NO.contains(w) || POLITE_ONLY.contains(w)) {
        // (only politeness around a "no": "no, make it 6" is a correction, not a refusal)
        Some(false)
    } else {
        None
    }
}

/// Politeness, and the words that repeat what was asked ("delete it", "תמחק אותה"), around a
/// yes.
const AROUND_AN_ANSWER: &[&str] = &[
    "please",
    "pls",
    "plz",
    "thanks",
    "thank",
    "you",
    "thx",
    "delete",
    "remove",
    "it",
    "them",
    "that",
    "do",
    "go",
    "ahead",
    "בבקשה",
    "תודה",
    "רבה",
    "תמחק",
    "תמחקי",
    "תמחקו",
    "אותה",
    "אותו",
    "אותמ",
    "תעשה",
    "תעשי",
    "את",
    "זה",
];

/// Politeness alone, the only words a refusal may carry.
const POLITE_ONLY: &[&str] = &["please", "thanks", "thank", "you", "thx", "בבקשה", "תודה", "רבה"];

const ORDINALS: &[(&[&str], usize)] = &[
    (&["first", "1st", "ראשון", "הראשון", "ראשונה", "הראשונה", "אחד", "אחת"], 1),
    (&["second", "2nd", "שני", "השני", "שנייה", "השנייה", "שניה", "השניה", "שתיים", "שניים"], 2),
    (&["third", "3rd", "שלישי", "השלישי", "שלישית", "השלישית", "שלוש", "שלושה"], 3),
    (&["fourth", "4th", "רביעי", "הרביעי", "רביעית", "הרביעית", "ארבע", "ארבעה"], 4),
    (&["fifth", "5th", "חמישי", "החמישי", "חמישית", "החמישית", "חמש", "חמישה"], 5),
];

/// Words around a choice that carry no meaning of their own ("the second one", "מספר 2").
const FILLER: &[&str] =
    &["the", "one", "number", "no", "option", "please", "מספר", "את", "זה", "זאת", "אופציה", "בבקשה"];

/// Words of politeness and articles, left out when a typed answer is compared with a label.
const POLITE: &[&str] =
    &["a", "an", "as", "just", "thanks", "thank", "you", "pls", "plz", "make", "it", "תודה", "תעשה", "תעשי"];

/// The place an ordinal word names, from 1 ("first", "השנייה", "שלישי"); `usize::MAX` for the
/// last.
pub(crate) fn place(word: &str) -> Option<usize> {
    if matches!(word, "last" | "האחרון" | "האחרונה" | "אחרון" | "אחרונה") {
        return Some(usize::MAX);
    }
    ORDINALS.iter().find(|(names, _)| names.contains(&word)).map(|(_, i)| *i)
}

/// The 0-based option the message picks among `labels`, if it picks one.
pub fn choice_index(text: &str, button: Option<&str>, labels: &[&str]) -> Option<usize> {
    let n = labels.len();
    if let Some(i) = button.and_then(|b| b.strip_prefix("choice:")).and_then(|d| d.parse::<usize>().ok()) {
        return (1..=n).contains(&i).then(|| i - 1);
    }
    let t = clean(text);
    let words: Vec<&str> = t.split_whitespace().filter(|w| !FILLER.contains(w)).collect();
    if let [word] = words.as_slice() {
        let w = word.trim_start_matches('#').trim_end_matches('.');
        let picked = w.parse::<usize>().ok().or_else(|| place(w).map(|p| if p == usize::MAX { n } else { p }));
        if let Some(i) = picked {
            return (1..=n).contains(&i).then(|| i - 1);
        }
    }
    // The user typed an option's whole label ("a reminder", "תזכורת"), stopwords and all.
    if let Some(i) = labels.iter().position(|l| clean(l) == t) {
        return Some(i);
    }
    // ... or with words of politeness around it ("a reminder please", "תזכורת בבקשה, תודה")
    let bare = |s: &str| -> String {
        clean(s).split_whitespace().filter(|w| !FILLER.contains(w) && !POLITE.contains(w)).collect::<Vec<_>>().join(" ")
    };
    let said = bare(text);
    if !said.is_empty()
        && let Some(i) = labels.iter().position(|l| bare(l) == said)
    {
        return Some(i);
    }
    // The user typed (part of) the option itself: take it when exactly one option fits.
    match matching::find(text, labels, |l| l) {
        matching::Found::One(label) => labels.iter().position(|l| *l == label),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yes_and_no_in_both_languages_and_buttons() {
        assert_eq!(yes_no("כן", None), Some(true));
        for yes in ["כן בבקשה", "yes please", "כן, תמחק אותה", "yes, delete it", "sure, thanks", "ok thanks"]
        {
            assert_eq!(yes_no(yes, None), Some(true), "{yes}");
        }
        for no in ["no thanks", "לא, תודה", "no thank you"] {
            assert_eq!(yes_no(no, None), Some(false), "{no}");
        }
        for other in ["no, make it 6", "please delete the milk", "לא, בשבע", "yes and add eggs"] {
            assert_eq!(yes_no(other, None), None, "{other}");
        }
        assert_eq!(yes_no("Sure!", None), Some(true));
        assert_eq!(yes_no("לא", None), Some(false));
        assert_eq!(yes_no("whatever", Some("confirm:no")), Some(false));
        assert_eq!(yes_no("add milk to my list", None), None);
    }

    #[test]
    fn numbers_ordinals_and_labels_pick_an_option() {
        let labels = ["call mom (tomorrow at 08:00)", "call dad", "buy flowers"];
        assert_eq!(choice_index("2", None, &labels), Some(1));
        assert_eq!(choice_index("השני", None, &labels), Some(1));
        assert_eq!(choice_index("the second one", None, &labels), Some(1));
        assert_eq!(choice_index("האחרונה", None, &labels), Some(2));
        assert_eq!(choice_index("", Some("choice:1"), &labels), Some(0));
        assert_eq!(choice_index("flowers", None, &labels), Some(2));
        assert_eq!(choice_index("7", None, &labels), None);
        let kinds = ["an event in your calendar", "a reminder"];
        assert_eq!(choice_index("a reminder please", None, &kinds), Some(1));
        assert_eq!(choice_index("reminder, thanks", None, &kinds), Some(1));
        assert_eq!(choice_index("what's the weather", None, &labels), None);
    }
}
