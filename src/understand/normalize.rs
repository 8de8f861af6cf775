//! Text normalization and tokenization shared by the time parser and the router.
//!
//! Owns: niqqud and bidi-control stripping, quote/dash unification, Hebrew final-letter folding,
//! lowercasing, splitting into tokens that remember their byte span in the *original* text, and
//! peeling Hebrew one-letter prefixes. It must not decide meaning: that is time/ and route.rs.
//!
//! Why fold final letters: a peeled stem or a user's typing ("שלומ") should compare equal to the
//! lexicon; titles are always cut from the original text, so users never see folded letters.

use std::borrow::Cow;

/// The one-letter Hebrew prefixes (ו ה ב ל מ ש כ) that attach to the next word.
pub const PREFIX_LETTERS: &str = "והבלמשכ";

/// Normalized text plus a map from each normalized byte back to the original byte offset.
#[derive(Debug, Clone)]
pub struct Normalized {
    pub text: String,
    map: Vec<usize>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// a Hebrew word (may contain an inner geresh/gershayim: סופ"ש, אחה"צ)
    He,
    /// a Latin word (may contain an inner apostrophe: what's, o'clock)
    Latin,
    /// a run of ASCII digits
    Num,
    /// bare Hebrew prefix letters glued to a number: the "ב" of "ב-8", the "ל" of "ל12"
    Prefix,
    Punct,
}

/// One token; `text` is normalized, `start..end` is the byte range in the original text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<'a> {
    pub text: &'a str,
    pub kind: Kind,
    pub start: usize,
    pub end: usize,
    /// no whitespace between this token and the previous one ("3pm", "15h00")
    pub glued: bool,
}

impl Token<'_> {
    pub fn is(&self, s: &str) -> bool {
        self.text == s
    }
    pub fn is_word(&self) -> bool {
        matches!(self.kind, Kind::He | Kind::Latin)
    }
    /// Its value as a number: at most five digits, enough for any count, year or clock time. A
    /// longer run (a phone or order number) is not a quantity of time, and refusing it here keeps
    /// every date computation inside chrono's range.
    pub fn num(&self) -> Option<u32> {
        if self.kind == Kind::Num && self.text.len() <= 5 { self.text.parse().ok() } else { None }
    }
}

fn map_char(c: char, out: &mut String) {
    match c {
        '\u{05BE}' => out.push('-'),
        '\u{05C0}' | '\u{05C3}' => out.push(' '),
        '\u{0591}'..='\u{05C7}' => {}
        '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' => {}
        '\u{FEFF}' | '\u{061C}' | '\u{00AD}' => {}
        '\u{05F3}' | '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}' | '`' | '\u{00B4}' => out.push('\''),
        '\u{05F4}' | '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{201F}' => out.push('"'),
        '\u{2010}'..='\u{2015}' | '\u{2212}' => out.push('-'),
        'ך' => out.push('כ'),
        'ם' => out.push('מ'),
        'ן' => out.push('נ'),
        'ף' => out.push('פ'),
        'ץ' => out.push('צ'),
        c if c.is_whitespace() => out.push(' '),
        c if c.is_ascii() => out.push(c.to_ascii_lowercase()),
        c if c.is_uppercase() => out.extend(c.to_lowercase()),
        c => out.push(c),
    }
}

/// Misspellings common in chat, with the word meant (already normalized: lower case, Hebrew
/// final letters as their plain forms).
const MISSPELT: &[(&str, &str)] = &[
    ("wat", "what"),
    ("wot", "what"),
    ("wht", "what"),
    ("waht", "what"),
    ("whta", "what"),
    ("remnd", "remind"),
    ("remid", "remind"),
    ("rmind", "remind"),
    ("remaind", "remind"),
    ("reminer", "reminder"),
    ("remider", "reminder"),
    ("remiders", "reminders"),
    ("calender", "calendar"),
    ("calandar", "calendar"),
    ("calander", "calendar"),
    ("tomorow", "tomorrow"),
    ("tommorow", "tomorrow"),
    ("tommorrow", "tomorrow"),
    ("tomorrw", "tomorrow"),
    ("meating", "meeting"),
    ("metting", "meeting"),
    ("cancle", "cancel"),
    ("shoping", "shopping"),
    ("plz", "please"),
    ("insted", "instead"),
    ("isntead", "instead"),
    // weekdays spelt as they sound
    ("whit's", "what's"),
    ("whits", "what's"),
    ("munday", "monday"),
    ("mondey", "monday"),
    ("tusday", "tuesday"),
    ("teusday", "tuesday"),
    ("tuseday", "tuesday"),
    ("wensday", "wednesday"),
    ("wendsday", "wednesday"),
    ("wednsday", "wednesday"),
    ("wedensday", "wednesday"),
    ("wenesday", "wednesday"),
    ("thursdy", "thursday"),
    ("thurday", "thursday"),
    ("fryday", "friday"),
    ("saterday", "saturday"),
    ("satarday", "saturday"),
    ("sundey", "sunday"),
    ("שעתימ", "שעתיימ"),
    ("יומימ", "יומיימ"),
    ("שבועימ", "שבועיימ"),
    ("מחרתימ", "מחרתיימ"),
    // a vowel letter written into the imperative: "תמחוק", "תשלוח", "תזכור לי" stays as said
    ("תמחוק", "תמחק"),
    ("תיזכיר", "תזכיר"),
    ("תיזכירי", "תזכירי"),
    ("תמחוקי", "תמחקי"),
    ("תשלוח", "תשלח"),
    ("תבטיל", "תבטל"),
    // "morning" with its vowel letter left out ("תזכר" is a pattern of its own: "תזכר לי" reminds)
    ("בבקר", "בבוקר"),
];

/// The most letters a misspelling has (in [`MISSPELT`], or one of [`SWAPPABLE`] with a letter
/// left out or two crossed): longer words are not looked up.
const LONGEST_MISSPELLING: usize = 11;

fn misspelt(word: &str) -> Option<Cow<'static, str>> {
    MISSPELT
        .iter()
        .find(|(w, _)| *w == word)
        .map(|(_, m)| *m)
        .or_else(|| swapped(word))
        .or_else(|| dropped(word))
        .or_else(|| doubled(word))
        .map(Cow::Borrowed)
        .or_else(|| he_slip(word).map(Cow::Owned))
}

/// One of [`SWAPPABLE`] with a letter typed twice ("remmind", "thurssday").
fn doubled(word: &str) -> Option<&'static str> {
    slip_of(word, 6, |g, w| {
        w.len() == g.len() + 1 && (1..w.len()).any(|k| w[k] == w[k - 1] && w[..k] == g[..k] && w[k + 1..] == g[k..])
    })
}

/// Hebrew command and time words a slip on the keyboard leaves no doubt about (folded).
const HE_SLIPPABLE: &[&str] = &[
    "מחר",
    "מחרתיימ",
    "היומ",
    "הערב",
    "בבוקר",
    "בערב",
    "תזכיר",
    "תזכירי",
    "תוסיפ",
    "תוסיפי",
    "ראשונ",
    "שלישי",
    "רביעי",
    "חמישי",
    "שישי",
    "תזכורת",
    "תזכורות",
];

/// `typed` is `meant` with one vowel letter (ו, י) inside it left out ("ראשנ", "תזכרות").
fn vowel_left_out(meant: &str, typed: &str) -> bool {
    let (g, r): (Vec<char>, Vec<char>) = (meant.chars().collect(), typed.chars().collect());
    // ("הימ", the sea, is no "today")
    r.len() >= 4 && one_left_out(&g, &r, |c| matches!(c, 'ו' | 'י'))
}

/// Verbs people glue "לי" to ("תזכירלי"), folded.
const HE_GLUED_LI: &[&str] = &["תזכיר", "תזכירי", "תרשומ", "תרשמי", "תקבע", "תקבעי", "תזכר", "תזכרי"];

/// A Hebrew slip: one of [`HE_SLIPPABLE`] after its prefixes with a letter typed twice
/// ("ומחחר", "תזכיירי") or a vowel letter left out ("ראשן", "תזכרות"), or a verb with "לי"
/// glued on ("תזכירלי"); the words as meant.
fn he_slip(word: &str) -> Option<String> {
    if !word.chars().next().is_some_and(crate::understand::lang::is_hebrew_letter) {
        return None;
    }
    if let Some(verb) = word.strip_suffix("לי").filter(|v| HE_GLUED_LI.contains(v)) {
        return Some(format!("{verb} לי"));
    }
    let short = ["", "ו", "ב", "ל", "וב", "ול", "ה"].iter().find_map(|p| {
        // (a word of the list as it is, "תזכורת", is no slip of another, "תזכורות")
        let typed = word.strip_prefix(p).filter(|t| !HE_SLIPPABLE.contains(t))?;
        // (not the verbs: "תזכר" may be "תזכור" or "תזכיר", "תוספ" is a word of its own)
        HE_SLIPPABLE
            .iter()
            .filter(|g| !g.starts_with("תזכיר") && !g.starts_with("תוסיפ"))
            .find(|g| vowel_left_out(g, typed))
            .map(|g| format!("{p}{g}"))
    });
    if short.is_some() {
        return short;
    }
    let w: Vec<char> = word.chars().collect();
    (1..w.len()).filter(|&k| w[k] == w[k - 1]).find_map(|k| {
        let once: String = w[..k].iter().chain(&w[k + 1..]).collect();
        ["", "ו", "ב", "ל", "וב", "ול"].iter().find_map(|p| {
            let meant = once.strip_prefix(p)?;
            // (a letter the word itself has twice, "בבוקר", is no slip)
            let own = word.strip_prefix(p).is_some_and(|w| HE_SLIPPABLE.contains(&w));
            (HE_SLIPPABLE.contains(&meant) && !own).then(|| once.clone())
        })
    })
}

/// Command and time words long enough that two letters typed the wrong way round ("remidn",
/// "reimnd", "tomorrwo", "chnage") or one letter left out inside ("remnder", "thursdy",
/// "apointment") leave no doubt which word was meant.
const SWAPPABLE: &[&str] = &[
    "remind",
    "reminder",
    "remember",
    "tomorrow",
    "calendar",
    "shopping",
    "delete",
    "cancel",
    "change",
    "remove",
    "instead",
    "meeting",
    "appointment",
    "schedule",
    "reschedule",
    "tonight",
    "morning",
    "evening",
    "afternoon",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
];

/// The word of [`SWAPPABLE`] a lower-case ASCII word of at least `min` letters is a slip of,
/// by `slip(meant, typed)`.
fn slip_of(word: &str, min: usize, slip: impl Fn(&[char], &[char]) -> bool) -> Option<&'static str> {
    let w: Vec<char> = word.chars().collect();
    if w.len() < min || !w.iter().all(char::is_ascii_lowercase) {
        return None;
    }
    SWAPPABLE.iter().copied().find(|good| slip(&good.chars().collect::<Vec<char>>(), &w))
}

/// One of [`SWAPPABLE`] with one letter left out, neither its first nor its last ("remnder",
/// "insted", "thursdy"): a shorter word there is often a word of its own ("frida", "remin").
fn dropped(word: &str) -> Option<&'static str> {
    slip_of(word, 5, |g, w| one_left_out(g, w, |_| true))
}

/// `typed` is `meant` with one letter inside it, neither the first nor the last, left out; `may`
/// says which letters people leave out.
fn one_left_out(meant: &[char], typed: &[char], may: impl Fn(char) -> bool) -> bool {
    meant.len() == typed.len() + 1
        && (1..meant.len() - 1).any(|k| may(meant[k]) && meant[..k] == typed[..k] && meant[k + 1..] == typed[k..])
}

/// One of [`SWAPPABLE`] with two letters after the first crossed ("remidn", "chnage").
fn swapped(word: &str) -> Option<&'static str> {
    slip_of(word, 6, |g, w| {
        g.len() == w.len()
            && (2..g.len()).any(|k| {
                w[k - 1] == g[k]
                    && w[k] == g[k - 1]
                    && w[k - 1] != w[k]
                    && w.iter().zip(g).enumerate().all(|(j, (a, b))| j == k - 1 || j == k || a == b)
            })
    })
}

/// "ad" where a command opens ("ad bread to the list", "…and ad milk"): "add" with a letter
/// left out. After any other word it stays a word of its own ("post the ad").
fn ad_for_add(word: &str, before: &str) -> Option<&'static str> {
    if word != "ad" {
        return None;
    }
    let before = before.trim_end();
    let last = before.rsplit(|c: char| !c.is_alphanumeric()).next().unwrap_or("");
    let opens = before.is_empty()
        || before.ends_with([',', '.', '!', ';', '&'])
        || ["and", "also", "pls", "please", "plz", "then", "pleas"].iter().any(|w| last.eq_ignore_ascii_case(w));
    opens.then_some("add")
}

/// Ozer's own English nouns said inside Hebrew ("תעשה לי reminder למחר ב9", "תעשה לי list של
/// מסמכים"): read as the Hebrew word, so the Hebrew patterns around them match.
/// An English name before it keeps "list" English ("תוסיף ל-shopping list חלב").
fn loanword(word: &str, before: &str) -> Option<&'static str> {
    let last = before.trim_end().rsplit(|c: char| !c.is_alphanumeric()).next().unwrap_or("");
    if last.chars().next().is_some_and(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    Some(match word {
        "reminder" => "תזכורת",
        "reminders" => "תזכורות",
        "list" => "רשימה",
        "task" => "משימה",
        "tasks" => "משימות",
        _ => return None,
    })
}

/// More Hebrew words than Latin ones.
fn mostly_hebrew(text: &str) -> bool {
    let (mut he, mut latin) = (0, 0);
    for w in text.split(|c: char| !c.is_alphabetic()).filter(|w| !w.is_empty()) {
        if w.chars().next().is_some_and(crate::understand::lang::is_hebrew_letter) {
            he += 1;
        } else {
            latin += 1;
        }
    }
    he > latin
}

/// Normalizes a lexicon key or any short string the same way message text is normalized.
pub fn fold(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        map_char(c, &mut out);
    }
    out
}

impl Normalized {
    pub fn new(text: &str) -> Normalized {
        let mut out = String::with_capacity(text.len());
        let mut map = Vec::with_capacity(text.len() + 1);
        let chars: Vec<(usize, char)> = text.char_indices().collect();
        // (counted only when a loanword is met: most messages have none)
        let hebrew_said = std::cell::OnceCell::new();
        let mut k = 0;
        while k < chars.len() {
            let (i, c) = chars[k];
            // a whole word people often misspell is read as the word they meant ("wat",
            // "שעתים"); its bytes all map to the misspelling, which slots still cut whole
            let starts_word = c.is_alphabetic() && (k == 0 || !chars[k - 1].1.is_alphanumeric());
            if starts_word {
                let e = (k..chars.len())
                    .find(|&j| !chars[j].1.is_alphanumeric() && chars[j].1 != '\'')
                    .unwrap_or(chars.len());
                let word = (e - k <= LONGEST_MISSPELLING)
                    .then(|| fold(&text[i..chars.get(e).map_or(text.len(), |&(b, _)| b)]));
                let meant = word.as_deref().and_then(|w| {
                    misspelt(w).or_else(|| ad_for_add(w, &text[..i]).map(Cow::Borrowed)).or_else(|| {
                        loanword(w, &text[..i])
                            .filter(|_| *hebrew_said.get_or_init(|| mostly_hebrew(text)))
                            .map(Cow::Borrowed)
                    })
                });
                if let Some(meant) = meant {
                    out.push_str(&meant);
                    map.resize(out.len(), i);
                    k = e;
                    continue;
                }
            }
            let before = out.len();
            map_char(c, &mut out);
            map.resize(map.len() + (out.len() - before), i);
            k += 1;
        }
        map.push(text.len());
        Normalized { text: out, map }
    }

    /// Original byte offset of a normalized byte offset (always a char boundary of the input).
    pub fn orig(&self, i: usize) -> usize {
        self.map.get(i).copied().unwrap_or(self.map.last().copied().unwrap_or(0))
    }

    pub fn tokens(&self) -> Vec<Token<'_>> {
        tokenize(self)
    }
}

fn class(c: char) -> u8 {
    if crate::understand::lang::is_hebrew_letter(c) {
        1
    } else if c.is_ascii_digit() {
        3
    } else if c.is_alphabetic() {
        2
    } else {
        0
    }
}

fn tokenize(n: &Normalized) -> Vec<Token<'_>> {
    let s = n.text.as_str();
    let chars: Vec<(usize, char)> = s.char_indices().collect();
    let mut toks: Vec<Token<'_>> = Vec::with_capacity(chars.len() / 3 + 1);
    let mut i = 0;
    let mut glued = false;
    while i < chars.len() {
        let (b, c) = chars[i];
        let cl = class(c);
        if c == ' ' {
            glued = false;
            i += 1;
            continue;
        }
        let mut j = i + 1;
        if cl != 0 {
            while j < chars.len() {
                let cj = chars[j].1;
                if class(cj) == cl {
                    j += 1;
                } else if cl != 3
                    && (cj == '"' || cj == '\'')
                    && chars.get(j + 1).is_some_and(|&(_, nx)| class(nx) == cl)
                {
                    // an inner geresh/gershayim or apostrophe belongs to the word: סופ"ש, what's
                    j += 2;
                } else {
                    break;
                }
            }
        }
        let e = chars.get(j).map_or(s.len(), |&(eb, _)| eb);
        let text = &s[b..e];
        let mut kind = match cl {
            1 => Kind::He,
            2 => Kind::Latin,
            3 => Kind::Num,
            _ => Kind::Punct,
        };
        // "ב-8", "ב־8", "ל12", "ה15": prefix letters glued to a number are their own token,
        // and the hyphen between them is dropped so matchers see prefix + number.
        if kind == Kind::He && j - i <= 2 && text.chars().all(|ch| PREFIX_LETTERS.contains(ch)) {
            let next = chars.get(j).map(|&(_, ch)| ch);
            let after = chars.get(j + 1).map(|&(_, ch)| ch);
            if next.is_some_and(|ch| ch.is_ascii_digit()) {
                kind = Kind::Prefix;
            } else if next == Some('-') && after.is_some_and(|ch| ch.is_ascii_digit()) {
                kind = Kind::Prefix;
                toks.push(tok(n, text, kind, b, e, glued));
                glued = true;
                i = j + 1;
                continue;
            }
        }
        toks.push(tok(n, text, kind, b, e, glued));
        glued = true;
        i = j;
    }
    toks
}

fn tok<'a>(n: &Normalized, text: &'a str, kind: Kind, b: usize, e: usize, glued: bool) -> Token<'a> {
    Token { text, kind, start: n.orig(b), end: n.orig(e), glued }
}

/// The ways to read a Hebrew word as prefixes + stem, the whole word first, then with one, two
/// and three prefix letters peeled. A stem keeps at least two letters, so "בת" is never "ב"+"ת".
/// Callers take the first reading their lexicon knows, so "בננה" is not broken into ב+ננה.
pub fn peelings(word: &str) -> impl Iterator<Item = (&str, &str)> {
    let mut cut = 0usize;
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let out = (&word[..cut], &word[cut..]);
        let rest = &word[cut..];
        let mut it = rest.chars();
        // "the" (ה) is the last prefix and "and" (ו) the first: "השמאי" is never ה+ש+"מאי"
        let after_the = word[..cut].ends_with('ה');
        match (it.next(), it.clone().count()) {
            (Some(c), n) if PREFIX_LETTERS.contains(c) && n >= 2 && cut < 6 && !after_the && (c != 'ו' || cut == 0) => {
                cut += c.len_utf8()
            }
            _ => done = true,
        }
        Some(out)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn niqqud_controls_and_final_letters_are_normalized() {
        let n = Normalized::new("\u{200F}שָׁלוֹם ב־8 סופ״ש");
        assert_eq!(n.text, "שלומ ב-8 סופ\"ש");
    }

    #[test]
    fn hebrew_prefix_glued_to_number_becomes_prefix_token() {
        let n = Normalized::new("ב-8 ול12");
        let t = n.tokens();
        let kinds: Vec<_> = t.iter().map(|t| (t.text, t.kind)).collect();
        assert_eq!(kinds, vec![("ב", Kind::Prefix), ("8", Kind::Num), ("ול", Kind::Prefix), ("12", Kind::Num)]);
    }

    #[test]
    fn every_misspelling_is_short_enough_to_be_looked_up() {
        for (w, _) in MISSPELT {
            assert!(w.chars().count() <= LONGEST_MISSPELLING, "{w}");
        }
    }

    #[test]
    fn token_spans_point_into_the_original_text() {
        let text = "תזכיר לי מחר";
        let n = Normalized::new(text);
        let t = n.tokens();
        assert_eq!(&text[t[2].start..t[2].end], "מחר");
    }

    #[test]
    fn peelings_keep_two_letter_stems() {
        let p: Vec<_> = peelings("ובבית").collect();
        assert_eq!(p, vec![("", "ובבית"), ("ו", "בבית"), ("וב", "בית"), ("ובב", "ית")]);
        let p: Vec<_> = peelings("השמאי").collect();
        assert_eq!(p, vec![("", "השמאי"), ("ה", "שמאי")]);
        let p: Vec<_> = peelings("בת").collect();
        assert_eq!(p, vec![("", "בת")]);
    }
}
