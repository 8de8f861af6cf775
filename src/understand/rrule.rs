//! RFC 5545 recurrence rules, expanded on local dates in an IANA zone.
//!
//! A recurring reminder is stored as the two lines an iCalendar event carries:
//! `DTSTART;TZID=Asia/Jerusalem:20260131T080000` and `RRULE:FREQ=MONTHLY;...` ([`Series`]).
//! Occurrences are computed on *local* dates and only then turned into instants, so the wall
//! clock is kept across DST changes, and moving the series to another zone (the user's new
//! timezone) keeps 08:00 at 08:00 there. Each occurrence is computed from DTSTART, never from
//! the previous occurrence, which is what keeps "the 31st" from becoming "the 28th" for good.
//!
//! Supported: FREQ (DAILY, WEEKLY, MONTHLY, YEARLY), INTERVAL, BYDAY (with an ordinal such as
//! `1SU` or `-1FR` in MONTHLY/YEARLY), BYMONTHDAY (negative counts from the month's end),
//! BYMONTH, BYSETPOS, UNTIL (UTC), COUNT, WKST. Not supported (the rule is refused rather than
//! misread): BYHOUR/BYMINUTE/BYSECOND, BYYEARDAY, BYWEEKNO, sub-daily frequencies. The time of
//! day is always DTSTART's. Own expansion rather than the `rrule` crate: the crate expands in
//! fixed offsets in places (its open DST issues), and the subset Ozer writes is small.

use chrono::{DateTime, Datelike, Days, Months, NaiveDate, NaiveDateTime, TimeZone, Utc, Weekday};
use chrono_tz::Tz;

/// A local date and time as an instant; a time inside a spring-forward gap moves one hour on,
/// and an ambiguous fall-back time takes its first occurrence.
pub fn resolve_local(tz: Tz, local: NaiveDateTime) -> Option<DateTime<Utc>> {
    tz.from_local_datetime(&local)
        .earliest()
        .or_else(|| tz.from_local_datetime(&(local + chrono::Duration::hours(1))).earliest())
        .map(|t| t.with_timezone(&Utc))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Freq {
    Daily,
    Weekly,
    Monthly,
    Yearly,
}

/// One RRULE (the part after `RRULE:`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    pub freq: Freq,
    pub interval: u32,
    /// weekday, with an ordinal in the month/year (`1SU` = (Some(1), Sun), `-1FR` = last Friday)
    pub by_day: Vec<(Option<i8>, Weekday)>,
    pub by_month_day: Vec<i8>,
    pub by_month: Vec<u32>,
    pub by_set_pos: Vec<i32>,
    pub until: Option<DateTime<Utc>>,
    pub count: Option<u32>,
    pub wkst: Weekday,
}

impl Rule {
    pub fn new(freq: Freq) -> Rule {
        Rule {
            freq,
            interval: 1,
            by_day: Vec::new(),
            by_month_day: Vec::new(),
            by_month: Vec::new(),
            by_set_pos: Vec::new(),
            until: None,
            count: None,
            wkst: Weekday::Mon,
        }
    }

    /// Parses `FREQ=WEEKLY;INTERVAL=2;BYDAY=TU` (with or without the `RRULE:` prefix).
    pub fn parse(s: &str) -> Option<Rule> {
        let s = s.trim().strip_prefix("RRULE:").unwrap_or(s.trim());
        let mut rule: Option<Rule> = None;
        let mut parts = Vec::new();
        for part in s.split(';').filter(|p| !p.is_empty()) {
            let (k, v) = part.split_once('=')?;
            if k == "FREQ" {
                rule = Some(Rule::new(match v {
                    "DAILY" => Freq::Daily,
                    "WEEKLY" => Freq::Weekly,
                    "MONTHLY" => Freq::Monthly,
                    "YEARLY" => Freq::Yearly,
                    _ => return None,
                }));
            } else {
                parts.push((k, v));
            }
        }
        let mut rule = rule?;
        for (k, v) in parts {
            match k {
                "INTERVAL" => rule.interval = v.parse().ok().filter(|n| *n > 0)?,
                "BYDAY" => rule.by_day = v.split(',').map(parse_day).collect::<Option<_>>()?,
                "BYMONTHDAY" => {
                    rule.by_month_day = v
                        .split(',')
                        .map(|d| d.parse().ok().filter(|d: &i8| *d != 0 && d.abs() <= 31))
                        .collect::<Option<_>>()?
                }
                "BYMONTH" => {
                    rule.by_month =
                        v.split(',').map(|m| m.parse().ok().filter(|m| (1..=12).contains(m))).collect::<Option<_>>()?
                }
                "BYSETPOS" => {
                    rule.by_set_pos =
                        v.split(',').map(|p| p.parse().ok().filter(|p: &i32| *p != 0)).collect::<Option<_>>()?
                }
                "UNTIL" => rule.until = Some(parse_until(v)?),
                "COUNT" => rule.count = Some(v.parse().ok()?),
                "WKST" => rule.wkst = weekday_of(v)?,
                _ => return None,
            }
        }
        Some(rule)
    }
}

impl std::fmt::Display for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let freq = match self.freq {
            Freq::Daily => "DAILY",
            Freq::Weekly => "WEEKLY",
            Freq::Monthly => "MONTHLY",
            Freq::Yearly => "YEARLY",
        };
        write!(f, "FREQ={freq}")?;
        if self.interval > 1 {
            write!(f, ";INTERVAL={}", self.interval)?;
        }
        if self.wkst != Weekday::Mon {
            write!(f, ";WKST={}", day_code(self.wkst))?;
        }
        if !self.by_month.is_empty() {
            write!(f, ";BYMONTH={}", join(&self.by_month))?;
        }
        if !self.by_month_day.is_empty() {
            write!(f, ";BYMONTHDAY={}", join(&self.by_month_day))?;
        }
        if !self.by_day.is_empty() {
            let days: Vec<String> = self
                .by_day
                .iter()
                .map(|(n, d)| format!("{}{}", n.map(|n| n.to_string()).unwrap_or_default(), day_code(*d)))
                .collect();
            write!(f, ";BYDAY={}", days.join(","))?;
        }
        if !self.by_set_pos.is_empty() {
            write!(f, ";BYSETPOS={}", join(&self.by_set_pos))?;
        }
        if let Some(until) = self.until {
            write!(f, ";UNTIL={}", until.format("%Y%m%dT%H%M%SZ"))?;
        }
        if let Some(count) = self.count {
            write!(f, ";COUNT={count}")?;
        }
        Ok(())
    }
}

fn join<T: ToString>(v: &[T]) -> String {
    v.iter().map(T::to_string).collect::<Vec<_>>().join(",")
}

pub fn day_code(d: Weekday) -> &'static str {
    ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][d.num_days_from_monday() as usize]
}

fn weekday_of(code: &str) -> Option<Weekday> {
    let i = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"].iter().position(|c| *c == code)?;
    Weekday::try_from(i as u8).ok()
}

fn parse_day(s: &str) -> Option<(Option<i8>, Weekday)> {
    let split = s.len().checked_sub(2)?;
    let (n, code) = s.split_at(split);
    let n = if n.is_empty() { None } else { Some(n.trim_start_matches('+').parse().ok().filter(|n: &i8| *n != 0)?) };
    Some((n, weekday_of(code)?))
}

fn parse_until(v: &str) -> Option<DateTime<Utc>> {
    if let Ok(t) = NaiveDateTime::parse_from_str(v, "%Y%m%dT%H%M%SZ") {
        return Some(t.and_utc());
    }
    // A date-only UNTIL includes that whole day.
    NaiveDate::parse_from_str(v, "%Y%m%d").ok()?.and_hms_opt(23, 59, 59).map(|t| t.and_utc())
}

/// A rule anchored at a local start in a zone: what a recurring task stores.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Series {
    pub tz: Tz,
    /// DTSTART as a local wall-clock date and time in `tz`
    pub start: NaiveDateTime,
    pub rule: Rule,
}

impl Series {
    /// Reads the stored two-line form (`DTSTART;TZID=…:YYYYMMDDTHHMMSS` and `RRULE:…`).
    pub fn parse(s: &str) -> Option<Series> {
        let mut lines = s.lines().map(str::trim).filter(|l| !l.is_empty());
        let dtstart = lines.next()?.strip_prefix("DTSTART;TZID=")?;
        let (tz, start) = dtstart.split_once(':')?;
        let rule = Rule::parse(lines.next()?)?;
        Some(Series { tz: tz.parse().ok()?, start: NaiveDateTime::parse_from_str(start, "%Y%m%dT%H%M%S").ok()?, rule })
    }

    /// The same wall-clock series in another zone: after "my timezone is London", 08:00 stays
    /// 08:00 there.
    pub fn in_zone(&self, tz: Tz) -> Series {
        Series { tz, ..self.clone() }
    }

    /// The first occurrence strictly after `after`, or `None` when the series has ended.
    pub fn next_after(&self, after: DateTime<Utc>) -> Option<DateTime<Utc>> {
        self.occurrences(after).find(|at| *at > after)
    }

    /// Occurrences in order (from around `from` when the rule has no COUNT, since skipping
    /// whole periods then changes nothing).
    pub fn occurrences(&self, from: DateTime<Utc>) -> impl Iterator<Item = DateTime<Utc>> + '_ {
        let first_period = if self.rule.count.is_none() { self.periods_before(from) } else { 0 };
        let mut emitted: u32 = 0;
        (first_period..first_period + 20_000)
            .flat_map(move |k| self.period_dates(k))
            .filter(move |d| *d >= self.start.date())
            .filter_map(move |d| resolve_local(self.tz, d.and_time(self.start.time())))
            .take_while(move |at| {
                emitted += 1;
                self.rule.until.is_none_or(|u| *at <= u) && self.rule.count.is_none_or(|c| emitted <= c)
            })
    }

    /// Whole periods (of INTERVAL units) between DTSTART and a day before `from`.
    fn periods_before(&self, from: DateTime<Utc>) -> u32 {
        let from = from.with_timezone(&self.tz).date_naive() - Days::new(1);
        let start = self.start.date();
        if from <= start {
            return 0;
        }
        let units = match self.rule.freq {
            Freq::Daily => (from - start).num_days(),
            Freq::Weekly => (from - start).num_days() / 7 - 1,
            Freq::Monthly => months_between(start, from) - 1,
            Freq::Yearly => i64::from(from.year() - start.year()) - 1,
        };
        u32::try_from(units.max(0) / i64::from(self.rule.interval)).unwrap_or(0)
    }

    /// The candidate local dates of the `k`-th period, sorted, after BYSETPOS.
    fn period_dates(&self, k: u32) -> Vec<NaiveDate> {
        let r = &self.rule;
        let start = self.start.date();
        let step = k.saturating_mul(r.interval);
        let mut dates: Vec<NaiveDate> = match r.freq {
            Freq::Daily => start
                .checked_add_days(Days::new(u64::from(step)))
                .into_iter()
                .filter(|d| self.day_matches(*d))
                .collect(),
            Freq::Weekly => {
                let back = (7 + start.weekday().num_days_from_monday() - r.wkst.num_days_from_monday()) % 7;
                let week = start - Days::new(u64::from(back)) + Days::new(7 * u64::from(step));
                let wanted: Vec<Weekday> = if r.by_day.is_empty() {
                    vec![start.weekday()]
                } else {
                    r.by_day.iter().map(|(_, d)| *d).collect()
                };
                (0..7u64)
                    .map(|i| week + Days::new(i))
                    .filter(|d| wanted.contains(&d.weekday()))
                    .filter(|d| r.by_month.is_empty() || r.by_month.contains(&d.month()))
                    .collect()
            }
            Freq::Monthly => {
                let Some(first) = start.with_day(1).and_then(|f| f.checked_add_months(Months::new(step))) else {
                    return Vec::new();
                };
                if r.by_month.is_empty() || r.by_month.contains(&first.month()) {
                    self.month_dates(first)
                } else {
                    Vec::new()
                }
            }
            Freq::Yearly => {
                let year = start.year() + i32::try_from(step).unwrap_or(i32::MAX / 2);
                let months = if r.by_month.is_empty() { vec![start.month()] } else { r.by_month.clone() };
                months
                    .iter()
                    .filter_map(|m| NaiveDate::from_ymd_opt(year, *m, 1))
                    .flat_map(|f| self.month_dates(f))
                    .collect()
            }
        };
        dates.sort();
        dates.dedup();
        if r.by_set_pos.is_empty() {
            return dates;
        }
        let n = dates.len() as i32;
        r.by_set_pos
            .iter()
            .filter_map(|p| {
                let i = if *p > 0 { p - 1 } else { n + p };
                usize::try_from(i).ok().and_then(|i| dates.get(i).copied())
            })
            .collect()
    }

    fn day_matches(&self, d: NaiveDate) -> bool {
        let r = &self.rule;
        (r.by_day.is_empty() || r.by_day.iter().any(|(_, w)| *w == d.weekday()))
            && (r.by_month.is_empty() || r.by_month.contains(&d.month()))
            && (r.by_month_day.is_empty()
                || r.by_month_day.iter().any(|md| month_day(d.with_day(1).unwrap_or(d), *md) == Some(d)))
    }

    /// The dates of one month the rule picks (`first` is the month's first day).
    fn month_dates(&self, first: NaiveDate) -> Vec<NaiveDate> {
        let r = &self.rule;
        let by_month_day: Vec<NaiveDate> = r.by_month_day.iter().filter_map(|md| month_day(first, *md)).collect();
        if r.by_day.is_empty() {
            if r.by_month_day.is_empty() {
                // RFC 5545: no BY part means DTSTART's day; a month without it is skipped.
                return first.with_day(self.start.day()).into_iter().collect();
            }
            return by_month_day;
        }
        let days_in: Vec<NaiveDate> = first.iter_days().take_while(|d| d.month() == first.month()).collect();
        let mut out = Vec::new();
        for (n, wd) in &r.by_day {
            let same: Vec<NaiveDate> = days_in.iter().copied().filter(|d| d.weekday() == *wd).collect();
            match n {
                None => out.extend(same),
                Some(n) => {
                    let i = if *n > 0 { i32::from(*n) - 1 } else { same.len() as i32 + i32::from(*n) };
                    out.extend(usize::try_from(i).ok().and_then(|i| same.get(i).copied()));
                }
            }
        }
        if !r.by_month_day.is_empty() {
            out.retain(|d| by_month_day.contains(d));
        }
        out
    }
}

impl std::fmt::Display for Series {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "DTSTART;TZID={}:{}\nRRULE:{}", self.tz.name(), self.start.format("%Y%m%dT%H%M%S"), self.rule)
    }
}

/// Day `md` of the month starting at `first` (negative: from the end); `None` if it has none.
fn month_day(first: NaiveDate, md: i8) -> Option<NaiveDate> {
    if md > 0 {
        return first.with_day(u32::try_from(md).ok()?);
    }
    let last = first.checked_add_months(Months::new(1))? - Days::new(1);
    let back = u64::try_from(-i64::from(md) - 1).ok()?;
    let d = last.checked_sub_days(Days::new(back))?;
    (d.month() == first.month()).then_some(d)
}

fn months_between(a: NaiveDate, b: NaiveDate) -> i64 {
    i64::from(b.year() - a.year()) * 12 + i64::from(b.month()) - i64::from(a.month())
}

/// "On the `day`th" as users mean it: the 29th–31st fall on the last day of a shorter month
/// (February's 28th or 29th), not skipped as a bare `BYMONTHDAY=31` would be under RFC 5545.
/// Written in plain RFC terms, so any calendar reads it the same: `BYMONTHDAY=28,29,30,31;
/// BYSETPOS=-1` is "the last of those days the month has".
pub fn on_month_day(rule: &mut Rule, day: u32) {
    if day <= 28 {
        rule.by_month_day = vec![day as i8];
    } else {
        rule.by_month_day = (28..=day as i8).collect();
        rule.by_set_pos = vec![-1];
    }
}
