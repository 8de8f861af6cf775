//! Language of a message: Hebrew or English, and nothing else.
//!
//! Mixed messages are common ("תוסיף coffee filters לרשימת הקניות"): the command words carry the
//! meaning, and Israelis type product names, brands and codes in Latin letters. So we count words
//! per script and give the first word (where the command usually is) extra weight, rather than
//! counting letters, which a long English product name would dominate.

use unic_langid::{LanguageIdentifier, langid};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    He,
    En,
}

impl Lang {
    pub fn code(self) -> &'static str {
        match self {
            Lang::He => "he",
            Lang::En => "en",
        }
    }

    pub fn langid(self) -> LanguageIdentifier {
        match self {
            Lang::He => langid!("he"),
            Lang::En => langid!("en"),
        }
    }

    /// Accepts BCP-47-ish tags ("he", "he-IL", "iw", "en_US"); `iw` is Hebrew's old ISO code that
    /// Android and some Telegram clients still send.
    pub fn from_code(s: &str) -> Option<Lang> {
        let primary = s.split(['-', '_']).next()?.trim().to_ascii_lowercase();
        match primary.as_str() {
            "he" | "iw" | "heb" => Some(Lang::He),
            "en" | "eng" => Some(Lang::En),
            _ => None,
        }
    }
}

pub(crate) fn is_hebrew_letter(c: char) -> bool {
    ('\u{05D0}'..='\u{05EA}').contains(&c)
}

/// `None` when there are no Hebrew or Latin letters at all (emoji, digits, punctuation).
pub fn detect(text: &str) -> Option<Lang> {
    let mut he = 0u32;
    let mut en = 0u32;
    let mut first = true;
    for word in text.split(|c: char| !c.is_alphabetic()) {
        let Some(c) = word.chars().next() else {
            continue;
        };
        let weight = if first { 2 } else { 1 };
        if is_hebrew_letter(c) {
            he += weight;
        } else if c.is_ascii_alphabetic() || ('\u{00C0}'..='\u{024F}').contains(&c) {
            en += weight;
        } else {
            continue;
        }
        first = false;
    }
    match (he, en) {
        (0, 0) => None,
        (h, e) if h >= e => Some(Lang::He),
        _ => Some(Lang::En),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hebrew_command_with_english_product_is_hebrew() {
        assert_eq!(detect("תוסיף coffee filters לרשימת הקניות"), Some(Lang::He));
    }

    #[test]
    fn english_reminder_with_hebrew_name_is_english() {
        assert_eq!(detect("remind me to call דני at 5"), Some(Lang::En));
    }

    #[test]
    fn emoji_and_digits_have_no_language() {
        assert_eq!(detect("👍 123 !!"), None);
    }

    #[test]
    fn language_codes_parse_with_regions_and_old_iw() {
        assert_eq!(Lang::from_code("he-IL"), Some(Lang::He));
        assert_eq!(Lang::from_code("iw"), Some(Lang::He));
        assert_eq!(Lang::from_code("en_US"), Some(Lang::En));
        assert_eq!(Lang::from_code("fr"), None);
        assert_eq!(Lang::He.langid().to_string(), "he");
    }
}
