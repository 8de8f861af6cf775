//! Repeat rules the five simple recurrences cannot say, read from the message: intervals
//! ("every other week", "every 3 days", "כל שבועיים"), several weekdays ("every Sunday and
//! Wednesday", "כל יום ראשון ורביעי"), the nth weekday of the month ("every first Sunday",
//! "יום ראשון הראשון בחודש"), the last day of the month, and an end ("until June", "עד סוף
//! יוני", "10 times", "10 פעמים"). Pure: no I/O.
//!
//! [`detect`] returns the rule and the message with the rule's words taken out; the router
//! reads that shorter message as usual (title, time of day) and then places the first
//! occurrence by the rule. A plain "every day/week/month" with no end is left to the time
//! grammar, so the simple values stay exactly as they were.
//!
//! Ends ("until June", "עד סוף יוני", "10 times") are read by repeat_end.rs.

use chrono::{DateTime, NaiveTime, Timelike, Utc, Weekday};
use chrono_tz::Tz;

use super::repeat_end::{End, end_at};
use super::rrule::{Freq, Rule, Series, resolve_local};
use super::{Recurrence, Step};

/// A rule found in a message, and the message without the rule's words.
#[derive(Debug, Clone, PartialEq)]
pub struct Repeat {
    pub rule: Rule,
    pub rest: String,
    /// the rule's words, taken out of a title that still holds them
    pub words: Vec<String>,
}

/// The RRULE (the part after `RRULE:`) a step's repetition means, for a reminder or a calendar
/// event: the richer rule the message gave (`step.rrule`), else the simple recurrence written
/// as the rule it stands for, anchored at the step's first occurrence `when` (its weekday, its
/// day of the month; "weekdays" are the working days where `tz` is). `None`: the step does not
/// repeat. Calendar events (issue 14) pair it with `DTSTART;TZID=<tz>:<when local>`.
pub fn rrule_for(step: &Step, tz: Tz) -> Option<String> {
    if let Some(rule) = &step.rrule {
        return Some(rule.clone());
    }
    let rec = step.recurrence?;
    let when = step.when?.with_timezone(&tz).naive_local();
    Some(crate::scheduler::recurrence::legacy_series(rec, tz, when).rule.to_string())
}

/// The nearest of the five simple values to a rule, for readers that know only those.
pub fn simple_of(rule: &Rule) -> Recurrence {
    // (the five working days, Monday to Friday or Sunday to Thursday, are "weekdays")
    let days: Vec<Weekday> = rule.by_day.iter().filter(|(n, _)| n.is_none()).map(|(_, d)| *d).collect();
    let workweek =
        |first: Weekday| std::iter::successors(Some(first), |d| Some(d.succ())).take(5).all(|d| days.contains(&d));
    match rule.freq {
        Freq::Daily => Recurrence::Daily,
        Freq::Weekly if rule.interval == 1 && days.len() == 5 && (workweek(Weekday::Mon) || workweek(Weekday::Sun)) => {
            Recurrence::Weekdays
        }
        Freq::Weekly => Recurrence::Weekly,
        Freq::Monthly => Recurrence::Monthly,
        Freq::Yearly => Recurrence::Yearly,
    }
}

/// The first occurrence of `rule` at `time` of day at or after `from` (in `tz`): what a new
/// rule's first reminder is, and the series' start. The rule without its interval finds it,
/// so "every other week on Tuesday" said on a Friday starts next Tuesday, not in 11 days.
pub fn first_occurrence(rule: &Rule, tz: Tz, from: DateTime<Tz>, time: NaiveTime) -> Option<DateTime<Utc>> {
    let mut every = rule.clone();
    every.interval = 1;
    every.count = None;
    // when today's time has passed, a rule that repeats on its start's weekday or day starts
    // tomorrow ("every other week" said on Friday at 10:00 for 09:00 starts on Saturday)
    let today = from.date_naive().and_time(time);
    let passed = resolve_local(tz, today).is_none_or(|t| t < from.to_utc());
    let start = if passed { today + chrono::Days::new(1) } else { today };
    let series = Series { tz, start, rule: every };
    let from = from.to_utc();
    series.occurrences(from).find(|at| *at >= from).filter(|at| rule.until.is_none_or(|u| *at <= u))
}

/// Finds a repeat rule in `text`; `None` when there is none, or only a simple one.
pub fn detect(text: &str, now: DateTime<Tz>) -> Option<Repeat> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let keys: Vec<String> = words.iter().map(|w| key(w)).collect();
    let mut used = vec![false; words.len()];
    let mut rule: Option<Rule> = None;
    for i in 0..keys.len() {
        if let Some((r, end)) = every_at(&keys, i).or_else(|| nth_at(&keys, i)) {
            used[i..end].iter_mut().for_each(|u| *u = true);
            rule = Some(r);
            break;
        }
    }
    let mut end_found = false;
    for i in 0..keys.len() {
        if used[i] {
            continue;
        }
        if let Some((end, n)) = end_at(&keys, i, now) {
            let Some(r) = rule.as_mut() else { break };
            match end {
                End::Until(u) => r.until = Some(u),
                End::Count(c) => r.count = Some(c),
            }
            used[i..i + n].iter_mut().for_each(|u| *u = true);
            end_found = true;
        }
    }
    // "every day until June" needs the rule for its end; "every day" alone does not
    let rule = rule.filter(|r| end_found || !is_simple(r))?;
    let rest: Vec<&str> = words.iter().zip(&used).filter(|(_, u)| !**u).map(|(w, _)| *w).collect();
    let taken = words.iter().zip(&used).filter(|(_, u)| **u).map(|(w, _)| w.to_string()).collect();
    Some(Repeat { rule, rest: rest.join(" "), words: taken })
}

/// What the five simple values already say (and the time grammar reads).
fn is_simple(r: &Rule) -> bool {
    r.interval == 1
        && r.by_set_pos.is_empty()
        && r.by_month_day.is_empty()
        && r.by_day.len() <= 1
        && r.by_day.iter().all(|(n, _)| n.is_none())
}

/// A word compared without case, punctuation or a leading "-".
fn key(w: &str) -> String {
    w.trim_matches(|c: char| c.is_ascii_punctuation() && c != '\'' || c == '״' || c == '׳').to_lowercase()
}

const EN_DAYS: &[(&str, Weekday)] = &[
    ("sunday", Weekday::Sun),
    ("monday", Weekday::Mon),
    ("tuesday", Weekday::Tue),
    ("wednesday", Weekday::Wed),
    ("thursday", Weekday::Thu),
    ("friday", Weekday::Fri),
    ("saturday", Weekday::Sat),
];
const HE_DAYS: &[(&str, Weekday)] = &[
    ("ראשון", Weekday::Sun),
    ("שני", Weekday::Mon),
    ("שלישי", Weekday::Tue),
    ("רביעי", Weekday::Wed),
    ("חמישי", Weekday::Thu),
    ("שישי", Weekday::Fri),
    ("שבת", Weekday::Sat),
];

/// "sunday", "sundays", "sun", "ראשון", "ורביעי", "ביום"-less Hebrew names.
fn weekday(k: &str) -> Option<Weekday> {
    let en = k.strip_suffix('s').filter(|s| s.ends_with("day")).unwrap_or(k);
    if let Some((_, d)) = EN_DAYS.iter().find(|(n, _)| *n == en || (en.len() == 3 && n.starts_with(en))) {
        return Some(*d);
    }
    let he = k.strip_prefix('ו').filter(|s| HE_DAYS.iter().any(|(n, _)| n == s)).unwrap_or(k);
    HE_DAYS.iter().find(|(n, _)| *n == he).map(|(_, d)| *d)
}

/// A list of weekdays from `i` ("sunday and wednesday", "ראשון ורביעי", "monday, wednesday,
/// friday"); their days and the index after the list.
fn weekdays_at(keys: &[String], mut i: usize) -> (Vec<Weekday>, usize) {
    let mut days = Vec::new();
    while i < keys.len() {
        let k = keys[i].as_str();
        let k = if days.is_empty() { k.strip_prefix("ב").filter(|s| weekday(s).is_some()).unwrap_or(k) } else { k };
        if let Some(d) = weekday(k) {
            days.push(d);
            i += 1;
            // "ראשון עד חמישי", "monday to friday", "mon-fri": a run of days, every day of it
            if keys
                .get(i)
                .is_some_and(|t| matches!(t.as_str(), "עד" | "to" | "through" | "thru" | "till" | "until" | "-"))
                && let Some(last) = keys.get(i + 1).and_then(|n| weekday(n.strip_prefix("יום").unwrap_or(n)))
            {
                let mut next = d.succ();
                while next != last && days.len() < 7 {
                    days.push(next);
                    next = next.succ();
                }
                days.push(last);
                i += 2;
            }
        } else if keys.get(i + 1).is_some_and(|n| weekday(n).is_some())
            && ((!days.is_empty() && matches!(k, "and" | "&" | "," | "ו"))
                || matches!(k, "יום" | "ימי" | "ביום" | "בימי" | "on"))
        {
            // a joining word, or "יום"/"on" before the next day name
            i += 1;
        } else {
            break;
        }
    }
    (days, i)
}

pub(super) fn number(k: &str) -> Option<u32> {
    if let Ok(n) = k.parse::<u32>() {
        return Some(n);
    }
    const WORDS: &[(&[&str], u32)] = &[
        (&["two", "שתי", "שני", "שניים", "שתיים"], 2),
        (&["three", "שלושה", "שלוש"], 3),
        (&["four", "ארבעה", "ארבע"], 4),
        (&["five", "חמישה", "חמש"], 5),
        (&["six", "שישה", "שש"], 6),
        (&["seven", "שבעה", "שבע"], 7),
        (&["eight", "שמונה"], 8),
        (&["nine", "תשעה", "תשע"], 9),
        (&["ten", "עשרה", "עשר"], 10),
    ];
    WORDS.iter().find(|(ws, _)| ws.contains(&k)).map(|(_, n)| *n)
}

fn unit(k: &str) -> Option<(Freq, u32)> {
    Some(match k {
        "day" | "days" | "יום" | "ימים" => (Freq::Daily, 1),
        "week" | "weeks" | "שבוע" | "שבועות" => (Freq::Weekly, 1),
        "month" | "months" | "חודש" | "חודשים" => (Freq::Monthly, 1),
        "year" | "years" | "שנה" | "שנים" => (Freq::Yearly, 1),
        "יומיים" => (Freq::Daily, 2),
        "שבועיים" => (Freq::Weekly, 2),
        "חודשיים" => (Freq::Monthly, 2),
        "שנתיים" => (Freq::Yearly, 2),
        _ => return None,
    })
}

fn ordinal(k: &str) -> Option<i8> {
    Some(match k {
        "first" | "1st" | "הראשון" => 1,
        "second" | "2nd" | "השני" => 2,
        "third" | "3rd" | "השלישי" => 3,
        "fourth" | "4th" | "הרביעי" => 4,
        "last" | "האחרון" => -1,
        _ => return None,
    })
}

/// "of the month", "of every month", "בחודש", "של החודש", "של כל חודש", "לחודש": how many words.
fn of_month(keys: &[String], i: usize) -> usize {
    let k = |j: usize| keys.get(i + j).map(String::as_str).unwrap_or("");
    match (k(0), k(1), k(2)) {
        ("of" | "in", "the" | "every" | "each", "month") => 3,
        ("of" | "in", "month", _) | ("של", "החודש", _) => 2,
        ("של", "כל", "חודש") => 3,
        ("בחודש" | "לחודש", _, _) => 1,
        _ => 0,
    }
}

/// "every …" / "כל …" at `i`: the rule and the index after its words.
fn every_at(keys: &[String], i: usize) -> Option<(Rule, usize)> {
    let (every_en, every_he) = (keys[i] == "every", matches!(keys[i].as_str(), "כל" | "בכל" | "ובכל" | "לכל"));
    if keys[i] == "biweekly" || keys[i] == "fortnightly" {
        let mut r = Rule::new(Freq::Weekly);
        r.interval = 2;
        return Some(with_days(r, keys, i + 1));
    }
    if !every_en && !every_he {
        return None;
    }
    let j = i + 1;
    let k = keys.get(j)?.as_str();
    if k == "other" {
        if let Some((freq, _)) = keys.get(j + 1).and_then(|u| unit(u)) {
            let mut r = Rule::new(freq);
            r.interval = 2;
            return Some(with_days(r, keys, j + 2));
        }
        let (days, end) = weekdays_at(keys, j + 1);
        let mut r = Rule::new(Freq::Weekly);
        r.interval = 2;
        r.by_day = days.into_iter().map(|d| (None, d)).collect();
        return (!r.by_day.is_empty()).then_some((r, end));
    }
    // "כל שני ורביעי": "שני" is Monday unless a unit follows it
    if let Some(n) = number(k).filter(|n| (1..=400).contains(n))
        && let Some((freq, _)) = keys.get(j + 1).and_then(|u| unit(u))
    {
        let mut r = Rule::new(freq);
        r.interval = n;
        return Some(with_days(r, keys, j + 2));
    }
    if let Some(n) = ordinal(k) {
        return nth_rule(keys, j + 1, n);
    }
    if let Some((freq, interval)) = unit(k) {
        // "כל יום ראשון ורביעי": the day word opens a weekday list
        let (days, end) = weekdays_at(keys, j + 1);
        if freq == Freq::Daily && interval == 1 && !days.is_empty() {
            return Some(weekly_or_nth(keys, days, end));
        }
        let mut r = Rule::new(freq);
        r.interval = interval;
        return Some(with_days(r, keys, j + 1));
    }
    let (days, end) = weekdays_at(keys, j);
    (!days.is_empty()).then(|| weekly_or_nth(keys, days, end))
}

/// Weekdays, then maybe "הראשון בחודש" (the first of the month).
fn weekly_or_nth(keys: &[String], days: Vec<Weekday>, end: usize) -> (Rule, usize) {
    if let (Some(n), [d]) = (keys.get(end).and_then(|k| ordinal(k)), days.as_slice()) {
        let m = of_month(keys, end + 1);
        if m > 0 {
            let mut r = Rule::new(Freq::Monthly);
            r.by_day = vec![(Some(n), *d)];
            return (r, end + 1 + m);
        }
    }
    let mut r = Rule::new(Freq::Weekly);
    r.by_day = days.into_iter().map(|d| (None, d)).collect();
    (r, end)
}

/// After a unit: "on tuesday" / "ביום שלישי" names the weekdays of a weekly rule.
fn with_days(mut r: Rule, keys: &[String], end: usize) -> (Rule, usize) {
    if r.freq != Freq::Weekly {
        return (r, end);
    }
    let (days, after) = weekdays_at(keys, end);
    if days.is_empty() {
        return (r, end);
    }
    r.by_day = days.into_iter().map(|d| (None, d)).collect();
    (r, after)
}

/// After an ordinal: "sunday (of the month)" or "day of the month".
fn nth_rule(keys: &[String], j: usize, n: i8) -> Option<(Rule, usize)> {
    let k = keys.get(j)?.as_str();
    let mut r = Rule::new(Freq::Monthly);
    if matches!(k, "day" | "יום") {
        r.by_month_day = vec![n];
        return Some((r, j + 1 + of_month(keys, j + 1)));
    }
    let d = weekday(k)?;
    r.by_day = vec![(Some(n), d)];
    Some((r, j + 1 + of_month(keys, j + 1)))
}

/// Without "every": "the last day of the month", "ביום האחרון של החודש", "ביום ראשון הראשון
/// בחודש", "on the first sunday of every month".
fn nth_at(keys: &[String], i: usize) -> Option<(Rule, usize)> {
    let k = keys[i].as_str();
    let skip = usize::from(matches!(k, "on" | "the" | "ביום" | "היום" | "יום"));
    let j = i + skip + usize::from(k == "on" && keys.get(i + 1).is_some_and(|n| n == "the"));
    let first = keys.get(j)?.as_str();
    // "ביום האחרון של החודש"
    if let Some(n) = ordinal(first).filter(|_| matches!(k, "ביום" | "היום" | "יום")) {
        let m = of_month(keys, j + 1);
        return (m > 0).then(|| {
            let mut r = Rule::new(Freq::Monthly);
            r.by_month_day = vec![n];
            (r, j + 1 + m)
        });
    }
    if let Some(n) = ordinal(first) {
        let (r, end) = nth_rule(keys, j + 1, n)?;
        return (end > j + 2).then_some((r, end));
    }
    // "ביום ראשון הראשון בחודש"
    let (days, end) = weekdays_at(keys, j);
    if days.len() == 1 && keys.get(end).and_then(|k| ordinal(k)).is_some() && of_month(keys, end + 1) > 0 {
        return Some(weekly_or_nth(keys, days, end));
    }
    None
}

/// Puts the rule on the message's reminder or event step: its RRULE, its nearest simple value,
/// and its first occurrence at the time of day the message gave (09:00 when it gave none; an
/// hour 1-6 without a morning word is afternoon, as with a date). `false` when the message has
/// no such step. The steps were read as of the day's start (route.rs).
pub fn apply(steps: &mut [Step], rep: &Repeat, now: DateTime<Tz>, text: &str) -> bool {
    use super::{Action, Resolver};
    let Some(step) = steps
        .iter_mut()
        .find(|s| matches!(s.resolver, Resolver::Task | Resolver::Calendar) && matches!(s.action, Action::Create))
    else {
        return false;
    };
    let tz = now.timezone();
    let lower = text.to_lowercase();
    let said = |ws: &[&str]| ws.iter().any(|w| lower.contains(w));
    let said_midnight = said(&["midnight", "00:00", "חצות"]);
    let morning = said(&["am", "a.m", "morning", "בבוקר", "לפנות בוקר", "night", "בלילה"]);
    // (waking up at 5 or 6 is in the morning; "wake me at 2" is a nap's end)
    let waking =
        text.split(|c: char| !c.is_alphanumeric()).any(|w| super::route::WAKING.contains(&w.to_lowercase().as_str()));
    let mut time = step
        .when
        .map(|w| w.with_timezone(&tz).time())
        .filter(|t| *t != NaiveTime::MIN || said_midnight)
        .unwrap_or(NaiveTime::from_hms_opt(9, 0, 0).unwrap_or(NaiveTime::MIN));
    if (1..=6).contains(&time.hour()) && !morning && !(waking && time.hour() >= 5) {
        time += chrono::Duration::hours(12);
    }
    let today = now.date_naive();
    let from = match step.when.map(|w| w.with_timezone(&tz).date_naive()) {
        // a later start the message gave ("from next month") anchors the series
        Some(d) if d > today => d.and_time(NaiveTime::MIN).and_local_timezone(tz).earliest().unwrap_or(now),
        _ => now,
    };
    let Some(first) = first_occurrence(&rep.rule, tz, from, time) else {
        return false;
    };
    if let Some(title) = &step.title {
        let mut left = rep.words.clone();
        let kept: Vec<&str> = title
            .split_whitespace()
            .filter(|w| match left.iter().position(|x| x == w) {
                Some(i) => {
                    left.remove(i);
                    false
                }
                None => true,
            })
            .collect();
        step.title = Some(kept.join(" ")).filter(|t| !t.is_empty());
    }
    step.when = Some(first.with_timezone(&tz).fixed_offset());
    step.recurrence = Some(simple_of(&rep.rule));
    step.rrule = Some(rep.rule.to_string());
    step.time_problem = None;
    step.confidence = step.confidence.max(0.8);
    true
}
