//! Items written without commas: "eggs bread and milk", "מחברות עפרונות וקופסת אוכל". The
//! words before the last "and" are one item for the tokenizer; when every word of such a run is
//! covered by two or more things people put on lists (`goods.txt`, compounds such as "peanut
//! butter" and "קרם הגנה" included), the run is those things. A run that is not wholly covered
//! ("red onions", "קרם לחות") stays one item: an unknown word is never split off on a guess.

use std::collections::HashSet;
use std::sync::LazyLock;

static GOODS: LazyLock<HashSet<String>> = LazyLock::new(|| {
    include_str!("goods.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_lowercase)
        .collect()
});

/// The longest a thing on a list is, in words.
const LONGEST: usize = 4;

/// Words that may open a thing without being part of it: "a speaker", "some ice".
fn opener(w: &str) -> bool {
    matches!(w, "a" | "an" | "some" | "the" | "more" | "extra" | "new") || w.chars().all(|c| c.is_ascii_digit())
}

fn known(words: &[String]) -> bool {
    let joined = words.join(" ");
    if GOODS.contains(&joined) {
        return true;
    }
    // A Hebrew article ("הלחם") or an English plural or singular the table lacks ("lemons").
    let last = words.len() - 1;
    let variants: Vec<String> = if joined.starts_with('ה') && joined.chars().count() > 3 {
        vec![joined['ה'.len_utf8()..].to_string()]
    } else if words[last].is_ascii() {
        let w = &words[last];
        let head = words[..last].iter().map(|s| format!("{s} ")).collect::<String>();
        let mut v = vec![format!("{head}{w}s")];
        if let Some(s) = w.strip_suffix('s') {
            v.push(format!("{head}{s}"));
        }
        v
    } else {
        Vec::new()
    };
    variants.iter().any(|v| GOODS.contains(v))
}

/// `item` names things people put on lists: one ("milk", "הלחם") or a run of them.
pub fn names_things(item: &str) -> bool {
    let item = item.trim();
    is_a_thing(item) || is_a_thing(item.trim_start_matches('ה')) || split_run(item).is_some()
}

/// The word, as written, is a thing on the table ("ויטמין", not the "ו" + "יטמין" it is not).
pub fn is_a_thing(word: &str) -> bool {
    GOODS.contains(&word.to_lowercase())
}

/// The word (or the words starting at it) names a thing people put on lists: "אקמול",
/// "ודבש", "olive oil".
pub fn starts_a_thing(words: &[&str]) -> bool {
    let lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    (1..=words.len().min(LONGEST)).any(|n| {
        let mut head = lower[..n].to_vec();
        if known(&head) {
            return true;
        }
        // "ודבש": the conjunction glued to the first word
        match head[0].strip_prefix('ו') {
            Some(rest) if rest.chars().count() >= 2 => {
                head[0] = rest.to_string();
                known(&head)
            }
            _ => false,
        }
    })
}

/// `item` as the things it names, or `None` when it is one thing (or not wholly known).
pub fn split_run(item: &str) -> Option<Vec<String>> {
    let orig: Vec<&str> = item.split_whitespace().collect();
    if orig.len() < 2 || orig.len() > 12 {
        return None;
    }
    let words: Vec<String> = orig
        .iter()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'' && c != '"').to_lowercase())
        .collect();
    // fewest[i]: the fewest things that cover words[..i], and where the last of them starts.
    let n = words.len();
    let mut fewest: Vec<Option<(usize, usize)>> = vec![None; n + 1];
    fewest[0] = Some((0, 0));
    for end in 1..=n {
        for start in end.saturating_sub(LONGEST + 1)..end {
            let Some((count, _)) = fewest[start] else { continue };
            let body = if opener(&words[start]) && end - start > 1 { start + 1 } else { start };
            if end - body > LONGEST || !known(&words[body..end]) {
                continue;
            }
            if fewest[end].is_none_or(|(c, _)| count + 1 < c) {
                fewest[end] = Some((count + 1, start));
            }
        }
    }
    let (count, _) = fewest[n]?;
    if count < 2 {
        return None;
    }
    let mut parts = Vec::new();
    let mut end = n;
    while end > 0 {
        let (_, start) = fewest[end]?;
        parts.push(orig[start..end].join(" "));
        end = start;
    }
    parts.reverse();
    Some(parts)
}

#[cfg(test)]
mod tests {
    use super::split_run;

    fn split(s: &str) -> Option<Vec<String>> {
        split_run(s)
    }

    #[test]
    fn a_run_of_known_things_is_split_into_them() {
        assert_eq!(split("eggs bread").unwrap(), ["eggs", "bread"]);
        assert_eq!(split("sunscreen hats").unwrap(), ["sunscreen", "hats"]);
        assert_eq!(split("hummus pita").unwrap(), ["hummus", "pita"]);
        assert_eq!(split("ביצים לחם").unwrap(), ["ביצים", "לחם"]);
        assert_eq!(split("קרם הגנה כובעים").unwrap(), ["קרם הגנה", "כובעים"]);
        assert_eq!(split("paper towels 2 lemons a cake").unwrap(), ["paper towels", "2 lemons", "a cake"]);
        assert_eq!(split("החלב הלחם").unwrap(), ["החלב", "הלחם"]);
    }

    #[test]
    fn compounds_and_unknown_words_stay_whole() {
        assert_eq!(split("peanut butter"), None);
        assert_eq!(split("olive oil"), None);
        assert_eq!(split("red onions"), None);
        assert_eq!(split("קרם לחות"), None);
        assert_eq!(split("שמן זית"), None);
        assert_eq!(split("milk"), None);
        assert_eq!(split("eggs from the shop"), None);
    }
}
