//! Turns a chained expression ([`Acc`]) into instants in the user's timezone.
//!
//! DST: wall-clock times are built with `from_local_datetime` (a time that falls in the spring
//! gap moves forward by the gap, an ambiguous autumn time takes the first occurrence), while
//! "in N minutes/hours" adds exact elapsed seconds to `now`, so crossing a change keeps the
//! elapsed time. The open-ended rules (which 8 is meant, which Friday) are UNDERSTAND.md's.

use chrono::{DateTime, Datelike, Duration, LocalResult, NaiveDate, NaiveTime, TimeZone, Timelike};
use chrono_tz::Tz;

use super::Grain;
use super::calendar::{add_months, is_workday};
use super::grammar::{Acc, Clock, Day, Offset};
use super::lexicon::{Part, Unit};
use crate::understand::{Recurrence, TimeProblem};

pub struct Resolved {
    pub value: DateTime<Tz>,
    pub end: Option<DateTime<Tz>>,
    pub grain: Grain,
    pub recurrence: Option<Recurrence>,
    pub problem: Option<TimeProblem>,
}

impl Resolved {
    fn at(value: DateTime<Tz>, grain: Grain) -> Resolved {
        Resolved { value, end: None, grain, recurrence: None, problem: None }
    }
}

/// A wall-clock time on a date in `tz`, DST-safe.
pub fn local(tz: Tz, d: NaiveDate, t: NaiveTime) -> DateTime<Tz> {
    let ndt = d.and_time(t);
    match tz.from_local_datetime(&ndt) {
        LocalResult::Single(x) => x,
        LocalResult::Ambiguous(a, _) => a,
        LocalResult::None => {
            // in the spring-forward gap: the same wall time one hour later exists
            let later = ndt + Duration::hours(1);
            tz.from_local_datetime(&later).earliest().unwrap_or_else(|| tz.from_utc_datetime(&ndt))
        }
    }
}

/// A clock time on a date: in the user's zone, or in the zone the user named ("8:00 GMT").
fn at(tz: Tz, d: NaiveDate, c: &Clock, h: u32) -> DateTime<Tz> {
    let t = hm(h, c.m, c.s.unwrap_or(0));
    match c.zone.and_then(|z| chrono::FixedOffset::east_opt(z * 60)) {
        Some(off) => {
            off.from_local_datetime(&d.and_time(t)).single().map_or_else(|| local(tz, d, t), |x| x.with_timezone(&tz))
        }
        None => local(tz, d, t),
    }
}

/// Carries am/pm across a range: "3-4pm" is 15:00–17:00, "11-1pm" is 11:00–14:00.
fn share_meridiem(a: &mut Clock, b: &Clock) {
    if let (None, false, Some(pm)) = (a.pm, a.h24, b.pm) {
        a.pm = Some(if a.h % 12 <= b.h % 12 { pm } else { !pm });
    }
}

/// The exclusive end of a clock range: the end time plus one unit of the finer precision of
/// the two ends, as Duckling reports it ("9:30 - 11:00" and "3:30 to 6pm" end at :01).
fn range_end(tz: Tz, start: DateTime<Tz>, a: &Clock, b: &Clock, part: Option<Part>) -> DateTime<Tz> {
    let d = start.date_naive();
    // compare hours on the clock the user named: "9:30 - 11:00 CST" is 11:00 CST, not local
    let a_hour = match a.zone.and_then(|z| chrono::FixedOffset::east_opt(z * 60)) {
        Some(off) => start.with_timezone(&off).hour(),
        None => start.hour(),
    };
    let hb = hour_with(b, part, true).filter(|_| b.h24 || b.pm.is_some() || part.is_some());
    let hb = hb.unwrap_or_else(|| if b.h % 12 > a_hour { b.h % 12 } else { b.h % 12 + 12 });
    let mut end = at(tz, d, b, hb);
    if end < start {
        end += Duration::days(1);
    }
    end + match clock_grain(a).min(clock_grain(b)) {
        Grain::Second => Duration::seconds(1),
        Grain::Minute => Duration::minutes(1),
        _ => Duration::hours(1),
    }
}

fn midnight() -> NaiveTime {
    NaiveTime::MIN
}

fn hm(h: u32, m: u32, s: u32) -> NaiveTime {
    NaiveTime::from_hms_opt(h % 24, m, s).unwrap_or(NaiveTime::MIN)
}

/// An hour 1–12 said with a date and nothing to say which half: 7–11 morning, 12 noon, 1–6
/// afternoon (UNDERSTAND.md's rule).
pub fn dated_hour(h: u32) -> u32 {
    if (1..=6).contains(&h) { h + 12 } else { h }
}

/// The hour a clock means given a part of day, or the fixed rule for dated times.
fn hour_with(c: &Clock, part: Option<Part>, dated: bool) -> Option<u32> {
    let h = c.h;
    if c.h24 {
        return Some(h % 24);
    }
    if let Some(pm) = c.pm {
        return Some(h % 12 + if pm { 12 } else { 0 });
    }
    match part {
        Some(Part::Morning | Part::EarlyMorning) => Some(h % 12),
        Some(Part::Noon) => Some(if (1..=6).contains(&h) { h + 12 } else { h }),
        Some(Part::Afternoon | Part::Evening | Part::AfterLunch | Part::AfterSchool) => {
            Some(if h < 12 { h + 12 } else { h })
        }
        Some(Part::Night | Part::LateNight) => Some(match h {
            12 => 0,
            1..=4 => h,
            _ => h + 12,
        }),
        Some(Part::Midnight) => Some(0),
        None if dated => Some(dated_hour(h)),
        None => None,
    }
}

fn clock_grain(c: &Clock) -> Grain {
    if c.s.is_some() {
        Grain::Second
    } else if c.minutes_given {
        Grain::Minute
    } else {
        Grain::Hour
    }
}

/// (start hour, end hour) of a part of the day; Hebrew mornings start at 04:00 as in Duckling.
fn part_range(p: Part, he: bool) -> (u32, u32) {
    match p {
        Part::Morning if he => (4, 12),
        Part::Morning => (0, 12),
        Part::Noon => (12, 14),
        Part::Afternoon => (12, 19),
        Part::Evening | Part::Night => (18, 24),
        Part::Midnight => (24, 24),
        Part::EarlyMorning => (0, 9),
        Part::LateNight => (21, 24),
        Part::AfterLunch => (13, 17),
        Part::AfterSchool => (15, 21),
    }
}

/// A single instant to stand for a part of the day when a point is needed (recurrences).
pub fn part_point(p: Part) -> u32 {
    match p {
        Part::Morning => 9,
        Part::Noon => 12,
        Part::Afternoon => 15,
        Part::Evening => 18,
        Part::Night => 21,
        Part::Midnight => 0,
        Part::EarlyMorning => 7,
        Part::LateNight => 22,
        Part::AfterLunch => 14,
        Part::AfterSchool => 16,
    }
}

pub fn resolve(acc: &Acc, now: DateTime<Tz>) -> Option<Resolved> {
    if let Some(s) = acc.shift {
        let base = offset(&Acc::default(), s, now).value;
        return resolve(&Acc { shift: None, ..acc.clone() }, base);
    }
    let mut r = resolve_at(acc, now)?;
    if let (Some((n, unit)), None) = (acc.lasting, r.end) {
        r.end = lasting_end(r.value, n, unit);
    }
    Some(r)
}

/// The end of "for N units" after `start`: one unit past the length, as Duckling closes its
/// intervals ("4pm for 30 mins" ends 16:31, "18th Dec for 10 days" on 29 December).
fn lasting_end(start: DateTime<Tz>, amount60: i64, unit: Unit) -> Option<DateTime<Tz>> {
    let whole = amount60 / 60 + 1;
    let secs = |per: i64| Some(start + Duration::seconds(amount60.checked_mul(per)? / 60 + per));
    let on = |d: NaiveDate| Some(local(start.timezone(), d, start.time()));
    match unit {
        Unit::Second => secs(1),
        Unit::Minute => secs(60),
        Unit::Hour => secs(3600),
        Unit::Day => on(start.date_naive() + Duration::days(whole)),
        Unit::Week => on(start.date_naive() + Duration::days(7 * whole)),
        Unit::Month => on(add_months(start.date_naive(), i32::try_from(whole).ok()?)),
        Unit::Quarter => on(add_months(start.date_naive(), i32::try_from(3 * whole).ok()?)),
        Unit::Year => on(add_months(start.date_naive(), i32::try_from(12 * whole).ok()?)),
    }
}

fn resolve_at(acc: &Acc, now: DateTime<Tz>) -> Option<Resolved> {
    if acc.impossible {
        let mut r = Resolved::at(now, Grain::Day);
        r.problem = Some(TimeProblem::Impossible);
        return Some(r);
    }
    if acc.anchor.is_some() {
        return None;
    }
    if acc.now {
        return Some(Resolved::at(now, Grain::Second));
    }
    if let Some(off) = acc.offset {
        return Some(offset(acc, off, now));
    }
    if let Some((rec, wd)) = acc.every {
        return Some(every(acc, rec, wd, now));
    }
    match acc.day {
        Some(day) => dated(acc, day, now),
        None => undated(acc, now),
    }
}

fn offset(acc: &Acc, off: Offset, now: DateTime<Tz>) -> Resolved {
    let tz = now.timezone();
    let today = now.date_naive();
    let (date, time, grain) = match off {
        Offset::Secs(s, u) => {
            let g = if u == Unit::Hour { Grain::Minute } else { Grain::Second };
            return Resolved::at(now + Duration::seconds(s), g);
        }
        Offset::Days(n) => (today + Duration::days(n), hm(now.hour(), 0, 0), Grain::Hour),
        Offset::Weeks(n) => (today + Duration::days(7 * n), midnight(), Grain::Day),
        Offset::Months(n) => (add_months(today, n as i32), midnight(), Grain::Day),
        Offset::Years(n) => {
            let d = NaiveDate::from_ymd_opt(today.year() + n as i32, today.month(), 1).unwrap_or(today);
            (d, midnight(), Grain::Month)
        }
    };
    match acc.clock {
        Some(c) => {
            let h = hour_with(&c, acc.part.map(|p| p.0), true).unwrap_or(c.h);
            Resolved::at(local(tz, date, hm(h, c.m, c.s.unwrap_or(0))), clock_grain(&c))
        }
        None => Resolved::at(local(tz, date, time), grain),
    }
}

fn every(acc: &Acc, rec: Recurrence, wd: Option<u8>, now: DateTime<Tz>) -> Resolved {
    let tz = now.timezone();
    let today = now.date_naive();
    let part = acc.part.map(|p| p.0);
    let (time, grain) = match acc.clock {
        Some(c) => {
            let h = hour_with(&c, part, true).unwrap_or(c.h);
            (hm(h, c.m, c.s.unwrap_or(0)), clock_grain(&c))
        }
        None => match part {
            Some(p) => (hm(part_point(p), 0, 0), Grain::Hour),
            None => (midnight(), Grain::Day),
        },
    };
    let mut d = today;
    if let (Some(wd), Recurrence::Weekly) = (wd, rec) {
        while d.weekday().num_days_from_sunday() != u32::from(wd) {
            d += Duration::days(1);
        }
    }
    if let (Some(Day::Date { d: dom, .. }), Recurrence::Monthly) = (acc.day, rec) {
        d = (0..3)
            .filter_map(|k| {
                let m = add_months(NaiveDate::from_ymd_opt(today.year(), today.month(), 1)?, k);
                NaiveDate::from_ymd_opt(m.year(), m.month(), dom)
            })
            .find(|x| *x >= today)
            .unwrap_or(today);
    }
    // "כל שנה ב-3 במרץ", "every year on March 3": this year's date, or next year's once past
    if let (Some(Day::Date { d: dom, m: Some(mo), .. }), Recurrence::Yearly) = (acc.day, rec) {
        d = NaiveDate::from_ymd_opt(today.year(), mo, dom).unwrap_or(today);
    }
    let step = |x: NaiveDate| match rec {
        Recurrence::Daily | Recurrence::Weekdays => x + Duration::days(1),
        Recurrence::Weekly => x + Duration::days(7),
        Recurrence::Monthly => add_months(x, 1),
        Recurrence::Yearly => add_months(x, 12),
    };
    for _ in 0..16 {
        let ok = rec != Recurrence::Weekdays || is_workday(d, tz);
        if ok && local(tz, d, time) > now {
            break;
        }
        d = step(d);
    }
    let mut r = Resolved::at(local(tz, d, time), grain);
    r.recurrence = Some(rec);
    r
}

fn undated(acc: &Acc, now: DateTime<Tz>) -> Option<Resolved> {
    let tz = now.timezone();
    let today = now.date_naive();
    if let Some(mut c) = acc.clock {
        let part = acc.part;
        if let Some(b) = &acc.clock_end {
            share_meridiem(&mut c, b);
        }
        // "מ-9 עד 12", "from 10 till 2": a span of hours in the day, read as a dated hour is
        // (7–11 morning, 12 noon, 1–6 afternoon), not the next 9 o'clock of either half
        let span = acc.clock_end.is_some_and(|b| b.pm.is_none() && !b.h24);
        let hours: Vec<u32> = match hour_with(&c, part.map(|p| p.0), span) {
            Some(h) => vec![h],
            None => vec![c.h % 12, c.h % 12 + 12],
        };
        let best = if let Some((p, true, _)) = part {
            let x = at(tz, today, &c, hours[0]);
            // "3 in the morning", "this morning at 3" said at 4:30: the next one
            let morning = matches!(p, Part::Morning | Part::EarlyMorning);
            if morning && x <= now { at(tz, today + Duration::days(1), &c, hours[0]) } else { x }
        } else {
            [today, today + Duration::days(1)]
                .iter()
                .flat_map(|d| hours.iter().map(move |h| (*d, *h)))
                .map(|(d, h)| at(tz, d, &c, h))
                .filter(|x| *x > now)
                .min()?
        };
        let mut r = Resolved::at(best, clock_grain(&c));
        r.end = acc.clock_end.map(|b| range_end(tz, best, &c, &b, part.map(|p| p.0)));
        return Some(r);
    }
    let (p, today_flag, he) = acc.part?;
    if !he && !today_flag {
        return None;
    }
    let (s, e) = part_range(p, he);
    let mut day = today;
    if !today_flag && local(tz, today, hm(e.min(23), if e >= 24 { 59 } else { 0 }, 0)) <= now {
        day += Duration::days(1);
    }
    Some(part_interval(tz, day, s, e))
}

fn part_interval(tz: Tz, day: NaiveDate, s: u32, e: u32) -> Resolved {
    let at = |h: u32| {
        if h >= 24 { local(tz, day + Duration::days(1), midnight()) } else { local(tz, day, hm(h, 0, 0)) }
    };
    if s == e {
        return Resolved::at(at(s), Grain::Hour);
    }
    Resolved { value: at(s), end: Some(at(e)), grain: Grain::Hour, recurrence: None, problem: None }
}

fn dated(acc: &Acc, day: Day, now: DateTime<Tz>) -> Option<Resolved> {
    // "בראש השנה ב-11", "on Pesach at 8pm": a holiday of several days with an hour is its first
    // day at that hour, not its whole span
    // (while the holiday is on, its next day at that hour: "light the hanukkah candles at 4:30"
    // said on its third day is today)
    let holiday_at_an_hour = acc.clock.is_some() && matches!(day, Day::Holiday { at: super::jewish::At::On, .. });
    let span = super::ranges::resolve_span(day, now);
    let tz = now.timezone();
    let today = now.date_naive();
    let ongoing = span
        .as_ref()
        .filter(|r| r.value.date_naive() < today && r.end.is_some_and(|e| today < e.date_naive()))
        .is_some();
    if let Some(r) = span.filter(|_| !holiday_at_an_hour) {
        return Some(r);
    }
    let (date, grain) =
        match ongoing.then_some((today, Grain::Day)).or_else(|| super::calendar::day_date(day, today, tz)) {
            Some(x) => x,
            None => {
                let mut r = Resolved::at(now, Grain::Day);
                r.problem = Some(TimeProblem::Impossible);
                return Some(r);
            }
        };
    let month_weekend = matches!(day, Day::NthOf { what: super::within::Counted::Weekend, .. });
    if matches!(day, Day::Weekend(_)) || month_weekend {
        let value = local(tz, date, hm(18, 0, 0));
        let end = local(tz, date + Duration::days(3), midnight());
        return Some(Resolved { value, end: Some(end), grain: Grain::Hour, recurrence: None, problem: None });
    }
    if let Some(mut c) = acc.clock {
        if let Some(b) = &acc.clock_end {
            share_meridiem(&mut c, b);
        }
        let part = acc.part.map(|p| p.0);
        let h = hour_with(&c, part, true).unwrap_or(c.h);
        let value = at(tz, date, &c, h);
        let mut r = Resolved::at(value, clock_grain(&c));
        r.end = acc.clock_end.map(|b| range_end(tz, value, &c, &b, part));
        if value < now && date == today {
            let next = local(tz, today + Duration::days(1), value.time());
            r.problem = Some(TimeProblem::InPast { next: Some(next.fixed_offset()) });
        }
        return Some(r);
    }
    if let Some((p, _, he)) = acc.part {
        let (s, e) = part_range(p, he);
        return Some(part_interval(tz, date, s, e));
    }
    Some(Resolved::at(local(tz, date, midnight()), grain))
}

/// The end of the period a day-or-longer grain names, for windows.
pub fn grain_end(value: DateTime<Tz>, grain: Grain) -> Option<DateTime<Tz>> {
    let tz = value.timezone();
    let d = value.date_naive();
    let end = match grain {
        Grain::Day => d + Duration::days(1),
        Grain::Week => d + Duration::days(7),
        Grain::Month => add_months(d, 1),
        Grain::Year => add_months(d, 12),
        _ => return None,
    };
    Some(local(tz, end, midnight()))
}
