//! The bilingual lexicon (lexicon.tsv, compiled in): Hebrew and English word forms → a shared
//! concept key ("@gate", or digits for a number), so "השער" and "gate" match without embeddings.
//! Loaded once; lookups are by the folded form (Hebrew) or the stemmed form (English).

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::understand::normalize::fold;

const DATA: &str = include_str!("lexicon.tsv");

struct Lexicon {
    he: HashMap<String, Vec<&'static str>>,
    en: HashMap<String, Vec<&'static str>>,
}

fn lexicon() -> &'static Lexicon {
    static LEX: OnceLock<Lexicon> = OnceLock::new();
    LEX.get_or_init(load)
}

fn load() -> Lexicon {
    let mut lex = Lexicon { he: HashMap::new(), en: HashMap::new() };
    for line in DATA.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let mut cols = line.split('\t');
        let (Some(concept), Some(en), Some(he)) = (cols.next(), cols.next(), cols.next()) else {
            continue;
        };
        // A form of several words ("חדר כושר") is known by its last word: the first ones ("חדר")
        // are common on their own and would drag unrelated notes in.
        for form in en.split(',').filter_map(|f| f.split_whitespace().last()) {
            add(&mut lex.en, super::text::english_stem(&form.to_lowercase()), concept);
        }
        // A number word is known only as written: "שלושים" without its ending would be "שלוש".
        let number = concept.starts_with(|c: char| c.is_ascii_digit());
        for form in he.split(',').filter_map(|f| f.split_whitespace().last()) {
            let folded = fold(form);
            let forms = if number { vec![folded] } else { super::text::hebrew_bare_forms(&folded) };
            for f in forms {
                add(&mut lex.he, f, concept);
            }
        }
    }
    lex
}

/// A word may name several concepts ("שני" is Monday and two): it keeps them all.
fn add(map: &mut HashMap<String, Vec<&'static str>>, form: String, concept: &'static str) {
    let concepts = map.entry(form).or_default();
    if !concepts.contains(&concept) {
        concepts.push(concept);
    }
}

/// The concepts of a folded Hebrew form (empty when the lexicon does not know it).
pub fn concepts_of_he(form: &str) -> &'static [&'static str] {
    lexicon().he.get(form).map_or(&[], Vec::as_slice)
}

/// The concepts of a stemmed English word (empty when the lexicon does not know it).
pub fn concepts_of_en(stem: &str) -> &'static [&'static str] {
    lexicon().en.get(stem).map_or(&[], Vec::as_slice)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_of_the_lexicon_has_a_concept_and_both_languages() {
        for line in DATA.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
            let cols: Vec<&str> = line.split('\t').collect();
            assert_eq!(cols.len(), 3, "{line}");
            assert!(cols.iter().all(|c| !c.trim().is_empty()), "{line}");
        }
    }

    #[test]
    fn a_number_word_in_either_language_means_its_digits() {
        assert_eq!(concepts_of_en(&crate::memory::text::english_stem("three")), ["3"]);
        assert_eq!(concepts_of_he("שלוש"), ["3"]);
    }
}
