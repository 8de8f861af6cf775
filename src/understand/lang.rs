//! Language of a message (temporary minimal version).
use unic_langid::LanguageIdentifier;

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
            Lang::He => unic_langid::langid!("he"),
            Lang::En => unic_langid::langid!("en"),
        }
    }
    pub fn from_code(s: &str) -> Option<Lang> {
        let primary = s.split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "he" | "iw" => Some(Lang::He),
            "en" => Some(Lang::En),
            _ => None,
        }
    }
}

pub fn detect(text: &str) -> Option<Lang> {
    let he = text.chars().filter(|c| ('\u{05D0}'..='\u{05EA}').contains(c)).count();
    let en = text.chars().filter(|c| c.is_ascii_alphabetic()).count();
    if he == 0 && en == 0 {
        None
    } else if he >= en {
        Some(Lang::He)
    } else {
        Some(Lang::En)
    }
}
