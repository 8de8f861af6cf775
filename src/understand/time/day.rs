//! The day references a time expression can name ([`Day`]), as the matchers read them and
//! before calendar.rs and ranges.rs resolve them against `now`.

use super::lexicon::Unit;

/// A day reference before it is resolved against `now`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Day {
    Rel(i64),
    /// rel: None = the next one after today, 0 = this, 1 = next week's, -1 = last, 2 = after next
    Weekday {
        wd: u8,
        rel: Option<i8>,
    },
    WeekdayOfWeek {
        wd: u8,
        week_rel: i8,
    },
    Date {
        d: u32,
        m: Option<u32>,
        y: Option<i32>,
        wd: Option<u8>,
    },
    MonthOf {
        m: u32,
        y: Option<i32>,
        rel: Option<i8>,
    },
    NthWeekday {
        n: i8,
        wd: u8,
        m: u32,
        y: Option<i32>,
    },
    Period {
        unit: Unit,
        rel: i32,
    },
    Weekend(i8),
    Year(i32),
    /// "next 3 days" (an interval), or with `point` "upcoming 2 days" (a day)
    Span {
        unit: Unit,
        n: i32,
        rel: i8,
        point: bool,
    },
    /// beginning/end of this/next/last week or month
    Edge {
        end: bool,
        unit: Unit,
        rel: i8,
    },
    /// "end of April", "early March"; `end` None = the middle third ("mid March")
    EdgeMonth {
        end: Option<bool>,
        m: u32,
    },
    EdgeYear {
        end: bool,
        y: Option<i32>,
    },
    /// "3 fridays from now" (n > 0), "2 thursdays ago" (n < 0)
    WeekdayCount {
        wd: u8,
        n: i32,
    },
    /// "first monday of this month", "second monday of last month"
    NthWeekdayRel {
        n: i8,
        wd: u8,
        rel: i8,
    },
    /// "20th of next month"
    DomRel {
        d: u32,
        rel: i8,
    },
    QuarterOf {
        q: u32,
        y: Option<i32>,
    },
    Holiday {
        h: u8,
        y: Option<i32>,
        rel: Option<i8>,
        at: super::jewish::At,
    },
    /// spring = 0 .. winter = 3, or `seasons::ANY`; `y` the year it starts in
    Season {
        s: u8,
        rel: i8,
        y: Option<i32>,
    },
    /// "fifth last day of May", "first week of October 2014"; n < 0 counts from the end
    NthOf {
        n: i32,
        what: super::within::Counted,
        m: Option<u32>,
        y: Option<i32>,
    },
    /// "all week" (all), "rest of the week"
    RestOfWeek {
        all: bool,
    },
    /// "the second closest Monday to Oct 5th": the `n`th weekday `wd` nearest day `d` of `m`
    Closest {
        n: u8,
        wd: u8,
        d: u32,
        m: u32,
        y: Option<i32>,
    },
    /// "July 13-15": both days inclusive
    DateRange {
        d1: u32,
        d2: u32,
        m: u32,
        y: Option<i32>,
    },
}
