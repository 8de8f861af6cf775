//! The end of a repeat rule, read from the message: "until June" / "עד יוני" (stops before
//! June begins), "until the end of June" / "עד סוף יוני" (includes June), "until the end of the
//! month" / "עד סוף החודש", "10 times" / "10 פעמים". A month already past this year means next
//! year's. Pure: no I/O.

use chrono::{DateTime, Datelike, NaiveDate, Utc};
use chrono_tz::Tz;

use super::repeat::number;
use super::rrule::resolve_local;

pub(super) enum End {
    Until(DateTime<Utc>),
    Count(u32),
}

const EN_MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];
const HE_MONTHS: [&str; 12] =
    ["ינואר", "פברואר", "מרץ", "אפריל", "מאי", "יוני", "יולי", "אוגוסט", "ספטמבר", "אוקטובר", "נובמבר", "דצמבר"];

fn month(k: &str) -> Option<u32> {
    let k = if k == "מרס" { "מרץ" } else { k };
    let i = EN_MONTHS
        .iter()
        .position(|m| *m == k || (k.len() == 3 && m.starts_with(k)))
        .or_else(|| HE_MONTHS.iter().position(|m| *m == k || k.strip_prefix('ל') == Some(m)))?;
    Some(i as u32 + 1)
}

/// "until (the end of) June", "עד (סוף) יוני", "10 times", "10 פעמים": the end and its word count.
pub(super) fn end_at(keys: &[String], i: usize, now: DateTime<Tz>) -> Option<(End, usize)> {
    let k = keys[i].as_str();
    if let (Some(n), Some("times" | "פעמים")) = (number(k), keys.get(i + 1).map(String::as_str)) {
        return Some((End::Count(n), 2));
    }
    if !matches!(k, "until" | "till" | "through" | "עד") {
        return None;
    }
    let mut j = i + 1;
    let mut whole = k == "through";
    let w = |j: usize| keys.get(j).map(String::as_str).unwrap_or("");
    if w(j) == "the" && w(j + 1) == "end" && w(j + 2) == "of" {
        (j, whole) = (j + 3, true);
    } else if w(j) == "end" && w(j + 1) == "of" {
        (j, whole) = (j + 2, true);
    } else if matches!(w(j), "סוף" | "לסוף") {
        (j, whole) = (j + 1, true);
    }
    let tz = now.timezone();
    if matches!(w(j), "החודש") || (w(j) == "the" && w(j + 1) == "month") {
        let first = now.date_naive().with_day(1)?;
        let next = first.checked_add_months(chrono::Months::new(1))?;
        return Some((End::Until(end_of_day_before(tz, next)?), j - i + 1 + usize::from(w(j) == "the")));
    }
    let m = month(w(j))?;
    let mut year = now.year();
    let mut first = NaiveDate::from_ymd_opt(year, m, 1)?;
    let boundary =
        |first: NaiveDate| if whole { first.checked_add_months(chrono::Months::new(1)) } else { Some(first) };
    if boundary(first)? <= now.date_naive() {
        year += 1;
        first = NaiveDate::from_ymd_opt(year, m, 1)?;
    }
    let mut used = j - i + 1;
    if let Some(y) = keys.get(j + 1).and_then(|y| y.parse::<i32>().ok()).filter(|y| (2000..=2200).contains(y)) {
        first = NaiveDate::from_ymd_opt(y, m, 1)?;
        used += 1;
    }
    Some((End::Until(end_of_day_before(tz, boundary(first)?)?), used))
}

/// The last second of the day before `day`, local, as an instant (what UNTIL holds).
fn end_of_day_before(tz: Tz, day: NaiveDate) -> Option<DateTime<Utc>> {
    let last = day.pred_opt()?.and_hms_opt(23, 59, 59)?;
    resolve_local(tz, last)
}
