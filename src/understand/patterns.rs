//! Compiles the schema patterns (schema.rs) once and finds them in a message's tokens.
//!
//! Patterns are indexed by their first word, so a message costs one hash lookup per token
//! reading (Hebrew tokens have up to four readings: the word and its prefix peelings) instead
//! of a scan over every pattern.

use std::collections::HashMap;
use std::sync::LazyLock;

use crate::understand::normalize::{Kind, Normalized, Token, fold, peelings};
use crate::understand::schema::SCHEMAS;

enum Word {
    Exact(String),
    Prefix(String),
}

struct Compiled {
    resolver: usize,
    action: Option<usize>,
    words: Vec<Word>,
    weight: f32,
    anchored: bool,
    keep: bool,
}

/// One pattern found in the tokens `start..end`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PatMatch {
    /// index into `SCHEMAS`
    pub resolver: usize,
    /// index into that schema's actions; None for a resolver noun
    pub action: Option<usize>,
    pub weight: f32,
    pub start: usize,
    pub end: usize,
    pub anchored: bool,
    /// an object word that stays in titles
    pub keep: bool,
    /// the first token matched only after peeling a leading ו ("ותזכיר"): a conjunction
    pub after_vav: bool,
}

struct Index {
    pats: Vec<Compiled>,
    by_first: HashMap<String, Vec<usize>>,
    wild_first: Vec<usize>,
}

fn compile(resolver: usize, action: Option<usize>, src: &str, weight: f32) -> Compiled {
    let mut s = src;
    let anchored = s.starts_with('^');
    s = s.trim_start_matches('^');
    let keep = s.starts_with('=');
    s = s.trim_start_matches('=');
    // An exact word is tokenized like message text, so "to-do" or "e-mail" becomes the tokens
    // the message will hold ("to", "-", "do") instead of one word no token can equal.
    let mut words = Vec::new();
    for w in s.split(' ').filter(|w| !w.is_empty()) {
        match w.strip_suffix('*') {
            Some(p) => words.push(Word::Prefix(fold(p))),
            None => {
                let n = Normalized::new(w);
                words.extend(n.tokens().iter().map(|t| Word::Exact(t.text.to_string())));
            }
        }
    }
    Compiled { resolver, action, words, weight, anchored, keep }
}

static INDEX: LazyLock<Index> = LazyLock::new(|| {
    let mut pats = Vec::new();
    for (ri, r) in SCHEMAS.iter().enumerate() {
        for (w, wt) in r.nouns {
            pats.push(compile(ri, None, w, *wt));
        }
        for (ai, a) in r.actions.iter().enumerate() {
            for (w, wt) in a.he.iter().chain(a.en.iter()) {
                pats.push(compile(ri, Some(ai), w, *wt));
            }
            // people type "whats on", "dont forget", "ive got" without the apostrophe
            for (w, wt) in a.en.iter().filter(|(w, _)| w.contains('\'')) {
                pats.push(compile(ri, Some(ai), &w.replace('\'', ""), *wt));
            }
        }
    }
    let mut by_first: HashMap<String, Vec<usize>> = HashMap::new();
    let mut wild_first = Vec::new();
    for (i, p) in pats.iter().enumerate() {
        match p.words.first() {
            Some(Word::Exact(w)) => by_first.entry(w.clone()).or_default().push(i),
            Some(Word::Prefix(_)) => wild_first.push(i),
            None => {}
        }
    }
    Index { pats, by_first, wild_first }
});

/// The readings of a token that patterns compare against.
pub fn readings<'a>(t: &Token<'a>) -> Vec<&'a str> {
    match t.kind {
        Kind::He => {
            let mut v: Vec<&'a str> = peelings(t.text).map(|(_, s)| s).collect();
            // "תבטלי", "תוסיפו", "בטלי": a verb said to a woman or to several people reads as
            // the form the patterns list ("תבטל", "תוסיף", "בטל")
            let stems: Vec<&'a str> = v
                .iter()
                .filter(|s| s.chars().count() >= 4)
                .filter_map(|s| s.strip_suffix('י').or_else(|| s.strip_suffix('ו')))
                .collect();
            v.extend(stems);
            v
        }
        Kind::Latin => {
            let mut v = vec![t.text];
            if let Some(s) = t.text.strip_suffix("'s") {
                v.push(s);
            }
            v
        }
        _ => vec![t.text],
    }
}

fn word_matches(w: &Word, reads: &[&str]) -> bool {
    match w {
        Word::Exact(x) => reads.iter().any(|r| r == x),
        Word::Prefix(x) => reads.iter().any(|r| r.starts_with(x.as_str())),
    }
}

/// Every pattern occurrence in the tokens.
pub fn match_all(toks: &[Token<'_>]) -> Vec<PatMatch> {
    let idx = &*INDEX;
    let reads: Vec<Vec<&str>> = toks.iter().map(readings).collect();
    let mut out = Vec::new();
    let mut cands: Vec<usize> = Vec::new();
    for i in 0..toks.len() {
        cands.clear();
        for r in &reads[i] {
            if let Some(v) = idx.by_first.get(*r) {
                cands.extend_from_slice(v);
            }
        }
        cands.extend_from_slice(&idx.wild_first);
        cands.sort_unstable();
        cands.dedup();
        for &pi in &cands {
            let p = &idx.pats[pi];
            let n = p.words.len();
            if i + n > toks.len() {
                continue;
            }
            // "תרשום לי ביומן", "תכניס לנו ליומן": a dative "לי"/"לנו" after a Hebrew verb
            // may stand between a pattern's first and second words
            let gap = if p.words.iter().enumerate().all(|(k, w)| word_matches(w, &reads[i + k])) {
                0
            } else if n >= 2
                && i + n < toks.len()
                && toks[i].kind == Kind::He
                && matches!(toks[i + 1].text, "לי" | "לנו")
                && word_matches(&p.words[0], &reads[i])
                && p.words[1..].iter().enumerate().all(|(k, w)| word_matches(w, &reads[i + 2 + k]))
            {
                1
            } else {
                continue;
            };
            // "תמחק את כל מה שיש ביומן": "מה" before a word with ש is "what (there is)", no
            // question
            if n >= 2
                && toks[i].text == "מה"
                && toks.get(i + 1).is_some_and(|t| t.kind == Kind::He && t.text.starts_with('ש'))
                && matches!(&p.words[1], Word::Exact(w) if !w.starts_with('ש'))
            {
                continue;
            }
            let first_full = match &p.words[0] {
                Word::Exact(x) => toks[i].text == x,
                Word::Prefix(x) => toks[i].text.starts_with(x.as_str()),
            };
            let after_vav = !first_full && toks[i].kind == Kind::He && toks[i].text.starts_with('ו');
            // "the trip is off", "trip's off": "off" after "is" says called off, not take off
            if n == 1
                && toks[i].text == "off"
                && i > 0
                && (matches!(toks[i - 1].text, "is" | "are" | "was" | "were" | "it's" | "its")
                    || toks[i - 1].text.ends_with("'s"))
            {
                continue;
            }
            // "before i forget", "so we don't forget": the user forgetting asks nothing forgotten
            if n == 1 && toks[i].text == "forget" && i > 0 && matches!(toks[i - 1].text, "i" | "we" | "i'll" | "ill") {
                continue;
            }
            // "night shift again", "a double shift": a kind of shift is a work shift
            if n == 1
                && i > 0
                && toks[i].text == "shift"
                && matches!(
                    toks[i - 1].text,
                    "night"
                        | "morning"
                        | "evening"
                        | "day"
                        | "afternoon"
                        | "late"
                        | "early"
                        | "double"
                        | "long"
                        | "weekend"
                        | "overnight"
                        | "closing"
                        | "opening"
                        // ("3 codes in one shift", "a 13 hour shift")
                        | "one"
                        | "hour"
                        | "hr"
                        | "first"
                        | "second"
                        | "12"
                        | "14"
                )
            {
                continue;
            }
            // "three kids, one bathroom, send help 😂", "send coffee. or wine.": asking the
            // world for help or comfort sends no email
            if n == 1
                && toks[i].text == "send"
                && toks.get(i + 1).is_some_and(|t| {
                    matches!(
                        t.text,
                        "help" | "coffee" | "wine" | "chocolate" | "snacks" | "prayers" | "hugs" | "vibes" | "caffeine"
                    )
                })
            {
                continue;
            }
            // "when's my next shift", "this move is brutal", "the push for …": a verb's word
            // after a determiner is a noun
            if n == 1
                && i > 0
                && p.action.is_some()
                && matches!(
                    toks[i].text,
                    "move" | "shift" | "push" | "change" | "update" | "clear" | "book" | "check" | "cancel"
                )
                && matches!(
                    toks[i - 1].text,
                    "my" | "the"
                        | "this"
                        | "that"
                        | "your"
                        | "our"
                        | "his"
                        | "her"
                        | "their"
                        | "a"
                        | "an"
                        | "next"
                        | "last"
                )
            {
                continue;
            }
            out.push(PatMatch {
                resolver: p.resolver,
                action: p.action,
                weight: p.weight,
                start: i,
                end: i + n + gap,
                anchored: p.anchored,
                keep: p.keep,
                after_vav,
            });
        }
    }
    out
}
