//! Holidays of the Hindu, Sikh, Jain, Buddhist, Chinese and Parsi calendars by their English
//! names, dated from tables rather than computed.
//!
//! Owns: the names (with the spellings Duckling accepts), which table each holiday is read from
//! and how many days after the table's day it falls (Diwali is two days after Dhanteras, Holi 39
//! days after Vasant Panchami). The tables (lunisolar.tsv) are Duckling's computed dates,
//! 2000–2030 for most and 1950–2050 for Chinese New Year; outside them the holiday has no date
//! and the expression is not a time. These calendars depend on sunrise and the moon's position
//! in India (or China), so a formula would be a project of its own; published tables are what
//! the observers themselves use.
//!
//! Some days are Duckling's rules of thumb around a table day and can miss the observed day by
//! one or two: Holi is 39 days after Vasant Panchami (25 March 2024 was observed; the rule says
//! the 24th).
//!
//! It also lends its Islamic tables to islamic.rs for the years before 1999 (see there).

use std::collections::HashMap;
use std::sync::LazyLock;

use chrono::{Datelike, Duration, NaiveDate};

use super::grammar::Cx;

/// The first id of this table in `Day::Holiday`.
pub const FIRST: u8 = 200;

/// The Parsi (Shahenshahi) year has 365 days and no leap day: its new year moves a day earlier
/// every four Gregorian years. Duckling counts from 16 August 2020.
const PARSI: &str = "parsi";

struct Holiday {
    table: &'static str,
    /// days from the table's date
    shift: i64,
    /// days from the first day to the exclusive end, for holidays of several days
    days: Option<i64>,
    /// names: words separated by spaces, `a|b` alternatives, `[a|b]` optional
    names: &'static [&'static str],
}

const fn h(table: &'static str, shift: i64, names: &'static [&'static str]) -> Holiday {
    Holiday { table, shift, days: None, names }
}

static HOLIDAYS: &[Holiday] = &[
    h("chinese_new_year", 0, &["chinese [lunar] new year|year's|years [day]"]),
    h("dhanteras", 0, &["dhanatrayodashi|dhanteras", "dhanvantari trayodashi"]),
    h("dhanteras", 1, &["naraka|narak [nivaran] chaturdashi", "kali|roop chaudas", "choti|chhoti diwali"]),
    h("dhanteras", 2, &["deepavali|diwali", "lakshmi puja"]),
    h("dhanteras", 3, &["govardhan puja", "annakut|annakoot"]),
    h("dhanteras", 4, &["bhai|bhaiya dooj|duj", "bhau - beej", "bhai tika|phonta"]),
    h("dhanteras", 8, &["chhath|chhathi", "chhath parv|puja", "dala chhath|puja", "surya shashthi"]),
    Holiday {
        table: "navaratri",
        shift: 0,
        days: Some(10),
        names: &["durga puja", "durgotsava|navaratri|navratri|navarathri|navrathri"],
    },
    h("navaratri", 6, &["maha saptami"]),
    h("navaratri", 7, &["durga|maha ashtami", "durgashtami|mahashtami"]),
    h("navaratri", 8, &["maha navami"]),
    h("navaratri", 9, &["dasara|dussehra|dusshera|vijayadashami"]),
    h("karva_chauth", 0, &["karva chauth", "karaka chaturthi"]),
    h("ratha_yatra", 0, &["ratha [-] yatra", "rathayatra|rathjatra", "chariot festival"]),
    h("raksha_bandhan", 0, &["raksha bandhan", "rakshabandhan|rakhi"]),
    h("mahavir_jayanti", 0, &["mahavir|mahaveer jayanti", "mahavir|mahaveer janma kalyanak"]),
    h("maha_shivaratri", 0, &["maha shivaratri", "mahashivaratri"]),
    h("saraswati_jayanti", 0, &["[maharishi|swami] [dayananda] saraswati jayanti"]),
    h("thai_pongal", 0, &["[thai] pongal", "pongal pandigai", "[makar|makara|magha] sankranti|sankranthi", "maghi"]),
    h("thai_pongal", -1, &["boghi", "bogi pandigai"]),
    h("thai_pongal", 1, &["mattu|maattu pongal"]),
    h("thai_pongal", 2, &["kaanum|kanni pongal"]),
    h("vaisakhi", 0, &["mesadi|baisakhi|vaisakhi|vaisakhadi|vasakhi|vaishakhi"]),
    h("thiru_onam", 0, &["[thiru] onam", "thiruvonam"]),
    h("vasant_panchami", 0, &["vasant|basant panchami"]),
    h("vasant_panchami", 38, &["holika dahan", "kamudu pyre", "chhoti holi"]),
    h("vasant_panchami", 39, &["[rangwali] holi", "dhuleti|dhulandi|phagwah"]),
    h("krishna_janmashtami", 0, &["[krishna] janmashtami", "gokulashtami"]),
    h("vesak", 0, &["vesak|vaisak|vesakha|vaisakha", "buddha day|purnima"]),
    h("guru_gobind_singh_jayanti", 0, &["guru gobind|govind singh birthday|jayanti"]),
    h("rabindra_jayanti", 0, &["rabindra|rabindranath jayanti"]),
    h("ravidass_jayanti", 0, &["guru ravidas|ravidass birthday|jayanti"]),
    h("pargat_diwas", 0, &["pargat diwas", "[maharishi] valmiki jayanti"]),
    h("ganesh_chaturthi", 0, &["ganesh|vinayaka chaturthi"]),
    h("rama_navami", 0, &["rama navami"]),
    h("ugadi", 0, &["ugadi|yugadi|samvatsaradi", "chaitra sukladi|sukhladi"]),
    Holiday {
        table: "global_youth_service_day",
        shift: 0,
        days: Some(3),
        names: &["global youth service day", "gysd"],
    },
    h(PARSI, 0, &["parsi new year", "jamshedi navroz"]),
];

static TABLES: LazyLock<HashMap<&'static str, Vec<NaiveDate>>> = LazyLock::new(|| {
    let mut t: HashMap<&str, Vec<NaiveDate>> = HashMap::new();
    for line in include_str!("lunisolar.tsv").lines().filter(|l| !l.starts_with('#')) {
        let Some((name, date)) = line.split_once('\t') else { continue };
        if let Ok(d) = NaiveDate::parse_from_str(date, "%Y-%m-%d") {
            t.entry(name).or_default().push(d);
        }
    }
    t
});

/// One spelling of a holiday's name as its words, and the holiday's id.
type Spelling = (Vec<String>, u8);

/// Every spelling, keyed by its first word.
static NAMES: LazyLock<HashMap<String, Vec<Spelling>>> = LazyLock::new(|| {
    let mut by_first: HashMap<String, Vec<Spelling>> = HashMap::new();
    for (k, hol) in HOLIDAYS.iter().enumerate() {
        let id = FIRST + u8::try_from(k).unwrap_or(0);
        for words in hol.names.iter().flat_map(|p| expand(p)) {
            if let Some(first) = words.first() {
                by_first.entry(first.clone()).or_default().push((words, id));
            }
        }
    }
    // the longest spelling first: "chinese new year's day" before "chinese new year"
    by_first.values_mut().for_each(|v| v.sort_by_key(|(w, _)| std::cmp::Reverse(w.len())));
    by_first
});

/// The word sequences a name pattern stands for.
fn expand(pattern: &str) -> Vec<Vec<String>> {
    let mut out = vec![Vec::new()];
    for part in pattern.split(' ') {
        let optional = part.starts_with('[');
        let alts: Vec<&str> = part.trim_matches(|c| c == '[' || c == ']').split('|').collect();
        let mut next = Vec::new();
        for seq in &out {
            if optional {
                next.push(seq.clone());
            }
            for a in &alts {
                let mut s = seq.clone();
                s.push((*a).to_string());
                next.push(s);
            }
        }
        out = next;
    }
    out
}

/// A holiday's name at token `i`: (holiday, end token).
pub fn name_at(cx: &Cx<'_>, i: usize) -> Option<(u8, usize)> {
    NAMES.get(cx.text(i))?.iter().find_map(|(words, id)| {
        words.iter().enumerate().all(|(k, w)| cx.is(i + k, w)).then_some((*id, i + words.len()))
    })
}

fn holiday(id: u8) -> Option<&'static Holiday> {
    HOLIDAYS.get(usize::from(id.checked_sub(FIRST)?))
}

/// The date in civil year `y` of table `name`, if the table covers that year.
pub fn table_date(name: &str, y: i32) -> Option<NaiveDate> {
    TABLES.get(name)?.iter().find(|d| d.year() == y).copied()
}

/// The day of holiday `id` in civil year `y`.
pub fn in_year(id: u8, y: i32) -> Option<NaiveDate> {
    let hol = holiday(id)?;
    if hol.table == PARSI {
        let base = NaiveDate::from_ymd_opt(2020, 8, 16)?;
        let d = base + Duration::days(365 * i64::from(y - 2020));
        return (d.year() == y).then_some(d);
    }
    table_date(hol.table, y).map(|d| d + Duration::days(hol.shift))
}

/// How many days holiday `id` lasts, for the ones that last several (Navaratri).
pub fn length(id: u8) -> Option<i64> {
    holiday(id)?.days
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ymd(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    fn id_of(name: &str) -> u8 {
        let words: Vec<String> = name.split(' ').map(str::to_string).collect();
        NAMES.get(&words[0]).unwrap().iter().find(|(w, _)| *w == words).unwrap().1
    }

    #[test]
    fn name_patterns_expand_alternatives_and_optional_words() {
        let all = expand("[thai] pongal|pandigai");
        assert_eq!(all.len(), 4);
        assert!(all.contains(&vec!["pongal".to_string()]));
        assert!(all.contains(&vec!["thai".to_string(), "pandigai".to_string()]));
    }

    // dates checked against drikpanchang.com and timeanddate.com for years outside the corpus
    #[test]
    fn diwali_is_two_days_after_dhanteras_in_years_the_corpus_does_not_ask() {
        assert_eq!(in_year(id_of("diwali"), 2023), Some(ymd(2023, 11, 12)));
        assert_eq!(in_year(id_of("diwali"), 2022), Some(ymd(2022, 10, 24)));
        assert_eq!(in_year(id_of("dhanteras"), 2024), Some(ymd(2024, 10, 29)));
    }

    #[test]
    fn chinese_new_year_and_vesak_come_from_their_tables() {
        assert_eq!(in_year(id_of("chinese new year"), 2025), Some(ymd(2025, 1, 29)));
        assert_eq!(in_year(id_of("chinese new year"), 2024), Some(ymd(2024, 2, 10)));
        assert_eq!(in_year(id_of("chinese new year"), 1990), Some(ymd(1990, 1, 27)));
        assert_eq!(in_year(id_of("vesak"), 2024), Some(ymd(2024, 5, 23)));
    }

    #[test]
    fn navaratri_lasts_ten_days_and_years_outside_the_table_have_no_date() {
        assert_eq!(length(id_of("navaratri")), Some(10));
        assert_eq!(in_year(id_of("navaratri"), 1990), None);
        assert_eq!(in_year(id_of("chinese new year"), 2051), None);
    }

    #[test]
    fn parsi_new_year_moves_a_day_earlier_every_four_years() {
        assert_eq!(in_year(id_of("parsi new year"), 2020), Some(ymd(2020, 8, 16)));
        assert_eq!(in_year(id_of("parsi new year"), 2024), Some(ymd(2024, 8, 15)));
    }
}
