//! Jewish holidays and Israel's national days, dated from the Hebrew calendar.
//!
//! Owns: the table of holidays (a Hebrew month and day, a length, a postponement rule), their
//! Gregorian dates through ICU4X's `icu_calendar` (Unicode-3.0), and their names in Hebrew and
//! English. It does not parse numbers or clocks; holidays.rs hands names here first.
//!
//! The dates are Israel's: Pesach and Sukkot last seven days, Simchat Torah is 22 Tishrei (the
//! same day as Shemini Atzeret), Shavuot one day. A Jewish day begins at the previous sunset,
//! but a reminder "on Purim" is for the civil date of the day itself, so that is the date
//! given here; "ערב פורים" / "the eve of Purim" names the civil day before.

use std::collections::HashMap;
use std::sync::LazyLock;

use chrono::{Datelike, Duration, NaiveDate, Weekday};
use icu_calendar::types::Month;
use icu_calendar::{Date, Iso};

use super::grammar::Cx;
use crate::understand::normalize::{Kind, fold, peelings};

/// The first id of this table in `Day::Holiday` (the Gregorian-rule holidays use 0..100).
pub const FIRST: u8 = 100;
const ROSH_HASHANA: u8 = 100;
const YOM_KIPPUR: u8 = 101;
const SUKKOT: u8 = 102;
const SIMCHAT_TORAH: u8 = 103;
pub const HANUKKAH: u8 = 104;
const TU_BISHVAT: u8 = 105;
const PURIM: u8 = 106;
const PESACH: u8 = 107;
const LAG_BAOMER: u8 = 108;
const SHAVUOT: u8 = 109;
const TISHA_BEAV: u8 = 110;
const YOM_HASHOAH: u8 = 111;
const YOM_HAZIKARON: u8 = 112;
const YOM_HAATZMAUT: u8 = 113;
const YOM_YERUSHALAYIM: u8 = 114;
/// "החגים": the autumn holidays, Rosh Hashana to Simchat Torah
const THE_HOLIDAYS: u8 = 115;
const SHUSHAN_PURIM: u8 = 116;
/// the Fast of Esther, 13 Adar (Adar II in a leap year); on Shabbat it is held on Thursday
const TAANIT_ESTHER: u8 = 117;
/// Tu B'Av, 15 Av
const TU_BEAV: u8 = 118;
/// the intermediate days: Sukkot's 16–21 Tishrei and Pesach's 16–20 Nisan (Israel's)
const CHOL_HAMOED_SUKKOT: u8 = 119;
const CHOL_HAMOED_PESACH: u8 = 120;
/// "חול המועד" with no festival named: the intermediate days of whichever comes next
const CHOL_HAMOED: u8 = 121;
/// the Fast of Gedaliah, 3 Tishrei, and the Fast of 17 Tammuz; on Shabbat each moves to Sunday
const TZOM_GEDALIAH: u8 = 122;
const SHIVA_ASAR_BETAMMUZ: u8 = 123;
/// the Sigd of Ethiopian Jews, 29 Cheshvan (a national holiday in Israel since 2008)
const SIGD: u8 = 124;

/// (holiday, Hebrew month in ICU's civil numbering (Tishrei = 1, Adar = Adar II = 6), day,
/// days it lasts)
static RULES: &[(u8, u8, u8, i64)] = &[
    (ROSH_HASHANA, 1, 1, 2),
    (TZOM_GEDALIAH, 1, 3, 1),
    (YOM_KIPPUR, 1, 10, 1),
    (SUKKOT, 1, 15, 7),
    (CHOL_HAMOED_SUKKOT, 1, 16, 6),
    (SIMCHAT_TORAH, 1, 22, 1),
    (THE_HOLIDAYS, 1, 1, 22),
    (SIGD, 2, 29, 1),
    (HANUKKAH, 3, 25, 8),
    (TU_BISHVAT, 5, 15, 1),
    (TAANIT_ESTHER, 6, 13, 1),
    (PURIM, 6, 14, 1),
    (SHUSHAN_PURIM, 6, 15, 1),
    (PESACH, 7, 15, 7),
    (CHOL_HAMOED_PESACH, 7, 16, 5),
    (YOM_HASHOAH, 7, 27, 1),
    (YOM_HAZIKARON, 8, 4, 1),
    (YOM_HAATZMAUT, 8, 5, 1),
    (LAG_BAOMER, 8, 18, 1),
    (YOM_YERUSHALAYIM, 8, 28, 1),
    (SHAVUOT, 9, 6, 1),
    (SHIVA_ASAR_BETAMMUZ, 10, 17, 1),
    (TISHA_BEAV, 11, 9, 1),
    (TU_BEAV, 11, 15, 1),
];

fn rule(h: u8) -> Option<(u8, u8, i64)> {
    RULES.iter().find(|r| r.0 == h).map(|r| (r.1, r.2, r.3))
}

/// The civil date of a Hebrew date.
fn hebrew(year: i32, month: u8, day: u8) -> Option<NaiveDate> {
    let iso = Date::try_new_hebrew_v2(year, Month::new(month), day).ok()?.to_calendar(Iso);
    let (m, d) = (u32::from(iso.month().ordinal), u32::from(iso.day_of_month().0));
    NaiveDate::from_ymd_opt(iso.year().extended_year(), m, d)
}

/// The date of holiday `h` in Gregorian year `y` (each falls once in a civil year: Tishrei to
/// Kislev in the autumn of the Hebrew year that starts in `y`, Shevat to Av in the one before).
pub fn in_year(h: u8, y: i32) -> Option<NaiveDate> {
    let (month, day, _) = rule(h)?;
    let hy = y + if month <= 4 { 3761 } else { 3760 };
    let d = hebrew(hy, month, day)?;
    let wd = d.weekday();
    Some(match h {
        // Israel's law since 5757: a Friday moves to Thursday, a Sunday to Monday
        YOM_HASHOAH => match wd {
            Weekday::Fri => d - Duration::days(1),
            Weekday::Sun => d + Duration::days(1),
            _ => d,
        },
        // 5 Iyar on Friday or Shabbat moves back to Thursday; on Monday (so that the memorial
        // day would follow Shabbat) forward to Tuesday (since 5764); the memorial day is the
        // day before.
        YOM_HAZIKARON => independence(d + Duration::days(1)) - Duration::days(1),
        YOM_HAATZMAUT => independence(d),
        // a fast is not held on Shabbat: 9 Av, 17 Tammuz and the Fast of Gedaliah then move to
        // Sunday
        TISHA_BEAV | SHIVA_ASAR_BETAMMUZ | TZOM_GEDALIAH if wd == Weekday::Sat => d + Duration::days(1),
        // the Fast of Esther on Shabbat is brought forward to Thursday
        TAANIT_ESTHER if wd == Weekday::Sat => d - Duration::days(2),
        _ => d,
    })
}

/// The holiday a name means on `today`: "חול המועד" alone is Sukkot's or Pesach's, whichever
/// is still to come (or under way); `date` is how a holiday is dated.
pub fn meant(h: u8, date: impl Fn(u8) -> Option<NaiveDate>) -> u8 {
    if h != CHOL_HAMOED {
        return h;
    }
    match (date(CHOL_HAMOED_SUKKOT), date(CHOL_HAMOED_PESACH)) {
        (Some(s), Some(p)) if p < s => CHOL_HAMOED_PESACH,
        (Some(_), _) => CHOL_HAMOED_SUKKOT,
        _ => CHOL_HAMOED_PESACH,
    }
}

fn independence(five_iyar: NaiveDate) -> NaiveDate {
    match five_iyar.weekday() {
        Weekday::Fri => five_iyar - Duration::days(1),
        Weekday::Sat => five_iyar - Duration::days(2),
        Weekday::Mon => five_iyar + Duration::days(1),
        _ => five_iyar,
    }
}

/// Days from the first day to the exclusive end, for holidays longer than a day.
pub fn length(h: u8) -> Option<i64> {
    rule(h).map(|r| r.2).filter(|n| *n > 1)
}

/// Names as word sequences. A Hebrew name's first word may carry prefix letters ("בפסח",
/// "לחנוכה", "הפסח"); `article` says whether ה (the) may be among them: "השבועות" is "the
/// weeks" and "השנה" "this year", so those names refuse it.
struct Name {
    words: Vec<String>,
    h: u8,
    article: bool,
}

static NAMES: LazyLock<Vec<Name>> = LazyLock::new(|| {
    let he: &[(&str, u8, bool)] = &[
        ("ראש השנה", ROSH_HASHANA, false),
        ("ר\"ה", ROSH_HASHANA, false),
        ("יום כיפור", YOM_KIPPUR, false),
        ("יום כפור", YOM_KIPPUR, false),
        ("יום הכיפורים", YOM_KIPPUR, false),
        ("יום הכפורים", YOM_KIPPUR, false),
        ("כיפור", YOM_KIPPUR, false),
        ("סוכות", SUKKOT, true),
        ("שמחת תורה", SIMCHAT_TORAH, false),
        ("שמיני עצרת", SIMCHAT_TORAH, false),
        ("חנוכה", HANUKKAH, true),
        ("ט\"ו בשבט", TU_BISHVAT, false),
        ("טו בשבט", TU_BISHVAT, false),
        ("שושן פורים", SHUSHAN_PURIM, false),
        ("תענית אסתר", TAANIT_ESTHER, false),
        ("צום אסתר", TAANIT_ESTHER, false),
        ("פורים", PURIM, true),
        ("פסח", PESACH, true),
        ("ל\"ג בעומר", LAG_BAOMER, false),
        ("לג בעומר", LAG_BAOMER, false),
        ("שבועות", SHAVUOT, false),
        ("תשעה באב", TISHA_BEAV, false),
        ("צום גדליה", TZOM_GEDALIAH, false),
        ("צום גדליהו", TZOM_GEDALIAH, false),
        ("י\"ז בתמוז", SHIVA_ASAR_BETAMMUZ, false),
        ("יז בתמוז", SHIVA_ASAR_BETAMMUZ, false),
        ("שבעה עשר בתמוז", SHIVA_ASAR_BETAMMUZ, false),
        ("ט' באב", TISHA_BEAV, false),
        ("ט באב", TISHA_BEAV, false),
        ("ט\"ו באב", TU_BEAV, false),
        ("טו באב", TU_BEAV, false),
        ("חול המועד סוכות", CHOL_HAMOED_SUKKOT, false),
        ("חול המועד של סוכות", CHOL_HAMOED_SUKKOT, false),
        ("חוה\"מ סוכות", CHOL_HAMOED_SUKKOT, false),
        ("חול המועד פסח", CHOL_HAMOED_PESACH, false),
        ("חול המועד של פסח", CHOL_HAMOED_PESACH, false),
        ("חוה\"מ פסח", CHOL_HAMOED_PESACH, false),
        ("חול המועד", CHOL_HAMOED, false),
        ("חוה\"מ", CHOL_HAMOED, false),
        ("יום השואה", YOM_HASHOAH, false),
        ("יום הזיכרון", YOM_HAZIKARON, false),
        ("יום הזכרון", YOM_HAZIKARON, false),
        ("חג הסיגד", SIGD, false),
        ("יום הסיגד", SIGD, false),
        ("סיגד", SIGD, true),
        ("יום הזכרון", YOM_HAZIKARON, false),
        ("יום העצמאות", YOM_HAATZMAUT, false),
        ("יום ירושלים", YOM_YERUSHALAYIM, false),
        ("חגים", THE_HOLIDAYS, true),
        ("חגי תשרי", THE_HOLIDAYS, false),
    ];
    let en: &[(&str, u8)] = &[
        ("rosh hashanah", ROSH_HASHANA),
        ("rosh hashana", ROSH_HASHANA),
        ("rosh hashanna", ROSH_HASHANA),
        ("rosh ha - shana", ROSH_HASHANA),
        ("yom kippur", YOM_KIPPUR),
        ("yom kipur", YOM_KIPPUR),
        ("sukkot", SUKKOT),
        ("sukkos", SUKKOT),
        ("succot", SUKKOT),
        ("succos", SUKKOT),
        ("sukkoth", SUKKOT),
        ("feast of the ingathering", SUKKOT),
        ("feast of tabernacles", SUKKOT),
        ("feast of booths", SUKKOT),
        ("simchat torah", SIMCHAT_TORAH),
        ("simchas torah", SIMCHAT_TORAH),
        ("simhat torah", SIMCHAT_TORAH),
        ("shemini atzeret", SIMCHAT_TORAH),
        ("shmini atzeret", SIMCHAT_TORAH),
        ("hanukkah", HANUKKAH),
        ("hanukah", HANUKKAH),
        ("hannukkah", HANUKKAH),
        ("hannukah", HANUKKAH),
        ("hanuka", HANUKKAH),
        ("hanukka", HANUKKAH),
        ("chanukah", HANUKKAH),
        ("chanukkah", HANUKKAH),
        ("chanuka", HANUKKAH),
        ("tu bishvat", TU_BISHVAT),
        ("tu b'shvat", TU_BISHVAT),
        ("tu bshvat", TU_BISHVAT),
        ("tu b'shevat", TU_BISHVAT),
        ("tu beshvat", TU_BISHVAT),
        ("shushan purim", SHUSHAN_PURIM),
        ("taanit esther", TAANIT_ESTHER),
        ("ta'anit esther", TAANIT_ESTHER),
        ("taanis esther", TAANIT_ESTHER),
        ("fast of esther", TAANIT_ESTHER),
        ("purim", PURIM),
        ("passover", PESACH),
        ("pesach", PESACH),
        ("pesah", PESACH),
        ("pessach", PESACH),
        ("lag baomer", LAG_BAOMER),
        ("lag b'omer", LAG_BAOMER),
        ("lag ba'omer", LAG_BAOMER),
        ("lag bomer", LAG_BAOMER),
        ("shavuot", SHAVUOT),
        ("shavuos", SHAVUOT),
        ("shavuoth", SHAVUOT),
        ("tisha b'av", TISHA_BEAV),
        ("tzom gedaliah", TZOM_GEDALIAH),
        ("tzom gedalia", TZOM_GEDALIAH),
        ("fast of gedaliah", TZOM_GEDALIAH),
        ("fast of gedalia", TZOM_GEDALIAH),
        ("shiva asar b'tammuz", SHIVA_ASAR_BETAMMUZ),
        ("shiva asar betammuz", SHIVA_ASAR_BETAMMUZ),
        ("fast of tammuz", SHIVA_ASAR_BETAMMUZ),
        ("tisha bav", TISHA_BEAV),
        ("tisha beav", TISHA_BEAV),
        ("tish'a b'av", TISHA_BEAV),
        ("tishah b'av", TISHA_BEAV),
        ("tu b'av", TU_BEAV),
        ("tu bav", TU_BEAV),
        ("tu beav", TU_BEAV),
        ("chol hamoed sukkot", CHOL_HAMOED_SUKKOT),
        ("hol hamoed sukkot", CHOL_HAMOED_SUKKOT),
        ("chol hamoed pesach", CHOL_HAMOED_PESACH),
        ("hol hamoed pesach", CHOL_HAMOED_PESACH),
        ("chol hamoed passover", CHOL_HAMOED_PESACH),
        ("chol hamoed", CHOL_HAMOED),
        ("hol hamoed", CHOL_HAMOED),
        ("yom hashoah", YOM_HASHOAH),
        ("yom ha'shoah", YOM_HASHOAH),
        ("holocaust day", YOM_HASHOAH),
        ("holocaust remembrance day", YOM_HASHOAH),
        ("yom hazikaron", YOM_HAZIKARON),
        ("yom ha'zikaron", YOM_HAZIKARON),
        ("sigd", SIGD),
        ("yom haatzmaut", YOM_HAATZMAUT),
        ("yom ha'atzmaut", YOM_HAATZMAUT),
        ("israel independence day", YOM_HAATZMAUT),
        ("israeli independence day", YOM_HAATZMAUT),
        ("yom yerushalayim", YOM_YERUSHALAYIM),
        ("jerusalem day", YOM_YERUSHALAYIM),
    ];
    let name =
        |s: &str, h: u8, article: bool| Name { words: fold(s).split(' ').map(String::from).collect(), h, article };
    he.iter().map(|(s, h, a)| name(s, *h, *a)).chain(en.iter().map(|(s, h)| name(s, *h, false))).collect()
});

/// The names by their first word, so a token costs one lookup per way of peeling it.
static BY_FIRST: LazyLock<HashMap<&'static str, Vec<&'static Name>>> = LazyLock::new(|| {
    let mut m: HashMap<&'static str, Vec<&'static Name>> = HashMap::new();
    for n in NAMES.iter() {
        m.entry(n.words[0].as_str()).or_default().push(n);
    }
    m
});

/// A holiday name at token `i`: (holiday, end token, the prefix letters of its first word).
/// With `chag` the first word may take the article ("חג הסוכות").
fn name_at<'a>(cx: &Cx<'a>, i: usize, chag: bool) -> Option<(u8, usize, &'a str)> {
    let first = cx.text(i);
    let with_stem = |p: &'a str, stem: &str| {
        BY_FIRST.get(stem)?.iter().find_map(|n| {
            let article_ok = n.article || chag || !p.contains('ה');
            let rest = n.words[1..].iter().enumerate().all(|(k, w)| cx.is(i + 1 + k, w));
            (article_ok && rest).then_some((n.h, i + n.words.len(), p))
        })
    };
    match cx.kind(i) {
        Some(Kind::He) => peelings(first).find_map(|(p, stem)| with_stem(p, stem)),
        Some(Kind::Latin) => with_stem("", first),
        _ => None,
    }
}

/// Whether a night is named by the word `text` of `kind` and the word after it: "ליל", "בליל"
/// ("ליל הסדר"), "seder night", "first seder". Both the time grammar (a clock on it is in the
/// evening) and titles (the night is also the occasion) read it.
pub fn names_a_night(kind: Option<Kind>, text: &str, next: Option<&str>) -> bool {
    match kind {
        Some(Kind::He) => peelings(text).any(|(p, s)| s == "ליל" && !p.contains('ה')),
        Some(Kind::Latin) => next == Some("night") || (text == "first" && next == Some("seder")),
        _ => false,
    }
}

/// Where "before"/"after"/"eve of" put a day relative to a holiday.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum At {
    On,
    /// the civil day before its first day
    Eve,
    /// the day after its last day
    After,
    /// from now until its first day
    Before,
    /// this many days after (before, when negative) its first day: "three days after Easter"
    Days(i16),
    /// this many months after (before, when negative) its first day: "a month before Pesach"
    Months(i16),
    /// the nth weekday (0 = Sunday) after its first day, or before when n < 0
    NthWeekday(i8, u8),
    /// the nth closest one to today, past or future
    Closest(u8),
    /// its last day: "the last day of Hanukkah"
    Last,
}

/// The stem of a Hebrew word under prefixes other than the article that is one of `words`, or
/// an English word that is.
pub(super) fn word_in(cx: &Cx<'_>, k: usize, words: &[&str]) -> Option<usize> {
    match cx.kind(k) {
        Some(Kind::He) => peelings(cx.text(k))
            .find_map(|(p, s)| if p.contains('ה') { None } else { words.iter().position(|w| *w == s) }),
        _ => words.iter().position(|w| cx.is(k, w)),
    }
}

/// "ערב פסח", "בערב ראש השנה", "ליל הסדר", "לפני פסח", "אחרי החגים", "erev pesach", "eve of yom kippur",
/// "before passover", "after purim", "yom kippur eve", "חג הסוכות": (holiday, At, end token).
pub fn phrase_at(cx: &Cx<'_>, i: usize) -> Option<(u8, At, usize)> {
    if !matches!(cx.kind(i), Some(Kind::He | Kind::Latin)) {
        return None;
    }
    // "ליל הסדר", "בליל הסדר", "seder night", "the seder": the evening of Pesach's eve
    // ("לליל הסדר" is what something is for)
    if matches!(cx.text(i), "ליל" | "בליל" | "ובליל") && matches!(cx.text(i + 1), "הסדר" | "סדר") {
        return Some((PESACH, At::Eve, i + 2));
    }
    if (cx.is(i, "seder") && cx.is(i + 1, "night")) || (cx.is(i, "first") && cx.is(i + 1, "seder")) {
        return Some((PESACH, At::Eve, i + 2));
    }
    let lead = ["ערב", "erev", "לפני", "before", "אחרי", "אחר", "after"];
    let (at, j) = match word_in(cx, i, &lead) {
        Some(0 | 1) => (At::Eve, i + 1),
        Some(2 | 3) => (At::Before, i + 1),
        Some(_) => (At::After, i + 1),
        None if cx.is(i, "eve") && cx.is(i + 1, "of") => (At::Eve, i + 2),
        None => (At::On, i),
    };
    // "מה יש לי בראש השנה ותזכירי לי בערב החג בחמש", "after the holiday": the holiday named
    // earlier in the message
    // ("ארוחה בחג עצמו בשתיים": on the holiday itself)
    let the_holiday = match cx.text(j) {
        "החג" if at != At::On => Some(j + 1),
        "בחג" | "ובחג" if at == At::On && cx.is(j + 1, "עצמו") => Some(j + 2),
        "the" if at != At::On && (cx.is(j + 1, "holiday") || cx.is(j + 1, "chag")) => Some(j + 2),
        _ => None,
    };
    if let Some(end) = the_holiday
        && let Some(h) =
            (0..i).rev().find_map(|k| name_at(cx, k, false).map(|(h, _, _)| h)).filter(|h| *h != THE_HOLIDAYS)
    {
        return Some((h, at, end));
    }
    let chag = word_in(cx, j, &["חג"]).is_some();
    let found = if chag { name_at(cx, j + 1, true) } else { None };
    let (h, mut end, p) = found.or_else(|| name_at(cx, j, false))?;
    // "שבועות" and "חגים" are also plain plurals (weeks, holidays): with an adjective after
    // them ("בשבועות הקרובים", in the coming weeks) or alone, without a prefix or "חג" or an
    // "eve/after" word, they are not a time ("לפני שבועות" is "weeks ago")
    if matches!(h, SHAVUOT | THE_HOLIDAYS)
        && cx.kind(j) != Some(Kind::Latin)
        && (matches!(cx.lex(end), Some(super::lexicon::Lex::Rel(_)))
            || (cx.kind(end) == Some(Kind::He) && cx.text(end).starts_with('ה'))
            || (p.is_empty() && !chag && matches!(at, At::On | At::Before)))
    {
        return None;
    }
    if at == At::On && cx.kind(i) == Some(Kind::Latin) && cx.is(end, "eve") {
        return Some((h, At::Eve, end + 1));
    }
    if cx.is(end, "holiday") || cx.is(end, "festival") {
        end += 1;
    }
    Some((h, at, end))
}

#[cfg(test)]
#[path = "tests_jewish.rs"]
mod tests;
