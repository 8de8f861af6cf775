//! The Hebrew-calendar holidays against a published table, and their phrases in both languages.

use chrono::{NaiveDate, TimeZone};
use chrono_tz::Tz;

use super::*;
use crate::understand::time::parse;

fn ymd(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

/// Civil dates of the day itself (not the evening before), Israel schedule, 2024–2030, as
/// listed by hebcal.com's holiday calendars (https://www.hebcal.com/holidays/, "Israel"
/// option): Yom HaShoah, Yom HaZikaron and Yom HaAtzmaut with their postponements, Tisha BeAv
/// moved to Sunday in 2029, Purim in Adar II in the leap years 5784, 5787 and 5790.
const PUBLISHED: &[(u8, [&str; 7])] = &[
    (ROSH_HASHANA, ["2024-10-03", "2025-09-23", "2026-09-12", "2027-10-02", "2028-09-21", "2029-09-10", "2030-09-28"]),
    (YOM_KIPPUR, ["2024-10-12", "2025-10-02", "2026-09-21", "2027-10-11", "2028-09-30", "2029-09-19", "2030-10-07"]),
    (SUKKOT, ["2024-10-17", "2025-10-07", "2026-09-26", "2027-10-16", "2028-10-05", "2029-09-24", "2030-10-12"]),
    (SIMCHAT_TORAH, ["2024-10-24", "2025-10-14", "2026-10-03", "2027-10-23", "2028-10-12", "2029-10-01", "2030-10-19"]),
    (HANUKKAH, ["2024-12-26", "2025-12-15", "2026-12-05", "2027-12-25", "2028-12-13", "2029-12-02", "2030-12-21"]),
    (TU_BISHVAT, ["2024-01-25", "2025-02-13", "2026-02-02", "2027-01-23", "2028-02-12", "2029-01-31", "2030-01-19"]),
    // the Fast of Esther, brought forward to Thursday when 13 Adar is Shabbat (2024)
    (TAANIT_ESTHER, ["2024-03-21", "2025-03-13", "2026-03-02", "2027-03-22", "2028-03-09", "2029-02-28", "2030-03-18"]),
    (PURIM, ["2024-03-24", "2025-03-14", "2026-03-03", "2027-03-23", "2028-03-12", "2029-03-01", "2030-03-19"]),
    (PESACH, ["2024-04-23", "2025-04-13", "2026-04-02", "2027-04-22", "2028-04-11", "2029-03-31", "2030-04-18"]),
    (YOM_HASHOAH, ["2024-05-06", "2025-04-24", "2026-04-14", "2027-05-04", "2028-04-24", "2029-04-12", "2030-04-30"]),
    (YOM_HAZIKARON, ["2024-05-13", "2025-04-30", "2026-04-21", "2027-05-11", "2028-05-01", "2029-04-18", "2030-05-07"]),
    (YOM_HAATZMAUT, ["2024-05-14", "2025-05-01", "2026-04-22", "2027-05-12", "2028-05-02", "2029-04-19", "2030-05-08"]),
    (LAG_BAOMER, ["2024-05-26", "2025-05-16", "2026-05-05", "2027-05-25", "2028-05-14", "2029-05-03", "2030-05-21"]),
    (
        YOM_YERUSHALAYIM,
        ["2024-06-05", "2025-05-26", "2026-05-15", "2027-06-04", "2028-05-24", "2029-05-13", "2030-05-31"],
    ),
    (SHAVUOT, ["2024-06-12", "2025-06-02", "2026-05-22", "2027-06-11", "2028-05-31", "2029-05-20", "2030-06-07"]),
    (TISHA_BEAV, ["2024-08-13", "2025-08-03", "2026-07-23", "2027-08-12", "2028-08-01", "2029-07-22", "2030-08-08"]),
];

/// Tu B'Av (15 Av) and the first day of Chol HaMoed (16 Tishrei, 16 Nisan), 2024–2030, computed
/// with the `pyluach` Python package (MIT) for checking; they have no postponements. The Fast of
/// Gedaliah (3 Tishrei) and of 17 Tammuz, computed the same way and moved to Sunday when on
/// Shabbat (2024 and 2028 for Gedaliah, 2025 and 2029 for Tammuz).
const COMPUTED: &[(u8, [&str; 7])] = &[
    (TZOM_GEDALIAH, ["2024-10-06", "2025-09-25", "2026-09-14", "2027-10-04", "2028-09-24", "2029-09-12", "2030-09-30"]),
    (
        SHIVA_ASAR_BETAMMUZ,
        ["2024-07-23", "2025-07-13", "2026-07-02", "2027-07-22", "2028-07-11", "2029-07-01", "2030-07-18"],
    ),
    // the Sigd, 29 Cheshvan (computed the same way; no postponement is modelled: on Shabbat, as in
    // 2024 and 2028, the date stays)
    (SIGD, ["2024-11-30", "2025-11-20", "2026-11-09", "2027-11-29", "2028-11-18", "2029-11-07", "2030-11-25"]),
    (TU_BEAV, ["2024-08-19", "2025-08-09", "2026-07-29", "2027-08-18", "2028-08-07", "2029-07-27", "2030-08-14"]),
    (
        CHOL_HAMOED_SUKKOT,
        ["2024-10-18", "2025-10-08", "2026-09-27", "2027-10-17", "2028-10-06", "2029-09-25", "2030-10-13"],
    ),
    (
        CHOL_HAMOED_PESACH,
        ["2024-04-24", "2025-04-14", "2026-04-03", "2027-04-23", "2028-04-12", "2029-04-01", "2030-04-19"],
    ),
];

#[test]
fn holidays_2024_to_2030_match_the_published_israeli_calendar() {
    let mut wrong = Vec::new();
    for (h, dates) in PUBLISHED.iter().chain(COMPUTED) {
        for (k, want) in dates.iter().enumerate() {
            let got = in_year(*h, 2024 + k as i32);
            if got != Some(ymd(want)) {
                wrong.push(format!("holiday {h} in {}: got {got:?}, want {want}", 2024 + k));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn spans_are_israels_seven_days_of_pesach_and_sukkot_and_eight_of_hanukkah() {
    assert_eq!(length(PESACH), Some(7));
    assert_eq!(length(SUKKOT), Some(7));
    assert_eq!(length(HANUKKAH), Some(8));
    assert_eq!(length(ROSH_HASHANA), Some(2));
    assert_eq!(length(PURIM), None);
}

fn at(now: &str, text: &str) -> (String, Option<String>) {
    let tz: Tz = "Asia/Jerusalem".parse().unwrap();
    let naive = chrono::NaiveDateTime::parse_from_str(now, "%Y-%m-%d %H:%M").unwrap();
    let now = tz.from_local_datetime(&naive).unwrap();
    let m = parse(text, now).unwrap_or_else(|| panic!("no time in {text:?}"));
    (m.value.to_rfc3339(), m.end.map(|e| e.to_rfc3339()))
}

#[test]
fn hanukkah_in_hebrew_is_its_eight_day_window() {
    let (v, e) = at("2026-11-23 10:00", "חנוכה");
    assert_eq!(v, "2026-12-05T00:00:00+02:00");
    assert_eq!(e.as_deref(), Some("2026-12-13T00:00:00+02:00"));
}

#[test]
fn the_eve_of_rosh_hashana_is_the_civil_day_before() {
    let (v, e) = at("2026-08-01 10:00", "תזכיר לי בערב ראש השנה לקנות דבש");
    assert_eq!(v, "2026-09-11T00:00:00+03:00");
    assert_eq!(e, None);
    let (v, _) = at("2026-08-01 10:00", "remind me on the eve of Yom Kippur");
    assert_eq!(v, "2026-09-20T00:00:00+03:00");
}

#[test]
fn before_pesach_is_a_window_from_now_until_its_first_day() {
    let (v, e) = at("2026-03-10 10:00", "לנקות את המטבח לפני פסח");
    assert_eq!(v, "2026-03-10T10:00:00+02:00");
    assert_eq!(e.as_deref(), Some("2026-04-02T00:00:00+03:00"));
}

#[test]
fn after_the_holidays_is_the_day_after_simchat_torah() {
    let (v, _) = at("2026-08-01 10:00", "נדבר אחרי החגים");
    assert_eq!(v, "2026-10-04T00:00:00+03:00");
}

#[test]
fn purim_in_english_is_the_next_one() {
    let (v, _) = at("2026-11-23 10:00", "remind me on Purim");
    assert_eq!(v, "2027-03-23T00:00:00+02:00");
}

#[test]
fn a_holiday_under_way_is_still_the_one_meant() {
    // the third day of Hanukkah 5787
    let (v, _) = at("2026-12-07 10:00", "hanukkah");
    assert_eq!(v, "2026-12-05T00:00:00+02:00");
}

#[test]
fn weeks_and_holidays_as_plain_nouns_are_not_holidays() {
    let tz: Tz = "Asia/Jerusalem".parse().unwrap();
    let now = tz.with_ymd_and_hms(2026, 3, 1, 10, 0, 0).unwrap();
    let shavuot = Some(ymd("2026-05-22"));
    assert_ne!(parse("ראיתי אותו לפני שבועות", now).map(|m| m.value.date_naive()), shavuot);
    assert_ne!(parse("בשבועות הקרובים", now).map(|m| m.value.date_naive()), shavuot);
    let (tishrei, got) = (ymd("2026-09-12"), parse("חגים שמחים לכולם", now).map(|m| m.value.date_naive()));
    assert_ne!(got, Some(tishrei), "{got:?}");
    assert!(parse("בשבועות נלך לים", now).is_some());
}

#[test]
fn hebrew_next_after_a_holiday_name_skips_to_next_year() {
    let (v, _) = at("2026-04-20 10:00", "פסח הבא");
    assert_eq!(v, "2027-04-22T00:00:00+03:00");
}

#[test]
fn days_and_weeks_counted_from_a_holiday_in_both_languages() {
    let (v, e) = at("2026-03-20 09:00", "תזכיר לי יום לפני פסח בעשר בבוקר לקנות יין");
    assert_eq!((v.as_str(), e), ("2026-04-01T10:00:00+03:00", None));
    let (v, _) = at("2026-03-20 09:00", "remind me the day before passover at 10 to buy wine");
    assert_eq!(v, "2026-04-01T10:00:00+03:00");
    let (v, _) = at("2026-03-20 09:00", "יומיים לפני פורים");
    assert_eq!(v, "2027-03-21T00:00:00+02:00");
    let (v, _) = at("2026-08-01 10:00", "a week before rosh hashana");
    assert_eq!(v, "2026-09-05T00:00:00+03:00");
    let (v, _) = at("2026-08-01 10:00", "שבועיים אחרי יום כיפור");
    assert_eq!(v, "2026-10-05T00:00:00+03:00");
}

#[test]
fn one_day_of_a_holiday_by_its_place_in_both_languages() {
    let (v, e) = at("2026-03-20 09:00", "what's on my calendar on the first day of Passover");
    assert_eq!((v.as_str(), e), ("2026-04-02T00:00:00+03:00", None));
    let (v, _) = at("2026-11-23 10:00", "היום האחרון של חנוכה");
    assert_eq!(v, "2026-12-12T00:00:00+02:00");
    let (v, _) = at("2026-08-01 10:00", "ביום השני של ראש השנה");
    assert_eq!(v, "2026-09-13T00:00:00+03:00");
}

#[test]
fn the_nth_hanukkah_candle_is_lit_on_the_evening_counted_from_its_eve() {
    let (v, _) = at("2026-11-20 09:00", "תזכיר לי בנר ראשון של חנוכה בחמש להדליק נרות");
    assert_eq!(v, "2026-12-04T17:00:00+02:00");
    let (v, _) = at("2026-11-20 09:00", "the third candle of hanukkah at 6");
    assert_eq!(v, "2026-12-06T18:00:00+02:00");
    let (v, _) = at("2026-11-20 09:00", "הנר השמיני של חנוכה");
    assert_eq!(v, "2026-12-11T00:00:00+02:00");
}

#[test]
fn a_day_of_a_holiday_by_its_name_of_place_and_a_candle_alone_are_hanukkahs() {
    for (text, day) in [
        ("בשביעי של פסח באחת בצהריים", "2026-04-08"),
        ("ביום השביעי של פסח", "2026-04-08"),
        ("בנר שמיני בשש", "2026-12-11"),
        ("בנר ראשון", "2026-12-04"),
        ("on the fifth night of hanukkah", "2026-12-08"),
        ("בתענית אסתר בשש בערב", "2026-03-02"),
        ("on the fast of esther", "2026-03-02"),
    ] {
        let (v, _) = at("2026-01-30 09:00", text);
        assert!(v.starts_with(day), "{text}: {v}");
    }
    // "בשני של החודש" is the second of the month
    let (v, _) = at("2026-01-30 09:00", "בשני של החודש");
    assert!(v.starts_with("2026-02-02"), "{v}");
}

#[test]
fn seder_night_tu_beav_and_chol_hamoed_in_both_languages() {
    let (v, e) = at("2026-11-24 10:00", "בליל הסדר בשבע וחצי");
    assert_eq!((v.as_str(), e), ("2027-04-21T19:30:00+03:00", None));
    let (v, _) = at("2026-11-24 10:00", "seder night at 7:30");
    assert_eq!(v, "2027-04-21T19:30:00+03:00");
    let (v, _) = at("2026-11-24 10:00", "החתונה שלנו בט״ו באב בשבע בערב");
    assert_eq!(v, "2027-08-18T19:00:00+03:00");
    let (v, e) = at("2026-08-01 10:00", "מה יש לי ביומן בחול המועד סוכות?");
    assert_eq!(v, "2026-09-27T00:00:00+03:00");
    assert_eq!(e.as_deref(), Some("2026-10-03T00:00:00+03:00"));
    let (v, e) = at("2026-11-24 10:00", "anything on during chol hamoed pesach");
    assert_eq!(v, "2027-04-23T00:00:00+03:00");
    assert_eq!(e.as_deref(), Some("2027-04-28T00:00:00+03:00"));
    // "חול המועד" alone is the next festival's: Sukkot's in September, Pesach's in winter
    let (v, e) = at("2026-09-22 13:00", "מה יש לי ביומן בחול המועד?");
    assert_eq!((v.as_str(), e.as_deref()), ("2026-09-27T00:00:00+03:00", Some("2026-10-03T00:00:00+03:00")));
    let (v, e) = at("2027-01-10 10:00", "anything on during chol hamoed?");
    assert_eq!((v.as_str(), e.as_deref()), ("2027-04-23T00:00:00+03:00", Some("2027-04-28T00:00:00+03:00")));
    // the last night of Hanukkah is the eighth candle's, the evening before its last day
    let (v, _) = at("2026-12-01 18:00", "on the last night of chanukah at 7pm");
    assert_eq!(v, "2026-12-11T19:00:00+02:00");
    // a seder plate is not a time
    let tz: Tz = "Asia/Jerusalem".parse().unwrap();
    assert!(parse("buy a seder plate", tz.with_ymd_and_hms(2026, 3, 1, 10, 0, 0).unwrap()).is_none());
}

#[test]
fn a_weekday_after_a_holiday_of_several_days_follows_its_last_day() {
    // Pesach 5787 is 22–28 April 2027; the Sunday after it is 2 May
    let (v, _) = at("2026-11-24 10:00", "ביום ראשון אחרי פסח ב-9 תזכיר לי להחזיר את הכלים");
    assert_eq!(v, "2027-05-02T09:00:00+03:00");
    let (v, _) = at("2026-11-24 10:00", "the sunday after passover at 9");
    assert_eq!(v, "2027-05-02T09:00:00+03:00");
    // and the one before it precedes its first day
    let (v, _) = at("2026-11-24 10:00", "יום שישי שלפני פסח");
    assert_eq!(v, "2027-04-16T00:00:00+03:00");
}

#[test]
fn months_and_hebrew_number_words_before_a_holiday_count_back_from_it() {
    for (now, text, day) in [
        ("2027-01-20 21:00", "תזכיר לי חודש לפני פסח לקנות כרטיסים", "2027-03-22"),
        ("2027-01-20 21:00", "a month before Passover", "2027-03-22"),
        ("2026-06-01 10:00", "חודשיים לפני ראש השנה", "2026-07-12"),
        ("2026-09-10 16:00", "שלושה ימים לפני סוכות", "2026-09-23"),
        ("2026-09-10 16:00", "ארבעה ימים אחרי יום כיפור", "2026-09-25"),
        // counted back from this year's, the day has passed: next year's
        ("2026-09-10 16:00", "two months before Rosh Hashanah", "2027-08-02"),
    ] {
        let (v, e) = at(now, text);
        assert!(v.starts_with(day) && e.is_none(), "{text}: {v} {e:?}");
    }
}

#[test]
fn erev_shabbat_is_friday_and_motzei_shabbat_saturday_evening() {
    for (text, want) in [
        ("תזכיר לי בערב שבת בשתיים להדליק את הפלטה", "2026-09-11T14:00:00+03:00"),
        ("erev shabbat at 2", "2026-09-11T14:00:00+03:00"),
        ("ערב שבת", "2026-09-11T00:00:00+03:00"),
        ("במוצאי שבת בשמונה", "2026-09-12T20:00:00+03:00"),
        ("motzei shabbat at 9", "2026-09-12T21:00:00+03:00"),
        ("במוצאי שבת", "2026-09-12T18:00:00+03:00"),
        // Saturday's evening said with the day first is still Saturday
        ("שבת בערב", "2026-09-12T18:00:00+03:00"),
    ] {
        let (v, _) = at("2026-09-10 16:00", text);
        assert_eq!(v, want, "{text}");
    }
}
