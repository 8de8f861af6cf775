//! "My timezone is New York", "אזור הזמן שלי הוא ניו יורק", "/timezone Europe/London": a request
//! to change the user's timezone, and the name in it resolved to an IANA zone.
//!
//! Pure: no I/O. Names are IANA ids (any case, spaces for underscores) or common city and
//! country names in English and Hebrew from the table below.

use chrono_tz::Tz;

/// Phrases that introduce the zone name, matched at the start of the lowercased message.
const PREFIXES: &[&str] = &[
    "/timezone",
    "/tz",
    "my timezone is",
    "my time zone is",
    "set my timezone to",
    "set my time zone to",
    "change my timezone to",
    "change my time zone to",
    "switch my timezone to",
    "switch my time zone to",
    "update my timezone to",
    "change timezone to",
    "set timezone to",
    "timezone:",
    "time zone:",
    "אזור הזמן שלי הוא",
    "אזור הזמן שלי",
    "איזור הזמן שלי הוא",
    "איזור הזמן שלי",
    "שנה את אזור הזמן שלי ל",
    "שנה את אזור הזמן ל",
    "תשנה את אזור הזמן ל",
    "תשנה לי את אזור הזמן ל",
    "תחליף את אזור הזמן ל",
    "תחליף לי את אזור הזמן ל",
    "תעדכן את אזור הזמן ל",
    "תעדכן לי את אזור הזמן ל",
    "אזור זמן:",
    "אזור זמן",
];

/// Cities and countries people name instead of an IANA id.
const PLACES: &[(&str, &str)] = &[
    ("israel", "Asia/Jerusalem"),
    ("ישראל", "Asia/Jerusalem"),
    ("jerusalem", "Asia/Jerusalem"),
    ("ירושלים", "Asia/Jerusalem"),
    ("tel aviv", "Asia/Jerusalem"),
    ("תל אביב", "Asia/Jerusalem"),
    ("new york", "America/New_York"),
    ("ניו יורק", "America/New_York"),
    ("nyc", "America/New_York"),
    ("boston", "America/New_York"),
    ("miami", "America/New_York"),
    ("מיאמי", "America/New_York"),
    ("chicago", "America/Chicago"),
    ("שיקגו", "America/Chicago"),
    ("denver", "America/Denver"),
    ("los angeles", "America/Los_Angeles"),
    ("לוס אנג'לס", "America/Los_Angeles"),
    ("san francisco", "America/Los_Angeles"),
    ("סן פרנסיסקו", "America/Los_Angeles"),
    ("toronto", "America/Toronto"),
    ("טורונטו", "America/Toronto"),
    ("mexico city", "America/Mexico_City"),
    ("sao paulo", "America/Sao_Paulo"),
    ("buenos aires", "America/Argentina/Buenos_Aires"),
    ("honolulu", "Pacific/Honolulu"),
    ("london", "Europe/London"),
    ("לונדון", "Europe/London"),
    ("dublin", "Europe/Dublin"),
    ("lisbon", "Europe/Lisbon"),
    ("paris", "Europe/Paris"),
    ("פריז", "Europe/Paris"),
    ("berlin", "Europe/Berlin"),
    ("ברלין", "Europe/Berlin"),
    ("amsterdam", "Europe/Amsterdam"),
    ("אמסטרדם", "Europe/Amsterdam"),
    ("madrid", "Europe/Madrid"),
    ("מדריד", "Europe/Madrid"),
    ("rome", "Europe/Rome"),
    ("רומא", "Europe/Rome"),
    ("vienna", "Europe/Vienna"),
    ("prague", "Europe/Prague"),
    ("פראג", "Europe/Prague"),
    ("budapest", "Europe/Budapest"),
    ("בודפשט", "Europe/Budapest"),
    ("warsaw", "Europe/Warsaw"),
    ("athens", "Europe/Athens"),
    ("אתונה", "Europe/Athens"),
    ("kyiv", "Europe/Kyiv"),
    ("kiev", "Europe/Kyiv"),
    ("קייב", "Europe/Kyiv"),
    ("moscow", "Europe/Moscow"),
    ("מוסקבה", "Europe/Moscow"),
    ("istanbul", "Europe/Istanbul"),
    ("cyprus", "Asia/Nicosia"),
    ("קפריסין", "Asia/Nicosia"),
    ("cairo", "Africa/Cairo"),
    ("johannesburg", "Africa/Johannesburg"),
    ("dubai", "Asia/Dubai"),
    ("דובאי", "Asia/Dubai"),
    ("delhi", "Asia/Kolkata"),
    ("mumbai", "Asia/Kolkata"),
    ("india", "Asia/Kolkata"),
    ("bangkok", "Asia/Bangkok"),
    ("בנגקוק", "Asia/Bangkok"),
    ("singapore", "Asia/Singapore"),
    ("hong kong", "Asia/Hong_Kong"),
    ("beijing", "Asia/Shanghai"),
    ("shanghai", "Asia/Shanghai"),
    ("tokyo", "Asia/Tokyo"),
    ("טוקיו", "Asia/Tokyo"),
    ("seoul", "Asia/Seoul"),
    ("sydney", "Australia/Sydney"),
    ("סידני", "Australia/Sydney"),
    ("melbourne", "Australia/Melbourne"),
    ("auckland", "Pacific/Auckland"),
    ("utc", "UTC"),
    ("gmt", "UTC"),
];

/// `None`: not a timezone request. `Some(Ok(tz))`: change to `tz`. `Some(Err(name))`: a
/// timezone request naming something unknown (the name as written, for the reply).
pub fn parse_timezone_request(text: &str) -> Option<Result<Tz, String>> {
    let text = text.trim();
    let lower = text.to_lowercase();
    let prefix = PREFIXES.iter().find(|p| {
        lower.starts_with(*p)
            && lower[p.len()..].chars().next().is_some_and(|c| !c.is_alphanumeric() || p.ends_with('ל'))
    })?;
    // `get`, not indexing: a few exotic letters change byte length when lowercased.
    let raw = text.get(prefix.len()..)?.trim();
    let name = clean(raw, prefix.ends_with('ל'));
    if name.is_empty() {
        return None;
    }
    Some(resolve(&name).ok_or_else(|| name.to_string()))
}

/// Drops punctuation around the name and, after a Hebrew "to" (ל-), the hyphen or quote.
fn clean(raw: &str, after_lamed: bool) -> String {
    // ("לפריז, עברתי לגור פה": why comes after the name)
    let raw = raw.split([',', ';']).next().unwrap_or(raw);
    let mut name =
        raw.trim_matches(|c: char| c.is_whitespace() || matches!(c, '.' | '!' | '?' | ':' | '"' | '-' | '–' | '״'));
    if after_lamed {
        name = name.trim_start_matches(['-', '־', ' ']);
    }
    name.to_string()
}

fn resolve(name: &str) -> Option<Tz> {
    let lower = name.to_lowercase();
    let key = lower.trim_start_matches("the ");
    if let Some((_, id)) = PLACES.iter().find(|(place, _)| *place == key) {
        return id.parse().ok();
    }
    // Hebrew "בניו יורק" (in New York) and "לניו יורק" (to New York) carry a one-letter prefix.
    for prefix in ['ב', 'ל'] {
        if let Some(rest) = key.strip_prefix(prefix)
            && let Some((_, id)) = PLACES.iter().find(|(place, _)| *place == rest)
        {
            return id.parse().ok();
        }
    }
    let iana = name.trim().replace(' ', "_");
    iana.parse::<Tz>()
        .ok()
        .or_else(|| chrono_tz::TZ_VARIANTS.iter().copied().find(|tz| tz.name().eq_ignore_ascii_case(&iana)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tz(text: &str) -> Option<Result<Tz, String>> {
        parse_timezone_request(text)
    }

    #[test]
    fn english_city_names_resolve() {
        assert_eq!(tz("my timezone is New York"), Some(Ok(Tz::America__New_York)));
        assert_eq!(tz("My time zone is London."), Some(Ok(Tz::Europe__London)));
    }

    #[test]
    fn hebrew_requests_resolve() {
        assert_eq!(tz("אזור הזמן שלי הוא ניו יורק"), Some(Ok(Tz::America__New_York)));
        assert_eq!(tz("שנה את אזור הזמן ללונדון"), Some(Ok(Tz::Europe__London)));
        assert_eq!(tz("שנה את אזור הזמן ל-פריז"), Some(Ok(Tz::Europe__Paris)));
        assert_eq!(tz("תחליף לי את אזור הזמן לפריז, עברתי לגור פה"), Some(Ok(Tz::Europe__Paris)));
        assert_eq!(tz("switch my timezone to london"), Some(Ok(Tz::Europe__London)));
    }

    #[test]
    fn the_command_takes_iana_names_in_any_case() {
        assert_eq!(tz("/timezone Europe/London"), Some(Ok(Tz::Europe__London)));
        assert_eq!(tz("/timezone america/new york"), Some(Ok(Tz::America__New_York)));
    }

    #[test]
    fn unknown_names_are_reported_as_written() {
        assert_eq!(tz("/timezone Mars/Base"), Some(Err("Mars/Base".to_string())));
    }

    #[test]
    fn other_messages_are_not_timezone_requests() {
        assert_eq!(tz("remind me tomorrow at 8"), None);
        assert_eq!(tz("/timezone"), None);
        assert_eq!(tz("/tzx London"), None);
    }
}
