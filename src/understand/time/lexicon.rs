//! The word classes the time grammar works with, and the lookup that maps a token (with Hebrew
//! prefixes peeled) to its class. The word lists themselves live in he.rs and en.rs; this file
//! builds one table from both, once, so a message in either language (or both) costs one hash
//! lookup per word.

use std::collections::HashMap;
use std::sync::LazyLock;

use crate::understand::normalize::{Kind, Token, fold, peelings};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Morning,
    Noon,
    Afternoon,
    Evening,
    Night,
    Midnight,
    /// "early morning", "the early hours of the morning"
    EarlyMorning,
    /// "late tonight", "late last night"
    LateNight,
    /// "after lunch", "after school": the afternoon stretches those leave
    AfterLunch,
    AfterSchool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Unit {
    Second,
    Minute,
    Hour,
    Day,
    Week,
    Month,
    Quarter,
    Year,
}

/// One word's meaning for the time grammar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lex {
    Now,
    /// today = 0, tomorrow = 1, yesterday = -1 ...
    DayRel(i8),
    /// 0 = Sunday .. 6 = Saturday
    Weekday(u8),
    /// ordinal word that is not also a weekday (seventh, עשירי)
    Ordinal(u8),
    Month(u8),
    Part(Part),
    /// "tonight", "הלילה": today + night in one word
    Tonight,
    Num(u32),
    Half,
    Quarter,
    /// a unit with an implied count: שעתיים = (Hour, 2), "hour" = (Hour, 1)
    Unit(Unit, u32),
    /// next = 1, this = 0, last = -1
    Rel(i8),
    /// בעוד, in, within
    In,
    /// ago, back
    Ago,
    /// לפני, before
    Before,
    /// אחרי, after, past
    After,
    /// "to" of "quarter to ten", "till"
    To,
    /// "from now", "hence", "later"
    Hence,
    Every,
    /// every weekday, ימי חול
    Weekdays,
    Weekend,
    Middle,
    /// words that may sit inside a time expression and mean nothing by themselves
    Filler,
    Am,
    Pm,
    Oclock,
    /// a few / couple: an approximate count
    Few(u32),
    /// "a"/"an" before a unit
    One,
    /// beginning (false) / end (true) of a period: "end of the month", "סוף החודש", "early March"
    Edge(bool),
    /// spring = 0 .. winter = 3; the word "season" itself is `seasons::ANY`
    Season(u8),
}

type Table = HashMap<String, Lex>;

static TABLE: LazyLock<Table> = LazyLock::new(|| {
    let mut t = HashMap::new();
    for (w, l) in super::he::WORDS.iter().chain(super::en::WORDS.iter()) {
        t.insert(fold(w), *l);
    }
    t
});

/// The lexicon entry of a bare (already normalized) word.
pub fn word(w: &str) -> Option<Lex> {
    TABLE.get(w).copied()
}

/// A token's meaning and the Hebrew prefix letters that had to be peeled to find it.
/// The whole word wins over a peeled reading, so "שבת" stays Saturday and never becomes ש+בת.
pub fn lookup<'a>(tok: &Token<'a>) -> Option<(Lex, &'a str)> {
    match tok.kind {
        Kind::Latin => {
            let w = tok.text;
            if let Some(l) = word(w) {
                return Some((l, ""));
            }
            // "tomorrow's", "today's": a possessive still names the day
            let stem = w.strip_suffix("'s")?;
            word(stem).map(|l| (l, ""))
        }
        Kind::He => peelings(tok.text).find_map(|(p, stem)| word(stem).map(|l| (l, p))),
        _ => None,
    }
}
